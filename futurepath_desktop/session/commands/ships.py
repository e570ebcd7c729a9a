"""Commands on the ships of a session and their crews (R41), and on its Battle Damage
Chart (R46) and space house rules. Every one of them is undoable and lands in the log."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.commands.roster import refuse_taken
from futurepath_desktop.session.commands.space_log import space_log
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.guard import plain_problem
from futurepath_desktop.session.space_round import (
    put_ship,
)
from futurepath_desktop.session.space_rules import (
    chart_of,
)
from futurepath_desktop.session.state import (
    ChartRow,
    CrewSlot,
    PositionName,
    Session,
    Ship,
)


def _validated_ship(ship: Ship) -> Ship:
    try:
        return msgspec.convert(msgspec.to_builtins(ship), Ship)
    except msgspec.ValidationError as error:
        raise CommandError(f"the ship: {plain_problem(error)}") from None


def _check_crew(session: Session, ship: Ship) -> None:
    for position, slot in ship.crew.items():
        if slot.combatant_id is not None and slot.combatant_id not in session.combatants:
            raise CommandError(
                f"the {rules.Position(position).label} of {ship.name} names combatant "
                f"{slot.combatant_id!r}, who is not in this session"
            )


class AddShip(msgspec.Struct, frozen=True):
    """Add a ship (from the prep library or made on the spot)."""

    ship: Ship

    def perform(self, session: Session, edit: Edit) -> str:
        ship = _validated_ship(self.ship)
        if ship.id in session.ships:
            raise CommandError(f"a ship with id {ship.id!r} is already in this session")
        refuse_taken("ship", session.ships, ship.name)  # the bridge tells them apart by it
        _check_crew(session, ship)
        rules.capacity(ship.size)
        edit.put("ships", ship)
        space_log(
            session,
            edit,
            "space",
            f"{ship.name} ({ship.size}, {ship.hard_points} hard points) joins",
        )
        return f"Add ship {ship.name}"


class EditShip(msgspec.Struct, frozen=True):
    """Change a ship's fields (name, size, mods, hard points, notes …)."""

    ship_id: str
    changes: tuple[tuple[str, Any], ...]

    def perform(self, session: Session, edit: Edit) -> str:
        old = session.ship(self.ship_id)
        changes = dict(self.changes)
        unknown = sorted(set(changes) - set(Ship.__struct_fields__))
        if unknown or "id" in changes:
            raise CommandError(f"a ship's {', '.join(unknown) or 'id'} cannot be set here")
        new = _validated_ship(replace(old, **changes))
        if "name" in changes:
            refuse_taken("ship", session.ships, new.name, old.id)
        _check_crew(session, new)
        put_ship(edit, session, new)
        space_log(session, edit, "space", f"{new.name} changed: {', '.join(sorted(changes))}")
        return f"Edit {new.name}"


class RemoveShip(msgspec.Struct, frozen=True):
    """Take a ship out of the session."""

    ship_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        ship = session.ship(self.ship_id)
        # What the space round says of it goes too (the registry's references).
        edit.remove("ships", ship.id)
        space_log(session, edit, "space", f"{ship.name} leaves the fight")
        return f"Remove ship {ship.name}"


class AssignCrew(msgspec.Struct, frozen=True):
    """Put a combatant, a named NPC, or nobody at a crew position (R41)."""

    ship_id: str
    position: rules.Position
    combatant_id: str | None = None
    name: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        ship = session.ship(self.ship_id)
        if self.combatant_id is not None:
            session.combatant(self.combatant_id)
        crew: dict[PositionName, CrewSlot] = dict(ship.crew)
        key: PositionName = self.position.value
        if self.combatant_id is None and not self.name.strip():
            crew.pop(key, None)
            who = "nobody"
        else:
            crew[key] = CrewSlot(self.combatant_id, self.name.strip()[:120])
            who = (
                session.combatants[self.combatant_id].name
                if self.combatant_id
                else self.name.strip()[:120]
            )
        put_ship(edit, session, replace(ship, crew=crew))
        space_log(session, edit, "space", f"{ship.name}: {self.position.label} is {who}")
        return f"{ship.name}: {self.position.label}"


class SetChartRow(msgspec.Struct, frozen=True):
    """Edit one line of the session's Battle Damage Chart (R46)."""

    row: ChartRow

    def perform(self, session: Session, edit: Edit) -> str:
        try:
            row = msgspec.convert(msgspec.to_builtins(self.row), ChartRow)
        except msgspec.ValidationError as error:
            raise CommandError(f"the chart line: {plain_problem(error)}") from None
        if len(row.effect) > 2000:
            raise CommandError("a chart line's effect is 2,000 characters at most")
        chart = tuple(row if r.roll == row.roll else r for r in chart_of(session.space))
        edit.set_space(replace(session.space, chart=chart))
        dc = "no DC" if row.dc is None else f"DC {row.dc}"
        space_log(
            session,
            edit,
            "space",
            f"Battle Damage Chart {row.roll}: {row.name}, {dc}, {row.effect}",
        )
        return f"Edit chart line {row.roll}"


class SetChart(msgspec.Struct, frozen=True):
    """Replace the session's Battle Damage Chart (R46) in one step: a line per 2d6 total."""

    rows: tuple[ChartRow, ...]

    def perform(self, session: Session, edit: Edit) -> str:
        try:
            rows = tuple(msgspec.convert(msgspec.to_builtins(r), ChartRow) for r in self.rows)
        except msgspec.ValidationError as error:
            raise CommandError(f"the chart: {plain_problem(error)}") from None
        if any(len(r.effect) > 2000 for r in rows):
            raise CommandError("a chart line's effect is 2,000 characters at most")
        if sorted(r.roll for r in rows) != list(range(2, 13)):
            raise CommandError("the chart has one line for each 2d6 total, 2 to 12")
        old = {r.roll: r for r in chart_of(session.space)}
        changed = [r.roll for r in rows if old.get(r.roll) != r]
        edit.set_space(replace(session.space, chart=tuple(sorted(rows, key=lambda r: r.roll))))
        space_log(
            session, edit, "space", f"Battle Damage Chart edited: lines {changed or 'none'} (R46)"
        )
        return "Edit the Battle Damage Chart"


class SetSpaceRules(msgspec.Struct, frozen=True):
    """The GM's house rules of space combat: the swarm penalty per size step smaller than
    the target, and the Scan DC (R44)."""

    swarm_penalty: int
    scan_dc: int

    def perform(self, session: Session, edit: Edit) -> str:
        if not 0 <= self.swarm_penalty <= 10:
            raise CommandError("the swarm penalty is 0 to 10 successes per size step")
        if not 0 <= self.scan_dc <= 60:
            raise CommandError("the Scan DC is 0 to 60")
        edit.set_space(
            replace(session.space, swarm_penalty=self.swarm_penalty, scan_dc=self.scan_dc)
        )
        space_log(
            session,
            edit,
            "options",
            f"Space house rules: swarm penalty {self.swarm_penalty} per size step, "
            f"Scan DC {self.scan_dc}",
        )
        return "Space house rules"

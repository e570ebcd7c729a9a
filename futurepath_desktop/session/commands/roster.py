"""Commands that change the roster: teams and combatants added, edited, removed, moved."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

import msgspec

from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.numbering import name_clash
from futurepath_desktop.session.state import Combatant, Options, Reminder, Session, Team

T = TypeVar("T", Team, Combatant, Options, Reminder)
E = TypeVar("E", Team, Combatant)


def validated(kind: type[T], value: T) -> T:
    """Re-check a record against the file format's constraints (a level of 9 is refused)."""
    try:
        return msgspec.convert(msgspec.to_builtins(value), kind)
    except msgspec.ValidationError as error:
        from futurepath_desktop.session.guard import plain_problem

        raise CommandError(f"{kind.__name__}: {plain_problem(error)}") from None


def validated_options(options: Options) -> Options:
    """Rule options checked against the file format (R40)."""
    return validated(Options, options)


def changed(kind: type[E], old: E, changes: dict[str, Any]) -> E:
    """``old`` with some fields changed, checked; the id cannot change."""
    unknown = sorted(set(changes) - set(kind.__struct_fields__))
    if unknown:
        raise CommandError(f"{kind.__name__} has no field(s) {', '.join(unknown)}")
    if "id" in changes and changes["id"] != old.id:
        raise CommandError("an id never changes; remove and add instead")
    return validated(kind, msgspec.structs.replace(old, **changes))


def _clamp(index: int | None, size: int) -> int:
    return size if index is None else max(0, min(size, index))


def _place(edit: Edit, table: str, ident: str, order: list[str], index: int | None) -> None:
    order = [i for i in order if i != ident]
    order.insert(_clamp(index, len(order)), ident)
    edit.reorder(table, order)


class Named(Protocol):
    @property
    def name(self) -> str: ...


def refuse_taken(what: str, table: Mapping[str, Named], name: str, own_id: str = "") -> None:
    """A name in ``table`` (combatants, teams, ships) is its record's own
    (``numbering.name_clash``); ``own_id`` is the one renamed, who may change the case of
    their own."""
    others = (record.name for ident, record in table.items() if ident != own_id)
    own = table.get(own_id)
    clash = name_clash(what, others, name, own.name if own is not None else "")
    if clash:
        raise CommandError(clash)


def refuse_taken_name(session: Session, name: str, own_id: str = "") -> None:
    """A combatant's name is its own."""
    refuse_taken("combatant", session.combatants, name, own_id)


def refuse_taken_team_name(session: Session, name: str, own_id: str = "") -> None:
    """So is a team's: the charts add up damage by team name."""
    refuse_taken("team", session.teams, name, own_id)


class AddTeam(msgspec.Struct, frozen=True):
    """Add a team, at ``index`` in the roster or last."""

    team: Team
    index: int | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        team = validated(Team, self.team)
        if team.id in session.teams:
            raise CommandError(f"a team with id {team.id!r} already exists")
        refuse_taken_team_name(session, team.name)
        if session.combat.active:
            raise CombatFlowError(
                "a team cannot be added in the middle of combat; join it instead (R9)"
            )
        edit.put("teams", team)
        if self.index is not None:
            _place(edit, "teams", team.id, list(session.teams), self.index)
        return f"Add team {team.name}"


class EditTeam(msgspec.Struct, frozen=True):
    """Change a team's name, colour or side (its initiative changes only through
    :class:`AdjustInitiative`, R8)."""

    team_id: str
    changes: dict[str, Any]

    def perform(self, session: Session, edit: Edit) -> str:
        old = session.team(self.team_id)
        if "initiative" in self.changes and self.changes["initiative"] != old.initiative:
            raise CommandError("team initiative changes only by a GM adjustment (R8)")
        new = changed(Team, old, self.changes)
        if new.name != old.name:
            refuse_taken_team_name(session, new.name, old.id)
        edit.put("teams", new)
        said = []
        if new.name != old.name:
            said.append(f"is now called {new.name}")
        if new.side != old.side:
            said.append(
                "is now neutral" if new.side == "neutral" else f"now sides with the {new.side}"
            )
        if new.colour != old.colour:
            said.append("has a new colour")
        if said:
            edit.log("roster", f"The team {old.name} {' and '.join(said)}")
        return f"Edit team {old.name}"


class RemoveTeam(msgspec.Struct, frozen=True):
    """Remove a team and everyone in it."""

    team_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        team = session.team(self.team_id)
        if session.combat.acting_team == team.id:
            raise CombatFlowError(
                f"{team.name} is acting now; end its turn (Next Turn) before removing it"
            )
        members = [c.name for c in session.members(team.id)]
        # Its members go with it, and everything that names them (the registry's references).
        edit.remove("teams", team.id)
        with_them = f" with {', '.join(members)}" if members else ""
        edit.log("roster", f"The team {team.name} leaves the session{with_them}")
        return f"Remove team {team.name}"


class MoveTeam(msgspec.Struct, frozen=True):
    """Move a team to another place in the roster."""

    team_id: str
    index: int

    def perform(self, session: Session, edit: Edit) -> str:
        team = session.team(self.team_id)
        was = list(session.teams).index(team.id)
        _place(edit, "teams", team.id, list(session.teams), self.index)
        now = list(session.teams).index(team.id)
        where = "up" if now < was else "down" if now > was else "to where it was"
        return f"Move team {team.name} {where}"


class AddCombatant(msgspec.Struct, frozen=True):
    """Add a combatant to its team. In combat, only as waiting to join (R9)."""

    combatant: Combatant
    index: int | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        if not self.combatant.name.strip():
            raise CommandError("a new combatant needs a name")
        combatant = validated(Combatant, self.combatant)
        if combatant.id in session.combatants:
            raise CommandError(f"a combatant with id {combatant.id!r} already exists")
        refuse_taken_name(session, combatant.name)
        session.team(combatant.team_id)
        if session.combat.active and combatant.present:
            raise CombatFlowError(
                f"{combatant.name} cannot appear mid-fight: add as waiting, then join in the "
                "Counters phase (R9)"
            )
        edit.put("combatants", combatant)
        if self.index is not None:
            _place(edit, "combatants", combatant.id, list(session.combatants), self.index)
        return f"Add {combatant.name}"


class EditCombatant(msgspec.Struct, frozen=True):
    """Change any of a combatant's stats (each edit is one undoable step)."""

    combatant_id: str
    changes: dict[str, Any]

    def perform(self, session: Session, edit: Edit) -> str:
        old = session.combatant(self.combatant_id)
        new = changed(Combatant, old, self.changes)
        if new.name != old.name:
            refuse_taken_name(session, new.name, old.id)
        if new.team_id != old.team_id:
            session.team(new.team_id)
            if session.combat.active:
                raise CombatFlowError("a combatant changes team only outside combat")
        if new.present != old.present and session.combat.active:
            raise CombatFlowError("joining or leaving the fight goes through Join (R9)")
        if new.hp > new.max_hp or new.health > new.max_health:
            raise CommandError(f"{new.name}: current health cannot exceed the maximum (R26, R27)")
        edit.put("combatants", new)
        from futurepath_desktop.session.load_words import FIELDS  # the file's words, in plain

        fields = ", ".join(sorted(FIELDS.get(f, f.replace("_", " ")) for f in self.changes))
        return f"Edit {old.name} ({fields})"


class RemoveCombatants(msgspec.Struct, frozen=True):
    """Remove one or more combatants, as one step, and with them (the registry's
    references) their conditions, tokens, the grenades timed to them, their crew positions
    and their places in the fight."""

    combatant_ids: tuple[str, ...]

    def perform(self, session: Session, edit: Edit) -> str:
        gone = [session.combatant(ident) for ident in dict.fromkeys(self.combatant_ids)]
        if not gone:
            raise CommandError("choose who to remove first")
        for combatant in gone:
            edit.remove("combatants", combatant.id)
        who = ", ".join(c.name for c in gone)
        edit.log("roster", f"{who} {'leaves' if len(gone) == 1 else 'leave'} the session")
        if len(gone) == 1:
            return f"Remove {gone[0].name}"
        return f"Remove {len(gone)} combatants"


class MoveCombatant(msgspec.Struct, frozen=True):
    """Move a combatant within its team's list, or to another team outside combat."""

    combatant_id: str
    team_id: str
    index: int

    def perform(self, session: Session, edit: Edit) -> str:
        combatant = session.combatant(self.combatant_id)
        team = session.team(self.team_id)
        if team.id != combatant.team_id:
            if session.combat.active:
                raise CombatFlowError("a combatant changes team only outside combat")
            combatant = edit.put("combatants", msgspec.structs.replace(combatant, team_id=team.id))
            edit.log("roster", f"{combatant.name} joins the team {team.name}")
        mates = [c.id for c in session.members(team.id) if c.id != combatant.id]
        mates.insert(_clamp(self.index, len(mates)), combatant.id)
        others = iter(i for i in session.combatants if i not in set(mates))
        # The team's members keep their block positions; everyone else keeps theirs.
        slots = [i in set(mates) for i in session.combatants]
        team_members = iter(mates)
        order = [next(team_members) if is_mate else next(others) for is_mate in slots]
        edit.reorder("combatants", order)
        return f"Move {combatant.name} to {team.name}"

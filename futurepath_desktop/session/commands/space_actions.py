"""What the crew stations do in a space fight (R42-R46): scans, volleys, swarms and
specified targeting, entered in their phase and rolled together when it ends (R57, in
``session.space_volleys``), repairs and the Medical Officer's care."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.session.commands.health import apply_heal
from futurepath_desktop.session.commands.space_log import space_log
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.space_round import put_ship, record_station, set_round
from futurepath_desktop.session.space_rules import (
    bay_words,
    crew_mod,
    crew_name,
    effect_active,
    station_ship,
)
from futurepath_desktop.session.state import DeclaredRoll, Session, Ship
from futurepath_desktop.session.wording import counted


def declare(
    session: Session,
    edit: Edit,
    roll: DeclaredRoll,
    stations: tuple[tuple[Ship, rules.Position, str], ...],
    text: str,
) -> None:
    """R57: enter a roll of the phase; it is rolled with the others when the phase ends.
    Its stations have acted this round (R41), their result still to come."""
    now = rules.SpacePhase(session.space.round.phase)
    when = "surprise shot" if now is rules.SpacePhase.SURPRISE else f"{now.label[2:]} phase"
    for ship, position, action in stations:
        record_station(session, edit, ship, position, action, WAITING)
    set_round(edit, session, declared=(*session.space.round.declared, roll))
    space_log(
        session,
        edit,
        "space",
        f"{text}: rolled when the {when} ends (R57)",
    )


WAITING = "rolled when the phase ends"
"""A station's result while its roll waits for the end of the phase (R57)."""


class Scan(msgspec.Struct, frozen=True):
    """The Sensor Officer scans a ship for weakness: d20 + INT mod against the session's
    Scan DC (R60, 15 unless the GM sets another). Rolled when the phase ends (R57); a
    success gives this ship's Weapons Officer the Sensor Mod on every d10 of the phase's
    volleys, whichever was entered first (R44)."""

    ship_id: str
    target_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        ship = station_ship(session, self.ship_id, rules.Position.SENSORS)
        target = session.ship(self.target_id)
        if effect_active(ship, "sensors"):
            raise CombatFlowError(f"{ship.name}'s sensor array is damaged: no scans (R46)")
        who = crew_name(session, ship, rules.Position.SENSORS)
        roll = DeclaredRoll("scan", (ship.id,), target.id)
        stations = ((ship, rules.Position.SENSORS, f"scans {target.name}"),)
        declare(session, edit, roll, stations, f"{who} scans {target.name}")
        return f"{ship.name} scans {target.name}"


class Fire(msgspec.Struct, frozen=True):
    """The Weapons Officer fires ``hard_points`` at a target (R42-R44), or aims at one of
    its systems or bays (specified targeting: each success does 1 damage, at most 5 to a
    system per round; a system is disabled at 5, a bay has 8 HP). Rolled when the phase
    ends, with the phase's scans and flying in force (R57)."""

    ship_id: str
    target_id: str
    hard_points: int
    system: str | None = None
    bay: str | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        ship = station_ship(session, self.ship_id, rules.Position.WEAPONS)
        target = session.ship(self.target_id)
        if target.id == ship.id:
            raise CommandError("a ship does not fire on itself")
        if target.state == "destroyed":
            raise CommandError(f"{target.name} is destroyed")
        if not 1 <= self.hard_points <= ship.hard_points:
            raise CommandError(
                f"{ship.name} has {ship.hard_points} hard points; a volley uses 1 to "
                f"{ship.hard_points}"
            )
        if self.system is not None and self.system not in rules.SYSTEMS:
            raise CommandError(f"a system is one of {', '.join(rules.SYSTEMS)}")
        bay = None if self.system is not None or self.bay is None else self.bay.strip()
        if bay is not None and not 1 <= len(bay) <= 60:
            raise CommandError("a bay's name is 1 to 60 characters")
        roll = DeclaredRoll("volley", (ship.id,), target.id, (self.hard_points,), self.system, bay)
        aim = self.system or (bay_words(bay) if bay else None)
        text = f"{ship.name} aims {counted(self.hard_points, 'hard point')} at {target.name}"
        text += f" ({aim})" if aim else ""
        stations = ((ship, rules.Position.WEAPONS, f"fires at {target.name}"),)
        declare(session, edit, roll, stations, text)
        return f"{ship.name} fires at {target.name}"


class Swarm(msgspec.Struct, frozen=True):
    """Swarm combat: several ships' Weapons Officers fire together at one target and pool
    their successes, each losing the session's swarm penalty per size step it is smaller
    than the target (R60). Rolled when the phase ends (R57)."""

    ship_ids: tuple[str, ...]
    target_id: str
    hard_points: tuple[int, ...]

    def perform(self, session: Session, edit: Edit) -> str:
        if len(self.ship_ids) < 2 or len(self.ship_ids) != len(self.hard_points):
            raise CommandError("a swarm is two or more ships, each with its hard points")
        if len(set(self.ship_ids)) != len(self.ship_ids):
            raise CommandError("each ship joins a swarm once")
        target = session.ship(self.target_id)
        if target.state == "destroyed":
            raise CommandError(f"{target.name} is destroyed")
        ships = [station_ship(session, i, rules.Position.WEAPONS) for i in self.ship_ids]
        for ship, points in zip(ships, self.hard_points, strict=True):
            if ship.id == target.id:
                raise CommandError("a ship does not fire on itself")
            if not 1 <= points <= ship.hard_points:
                raise CommandError(f"{ship.name} has {ship.hard_points} hard points")
        roll = DeclaredRoll("swarm", tuple(self.ship_ids), target.id, tuple(self.hard_points))
        stations = tuple((s, rules.Position.WEAPONS, f"swarms {target.name}") for s in ships)
        names = ", ".join(s.name for s in ships)
        declare(session, edit, roll, stations, f"Swarm on {target.name} ({names})")
        return f"Swarm on {target.name}"


class Repair(msgspec.Struct, frozen=True):
    """The Chief Engineer repairs one Battle Damage: d20 + INT mod against its repair DC
    (R46); a success removes it and its effect. A line with no DC needs a natural 20."""

    ship_id: str
    damage_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        ship = station_ship(session, self.ship_id, rules.Position.ENGINEER)
        entry = next((d for d in ship.damage if d.id == self.damage_id), None)
        if entry is None:
            raise CommandError(f"{ship.name} has no such Battle Damage to repair")
        check = roll_check(
            edit.roller(),
            crew_mod(session, ship, rules.Position.ENGINEER, "intelligence"),
            label="Repair",
        )
        success = check.critical if entry.dc is None else check.total >= entry.dc
        needed = "a critical" if entry.dc is None else f"DC {entry.dc}"
        who = crew_name(session, ship, rules.Position.ENGINEER)
        attempt = entry.attempts + 1
        if success:
            damage = tuple(d for d in ship.damage if d.id != entry.id)
            effects = tuple(e for e in ship.effects if e.name != entry.name)
            new = replace(ship, damage=damage, effects=effects)
            if ship.adrift_from_round is not None and len(damage) < rules.capacity(ship.size):
                new = replace(new, adrift_from_round=None)
            # The count after it, as a hit says it (the charts follow the ship's line down).
            result = (
                f"{check.total} vs {needed}: repaired "
                f"(Battle Damage {len(damage)}/{rules.capacity(ship.size)})"
            )
            if ship.adrift_from_round is not None and new.adrift_from_round is None:
                result += f"; {ship.name} stays in the fight (R45)"
        else:
            damage = tuple(
                replace(d, attempts=attempt) if d.id == entry.id else d for d in ship.damage
            )
            new = replace(ship, damage=damage)
            result = f"{check.total} vs {needed}: not yet (attempt {attempt}; try again next round)"
        put_ship(edit, session, new)
        record_station(session, edit, new, rules.Position.ENGINEER, f"repairs {entry.name}", result)
        space_log(
            session,
            edit,
            "space",
            f"{who} repairs {ship.name}'s {entry.name}: {result}",
            rolls=[check.roll],
        )
        return f"{ship.name}: repair {entry.name}"


class MedicalCare(msgspec.Struct, frozen=True):
    """The Medical Officer treats a crew member: heals ``amount``, or ends a condition."""

    ship_id: str
    patient_id: str
    amount: int = 0
    condition_id: str | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        ship = station_ship(session, self.ship_id, rules.Position.MEDICAL)
        patient = session.combatant(self.patient_id)
        if self.amount < 0:
            raise CommandError("healing is 0 or more")
        if not self.amount and self.condition_id is None:
            raise CommandError("choose healing or a condition to treat")
        parts = []
        if self.amount:
            parts.append(apply_heal(session, edit, patient, self.amount))
        if self.condition_id is not None:
            held = session.conditions.get(self.condition_id)
            if held is None or held.bearer_id != patient.id:
                raise CommandError(f"{patient.name} has no such condition")
            edit.remove("conditions", held.id)
            parts.append(f"{patient.name} is no longer {held.name}")
        result = "; ".join(parts)
        record_station(
            session, edit, ship, rules.Position.MEDICAL, f"treats {patient.name}", result
        )
        space_log(
            session, edit, "space", f"{crew_name(session, ship, rules.Position.MEDICAL)}: {result}"
        )
        return f"{ship.name}: treat {patient.name}"

"""What the crew stations do in a space fight (R42-R46): scans, volleys, swarms and
specified targeting, repairs and the Medical Officer's care."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.commands.health import apply_heal
from futurepath_desktop.session.commands.space_log import space_log
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.space_round import (
    land_battle_damage,
    put_ship,
    record_station,
    set_round,
)
from futurepath_desktop.session.space_rules import (
    already_damaged,
    crew_mod,
    crew_name,
    scan_bonus,
    station_ship,
    volley_dc,
)
from futurepath_desktop.session.state import (
    Session,
    Ship,
)


class Scan(msgspec.Struct, frozen=True):
    """The Sensor Officer scans a ship for weakness: d20 + INT mod against the session's
    Scan DC (a house rule, 15 unless the GM sets another). Success gives this ship's
    Weapons Officer the Sensor Mod on every d10 this round (R44)."""

    ship_id: str
    target_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        ship = station_ship(session, self.ship_id, rules.Position.SENSORS)
        target = session.ship(self.target_id)
        if any(e.name == "Sensor array damaged" for e in ship.effects):
            raise CombatFlowError(f"{ship.name}'s sensor array is damaged: no scans (R46)")
        mod = crew_mod(session, ship, rules.Position.SENSORS, "intelligence")
        check = roll_check(edit.roller(), mod, label="Scan")
        dc = session.space.scan_dc
        success = check.total >= dc
        result = f"{check.total} vs DC {dc}: " + ("success" if success else "failure")
        record_station(session, edit, ship, rules.Position.SENSORS, f"scans {target.name}", result)
        if success:
            fight = session.space.round
            set_round(edit, session, scanned=(*fight.scanned, ship.id))
        bonus = f"; +{ship.sensors} to each d10 this round (R44)" if success else ""
        space_log(
            session,
            edit,
            "space",
            f"{crew_name(session, ship, rules.Position.SENSORS)} scans {target.name}: "
            f"{result}{bonus}",
            rolls=[check.roll],
        )
        return f"{ship.name} scans {target.name}"


class Fire(msgspec.Struct, frozen=True):
    """The Weapons Officer fires ``hard_points`` at a target (R42-R44), or aims at one of
    its systems or bays (specified targeting: each success does 1 damage, at most 5 to a
    system per round; a system is disabled at 5, a bay has 8 HP)."""

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
        dc = volley_dc(ship, target)
        bonus = scan_bonus(session, ship)
        try:
            volley = rules.roll_pool(
                edit.roller(), self.hard_points, dc.threshold, max(0, ship.weapons), bonus
            )
        except FuturePathError as error:
            raise CommandError(str(error)) from None
        who = crew_name(session, ship, rules.Position.WEAPONS)
        aim = self.system or (f"bay {self.bay}" if self.bay else None)
        header = f"{ship.name} fires {self.hard_points} hard point(s) at {target.name}"
        if aim:
            header += f" ({aim})"
        text = f"{header}: {volley.render()}"
        if aim:
            outcome = self._specified(session, edit, target, volley.successes)
        elif volley.successes >= dc.count and already_damaged(session, target):
            outcome = f"{target.name} already takes Battle Damage this round (at most 1, R45)"
        elif volley.successes >= dc.count:
            space_log(
                session, edit, "attack", f"{text}. Battle Damage!", [f"Weapons Officer: {who}"]
            )
            outcome = land_battle_damage(session, edit, target, f"{ship.name}'s volley")
        else:
            outcome = (
                f"{volley.successes} of {dc.count} successes needed (BD-DC {dc}): no Battle Damage"
            )
        if aim or volley.successes < dc.count or outcome.startswith(target.name):
            space_log(session, edit, "attack", f"{text}. {outcome}", [f"Weapons Officer: {who}"])
        record_station(
            session, edit, ship, rules.Position.WEAPONS, f"fires at {target.name}", outcome
        )
        return f"{ship.name} fires at {target.name}"

    def _specified(self, session: Session, edit: Edit, target: Ship, successes: int) -> str:
        fight = session.space.round
        key = f"{target.id}:{self.system or 'bay:' + str(self.bay)}"
        done = rules.specified_damage(successes, fight.system_hits.get(key, 0))
        set_round(
            edit,
            session,
            system_hits={**fight.system_hits, key: fight.system_hits.get(key, 0) + done},
        )
        current = session.ship(target.id)
        if self.system is not None:
            total = min(99, current.systems.get(self.system, 0) + done)
            put_ship(
                edit, session, replace(current, systems={**current.systems, self.system: total})
            )
            state = "disabled" if total >= rules.SYSTEM_DISABLED_AT else f"{total}/5"
            return f"{done} damage to {target.name}'s {self.system} ({state})"
        bay = str(self.bay)
        total = min(99, current.bays.get(bay, 0) + done)
        put_ship(edit, session, replace(current, bays={**current.bays, bay: total}))
        state = "breached" if total >= rules.BAY_HP else f"{rules.BAY_HP - total} HP left"
        return f"{done} damage to {target.name}'s bay {bay} ({state})"


class Swarm(msgspec.Struct, frozen=True):
    """Swarm combat: several ships' Weapons Officers fire together at one target and pool
    their successes, each losing the session's swarm penalty per size step it is smaller
    than the target."""

    ship_ids: tuple[str, ...]
    target_id: str
    hard_points: tuple[int, ...]

    def perform(self, session: Session, edit: Edit) -> str:
        if len(self.ship_ids) < 2 or len(self.ship_ids) != len(self.hard_points):
            raise CommandError("a swarm is two or more ships, each with its hard points")
        target = session.ship(self.target_id)
        ships = [station_ship(session, i, rules.Position.WEAPONS) for i in self.ship_ids]
        dc = rules.flying_adjusted(
            rules.bd_dc(target.structure, target.shields),
            rules.Flying.NORMAL,
            rules.Flying(target.flying),
        )
        lines, volleys = [], []
        for ship, points in zip(ships, self.hard_points, strict=True):
            if not 1 <= points <= ship.hard_points:
                raise CommandError(f"{ship.name} has {ship.hard_points} hard points")
            volley = rules.roll_pool(
                edit.roller(), points, dc.threshold, max(0, ship.weapons), scan_bonus(session, ship)
            )
            volleys.append((ship.size, volley.successes))
            lines.append(f"{ship.name}: {volley.render()}")
            record_station(session, edit, ship, rules.Position.WEAPONS, f"swarms {target.name}", "")
        pooled = rules.swarm_successes(volleys, target.size, session.space.swarm_penalty)
        if pooled >= dc.count and already_damaged(session, target):
            outcome = f"{target.name} already takes Battle Damage this round (at most 1, R45)"
        elif pooled >= dc.count:
            outcome = land_battle_damage(session, edit, target, "the swarm")
        else:
            outcome = f"{pooled} of {dc.count} pooled successes: no Battle Damage"
        space_log(
            session,
            edit,
            "attack",
            f"Swarm on {target.name} ({len(ships)} ships, −{session.space.swarm_penalty} per "
            f"size step smaller): {pooled} success(es). {outcome}",
            lines,
        )
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
            result = f"{check.total} vs {needed}: repaired"
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

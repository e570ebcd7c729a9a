"""Commands of space combat (R41-R47): ships and crews, the space round and its phases,
scans, volleys, swarms, specified targeting, Battle Damage and its chart, repairs and the
Medical Officer's care. Every one of them is undoable and lands in the log."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.commands.health import AddCondition, apply_damage, apply_heal
from futurepath_desktop.session.commands.space_log import space_log, stamp_space
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.state import (
    BattleDamage,
    ChartRow,
    Combatant,
    CrewSlot,
    PendingDamage,
    PositionName,
    Session,
    Ship,
    ShipEffect,
    SpaceRound,
    SpaceState,
    StationAction,
    new_id,
)

SPACE_SOURCE = "space: "
"""Conditions the bridge puts on crew carry this source prefix; the space round ticks them."""


def default_chart() -> tuple[ChartRow, ...]:
    """R46's chart as session data."""
    return tuple(ChartRow(e.roll, e.dc, e.name, e.effect, e.key) for e in rules.BATTLE_DAMAGE_CHART)


def chart_of(space: SpaceState) -> tuple[ChartRow, ...]:
    """The session's chart (R46's default until the GM edits it)."""
    return space.chart or default_chart()


def _validated_ship(ship: Ship) -> Ship:
    try:
        return msgspec.convert(msgspec.to_builtins(ship), Ship)
    except msgspec.ValidationError as error:
        raise CommandError(f"the ship is not valid: {error}") from None


def _put_ship(edit: Edit, session: Session, ship: Ship) -> None:
    edit.put("ships", ship)


def _set_round(edit: Edit, session: Session, **changes: Any) -> None:
    edit.set_space(replace(session.space, round=replace(session.space.round, **changes)))


NPC_ADVANTAGE_DIE = "1d2"
"""R46: a named crew member who is not one of the session's combatants has no sheet here;
a plasma failure or a blown capacitor rolls the lowest Advantage Die (a new combatant's)."""


def _crew_member(session: Session, ship: Ship, position: rules.Position) -> Combatant | None:
    slot = ship.crew.get(position.value)
    if slot is None or slot.combatant_id is None:
        return None
    return session.combatants.get(slot.combatant_id)


def crew_name(session: Session, ship: Ship, position: rules.Position) -> str:
    """Who holds a position, as the log says it."""
    member = _crew_member(session, ship, position)
    if member is not None:
        return member.name
    slot = ship.crew.get(position.value)
    if slot is not None and slot.name:
        return slot.name
    return f"{ship.name}'s {position.label}"


def _check_crew(session: Session, ship: Ship) -> None:
    for position, slot in ship.crew.items():
        if slot.combatant_id is not None and slot.combatant_id not in session.combatants:
            raise CommandError(
                f"the {rules.Position(position).label} of {ship.name} names combatant "
                f"{slot.combatant_id!r}, who is not in this session"
            )


# --- ships and crews -----------------------------------------------------------------------


class AddShip(msgspec.Struct, frozen=True):
    """Add a ship (from the prep library or made on the spot)."""

    ship: Ship

    def perform(self, session: Session, edit: Edit) -> str:
        ship = _validated_ship(self.ship)
        if ship.id in session.ships:
            raise CommandError(f"a ship with id {ship.id!r} is already in this session")
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
        _check_crew(session, new)
        _put_ship(edit, session, new)
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
                else self.name.strip()
            )
        _put_ship(edit, session, replace(ship, crew=crew))
        space_log(session, edit, "space", f"{ship.name}: {self.position.label} is {who}")
        return f"{ship.name}: {self.position.label}"


class SetChartRow(msgspec.Struct, frozen=True):
    """Edit one line of the session's Battle Damage Chart (R46)."""

    row: ChartRow

    def perform(self, session: Session, edit: Edit) -> str:
        try:
            row = msgspec.convert(msgspec.to_builtins(self.row), ChartRow)
        except msgspec.ValidationError as error:
            raise CommandError(f"the chart line is not valid: {error}") from None
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
            raise CommandError(f"the chart is not valid: {error}") from None
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


# --- the space round (R41, R45, R47) --------------------------------------------------------------


def _fight(session: Session) -> SpaceRound:
    fight = session.space.round
    if not fight.active:
        raise CombatFlowError("no space combat is running; start one first")
    return fight


class StartSpaceCombat(msgspec.Struct, frozen=True):
    """Start a space fight. R47: ``surprise`` names enemy ships no passive sensor detects
    and no scan looks for; their Weapons Officers act once before round 1."""

    surprise: tuple[str, ...] = ()

    def perform(self, session: Session, edit: Edit) -> str:
        space = session.space
        if space.round.active:
            raise CombatFlowError("space combat is already running")
        if len(session.ships) < 2:
            raise CommandError("a space fight needs at least two ships")
        for ident in self.surprise:
            session.ship(ident)
        first = rules.SpacePhase.SURPRISE if self.surprise else rules.SpacePhase.SUPPORT
        edit.set_space(
            replace(
                space,
                chart=chart_of(space),
                round=SpaceRound(
                    active=True,
                    round=0 if self.surprise else 1,
                    phase=int(first),
                    surprise=tuple(self.surprise),
                ),
            )
        )
        if self.surprise:
            names = ", ".join(session.ship(i).name for i in self.surprise)
            verb = "fires" if len(self.surprise) == 1 else "fire"
            text = f"Space combat: {names} {verb} first, unseen (R47)"
            space_log(session, edit, "space", text)
        else:
            space_log(session, edit, "space", "Space combat: round 1, 1 Support")
        return "Start space combat"


def _expire_effects(session: Session, edit: Edit, round_number: int) -> None:
    for ship in list(session.ships.values()):
        kept = tuple(e for e in ship.effects if e.until_round > round_number)
        if kept != ship.effects:
            for effect in ship.effects:
                if effect not in kept:
                    space_log(session, edit, "space", f"{ship.name}: {effect.name} wears off (R45)")
            _put_ship(edit, session, replace(ship, effects=kept))


def _apply_pending(session: Session, edit: Edit) -> None:
    """R45: Battle Damage dealt in the Action phase takes effect now."""
    fight = session.space.round
    for pending in fight.pending:
        ship = session.ship(pending.target_id)
        row = next(r for r in chart_of(session.space) if r.roll == pending.roll)
        entry = BattleDamage(
            new_id("bd"), row.roll, row.dc, row.name, row.effect, row.key, fight.round
        )
        state, at_capacity = rules.state_after_damage(
            rules.ShipState(ship.state), ship.battle_damage + 1, ship.size
        )
        new = replace(ship, damage=(*ship.damage, entry), state=state.value)
        line = f"{ship.name} takes Battle Damage ({new.battle_damage}/"
        line += f"{rules.capacity(ship.size)}): {row.name}, {row.effect}"
        if state is rules.ShipState.EXPLODING:
            new = replace(new, explodes_round=fight.round + 1)
            line += ". Already adrift, it will explode within 1 round (R45)"
        elif at_capacity:
            new = replace(new, adrift_from_round=fight.round + 1)
            line += ". At capacity: adrift from next round unless repaired (R45)"
        _put_ship(edit, session, new)
        space_log(session, edit, "damage", line)
        _chart_effect(session, edit, new, row, fight.round)
    _set_round(edit, session, pending=())


def _chart_effect(
    session: Session, edit: Edit, ship: Ship, row: ChartRow, round_number: int
) -> None:
    """R46: the chart line's effect, as counters on the ship or its crew."""
    start = len(session.log)
    _chart_effects(session, edit, ship, row, round_number)
    stamp_space(session, start)  # the crew's conditions too


def _chart_effects(
    session: Session, edit: Edit, ship: Ship, row: ChartRow, round_number: int
) -> None:
    crew = [
        member
        for position in rules.Position
        if (member := _crew_member(session, ship, position)) is not None
    ]
    source = f"{SPACE_SOURCE}{ship.name}: {row.name}"
    if row.key == "shaken" and crew:
        AddCondition(tuple(m.id for m in crew), "shaken", 1, source=source).perform(session, edit)
    elif row.key == "actuator":
        pilot = _crew_member(session, ship, rules.Position.HELM)
        if pilot is not None:
            AddCondition(
                (pilot.id,),
                "custom:misaligned-actuator",
                1,
                note="Disadvantage on piloting next round (R46)",
                name="Misaligned actuator",
                source=source,
            ).perform(session, edit)
    elif row.key in ("capacitor", "plasma"):
        roller = edit.roller()
        if row.key == "capacitor":
            face = roller.die(6)
            position = rules.CAPACITOR_CONSOLES[face - 1]
            space_log(
                session,
                edit,
                "space",
                f"Blown capacitor: d6 = {face}, the {position.label}'s console",
            )
        else:
            position = rules.Position.ENGINEER
        member = _crew_member(session, ship, position)
        slot = ship.crew.get(position.value)
        if member is not None or (slot is not None and slot.name):
            die = member.advantage_die if member is not None else NPC_ADVANTAGE_DIE
            roll = roller.roll("+".join([die] * 4))
            amount = max(0, roll.total)
            hits = f"{row.name} hits the {position.label}: 4 Advantage Dice, {roll.render()}"
            why = [
                f"R46: {row.name.lower()} deals 4 of the crew member's own Advantage Dice",
            ]
            if member is not None:
                # The damage line stays whole: the charts read it back from the log.
                line = apply_damage(session, edit, member, amount, row.name.lower())
                why.append(f"{member.name}'s Advantage Die: {die}")
                space_log(session, edit, "damage", f"{hits}. {line}", why, rolls=[roll])
                if row.key == "capacitor":
                    AddCondition((member.id,), "shaken", 1, source=source).perform(session, edit)
            else:
                assert slot is not None
                why.append(f"{slot.name} has no sheet in this session: the lowest die, {die}")
                text = f"{hits}. {slot.name} takes {amount} damage (the GM keeps their wounds)"
                space_log(session, edit, "damage", text, why, rolls=[roll])
        else:
            space_log(
                session,
                edit,
                "damage",
                f"{row.name}: nobody holds {ship.name}'s {position.label} station; no one is hurt",
            )
    if row.key not in ("none", "shaken", "actuator", "capacitor", "plasma"):
        until = round_number + 1 if row.key != "meltdown" else 1000
        effect = ShipEffect(new_id("eff"), row.name, row.effect, until)
        current = session.ship(ship.id)
        _put_ship(edit, session, replace(current, effects=(*current.effects, effect)))


def _tick_crew_conditions(session: Session, edit: Edit) -> None:
    """The space round's end: the bridge's counters on crew go down by one."""
    for held in list(session.conditions.values()):
        if not held.source.startswith(SPACE_SOURCE) or held.remaining is None:
            continue
        who = session.combatants[held.bearer_id].name
        if held.remaining <= 1:
            edit.remove("conditions", held.id)
            space_log(session, edit, "expiry", f"{who} is no longer {held.name}")
        else:
            edit.put("conditions", replace(held, remaining=held.remaining - 1))


def _end_round(session: Session, edit: Edit) -> None:
    fight = session.space.round
    next_round = fight.round + 1
    _tick_crew_conditions(session, edit)
    for ship in list(session.ships.values()):
        new = replace(ship, flying="normal")
        if ship.state == "exploding" and ship.explodes_round is not None:
            if next_round > ship.explodes_round:
                new = replace(new, state="destroyed")
                space_log(session, edit, "damage", f"{ship.name} explodes (R45)")
        elif ship.adrift_from_round is not None and next_round >= ship.adrift_from_round:
            if ship.battle_damage >= rules.capacity(ship.size):
                new = replace(new, state="adrift", adrift_from_round=None)
                space_log(session, edit, "damage", f"{ship.name} is adrift and helpless (R45)")
            else:
                new = replace(new, adrift_from_round=None)
        if new != ship:
            _put_ship(edit, session, new)
    _set_round(
        edit,
        session,
        round=next_round,
        phase=int(rules.SpacePhase.SUPPORT),
        optional={},
        stations=(),
        scanned=(),
        system_hits={},
        surprise=(),
    )
    enemies_left = [
        s for s in session.ships.values() if s.side != "players" and s.state == "operational"
    ]
    text = f"Round {next_round}, 1 Support"
    if not enemies_left and any(s.side != "players" for s in session.ships.values()):
        text += ". Every enemy ship is at capacity: the fight is won (R45)"
    space_log(session, edit, "phase", text)


class NextSpacePhase(msgspec.Struct, frozen=True):
    """Close the phase (its results apply now, R41) and open the next."""

    def perform(self, session: Session, edit: Edit) -> str:
        fight = _fight(session)
        phase = rules.SpacePhase(fight.phase)
        if phase is rules.SpacePhase.SURPRISE:
            _set_round(edit, session, surprise=())
            _end_round(session, edit)
            return "Round 1"
        if phase is rules.SpacePhase.SUPPORT:
            _set_round(edit, session, phase=int(rules.SpacePhase.ACTION))
            space_log(session, edit, "phase", f"Round {fight.round}, 2 Action")
            return "2 Action"
        if phase is rules.SpacePhase.ACTION:
            _set_round(edit, session, phase=int(rules.SpacePhase.RESPONSE))
            space_log(session, edit, "phase", f"Round {fight.round}, 3 Response")
            _expire_effects(session, edit, fight.round)
            _apply_pending(session, edit)
            return "3 Response"
        _end_round(session, edit)
        return f"Round {fight.round + 1}"


class EndSpaceCombat(msgspec.Struct, frozen=True):
    """End the space fight (ships keep their damage)."""

    def perform(self, session: Session, edit: Edit) -> str:
        _fight(session)
        _tick_crew_conditions(session, edit)
        space_log(session, edit, "space", "Space combat ends")
        edit.set_space(replace(session.space, round=SpaceRound()))
        return "End space combat"


# --- stations ----------------------------------------------------------------------------------


def _station(session: Session, ship_id: str, position: rules.Position) -> Ship:
    """R41: the position may act now, and has not acted this round."""
    fight = _fight(session)
    ship = session.ship(ship_id)
    if ship.state in ("adrift", "exploding", "destroyed"):
        raise CombatFlowError(f"{ship.name} is {ship.state}: its crew cannot act (R45)")
    phase = rules.SpacePhase(fight.phase)
    optional_name = fight.optional.get(ship.id)
    optional = rules.Position(optional_name) if optional_name else None
    if phase is rules.SpacePhase.SURPRISE and ship.id not in fight.surprise:
        raise CombatFlowError("only the unseen ships fire in the surprise shot (R47)")
    if position is optional is rules.Position.ENGINEER and phase is rules.SpacePhase.RESPONSE:
        raise CombatFlowError(
            f"{ship.name}'s Chief Engineer acted in the Action phase and forfeits the "
            "Response phase this round (R41)"
        )
    if not rules.may_act(position, phase, optional):
        raise CombatFlowError(
            f"the {position.label} acts in the "
            f"{rules.acting_phase(position, optional).label.split(' ', 1)[1]} phase, "
            f"not in {phase.label} (R41)"
        )
    if any(s.ship_id == ship.id and s.position == position.value for s in fight.stations):
        raise CombatFlowError(f"{ship.name}'s {position.label} has acted this round (R41)")
    return ship


def station_refusal(session: Session, ship_id: str, position: rules.Position) -> str | None:
    """Why a crew position may not act now, or None when it may: the very check every
    station's command makes (R41, R45, R47), so the bridge can say so before a click."""
    try:
        _station(session, ship_id, position)
    except CommandError as error:
        return str(error)
    return None


def _record(
    session: Session, edit: Edit, ship: Ship, position: rules.Position, action: str, result: str
) -> None:
    fight = session.space.round
    entry = StationAction(ship.id, position.value, fight.phase, action, result)
    _set_round(edit, session, stations=(*fight.stations, entry))


class DeclareOptional(msgspec.Struct, frozen=True):
    """R41: at the start of the Action phase, the Science Officer (who held the Support
    action) or the Chief Engineer (who forfeits the Response phase) acts in it instead."""

    ship_id: str
    position: rules.Position

    def perform(self, session: Session, edit: Edit) -> str:
        fight = _fight(session)
        ship = session.ship(self.ship_id)
        if self.position not in rules.OPTIONAL_ACTION:
            raise CommandError("only the Science Officer or the Chief Engineer may do this")
        if fight.phase != rules.SpacePhase.ACTION:
            raise CombatFlowError(
                "the optional officer is declared at the start of the Action phase"
            )
        if any(s.ship_id == ship.id and s.phase == rules.SpacePhase.ACTION for s in fight.stations):
            raise CombatFlowError(
                "the Action phase has begun on this ship: the optional officer is declared "
                "before any roll (R41)"
            )
        if any(s.ship_id == ship.id and s.position == self.position.value for s in fight.stations):
            raise CombatFlowError(f"the {self.position.label} has already acted this round")
        _set_round(edit, session, optional={**fight.optional, ship.id: self.position.value})
        who = crew_name(session, ship, self.position)
        extra = (
            " and forfeits the Response phase" if self.position is rules.Position.ENGINEER else ""
        )
        space_log(session, edit, "space", f"{who} acts in the Action phase{extra} (R41)")
        return f"{ship.name}: {self.position.label} in the Action phase"


class CrewAction(msgspec.Struct, frozen=True):
    """A station's action for the round (an order, a boost, a manoeuvre, hacking …).

    The Helm Officer's ``flying`` sets how the ship flies this round (R42).
    """

    ship_id: str
    position: rules.Position
    action: str
    result: str = ""
    flying: rules.Flying | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        ship = _station(session, self.ship_id, self.position)
        action = self.action.strip() or "acts"
        if self.flying is not None:
            if self.position is not rules.Position.HELM:
                raise CommandError("only the Helm Officer chooses how the ship flies")
            _put_ship(edit, session, replace(ship, flying=self.flying.value))
            action = (
                f"flies {self.flying.value}" if self.flying is not rules.Flying.NORMAL else action
            )
        _record(session, edit, ship, self.position, action, self.result)
        who = crew_name(session, ship, self.position)
        result = f": {self.result}" if self.result else ""
        space_log(
            session, edit, "space", f"{ship.name} — {who} ({self.position.label}) {action}{result}"
        )
        return f"{ship.name}: {self.position.label}"


def _crew_mod(session: Session, ship: Ship, position: rules.Position, ability: str) -> int:
    member = _crew_member(session, ship, position)
    return member.abilities.mod(ability) if member is not None else 0


class Scan(msgspec.Struct, frozen=True):
    """The Sensor Officer scans a ship for weakness: d20 + INT mod against the session's
    Scan DC (a house rule, 15 unless the GM sets another). Success gives this ship's
    Weapons Officer the Sensor Mod on every d10 this round (R44)."""

    ship_id: str
    target_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        ship = _station(session, self.ship_id, rules.Position.SENSORS)
        target = session.ship(self.target_id)
        if any(e.name == "Sensor array damaged" for e in ship.effects):
            raise CombatFlowError(f"{ship.name}'s sensor array is damaged: no scans (R46)")
        mod = _crew_mod(session, ship, rules.Position.SENSORS, "intelligence")
        check = roll_check(edit.roller(), mod, label="Scan")
        dc = session.space.scan_dc
        success = check.total >= dc
        result = f"{check.total} vs DC {dc}: " + ("success" if success else "failure")
        _record(session, edit, ship, rules.Position.SENSORS, f"scans {target.name}", result)
        if success:
            fight = session.space.round
            _set_round(edit, session, scanned=(*fight.scanned, ship.id))
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


def volley_dc(attacker: Ship, target: Ship) -> rules.BdDc:
    """R42: the target's BD-DC with both ships' flying taken into account."""
    base = rules.bd_dc(target.structure, target.shields)
    return rules.flying_adjusted(base, rules.Flying(attacker.flying), rules.Flying(target.flying))


def scan_bonus(session: Session, ship: Ship) -> int:
    """R44: the Sensor Mod, if this ship's scan succeeded this round."""
    return max(0, ship.sensors) if ship.id in session.space.round.scanned else 0


def _already_damaged(session: Session, target: Ship) -> bool:
    """R45: at most 1 Battle Damage per ship per round."""
    return any(p.target_id == target.id for p in session.space.round.pending)


def _land_battle_damage(session: Session, edit: Edit, target: Ship, source: str) -> str:
    roll = edit.roller().roll("2d6")
    row = next(r for r in chart_of(session.space) if r.roll == roll.total)
    pending = PendingDamage(target.id, source, roll.total)
    _set_round(edit, session, pending=(*session.space.round.pending, pending))
    dc = "no DC: needs a critical fix" if row.dc is None else f"repair DC {row.dc}"
    space_log(
        session,
        edit,
        "damage",
        f"Battle Damage on {target.name}! Chart 2d6 = {roll.total}: {row.name} ({dc}); "
        "it takes effect in the Response phase (R45, R46)",
        rolls=[roll],
    )
    return f"Battle Damage on {target.name}: {row.name}"


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
        ship = _station(session, self.ship_id, rules.Position.WEAPONS)
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
        elif volley.successes >= dc.count and _already_damaged(session, target):
            outcome = f"{target.name} already takes Battle Damage this round (at most 1, R45)"
        elif volley.successes >= dc.count:
            space_log(
                session, edit, "attack", f"{text}. Battle Damage!", [f"Weapons Officer: {who}"]
            )
            outcome = _land_battle_damage(session, edit, target, f"{ship.name}'s volley")
        else:
            outcome = (
                f"{volley.successes} of {dc.count} successes needed (BD-DC {dc}): no Battle Damage"
            )
        if aim or volley.successes < dc.count or outcome.startswith(target.name):
            space_log(session, edit, "attack", f"{text}. {outcome}", [f"Weapons Officer: {who}"])
        _record(session, edit, ship, rules.Position.WEAPONS, f"fires at {target.name}", outcome)
        return f"{ship.name} fires at {target.name}"

    def _specified(self, session: Session, edit: Edit, target: Ship, successes: int) -> str:
        fight = session.space.round
        key = f"{target.id}:{self.system or 'bay:' + str(self.bay)}"
        done = rules.specified_damage(successes, fight.system_hits.get(key, 0))
        _set_round(
            edit,
            session,
            system_hits={**fight.system_hits, key: fight.system_hits.get(key, 0) + done},
        )
        current = session.ship(target.id)
        if self.system is not None:
            total = min(99, current.systems.get(self.system, 0) + done)
            _put_ship(
                edit, session, replace(current, systems={**current.systems, self.system: total})
            )
            state = "disabled" if total >= rules.SYSTEM_DISABLED_AT else f"{total}/5"
            return f"{done} damage to {target.name}'s {self.system} ({state})"
        bay = str(self.bay)
        total = min(99, current.bays.get(bay, 0) + done)
        _put_ship(edit, session, replace(current, bays={**current.bays, bay: total}))
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
        ships = [_station(session, i, rules.Position.WEAPONS) for i in self.ship_ids]
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
            _record(session, edit, ship, rules.Position.WEAPONS, f"swarms {target.name}", "")
        pooled = rules.swarm_successes(volleys, target.size, session.space.swarm_penalty)
        if pooled >= dc.count and _already_damaged(session, target):
            outcome = f"{target.name} already takes Battle Damage this round (at most 1, R45)"
        elif pooled >= dc.count:
            outcome = _land_battle_damage(session, edit, target, "the swarm")
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
        ship = _station(session, self.ship_id, rules.Position.ENGINEER)
        entry = next((d for d in ship.damage if d.id == self.damage_id), None)
        if entry is None:
            raise CommandError(f"{ship.name} has no such Battle Damage to repair")
        check = roll_check(
            edit.roller(),
            _crew_mod(session, ship, rules.Position.ENGINEER, "intelligence"),
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
        _put_ship(edit, session, new)
        _record(session, edit, new, rules.Position.ENGINEER, f"repairs {entry.name}", result)
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
        ship = _station(session, self.ship_id, rules.Position.MEDICAL)
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
        _record(session, edit, ship, rules.Position.MEDICAL, f"treats {patient.name}", result)
        space_log(
            session, edit, "space", f"{crew_name(session, ship, rules.Position.MEDICAL)}: {result}"
        )
        return f"{ship.name}: treat {patient.name}"

"""The space round's flow (R41, R45, R46): what happens between phases and at a round's
end (Battle Damage taking effect, the chart's effects on ships and crews, effects wearing
off, ships going adrift or exploding), and the writes the station commands share."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.commands.health import AddCondition, apply_damage
from futurepath_desktop.session.commands.space_log import space_log, stamp_space
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.space_rules import (
    NPC_ADVANTAGE_DIE,
    SPACE_SOURCE,
    chart_of,
    crew_member,
)
from futurepath_desktop.session.state import (
    BattleDamage,
    ChartRow,
    PendingDamage,
    Session,
    Ship,
    ShipEffect,
    StationAction,
    new_id,
)


def at_capacity(ship: Ship) -> bool:
    """R45, R59: the ship has taken as much Battle Damage as its size holds (at least one:
    a ship of capacity 0 is not there before its first)."""
    return ship.battle_damage >= max(1, rules.capacity(ship.size))


def put_ship(edit: Edit, session: Session, ship: Ship) -> None:
    edit.put("ships", ship)


def set_round(edit: Edit, session: Session, **changes: Any) -> None:
    edit.set_space(replace(session.space, round=replace(session.space.round, **changes)))


def record_station(
    session: Session, edit: Edit, ship: Ship, position: rules.Position, action: str, result: str
) -> None:
    fight = session.space.round
    entry = StationAction(ship.id, position.value, fight.phase, action, result)
    set_round(edit, session, stations=(*fight.stations, entry))


def land_battle_damage(session: Session, edit: Edit, target: Ship, source: str) -> str:
    roll = edit.roller().roll("2d6")
    row = next(r for r in chart_of(session.space) if r.roll == roll.total)
    pending = PendingDamage(target.id, source, roll.total)
    set_round(edit, session, pending=(*session.space.round.pending, pending))
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


def expire_effects(session: Session, edit: Edit, round_number: int) -> None:
    for ship in list(session.ships.values()):
        kept = tuple(e for e in ship.effects if e.until_round > round_number)
        if kept != ship.effects:
            for effect in ship.effects:
                if effect not in kept:
                    space_log(session, edit, "space", f"{ship.name}: {effect.name} wears off (R45)")
            put_ship(edit, session, replace(ship, effects=kept))


def apply_pending(session: Session, edit: Edit) -> None:
    """R45: Battle Damage dealt in the Action phase takes effect now."""
    fight = session.space.round
    for pending in fight.pending:
        ship = session.ship(pending.target_id)
        row = next(r for r in chart_of(session.space) if r.roll == pending.roll)
        entry = BattleDamage(
            new_id("bd"), row.roll, row.dc, row.name, row.effect, row.key, fight.round
        )
        state, reached = rules.state_after_damage(
            rules.ShipState(ship.state), ship.battle_damage + 1, ship.size
        )
        new = replace(ship, damage=(*ship.damage, entry), state=state.value)
        line = f"{ship.name} takes Battle Damage ({new.battle_damage}/"
        line += f"{rules.capacity(ship.size)}): {row.name}"
        line += f": {row.effect[:1].lower()}{row.effect[1:]}" if row.effect else ""
        if ship.state == "exploding":
            # R45: it explodes within 1 round of the hit that doomed it; more damage on a
            # ship already breaking apart does not put that off.
            line += ". It is already breaking apart: it explodes as due (R45)"
        elif state is rules.ShipState.EXPLODING:
            new = replace(new, explodes_round=fight.round + 1)
            if ship.state == "operational":  # R59: a ship of capacity 0
                line += ". With no capacity to take it, it will explode within 1 round (R59)"
            else:
                line += ". Already adrift, it will explode within 1 round (R45)"
        elif reached:
            new = replace(new, adrift_from_round=fight.round + 1)
            line += ". At capacity: adrift from next round unless repaired (R45)"
        put_ship(edit, session, new)
        space_log(session, edit, "damage", line)
        chart_effect(session, edit, new, row, fight.round)
    set_round(edit, session, pending=())


def chart_effect(
    session: Session, edit: Edit, ship: Ship, row: ChartRow, round_number: int
) -> None:
    """R46: the chart line's effect, as counters on the ship or its crew."""
    start = len(session.log)
    chart_effects(session, edit, ship, row, round_number)
    stamp_space(session, start)  # the crew's conditions too


def chart_effects(
    session: Session, edit: Edit, ship: Ship, row: ChartRow, round_number: int
) -> None:
    crew = [
        member
        for position in rules.Position
        if (member := crew_member(session, ship, position)) is not None
    ]
    source = f"{SPACE_SOURCE}{ship.name}: {row.name}"
    # R58: landed in this round's Response phase, an effect lasts to the end of the next
    # round's: the crew's counters go down at this round's end and at the next one's.
    rounds = 2
    if row.key == "shaken" and crew:
        AddCondition(tuple(m.id for m in crew), "shaken", rounds, source=source).perform(
            session, edit
        )
    elif row.key == "actuator":
        pilot = crew_member(session, ship, rules.Position.HELM)
        if pilot is not None:
            AddCondition(
                (pilot.id,),
                "custom:misaligned-actuator",
                rounds,
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
        member = crew_member(session, ship, position)
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
                    AddCondition((member.id,), "shaken", rounds, source=source).perform(
                        session, edit
                    )
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
        put_ship(edit, session, replace(current, effects=(*current.effects, effect)))


def tick_crew_conditions(session: Session, edit: Edit) -> None:
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


def end_round(session: Session, edit: Edit) -> None:
    fight = session.space.round
    next_round = fight.round + 1
    tick_crew_conditions(session, edit)
    # R58: what landed in a round's Response phase lasts to the end of the next round's.
    expire_effects(session, edit, fight.round)
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
            put_ship(edit, session, new)
    # R56: enemy-side ships only (allies fight beside the players, neutrals stand by); R59:
    # a ship of capacity 0 is at capacity once its first Battle Damage has landed. The log
    # says so once, when it comes true (a repair that undoes it lets it be said again).
    enemies = [s for s in session.ships.values() if s.side == "enemies"]
    left = [s for s in enemies if s.state == "operational" and not at_capacity(s)]
    won = bool(enemies) and not left
    set_round(
        edit,
        session,
        round=next_round,
        phase=int(rules.SpacePhase.SUPPORT),
        optional={},
        stations=(),
        scanned=(),
        system_hits={},
        surprise=(),
        declared=(),
        won=won,
    )
    text = f"Round {next_round}, 1 Support"
    if won and not fight.won:
        text += ". Every enemy ship is at capacity: the fight is won (R45, R56)"
    space_log(session, edit, "phase", text)

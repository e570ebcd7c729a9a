"""The rolls of a space phase worked out together (R57): when the Action phase (or R47's
surprise shot) ends, every scan entered in it is rolled first, then every volley and swarm,
each with the phase's scans and flying modes in force, whatever order the GM entered
them in. Ships go in the session's order, so the dice fall the same way for the same
rolls entered in any order."""

from __future__ import annotations

from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.commands.space_log import space_log
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.space_round import land_battle_damage, put_ship, set_round
from futurepath_desktop.session.space_rules import (
    already_damaged,
    bay_words,
    crew_mod,
    crew_name,
    scan_bonus,
    swarm_dc,
    volley_dc,
)
from futurepath_desktop.session.state import DeclaredRoll, Session, Ship
from futurepath_desktop.session.wording import counted

FIRES = ("volley", "swarm")


def roll_order(session: Session, roll: DeclaredRoll) -> tuple[int, int]:
    """R57: scans before volleys, each kind in the order of the ships in the session."""
    order = {ident: index for index, ident in enumerate(session.ships)}
    first = min((order.get(s, len(order)) for s in roll.ship_ids), default=len(order))
    return (0 if roll.kind == "scan" else 1, first)


def resolve_declared(session: Session, edit: Edit) -> None:
    """Work out every roll entered in the phase now ending, and clear the list."""
    fight = session.space.round
    rolls = sorted(fight.declared, key=lambda r: roll_order(session, r))
    set_round(edit, session, declared=())
    for roll in rolls:
        if roll.kind == "scan":
            _scan(session, edit, roll)
        elif roll.kind == "volley":
            _volley(session, edit, roll)
        else:
            _swarm(session, edit, roll)


def settle_station(
    session: Session, edit: Edit, ship_id: str, position: rules.Position, result: str
) -> None:
    """The station's entry for the round gets the result of its roll."""
    fight = session.space.round
    stations = tuple(
        replace(s, result=result[:2000])
        if s.ship_id == ship_id and s.position == position.value
        else s
        for s in fight.stations
    )
    set_round(edit, session, stations=stations)


def _cannot_fire(session: Session, ship: Ship, target: Ship, points: int) -> str | None:
    """Why a ship's entered volley cannot go now (the ship or its target changed while the
    phase ran), or None."""
    if ship.state in ("adrift", "exploding", "destroyed"):
        return f"{ship.name} is {ship.state}"
    if target.state == "destroyed":
        return f"{target.name} is destroyed"
    if not 1 <= points <= ship.hard_points:
        return f"{ship.name} has {ship.hard_points} hard points now"
    return None


def _scan(session: Session, edit: Edit, roll: DeclaredRoll) -> None:
    ship = session.ship(roll.ship_ids[0])
    target = session.ship(roll.target_id)
    who = crew_name(session, ship, rules.Position.SENSORS)
    if ship.state in ("adrift", "exploding", "destroyed"):
        result = f"not rolled: {ship.name} is {ship.state}"
        settle_station(session, edit, ship.id, rules.Position.SENSORS, result)
        space_log(session, edit, "space", f"{who}'s scan of {target.name} is {result}")
        return
    mod = crew_mod(session, ship, rules.Position.SENSORS, "intelligence")
    check = roll_check(edit.roller(), mod, label="Scan")
    dc = session.space.scan_dc
    success = check.total >= dc
    result = f"{check.total} vs DC {dc}: " + ("success" if success else "failure")
    settle_station(session, edit, ship.id, rules.Position.SENSORS, result)
    if success:
        set_round(edit, session, scanned=(*session.space.round.scanned, ship.id))
    bonus = f"; +{ship.sensors} to each d10 this phase (R44, R57)" if success else ""
    space_log(
        session,
        edit,
        "space",
        f"{who} scans {target.name}: {result}{bonus}",
        rolls=[check.roll],
    )


def _volley(session: Session, edit: Edit, roll: DeclaredRoll) -> None:
    ship = session.ship(roll.ship_ids[0])
    target = session.ship(roll.target_id)
    points = roll.hard_points[0]
    who = crew_name(session, ship, rules.Position.WEAPONS)
    aim = roll.system or (bay_words(roll.bay) if roll.bay else None)
    header = f"{ship.name} fires {counted(points, 'hard point')} at {target.name}"
    if aim:
        header += f" ({aim})"
    refused = _cannot_fire(session, ship, target, points)
    if refused is not None:
        outcome = f"not fired: {refused}"
        settle_station(session, edit, ship.id, rules.Position.WEAPONS, outcome)
        space_log(session, edit, "attack", f"{header}: {outcome}", [f"Weapons Officer: {who}"])
        return
    dc = volley_dc(ship, target)
    bonus = scan_bonus(session, ship)
    try:
        volley = rules.roll_pool(edit.roller(), points, dc.threshold, max(0, ship.weapons), bonus)
    except FuturePathError as error:
        raise CommandError(str(error)) from None
    text = f"{header}: {volley.render()}"
    why = [f"Weapons Officer: {who}", *_flying_lines(ship, target)]
    if aim:
        outcome = _specified(session, edit, roll, target, volley.successes)
    elif volley.successes >= dc.count and already_damaged(session, target):
        outcome = f"{target.name} already takes Battle Damage this round (at most 1, R45)"
    elif volley.successes >= dc.count:
        space_log(session, edit, "attack", f"{text}. Battle Damage!", why)
        outcome = land_battle_damage(session, edit, target, f"{ship.name}'s volley")
    else:
        outcome = (
            f"{volley.successes} of {dc.count} successes needed (BD-DC {dc}): no Battle Damage"
        )
    if aim or volley.successes < dc.count or outcome.startswith(target.name):
        space_log(session, edit, "attack", f"{text}. {outcome}", why)
    settle_station(session, edit, ship.id, rules.Position.WEAPONS, outcome)


def _flying_lines(ship: Ship, target: Ship) -> list[str]:
    """R42, R57: the flying modes the volley met, for the log's breakdown."""
    lines = []
    if rules.Flying(ship.flying) is rules.Flying.OFFENSIVE:
        lines.append(f"R42: {ship.name} flies offensively: 1 success fewer needed (min 1)")
    if rules.Flying(target.flying) is rules.Flying.DEFENSIVE:
        lines.append(f"R42: {target.name} flies defensively: 1 success more needed")
    return lines


def _specified(
    session: Session, edit: Edit, roll: DeclaredRoll, target: Ship, successes: int
) -> str:
    fight = session.space.round
    key = f"{target.id}:{roll.system or 'bay:' + str(roll.bay)}"
    done = rules.specified_damage(successes, fight.system_hits.get(key, 0))
    set_round(
        edit,
        session,
        system_hits={**fight.system_hits, key: fight.system_hits.get(key, 0) + done},
    )
    current = session.ship(target.id)
    if roll.system is not None:
        total = min(99, current.systems.get(roll.system, 0) + done)
        put_ship(edit, session, replace(current, systems={**current.systems, roll.system: total}))
        state = "disabled" if total >= rules.SYSTEM_DISABLED_AT else f"{total}/5"
        return f"{done} damage to {target.name}'s {roll.system} ({state})"
    bay = str(roll.bay)
    total = min(99, current.bays.get(bay, 0) + done)
    put_ship(edit, session, replace(current, bays={**current.bays, bay: total}))
    state = "breached" if total >= rules.BAY_HP else f"{rules.BAY_HP - total} HP left"
    return f"{done} damage to {target.name}'s {bay_words(bay)} ({state})"


def _swarm(session: Session, edit: Edit, roll: DeclaredRoll) -> None:
    target = session.ship(roll.target_id)
    dc = swarm_dc(target)
    lines, volleys, firing = [], [], []
    for ident, points in zip(roll.ship_ids, roll.hard_points, strict=True):
        ship = session.ship(ident)
        refused = _cannot_fire(session, ship, target, points)
        if refused is not None:
            lines.append(f"{ship.name}: not fired ({refused})")
            continue
        volley = rules.roll_pool(
            edit.roller(), points, dc.threshold, max(0, ship.weapons), scan_bonus(session, ship)
        )
        volleys.append((ship.size, volley.successes))
        lines.append(f"{ship.name}: {volley.render()}")
        firing.append(ship)
    pooled = rules.swarm_successes(volleys, target.size, session.space.swarm_penalty)
    if not firing:
        outcome = "no ship of the swarm could fire"
    elif pooled >= dc.count and already_damaged(session, target):
        outcome = f"{target.name} already takes Battle Damage this round (at most 1, R45)"
    elif pooled >= dc.count:
        outcome = land_battle_damage(session, edit, target, "the swarm")
    else:
        outcome = f"{pooled} of {dc.count} pooled successes: no Battle Damage"
    for ident in roll.ship_ids:
        settle_station(session, edit, ident, rules.Position.WEAPONS, outcome)
    space_log(
        session,
        edit,
        "attack",
        f"Swarm on {target.name} ({len(firing)} ships, −{session.space.swarm_penalty} per "
        f"size step smaller): {counted(pooled, 'success', 'successes')}. {outcome}",
        lines,
    )

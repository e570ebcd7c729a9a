"""What space combat's rules say of the session as it stands (R41-R47), read-only: the
chart in force, who holds a position, whether a station may act now, a volley's BD-DC
and a scan's bonus. The bridge calls these before a click; the commands call them too."""

from __future__ import annotations

from fractions import Fraction

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.state import (
    ActiveCondition,
    ChartRow,
    Combatant,
    DeclaredRoll,
    Session,
    Ship,
    SpaceRound,
    SpaceState,
)

SPACE_SOURCE = "space: "
"""Conditions the bridge puts on crew carry this source prefix; the space round ticks them."""


def default_chart() -> tuple[ChartRow, ...]:
    """R46's chart as session data."""
    return tuple(ChartRow(e.roll, e.dc, e.name, e.effect, e.key) for e in rules.BATTLE_DAMAGE_CHART)


def chart_of(space: SpaceState) -> tuple[ChartRow, ...]:
    """The session's chart (R46's default until the GM edits it)."""
    return space.chart or default_chart()


NPC_ADVANTAGE_DIE = "1d2"
"""R46: a named crew member who is not one of the session's combatants has no sheet here;
a plasma failure or a blown capacitor rolls the lowest Advantage Die (a new combatant's)."""


def crew_member(session: Session, ship: Ship, position: rules.Position) -> Combatant | None:
    slot = ship.crew.get(position.value)
    if slot is None or slot.combatant_id is None:
        return None
    return session.combatants.get(slot.combatant_id)


def effect_active(ship: Ship, key: str) -> bool:
    """R46: a chart line's effect (by its key: ``engines``, ``sensors`` …) holds on the ship
    now: its Battle Damage is not repaired and its effect has not worn off (R58)."""
    names = {e.name for e in ship.effects}
    if any(d.key == key and d.name in names for d in ship.damage):
        return True
    default = next((e.name for e in rules.BATTLE_DAMAGE_CHART if e.key == key), None)
    return default in names


def bay_words(name: str) -> str:
    """A bay as the log says it: ``bay 3``, but ``Cargo bay`` as it is named."""
    return name if "bay" in name.lower() else f"bay {name}"


def manned(ship: Ship, position: rules.Position) -> bool:
    """R41: someone holds the position (a combatant, or an NPC by name)."""
    slot = ship.crew.get(position.value)
    return slot is not None and (slot.combatant_id is not None or bool(slot.name.strip()))


def crew_name(session: Session, ship: Ship, position: rules.Position) -> str:
    """Who holds a position, as the log says it."""
    member = crew_member(session, ship, position)
    if member is not None:
        return member.name
    slot = ship.crew.get(position.value)
    if slot is not None and slot.name:
        return slot.name
    return f"{ship.name}'s {position.label}"


def crew_mod(session: Session, ship: Ship, position: rules.Position, ability: str) -> int:
    member = crew_member(session, ship, position)
    return member.abilities.mod(ability) if member is not None else 0


def runs_in_space(session: Session, held: ActiveCondition) -> bool:
    """A crew counter the space fight runs (R58): set by Battle Damage, it goes down at the
    space rounds' ends, not in the ground's Counters phases, and a ground fight that ends
    leaves it running. Once no space fight runs, it is a counter like any other."""
    return session.space.round.active and held.source.startswith(SPACE_SOURCE)


def running_fight(session: Session) -> SpaceRound:
    fight = session.space.round
    if not fight.active:
        raise CombatFlowError("no space combat is running; start one first")
    return fight


def station_ship(session: Session, ship_id: str, position: rules.Position) -> Ship:
    """R41: the position may act now, and has not acted this round."""
    fight = running_fight(session)
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
    if not manned(ship, position):
        raise CombatFlowError(
            f"nobody holds {ship.name}'s {position.label} station: put a combatant or an "
            "NPC there first (R41)"
        )
    unfit = crew_unfit(session, ship, position)
    if unfit:
        raise CombatFlowError(
            f"{unfit} and cannot work {ship.name}'s {position.label} station: put someone "
            "else there"
        )
    return ship


def crew_unfit(session: Session, ship: Ship, position: rules.Position) -> str:
    """R54: why the combatant at ``position`` can do nothing there ("Art is Dying"), or ""
    (nobody there, an NPC, or someone able)."""
    member = crew_member(session, ship, position)
    if member is None:
        return ""
    # (the attack rules load with the first command, not with the first frame)
    from futurepath_desktop.session.attack_plan import condition_defs

    for entry in condition_defs(session, member):
        if entry.effects.cannot_act:
            return f"{member.name} is {entry.name}"
    return ""


def station_refusal(session: Session, ship_id: str, position: rules.Position) -> str | None:
    """Why a crew position may not act now, or None when it may: the very check every
    station's command makes (R41, R45, R47), so the bridge can say so before a click."""
    try:
        station_ship(session, ship_id, position)
    except CommandError as error:
        return str(error)
    return None


def volley_dc(attacker: Ship, target: Ship) -> rules.BdDc:
    """R42: the target's BD-DC with both ships' flying taken into account."""
    base = rules.bd_dc(target.structure, target.shields)
    return rules.flying_adjusted(base, rules.Flying(attacker.flying), rules.Flying(target.flying))


def swarm_dc(target: Ship) -> rules.BdDc:
    """R42: the BD-DC a swarm meets: the target's, one success more if it flies
    defensively (R57: Fly Defensively is the target's)."""
    base = rules.bd_dc(target.structure, target.shields)
    return rules.flying_adjusted(base, rules.Flying.NORMAL, rules.Flying(target.flying))


def scan_bonus(session: Session, ship: Ship) -> int:
    """R44: the Sensor Mod, if this ship's scan succeeded this round."""
    return max(0, ship.sensors) if ship.id in session.space.round.scanned else 0


def scan_waits(session: Session, ship: Ship) -> bool:
    """R57: the ship's scan is entered this phase and not yet rolled."""
    return any(r.kind == "scan" and ship.id in r.ship_ids for r in session.space.round.declared)


def scan_chance(session: Session, ship: Ship) -> Fraction:
    """R60: the chance the ship's Scan check (d20 + the Sensor Officer's INT modifier)
    meets the session's Scan DC."""
    mod = crew_mod(session, ship, rules.Position.SENSORS, "intelligence")
    faces = sum(1 for face in range(1, 21) if face + mod >= session.space.scan_dc)
    return Fraction(faces, 20)


def waiting_volley(session: Session, ship: Ship) -> DeclaredRoll | None:
    """The ship's volley at Battle Damage entered this phase and not yet rolled (R57)."""
    for roll in session.space.round.declared:
        aimed = roll.system or roll.bay
        if roll.kind == "volley" and roll.ship_ids[0] == ship.id and not aimed:
            return roll if roll.target_id in session.ships else None
    return None


def waiting_rolls(session: Session) -> list[str]:
    """The rolls entered this phase and not yet rolled (R57), in words."""
    said = []
    for roll in session.space.round.declared:
        ships = [session.ships[i] for i in roll.ship_ids if i in session.ships]
        target = session.ships.get(roll.target_id)
        if not ships or target is None:
            continue
        if roll.kind == "scan":
            said.append(f"{ships[0].name}'s scan of {target.name}")
        elif roll.kind == "volley":
            aim = f" ({roll.system or 'bay ' + str(roll.bay)})" if roll.system or roll.bay else ""
            said.append(f"{ships[0].name}'s volley at {target.name}{aim}")
        else:
            said.append(f"a swarm of {len(ships)} ships at {target.name}")
    return said


def already_damaged(session: Session, target: Ship) -> bool:
    """R45: at most 1 Battle Damage per ship per round."""
    return any(p.target_id == target.id for p in session.space.round.pending)

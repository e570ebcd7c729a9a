"""The numbers behind every chart, from the same exact functions the tests check against
brute force (``core.odds``, ``core.starship``) and from the session's log. No plotting
here, so the figures can be read back and checked without a window."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.attacks import AttackSetup
from futurepath_desktop.session.state import Session, Ship

AC_RANGE = range(5, 31)


@dataclass(frozen=True, slots=True)
class OutcomeBars:
    """An attack's outcomes: the chance of a miss, of a critical failure, and of each damage
    total on a hit and on a critical (R19-R21), with the expected damage."""

    miss: float
    critical_failure: float
    hit: dict[int, float]
    critical: dict[int, float]
    expected: float

    def rows(self) -> list[tuple[str, float]]:
        """The bars as (label, probability), for the CSV export."""
        rows = [("miss", self.miss), ("critical failure", self.critical_failure)]
        rows += [(f"hit, {d} damage", p) for d, p in self.hit.items()]
        rows += [(f"critical, {d} damage", p) for d, p in self.critical.items()]
        return rows


def outcome_bars(setup: AttackSetup) -> OutcomeBars:
    """The bars of the attack chart, exactly."""
    from futurepath_desktop.core.odds import CRIT, FAIL, HIT, MISS, odds_for

    odds = odds_for(setup)  # the very result the attack form shows (cached)
    exact = odds.outcomes.exact
    hit = {d: float(exact[HIT] * p) for d, p in odds.normal.items()}
    crit = {d: float(exact[CRIT] * p) for d, p in odds.critical.items()}
    return OutcomeBars(float(exact[MISS]), float(exact[FAIL]), hit, crit, odds.expected)


def hit_chance_by_ac(setup: AttackSetup, acs: range = AC_RANGE) -> list[tuple[int, float]]:
    """The chance to hit (criticals included) against each AC, sources as set up."""
    from futurepath_desktop.core.odds import hit_chances

    tally = setup.tally()
    chances = hit_chances(
        setup.accuracy_modifier + tally.flat,
        tally.net,
        setup.advantage_die,
        list(acs),
        setup.weapon.crit_min,
    )
    return [(ac, float(p)) for ac, p in zip(acs, chances, strict=True)]


@dataclass(frozen=True, slots=True)
class BattleDamageCurve:
    """R42-R44: the chance of Battle Damage for 1 … all hard points, without and with the
    scan bonus, against one BD-DC."""

    hard_points: list[int]
    without_scan: list[float]
    with_scan: list[float]
    dc: rules.BdDc
    scan_bonus: int


def battle_damage_curve(ship: Ship, target: Ship) -> BattleDamageCurve:
    """The chart of the weapons console for this attacker and target."""
    dc = rules.flying_adjusted(
        rules.bd_dc(target.structure, target.shields),
        rules.Flying(ship.flying),
        rules.Flying(target.flying),
    )
    points = list(range(1, max(1, ship.hard_points) + 1))
    rerolls = max(0, ship.weapons)
    bonus = max(0, ship.sensors)
    return BattleDamageCurve(
        points,
        [rules.battle_damage_odds(n, dc.count, dc.threshold, rerolls, 0) for n in points],
        [rules.battle_damage_odds(n, dc.count, dc.threshold, rerolls, bonus) for n in points],
        dc,
        bonus,
    )


# --- the fight so far, from the log ---------------------------------------------------------

_TAKES = re.compile(r" takes (\d+) damage")
_STATE = re.compile(r"→ (HP|Health) (\d+)/(\d+)(?:, fatigue (\d+))?")
_BATTLE_DAMAGE = re.compile(r" takes Battle Damage \((\d+)/(\d+)\)")


@dataclass
class FightHistory:
    """Health over rounds per combatant, damage per team per round, and Battle Damage per
    ship over rounds, read from the log (and so in step with undo)."""

    health: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    fatigue: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    dealt: dict[str, dict[int, int]] = field(default_factory=dict)
    taken: dict[str, dict[int, int]] = field(default_factory=dict)
    battle_damage: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


def _who(text: str, names: list[str]) -> str | None:
    for name in names:  # longest first, so "Space Bear 12" wins over "Space Bear 1"
        if text.startswith(name + " "):
            return name
    return None


def fight_history(session: Session) -> FightHistory:
    """Read the fight's course back from the log's damage, heal and Battle Damage lines."""
    history = FightHistory()
    people = {c.name: c for c in session.combatants.values()}
    names = sorted(people, key=len, reverse=True)
    ships = sorted((s.name for s in session.space.ships), key=len, reverse=True)
    for ship in session.space.ships:
        history.battle_damage[ship.name] = [(0, 0)]
    for combatant in session.combatants.values():
        start = combatant.max_health if session.options.health_fatigue else combatant.max_hp
        history.health[combatant.name] = [(0, start)]
    for entry in session.log:
        if entry.kind not in ("damage", "heal"):
            continue
        ship_name = _who(entry.text, ships)
        found = _BATTLE_DAMAGE.search(entry.text)
        if ship_name is not None and found:
            history.battle_damage[ship_name].append((entry.round, int(found.group(1))))
            continue
        name = _who(entry.text, names)
        state = _STATE.search(entry.text)
        if name is None or state is None:
            continue
        history.health[name].append((entry.round, int(state.group(2))))
        if state.group(4) is not None:
            history.fatigue.setdefault(name, []).append((entry.round, int(state.group(4))))
        taken = _TAKES.search(entry.text)
        if taken:
            amount = int(taken.group(1))
            team = session.teams.get(people[name].team_id)
            if team is not None:
                row = history.taken.setdefault(team.name, {})
                row[entry.round] = row.get(entry.round, 0) + amount
            acting = session.teams.get(entry.team_id or "")
            if acting is not None and (team is None or acting.id != team.id):
                row = history.dealt.setdefault(acting.name, {})
                row[entry.round] = row.get(entry.round, 0) + amount
    return history

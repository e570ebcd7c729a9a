"""The numbers behind every chart, from the same exact functions the tests check against
brute force (``core.odds``, ``core.starship``) and from the session's log. No plotting
here, so the figures can be read back and checked without a window."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.attacks import AttackSetup
from futurepath_desktop.session.state import Combatant, Session, Ship, Team

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


def outcome_bars(setup: AttackSetup, connects: Fraction = Fraction(1)) -> OutcomeBars:
    """The bars of the attack chart, exactly. A shot that may not reach the target at all
    (``connects`` < 1, R32's d10 through full cover) misses whenever it does not."""
    from futurepath_desktop.core.odds import CRIT, FAIL, HIT, MISS, odds_for

    odds = odds_for(setup)  # the very result the attack form shows (cached)
    exact = odds.outcomes.exact
    hit = {d: float(connects * exact[HIT] * p) for d, p in odds.normal.items()}
    crit = {d: float(connects * exact[CRIT] * p) for d, p in odds.critical.items()}
    miss = 1 - connects + connects * exact[MISS]
    expected = float(connects) * odds.expected
    return OutcomeBars(float(miss), float(connects * exact[FAIL]), hit, crit, expected)


MISS_LABEL = "miss"
FAIL_LABEL = "crit. fail"
_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)


@dataclass(frozen=True, slots=True)
class OutcomeAxis:
    """Where the attack chart puts its miss and critical-failure bars (at ``-2 * gap`` and
    ``-gap``), the x range, and the labels that fit side by side at the axis's width."""

    gap: int
    left: float
    right: float
    ticks: list[tuple[float, str]]

    @property
    def miss_x(self) -> float:
        """The miss bar's place."""
        return -2.0 * self.gap

    @property
    def fail_x(self) -> float:
        """The critical failure bar's place."""
        return -1.0 * self.gap


def outcome_axis(
    highest: int, pixels: float, width: Callable[[str], float], pad: float = 8.0
) -> OutcomeAxis:
    """Lay out the attack chart's x axis so that no label covers another: the miss and
    critical-failure bars stand apart from the damage bars by as many units as their
    labels need at this width, damage totals are labelled every 1, 2, 5, 10 … as room
    allows, and a label that would still touch another is left out."""
    pixels = max(1.0, pixels)

    def lay(gap: int) -> tuple[float, float, float]:
        left, right = -2.0 * gap - 0.6, highest + 0.6
        for _ in range(2):  # the miss label must fit inside the left edge
            per_unit = pixels / (right - left)
            left = -2.0 * gap - max(0.6, (width(MISS_LABEL) / 2 + 2) / per_unit)
        return left, right, pixels / (right - left)

    apart = (width(MISS_LABEL) + width(FAIL_LABEL)) / 2 + pad
    before_zero = (width(FAIL_LABEL) + width("0")) / 2 + pad
    gap = 1
    left, right, per_unit = lay(gap)
    while gap * per_unit < max(apart, before_zero) and gap <= highest + 2:
        gap += 1
        left, right, per_unit = lay(gap)
    widest = max(width(str(d)) for d in range(highest + 1))
    step = next((s for s in _STEPS if s * per_unit >= widest + pad), _STEPS[-1])
    wanted = [(-2.0 * gap, MISS_LABEL), (-1.0 * gap, FAIL_LABEL)]
    wanted += [(float(d), str(d)) for d in range(0, highest + 1, step)]
    kept: list[tuple[float, str]] = []
    spans: list[tuple[float, float]] = []
    for x, text in wanted:
        middle = (x - left) * per_unit
        start, end = middle - width(text) / 2, middle + width(text) / 2
        if all(end + pad / 2 <= a or start >= b + pad / 2 for a, b in spans):
            kept.append((x, text))
            spans.append((start, end))
    return OutcomeAxis(gap, left, right, kept)


def hit_chance_by_ac(
    setup: AttackSetup, acs: range = AC_RANGE, connects: Fraction = Fraction(1)
) -> list[tuple[int, float]]:
    """The chance to hit (criticals included) against each AC, sources as set up; a shot
    that may not reach the target at all (R32's d10) hits only when it does."""
    from futurepath_desktop.core.odds import hit_chances

    tally = setup.tally()
    chances = hit_chances(
        setup.accuracy_modifier + tally.flat,
        tally.net,
        setup.advantage_die,
        list(acs),
        setup.weapon.crit_min,
    )
    return [(ac, float(connects * p)) for ac, p in zip(acs, chances, strict=True)]


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

# Every HP or Health change is logged by one pair of functions (``apply_damage`` and
# ``apply_heal``), whatever its source: an attack, a grenade, burning, bleeding, a fall, a
# coup de grace, a plasma failure on the bridge. Their line is found wherever it stands: in
# an entry's text or in one of its lines (a grenade's blast lists each victim there).
# The name before the change is one of the session's combatants (looked up, not put in the
# pattern: a thousand names in one pattern would be tried at every character of the log).
CHANGE_TEXT = re.compile(
    r" (?:takes (?P<taken>\d+) damage(?: from (?P<source>[^;→]*))?|heals (?P<healed>\d+)\b)"
    r"[^→]*→ (?:HP|Health) (?P<value>-?\d+)/\d+(?:, fatigue (?P<fatigue>\d+))?"
)
BATTLE_DAMAGE_TEXT = re.compile(r" takes Battle Damage \((\d+)/(\d+)\)")
REPAIRED_TEXT = re.compile(r" repairs (?P<ship>.+?)'s .*: repaired \(Battle Damage (\d+)/\d+\)")
"""A repair that worked, and the Battle Damage the ship is left with."""
LANDS_TEXT = re.compile(r" throws a grenade at .*?; lands on (?P<square>[^.\s]+)\.")
EXPLODES_TEXT = re.compile(r"^The grenade explodes at (?P<square>[^:\s]+):")


@dataclass
class FightHistory:
    """Health over rounds per combatant, damage per team per round, and Battle Damage per
    ship over space rounds, read from the log (and so in step with undo)."""

    health: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    fatigue: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    dealt: dict[str, dict[int, int]] = field(default_factory=dict)
    taken: dict[str, dict[int, int]] = field(default_factory=dict)
    battle_damage: dict[str, list[tuple[int, int]]] = field(default_factory=dict)

    def total_taken(self) -> int:
        """Every point of damage taken in the fight, all teams and rounds."""
        return sum(sum(rounds.values()) for rounds in self.taken.values())


def who_in(text: str, names: list[str]) -> str | None:
    for name in names:  # longest first, so "Space Bear 12" wins over "Space Bear 1"
        if text.startswith(name + " "):
            return name
    return None


class NameFinder:
    """The combatants' names, found at the end of a piece of text (longest first, so
    "Space Bear 12" wins over "Space Bear 1")."""

    def __init__(self, names: list[str]) -> None:
        self.by_last_word: dict[str, list[str]] = {}
        for name in sorted(names, key=len, reverse=True):
            self.by_last_word.setdefault(name.rsplit(" ", 1)[-1], []).append(name)

    def ending(self, text: str) -> str | None:
        """The name ``text`` ends with, as a whole word."""
        for name in self.by_last_word.get(text.rsplit(" ", 1)[-1], ()):
            if text.endswith(name):
                before = text[: -len(name)]
                if not before or not (before[-1].isalnum() or before[-1] in "'_"):
                    return name
        return None


def _add(table: dict[str, dict[int, int]], team: str, round_number: int, amount: int) -> None:
    row = table.setdefault(team, {})
    row[round_number] = row.get(round_number, 0) + amount


def fight_history(session: Session) -> FightHistory:
    """Read the fight's course back from the log: every HP or Health change, whatever its
    source, and every ship's Battle Damage by space round (R45)."""
    from futurepath_desktop.ui.plots.fight_reader import FightReader

    return FightReader().history(session)


def record_change(
    history: FightHistory,
    session: Session,
    people: dict[str, Combatant],
    victim: Combatant,
    hit: re.Match[str],
    round_number: int,
    thrower: str | None,
    acting: Team | None,
) -> None:
    """One HP or Health change: the health line; damage taken by the victim's team and
    dealt by the source's team (the attacker, or the one the source begins with, "James's
    arc"; the grenade's thrower; else, when the damage names no source, the acting team):
    a source that is nobody, a fall or a fire or a template's area, deals for no team."""
    name = victim.name
    history.health[name].append((round_number, int(hit.group("value"))))
    if hit.group("fatigue") is not None:
        history.fatigue.setdefault(name, []).append((round_number, int(hit.group("fatigue"))))
    if hit.group("taken") is None:
        return
    amount = int(hit.group("taken"))
    team = session.teams.get(victim.team_id)
    if team is not None:
        _add(history.taken, team.name, round_number, amount)
    source = (hit.group("source") or "").strip()
    dealer = thrower if thrower is not None else source
    # "James's arc": James. ``people`` runs longest name first: "Bear Hunter bites" is the
    # Bear Hunter's, not a Bear's.
    if dealer not in people:
        dealer = next((n for n in people if source.startswith((f"{n}'s ", f"{n} "))), dealer)
    if dealer in people:
        by = session.teams.get(people[dealer].team_id)
    else:
        by = None if source else acting
    if by is not None and (team is None or by.id != team.id):
        _add(history.dealt, by.name, round_number, amount)

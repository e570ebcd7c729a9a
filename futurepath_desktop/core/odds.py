"""Exact odds of attacks and their damage, computed with icepool.

icepool is imported inside the functions, not at module import, so that nothing pays for
it until a chance is first shown. Import this module lazily too.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import msgspec
from msgspec import field

from futurepath_desktop.core.advantage import MAX_NET_ADVANTAGE, advantage_die_term
from futurepath_desktop.core.checks import check_crit_min
from futurepath_desktop.core.dice import DiceTerm, parse_dice
from futurepath_desktop.core.errors import InvalidValueError, TooMuchDisadvantageError

if TYPE_CHECKING:
    from futurepath_desktop.core.attacks import AttackSetup

CRIT = "critical"
HIT = "hit"
MISS = "miss"
FAIL = "critical failure"


class AttackOdds(msgspec.Struct, frozen=True):
    """The chances of an attack's outcomes. ``hit`` includes criticals (R4)."""

    exact: dict[str, Fraction]

    @property
    def hit(self) -> float:
        """P(hit), criticals included."""
        return float(self.exact[HIT] + self.exact[CRIT])

    @property
    def critical(self) -> float:
        """P(a natural roll in the critical range)."""
        return float(self.exact[CRIT])

    @property
    def critical_failure(self) -> float:
        """P(a natural 1)."""
        return float(self.exact[FAIL])

    @property
    def miss(self) -> float:
        """P(no hit), critical failures included."""
        return float(self.exact[MISS] + self.exact[FAIL])


def _check_net(net_advantage: int) -> None:
    if net_advantage < -MAX_NET_ADVANTAGE:
        raise TooMuchDisadvantageError(-net_advantage, "given as a net count")
    if net_advantage > MAX_NET_ADVANTAGE:
        raise InvalidValueError(f"net advantage is capped at 3 (R2), not {net_advantage}")


def _advantage_total(net_advantage: int, advantage_die: str) -> Any:
    """The signed sum of the net Advantage Dice, as an icepool die."""
    import icepool

    term = advantage_die_term(advantage_die)
    if net_advantage == 0:
        return icepool.Die([0])
    total = (abs(net_advantage) * term.count) @ icepool.d(term.sides)
    return -total if net_advantage < 0 else total


def _advantage_weights(net_advantage: int, advantage_die: str) -> tuple[list[tuple[int, int]], int]:
    """The net Advantage Dice's signed totals, each with its number of ways to fall, and
    the number of ways in all (the weight of one face of the d20)."""
    advantage = _advantage_total(net_advantage, advantage_die)
    extras = [
        (int(extra), ways)
        for extra, ways in zip(advantage.outcomes(), advantage.quantities(), strict=True)
    ]
    return extras, int(advantage.denominator())


def attack_odds(
    bonus: int,
    net_advantage: int,
    advantage_die: str,
    target_ac: int,
    crit_min: int = 20,
) -> AttackOdds:
    """R2/R4/R19: exact chances that d20 ± Advantage Dice + bonus hits ``target_ac``.

    A natural roll of ``crit_min`` or more always hits as a critical; a natural 1 always
    misses as a critical failure. Counted in whole numbers of ways, face by face of the
    d20 (a callback per pair of outcomes through the dice library took most of a chart's
    redraw).
    """
    check_crit_min(crit_min)
    _check_net(net_advantage)
    extras, per_face = _advantage_weights(net_advantage, advantage_die)
    ways = dict.fromkeys((CRIT, HIT, MISS, FAIL), 0)
    for natural in range(1, 21):
        if natural >= crit_min:
            ways[CRIT] += per_face
        elif natural == 1:
            ways[FAIL] += per_face
        else:
            hits = sum(n for extra, n in extras if natural + extra + bonus >= target_ac)
            ways[HIT] += hits
            ways[MISS] += per_face - hits
    return AttackOdds({key: Fraction(n, 20 * per_face) for key, n in ways.items()})


class DamageOdds(msgspec.Struct, frozen=True):
    """The distribution of an attack's total damage (0 on a miss) and its expectation."""

    outcomes: AttackOdds
    distribution: dict[int, Fraction]
    normal: dict[int, Fraction] = field(default_factory=dict)  # damage on a plain hit
    critical: dict[int, Fraction] = field(default_factory=dict)  # damage on a critical

    @property
    def expected(self) -> float:
        """The mean damage of one attack, misses counted as 0."""
        return float(sum(value * p for value, p in self.distribution.items()))


def damage_distribution(die: str, modifier: int, multiplier: int = 1) -> dict[int, Fraction]:
    """The exact distribution of ``multiplier`` × the damage dice + modifier, floored at 0."""
    import icepool

    term = parse_dice(die).terms[0]
    if not isinstance(term, DiceTerm) or len(parse_dice(die).terms) != 1:
        raise InvalidValueError(f"a damage die is one dice term such as 1d8, not {die!r}")
    rolled = (term.count * multiplier) @ icepool.d(term.sides)
    result: dict[int, Fraction] = {}
    for value, probability in zip(rolled.outcomes(), rolled.probabilities(), strict=True):
        total = max(0, int(value) + modifier)
        result[total] = result.get(total, Fraction(0)) + Fraction(probability)
    return result


def attack_damage_odds(
    bonus: int,
    net_advantage: int,
    advantage_die: str,
    target_ac: int,
    damage_die: str,
    damage_modifier: int = 0,
    crit_min: int = 20,
    crit_multiplier: int = 2,
) -> DamageOdds:
    """R19-R21: the damage of one attack: 0 on a miss, the dice on a hit, the dice
    ``crit_multiplier`` times on a critical; modifiers count once."""
    if not 2 <= crit_multiplier <= 4:
        raise InvalidValueError(f"a critical multiplier is ×2 to ×4 (R21), not ×{crit_multiplier}")
    outcomes = attack_odds(bonus, net_advantage, advantage_die, target_ac, crit_min)
    normal = damage_distribution(damage_die, damage_modifier)
    critical = damage_distribution(damage_die, damage_modifier, crit_multiplier)
    distribution: dict[int, Fraction] = {0: outcomes.exact[MISS] + outcomes.exact[FAIL]}
    for weight, table in ((outcomes.exact[HIT], normal), (outcomes.exact[CRIT], critical)):
        for value, p in table.items():
            distribution[value] = distribution.get(value, Fraction(0)) + weight * p
    return DamageOdds(outcomes, dict(sorted(distribution.items())), normal, critical)


@lru_cache(maxsize=256)
def odds_for(setup: AttackSetup) -> DamageOdds:
    """The exact odds of an attack as the resolver would roll it (sources tallied first);
    the form and the chart ask for the same setup, which is worked out once."""
    tally = setup.tally()
    return attack_damage_odds(
        setup.accuracy_modifier + tally.flat,
        tally.net,
        setup.advantage_die,
        setup.target_ac,
        setup.damage_die,
        setup.damage_modifier,
        setup.weapon.crit_min,
        setup.weapon.crit_multiplier,
    )


def hit_chances(
    bonus: int,
    net_advantage: int,
    advantage_die: str,
    target_acs: Sequence[int],
    crit_min: int = 20,
) -> list[Fraction]:
    """:func:`attack_odds`'s chance to hit (criticals included) for many ACs at once.

    The d20 and the Advantage Dice are combined once; each AC then only sums the part of
    that joint distribution that reaches it. (A chart of 26 ACs costs one icepool call
    instead of 26.)
    """

    check_crit_min(crit_min)
    _check_net(net_advantage)
    # Whole-number weights: 20 d20 faces × the Advantage Dice's own quantities.
    extras, per_face = _advantage_weights(net_advantage, advantage_die)
    denominator = 20 * per_face
    automatic = 0
    totals: dict[int, int] = {}
    for natural in range(1, 21):
        if natural >= crit_min:
            automatic += per_face
        elif natural != 1:
            for extra, weight in extras:
                total = natural + extra + bonus
                totals[total] = totals.get(total, 0) + weight
    ordered = sorted(totals.items(), reverse=True)
    chances = []
    for ac in target_acs:
        reached = automatic + sum(weight for total, weight in ordered if total >= ac)
        chances.append(Fraction(reached, denominator))
    return chances

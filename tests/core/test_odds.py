"""Exact attack odds against brute-force enumeration (R2, R4, R19-R21)."""

from __future__ import annotations

import itertools
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from futurepath_desktop.core.advantage import ADVANTAGE_LADDER, AdvantageSource
from futurepath_desktop.core.attacks import AttackSetup, Weapon
from futurepath_desktop.core.errors import TooMuchDisadvantageError
from futurepath_desktop.core.odds import attack_damage_odds, attack_odds, hit_chances, odds_for

TOLERANCE = 1e-12


def die_shape(text: str) -> tuple[int, int]:
    count, sides = text.split("d")
    return int(count), int(sides)


@cache
def brute_sums(dice: int, sides: int) -> dict[int, int]:
    """Every way ``dice`` dice of ``sides`` sides can fall, counted face by face."""
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=dice):
        counts[sum(faces)] += 1
    return dict(counts)


def brute_attack(bonus: int, net: int, die: str, ac: int, crit_min: int) -> dict[str, Fraction]:
    """Enumerate the d20 and every face of every Advantage Die."""
    count, sides = die_shape(die)
    sums = brute_sums(abs(net) * count, sides) if net else {0: 1}
    ways: Counter[str] = Counter()
    for natural in range(1, 21):
        for total, n in sums.items():
            extra = total if net >= 0 else -total
            if natural >= crit_min:
                ways["critical"] += n
            elif natural == 1:
                ways["critical failure"] += n
            elif natural + extra + bonus >= ac:
                ways["hit"] += n
            else:
                ways["miss"] += n
    denominator = 20 * sum(sums.values())
    return {
        k: Fraction(ways[k], denominator) for k in ("critical", "hit", "miss", "critical failure")
    }


@pytest.mark.parametrize("die", ADVANTAGE_LADDER)
@pytest.mark.parametrize("net", [-3, -2, -1, 0, 1, 2, 3])
def test_attack_odds_match_brute_force_for_every_die_and_net(die: str, net: int) -> None:
    for bonus, ac, crit_min in [(3, 15, 20), (0, 25, 19), (7, 9, 17), (-2, 30, 20), (5, 2, 18)]:
        expected = brute_attack(bonus, net, die, ac, crit_min)
        odds = attack_odds(bonus, net, die, ac, crit_min)
        assert odds.exact == expected
        assert abs(odds.hit - float(expected["hit"] + expected["critical"])) < TOLERANCE
        assert abs(odds.critical - float(expected["critical"])) < TOLERANCE
        assert abs(odds.critical_failure - float(expected["critical failure"])) < TOLERANCE
        assert abs(odds.hit + odds.miss - 1) < TOLERANCE


def test_r4_crits_and_fumbles_bound_the_chance_to_hit() -> None:
    impossible = attack_odds(0, 0, "1d2", 100, crit_min=19)
    assert impossible.hit == pytest.approx(0.10, abs=TOLERANCE)
    certain = attack_odds(50, 0, "1d2", 5)
    assert certain.hit == pytest.approx(0.95, abs=TOLERANCE)


def test_r2_odds_refuse_a_fourth_disadvantage() -> None:
    with pytest.raises(TooMuchDisadvantageError):
        attack_odds(0, -4, "1d2", 10)


def brute_damage(
    bonus: int, net: int, adv: str, ac: int, dmg: str, mod: int, crit_min: int, mult: int
) -> dict[int, Fraction]:
    """Enumerate d20, Advantage Dice and damage dice jointly."""
    a_count, a_sides = die_shape(adv)
    d_count, d_sides = die_shape(dmg)
    adv_faces = list(itertools.product(range(1, a_sides + 1), repeat=abs(net) * a_count))
    normal = list(itertools.product(range(1, d_sides + 1), repeat=d_count))
    critical = list(itertools.product(range(1, d_sides + 1), repeat=d_count * mult))
    result: Counter[int] = Counter()
    weight_each = Fraction(1, 20 * len(adv_faces))
    for natural in range(1, 21):
        for faces in adv_faces:
            extra = sum(faces) if net >= 0 else -sum(faces)
            if natural == 1 or (natural < crit_min and natural + extra + bonus < ac):
                result[0] += weight_each  # type: ignore[assignment]
                continue
            table = critical if natural >= crit_min else normal
            for rolled in table:
                result[max(0, sum(rolled) + mod)] += weight_each / len(table)  # type: ignore[assignment]
    return {k: Fraction(v) for k, v in sorted(result.items())}


@pytest.mark.parametrize(
    ("bonus", "net", "adv", "ac", "dmg", "mod", "crit_min", "mult"),
    [
        (3, 1, "1d4", 14, "1d8", 3, 20, 2),
        (1, -2, "1d2", 12, "1d10", 0, 19, 3),
        (0, 0, "1d2", 11, "1d6", -2, 20, 2),  # a weak hit floors at 0 damage
        (4, 1, "2d8", 20, "2d8", 1, 18, 2),
        (2, -1, "1d6", 15, "1d4", 0, 17, 4),
    ],
)
def test_damage_distribution_matches_brute_force(
    bonus: int, net: int, adv: str, ac: int, dmg: str, mod: int, crit_min: int, mult: int
) -> None:
    expected = brute_damage(bonus, net, adv, ac, dmg, mod, crit_min, mult)
    odds = attack_damage_odds(bonus, net, adv, ac, dmg, mod, crit_min, mult)
    assert odds.distribution == expected
    mean = sum(k * p for k, p in expected.items())
    assert abs(odds.expected - float(mean)) < TOLERANCE
    assert abs(sum(float(p) for p in odds.distribution.values()) - 1) < TOLERANCE


def test_odds_for_an_attack_setup_use_the_resolvers_tally() -> None:
    axe = Weapon("axe", 5, crit_min=19, crit_multiplier=3)
    setup = AttackSetup(
        "Katie", "Bear", axe, str_mod=3, dex_mod=0, target_ac=13,
        sources=(AdvantageSource("Flanking", advantages=1), AdvantageSource("GM", flat=1)),
        advantage_die="1d4",
    )  # fmt: skip
    odds = odds_for(setup)
    expected = brute_damage(3 + 1, 1, "1d4", 13, "1d12", 3, 19, 3)
    assert odds.distribution == expected


def test_icepool_is_imported_only_when_odds_are_computed() -> None:
    code = (
        "import sys\n"
        "import futurepath_desktop.core.odds, futurepath_desktop.core.attacks\n"
        "import futurepath_desktop.core.demo\n"
        "assert 'icepool' not in sys.modules, 'icepool imported too early'\n"
        "futurepath_desktop.core.odds.attack_odds(1, 0, '1d2', 10)\n"
        "assert 'icepool' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("bonus", "net", "die", "crit_min"),
    [(3, 0, "1d2", 20), (5, 3, "2d12", 17), (-2, -3, "1d8", 19), (0, 2, "2d8", 20)],
)
def test_hit_chances_for_many_acs_equal_attack_odds_one_ac_at_a_time(
    bonus: int, net: int, die: str, crit_min: int
) -> None:
    acs = list(range(0, 45, 3))
    together = hit_chances(bonus, net, die, acs, crit_min)
    for ac, chance in zip(acs, together, strict=True):
        one = attack_odds(bonus, net, die, ac, crit_min).exact
        assert chance == one["hit"] + one["critical"]

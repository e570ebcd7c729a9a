"""R48, the readings kept: damage floored at 0, temporary HP that do not stack, Shaken for
1 round, one ranged disadvantage per increment *beyond the first*, Sickened the milder
step before Nauseated, and Prone's melee disadvantage on the prone combatant's own melee.
Each expectation is worked from the ruling's words, not read from the code."""

from __future__ import annotations

import random

import pytest

from futurepath_desktop.core.attacks import DamageRoll, range_increments_beyond_first
from futurepath_desktop.core.condition_effects import effective, roll_sources, sources_against
from futurepath_desktop.core.conditions import RollTag, condition
from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.vitality import HitPoints, gain_temp_hp


@pytest.mark.parametrize(
    ("feet", "increments"),
    # A 30 ft increment: 0-30 ft costs nothing, 31-60 ft is 1, 61-90 ft is 2 (R48's words).
    [(5, 0), (30, 0), (31, 1), (60, 1), (61, 2), (90, 2), (91, 3)],
)
def test_one_disadvantage_per_increment_beyond_the_first(feet: int, increments: int) -> None:
    assert range_increments_beyond_first(feet, 30) == increments


@pytest.mark.parametrize(("held", "gained"), [(0, 5), (5, 3), (3, 5), (7, 7)])
def test_temporary_hp_do_not_stack_the_larger_stays(held: int, gained: int) -> None:
    assert gain_temp_hp(held, gained) == max(held, gained)


def test_shaken_lasts_one_round_by_default() -> None:
    assert condition("shaken").default_rounds == 1


def test_sickened_is_the_milder_step_of_nausea() -> None:
    sickened, nauseated = condition("sickened"), condition("nauseated")
    assert sickened.track == nauseated.track
    assert sickened.severity < nauseated.severity
    assert effective([sickened, nauseated]) == [nauseated]
    assert effective([nauseated, sickened]) == [nauseated]


def test_prone_melee_disadvantage_is_the_prone_combatants_own() -> None:
    prone = condition("prone")
    own, _ = roll_sources([prone], [RollTag.ATTACK, RollTag.MELEE])
    assert [(s.name, s.disadvantages) for s in own] == [("Prone", 1)]
    ranged, _ = roll_sources([prone], [RollTag.ATTACK, RollTag.RANGED])
    assert ranged == ()
    # Against a prone target, melee gets nothing; ranged from beyond 10 ft gains 1.
    assert sources_against([prone], ranged=False, distance_ft=5) == ()
    assert [s.advantages for s in sources_against([prone], ranged=True, distance_ft=15)] == [1]
    assert sources_against([prone], ranged=True, distance_ft=10) == ()


@pytest.mark.parametrize("seed", range(20))
def test_damage_is_floored_at_0_a_weak_hit_does_no_harm(seed: int) -> None:
    # 1d2 - 5 is always below 0: the hit does 0 damage, never healing.
    roll = Roller(random.Random(seed)).roll("1d2-5")
    assert roll.total < 0
    assert DamageRoll(roll, critical=False, label="Damage").total == 0
    hp = HitPoints(10, 10, 12)
    with pytest.raises(ValueError, match="damage"):
        hp.damage(roll.total)  # the health track refuses a negative amount outright

"""Health: hit points (R26), Health and Fatigue (R27), damage and healing (R28)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.vitality import (
    HealthFatigue,
    HealthWord,
    HitPoints,
    gain_temp_hp,
    health_word,
)
from tests.helpers import scripted


def test_r26_hp_cannot_exceed_max_and_overhealing_is_logged() -> None:
    hp = HitPoints(15, 20, con=12)
    healed, outcome = hp.heal(8)
    assert healed.hp == 20 and outcome.healed == 5 and outcome.overheal == 3
    with pytest.raises(InvalidValueError, match="cannot exceed"):
        HitPoints(21, 20, con=12)


def test_r26_at_zero_or_less_the_combatant_is_dying_and_bleeds_con() -> None:
    hp, outcome = HitPoints(5, 20, con=3).damage(9)
    assert hp.hp == -4 and outcome.overkill == 4 and hp.dying and not hp.dead
    hp, roll = hp.bleed(scripted(2))
    assert roll is not None and roll.render() == "1d4 (2) = 2"
    assert hp.con_damage == 2 and hp.dying
    hp, _ = hp.bleed(scripted(1))
    assert hp.dead and not hp.dying
    still, nothing = HitPoints(5, 20, con=3).bleed(scripted())
    assert nothing is None and still.con_damage == 0


def test_r26_stabilizing_sets_hp_to_1_and_keeps_con_damage() -> None:
    hp = HitPoints(-3, 20, con=12, con_damage=4)
    stable = hp.stabilize()
    assert stable.hp == 1 and stable.con_damage == 4 and not stable.dying
    with pytest.raises(InvalidValueError, match="only a dying"):
        stable.stabilize()


def test_r27_falling_to_zero_and_damage_at_zero_add_fatigue() -> None:
    pool = HealthFatigue(6, 10)
    pool, first = pool.damage(8)
    assert pool.health == 0 and pool.fatigue == 1 and first.overkill == 2 and pool.downed
    pool, _ = pool.damage(1)
    assert pool.fatigue == 2
    pool, _ = pool.damage(3)
    assert pool.slowed and not pool.disadvantage_on_all_rolls
    pool, _ = pool.damage(3)
    assert pool.disadvantage_on_all_rolls and not pool.unconscious
    pool, _ = pool.damage(3)
    assert pool.unconscious and pool.dead
    pool, more = pool.damage(3)
    assert pool.fatigue == 5 and more.fatigue_gained == 0


def test_r27_healing_restores_health_not_fatigue_and_health_is_never_negative() -> None:
    pool = HealthFatigue(0, 10, fatigue=2)
    healed, outcome = pool.heal(15)
    assert healed.health == 10 and healed.fatigue == 2 and outcome.overheal == 5
    with pytest.raises(InvalidValueError):
        HealthFatigue(-1, 10)
    with pytest.raises(InvalidValueError):
        HealthFatigue(3, 10, fatigue=6)


def test_r28_temporary_hp_absorbs_damage_first() -> None:
    hp, outcome = HitPoints(10, 10, con=10, temp_hp=4).damage(6)
    assert hp.temp_hp == 0 and hp.hp == 8
    assert (outcome.absorbed_by_temp, outcome.taken, outcome.overkill) == (4, 2, 0)
    pool, outcome = HealthFatigue(5, 5, temp_hp=10).damage(3)
    assert pool.health == 5 and pool.temp_hp == 7 and pool.fatigue == 0
    assert gain_temp_hp(5, 3) == 5 and gain_temp_hp(2, 6) == 6


@given(st.integers(1, 200), st.lists(st.tuples(st.booleans(), st.integers(0, 60)), max_size=40))
def test_r28_hp_never_exceed_max_and_damage_is_accounted(
    max_hp: int, events: list[tuple[bool, int]]
) -> None:
    hp = HitPoints(max_hp, max_hp, con=50)
    pool = HealthFatigue(max_hp, max_hp)
    for is_heal, amount in events:
        if is_heal:
            before = hp.hp
            hp, healed = hp.heal(amount)
            assert healed.healed + healed.overheal == amount
            assert hp.hp == before + healed.healed or hp.dead
            pool, _ = pool.heal(amount)
        else:
            before = hp.hp
            hp, hurt = hp.damage(amount)
            assert hurt.taken + hurt.absorbed_by_temp == amount
            assert hurt.overkill == max(0, amount - max(0, before))
            pool, _ = pool.damage(amount)
        assert hp.hp <= hp.max_hp
        assert 0 <= pool.health <= pool.max_health and 0 <= pool.fatigue <= 5


def test_negative_amounts_are_refused() -> None:
    with pytest.raises(InvalidValueError, match="damage must be 0 or more"):
        HitPoints(5, 5, con=5).damage(-1)
    with pytest.raises(InvalidValueError, match="healing"):
        HealthFatigue(5, 5).heal(-2)


def test_health_words_for_the_player_view() -> None:
    assert health_word(20, 20) is HealthWord.UNHURT
    assert health_word(11, 20) is HealthWord.WOUNDED
    assert health_word(10, 20) is HealthWord.BLOODIED
    assert health_word(0, 20) is HealthWord.DOWN
    assert HealthFatigue(0, 10).word() is HealthWord.DOWN

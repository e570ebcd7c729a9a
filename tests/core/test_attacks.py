"""Attacks and damage (R17, R19-R25)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.attack_resolution import (
    attack_object,
    coup_de_grace,
    coup_de_grace_save,
    resolve_attack,
    resolve_full_attack,
)
from futurepath_desktop.core.attacks import (
    DAMAGE_DIE_BY_LEVEL,
    FEAT_AKIMBO_SPECIALIST,
    FEAT_GUN_FU,
    FEAT_NITEN_ICHI,
    AttackSetup,
    Weapon,
    accuracy_modifier,
    check_bonus_attack,
    range_increments_beyond_first,
    range_source,
)
from futurepath_desktop.core.dice import DiceExpression, DiceRoll, DiceTerm, Roller
from futurepath_desktop.core.errors import (
    AttackNotAllowedError,
    BonusAttackNotAllowedError,
    InvalidValueError,
    TooMuchDisadvantageError,
)
from tests.helpers import scripted

CLAWS = Weapon("claws", 3)
PISTOL = Weapon("pistol", 3, ranged=True, range_increment_ft=30, accuracy_bonus=1)


def setup(weapon: Weapon = CLAWS, ac: int = 13, **changes: object) -> AttackSetup:
    base = AttackSetup("Bear", "James", weapon, str_mod=3, dex_mod=1, target_ac=ac)
    return replace(base, **changes)


def test_r19_accuracy_uses_str_for_melee_and_dex_for_ranged() -> None:
    assert accuracy_modifier(CLAWS, str_mod=3, dex_mod=1) == 3
    assert accuracy_modifier(PISTOL, str_mod=3, dex_mod=1) == 2


def test_r19_hit_when_the_total_reaches_the_ac() -> None:
    hit = resolve_attack(scripted(10, 4), setup(ac=13))
    assert hit.hit and hit.accuracy is not None and hit.accuracy.total == 13
    miss = resolve_attack(scripted(9), setup(ac=13))
    assert not miss.hit and miss.damage == ()


def test_r19_range_increments_beyond_the_first_each_give_a_disadvantage() -> None:
    assert range_increments_beyond_first(30, 30) == 0
    assert range_increments_beyond_first(35, 30) == 1
    assert range_increments_beyond_first(60, 30) == 1
    assert range_increments_beyond_first(65, 30) == 2
    source = range_source(PISTOL, 95)
    assert source is not None and source.disadvantages == 3
    assert range_source(PISTOL, 20) is None and range_source(CLAWS, 100) is None


def test_r20_damage_dice_by_level_and_melee_adds_str() -> None:
    assert DAMAGE_DIE_BY_LEVEL == (
        "1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "2d8", "2d10", "2d12",
    )  # fmt: skip
    assert Weapon("w", 6).damage_die == "2d8"
    result = resolve_attack(scripted(15, 5), setup())
    assert result.damage[0].roll.render() == "1d8 (5) + 3 = 8"
    ranged = resolve_attack(scripted(15, 5), setup(PISTOL))
    assert ranged.damage[0].roll.render() == "1d8 (5) = 5"
    with pytest.raises(InvalidValueError, match="level must be 0 to 8"):
        Weapon("w", 9)


def test_r21_a_critical_rolls_the_damage_dice_multiplier_times() -> None:
    axe = Weapon("axe", 5, crit_min=19, crit_multiplier=3)
    result = resolve_attack(scripted(19, 1, 2, 3), setup(axe, ac=40))
    assert result.critical and result.hit
    assert result.damage[0].roll.render() == "3d12 (1, 2, 3) + 3 = 9"
    with pytest.raises(InvalidValueError, match=r"×2 to ×4"):
        Weapon("w", 1, crit_multiplier=5)


def test_r4_a_natural_one_misses_whatever_the_total() -> None:
    result = resolve_attack(scripted(1), setup(ac=2, sources=(AdvantageSource("GM", flat=50),)))
    assert result.critical_failure and not result.hit and result.damage == ()
    assert "side effect" in result.render()


# --- R22: Extra Damage -----------------------------------------------------------------


def test_r22_without_a_critical_extras_are_plain_damage_rolls() -> None:
    result = resolve_attack(scripted(10, 4, 5, 6), setup(), extra_damage=2)
    assert [d.total for d in result.damage] == [7, 8, 9]
    assert result.checks == ()


def test_r22_a_hit_on_the_critical_check_makes_that_die_critical() -> None:
    # crit (20) → 2d8; check 12+3=15 ≥ 13 hits → critical extra 2d8; check 11+3 hits → crit.
    roller = scripted(20, 1, 1, 12, 2, 2, 11, 3, 3)
    result = resolve_attack(roller, setup(), extra_damage=2)
    assert [d.critical for d in result.damage] == [True, True, True]
    assert [d.total for d in result.damage] == [5, 7, 9]


def test_r22_a_natural_critical_check_explodes_into_one_more_normal_roll() -> None:
    roller = scripted(20, 1, 1, 20, 2, 2, 4)
    result = resolve_attack(roller, setup(), extra_damage=1)
    assert [(d.critical, d.total) for d in result.damage] == [(True, 5), (True, 7), (False, 7)]
    assert "explodes" in result.damage[2].label


def test_r22_a_missed_check_makes_the_rest_normal_without_more_checks() -> None:
    # crit → 2d8; check 5+3=8 misses → normal; next extra normal with no check.
    roller = scripted(20, 1, 1, 5, 6, 7)
    result = resolve_attack(roller, setup(), extra_damage=2)
    assert [(d.critical, d.total) for d in result.damage] == [(True, 5), (False, 9), (False, 10)]
    assert len(result.checks) == 1


def test_r22_a_critical_failure_stops_the_rest_but_keeps_what_was_rolled() -> None:
    roller = scripted(20, 1, 1, 14, 2, 2, 1)
    result = resolve_attack(roller, setup(), extra_damage=3)
    assert [d.total for d in result.damage] == [5, 7]
    assert result.total_damage == 12
    assert any("critical failure" in note for note in result.notes)


class RecordingRoller(Roller):
    """Keeps every roll made, so a test can see that no rolled damage goes missing."""

    def __init__(self, seed: int) -> None:
        super().__init__(Roller.seeded(seed).rng)
        self.made: list[DiceRoll] = []

    def roll(self, expression: str | DiceExpression) -> DiceRoll:
        made = super().roll(expression)
        self.made.append(made)
        return made


@settings(max_examples=300)
@given(st.integers(0, 2**32), st.integers(0, 6), st.integers(5, 30), st.sampled_from([17, 19, 20]))
def test_r22_damage_already_rolled_is_never_lost(
    seed: int, extras: int, ac: int, crit_min: int
) -> None:
    roller = RecordingRoller(seed)
    weapon = Weapon("blade", 4, crit_min=crit_min, crit_multiplier=3)
    result = resolve_attack(roller, setup(weapon, ac=ac), extra_damage=extras)
    # Every damage roll the roller made is in the result, in order: none was dropped.
    damage_rolls = [r for r in roller.made if r.expression.terms[0] != DiceTerm(1, 20)]
    assert [d.roll for d in result.damage] == damage_rolls
    assert result.total_damage == sum(max(0, r.total) for r in damage_rolls)
    assert len(result.checks) <= extras
    if result.hit:
        # The first hit's damage always stands; each extra adds at most itself and one
        # explosion.
        assert 1 <= len(result.damage) <= 1 + 2 * extras
    else:
        assert result.damage == ()


def test_r23_full_attack_rolls_each_extra_attack() -> None:
    results = resolve_full_attack(Roller.seeded(5), setup(), extra_attacks=2, extra_damage=1)
    assert len(results) == 3
    assert all(r.accuracy is not None for r in results)


# --- R24, R25 --------------------------------------------------------------------------


def test_r24_coup_de_grace_is_an_automatic_critical_on_the_helpless() -> None:
    result = coup_de_grace(scripted(4, 6), setup(), target_helpless=True)
    assert result.accuracy is None and result.critical and result.hit
    assert result.total_damage == 13
    with pytest.raises(AttackNotAllowedError, match="not helpless"):
        coup_de_grace(Roller.seeded(1), setup(), target_helpless=False)


def test_r24_the_survivor_saves_against_the_damage_dealt() -> None:
    save = coup_de_grace_save(
        scripted(10, 2, 1), con_mod=1, damage_dealt=13, attacker_extras=2, advantage_die="1d4"
    )
    assert save.check.total == 10 + 2 + 1 + 1 and save.dc == 13 and save.survives
    fails = coup_de_grace_save(
        scripted(3), con_mod=1, damage_dealt=13, attacker_extras=0, advantage_die="1d2"
    )
    assert not fails.survives


def test_r25_objects_take_damage_on_hardness_and_break_below_zero() -> None:
    hit = attack_object(scripted(7), setup(), hardness=10)
    assert hit.hardness_after == 0 and not hit.broken
    smash = attack_object(scripted(8), setup(), hardness=10)
    assert smash.hardness_after == -1 and smash.broken


# --- R17: Bonus Attack ------------------------------------------------------------------


def test_r17_a_heavy_weapon_cannot_make_a_bonus_attack() -> None:
    with pytest.raises(BonusAttackNotAllowedError, match="heavy weapon"):
        check_bonus_attack(Weapon("cannon", 7, ranged=True, range_increment_ft=100), True)
    with pytest.raises(BonusAttackNotAllowedError, match="Versatile"):
        check_bonus_attack(Weapon("sabre", 4), True)
    with pytest.raises(BonusAttackNotAllowedError, match="not proficient"):
        check_bonus_attack(Weapon("knife", 1), False)
    assert check_bonus_attack(Weapon("sabre", 4, versatile=True), True).damage_step_down


def test_r17_off_hand_limits_and_the_feats_that_lift_them() -> None:
    knife = Weapon("knife", 3, versatile=True)
    off = check_bonus_attack(knife, True)
    assert not off.can_gain_advantage and off.damage_step_down and not off.ranged_disadvantage
    stepped = setup(knife, off_hand=off, sources=(AdvantageSource("Flank", advantages=1),))
    assert stepped.damage_die == "1d6"
    assert stepped.tally().net == 0 and stepped.tally().suppressed == 1
    holdout = Weapon("holdout", 1, ranged=True, range_increment_ft=20)
    ranged = check_bonus_attack(holdout, True)
    assert ranged.ranged_disadvantage and not ranged.damage_step_down
    assert setup(holdout, off_hand=ranged).tally().net == -1
    lifted = check_bonus_attack(knife, True, [FEAT_AKIMBO_SPECIALIST, FEAT_NITEN_ICHI])
    assert lifted.can_gain_advantage and not lifted.damage_step_down
    assert not check_bonus_attack(holdout, True, [FEAT_GUN_FU]).ranged_disadvantage


def test_r2_an_attack_past_three_disadvantage_cannot_be_attempted() -> None:
    sources = tuple(AdvantageSource(f"d{i}", disadvantages=1) for i in range(4))
    with pytest.raises(TooMuchDisadvantageError):
        resolve_attack(Roller.seeded(1), setup(sources=sources))


def test_the_breakdown_names_every_source_die_and_total() -> None:
    attack = resolve_attack(
        scripted(14, 2, 6),
        setup(PISTOL, sources=(AdvantageSource("Partial cover", disadvantages=1, kind="cover"),)),
    )
    text = attack.render()
    assert "Bear attacks James with pistol" in text
    assert "Partial cover: 1 disadvantage" in text
    assert "1d20 (14) − 1d2 (2) + 2 = 14 vs AC 13 → hit" in text
    assert "Damage: 1d8 (6) = 6" in text

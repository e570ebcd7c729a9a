"""Visibility (R31), cover (R32), falling (R33), powers (R39) and rule options (R40)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.core.environment import (
    Cover,
    CoverRule,
    Visibility,
    cover_effect,
    fall,
    falling_dice,
    fire_through_full_cover,
    visibility_attack_source,
    visibility_effects,
)
from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.options import RuleOptions, VitalityRule, adjusted_team_initiative
from futurepath_desktop.core.powers import Area, AreaShape, Centre, Power, Targets
from tests.helpers import scripted


def test_r31_each_visibility_level_adds_to_the_one_before() -> None:
    normal, poor, terrible, none = (visibility_effects(v) for v in Visibility)
    assert not any((normal.notice_disadvantage, normal.attack_disadvantage, normal.flat_footed))
    assert poor.notice_disadvantage and not poor.attack_disadvantage
    assert (
        terrible.notice_disadvantage and terrible.attack_disadvantage and not terrible.flat_footed
    )
    assert none.sight_notice_fails_critically and none.flat_footed and none.attack_disadvantage
    assert visibility_attack_source(Visibility.POOR) is None
    source = visibility_attack_source(Visibility.TERRIBLE)
    assert source is not None and source.disadvantages == 1 and source.name == "Terrible visibility"


def test_r32_cover_as_disadvantage_by_default() -> None:
    assert cover_effect(Cover.PARTIAL).disadvantage == 1
    assert cover_effect(Cover.HEAVY).disadvantage == 2
    full = cover_effect(Cover.FULL)
    assert not full.targetable
    source = cover_effect(Cover.HEAVY).source(Cover.HEAVY)
    assert source is not None and source.name == "Heavy cover"


def test_r32_cover_as_a_defense_bonus_under_the_option() -> None:
    partial = cover_effect(Cover.PARTIAL, CoverRule.DEFENSE_BONUS)
    assert (partial.disadvantage, partial.ac_bonus) == (0, 5)
    assert not cover_effect(Cover.FULL, CoverRule.DEFENSE_BONUS).targetable
    assert cover_effect(Cover.NONE, CoverRule.DEFENSE_BONUS).ac_bonus == 0


def test_r32_firing_through_full_cover_connects_on_six_or_more() -> None:
    assert not fire_through_full_cover(scripted(5)).connects
    hit = fire_through_full_cover(scripted(6))
    assert hit.connects and hit.source().disadvantages == 1


def test_r33_falling_damage() -> None:
    assert falling_dice(9) == 0
    assert falling_dice(10) == 1 and falling_dice(39) == 3
    assert falling_dice(500) == 50 and falling_dice(900) == 50
    assert falling_dice(30, soft_surface=True) == 1
    result = fall(scripted(3, 4), 25)
    assert result.damage == 7 and result.prone and result.continues_ft == 0
    assert not fall(scripted(), 5).prone
    assert fall(scripted(*[1] * 50), 650).continues_ft == 150
    with pytest.raises(InvalidValueError):
        falling_dice(-10)


@given(st.integers(0, 2000), st.booleans())
def test_r33_dice_grow_with_height_and_never_pass_fifty(feet: int, soft: bool) -> None:
    count = falling_dice(feet, soft)
    assert 0 <= count <= 50
    assert count <= falling_dice(feet + 10, soft)


def test_r39_power_targets_and_centres() -> None:
    blast = Power("Fireball", range_ft=60, area=Area(AreaShape.BURST, 20), duration_rounds=2)
    assert blast.centre is Centre.POINT_IN_RANGE and blast.targets is Targets.ALL_IN_AREA
    assert blast.has_counter and blast.in_range(60) and not blast.in_range(65)
    aura = Power("Aura", area=Area(AreaShape.BURST, 10))
    assert aura.centre is Centre.USER and aura.targets is Targets.ALL_IN_AREA
    bolt = Power("Bolt", range_ft=30)
    assert bolt.targets is Targets.ONE_IN_RANGE and bolt.centre is None and not bolt.has_counter
    assert Power("Heal", range_ft=30, target="one ally").targets is Targets.LISTED
    with pytest.raises(InvalidValueError, match="multiple of 5"):
        Area(AreaShape.CONE, 12)


def test_r40_rule_options_and_their_defaults() -> None:
    defaults = RuleOptions()
    assert defaults.vitality is VitalityRule.FUTURE_PATH
    assert defaults.cover is CoverRule.DISADVANTAGE
    assert not defaults.condition_lowers_team_initiative
    assert adjusted_team_initiative(28, 3, defaults) == 28
    wiki = RuleOptions(condition_lowers_team_initiative=True)
    assert adjusted_team_initiative(28, 3, wiki) == 25

"""Visibility (R31), cover (R32) and rule options (R40)."""

from __future__ import annotations

from futurepath_desktop.core.environment import (
    Cover,
    CoverRule,
    Visibility,
    cover_effect,
    visibility_attack_source,
    visibility_effects,
)
from futurepath_desktop.core.options import (
    RuleOptions,
    VitalityRule,
    adjusted_team_initiative,
)


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


def test_r40_rule_options_and_their_defaults() -> None:
    defaults = RuleOptions()
    assert defaults.vitality is VitalityRule.FUTURE_PATH
    assert defaults.cover is CoverRule.DISADVANTAGE
    assert not defaults.condition_lowers_team_initiative
    assert adjusted_team_initiative(28, 3, defaults) == 28
    wiki = RuleOptions(condition_lowers_team_initiative=True)
    assert adjusted_team_initiative(28, 3, wiki) == 25

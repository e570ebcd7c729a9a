"""The rule options a session stores (R40)."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from futurepath_desktop.core.environment import CoverRule


class VitalityRule(StrEnum):
    """R40: Future Path hit points (R26, default) or Health and Fatigue (R27)."""

    FUTURE_PATH = "future-path"
    HEALTH_FATIGUE = "health-fatigue"


class InitiativeRule(StrEnum):
    """R5/R40: initiative from the DEX and WIS modifiers (default, as the character sheet
    computes it) or from the two ability scores (the chapter's literal reading)."""

    MODIFIERS = "modifiers"
    SCORES = "scores"


class RuleOptions(msgspec.Struct, frozen=True):
    """R40: the session's choices where the two rules texts disagree."""

    vitality: VitalityRule = VitalityRule.FUTURE_PATH
    cover: CoverRule = CoverRule.DISADVANTAGE
    condition_lowers_team_initiative: bool = False
    initiative: InitiativeRule = InitiativeRule.MODIFIERS


def adjusted_team_initiative(base: int, conditions_on_members: int, options: RuleOptions) -> int:
    """R40 (wiki rule, off by default): −1 team initiative per condition any member has."""
    if not options.condition_lowers_team_initiative:
        return base
    return base - max(0, conditions_on_members)

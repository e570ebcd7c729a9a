"""The battlefield's effects: visibility (R31), cover (R32) and falling (R33)."""

from __future__ import annotations

from enum import IntEnum, StrEnum

import msgspec

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.dice import DiceRoll, Roller, dice
from futurepath_desktop.core.errors import InvalidValueError


class Visibility(IntEnum):
    """R31: how well a combatant can see, from Normal to No Vision."""

    NORMAL = 0
    POOR = 1
    TERRIBLE = 2
    NO_VISION = 3

    @property
    def label(self) -> str:
        """The name as the rules write it."""
        return self.name.replace("_", " ").title()


class VisibilityEffects(msgspec.Struct, frozen=True):
    """R31: each level has all the penalties of the levels above it, plus its own."""

    notice_disadvantage: bool
    attack_disadvantage: bool
    sight_notice_fails_critically: bool
    flat_footed: bool


def visibility_effects(visibility: Visibility) -> VisibilityEffects:
    """R31: Poor: disadvantage on Notice. Terrible: also on attacks. No Vision: also
    sight-based Notice fails critically and the combatant is flat-footed."""
    return VisibilityEffects(
        notice_disadvantage=visibility >= Visibility.POOR,
        attack_disadvantage=visibility >= Visibility.TERRIBLE,
        sight_notice_fails_critically=visibility >= Visibility.NO_VISION,
        flat_footed=visibility >= Visibility.NO_VISION,
    )


def visibility_attack_source(visibility: Visibility) -> AdvantageSource | None:
    """R31: Terrible visibility or worse gives the attacker one disadvantage."""
    if not visibility_effects(visibility).attack_disadvantage:
        return None
    return AdvantageSource(f"{visibility.label} visibility", disadvantages=1, kind="visibility")


class Cover(IntEnum):
    """R32: how much of the target a barrier hides."""

    NONE = 0
    PARTIAL = 1
    HEAVY = 2
    FULL = 3


class CoverRule(StrEnum):
    """R40: cover as disadvantage dice (default) or as a flat bonus to AC."""

    DISADVANTAGE = "disadvantage"
    DEFENSE_BONUS = "defense-bonus"


COVER_DEFENSE_BONUS = 5
"""R32 option (second text): cover gives +5 to Defense/AC."""


class CoverEffect(msgspec.Struct, frozen=True):
    """What cover does to an attack on the target."""

    disadvantage: int
    ac_bonus: int
    targetable: bool

    def source(self, cover: Cover) -> AdvantageSource | None:
        """The cover's disadvantage as a named source, if it gives any."""
        if not self.disadvantage:
            return None
        return AdvantageSource(
            f"{cover.name.title()} cover", disadvantages=self.disadvantage, kind="cover"
        )


def cover_effect(cover: Cover, rule: CoverRule = CoverRule.DISADVANTAGE) -> CoverEffect:
    """R32: partial cover = 1 disadvantage, heavy = 2, full = cannot be targeted directly.

    Under the defense-bonus option any partial or heavy cover is +5 AC instead; full cover
    still cannot be targeted directly.
    """
    if cover is Cover.FULL:
        return CoverEffect(0, 0, targetable=False)
    if cover is Cover.NONE:
        return CoverEffect(0, 0, targetable=True)
    if rule is CoverRule.DEFENSE_BONUS:
        return CoverEffect(0, COVER_DEFENSE_BONUS, targetable=True)
    return CoverEffect(int(cover), 0, targetable=True)


class FireThroughCover(msgspec.Struct, frozen=True):
    """R32: an AP weapon (or a weak barrier) firing through full cover."""

    roll: int
    connects: bool

    def source(self) -> AdvantageSource:
        """The one disadvantage the accuracy check then takes."""
        return AdvantageSource("Firing through full cover", disadvantages=1, kind="cover")


def through_cover(face: int) -> FireThroughCover:
    """R32: a d10 face of 6 or more connects."""
    if not 1 <= face <= 10:
        raise InvalidValueError(f"a d10 shows 1 to 10, not {face}")
    return FireThroughCover(face, face >= 6)


def fire_through_full_cover(roller: Roller) -> FireThroughCover:
    """R32: d10 ≥ 6 connects; the attack then rolls accuracy with 1 disadvantage."""
    return through_cover(roller.die(10))


MAX_FALL_PER_ROUND_FT = 500
"""R33: a faller drops up to 500 ft a round."""


def falling_dice(feet: int, soft_surface: bool = False) -> int:
    """R33: 1d6 per full 10 ft fallen (none under 10 ft), at most 50d6; halved (round
    down) onto a soft surface."""
    if feet < 0:
        raise InvalidValueError(f"a fall is 0 ft or more, not {feet}")
    count = min(feet, MAX_FALL_PER_ROUND_FT) // 10
    return count // 2 if soft_surface else count


class FallResult(msgspec.Struct, frozen=True):
    """R33: the fall's damage roll, whether the faller lands prone, and what is left."""

    feet: int
    dice: int
    roll: DiceRoll | None
    prone: bool
    continues_ft: int

    @property
    def damage(self) -> int:
        """The damage taken this round."""
        return self.roll.total if self.roll is not None else 0


def fall(roller: Roller, feet: int, soft_surface: bool = False) -> FallResult:
    """R33: roll a fall. Past 500 ft the fall continues next round; any damage leaves the
    faller prone."""
    count = falling_dice(feet, soft_surface)
    roll = roller.roll(dice(count, 6)) if count else None
    continues = max(0, feet - MAX_FALL_PER_ROUND_FT)
    damage = roll.total if roll is not None else 0
    return FallResult(feet, count, roll, damage > 0, continues)

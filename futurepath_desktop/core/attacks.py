"""Weapons, an attack's setup and its damage (R17, R19-R21).

Rolling an attack through (accuracy against AC, then damage, Extra Damage and Full
Attack) is in :mod:`futurepath_desktop.core.attack_resolution`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from enum import StrEnum

import msgspec

from futurepath_desktop.core.advantage import (
    DEFAULT_ADVANTAGE_DIE,
    AdvantageSource,
    AdvantageTally,
    advantage_die_term,
    tally_advantage,
)
from futurepath_desktop.core.checks import check_crit_min
from futurepath_desktop.core.dice import (
    DIE_LADDER,
    ConstantTerm,
    DiceExpression,
    DiceRoll,
    DiceTerm,
    Roller,
    Term,
    parse_dice,
)
from futurepath_desktop.core.errors import BonusAttackNotAllowedError, InvalidValueError

DAMAGE_DIE_BY_LEVEL = DIE_LADDER
"""R20: weapon level 0 → 1d2 … 8 → 2d12."""

FEAT_AKIMBO_SPECIALIST = "Akimbo Specialist"
FEAT_NITEN_ICHI = "Niten Ichi"
FEAT_GUN_FU = "Gun-Fu"


class WeightClass(StrEnum):
    """R17: light weapons are levels 0-2, medium 3-5, heavy 6-8."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


class Weapon(msgspec.Struct, frozen=True):
    """A weapon as the rules read it: level, accuracy, critical range and multiplier, range."""

    name: str
    level: int
    ranged: bool = False
    accuracy_bonus: int = 0
    damage_bonus: int = 0
    crit_min: int = 20
    crit_multiplier: int = 2
    range_increment_ft: int = 0
    reach: int = 0
    versatile: bool = False
    armor_piercing: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.level < len(DAMAGE_DIE_BY_LEVEL):
            raise InvalidValueError(
                f"{self.name}: weapon level must be 0 to 8 (R20), not {self.level}"
            )
        check_crit_min(self.crit_min)
        if not 2 <= self.crit_multiplier <= 4:
            raise InvalidValueError(
                f"{self.name}: critical multiplier must be ×2 to ×4 (R21), "
                f"not ×{self.crit_multiplier}"
            )
        if self.ranged and self.range_increment_ft <= 0:
            raise InvalidValueError(f"{self.name}: a ranged weapon needs a range increment in ft")
        if self.reach < 0 or self.range_increment_ft < 0:
            raise InvalidValueError(f"{self.name}: reach and range cannot be negative")

    @property
    def damage_die(self) -> str:
        """R20: the damage dice of the weapon's level."""
        return DAMAGE_DIE_BY_LEVEL[self.level]

    @property
    def weight_class(self) -> WeightClass:
        """R17: light (0-2), medium (3-5) or heavy (6-8)."""
        if self.level <= 2:
            return WeightClass.LIGHT
        return WeightClass.MEDIUM if self.level <= 5 else WeightClass.HEAVY


def accuracy_modifier(weapon: Weapon, str_mod: int, dex_mod: int) -> int:
    """R19: STR mod for melee, DEX mod for ranged, plus the weapon's accuracy bonus."""
    return (dex_mod if weapon.ranged else str_mod) + weapon.accuracy_bonus


def range_increments_beyond_first(distance_ft: int, increment_ft: int) -> int:
    """R19: how many range increments past the first a target at ``distance_ft`` is.

    A target inside the first increment costs nothing; one in the second costs one
    disadvantage, and so on.
    """
    if increment_ft <= 0:
        raise InvalidValueError("a range increment must be a positive number of feet")
    if distance_ft <= increment_ft:
        return 0
    return math.ceil(distance_ft / increment_ft) - 1


def range_source(weapon: Weapon, distance_ft: int) -> AdvantageSource | None:
    """R19: one disadvantage per range increment beyond the first, as a named source."""
    if not weapon.ranged:
        return None
    steps = range_increments_beyond_first(distance_ft, weapon.range_increment_ft)
    if steps == 0:
        return None
    return AdvantageSource(
        f"Range {distance_ft} ft ({steps + 1} increments of {weapon.range_increment_ft} ft)",
        disadvantages=steps,
        kind="range",
    )


# --- Bonus Attack (R17) -----------------------------------------------------------------


class OffHand(msgspec.Struct, frozen=True):
    """What R17 changes for a Bonus Attack with an off-hand weapon."""

    can_gain_advantage: bool
    damage_step_down: bool
    ranged_disadvantage: bool

    def sources(self) -> tuple[AdvantageSource, ...]:
        """The disadvantage a ranged off-hand weapon takes, as a named source."""
        if self.ranged_disadvantage:
            return (AdvantageSource("Off-hand ranged weapon (R17)", disadvantages=1, kind="rule"),)
        return ()


def check_bonus_attack(weapon: Weapon, proficient: bool, feats: Iterable[str] = ()) -> OffHand:
    """R17: can ``weapon`` make a Bonus Attack, and with which limits?

    Raises :class:`BonusAttackNotAllowedError` for a heavy weapon, a medium one that is not
    Versatile, or a weapon the attacker is not proficient with.
    """
    have = set(feats)
    if weapon.weight_class is WeightClass.HEAVY:
        raise BonusAttackNotAllowedError(
            f"Bonus Attack with {weapon.name}",
            f"it is a heavy weapon (level {weapon.level}); an off-hand weapon must be light "
            "(levels 0-2) or medium (3-5) and Versatile (R17)",
        )
    if weapon.weight_class is WeightClass.MEDIUM and not weapon.versatile:
        raise BonusAttackNotAllowedError(
            f"Bonus Attack with {weapon.name}",
            f"a medium weapon (level {weapon.level}) must be Versatile to be used off-hand (R17)",
        )
    if not proficient:
        raise BonusAttackNotAllowedError(
            f"Bonus Attack with {weapon.name}",
            "the attacker is not proficient with it (R17)",
        )
    return OffHand(
        can_gain_advantage=FEAT_AKIMBO_SPECIALIST in have,
        damage_step_down=not weapon.ranged and FEAT_NITEN_ICHI not in have,
        ranged_disadvantage=weapon.ranged and FEAT_GUN_FU not in have,
    )


# --- Setting up an attack and rolling its damage ------------------------------------------


class AttackSetup(msgspec.Struct, frozen=True):
    """Everything an attack needs: who, with what, against which AC, with which sources."""

    attacker: str
    target: str
    weapon: Weapon
    str_mod: int
    dex_mod: int
    target_ac: int
    sources: tuple[AdvantageSource, ...] = ()
    advantage_die: str = DEFAULT_ADVANTAGE_DIE
    can_gain_advantage: bool = True
    off_hand: OffHand | None = None

    def __post_init__(self) -> None:
        advantage_die_term(self.advantage_die)

    @property
    def accuracy_modifier(self) -> int:
        """R19: the flat part of the accuracy check."""
        return accuracy_modifier(self.weapon, self.str_mod, self.dex_mod)

    @property
    def damage_modifier(self) -> int:
        """R20: melee adds the STR mod; every weapon may add a flat bonus."""
        return (0 if self.weapon.ranged else self.str_mod) + self.weapon.damage_bonus

    @property
    def damage_die(self) -> str:
        """The damage dice, one step down for an off-hand melee weapon (R17)."""
        level = self.weapon.level
        if self.off_hand is not None and self.off_hand.damage_step_down:
            level = max(0, level - 1)
        return DAMAGE_DIE_BY_LEVEL[level]

    def all_sources(self) -> tuple[AdvantageSource, ...]:
        """The listed sources plus the off-hand rule's own, if any."""
        extra = self.off_hand.sources() if self.off_hand is not None else ()
        return (*self.sources, *extra)

    def tally(self) -> AdvantageTally:
        """R2/R3: the net Advantage Dice of this attack (raises past 3 disadvantage)."""
        can_gain = self.can_gain_advantage and (
            self.off_hand is None or self.off_hand.can_gain_advantage
        )
        return tally_advantage(self.all_sources(), can_gain_advantage=can_gain)


class DamageRoll(msgspec.Struct, frozen=True):
    """One damage roll: the dice (multiplied on a critical), modifiers and the total."""

    roll: DiceRoll
    critical: bool
    label: str

    @property
    def total(self) -> int:
        """Damage never goes below 0: a weak hit does no harm, it does not heal."""
        return max(0, self.roll.total)

    def render(self) -> str:
        """``Critical damage ×2: 2d8 (5, 7) + 3 = 15``."""
        return f"{self.label}: {self.roll.render()}"


def damage_expression(die: str, modifier: int, multiplier: int = 1) -> DiceExpression:
    """R21: a critical rolls the damage dice ``multiplier`` times; modifiers count once."""
    base = parse_dice(die).terms[0]
    assert isinstance(base, DiceTerm)
    terms: list[Term] = [DiceTerm(base.count * multiplier, base.sides)]
    if modifier:
        terms.append(ConstantTerm(abs(modifier), negative=modifier < 0))
    return DiceExpression(tuple(terms))


def roll_damage(roller: Roller, setup: AttackSetup, critical: bool, label: str = "") -> DamageRoll:
    """Roll the attack's damage, as a critical (R21) or not."""
    multiplier = setup.weapon.crit_multiplier if critical else 1
    expression = damage_expression(setup.damage_die, setup.damage_modifier, multiplier)
    if not label:
        label = f"Critical damage ×{multiplier}" if critical else "Damage"
    return DamageRoll(roller.roll(expression), critical, label)

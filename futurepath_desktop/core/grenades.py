"""Grenades on the battle grid (R38): how far one is thrown, where it scatters, and when
it goes off (cooked or not)."""

from __future__ import annotations

from enum import StrEnum

import msgspec

from futurepath_desktop.core.checks import CheckRoll, roll_check
from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.grid.distance import DIRECTIONS, SQUARE_FT, Square, distance_ft


def max_throw_ft(str_mod: int, dex_mod: int) -> int:
    """R38: 30 ft + 5 ft per point of STR and DEX modifier (never below 5 ft)."""
    return max(SQUARE_FT, 30 + SQUARE_FT * (str_mod + dex_mod))


SCATTER_STEPS: dict[int, int] = {1: -4, 2: -3, 3: -2, 4: -1, 5: 0, 6: 0, 7: 1, 8: 2, 9: 3, 10: 4}
"""R38: a d10 face → 5 ft steps off target (left/short negative, right/long positive)."""


def _unit(vector: Square) -> Square:
    """The nearest of the eight directions to a vector (the throw's line)."""
    x, y = vector
    if (x, y) == (0, 0):
        return (1, 0)
    best = max(DIRECTIONS, key=lambda d: (d[0] * x + d[1] * y) / ((d[0] ** 2 + d[1] ** 2) ** 0.5))
    return best


class Scatter(msgspec.Struct, frozen=True):
    """R38: the two d10s of a throw and where the grenade lands."""

    across_die: int
    along_die: int
    target: Square
    landing: Square

    @property
    def across_ft(self) -> int:
        """Feet off to the right (negative: to the left) of the line of the throw."""
        return SCATTER_STEPS[self.across_die] * SQUARE_FT

    @property
    def along_ft(self) -> int:
        """Feet long (negative: short) along the line of the throw."""
        return SCATTER_STEPS[self.along_die] * SQUARE_FT

    def describe(self) -> str:
        """``2d10 (4, 8): 5 ft left, 10 ft long``."""

        def say(feet: int, minus: str, plus: str) -> str:
            return "on line" if feet == 0 else f"{abs(feet)} ft {minus if feet < 0 else plus}"

        across = say(self.across_ft, "left", "right")
        along = say(self.along_ft, "short", "long")
        return f"2d10 ({self.across_die}, {self.along_die}): {across}, {along}"


def landing_square(thrower: Square, target: Square, across_die: int, along_die: int) -> Square:
    """R38: where a grenade aimed at ``target`` lands for these two d10 faces.

    'Along' follows the line from thrower to target; 'across' is square to it, right
    being clockwise of the throw's direction on a map with y downward.
    """
    if across_die not in SCATTER_STEPS or along_die not in SCATTER_STEPS:
        raise InvalidValueError("scatter dice are d10 faces, 1 to 10")
    ux, uy = _unit((target[0] - thrower[0], target[1] - thrower[1]))
    rx, ry = -uy, ux  # clockwise on screen, with y pointing down
    across = SCATTER_STEPS[across_die]
    along = SCATTER_STEPS[along_die]
    return (target[0] + along * ux + across * rx, target[1] + along * uy + across * ry)


def scatter(roller: Roller, thrower: Square, target: Square) -> Scatter:
    """R38: roll 2d10 for the throw, the first across and the second along."""
    across, along = roller.die(10), roller.die(10)
    return Scatter(across, along, target, landing_square(thrower, target, across, along))


class Timing(StrEnum):
    """R38: when a grenade explodes."""

    END_OF_TARGETS_TURN = "end of the target's turn"
    START_OF_TARGETS_TURN = "start of the target's turn"  # cooked
    AIRBURST = "harmless airburst"  # a failed cook
    IN_HAND = "in the thrower's hand"  # a cook that fails critically


COOK_DC = 25


class Cook(msgspec.Struct, frozen=True):
    """R38: the WIS check to cook a grenade, and what it means for the blast."""

    check: CheckRoll
    dc: int

    @property
    def timing(self) -> Timing:
        """Start of the target's turn on a success; an airburst on a failure; in hand on
        a critical failure (the thrower takes maximum damage)."""
        if self.check.critical_failure:
            return Timing.IN_HAND
        return Timing.START_OF_TARGETS_TURN if self.check.total >= self.dc else Timing.AIRBURST


def cook(roller: Roller, wis_mod: int, misc: int = 0) -> Cook:
    """R38: WIS check against DC 25 + misc."""
    return Cook(roll_check(roller, wis_mod, label="Cook the grenade"), COOK_DC + misc)


def in_range(thrower: Square, target: Square, str_mod: int, dex_mod: int) -> bool:
    """R38: whether the target square is within the maximum throw."""
    return distance_ft(thrower, target) <= max_throw_ft(str_mod, dex_mod)

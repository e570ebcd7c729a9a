"""Moving on the battle grid (R35, R36, R16): how far a move goes, and what a square
costs to enter given its terrain and who stands in it."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum, StrEnum

import msgspec

from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.grid.distance import SQUARE_FT, Square


class MoveType(StrEnum):
    """R35/R16: how a combatant moves, which sets how far it may go."""

    RUN = "run"  # a standard move at full speed
    WALK = "walk"
    SPRINT = "sprint"  # Full-Round, up to 3 × speed
    CLIMB_CRAWL_SWIM = "climb, crawl, swim"
    CLIMB_CRAWL_SWIM_FULL = "climb, crawl, swim (full round)"
    FIVE_FOOT_STEP = "5-foot step"


def move_budget_ft(speed_ft: int, move: MoveType) -> int:
    """R35/R16: the feet a move of this type allows at this speed."""
    if speed_ft < 0:
        raise InvalidValueError("a speed is 0 ft or more")
    budgets = {
        MoveType.RUN: speed_ft,
        MoveType.WALK: speed_ft // 2,
        MoveType.SPRINT: 3 * speed_ft,
        MoveType.CLIMB_CRAWL_SWIM: speed_ft // 2,
        MoveType.CLIMB_CRAWL_SWIM_FULL: speed_ft,
        MoveType.FIVE_FOOT_STEP: SQUARE_FT,
    }
    return budgets[move]


class Terrain(IntEnum):
    """R36: what a square is like to enter."""

    NORMAL = 0
    DIFFICULT = 1
    HALF_SQUARE = 2  # a wall through it: counts as difficult terrain
    WALL = 3  # cannot be entered


class Relation(StrEnum):
    """Who stands in a square, as the mover sees them."""

    FRIEND = "friend"
    NEUTRAL = "neutral"
    ENEMY = "enemy"


class Occupant(msgspec.Struct, frozen=True):
    """Someone standing in a square: friend, neutral or enemy, and whether unconscious,
    helpless or dead (R52: only then can an enemy's square be entered)."""

    relation: Relation
    unconscious: bool = False


class Grid(msgspec.Struct, frozen=True):
    """A map's size, terrain and who stands where (terrain not listed is normal)."""

    width: int
    height: int
    terrain: Mapping[Square, Terrain]
    occupants: Mapping[Square, Occupant]

    def inside(self, square: Square) -> bool:
        """Whether a square is on the map."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def enter_cost(self, square: Square) -> int | None:
        """R36: feet to step into a square, or None if it cannot be entered.

        Difficult terrain and half-squares double the cost. A friend's or a neutral's
        square counts as difficult terrain, conscious or not (R52); an enemy's square cannot
        be entered unless the enemy is unconscious, helpless or dead (Overrun is a GM
        override, not a path).
        """
        if not self.inside(square):
            return None
        terrain = self.terrain.get(square, Terrain.NORMAL)
        if terrain is Terrain.WALL:
            return None
        difficult = terrain in (Terrain.DIFFICULT, Terrain.HALF_SQUARE)
        occupant = self.occupants.get(square)
        if occupant is not None:
            if occupant.relation is not Relation.ENEMY:
                difficult = True
            elif not occupant.unconscious:
                return None
        return 2 * SQUARE_FT if difficult else SQUARE_FT

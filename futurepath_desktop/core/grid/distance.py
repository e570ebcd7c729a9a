"""Squares, the eight directions, distance and threat range on the battle grid (R34, R37).

Squares are (x, y) pairs of whole numbers; x grows to the right and y grows downward, as
on a battle map seen from above. Every step, diagonal or not, is 5 ft (R34).
"""

from __future__ import annotations

from futurepath_desktop.core.errors import InvalidValueError

Square = tuple[int, int]
SQUARE_FT = 5
"""R34: a square is 5 ft; so is every step."""
DIRECTIONS: tuple[Square, ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
"""The eight directions of movement, clockwise from east on a map with y downward."""


def distance_squares(a: Square, b: Square) -> int:
    """R34: the number of steps between two squares when diagonals cost the same."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def distance_ft(a: Square, b: Square) -> int:
    """R34: the distance in feet; ranges on the grid use the same metric."""
    return SQUARE_FT * distance_squares(a, b)


def threat_range_ft(reach: int = 0) -> int:
    """R37: 5 ft, plus 5 ft per Reach step of the wielded melee weapon."""
    if reach < 0:
        raise InvalidValueError("reach is 0 or more steps")
    return SQUARE_FT * (1 + reach)

"""Areas on the battle grid: bursts, cones and lines of squares (R34 metric), for powers,
blasts and templates."""

from __future__ import annotations

from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.grid.distance import DIRECTIONS, SQUARE_FT, Square


def burst(centre: Square, radius_ft: int) -> frozenset[Square]:
    """Every square within ``radius_ft`` of the centre, the centre included (R34 metric)."""
    if radius_ft < 0:
        raise InvalidValueError("a radius is 0 ft or more")
    r = radius_ft // SQUARE_FT
    return frozenset(
        (centre[0] + dx, centre[1] + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
    )


def _check_direction(direction: Square) -> None:
    if direction not in DIRECTIONS:
        raise InvalidValueError(f"a direction is one of the eight steps, not {direction}")


def cone(origin: Square, direction: Square, length_ft: int) -> frozenset[Square]:
    """A 90° cone from ``origin`` (not included) along one of the eight directions.

    A square is inside when it is within ``length_ft`` and no more than 45° off the
    direction (exact integer test, so mirror images are treated alike).
    """
    _check_direction(direction)
    n = length_ft // SQUARE_FT
    found = set()
    dx, dy = direction
    norm = dx * dx + dy * dy
    for x in range(-n, n + 1):
        for y in range(-n, n + 1):
            dot = x * dx + y * dy
            if (x, y) != (0, 0) and dot > 0 and 2 * dot * dot >= (x * x + y * y) * norm:
                found.add((origin[0] + x, origin[1] + y))
    return frozenset(found)


def line(origin: Square, direction: Square, length_ft: int) -> tuple[Square, ...]:
    """A line of squares from ``origin`` (not included) along one of the eight directions."""
    _check_direction(direction)
    return tuple(
        (origin[0] + k * direction[0], origin[1] + k * direction[1])
        for k in range(1, length_ft // SQUARE_FT + 1)
    )

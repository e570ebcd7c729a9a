"""The grid: distance (R34), speeds (R35), threat range (R37) and areas."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.grid.areas import burst, cone, line
from futurepath_desktop.core.grid.distance import (
    DIRECTIONS,
    distance_ft,
    distance_squares,
    threat_range_ft,
)
from futurepath_desktop.core.grid.movement import MoveType, move_budget_ft
from tests.core.grid_strategies import on_map

squares = st.tuples(st.integers(-50, 50), st.integers(-50, 50))


@given(squares, squares, squares)
def test_r34_distance_is_a_metric(a, b, c) -> None:
    assert distance_squares(a, a) == 0
    assert (distance_squares(a, b) == 0) == (a == b)
    assert distance_squares(a, b) == distance_squares(b, a)
    assert distance_squares(a, c) <= distance_squares(a, b) + distance_squares(b, c)


def test_r34_every_step_diagonal_or_not_is_5_ft() -> None:
    assert distance_ft((0, 0), (6, 0)) == 30
    assert distance_ft((0, 0), (6, 6)) == 30, "30 ft is 6 squares in any direction"
    assert distance_ft((0, 0), (3, 6)) == 30


def test_r35_speeds_by_move_type() -> None:
    assert move_budget_ft(30, MoveType.RUN) == 30
    assert move_budget_ft(30, MoveType.WALK) == 15
    assert move_budget_ft(30, MoveType.SPRINT) == 90, "the Sprint section wins over '60 ft'"
    assert move_budget_ft(30, MoveType.CLIMB_CRAWL_SWIM) == 15
    assert move_budget_ft(30, MoveType.CLIMB_CRAWL_SWIM_FULL) == 30
    assert move_budget_ft(40, MoveType.FIVE_FOOT_STEP) == 5


def test_r37_threat_range_and_reach() -> None:
    assert threat_range_ft() == 5 and threat_range_ft(2) == 15
    with pytest.raises(InvalidValueError):
        threat_range_ft(-1)


@given(on_map, st.integers(0, 30).map(lambda n: n * 5))
def test_bursts_are_symmetric_squares_around_the_centre(centre, radius) -> None:
    area = burst(centre, radius)
    cx, cy = centre
    for x, y in area:
        assert distance_ft(centre, (x, y)) <= radius
        for mirrored in ((2 * cx - x, y), (x, 2 * cy - y), (cx + (y - cy), cy + (x - cx))):
            assert mirrored in area
    assert len(area) == (2 * (radius // 5) + 1) ** 2


@given(st.sampled_from(DIRECTIONS), st.integers(1, 12).map(lambda n: n * 5))
def test_cones_are_symmetric_about_their_axis(direction, length) -> None:
    area = cone((0, 0), direction, length)
    dx, dy = direction
    assert (0, 0) not in area
    assert (dx, dy) in area
    for x, y in area:
        assert distance_ft((0, 0), (x, y)) <= length
        # Reflect across the axis of the cone: the image is in the cone too.
        if dx == 0 or dy == 0:
            image = (x, -y) if dy == 0 else (-x, y)
        else:
            image = (y * dx * dy, x * dx * dy)
        assert image in area
    opposite = cone((0, 0), (-dx, -dy), length)
    assert {(-x, -y) for x, y in area} == opposite


def test_lines_and_a_direction_that_is_not_a_step() -> None:
    assert line((2, 2), (1, -1), 15) == ((3, 1), (4, 0), (5, -1))
    with pytest.raises(InvalidValueError):
        cone((0, 0), (2, 0), 10)

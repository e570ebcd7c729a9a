"""Grenades (R38): scatter, the longest throw and cooking."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.grenades import (
    SCATTER_STEPS,
    Timing,
    cook,
    in_range,
    landing_square,
    max_throw_ft,
    scatter,
)
from tests.helpers import scripted


@pytest.mark.parametrize(
    ("face", "steps"),
    [(1, -4), (2, -3), (3, -2), (4, -1), (5, 0), (6, 0), (7, 1), (8, 2), (9, 3), (10, 4)],
)
def test_r38_scatter_table_face_by_face(face: int, steps: int) -> None:
    assert SCATTER_STEPS[face] == steps
    # Throwing east from (0, 5) at (6, 5): along is +x, right (clockwise, y down) is +y.
    assert landing_square((0, 5), (6, 5), 5, face) == (6 + steps, 5)
    assert landing_square((0, 5), (6, 5), face, 5) == (6, 5 + steps)


def test_r38_scatter_follows_the_line_of_the_throw() -> None:
    # Throwing north (y decreasing): long is further north, right is east.
    assert landing_square((5, 10), (5, 2), 7, 8) == (6, 0)
    rolled = scatter(scripted(4, 7), (0, 0), (6, 0))
    assert (rolled.across_ft, rolled.along_ft) == (-5, 5)
    assert rolled.landing == (7, -1)
    assert rolled.describe() == "2d10 (4, 7): 5 ft left, 5 ft long"
    on_target = scatter(scripted(5, 6), (0, 0), (3, 3))
    assert on_target.landing == (3, 3) and "on line, on line" in on_target.describe()


def test_r38_maximum_throw_and_cooking() -> None:
    assert max_throw_ft(0, 0) == 30 and max_throw_ft(2, 3) == 55
    assert in_range((0, 0), (11, 0), 0, 0) is False and in_range((0, 0), (6, 6), 0, 0)
    assert cook(scripted(20), 2).timing is Timing.AIRBURST  # 22 < 25
    assert cook(scripted(20), 5).timing is Timing.START_OF_TARGETS_TURN
    assert cook(scripted(1), 30).timing is Timing.IN_HAND

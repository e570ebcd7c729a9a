"""d20 checks: natural rolls and critical ranges (R4)."""

from __future__ import annotations

from collections import Counter

import pytest

from futurepath_desktop.core.checks import is_critical, is_critical_failure, roll_check
from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import InvalidValueError
from tests.helpers import scripted

# --- R4: natural rolls ------------------------------------------------------------------


def test_r4_natural_rolls_and_critical_ranges() -> None:
    assert is_critical(20) and not is_critical(19)
    assert is_critical(19, crit_min=19) and is_critical(17, crit_min=17)
    assert is_critical_failure(1) and not is_critical_failure(2)
    with pytest.raises(InvalidValueError, match="never wider than 17-20"):
        is_critical(20, crit_min=16)
    check = roll_check(scripted(20), -10)
    assert check.critical and "natural critical" in check.render()
    fumble = roll_check(scripted(1), 30)
    assert fumble.critical_failure and "critical failure" in fumble.render()


def test_r4_a_d2_is_a_fair_coin() -> None:
    roller = Roller.seeded(2024)
    faces = Counter(roller.die(2) for _ in range(20_000))
    assert set(faces) == {1, 2}
    # 4 standard errors of a fair coin over 20,000 flips is about 283.
    assert abs(faces[1] - 10_000) < 283

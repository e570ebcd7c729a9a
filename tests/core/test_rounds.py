"""The phases of a round (R12) and leftover effects at the end of combat (R14)."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.rounds import (
    LeftoverEffect,
    Phase,
    next_phase,
    phases_of_round,
    resolve_leftovers,
)
from tests.helpers import scripted


def test_r12_round_one_runs_five_phases_later_rounds_three() -> None:
    assert [p.label for p in phases_of_round(1)] == [
        "1 Initiative", "2 Surprise", "3 Advantages", "4 Action", "5 Counters",
    ]  # fmt: skip
    assert phases_of_round(2) == (Phase.ADVANTAGES, Phase.ACTION, Phase.COUNTERS)
    with pytest.raises(InvalidValueError):
        phases_of_round(0)


def test_r12_the_phase_cycle_returns_to_advantages() -> None:
    where = (1, Phase.INITIATIVE)
    seen = [where]
    for _ in range(7):
        where = next_phase(*where)
        seen.append(where)
    assert seen == [
        (1, Phase.INITIATIVE), (1, Phase.SURPRISE), (1, Phase.ADVANTAGES), (1, Phase.ACTION),
        (1, Phase.COUNTERS), (2, Phase.ADVANTAGES), (2, Phase.ACTION), (2, Phase.COUNTERS),
    ]  # fmt: skip
    with pytest.raises(InvalidValueError, match="no 2 Surprise phase"):
        next_phase(3, Phase.SURPRISE)


def test_r14_leftover_rounds_resolve_at_once() -> None:
    """The chapter's poison: two more rounds are two damage rolls and two saves."""
    poison = LeftoverEffect("Art", "Poison", 2, damage_per_round="1d4", save_dc=14, save_bonus=2)
    burning = LeftoverEffect("Bear", "Burning", 1, damage_per_round="1d6")
    fading = LeftoverEffect("James", "Shaken", 1)
    # Damage rolls come first, then the saves: 1d4 (3), 1d4 (1), d20 (15), d20 (4); 1d6 (5).
    results = resolve_leftovers(scripted(3, 1, 15, 4, 5), [poison, burning, fading])
    # R55: the first save (15 + 2 = 17 against DC 14) is made and avoids that round's 3;
    # the second (4 + 2 = 6) fails, so the 1 lands.
    assert [r.total_damage for r in results] == [1, 5, 0]
    assert [s.total for s in results[0].saves] == [17, 6]
    assert "saves 1/2 made against DC 14" in results[0].describe()
    assert results[2].damage == () and results[2].saves == ()

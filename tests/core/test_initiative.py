"""Team initiative: scores (R5), team means (R6), ties (R7) and opposed checks (R10)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.initiative import (
    TeamStanding,
    initiative_check,
    initiative_score,
    opposed_checks,
    order_teams,
    team_initiative,
)
from tests.helpers import scripted


def sheet_modifier(score: int) -> int:
    """The character sheet's modifier, read off its table: 10-11 is +0, each 2 more +1."""
    table = {score: (score - 10) // 2 for score in range(0, 100)}
    return table[score]


def test_r5_amended_the_rulings_examples() -> None:
    assert initiative_score(dex=13, wis=15) == 3  # R5's first example
    assert initiative_score(dex=18, wis=13) == 5  # and its second
    assert initiative_score(dex=16, wis=13, misc=1) == 5  # Brandon


@pytest.mark.parametrize("dex", range(1, 31))
@pytest.mark.parametrize("wis", [1, 7, 8, 9, 10, 11, 12, 13, 20, 30])
@pytest.mark.parametrize("misc", [-2, 0, 3])
def test_r5_score_is_the_two_modifiers_or_under_the_option_the_two_scores(
    dex: int, wis: int, misc: int
) -> None:
    assert initiative_score(dex, wis, misc) == sheet_modifier(dex) + sheet_modifier(wis) + misc
    assert initiative_score(dex, wis, misc, scores=True) == dex + wis + misc  # R40 option


def test_r5_score_and_check() -> None:
    assert initiative_score(dex=16, wis=13, misc=1, scores=True) == 30
    check = initiative_check(scripted(11), 30)
    assert check.total == 41
    assert check.roll.render() == "1d20 (11) + 30 = 41"


def test_r6_team_initiative_is_the_mean_rounded_up() -> None:
    # The chapter's players: without Katie 83/3 = 27.67 → 28; with her 102/4 = 25.5 → 26.
    assert team_initiative([30, 26, 27]) == 28
    assert team_initiative([30, 26, 27, 19]) == 26
    assert team_initiative([27, 27, 27, 27]) == 27
    assert team_initiative([5]) == 5  # a team of one
    assert team_initiative([-1, -2]) == -1  # ceil for negative means too
    with pytest.raises(InvalidValueError, match="at least one member"):
        team_initiative([])


@given(st.lists(st.integers(-50, 200), min_size=1, max_size=40))
def test_r6_team_initiative_is_the_exact_ceiling_of_the_mean(scores: list[int]) -> None:
    # An independent oracle: exact rational arithmetic, then the ceiling.
    assert team_initiative(scores) == math.ceil(Fraction(sum(scores), len(scores)))


@given(st.lists(st.integers(-50, 200), min_size=1, max_size=40))
def test_r6_team_initiative_lies_between_its_members(scores: list[int]) -> None:
    value = team_initiative(scores)
    assert min(scores) <= value <= max(scores)
    mean = Fraction(sum(scores), len(scores))
    assert value - 1 < mean <= value  # the smallest whole number at or above the mean


def test_r6_higher_initiative_acts_first() -> None:
    order = order_teams(
        [TeamStanding("bears", 27, 13), TeamStanding("players", 28, 16)], Roller.seeded(1)
    )
    assert order.order == ("players", "bears")
    assert order.tiebreaks == ()


def test_r7_ties_go_to_the_best_dex() -> None:
    order = order_teams(
        [TeamStanding("a", 20, 12), TeamStanding("b", 20, 17), TeamStanding("c", 25, 8)],
        Roller.seeded(1),
    )
    assert order.order == ("c", "b", "a")
    (tiebreak,) = order.tiebreaks
    assert tiebreak.by_dex and tiebreak.rounds == ()
    assert "best DEX" in tiebreak.describe()


def test_r7_still_tied_teams_roll_opposed_checks_until_the_tie_breaks() -> None:
    # Round 1: both roll 10 (tie); round 2: a rolls 4, b rolls 15 → b first.
    roller = scripted(10, 10, 4, 15)
    order = order_teams([TeamStanding("a", 20, 14), TeamStanding("b", 20, 14)], roller)
    assert order.order == ("b", "a")
    (tiebreak,) = order.tiebreaks
    assert len(tiebreak.rounds) == 2
    first_round = dict((name, roll.total) for name, roll in tiebreak.rounds[0].rolls)
    assert first_round == {"a": 30, "b": 30}


def test_r7_three_tied_teams_are_ordered_by_the_same_two_steps() -> None:
    # x has the best DEX; y and z tie on DEX and roll: y 5, z 18.
    roller = scripted(5, 18)
    teams = [TeamStanding("y", 22, 12), TeamStanding("x", 22, 15), TeamStanding("z", 22, 12)]
    order = order_teams(teams, roller)
    assert order.order == ("x", "z", "y")


def test_r7_order_is_a_permutation_sorted_by_initiative() -> None:
    roller = Roller.seeded(99)
    teams = [TeamStanding(f"t{i}", i % 4, i % 3) for i in range(12)]
    order = order_teams(teams, roller)
    assert sorted(order.order) == sorted(t.team_id for t in teams)
    by_id = {t.team_id: t for t in teams}
    values = [by_id[t].initiative for t in order.order]
    assert values == sorted(values, reverse=True)


def test_r10_opposed_checks_reroll_ties_among_the_tied_only() -> None:
    # Three sides: 10/10/3 → the two 10s roll again: 2 and 9.
    result = opposed_checks({"a": 0, "b": 0, "c": 0}, scripted(10, 10, 3, 2, 9))
    assert result.ranking == ("b", "a", "c")
    assert result.winner == "b"
    assert [len(r.rolls) for r in result.rounds] == [3, 2]


def test_r10_opposed_checks_use_each_side_score() -> None:
    result = opposed_checks({"reader": 5, "actor": 12}, scripted(15, 9))
    assert result.winner == "actor"  # 20 vs 21
    with pytest.raises(InvalidValueError):
        opposed_checks({"alone": 3}, Roller.seeded(0))

"""The Advantage Die (R2) and named sources of advantage and disadvantage (R3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.core.advantage import (
    ADVANTAGE_LADDER,
    MAX_NET_ADVANTAGE,
    AdvantageSource,
    advantage_die_term,
    tally_advantage,
)
from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.core.dice import DiceTerm
from futurepath_desktop.core.errors import InvalidValueError, TooMuchDisadvantageError
from tests.helpers import scripted

# --- R2/R3: the Advantage Die ----------------------------------------------------------


def test_r2_the_ladder_and_its_dice() -> None:
    assert ADVANTAGE_LADDER[0] == "1d2" and ADVANTAGE_LADDER[-1] == "2d12"
    assert advantage_die_term("2d10") == DiceTerm(2, 10)
    with pytest.raises(InvalidValueError, match="ladder"):
        advantage_die_term("1d3")


def test_r2_a_shaken_character_rolls_d20_minus_1d2() -> None:
    """The chapter's example: shaken, roll d20 and subtract 1d2."""
    tally = tally_advantage([AdvantageSource("Shaken", disadvantages=1)])
    check = roll_check(scripted(12, 2), 4, tally, "1d2")
    assert check.total == 12 - 2 + 4
    assert check.roll.render() == "1d20 (12) − 1d2 (2) + 4 = 14"


def test_r2_a_fourth_disadvantage_die_is_refused() -> None:
    sources = [
        AdvantageSource("Blinded", disadvantages=3),
        AdvantageSource("Shaken", disadvantages=1),
    ]
    with pytest.raises(TooMuchDisadvantageError) as caught:
        tally_advantage(sources)
    assert caught.value.net_disadvantage == 4
    assert "Blinded" in str(caught.value) and "most is 3" in str(caught.value)
    # One advantage cancels one: the same roll with flanking can be attempted.
    tally = tally_advantage([*sources, AdvantageSource("Flanking", advantages=1)])
    assert tally.net == -3


@given(st.integers(0, 10), st.integers(0, 10), st.booleans())
def test_r2_advantages_cancel_one_for_one_and_cap_at_three(
    advantages: int, disadvantages: int, can_gain: bool
) -> None:
    sources = [AdvantageSource(f"adv {i}", advantages=1) for i in range(advantages)] + [
        AdvantageSource(f"dis {i}", disadvantages=1) for i in range(disadvantages)
    ]
    counted = advantages if can_gain else 0
    raw_net = counted - disadvantages
    if raw_net < -MAX_NET_ADVANTAGE:
        with pytest.raises(TooMuchDisadvantageError):
            tally_advantage(sources, can_gain_advantage=can_gain)
        return
    tally = tally_advantage(sources, can_gain_advantage=can_gain)
    assert tally.net == min(raw_net, MAX_NET_ADVANTAGE)
    assert -MAX_NET_ADVANTAGE <= tally.net <= MAX_NET_ADVANTAGE
    assert tally.capped == max(0, raw_net - MAX_NET_ADVANTAGE)
    assert tally.suppressed == (0 if can_gain else advantages)


def test_r3_sources_are_listed_by_name_and_fiat_may_be_flat() -> None:
    tally = tally_advantage(
        [
            AdvantageSource("Partial cover", disadvantages=1, kind="cover"),
            AdvantageSource("High ground", advantages=2),
            AdvantageSource("GM: a lucky break", flat=2, kind="fiat"),
        ]
    )
    text = tally.describe()
    assert "Partial cover: 1 disadvantage" in text
    assert "High ground: 2 advantage" in text
    assert "GM: a lucky break: +2" in text
    assert tally.net == 1 and tally.flat == 2
    check = roll_check(scripted(10, 2), 3, tally, "1d4")
    assert check.roll.render() == "1d20 (10) + 1d4 (2) + 5 = 17"


def test_r2_two_dice_advantage_die_adds_both() -> None:
    tally = tally_advantage([AdvantageSource("Aim", advantages=2)])
    check = roll_check(scripted(9, 3, 5, 1, 8), 0, tally, "2d8")
    assert check.roll.render() == "1d20 (9) + 2d8 (3, 5) + 2d8 (1, 8) = 26"

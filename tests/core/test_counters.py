"""Round counters (R13, R30)."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.counters import RoundCounter
from futurepath_desktop.core.errors import InvalidValueError


def test_r13_a_counter_moves_only_once_its_bearer_has_acted() -> None:
    counter = RoundCounter(2)
    assert counter.tick() == counter  # set, but the bearer has not acted: no move
    counter = counter.turn_started().tick()
    assert counter.remaining == 1 and not counter.expired
    counter = counter.tick()
    assert counter.remaining == 0 and counter.expired


def test_r29_reapplying_extends_the_counter() -> None:
    assert RoundCounter(1, armed=True).extend(2) == RoundCounter(3, armed=True)
    with pytest.raises(InvalidValueError):
        RoundCounter(1).extend(-1)


def test_r30_counters_anchor_to_the_bearer_not_the_actor() -> None:
    """The chapter: James stuns a bear in round 1 before the bears act; the bear's
    counter goes 2 → 1 at that round's Counters phase because the bear then acted, and a
    counter set on a bear after its team has acted would not move."""
    stun_before_bears_act = RoundCounter(2)
    stun_before_bears_act = stun_before_bears_act.turn_started()  # the bears' turn passes
    assert stun_before_bears_act.tick().remaining == 1
    stun_after_bears_acted = RoundCounter(2)  # the bearer's turn already passed this round
    assert stun_after_bears_acted.tick().remaining == 2

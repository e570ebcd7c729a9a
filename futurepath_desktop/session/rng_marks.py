"""R1: compact marks of the session generator's state, for undo.

A Mersenne Twister's state is 624 words and a position. Between two twists (every 624
words drawn) only the position moves, so consecutive marks share one copy of the words:
an undo step costs a few dozen bytes instead of a 25 KiB copy of the whole state.
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import msgspec

from futurepath_desktop.session.records import RngState


class RngMark(msgspec.Struct, frozen=True):
    """The generator's state: its words (shared with other marks), position and gauss."""

    words: bytes
    """The 624 words, four bytes each (a tuple of them would take 22 KiB)."""
    index: int
    gauss: float | None = None
    version: int = 3

    def state(self) -> tuple[int, tuple[int, ...], float | None]:
        """The state as ``random.Random.setstate`` takes it."""
        words = self.words
        if words is not _read[0]:  # undoing step by step reads the same words many times
            _read[0], _read[1] = words, tuple(array("I", words))
        return (self.version, (*_read[1], self.index), self.gauss)


_read: list[Any] = [None, ()]
"""The words last read back, and them as numbers."""

_shared: list[bytes] = [b""]
"""The words of the last mark taken, for the next one to share when they are equal."""


def mark(rng: random.Random) -> RngMark:
    """A compact mark of a generator's state now."""
    version, internal, gauss = rng.getstate()
    words = array("I", internal[:-1]).tobytes()
    if words != _shared[0]:
        _shared[0] = words
    return RngMark(_shared[0], internal[-1], gauss, version)


def from_state(state: RngState) -> RngMark:
    """A mark for a saved full state (the journal keeps full states)."""
    if not state.internal:
        return mark(random.Random(state.seed))
    words = array("I", state.internal[:-1]).tobytes()
    return RngMark(words, state.internal[-1], state.gauss, state.version)

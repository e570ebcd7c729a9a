"""Round counters (R13, R30): rounds left on an effect, anchored to its bearer."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core.errors import InvalidValueError


class RoundCounter(msgspec.Struct, frozen=True):
    """R13/R30: rounds left on an effect, anchored to its bearer.

    ``armed`` turns true once the bearer has started a turn since the counter was set
    (R13, amended); only an armed counter goes down in the Counters phase.
    """

    remaining: int
    armed: bool = False

    def __post_init__(self) -> None:
        if self.remaining < 0:
            raise InvalidValueError("a round counter cannot be negative")

    def turn_started(self) -> RoundCounter:
        """The bearer has started a turn: the counter will move at the next Counters phase."""
        return self if self.armed else replace(self, armed=True)

    def tick(self) -> RoundCounter:
        """R13: an armed counter goes down by 1; one whose bearer has not started a turn
        since it was set stays."""
        if not self.armed:
            return self
        return replace(self, remaining=max(0, self.remaining - 1))

    def extend(self, rounds: int) -> RoundCounter:
        """R29: re-applying a round-based condition extends its counter."""
        if rounds < 0:
            raise InvalidValueError("a counter is extended by 0 or more rounds")
        return replace(self, remaining=self.remaining + rounds)

    @property
    def expired(self) -> bool:
        """R13: at 0 the effect ends."""
        return self.remaining == 0

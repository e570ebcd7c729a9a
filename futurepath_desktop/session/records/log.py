"""The log's records (each line of the fight, with its rolls) and the random generator's
saved state.

No ``from __future__ import annotations`` here: msgspec reads these annotations to build
the session decoder at every start, and real objects spare it evaluating strings.
"""

import random
from typing import Annotated, Literal, Self

from msgspec import Meta, Struct

from futurepath_desktop.session.records.kinds import Id, Round, Text


class RollRecord(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """One roll in the log: the expression, the rendered breakdown, every face, the total."""

    expression: Annotated[str, Meta(max_length=400)]
    text: Text
    faces: tuple[int, ...]
    total: int


class LogEntry(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """One line of the fight's log, stamped with round, phase and acting team."""

    seq: Annotated[int, Meta(ge=0)]
    round: Round
    phase: Annotated[int, Meta(ge=0, le=5)]
    team_id: Id | None
    """The acting team's id when the entry was made: a stamp, kept even when the team is
    later removed (so it is not a reference the loader checks)."""
    kind: Annotated[str, Meta(max_length=40)]
    text: Text
    lines: tuple[Text, ...] = ()
    rolls: tuple[RollRecord, ...] = ()
    team_name: Annotated[str, Meta(max_length=120)] = ""
    """The acting team's name when the entry was made, so the stamp keeps its text."""


class RngState(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """R1: the seed and the full state of the session's random generator."""

    seed: int
    version: Literal[3] = 3
    internal: tuple[Annotated[int, Meta(ge=0, le=2**32)], ...] = ()
    gauss: float | None = None

    @classmethod
    def of(cls, seed: int, rng: random.Random) -> Self:
        """Capture a generator's state."""
        version, internal, gauss = rng.getstate()
        return cls(seed, version, tuple(internal), gauss)

    def generator(self) -> random.Random:
        """A generator at exactly this state (a fresh one from the seed if none is kept)."""
        rng = random.Random(self.seed)
        if self.internal:
            rng.setstate((self.version, self.internal, self.gauss))
        return rng

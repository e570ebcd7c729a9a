"""The value kinds every record shares: ids, names, texts and bounded numbers, each with the
limits a file is checked against.

No ``from __future__ import annotations`` here: msgspec reads these annotations to build
the session decoder at every start, and real objects spare it evaluating strings.
"""

import os
from typing import Annotated, Literal

from msgspec import Meta

from futurepath_desktop.core.dice import DIE_LADDER

Id = Annotated[str, Meta(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
NAME_MAX = 120
"""The longest name a file keeps (a combatant's, a team's, a weapon's, a ship's …)."""

Name = Annotated[str, Meta(min_length=1, max_length=NAME_MAX)]
Text = Annotated[str, Meta(max_length=20_000)]
Score = Annotated[int, Meta(ge=0, le=99)]
Small = Annotated[int, Meta(ge=-1000, le=1000)]
Count = Annotated[int, Meta(ge=0, le=1000)]
Points = Annotated[int, Meta(ge=-100_000, le=100_000)]
CurrentHp = Annotated[int, Meta(ge=-1_000_000_000, le=100_000)]
"""Hit points now: overkill after overkill takes a combatant far below zero in a long
fight, so the floor is far below any maximum (a hit deals at most 100,000)."""
Round = Annotated[int, Meta(ge=0, le=1_000_000)]
"""A round number: a long fight (or a long space chase) may pass a thousand rounds."""
Colour = Annotated[str, Meta(pattern=r"^#[0-9a-fA-F]{6}$")]
AdvantageDie = Literal["1d2", "1d4", "1d6", "1d8", "1d10", "1d12", "2d8", "2d10", "2d12"]
Side = Literal["players", "allies", "enemies", "neutral"]
Kind = Literal["pc", "npc", "monster"]

assert AdvantageDie.__args__ == DIE_LADDER  # type: ignore[attr-defined]


def new_id(prefix: str) -> str:
    """A fresh stable id such as ``cmb-3f9a1c2b7d10``."""
    return f"{prefix}-{os.urandom(6).hex()}"


Coord = Annotated[int, Meta(ge=0, le=999)]
"""A square's column or row on the map."""

"""What the players' page sends, made from :func:`player_info` and nothing else (R61), so a
hidden enemy can never reach a player's phone: the page shows what the player view shows."""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.player_info import PlayerInfo, player_info
from futurepath_desktop.session.state import Session


class Clock(msgspec.Struct, frozen=True):
    """The table's clocks, when the GM shows them to the players: the game time (3 seconds
    a round) and the round timer, in seconds when sent, running on or stopped."""

    game: str
    timer: float
    running: bool


class PageState(msgspec.Struct, frozen=True):
    """One update of the page: the players' description, numbered, with the number of the
    map picture that goes with it (0 when there is no map), and the clocks if shown."""

    version: int
    map_version: int
    info: PlayerInfo
    clock: Clock | None = None


def page_state(
    session: Session, version: int, map_version: int, clock: Clock | None = None
) -> bytes:
    """The page's JSON for this session: the players' description as it is now."""
    return encode(PageState(version, map_version, player_info(session), clock))


def encode(state: PageState) -> bytes:
    """A state as the page reads it (JSON)."""
    return msgspec.json.encode(state)


def decode(data: bytes) -> PageState:
    """The page's JSON read back (tests, the benchmark's clients)."""
    return msgspec.json.decode(data, type=PageState)

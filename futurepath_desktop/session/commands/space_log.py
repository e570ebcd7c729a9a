"""The log of a space fight (R41): every ship acts at once, so what a space command writes
is stamped with the space round and phase, and no acting team, whatever the ground fight
is doing; its kind (``space:attack``) says it was written there."""

from __future__ import annotations

from msgspec.structs import replace

from futurepath_desktop.core.dice import DiceRoll
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.state import Session

SPACE_KIND = "space:"
"""Log entries written in a space fight have kinds like ``space:attack``: the log shows the
space round and phase on them, and filters by what follows (``attack``)."""


def base_kind(kind: str) -> str:
    """What a log entry is (``attack``, ``damage`` …), a space fight's or not."""
    return kind.removeprefix(SPACE_KIND)


def is_space_entry(kind: str) -> bool:
    """Whether a log entry was written in a space fight (stamped with its round and phase)."""
    return kind.startswith(SPACE_KIND)


def stamp_space(session: Session, start: int) -> None:
    """R41: every ship acts at once, so entries written in a space fight carry the space
    round and phase, and no acting team, whatever the ground fight is doing."""
    fight = session.space.round
    if not fight.active:
        return
    log = session.log
    for index in range(start, len(log)):
        entry = log[index]
        if not is_space_entry(entry.kind):
            # Only entries this command appended are touched (undo truncates them).
            log[index] = replace(
                entry,
                round=fight.round,
                phase=fight.phase,
                team_id=None,
                kind=SPACE_KIND + entry.kind,
            )


def space_log(
    session: Session,
    edit: Edit,
    kind: str,
    text: str,
    lines: tuple[str, ...] | list[str] = (),
    rolls: tuple[DiceRoll, ...] | list[DiceRoll] = (),
) -> None:
    """Write an entry to the log, stamped as the space fight's (when one is running)."""
    start = len(session.log)
    edit.log(kind, text, lines, rolls)
    stamp_space(session, start)

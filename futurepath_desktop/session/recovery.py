"""Recovering a session from the journal a run left behind (it crashed, or its machine
did): the base snapshot with the journaled actions replayed, keeping all it can.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import msgspec

from futurepath_desktop.session.autosave import (
    FormatVersion,
    Recoverable,
    every_run_file,
    journal_lines,
    run_files,
)
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.journal_lock import lock_path, taken
from futurepath_desktop.session.journal_patch import Patch, apply_patch, patch_from_format_2
from futurepath_desktop.session.state import FORMAT_VERSION, Session
from futurepath_desktop.session.store import MAX_FILE_BYTES, decode, encode


class Recovery(msgspec.Struct, frozen=True):
    """What recovery got back: the session, how many journaled actions it replayed, and,
    if some could not be, what was lost in plain words."""

    session: Session
    replayed: int
    lost: str = ""


def recover(found: Recoverable) -> Session:
    """The session rebuilt from its base snapshot and journal (see :func:`recover_all`)."""
    return recover_all(found).session


def recover_all(found: Recoverable) -> Recovery:
    """Rebuild a session from its base snapshot and journal, keeping all it can.

    A torn last line (the crash hit mid-write) is skipped. A damaged line in the middle,
    or a line that reads but does not apply, ends the replay there: everything before it
    is kept, and ``lost`` says what was not. The result is checked as a file is when it
    opens (saved to bytes and read back); should the last actions make a session the
    loader refuses, they are dropped too, one at a time, and named. Only a base that will
    not load raises :class:`SessionLoadError`."""
    source = f"the autosave of {found.name}"
    with taken(found.folder, found.stem) as mine:
        if not mine:
            raise SessionLoadError(source, "it belongs to a window that is still running")
        return _recover(found, source)


def _recover(found: Recoverable, source: str) -> Recovery:
    base, journal, _ = run_files(found.folder, found.stem)
    folded = found.folder / f"{found.stem}.next.fpsession"
    if folded.exists():  # a checkpoint was cut short: its new base holds it all
        base, lines = folded, []
    else:
        lines = journal_lines(journal, source)
    data = read_regular(base, MAX_FILE_BYTES, what="an autosave", source=source)
    # A journal left by an app of format 2 (it crashed, then the app was updated) holds
    # lines of that format: each is read against the session as recovered so far.
    try:
        older = msgspec.json.decode(data, type=FormatVersion).format_version < FORMAT_VERSION
    except (msgspec.DecodeError, msgspec.ValidationError):
        decode(data, source)  # a base that will not load says why, as a file does
        raise
    patches, lost = _readable_patches(lines, older, data, source)
    while True:
        session, applied, failure = _replay(data, patches, older, source)
        if failure:
            lost = failure
        try:
            checked = decode(encode(session), source)
        except SessionLoadError as error:
            if not applied:
                raise
            patches = patches[: applied - 1]
            lost = (
                f"action {applied} makes a session that would not open ({error.problem}); "
                "it and what came after could not be read back"
            )
            continue
        return Recovery(checked, applied, lost)


def _readable_patches(
    lines: list[bytes], older: bool, data: bytes, source: str
) -> tuple[list[bytes | Any], str]:
    """The lines up to the first that cannot be read, and what was lost past it. Lines of
    format 2 are kept as bytes (each is read against the session replayed so far)."""
    decoder = msgspec.json.Decoder(Patch)
    patches: list[bytes | Any] = []
    for number, line in enumerate(lines, start=1):
        if older:
            patches.append(line)
            continue
        try:
            patches.append(decoder.decode(line))
        except (msgspec.DecodeError, msgspec.ValidationError):
            if number == len(lines):  # torn mid-write by the crash: at most that action
                return patches, ""
            after = len(lines) - number
            return patches, (
                f"the record of action {number} is damaged; it and the {after} action"
                f"{'' if after == 1 else 's'} after it could not be read back"
            )
    return patches, ""


_DOES_NOT_APPLY = (
    msgspec.DecodeError,
    msgspec.ValidationError,
    ValueError,
    KeyError,
    TypeError,
    AttributeError,
    IndexError,
    AssertionError,
)
"""What replaying a line that reads but does not fit the session can raise."""


def _replay(
    data: bytes, patches: list[bytes | Any], older: bool, source: str
) -> tuple[Session, int, str]:
    """The base with ``patches`` replayed in turn, how many applied, and if one did not,
    what was lost. A patch that fails part-way leaves the session as it was before it."""
    session = decode(data, source)
    for number, line in enumerate(patches, start=1):
        try:
            if older:
                assert isinstance(line, bytes)
                apply_patch(session, patch_from_format_2(session, msgspec.json.decode(line)))
            else:
                apply_patch(session, line)
        except _DOES_NOT_APPLY as error:
            session, _, _ = _replay(data, patches[: number - 1], older, source)
            after = len(patches) - number
            return (
                session,
                number - 1,
                (
                    f"action {number} does not fit the session as recovered ({error}); it and "
                    f"the {after} action{'' if after == 1 else 's'} after it could not be read "
                    "back"
                ),
            )
    return session, len(patches), ""


def discard(found: Recoverable) -> bool:
    """Forget an unclean journal (the game master chose not to recover it); False, and
    nothing removed, if its window turns out to be running after all."""
    with taken(found.folder, found.stem) as mine:
        if not mine:
            return False
        for path in every_run_file(found.folder, found.stem):
            with contextlib.suppress(OSError):  # the held lock file, on Windows: below
                path.unlink()
    with contextlib.suppress(OSError):
        lock_path(found.folder, found.stem).unlink()
    return True


def keep_damaged(found: Recoverable) -> Path | None:
    """Put a copy of a journal that recovered only in part aside, in the autosave folder's
    ``damaged`` folder, before it is discarded: what could not be read is not thrown
    away. Where it went, or None if it could not be copied."""
    import shutil

    aside = found.folder / "damaged" / found.stem
    try:
        aside.mkdir(parents=True, exist_ok=True)
        for path in run_files(found.folder, found.stem):
            if path.exists():
                shutil.copy2(path, aside / path.name)
    except OSError:
        return None
    return aside

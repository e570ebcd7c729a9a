"""Autosave and crash recovery.

The open session is journaled in the autosave folder: a base snapshot, then one line per
command holding what that command changed (a patch). A background thread appends and
fsyncs each line as soon as it is queued, so the game master never waits on the disk and
a crash loses at most the last command. Every few hundred commands the journal is folded
into a new base. A clean exit removes the journal (what it held is saved, or the GM chose
to drop it); on the next start a journal still there is offered for recovery, with when
the session last changed and the label of its last action.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from futurepath_desktop import paths
from futurepath_desktop.session.edit import Applied
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.journal_patch import (
    Patch,
    Stamp,
    apply_patch,
    forward_patch,
    patch_from_format_2,
)
from futurepath_desktop.session.state import FORMAT_VERSION, Session, new_id
from futurepath_desktop.session.store import MAX_FILE_BYTES, atomic_write, decode, encode

log = logging.getLogger(__name__)

EXIT_WAIT = 3.0
"""How long, at most, the program waits at its end for a closed journal's last write."""

_STILL_WRITING: list[threading.Thread] = []
"""Writers of closed journals busy with a last write when they were closed."""


@atexit.register
def finish_at_exit() -> None:
    """Let the writers of closed journals remove their files before the program ends
    (they are daemon threads: without this the end would cut them off)."""
    deadline = time.monotonic() + EXIT_WAIT
    for thread in _STILL_WRITING:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))


_META_BYTES = 64 * 1024
"""The most a journal's cover sheet is read to (it holds a few names and a time)."""

CHECKPOINT_EVERY = 400
"""Patches after which the journal is folded into a new base snapshot."""


class _Format(msgspec.Struct):
    format_version: int = 0


class Meta(msgspec.Struct):
    """The journal's cover sheet: which session, where it is saved, and whether the app
    closed cleanly (journals of older versions were kept, marked clean). ``stem`` names
    this run's files (a session may be journaled by several runs: one that crashed and
    the one that recovers it). ``last_action`` is the label of the last action folded into
    the base."""

    stem: str
    session_id: str
    name: str
    path: str | None
    clean: bool
    updated: float
    last_action: str = ""


class Recoverable(msgspec.Struct, frozen=True):
    """A journal left by a run that did not close cleanly: a session that can be
    recovered. ``changed``: when its last action was done; ``last_action``: its label."""

    stem: str
    session_id: str
    name: str
    path: str | None
    updated: float
    folder: Path
    changed: float = 0.0
    last_action: str = ""


def _files(folder: Path, stem: str) -> tuple[Path, Path, Path]:
    return (
        folder / f"{stem}.base.fpsession",
        folder / f"{stem}.journal",
        folder / f"{stem}.meta.json",
    )


def _every_file(folder: Path, stem: str) -> tuple[Path, ...]:
    """A run's files, with the new base a checkpoint may have left half-way."""
    return (folder / f"{stem}.next.fpsession", *_files(folder, stem))


class Autosave:
    """Journals a session's commands in the background."""

    def __init__(
        self, session: Session, path: Path | None = None, folder: Path | None = None
    ) -> None:
        self.session = session
        self.folder = folder or paths.autosave_dir(create=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = path
        # Each run journals under its own name, so a new run never overwrites the journal
        # of a crashed one before the game master has chosen whether to recover it.
        self.stem = f"{session.id}.{new_id('run')}"
        self.base, self.journal, self.meta = _files(self.folder, self.stem)
        self.folded = self.folder / f"{self.stem}.next.fpsession"
        self._queue: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._since_checkpoint = 0
        self._last_action = ""
        self._closing = threading.Event()
        self._errors: list[BaseException] = []
        self._thread = threading.Thread(target=self._work, name="autosave", daemon=True)
        self._thread.start()
        self._queue.put(self._checkpoint_job(encode(session)))

    # --- main thread -----------------------------------------------------------------

    def record(self, applied: Applied, label: str | None = None) -> None:
        """Journal one command (or undo/redo). Cheap: the disk work happens elsewhere.

        ``label``: how the recovery prompt names this step, if not by the command's own
        label (an undo carries the label of the command it undid: "Undo: …" says it)."""
        self._since_checkpoint += 1
        self._last_action = applied.label if label is None else label
        if self._since_checkpoint >= CHECKPOINT_EVERY:
            self.checkpoint()  # the new base holds this command too: no patch needed
            return
        patch = forward_patch(self.session, applied)
        if label is not None:
            patch = msgspec.structs.replace(patch, label=label)
        line = msgspec.json.encode(patch) + b"\n"
        self._queue.put(lambda: self._append(line))

    def checkpoint(self) -> None:
        """Fold the journal into a new base snapshot of the session as it is now."""
        self._since_checkpoint = 0
        self._queue.put(self._checkpoint_job(encode(self.session)))

    def saved_as(self, path: Path) -> None:
        """The session was saved (or saved as): remember where, for the recovery prompt."""
        self.path = path
        label = self._last_action
        self._queue.put(lambda: self._write_meta(clean=False, last_action=label))

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until everything queued is on disk."""
        done = threading.Event()
        self._queue.put(done.set)
        done.wait(timeout)
        if self._errors:
            raise self._errors[-1]

    def close(self, timeout: float = 0.1) -> None:
        """A clean exit (the session saved, or its changes discarded): the journal goes,
        and the thread stops.

        What is still queued is dropped, not written: each line would cost an fsync (tens
        of milliseconds on a laptop's disk, more on a busy one) for a file that is removed
        a moment later. A write already under way is waited for only ``timeout``: on a
        disk under load one fsync can take seconds, and the window must not hang on it.
        The writer removes the files as soon as that write is done; before the program
        ends it is given a little longer (``finish_at_exit``). If the disk hangs past
        that, the journal is offered at the next start, which loses nothing.
        """
        self._closing.set()
        self._queue.put(self._remove_files)
        self._queue.put(None)
        self._thread.join(timeout=timeout)
        if self._thread.is_alive():
            _STILL_WRITING.append(self._thread)

    # --- the writer thread -------------------------------------------------------------

    def _work(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if self._closing.is_set() and job != self._remove_files:
                continue  # the journal is about to go: no need to write to it
            try:
                job()
            except OSError as error:  # a full disk must not take the table down
                log.error("autosave failed: %s", error)
                self._errors.append(error)

    def _checkpoint_job(self, snapshot: bytes) -> Callable[[], None]:
        label = self._last_action

        def job() -> None:
            # The new base is written beside the old one, the journal emptied, and only
            # then the new base renamed in. A crash at any point leaves either the old
            # base and its journal, or a complete new base (recovery takes it whenever
            # it is there: it holds everything the journal did).
            atomic_write(self.folded, snapshot, keep_backup=False)
            try:
                atomic_write(self.journal, b"", keep_backup=False)
                os.replace(self.folded, self.base)
            except OSError:  # the journal goes on as it was: the new base must not stay
                self.folded.unlink(missing_ok=True)
                raise
            self._write_meta(clean=False, last_action=label)

        return job

    def _append(self, line: bytes) -> None:
        with open(self.journal, "ab") as handle:
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())

    def _write_meta(self, clean: bool, last_action: str = "") -> None:
        meta = Meta(
            self.stem,
            self.session.id,
            self.session.name,
            str(self.path) if self.path else None,
            clean,
            time.time(),
            last_action,
        )
        atomic_write(self.meta, msgspec.json.encode(meta), keep_backup=False)

    def _remove_files(self) -> None:
        # The cover sheet last: a journal without one is never offered, and a crash half-way
        # through leaves at worst a recoverable session.
        for path in (self.folded, self.base, self.journal, self.meta):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()


def find_unclean(folder: Path | None = None, *, exclude: str = "") -> list[Recoverable]:
    """Journals left by a run that did not close cleanly, newest first (``exclude``: the
    stem of this run's own journal). Journals that older versions kept after a clean
    exit, marked clean, are removed on the way: they hold nothing to recover."""
    folder = folder or paths.autosave_dir()
    found = []
    for meta_path in folder.glob("*.meta.json") if folder.exists() else ():
        try:
            cover = read_regular(meta_path, _META_BYTES, what="a journal's cover sheet")
            meta = msgspec.json.decode(cover, type=Meta)
        except (SessionLoadError, msgspec.DecodeError, msgspec.ValidationError):
            continue
        if meta.clean and meta.stem != exclude:
            for path in _every_file(folder, meta.stem):
                with contextlib.suppress(OSError):
                    path.unlink()
        elif meta.stem != exclude:
            changed, label = _last_action(folder, meta)
            found.append(
                Recoverable(
                    meta.stem,
                    meta.session_id,
                    meta.name,
                    meta.path,
                    meta.updated,
                    folder,
                    changed,
                    label,
                )
            )
    return sorted(found, key=lambda r: -r.changed)


def _last_action(folder: Path, meta: Meta) -> tuple[float, str]:
    """When a journal's session last changed, and the label of that change: its last
    readable line, or the base it was folded into."""
    _, journal, _ = _files(folder, meta.stem)
    try:
        lines = _journal_lines(journal, meta.name)
    except SessionLoadError:
        lines = []
    decoder = msgspec.json.Decoder(Stamp)  # a line of any format says when and what
    for line in reversed(lines):
        try:
            stamp = decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue  # a torn last line: recovery skips it too
        return max(stamp.at, meta.updated), stamp.label or meta.last_action
    return meta.updated, meta.last_action


def newer_autosave(
    path: Path, *, exclude: str = "", folder: Path | None = None
) -> Recoverable | None:
    """The newest journal of the session saved at ``path`` that changed after the file
    was last written (a run that crashed after its last save), or None."""
    try:
        written = path.stat().st_mtime
        target = path.resolve()
    except OSError:
        written, target = 0.0, path.absolute()
    for found in find_unclean(folder, exclude=exclude):
        if found.path is None or found.changed <= written:
            continue
        with contextlib.suppress(OSError):
            if Path(found.path).resolve() == target:
                return found
    return None


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
    base, journal, _ = _files(found.folder, found.stem)
    folded = found.folder / f"{found.stem}.next.fpsession"
    if folded.exists():  # a checkpoint was cut short: its new base holds it all
        base, lines = folded, []
    else:
        lines = _journal_lines(journal, source)
    data = read_regular(base, MAX_FILE_BYTES, what="an autosave", source=source)
    # A journal left by an app of format 2 (it crashed, then the app was updated) holds
    # lines of that format: each is read against the session as recovered so far.
    decode(data, source)  # a base that will not load says why, as a file does
    older = msgspec.json.decode(data, type=_Format).format_version < FORMAT_VERSION
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
                f"action {applied} of the journal makes a session that does not open "
                f"({error.problem}); it and what came after are not recovered"
            )
            continue
        return Recovery(checked, applied, lost)


def _journal_lines(journal: Path, source: str) -> list[bytes]:
    if not journal.exists():
        return []
    data = read_regular(journal, 4 * MAX_FILE_BYTES, what="a journal", source=source)
    return [line for line in data.split(b"\n") if line.strip()]


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
                f"journal line {number} is damaged; it and the {after} action"
                f"{'' if after == 1 else 's'} after it are not recovered"
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
                    f"action {number} of the journal does not apply ({error}); it and the {after} "
                    f"action{'' if after == 1 else 's'} after it are not recovered"
                ),
            )
    return session, len(patches), ""


def discard(found: Recoverable) -> None:
    """Forget an unclean journal (the game master chose not to recover it)."""
    for path in _every_file(found.folder, found.stem):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()

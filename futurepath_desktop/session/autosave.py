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

import msgspec

from futurepath_desktop import paths
from futurepath_desktop.session.edit import Applied
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.journal_patch import (
    Patch,
    Stamp,
    apply_patch,
    forward_patch,
    patch_from_format_2,
)
from futurepath_desktop.session.state import FORMAT_VERSION, Session, new_id
from futurepath_desktop.session.store import atomic_write, decode, encode

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
            atomic_write(self.base, snapshot, keep_backup=False)
            with open(self.journal, "wb") as handle:
                handle.flush()
                os.fsync(handle.fileno())
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
        for path in (self.base, self.journal, self.meta):
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
            meta = msgspec.json.decode(meta_path.read_bytes(), type=Meta)
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            continue
        if meta.clean and meta.stem != exclude:
            for path in _files(folder, meta.stem):
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
        lines = journal.read_bytes().splitlines()
    except OSError:
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


def recover(found: Recoverable) -> Session:
    """Rebuild a session from its base snapshot and journal. A torn last line (the crash
    hit mid-write) is skipped; everything before it is kept."""
    base, journal, _ = _files(found.folder, found.stem)
    try:
        data = base.read_bytes()
        session = decode(data, f"the autosave of {found.name}")
    except OSError as error:
        raise SessionLoadError(f"the autosave of {found.name}", str(error)) from None
    decoder = msgspec.json.Decoder(Patch)
    # A journal left by an app of format 2 (it crashed, then the app was updated) holds
    # lines of that format: each is read against the session as recovered so far.
    older = msgspec.json.decode(data, type=_Format).format_version < FORMAT_VERSION
    lines = journal.read_bytes().splitlines() if journal.exists() else []
    for number, line in enumerate(lines, start=1):
        try:
            if older:
                patch = patch_from_format_2(session, msgspec.json.decode(line))
            else:
                patch = decoder.decode(line)
        except (msgspec.DecodeError, msgspec.ValidationError, KeyError, TypeError):
            if number == len(lines):
                break
            raise SessionLoadError(
                f"the autosave of {found.name}", f"journal line {number} is damaged"
            ) from None
        apply_patch(session, patch)
    return session


def discard(found: Recoverable) -> None:
    """Forget an unclean journal (the game master chose not to recover it)."""
    for path in _files(found.folder, found.stem):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()

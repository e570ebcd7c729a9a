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
import itertools
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
from futurepath_desktop.session.file_read import read_regular
from futurepath_desktop.session.journal_lock import JournalLock, is_live, lock_path
from futurepath_desktop.session.journal_patch import (
    Stamp,
    forward_patch,
)
from futurepath_desktop.session.state import Session, SessionFile, new_id
from futurepath_desktop.session.store import MAX_FILE_BYTES, atomic_write, encode_pieces

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


META_BYTES = 64 * 1024
"""The most a journal's cover sheet is read to (it holds a few names and a time)."""

_BINARY = getattr(os, "O_BINARY", 0)

RETRY_S = (0.5, 1.0, 2.0, 5.0)
"""Seconds between tries of a write the disk refused: soon at first, then every 5 s."""

CHECKPOINT_EVERY = 400
"""Patches after which the journal is folded into a new base snapshot."""


class FormatVersion(msgspec.Struct):
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


def run_files(folder: Path, stem: str) -> tuple[Path, Path, Path]:
    return (
        folder / f"{stem}.base.fpsession",
        folder / f"{stem}.journal",
        folder / f"{stem}.meta.json",
    )


def every_run_file(folder: Path, stem: str) -> tuple[Path, ...]:
    """A run's files, with the new base a checkpoint may have left half-way and the lock
    file its process left (free once the process is gone)."""
    return (folder / f"{stem}.next.fpsession", *run_files(folder, stem), lock_path(folder, stem))


class Autosave:
    """Journals a session's commands in the background."""

    def __init__(
        self,
        session: Session,
        path: Path | None = None,
        folder: Path | None = None,
        on_trouble: Callable[[str | None], None] | None = None,
        unsaved: str = "",
    ) -> None:
        self.session = session
        self.on_trouble = on_trouble
        """Called from the writer thread when writing starts failing (with why) and when
        it works again (with None)."""
        self.trouble: str | None = None
        """Why the journal cannot be written now, or None while it can."""
        self.folder = folder or paths.autosave_dir(create=True)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = path
        # Each run journals under its own name, so a new run never overwrites the journal
        # of a crashed one before the game master has chosen whether to recover it.
        self.stem = f"{session.id}.{new_id('run')}"
        self.base, self.journal, self.meta = run_files(self.folder, self.stem)
        self.folded = self.folder / f"{self.stem}.next.fpsession"
        self.lock = JournalLock(self.folder, self.stem)
        """Held while this run lives: no other window offers, recovers or discards it."""
        self._queue: queue.Queue[Callable[[], None] | None] = queue.Queue()
        self._since_checkpoint = 0
        self._last_action = unsaved
        """The label of the last action not in the saved file ("": none; ``unsaved`` names
        a session that starts with changes of its own, such as one just recovered)."""
        self._closing = threading.Event()
        self._errors: list[BaseException] = []
        self._thread = threading.Thread(target=self._work, name="autosave", daemon=True)
        self._thread.start()
        self._queue.put(self._checkpoint_job(session.to_file()))

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
        self._queue.put(self._checkpoint_job(self.session.to_file()))

    def saved_as(self, path: Path) -> None:
        """The session was saved (or saved as): remember where, and fold the journal into
        a base that is the saved session, with no action after it (a crash now leaves
        nothing to recover: the file holds it all)."""
        self.path = path
        self._last_action = ""
        self.checkpoint()

    def flush(self, timeout: float = 10.0) -> None:
        """Wait until everything queued is on disk."""
        done = threading.Event()
        self._queue.put(done.set)
        done.wait(timeout)
        if self.trouble is not None and self._errors:
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
            self._until_done(job)

    def _until_done(self, job: Callable[[], None]) -> None:
        """Run one job; if the disk refuses it (full, gone, read-only), say so at once and
        try again, a little later each time, until it is written or the run closes. What
        is queued behind it waits, so the journal keeps its order."""
        for attempt in itertools.count():
            try:
                job()
            except Exception as error:  # a full disk must not take the table down
                # Nor may anything else stop the writer unseen: the GM is told at once,
                # as for a full disk, and the job is tried again (what is queued behind
                # it waits, so the journal keeps its order; Save still works).
                if isinstance(error, OSError):
                    log.error("autosave failed: %s", error)
                    trouble = error.strerror or str(error)
                else:
                    log.exception("autosave failed")
                    trouble = f"{type(error).__name__}: {error}"
                self._errors = [error]  # the latest is what flush reports
                self._report(trouble)
                if self._closing.wait(RETRY_S[min(attempt, len(RETRY_S) - 1)]):
                    return  # closing: the journal goes, nothing more to write to it
                continue
            if self.trouble is not None:
                self._report(None)
            return

    def _report(self, trouble: str | None) -> None:
        changed = trouble != self.trouble
        self.trouble = trouble
        if changed and self.on_trouble is not None:
            self.on_trouble(trouble)

    def _checkpoint_job(self, snapshot: SessionFile) -> Callable[[], None]:
        label = self._last_action

        def job() -> None:
            # The new base is written beside the old one, the cover sheet updated, the
            # journal emptied, and only then the new base renamed in. A crash at any
            # point leaves either the old base and its journal, or a complete new base
            # (recovery takes it whenever it is there: it holds all the journal did).
            # Encoded here, off the window's thread, a piece at a time: the snapshot's
            # records never change, so the text is the session as it was when queued.
            closing = self._closing.is_set  # a clean exit: the folder's fsync is not needed
            atomic_write(self.folded, encode_pieces(snapshot), keep_backup=False, abandoned=closing)
            try:
                # A clean exit came while this was written: the journal is about to go,
                # so the rest (two more files, four fsyncs) is not worth the wait. Until
                # it goes, a crash finds the complete new base, as at any point here.
                if self._closing.is_set():
                    return
                # The cover sheet names the new base's last action before the journal
                # that held it goes: a crash in between still shows something to recover.
                self._write_meta(clean=False, last_action=label, abandoned=closing)
                if self._closing.is_set():
                    return
                atomic_write(self.journal, b"", keep_backup=False, abandoned=closing)
                os.replace(self.folded, self.base)
            except OSError:  # the journal goes on as it was: the new base must not stay
                self.folded.unlink(missing_ok=True)
                raise

        return job

    def _append(self, line: bytes) -> None:
        # Unbuffered: on a full disk a buffered file cannot even be cut back (it tries to
        # write its buffer first). Whatever part of the line reached the file before a
        # failure is cut off, so the retry writes it whole: a torn line mid-journal would
        # end a recovery there.
        handle = os.open(self.journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _BINARY, 0o600)
        try:
            end = os.lseek(handle, 0, os.SEEK_END)
            try:
                view = memoryview(line)
                while view:
                    view = view[os.write(handle, view) :]
                os.fsync(handle)
            except BaseException:  # whatever stopped it: the retry must not repeat the line
                with contextlib.suppress(OSError):
                    os.ftruncate(handle, end)
                raise
        finally:
            os.close(handle)

    def _write_meta(
        self, clean: bool, last_action: str = "", abandoned: Callable[[], bool] | None = None
    ) -> None:
        meta = Meta(
            self.stem,
            self.session.id,
            self.session.name,
            str(self.path) if self.path else None,
            clean,
            time.time(),
            last_action,
        )
        atomic_write(self.meta, msgspec.json.encode(meta), keep_backup=False, abandoned=abandoned)

    def _remove_files(self) -> None:
        # The cover sheet last: a journal without one is never offered, and a crash half-way
        # through leaves at worst a recoverable session.
        for path in (self.folded, self.base, self.journal, self.meta):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        self.lock.release()


def find_unclean(folder: Path | None = None, *, exclude: str = "") -> list[Recoverable]:
    """Journals left by a run that did not close cleanly, newest first (``exclude``: the
    stem of this run's own journal). Journals that older versions kept after a clean
    exit, marked clean, are removed on the way: they hold nothing to recover."""
    folder = folder or paths.autosave_dir()
    found = []
    for meta_path in folder.glob("*.meta.json") if folder.exists() else ():
        try:
            cover = read_regular(meta_path, META_BYTES, what="a journal's cover sheet")
            meta = msgspec.json.decode(cover, type=Meta)
        except (SessionLoadError, msgspec.DecodeError, msgspec.ValidationError):
            continue
        if meta_path.name != f"{meta.stem}.meta.json":
            continue  # a cover sheet naming other files than its own is not followed
        if meta.stem == exclude or is_live(folder, meta.stem):
            continue  # this run's own journal, or one whose window is still running
        if meta.clean:
            for path in every_run_file(folder, meta.stem):
                with contextlib.suppress(OSError):
                    path.unlink()
        elif _holds_nothing(folder, meta):
            for path in every_run_file(folder, meta.stem):  # a run that did nothing
                with contextlib.suppress(OSError):
                    path.unlink()
        else:
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


def journal_lines(journal: Path, source: str) -> list[bytes]:
    if not journal.exists():
        return []
    data = read_regular(journal, 4 * MAX_FILE_BYTES, what="a journal", source=source)
    return [line for line in data.split(b"\n") if line.strip()]


def _holds_nothing(folder: Path, meta: Meta) -> bool:
    """Whether a run left nothing to recover: no action since its start or its last save
    (a save folds the journal and clears the last action)."""
    _, journal, _ = run_files(folder, meta.stem)
    return not meta.last_action and not (journal.exists() and journal.stat().st_size)


def _last_action(folder: Path, meta: Meta) -> tuple[float, str]:
    """When a journal's session last changed, and the label of that change: its last
    readable line, or the base it was folded into."""
    _, journal, _ = run_files(folder, meta.stem)
    try:
        lines = journal_lines(journal, meta.name)
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

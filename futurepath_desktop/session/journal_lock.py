"""One window per journal: each running window holds a lock on its own journal.

The lock is the operating system's (``flock`` on Linux and macOS, ``LockFileEx`` on
Windows, through ``filelock``), so it is released the moment its process ends, however
it ends: a journal whose lock can be taken belongs to a run that is gone (crashed or
closed) and may be offered for recovery; one whose lock is held belongs to a window that
is still running and is left alone.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout


def lock_path(folder: Path, stem: str) -> Path:
    """The lock file of the run ``stem``."""
    return folder / f"{stem}.lock"


class JournalLock:
    """The lock a running window holds on its journal from start to close."""

    def __init__(self, folder: Path, stem: str) -> None:
        self.path = lock_path(folder, stem)
        # Not thread-local: the journal's writer thread releases it when the run closes.
        self._lock = FileLock(self.path, thread_local=False)
        self._lock.acquire(timeout=0)

    def release(self) -> None:
        """Let the journal go (its files are gone, or about to be)."""
        if self._lock.is_locked:
            self._lock.release()
        with contextlib.suppress(OSError):
            self.path.unlink()


def is_live(folder: Path, stem: str) -> bool:
    """Whether a running window holds the journal ``stem`` (its lock cannot be taken)."""
    path = lock_path(folder, stem)
    if not path.exists():
        return False
    probe = FileLock(path, thread_local=False)
    try:
        probe.acquire(timeout=0)
    except Timeout:
        return True
    except OSError:  # a lock file this account cannot open: treat the run as someone's
        return True
    probe.release()
    return False


@contextlib.contextmanager
def taken(folder: Path, stem: str) -> Iterator[bool]:
    """Hold the lock of a journal left behind while recovering or discarding it, so two
    windows starting together cannot both take it; yields whether it could be taken."""
    probe = FileLock(lock_path(folder, stem), thread_local=False)
    try:
        probe.acquire(timeout=0)
    except (Timeout, OSError):
        yield False
        return
    try:
        yield True
    finally:
        probe.release()

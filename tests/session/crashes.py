"""What a crash leaves of a running journal, for the tests that recover it."""

from __future__ import annotations

from futurepath_desktop.session.autosave import Autosave


def crash(saver: Autosave) -> None:
    """End ``saver``'s run as a crash would: its writer stops with what it has written,
    and its lock goes with the process (the lock file stays, free)."""
    saver.flush()
    saver._queue.put(None)
    saver._thread.join(5)
    saver.lock._lock.release()


def unlock(saver: Autosave) -> None:
    """Let go of ``saver``'s lock while its writer goes on: its journal reads as a gone
    run's, for tests that look at what a crash at this moment would leave."""
    saver.flush()
    saver.lock._lock.release()

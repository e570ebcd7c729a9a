"""The bridge between session commands and the window's undo stack.

Every change goes through :meth:`SessionController.push`: the command runs first (so a
refused one never reaches the stack), then its exact inverse is kept as a compact step
(:class:`~ui.undo_stack.UndoStack`). Undo and redo replay inverses; nothing is rolled
twice.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.change import Change
from futurepath_desktop.session.file_read import disk_stamp
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui.undo_stack import UndoStack

if TYPE_CHECKING:
    from futurepath_desktop.session.autosave import Autosave
    from futurepath_desktop.session.edit import Applied, Command


class SessionController(QObject):
    """Owns the open session, its undo stack, its file path and its autosave."""

    changed = Signal(object)  # a session.edit.Change
    sessionReplaced = Signal()
    failed = Signal(str)
    pathChanged = Signal()
    autosaveTrouble = Signal(str)
    """Autosave cannot write (why), or can again (an empty text)."""

    def __init__(
        self, session: Session, path: Path | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.path = path
        self.on_disk = disk_stamp(path) if path is not None else None
        """The file as it was when this window opened or last saved it (to tell whether
        something else wrote it since)."""
        self.stack = UndoStack(self)
        self.autosave: Autosave | None = None
        self.refusal = ""  # why the last refused command was refused

    def start_autosave(self, unsaved: str = "") -> None:
        """Journal every change from now on (the window does this; tests may not)."""
        from futurepath_desktop.session.autosave import Autosave

        if self.autosave is not None:
            self.autosave.close()
        self.autosave = Autosave(
            self.session, self.path, on_trouble=self._autosave_trouble, unsaved=unsaved
        )

    def _autosave_trouble(self, trouble: str | None) -> None:
        # From the journal's writer thread: the signal reaches the window queued.
        self.autosaveTrouble.emit(trouble or "")

    def push(self, command: Command) -> bool:
        """Carry out a command. A refused one changes nothing and reports why."""
        # How commands change a session (and undo it) loads with the first of them.
        from futurepath_desktop.session.edit import run

        try:
            applied = run(self.session, command)
        except FuturePathError as error:
            self.refusal = without_rulings(str(error))
            self.failed.emit(self.refusal)
            return False
        self.stack.push(applied)
        self.notify(applied)
        return True

    def notify(self, applied: Applied, *, label: str | None = None) -> None:
        """Tell the views what changed, and journal it (under ``label`` if given)."""
        if self.autosave is not None:
            try:
                self.autosave.record(applied, label=label)
            except OSError as error:  # never lose the table over a full disk
                import logging

                logging.getLogger(__name__).error("autosave failed: %s", error)
        self.changed.emit(applied.change)

    def replace(self, session: Session, path: Path | None, *, unsaved: str = "") -> None:
        """Open another session: a fresh undo stack and autosave (``unsaved``: the label
        of changes it holds that no file does, such as a recovered session's)."""
        had_autosave = self.autosave is not None
        if self.autosave is not None:
            self.autosave.close()
            self.autosave = None
        self.session = session
        self.path = path
        self.on_disk = disk_stamp(path) if path is not None else None
        self.stack.clear()
        if had_autosave:
            self.start_autosave(unsaved)
        self.sessionReplaced.emit()
        self.pathChanged.emit()
        self.changed.emit(Change())

    def set_path(self, path: Path) -> None:
        """The session was saved under ``path``."""
        self.path = path
        self.on_disk = disk_stamp(path)
        self.stack.setClean()
        if self.autosave is not None:
            self.autosave.saved_as(path)
        self.pathChanged.emit()

    def close(self) -> None:
        """A clean exit: the autosave journal is marked clean."""
        if self.autosave is not None:
            self.autosave.close()
            self.autosave = None

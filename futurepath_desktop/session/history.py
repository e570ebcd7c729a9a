"""Undo and redo over a session without Qt: the window's QUndoStack does the same."""

from __future__ import annotations

from futurepath_desktop.session.edit import Applied, Command, Restore, run
from futurepath_desktop.session.state import Session


class History:
    """Undo and redo over a session without Qt (the UI uses a QUndoStack the same way).

    Each step keeps only its exact inverse (a :class:`Restore`, which carries its label),
    not the change report, which has been told to the views already: ten thousand steps
    are kept."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.undo_stack: list[Restore] = []
        self.redo_stack: list[Restore] = []

    def push(self, command: Command) -> Applied:
        """Carry out a command and remember its inverse."""
        applied = run(self.session, command)
        self.undo_stack.append(applied.inverse)
        self.redo_stack.clear()
        return applied

    def undo(self) -> Applied | None:
        """Undo the last command; returns what the undo changed."""
        if not self.undo_stack:
            return None
        reverted = run(self.session, self.undo_stack.pop())
        self.redo_stack.append(reverted.inverse)
        return reverted

    def redo(self) -> Applied | None:
        """Redo the last undone command, exactly as it first happened."""
        if not self.redo_stack:
            return None
        again = run(self.session, self.redo_stack.pop())
        self.undo_stack.append(again.inverse)
        return again

"""Undo and redo over a session without Qt: the window's undo stack does the same."""

from __future__ import annotations

from futurepath_desktop.session.edit import Applied, Command, run
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.undo_steps import Step, kept_loose, pack, unpack


class History:
    """Undo and redo over a session without Qt (the window's stack works the same way).

    Each step keeps only its exact inverse, packed (``undo_steps``): not the change
    report, which has been told to the views already. Ten thousand steps are kept."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.undo_stack: list[Step] = []
        self.redo_stack: list[Step] = []

    def push(self, command: Command) -> Applied:
        """Carry out a command and remember its inverse."""
        applied = run(self.session, command)
        self.undo_stack.append(pack(applied, self.session))
        self.redo_stack.clear()
        return applied

    def undo(self) -> Applied | None:
        """Undo the last command; returns what the undo changed."""
        if not self.undo_stack:
            return None
        reverted = run(self.session, unpack(self.undo_stack.pop(), self.session))
        self.redo_stack.append(kept_loose(reverted))
        return reverted

    def redo(self) -> Applied | None:
        """Redo the last undone command, exactly as it first happened."""
        if not self.redo_stack:
            return None
        again = run(self.session, unpack(self.redo_stack.pop(), self.session))
        self.undo_stack.append(pack(again, self.session))
        return again

"""The window's undo stack: what Qt's QUndoStack offers the window, over compact steps.

A four-hour fight keeps ten thousand undo steps. A QUndoCommand costs most of a kilobyte
for itself (its C++ object and its Python wrapper) before it holds anything; a step here is
a label, a generator mark and a few bytes (``session.undo_steps``). The signals, the clean
point, the Undo and Redo actions named after their step, and jumping to any step from the
History list behave as QUndoStack's do.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction

if TYPE_CHECKING:
    from futurepath_desktop.session.edit import Applied
    from futurepath_desktop.session.undo_steps import Step
    from futurepath_desktop.ui.undo import SessionController


@cache
def _machinery() -> tuple[ModuleType, ModuleType]:
    """How a command runs and how a step is packed: loaded with the first command rather
    than with the window, and looked up once, not on every step of a long jump back."""
    from futurepath_desktop.session import edit, undo_steps

    return edit, undo_steps


class UndoStack(QObject):
    """The session's undo steps, the current index into them and the clean point."""

    indexChanged = Signal(int)
    cleanChanged = Signal(bool)
    canUndoChanged = Signal(bool)
    canRedoChanged = Signal(bool)
    undoTextChanged = Signal(str)
    redoTextChanged = Signal(str)
    stepsChanged = Signal()
    """Steps were added, dropped or relabelled (the History list shows them)."""

    def __init__(self, controller: SessionController) -> None:
        super().__init__(controller)
        self._controller = controller
        self._steps: list[Step] = []
        self._index = 0
        self.travelling = False
        """True while undo or redo runs (the History list's jump too), not for a push."""
        self._clean: int | None = 0
        """The index at which the session is as saved; None when no index is."""

    # --- reading -----------------------------------------------------------------------

    def count(self) -> int:
        return len(self._steps)

    def index(self) -> int:
        return self._index

    def text(self, index: int) -> str:
        """The label of step ``index`` (0 is the first command)."""
        return self._steps[index].label

    def canUndo(self) -> bool:
        return self._index > 0

    def canRedo(self) -> bool:
        return self._index < len(self._steps)

    def undoText(self) -> str:
        return self._steps[self._index - 1].label if self.canUndo() else ""

    def redoText(self) -> str:
        return self._steps[self._index].label if self.canRedo() else ""

    def isClean(self) -> bool:
        return self._clean == self._index

    def cleanIndex(self) -> int:
        return -1 if self._clean is None else self._clean

    # --- changing ----------------------------------------------------------------------

    def push(self, applied: Applied) -> None:
        """Keep the step of a command that has just run (the redo steps past it go)."""
        steps = _machinery()[1]
        with self._telling(steps=True):
            del self._steps[self._index :]
            if self._clean is not None and self._clean > self._index:
                self._clean = None  # the saved state can no longer be reached
            self._steps.append(steps.pack(applied, self._controller.session))
            self._index += 1

    def undo(self) -> None:
        if self.canUndo():
            self.setIndex(self._index - 1)

    def redo(self) -> None:
        if self.canRedo():
            self.setIndex(self._index + 1)

    def setIndex(self, index: int) -> None:
        """Undo or redo until ``index`` steps are done (the History list's click). The
        stack's own signals are emitted once, at the end, as QUndoStack does: a jump of a
        thousand steps must not scroll and repaint the list a thousand times."""
        index = max(0, min(index, len(self._steps)))
        self.travelling = True  # the signals below come from undo or redo, not a push
        try:
            with self._telling():
                while self._index > index:
                    self._undo_one()
                while self._index < index:
                    self._redo_one()
        finally:
            self.travelling = False

    def _undo_one(self) -> None:
        label = self._steps[self._index - 1].label
        reverted = self._run(self._index - 1, undoing=True)
        self._index -= 1
        # The journal names an undo after what it undid, not after the inverse command.
        self._controller.notify(reverted, label=f"Undo: {label}")

    def _redo_one(self) -> None:
        again = self._run(self._index, undoing=False)
        self._index += 1
        self._controller.notify(again)

    def setClean(self) -> None:
        with self._telling():
            self._clean = self._index

    def resetClean(self) -> None:
        """No state of the stack is the saved one (a recovered session is not saved)."""
        with self._telling():
            self._clean = None

    def clear(self) -> None:
        with self._telling(steps=True):
            self._steps.clear()
            self._index = 0
            self._clean = 0

    def _run(self, at: int, *, undoing: bool) -> Applied:
        """Put back what step ``at`` holds; the step becomes its own inverse (kept as it is
        while it waits to be redone, packed once redone)."""
        edit, steps = _machinery()
        session = self._controller.session
        applied: Applied = edit.run(session, steps.unpack(self._steps[at], session))
        self._steps[at] = steps.kept_loose(applied) if undoing else steps.pack(applied, session)
        return applied

    def _telling(self, steps: bool = False) -> _Telling:
        return _Telling(self, steps)

    # --- actions -----------------------------------------------------------------------

    def createUndoAction(self, parent: QObject, prefix: str = "") -> QAction:
        """An action that undoes, named "<prefix> <what it undoes>" and enabled when it can."""
        return self._action(parent, prefix or "Undo", self.undo, self.canUndo, self.undoText)

    def createRedoAction(self, parent: QObject, prefix: str = "") -> QAction:
        """An action that redoes, named "<prefix> <what it redoes>" and enabled when it can."""
        return self._action(parent, prefix or "Redo", self.redo, self.canRedo, self.redoText)

    def _action(
        self,
        parent: QObject,
        prefix: str,
        act: Callable[[], None],
        can: Callable[[], bool],
        text: Callable[[], str],
    ) -> QAction:
        action = QAction(parent)

        def update() -> None:
            action.setEnabled(can())
            named = text().replace("&", "&&")  # "Rock & Roll" is no shortcut letter
            action.setText(f"{prefix} {named}" if named else prefix)

        update()
        action.triggered.connect(lambda _checked=False: act())
        self.indexChanged.connect(update)
        self.stepsChanged.connect(update)
        return action


class _Telling:
    """Emits the stack's signals for whatever changed between entering and leaving."""

    def __init__(self, stack: UndoStack, steps: bool) -> None:
        self.stack = stack
        self.steps = steps
        self.told = (
            (stack.indexChanged, stack.index),
            (stack.cleanChanged, stack.isClean),
            (stack.canUndoChanged, stack.canUndo),
            (stack.canRedoChanged, stack.canRedo),
            (stack.undoTextChanged, stack.undoText),
            (stack.redoTextChanged, stack.redoText),
        )

    def __enter__(self) -> None:
        self.before = [read() for _, read in self.told]

    def __exit__(self, *error: object) -> None:
        if self.steps:
            self.stack.stepsChanged.emit()
        for (signal, read), before in zip(self.told, self.before, strict=True):
            if (now := read()) != before:
                signal.emit(now)

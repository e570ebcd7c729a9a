"""CombatBar: the window's one tool bar: the combat buttons and the phase indicator, then
(pushed to the right) save, undo, redo and the player view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QSizePolicy, QToolBar, QWidget

from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.docks.panel import text_action
from futurepath_desktop.ui.widgets.phase_indicator import PhaseIndicator


def bar_copy(action: QAction, parent: QWidget) -> QAction:
    """A tool bar button for ``action`` that can hide without hiding it in the menus."""
    copy = text_action(action.text(), parent)
    copy.setToolTip(action.toolTip())
    copy.setObjectName(f"bar{action.objectName().removeprefix('action')}")
    copy.triggered.connect(action.trigger)
    return copy


class CombatBar(QToolBar):
    """Start or End Combat (they share one place: only one of them can be used at a time,
    and the bar must fit a laptop's width), Next Turn, Next Phase, where the fight stands,
    and the file's buttons."""

    def __init__(
        self,
        start: QAction,
        end: QAction,
        steps: Sequence[QAction],
        stack: QUndoStack,
        right: Sequence[QAction],
        parent: QWidget,
    ) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("combatBar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.start = bar_copy(start, parent)
        self.end = bar_copy(end, parent)
        self.end.setVisible(False)
        self.addActions([self.start, self.end, *steps])
        self.addSeparator()
        self.phase_indicator = PhaseIndicator()
        self.addWidget(self.phase_indicator)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        # Short labels for the bar; the Edit menu's actions name what they undo.
        undo = text_action("Undo", parent)
        undo.setToolTip("Undo the last change (Ctrl+Z)")
        undo.triggered.connect(stack.undo)
        stack.canUndoChanged.connect(undo.setEnabled)
        redo = text_action("Redo", parent)
        redo.setToolTip("Redo (Ctrl+Shift+Z)")
        redo.triggered.connect(stack.redo)
        stack.canRedoChanged.connect(redo.setEnabled)
        undo.setEnabled(stack.canUndo())
        redo.setEnabled(stack.canRedo())
        self.addActions([right[0], undo, redo, *right[1:]])

    def show_session(self, session: Session) -> None:
        """Start Combat before the fight, End Combat during it; the phase lit."""
        self.phase_indicator.show_session(session)
        active = session.combat.active
        if self.start.isVisible() == active:  # only when combat starts or ends
            self.start.setVisible(not active)
            self.end.setVisible(active)

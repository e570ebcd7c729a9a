"""CombatBar: the window's one tool bar, laid out by the actions table: the combat
buttons and the phase indicator, then (pushed to the right) save, undo, redo and the
player view."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSizePolicy, QToolBar, QWidget

from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.action_row import When, holds
from futurepath_desktop.ui.actions import ACTIONS, Action
from futurepath_desktop.ui.docks.panel import text_action
from futurepath_desktop.ui.widgets.phase_indicator import PhaseIndicator


def bar_copy(action: QAction, spec: Action, parent: QWidget) -> QAction:
    """A bar button for ``action`` that can hide without hiding it in the menus, or
    wear a shorter label; it is enabled whenever the action is."""
    copy = text_action(spec.bar_text or action.text(), parent)
    copy.setToolTip(action.toolTip())
    copy.setObjectName(f"bar{spec.name.removeprefix('action')}")
    copy.triggered.connect(action.trigger)
    copy.setEnabled(action.isEnabled())
    action.enabledChanged.connect(copy.setEnabled)
    return copy


class CombatBar(QToolBar):
    """Start or End Combat (they share one place: only one of them can be used at a time,
    and the bar must fit a laptop's width), Next Turn, Next Phase, where the fight stands,
    and the file's buttons."""

    def __init__(
        self, actions: dict[str, QAction], parent: QWidget, table: Sequence[Action] = ACTIONS
    ) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("combatBar")
        self.setMovable(False)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.swapped: dict[When, QAction] = {}  # by ``when``: "idle" or "fighting"

        def button(spec: Action) -> QAction:
            action = actions[spec.name]
            return bar_copy(action, spec, parent) if spec.bar == "swap" or spec.bar_text else action

        for spec in table:
            if spec.bar == "swap":
                self.swapped[spec.when] = button(spec)
        self.addActions(list(self.swapped.values()))
        self.addActions([button(spec) for spec in table if spec.bar == "left"])
        self.addSeparator()
        self.phase_indicator = PhaseIndicator()
        self.addWidget(self.phase_indicator)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(spacer)
        self.addActions([button(spec) for spec in table if spec.bar == "right"])
        for when, copy in self.swapped.items():
            copy.setVisible(when != "fighting")  # the fight has not started

    def show_session(self, session: Session) -> None:
        """Start Combat before the fight, End Combat during it; the phase lit."""
        self.phase_indicator.show_session(session)
        for when, button in self.swapped.items():
            shown = holds(when, session)
            if button.isVisible() != shown:  # only when combat starts or ends
                button.setVisible(shown)

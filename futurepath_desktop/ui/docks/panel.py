"""The body every panel shares: a row of tool buttons above its view (wrapping onto a
second line in a narrow panel)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QVBoxLayout, QWidget

from futurepath_desktop.ui.widgets.tool_row import ToolRow

PANEL_MARGIN = 2
"""Pixels between a panel's edge and what it holds."""


def panel_body(name: str, actions: Sequence[QAction]) -> tuple[QWidget, QVBoxLayout]:
    """A widget with a compact layout and a text-only tool row named ``name``."""
    body = QWidget()
    layout = QVBoxLayout(body)
    layout.setContentsMargins(PANEL_MARGIN, PANEL_MARGIN, PANEL_MARGIN, PANEL_MARGIN)
    layout.setSpacing(2)
    tools = ToolRow(name)
    for action in actions:
        tools.addAction(action)
    layout.addWidget(tools)
    return body, layout


def text_action(text: str, parent: QObject) -> QAction:
    """An action with a text and no icon.

    Built as ``QAction(parent)`` and then given its text: ``QAction(text, parent)`` makes
    the bindings weigh the icon overload first, which sets up every QIcon theme name at
    start-up for nothing.
    """
    action = QAction(parent)
    action.setText(text)
    return action

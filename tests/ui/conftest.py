"""A real main window on the demo session for each UI test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest
import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow


def shown_demo(qtbot: QtBot, *, autosave: bool) -> Iterator[MainWindow]:
    """The demo in a shown, painted window, closed after the test (its changes dropped)."""
    main = MainWindow(demo_session(), autosave=autosave)
    qtbot.addWidget(main, before_close_func=lambda w: w.controller.stack.setClean())
    main.show()
    qtbot.waitUntil(lambda: main.painted)
    yield main
    main.controller.stack.setClean()
    main.close()


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    """The demo, shown and painted, with autosave off."""
    main = MainWindow(demo_session(), autosave=False)
    # Closing with unsaved changes asks first; a test that fails part-way must not hang there.
    qtbot.addWidget(main, before_close_func=lambda w: w.controller.stack.setClean())
    main.show()
    main.activateWindow()  # shortcuts reach an active window only
    qtbot.waitUntil(lambda: main.painted and main.inspector.combatant() is not None)
    qtbot.waitUntil(main.isActiveWindow)
    yield main
    main.controller.stack.setClean()
    main.close()


def answer_dialog(qtbot: QtBot, handle: Callable[[QDialog], None]) -> None:
    """When the next modal dialog opens, let ``handle`` fill it in (it accepts or rejects)."""

    def later() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QDialog):
            QTimer.singleShot(10, later)
            return
        try:
            handle(dialog)  # an assertion failing in here fails the test (pytest-qt)…
        finally:
            # …and a dialog the handler failed to close would block the test forever.
            QTimer.singleShot(3000, lambda: close_if_open(dialog))

    QTimer.singleShot(0, later)


def collect_report(qtbot: QtBot) -> list[str]:
    """The next message box's text, collected (into the list returned) and the box closed."""
    from PySide6.QtWidgets import QMessageBox

    said: list[str] = []

    def report(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        said.append(dialog.text())
        dialog.accept()

    answer_dialog(qtbot, report)
    return said


def close_if_open(dialog: QDialog) -> None:
    """Reject a dialog that is still showing (it may be long gone by now)."""
    if shiboken6.isValid(dialog) and dialog.isVisible():
        dialog.reject()


W = TypeVar("W", bound=QWidget)


def find(parent: QWidget, kind: type[W], name: str) -> W:
    """A child widget by objectName, or fail."""
    found = parent.findChild(kind, name)
    assert isinstance(found, kind), f"no {kind.__name__} named {name}"
    return found


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """Each colour scheme in turn (light, then dark), the light one put back after."""
    from futurepath_desktop.ui import theme

    theme.apply_theme(qapp, request.param)
    try:
        yield request.param
    finally:
        theme.apply_theme(qapp, theme.LIGHT)

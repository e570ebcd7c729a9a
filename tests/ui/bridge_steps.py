"""Steps the bridge's tests share: open the bridge, start a space fight, press a set-up
button as the GM reaches it, and read the stations list as its view shows it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QPushButton,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.bridge.feedback import Feedback
from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
from futurepath_desktop.ui.main_window import MainWindow


def panel(window: MainWindow) -> BridgePanel:
    assert window.bridge.panel is not None, "the bridge has not been opened"
    return window.bridge.panel


def open_bridge(qtbot: QtBot, window: MainWindow) -> None:
    window.bridge.show()
    window.bridge.raise_()
    qtbot.waitUntil(lambda: window.bridge.built)


def press_set_up(qtbot: QtBot, bridge: BridgePanel, button: QPushButton) -> None:
    """A set-up button as the GM reaches it: the button on a wide panel, the Set-up
    menu's entry of the same name on a narrow one."""
    if button.isVisible():
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return
    set_up = bridge.arrangement.set_up
    menu = set_up.menu()
    assert set_up.isVisible() and menu is not None, "the set-up button is nowhere to be seen"
    entry = next(a for a in menu.actions() if a.text() == button.text())
    entry.trigger()


def cells(bridge: BridgePanel) -> list[list[str]]:
    """The stations list as its view shows it: each row's four texts."""
    model = bridge.stations.model()
    return [
        [str(model.index(r, c).data()) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def station_status(window: MainWindow, title: str) -> str:
    for row in cells(panel(window)):
        if row[1] == title:
            return row[3]
    raise AssertionError(f"no station {title}")


def refused(line: Feedback) -> bool:
    """Whether a feedback line shows a refusal (read afresh each time)."""
    return line.error


def start_space(qtbot: QtBot, window: MainWindow) -> BridgePanel:
    """The bridge open and a space fight started with nobody unseen."""
    from futurepath_desktop.session.commands import StartSpaceCombat

    open_bridge(qtbot, window)
    assert window.controller.push(StartSpaceCombat())
    return panel(window)

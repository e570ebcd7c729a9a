"""A map view over the demo session that records every command its tools push, for the
tests that drive the tools directly."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.state import MapState, Session
from futurepath_desktop.ui.map.scene import MapScene
from futurepath_desktop.ui.map.tools import MapTool, Tool
from futurepath_desktop.ui.map.view import MapView
from futurepath_desktop.ui.undo import SessionController

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


class Map:
    """A map view over the demo session, and every command its tools pushed."""

    def __init__(self, qtbot: QtBot) -> None:
        self.controller = SessionController(demo_session())
        self.scene = MapScene()
        self.scene.sync(self.controller.session)
        self.controller.changed.connect(
            lambda change: self.scene.apply(self.controller.session, change)
        )
        self.view = MapView(self.scene, self.controller)
        qtbot.addWidget(self.view)
        self.view.resize(900, 600)
        self.view.show()
        self.pushed: list[Command] = []
        push = self.controller.push

        def recording(command: Command) -> bool:
            self.pushed.append(command)
            return push(command)

        self.controller.push = recording  # type: ignore[method-assign]

    @property
    def session(self) -> Session:
        return self.controller.session

    @property
    def grid(self) -> MapState:
        grid = self.session.map
        assert grid is not None
        return grid

    def tool(self, tool: Tool) -> MapTool:
        self.view.use(tool)
        return self.view.current

    def square_of(self, ident: str) -> tuple[int, int]:
        return self.session.tokens[ident].square

    def bytes(self) -> bytes:
        return store.encode(self.session)


def no_vision(dialog: QDialog) -> None:
    """Answer a new zone's dialog: its default name, and no vision inside (R31's worst)."""
    level = dialog.findChild(QComboBox, "zoneVisibility")
    assert isinstance(level, QComboBox)
    level.setCurrentText("No vision")
    dialog.accept()

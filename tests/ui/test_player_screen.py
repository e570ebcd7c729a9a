"""The players' window on the table's screen: the screen chosen by name (another one when
it is not connected), full screen and back by a key, and both remembered for the next
window."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QDialog, QInputDialog
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.player_screen import (
    FULL_SCREEN_KEY,
    LARGE_TYPE_KEY,
    SCREEN_KEY,
    find_screen,
)
from futurepath_desktop.ui.player_view import PlayerView
from tests.ui.conftest import answer_dialog

ROOT = Path(__file__).resolve().parents[2]


class Screen:
    """A screen as the choice sees it: a name."""

    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name


def test_the_remembered_screen_is_found_by_name_or_another_stands_in() -> None:
    laptop, table, side = Screen("eDP-1"), Screen("HDMI-1"), Screen("DP-2")
    screens = [laptop, table, side]
    assert find_screen("DP-2", screens, laptop) is side
    # Unplugged since: not the GM's own screen, while there is another.
    assert find_screen("HDMI-7", screens, laptop) is table
    assert find_screen("HDMI-7", screens, table) is laptop
    assert find_screen("", screens, laptop) is table, "nothing chosen yet: the other screen"
    # A laptop on its own: its one screen.
    assert find_screen("HDMI-1", [laptop], laptop) is laptop
    assert find_screen("HDMI-1", [], None) is None


TWO_SCREENS = """
import json
from PySide6.QtWidgets import QApplication
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui import player_window
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.player_screen import FULL_SCREEN_KEY, SCREEN_KEY

app = QApplication([])
window = MainWindow(demo_session(), autosave=False, remember_layout=False)
window.show()
app.processEvents()
report = {"gm": window.screen().name()}

def where():
    view = window.player_view
    frame = view.geometry()
    return [view.screen().name(), [frame.x(), frame.y(), frame.width(), frame.height()],
            view.isFullScreen()]

for name, remembered, full in (("chosen", "table", False), ("gone", "projector", True),
                                ("back", "laptop", False)):
    window.settings.setValue(SCREEN_KEY, remembered)
    window.settings.setValue(FULL_SCREEN_KEY, full)
    player_window.show(window)
    for _ in range(5):
        app.processEvents()
    report[name] = where()
    window.player_view.close()
window.close()
print(json.dumps(report))
"""


def test_the_players_window_goes_to_the_chosen_screen(tmp_path: Path) -> None:
    """On two screens (its own process: Qt learns its screens when it starts)."""
    screens = [
        {"name": "laptop", "x": 0, "y": 0, "width": 1280, "height": 800},
        {"name": "table", "x": 1280, "y": 0, "width": 1920, "height": 1080},
    ]
    config = tmp_path / "screens.json"
    config.write_text(json.dumps({"screens": screens}), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    env.pop("DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-c", TWO_SCREENS],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["gm"] == "laptop"
    screen, (x, y, width, height), full = report["chosen"]
    assert screen == "table" and not full
    assert x >= 1280 and x + width <= 1280 + 1920 and y >= 0 and y + height <= 1080
    # The remembered screen is not connected: the one that is not the GM's, full screen.
    assert report["gone"] == ["table", [1280, 0, 1920, 1080], True]
    screen, (x, y, width, height), full = report["back"]
    assert screen == "laptop" and not full, "out of full screen, back on the GM's screen"
    assert x >= 0 and x + width <= 1280 and y >= 0 and y + height <= 800


def test_the_screen_chooser_names_the_screens_and_remembers_the_choice(
    window: MainWindow, qtbot: QtBot
) -> None:
    only = QGuiApplication.screens()[0]
    offered: list[str] = []

    def choose(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        box = dialog.findChild(QComboBox)
        assert box is not None
        offered.extend(box.itemText(i) for i in range(box.count()))
        dialog.setTextValue(offered[0])
        dialog.accept()

    answer_dialog(qtbot, choose)
    window.actions_by_name["actionPlayerScreen"].trigger()
    size = only.geometry().size()
    assert len(offered) == len(QGuiApplication.screens())
    assert offered[0].startswith(only.name())
    assert f"{size.width()} × {size.height()}" in offered[0]
    assert "this window's screen" in offered[0]
    assert window.settings.value(SCREEN_KEY) == only.name()
    view = window.player_view
    assert view is not None
    qtbot.waitUntil(view.isVisible)
    assert view.screen() is only
    assert window.player_view_action.isChecked()


def _view(window: MainWindow) -> PlayerView:
    view = window.player_view
    assert view is not None
    return view


def wait_full_screen(qtbot: QtBot, view: PlayerView, full: bool) -> None:
    """Until ``view`` is (or is not) full screen, and stays so once the platform has said
    what it did (it says so a moment later)."""
    qtbot.waitUntil(lambda: view.isFullScreen() == full)
    qtbot.wait(50)
    assert view.isFullScreen() == full


def test_f11_puts_the_players_window_full_screen_and_back(window: MainWindow, qtbot: QtBot) -> None:
    full = window.actions_by_name["actionPlayerFullScreen"]
    assert full.isCheckable() and not full.isChecked()
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_F11)  # closed: opens full screen
    qtbot.waitUntil(lambda: window.player_view is not None and window.player_view.isVisible())
    view = _view(window)
    wait_full_screen(qtbot, view, True)
    assert view.windowState() & Qt.WindowState.WindowFullScreen
    assert full.isChecked() and window.player_view_action.isChecked()
    assert QGuiApplication.focusWindow() is window.windowHandle(), "the GM keeps the keys"
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_F11)
    wait_full_screen(qtbot, view, False)
    assert view.isVisible() and not full.isChecked()
    assert window.settings.value(FULL_SCREEN_KEY) in (False, "false")
    # In the players' window itself: F11 goes full screen, Esc comes back, Esc closes.
    view.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_F11)
    wait_full_screen(qtbot, view, True)
    assert full.isChecked()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    wait_full_screen(qtbot, view, False)
    assert view.isVisible(), "Esc leaves full screen first"
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not view.isVisible())
    assert not full.isChecked() and not window.player_view_action.isChecked()


def test_screen_full_screen_and_large_type_are_remembered(qtbot: QtBot) -> None:
    first = MainWindow(demo_session(), autosave=False)
    qtbot.addWidget(first)
    first.show()
    first.actions_by_name["actionPlayerLargeType"].trigger()  # opens it, in large type
    view = _view(first)
    qtbot.waitUntil(view.isVisible)
    assert view.large_type and first.actions_by_name["actionPlayerLargeType"].isChecked()
    first.actions_by_name["actionPlayerFullScreen"].trigger()
    wait_full_screen(qtbot, view, True)
    screen = view.screen().name()
    first.close()
    qtbot.waitUntil(lambda: not view.isVisible())

    second = MainWindow(demo_session(), autosave=False)
    qtbot.addWidget(second)
    second.show()
    assert second.settings.value(SCREEN_KEY, "") in ("", screen)
    assert second.settings.value(LARGE_TYPE_KEY) in (True, "true")
    assert not second.actions_by_name["actionPlayerLargeType"].isChecked(), "nothing open yet"
    second.player_view_action.trigger()  # F9
    again = _view(second)
    wait_full_screen(qtbot, again, True)
    assert again.large_type and again.screen().name() == screen
    assert second.actions_by_name["actionPlayerLargeType"].isChecked()
    assert second.actions_by_name["actionPlayerFullScreen"].isChecked()
    large = again.tree.font().pointSizeF()
    second.actions_by_name["actionPlayerLargeType"].trigger()  # and off again
    assert again.tree.font().pointSizeF() < large
    assert not second.actions_by_name["actionPlayerLargeType"].isChecked()
    assert second.settings.value(LARGE_TYPE_KEY) in (False, "false")
    second.close()


def test_on_one_screen_the_players_window_opens_in_front_and_the_gm_is_told(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A laptop on its own: behind the GM's window (as on a second screen) it would open
    unseen, and Player View would seem to do nothing."""
    assert len(QGuiApplication.screens()) == 1
    raised: list[str] = []
    monkeypatch.setattr(PlayerView, "raise_", lambda self: raised.append("players"))
    monkeypatch.setattr(MainWindow, "raise_", lambda self: raised.append("gm"))
    window.actions_by_name["actionPlayerView"].trigger()
    view = window.player_view
    assert view is not None and view.isVisible()
    assert raised == ["players"]
    assert "players' window is open in front" in window.statusBar().currentMessage()
    view.close()

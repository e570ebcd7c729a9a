"""Combat ▸ Space: the space fight run from the keyboard, by the menu's actions and their
keys (start, the next phase, a scan and a volley, the end), with the bridge showing what
each did."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import ScriptedRandom
from tests.ui.bridge_steps import panel
from tests.ui.conftest import answer_dialog


def press(qtbot: QtBot, window: MainWindow, keys: str) -> None:
    """A key chord pressed on the main window, as the GM presses it."""
    window.activateWindow()
    modifiers = Qt.KeyboardModifier.NoModifier
    *held, key = keys.split("+")
    for name in held:
        modifiers |= {
            "Ctrl": Qt.KeyboardModifier.ControlModifier,
            "Shift": Qt.KeyboardModifier.ShiftModifier,
        }[name]
    code = getattr(Qt.Key, f"Key_{key}")
    QTest.keyClick(window, code, modifiers)
    qtbot.wait(10)


def test_the_space_fight_runs_from_the_space_menu_and_its_keys(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    actions = window.actions_by_name
    for name in ("actionStartSpaceCombat", "actionNextSpacePhase", "actionFire", "actionScan"):
        assert actions[name].parent() is not None and actions[name].shortcut().toString()
    answer_dialog(qtbot, lambda dialog: dialog.accept())  # nobody unseen
    press(qtbot, window, "Ctrl+F5")
    qtbot.waitUntil(lambda: session.space.round.active)
    bridge = panel(window)
    assert bridge.isVisible(), "the bridge comes to the front"
    press(qtbot, window, "Ctrl+Shift+P")
    assert bridge.status.text() == "Space round 1 · 2 Action"
    assert bridge.target.currentData() == "bear-hunter", "aimed at the other side"
    press(qtbot, window, "Ctrl+Shift+C")  # the scan
    press(qtbot, window, "Ctrl+Shift+F")  # the volley
    assert [r.kind for r in session.space.round.declared] == ["scan", "volley"]
    assert bridge.status.text().endswith("2 to roll")
    session.rng = ScriptedRandom([20, 9, 9, 9, 9, 9, 3, 4])
    actions["actionNextSpacePhase"].trigger()
    assert session.ship("bear-hunter").battle_damage == 1
    actions["actionEndSpaceCombat"].trigger()
    assert not session.space.round.active

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


def test_tab_walks_the_bridge_as_it_reads_and_b_lands_on_the_stations(
    qtbot: QtBot, window: MainWindow
) -> None:
    """B gives the stations list the keys (not a button a stray Space would press); Tab
    goes on down the panel, the ship to act for, its console's tab and that console's
    fields, and Shift+Tab goes up through the ship cards to the phase buttons. The other
    ship is picked with the keys in the Ship list, and its weapons then fire by keys."""
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.session import commands as c

    assert window.controller.push(c.StartSpaceCombat())
    assert window.controller.push(c.NextSpacePhase())  # the Action phase: weapons may fire
    press(qtbot, window, "B")
    bridge = panel(window)
    qtbot.waitUntil(bridge.isVisible)

    def walk(key: Qt.Key, steps: int) -> list[str]:
        names = []
        for _ in range(steps):
            here = QApplication.focusWidget()
            assert here is not None
            QTest.keyClick(here, key)
            after = QApplication.focusWidget()
            assert after is not None and bridge.isAncestorOf(after), "still on the bridge"
            names.append(after.objectName())
        return names

    assert QApplication.focusWidget() is bridge.stations
    down = walk(Qt.Key.Key_Tab, 4)
    assert down[:2] == ["bridgeShip", "bridgeAct"]
    assert "bridgeConsoleTabs" in down or "bridgeTarget" in down
    bridge.stations.setFocus()
    up = walk(Qt.Key.Key_Backtab, 4)
    assert up[:2] == ["shipCard", "shipCard"] and "bridgeEnd" in up[2:]
    # The Bear Hunter, chosen in the Ship list by the keys, fires by its console's keys.
    bridge.ship_combo.setFocus()
    QTest.keyClick(bridge.ship_combo, Qt.Key.Key_Down)
    assert bridge.ship_id == "bear-hunter"
    bridge.deck.raise_console(0)
    bridge.fire_button.setFocus()
    assert bridge.fire_button.isEnabled()
    QTest.keyClick(bridge.fire_button, Qt.Key.Key_Space)
    kinds = [(r.kind, r.ship_ids) for r in window.controller.session.space.round.declared]
    assert ("volley", ("bear-hunter",)) in kinds

"""Next Phase in the Action phase, with teams yet to act: the window asks first, naming
them (Enter ends the phase, Esc keeps it), and the log says whose turn was lost. With
nobody left to act it goes straight on."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import answer_dialog
from tests.ui.test_window_flows import key


def to_turn_of(window: MainWindow, team: str) -> None:
    session = window.controller.session
    window.controller.push(c.StartCombat(unaware_ids=()))
    while session.combat.phase != Phase.ACTION or session.combat.acting_team != team:
        window.controller.push(c.NextTurn())


def test_shift_n_asks_before_a_team_loses_its_turn(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    to_turn_of(window, "players")
    asked: list[str] = []

    def keep(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        asked.append(dialog.text())
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)

    answer_dialog(qtbot, keep)
    key(qtbot, window, "N", Qt.KeyboardModifier.ShiftModifier)
    assert asked and "Space Bears have not acted this round" in asked[0]
    assert "Next Turn" in asked[0], "it says what to use instead"
    assert session.combat.phase == Phase.ACTION and session.combat.acting_team == "players"

    def go_on(dialog: QDialog) -> None:
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    answer_dialog(qtbot, go_on)
    key(qtbot, window, "N", Qt.KeyboardModifier.ShiftModifier)
    assert session.combat.phase == Phase.COUNTERS
    lost = [e.text for e in session.log if "turn is lost" in e.text]
    assert lost == ["The Action phase ends before Space Bears acted: their turn is lost"]


def test_with_nobody_left_to_act_shift_n_goes_straight_on(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    to_turn_of(window, "bears")  # the last team in the order
    key(qtbot, window, "N", Qt.KeyboardModifier.ShiftModifier)
    assert session.combat.phase == Phase.COUNTERS
    assert not any("turn is lost" in e.text for e in session.log)

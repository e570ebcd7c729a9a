"""Letters typed into a drop-down list search it, a whole name with its spaces; they do not
fire the window's one-letter shortcuts (C opened Add Condition while the GM typed "Space
Bear 4" into the Target list). Keys with Ctrl, and the keys that type nothing, still reach
the window."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QDialog
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import find
from tests.ui.test_window_flows import key


def test_typing_a_name_in_the_target_list_finds_it_and_fires_no_shortcut(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    opened: list[str] = []

    def close_any() -> None:  # a shortcut's dialog, if one opened, is noted and closed
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QDialog):
            opened.append(dialog.windowTitle())
            dialog.reject()

    watch = QTimer(window)
    watch.timeout.connect(close_any)
    watch.start(20)
    window.initiative.select(["art"])
    key(qtbot, window, "a")  # A: the keys go to the attack form's Target list
    combo = find(window.inspector.attack, QComboBox, "attackTarget")
    qtbot.waitUntil(combo.hasFocus)
    combo.setCurrentIndex(combo.findText("Space Bear 3", Qt.MatchFlag.MatchStartsWith))
    before = session.to_file()
    # Typing "Space" finds the first bear listed ("c" is Add Condition, "a" Attack …).
    qtbot.keyClicks(combo, "Space")
    assert opened == [], "no shortcut's dialog opened"
    first = next(i for i in range(combo.count()) if combo.itemText(i).startswith("Space"))
    assert combo.currentIndex() == first
    assert combo.hasFocus()
    # N (Next Turn) and D (Damage) typed there do nothing but search.
    qtbot.keyClicks(combo, "nd")
    assert opened == []
    assert session.to_file() == before
    # A whole name, spaces and all, picks that one (a space does not open the list).
    qtbot.wait(QApplication.keyboardInputInterval() + 50)  # a new search
    qtbot.keyClicks(combo, "Space Bear 4")
    assert combo.currentText().startswith("Space Bear 4"), combo.currentText()
    assert not combo.view().isVisible()
    qtbot.wait(QApplication.keyboardInputInterval() + 50)
    qtbot.keyClicks(combo, "space bear 2")  # in any case
    assert combo.currentText().startswith("Space Bear 2")
    assert opened == [] and session.to_file() == before
    # A key with Ctrl is still the window's: Ctrl+Z takes back the last command.
    window.controller.push(c.Damage(("bear-2",), 1))
    hp = session.combatants["bear-2"].hp
    qtbot.keyClick(combo, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.combatants["bear-2"].hp == hp + 1
    watch.stop()
    assert opened == []

"""A condition of the GM's own ("Marked by the Hunter") is offered again, in the list and
by completion, once it has been used: in the same session after it has ended, and in the
next session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import conditions
from tests.ui.conftest import answer_dialog, find, shown_demo

OWN = "Marked by the Hunter"


def offered(dialog: QDialog) -> list[str]:
    combo = find(dialog, QComboBox, "conditionChoices")
    return [combo.itemText(i) for i in range(combo.count())]


def add_by_keys(qtbot: QtBot, window: MainWindow, who: str, typed: str) -> list[str]:
    """Select ``who``, press C, type ``typed`` and Enter; what the dialog offered."""
    seen: list[str] = []

    def answer(dialog: QDialog) -> None:
        assert isinstance(dialog, ConditionDialog)
        seen.extend(offered(dialog))
        name = find(dialog, QLineEdit, "conditionName")
        qtbot.keyClicks(name, typed)
        qtbot.keyClick(name, Qt.Key.Key_Return)

    window.initiative.select([who])
    answer_dialog(qtbot, answer)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, "c")
    qtbot.waitUntil(lambda: bool(seen))
    return seen


@pytest.fixture
def second_window(qtbot: QtBot) -> Iterator[MainWindow]:
    """Another window on the demo, as the next session is opened."""
    yield from shown_demo(qtbot, autosave=False)


def test_the_gms_own_condition_is_offered_again_after_it_ended_and_next_session(
    qtbot: QtBot, window: MainWindow, second_window: MainWindow
) -> None:
    session = window.controller.session
    first = add_by_keys(qtbot, window, "brandon", OWN)
    assert OWN not in first  # never used yet: the book's conditions only
    (held,) = [c for c in session.conditions_on("brandon") if c.custom]
    assert held.name == OWN
    conditions.end_conditions(window.controller, [held.id])
    assert not any(c.custom for c in session.conditions.values())  # nobody holds it now

    # Offered again, and three letters and Enter put it on James.
    again = add_by_keys(qtbot, window, "james", "Mar")
    assert OWN in again and again.index(OWN) == sorted(again, key=str.lower).index(OWN)
    assert [c.name for c in session.conditions_on("james") if c.custom] == [OWN]

    # The next session (a second window here) offers it too.
    assert second_window.controller.session.conditions == {}
    assert OWN in add_by_keys(qtbot, second_window, "art", "Stu")
    art = second_window.controller.session.conditions_on("art")
    assert [c.name for c in art] == ["Stunned"]  # the book's are found by their letters still


def test_the_dialog_says_a_condition_of_ones_own_lasts_until_removed_without_rounds(
    qtbot: QtBot,
) -> None:
    dialog = ConditionDialog("Brandon")
    qtbot.addWidget(dialog)
    hint = find(dialog, QLabel, "conditionHint")
    find(dialog, QLineEdit, "conditionName").setText(OWN)
    assert hint.text() == (
        f"A condition of your own: {OWN}. It lasts until removed unless you give it rounds."
    )
    find(dialog, QLineEdit, "conditionName").setText("Stunned")
    assert hint.text().startswith("Stunned: ")


def test_the_until_removed_box_agrees_with_the_rounds_and_the_condition(qtbot: QtBot) -> None:
    """Prone lasts until removed by default, and its box says so; Stunned counts its
    default round, box unticked. Rounds typed untick the box; ticking it takes the rounds
    back to the default, so what the form shows is what it gives."""
    dialog = ConditionDialog("Brandon")
    qtbot.addWidget(dialog)
    name = find(dialog, QLineEdit, "conditionName")
    rounds = find(dialog, QSpinBox, "conditionRounds")
    box = dialog.until_removed
    name.setText("Prone")
    assert box.isChecked() and rounds.value() == 0
    assert dialog.choice()[2] is None
    name.setText("Stunned")
    assert not box.isChecked()
    rounds.setValue(3)
    assert not box.isChecked() and dialog.choice()[2] == 3
    box.setChecked(True)
    assert rounds.value() == 0 and dialog.choice()[2] is None
    name.setText(OWN)
    assert box.isChecked()
    rounds.setValue(2)
    assert not box.isChecked() and dialog.choice()[2] == 2
    name.setText("Prone")  # rounds the GM gave stay theirs
    assert not box.isChecked() and dialog.choice()[2] == 2

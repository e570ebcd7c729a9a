"""The quick dialogs refuse what the rules refuse, inline, before anything is pushed: a
negative amount of damage, a combatant without a name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QSpinBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.store import decode, encode
from futurepath_desktop.ui.dialogs.amount_dialog import AmountDialog
from futurepath_desktop.ui.dialogs.combatant_dialog import CombatantDialog
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import answer_dialog, find


def ok_button(dialog: QDialog) -> object:
    box = dialog.findChild(QDialogButtonBox)
    assert box is not None
    return box.button(QDialogButtonBox.StandardButton.Ok)


def test_a_longer_problem_is_shown_whole_at_once(qtbot: QtBot) -> None:
    """Pasting dice where a minus sign was: the three-line problem takes the room it needs
    from that one change, not from the next key (it was cut in half until then)."""
    from PySide6.QtWidgets import QApplication

    dialog = AmountDialog("Damage", "Space Bear 1", with_source=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    spin = find(dialog, QSpinBox, "amountSpin")
    problem = find(dialog, QLabel, "amountProblem")
    typed = spin.lineEdit()
    typed.setText("-5")
    typed.textEdited.emit("-5")
    qtbot.waitUntil(lambda: problem.heightForWidth(problem.width()) <= problem.height())
    shorter = problem.height()
    typed.setText("2d6")
    typed.textEdited.emit("2d6")  # one change, as a paste makes
    for _ in range(3):
        QApplication.processEvents()
    assert "is not a number of points" in problem.text()
    assert problem.height() > shorter
    assert problem.heightForWidth(problem.width()) <= problem.height(), "every line shown"
    shown = problem.mapTo(dialog, problem.rect().bottomRight())
    assert dialog.rect().contains(shown), "its last line inside the dialog"


def test_minus_five_damage_is_refused_in_the_dialog_not_turned_into_five(qtbot: QtBot) -> None:
    dialog = AmountDialog("Damage", "Space Bear 1", with_source=True)
    qtbot.addWidget(dialog)
    dialog.show()
    spin = find(dialog, QSpinBox, "amountSpin")
    problem = find(dialog, QLabel, "amountProblem")
    ok = ok_button(dialog)
    assert ok is not None
    qtbot.waitExposed(dialog)
    where = ok.mapToGlobal(ok.rect().center())  # type: ignore[attr-defined]
    qtbot.keyClicks(spin, "-5")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.isVisible()
    assert problem.isVisible() and "cannot be negative" in problem.text()
    qtbot.waitUntil(lambda: problem.heightForWidth(problem.width()) <= problem.height())
    assert not ok.isEnabled()  # type: ignore[attr-defined]
    # The words came under the buttons: OK is where the mouse was going.
    assert ok.mapToGlobal(ok.rect().center()) == where  # type: ignore[attr-defined]
    assert problem.mapToGlobal(problem.rect().topLeft()).y() > where.y()
    # Putting it right lets it through.
    spin.selectAll()
    qtbot.keyClicks(spin, "5")
    assert not problem.isVisible()
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.value() == 5


def test_d_minus_five_enter_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    before = session.to_file()
    window.initiative.select(["bear-1"])
    seen: list[bool] = []

    def minus_five(dialog: QDialog) -> None:
        spin = find(dialog, QSpinBox, "amountSpin")
        qtbot.keyClicks(spin, "-5")
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        seen.append(dialog.isVisible())  # still asking
        dialog.reject()

    answer_dialog(qtbot, minus_five)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, "d")
    assert seen == [True]
    assert session.to_file() == before


def damage_typed(qtbot: QtBot, window: MainWindow, typed: str) -> tuple[bool, str, str, bool]:
    """D on Space Bear 1, ``typed`` and Enter: whether the dialog is still open, what its
    box holds, what its problem line says, and whether OK works (the dialog then cancelled)."""
    window.initiative.select(["bear-1"])
    seen: list[tuple[bool, str, str, bool]] = []

    def enter(dialog: QDialog) -> None:
        spin = find(dialog, QSpinBox, "amountSpin")
        qtbot.keyClicks(spin, typed)
        qtbot.keyClick(spin, Qt.Key.Key_Return)
        ok = ok_button(dialog)
        enabled = ok is not None and ok.isEnabled()  # type: ignore[attr-defined]
        problem = find(dialog, QLabel, "amountProblem").text()
        seen.append((dialog.isVisible(), spin.text(), problem, enabled))
        dialog.reject()

    answer_dialog(qtbot, enter)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, "d")
    ((visible, text, problem, ok_enabled),) = seen
    return visible, text, problem, ok_enabled


def test_d_2d6_enter_is_refused_not_dealt_as_26(qtbot: QtBot, window: MainWindow) -> None:
    """Dice typed where points go stay as typed and are refused, with where to roll them;
    nothing is dealt. The total typed afterwards goes through."""
    session = window.controller.session
    before = session.to_file()
    visible, text, problem, ok_enabled = damage_typed(qtbot, window, "2d6")
    assert visible and text == "2d6" and not ok_enabled
    assert "2d6" in problem and "not a number" in problem and "dice box" in problem
    assert session.to_file() == before

    def total(dialog: QDialog) -> None:
        spin = find(dialog, QSpinBox, "amountSpin")
        qtbot.keyClicks(spin, "2d6")
        for _ in range(2):  # the letter and the die go; 2 is left, then 7 typed
            qtbot.keyClick(spin, Qt.Key.Key_Backspace)
        qtbot.keyClicks(spin, "7")
        qtbot.keyClick(spin, Qt.Key.Key_Return)

    hp = session.combatants["bear-1"].hp
    answer_dialog(qtbot, total)
    qtbot.keyClick(window.initiative.view, "d")
    assert session.combatants["bear-1"].hp == hp - 27


def test_d_past_the_most_at_once_is_refused_not_cut_to_it(qtbot: QtBot, window: MainWindow) -> None:
    """Points past the most a step deals stay as typed and are refused with the most,
    rather than quietly dealt as the most."""
    from futurepath_desktop.ui.dialogs.amount_dialog import MAX_AMOUNT

    session = window.controller.session
    before = session.to_file()
    visible, text, problem, ok_enabled = damage_typed(qtbot, window, "99999999999")
    assert visible and text == "99999999999" and not ok_enabled
    assert "99,999,999,999 is more than" in problem and f"{MAX_AMOUNT:,}" in problem
    assert session.to_file() == before


def test_a_new_combatant_without_a_name_is_not_made(qtbot: QtBot) -> None:
    session = demo_session()
    dialog = CombatantDialog(session, "bears")
    qtbot.addWidget(dialog)
    dialog.show()
    name = find(dialog, QLineEdit, "combatantName")
    problem = find(dialog, QLabel, "combatantProblem")
    ok = ok_button(dialog)
    assert ok is not None and not ok.isEnabled()  # type: ignore[attr-defined]
    assert problem.isVisible() and "needs a name" in problem.text()
    qtbot.keyClicks(name, "   ")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert dialog.result() != QDialog.DialogCode.Accepted  # blanks are no name
    qtbot.keyClicks(name, "Space Bear 5")
    assert ok.isEnabled() and not problem.isVisible()  # type: ignore[attr-defined]
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.combatant().name == "Space Bear 5"


def test_the_range_increment_is_asked_only_of_a_ranged_weapon(qtbot: QtBot) -> None:
    dialog = CombatantDialog(demo_session(), "bears")
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.ranged.isChecked() and not dialog.range_ft.isEnabled()
    qtbot.mouseClick(dialog.ranged, Qt.MouseButton.LeftButton)
    assert dialog.ranged.isChecked() and dialog.range_ft.isEnabled()
    dialog.range_ft.setValue(60)
    dialog.name.setText("Sniper")
    weapon = dialog.combatant().weapons[0]
    assert weapon.ranged and weapon.range_increment_ft == 60


def test_names_stop_at_what_the_file_keeps_while_typed(qtbot: QtBot, window: MainWindow) -> None:
    """A name typed past the file's limit stops at it in the form, rather than the form
    closing and the command refusing it afterwards with everything typed lost: a new
    combatant, its weapon, a renamed combatant, a condition of the GM's own."""
    from futurepath_desktop.core.conditions import CUSTOM_NAME_MAX
    from futurepath_desktop.session.records.kinds import NAME_MAX
    from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog

    dialog = CombatantDialog(window.controller.session, "bears")
    qtbot.addWidget(dialog)
    dialog.show()
    long_name = "Space Bear of the Outer Rim " * 11  # 308 characters
    assert len(long_name) > NAME_MAX
    for field in (find(dialog, QLineEdit, "combatantName"), dialog.weapon):
        field.clear()
        qtbot.keyClicks(field, long_name)
        assert field.text() == long_name[:NAME_MAX]
    # What the form makes goes into the session, and the session saves and reopens.
    made = dialog.combatant()
    session = window.controller.session
    window.controller.push(c.AddCombatant(made))
    assert session.combatants[made.id].name == long_name[:NAME_MAX].strip()
    assert decode(encode(session)).to_file() == session.to_file()
    # Renamed in the inspector's Stats.
    window.initiative.select([made.id])
    window.inspector.tabs.setCurrentIndex(1)
    name = find(window.inspector, QLineEdit, "inspectorName")
    name.clear()
    qtbot.keyClicks(name, "Ursa " * 40)
    assert len(name.text()) == NAME_MAX
    condition = ConditionDialog("Space Bear 1")
    qtbot.addWidget(condition)
    condition.show()
    qtbot.keyClicks(condition.name, "Smells of the hold " * 5)
    assert len(condition.name.text()) == CUSTOM_NAME_MAX


def test_a_name_in_use_is_refused_in_the_form_with_another_offered(
    qtbot: QtBot, window: MainWindow
) -> None:
    """New Combatant and New Team say, as the GM types, that the name is taken and which
    would do; OK waits for a free one. Nothing reaches the session before."""
    from futurepath_desktop.ui.dialogs.team_dialogs import TeamDialog

    session = window.controller.session
    dialog = CombatantDialog(session, "players")
    qtbot.addWidget(dialog)
    dialog.show()
    name = find(dialog, QLineEdit, "combatantName")
    problem = find(dialog, QLabel, "combatantProblem")
    qtbot.keyClicks(name, "Katie")
    ok = ok_button(dialog)
    assert problem.isVisible() and "That name is taken" in problem.text()
    assert "Katie 2" in problem.text()
    assert ok is not None and not ok.isEnabled()  # type: ignore[attr-defined]
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert dialog.result() != QDialog.DialogCode.Accepted
    qtbot.keyClicks(name, " 2")
    assert not problem.isVisible() and ok.isEnabled()  # type: ignore[attr-defined]

    bears = next(t for t in session.teams.values() if t.name == "Space Bears")
    players = next(t for t in session.teams.values() if t.id != bears.id)
    taken = [t.name for t in session.teams.values()]
    team = TeamDialog(players, taken=taken)
    qtbot.addWidget(team)
    team.show()
    field = find(team, QLineEdit, "teamName")
    field.selectAll()
    qtbot.keyClicks(field, "Space Bears")
    said = find(team, QLabel, "teamProblem")
    assert said.isVisible() and "call this one Space Bears 2" in said.text()
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert team.result() != QDialog.DialogCode.Accepted
    field.selectAll()
    qtbot.keyClicks(field, players.name)  # its own name is no clash
    assert not said.isVisible()


def test_a_longer_refusal_grows_the_form_and_squeezes_none_of_its_boxes(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A refusal on two lines (a long name that is taken) makes the New Combatant form
    taller; the ability boxes keep their height (they were squeezed to a few pixels)."""
    import msgspec

    session = window.controller.session
    long_name = "Captain Ursula of the Far-Flung Hold, Scourge of Vega"
    twin = msgspec.structs.replace(session.combatants["bear-1"], id="ursula", name=long_name)
    assert window.controller.push(c.AddCombatant(twin))
    dialog = CombatantDialog(session, "bears")
    qtbot.addWidget(dialog)
    dialog.show()
    box = dialog.abilities["strength"]
    before = dialog.height()
    qtbot.keyClicks(find(dialog, QLineEdit, "combatantName"), long_name)
    problem = find(dialog, QLabel, "combatantProblem")
    qtbot.waitUntil(lambda: problem.isVisible() and "taken" in problem.text())
    assert problem.heightForWidth(problem.width()) > problem.fontMetrics().height() * 1.5
    qtbot.waitUntil(lambda: dialog.height() > before)
    assert box.height() >= box.minimumSizeHint().height()
    assert problem.height() >= problem.heightForWidth(problem.width())

"""The fight driven through the real window: keys, dialogs, buttons (R6-R14 via the UI)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QDialog, QDockWidget, QLineEdit, QPushButton, QSpinBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.commands import Damage
from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog
from futurepath_desktop.ui.dialogs.join_dialog import NEW_TEAM, JoinDialog
from futurepath_desktop.ui.dialogs.start_combat_dialog import StartCombatDialog
from futurepath_desktop.ui.docks.log_dock import LogDock
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.log_model import EVENT
from tests.ui.conftest import answer_dialog, find


def key(
    qtbot: QtBot,
    window: MainWindow,
    text: str,
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Press a key with the initiative tree focused, as a GM at the keyboard would."""
    window.activateWindow()  # a closed dialog may leave no window active without a WM
    qtbot.waitUntil(window.isActiveWindow)
    window.initiative.view.setFocus()
    qtbot.keyClick(window.initiative.view, text, modifier)


def start_with_only_brandon_aware(qtbot: QtBot, window: MainWindow) -> None:
    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, StartCombatDialog)
        for ident in window.controller.session.combatants:
            dialog.set_aware(ident, ident == "brandon")
        dialog.accept()

    answer_dialog(qtbot, fill)
    qtbot.keyClick(window, Qt.Key.Key_F5)


def attack(qtbot: QtBot, window: MainWindow, attacker: str, target: str, distance: int) -> None:
    window.initiative.select([attacker])
    form = window.inspector.attack
    combo: QComboBox = find(form, QComboBox, "attackTarget")
    combo.setCurrentIndex(combo.findData(target))
    spin: QSpinBox = find(form, QSpinBox, "attackDistance")
    spin.setValue(distance)
    qtbot.waitUntil(
        lambda: (
            form.plan is not None
            and (form.plan.attacker.id, form.plan.target.id) == (attacker, target)
            and form.plan.setup.all_sources() is not None
            and not form._timer.isActive()
        )
    )
    qtbot.mouseClick(find(form, QPushButton, "rollAttackButton"), Qt.MouseButton.LeftButton)


def test_a_whole_fight_through_the_window(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    session = window.controller.session
    start = session.to_file()

    # Start combat with Brandon aware (R11): a surprise round for him alone.
    start_with_only_brandon_aware(qtbot, window)
    assert session.combat.surprise_round and session.combat.surprise_actors == ("brandon",)
    assert window.phase_indicator.round_label.text() == "Round 1"
    assert "Surprise round" in window.phase_indicator.turn_label.text()
    assert "Surprised" in window.initiative_model.index_of("bear-1", 3).data()

    # The surprise round: Brandon shoots; the odds were shown before the roll.
    attack(qtbot, window, "brandon", "bear-1", 25)
    assert session.log[-1].kind in ("attack", "damage")
    assert any(e.text.startswith("Brandon attacks Space Bear 1") for e in session.log)

    # Next Turn is one key: the surprise round ends, then the players' turn begins.
    key(qtbot, window, "n")
    assert session.combat.phase == Phase.ADVANTAGES
    key(qtbot, window, "n")
    assert session.combat.acting_team == "players"
    assert window.initiative_model.index(0, 0).data() == "Players"

    # A round with an attack and a stun: C s t Enter puts Stunned (default 1 round).
    attack(qtbot, window, "art", "bear-2", 40)
    window.initiative.select(["bear-3"])

    def stun(dialog: QDialog) -> None:
        assert isinstance(dialog, ConditionDialog)
        name: QLineEdit = find(dialog, QLineEdit, "conditionName")
        qtbot.keyClicks(name, "st")
        qtbot.keyClick(name, Qt.Key.Key_Return)

    answer_dialog(qtbot, stun)
    key(qtbot, window, "c")
    (stunned,) = session.conditions_on("bear-3")
    assert (stunned.name, stunned.remaining) == ("Stunned", 1)
    assert window.counters_model.rowCount() == 1

    # Damage to a selection: D, the number, Enter.
    window.initiative.select(["bear-4"])

    def seven(dialog: QDialog) -> None:
        spin: QSpinBox = find(dialog, QSpinBox, "amountSpin")
        qtbot.keyClicks(spin, "7")
        qtbot.keyClick(spin, Qt.Key.Key_Return)

    answer_dialog(qtbot, seven)
    key(qtbot, window, "d")
    assert session.combatants["bear-4"].hp == 9

    # The bears act, then the Counters phase: the stun ticks away (R13).
    key(qtbot, window, "n")
    assert session.combat.acting_team == "bears"
    key(qtbot, window, "n")
    assert session.combat.phase == Phase.COUNTERS
    assert session.conditions_on("bear-3") == []
    said = window.statusBar().currentMessage()
    assert said.startswith("Ended: ") and "Stunned" in said
    assert said.endswith(" did not act"), "and the bears that did nothing"

    # Katie joins the players' team; its initiative stays (R9).
    def join(dialog: QDialog) -> None:
        assert isinstance(dialog, JoinDialog)
        assert dialog.joiners() == ("katie",)
        dialog.accept()

    answer_dialog(qtbot, join)
    key(qtbot, window, "j")
    assert session.combatants["katie"].present
    assert session.teams["players"].initiative == 4  # R5: 5, 3 and 3 → 11/3, rounded up
    assert window.initiative_model.index_of("katie", 0).data() == "Katie"
    # The log says whose initiative stays: the team's, not Katie's own.
    assert session.log[-1].text.startswith("Katie joins Players; the team's initiative stays 4")

    # Undo back to the start, redo it all.
    final = session.to_file()
    while window.controller.stack.canUndo():
        key(qtbot, window, "z", Qt.KeyboardModifier.ControlModifier)
    assert session.to_file() == start
    assert window.log_model.rowCount() == 0
    while window.controller.stack.canRedo():
        window.actions_by_name["actionRedo"].trigger()
    assert session.to_file() == final

    # Save, reopen, the same state.
    path = tmp_path / "fight.fpsession"
    assert window.files._write(path)
    assert window.windowTitle().startswith("fight.fpsession")
    assert not window.isWindowModified()
    assert window.files.open_path(path)
    assert window.controller.session.to_file() == final


def test_title_shows_the_modified_mark(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.isWindowModified()
    window.initiative.select(["bear-1"])

    def three(dialog: QDialog) -> None:
        find(dialog, QSpinBox, "amountSpin").setValue(3)
        dialog.accept()

    answer_dialog(qtbot, three)
    key(qtbot, window, "d")
    assert window.isWindowModified() and "[*]" in window.windowTitle()
    key(qtbot, window, "z", Qt.KeyboardModifier.ControlModifier)
    assert not window.isWindowModified()


def test_refused_actions_show_why_and_change_nothing(qtbot: QtBot, window: MainWindow) -> None:
    before = window.controller.session.to_file()
    assert not window.actions_by_name["actionNextTurn"].isEnabled(), (
        "no Next Turn before combat starts"
    )
    key(qtbot, window, "n")
    assert window.controller.session.to_file() == before
    window.controller.push(
        __import__("futurepath_desktop.session.commands", fromlist=["x"]).StartCombat(())
    )
    before = window.controller.session.to_file()
    undo_depth = window.controller.stack.count()
    attack(qtbot, window, "bear-1", "james", 5)  # the players act first (R6)
    form = window.inspector.attack
    roll = find(form, QPushButton, "rollAttackButton")
    assert not roll.isEnabled(), "the click above did nothing: Roll is off out of turn"
    assert "not Space Bear 1's turn" in roll.toolTip()
    assert "not Space Bear 1's turn" in form.odds.text()
    # Enter in the form still asks, and the refusal says why where the GM pressed it.
    spin = find(form, QSpinBox, "attackDistance")
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert "not Space Bear 1's turn" in window.statusBar().currentMessage()
    window.log.dice.setText("1000000d1000000")
    qtbot.keyClick(window.log.dice, Qt.Key.Key_Return)
    assert "500" in window.statusBar().currentMessage()
    assert window.controller.session.to_file() == before
    assert window.controller.stack.count() == undo_depth


def test_dice_box_rolls_into_the_log(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert window.log.dice.hasFocus() or window.focusWidget() is window.log.dice
    qtbot.keyClicks(window.log.dice, "3d6+2")
    qtbot.keyClick(window.log.dice, Qt.Key.Key_Return)
    entry = window.controller.session.log[-1]
    assert entry.kind == "roll" and entry.rolls[0].expression == "3d6+2"
    assert window.log.dice.text() == ""
    window.log.view.selectRow(window.log.proxy.rowCount() - 1)
    assert "3d6 (" in window.log.detail.toPlainText()
    window.log.filter.setText("no such thing")
    assert window.log.proxy.rowCount() == 0


def test_the_breakdown_follows_new_entries_only_from_the_newest(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Reading the newest entry, the GM sees the next roll's breakdown as it comes; reading
    an older one, they keep it."""

    def roll(expression: str) -> None:
        qtbot.keyClick(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(window.log.dice, expression)
        qtbot.keyClick(window.log.dice, Qt.Key.Key_Return)

    log = window.log
    for _ in range(20):  # more entries than the list shows at once
        window.controller.push(c.RollDice("1d4"))
    roll("2d6+1")
    log.view.selectRow(log.proxy.rowCount() - 1)
    assert "2d6 (" in log.detail.toPlainText()
    roll("4d8+3")
    assert log.view.currentIndex().row() == log.proxy.rowCount() - 1
    assert "4d8 (" in log.detail.toPlainText()
    older = 0  # the fight's first entry, far above the newest
    log.view.selectRow(older)
    kept = log.detail.toPlainText()
    assert "4d8 (" not in kept
    roll("3d10")
    assert log.view.currentIndex().row() == older
    assert log.detail.toPlainText() == kept
    picked = log.view.visualRect(log.view.currentIndex())
    assert log.view.viewport().rect().contains(picked), "the picked entry stays in sight"
    # Picked in sight at the end of the list, it stays in sight as rolls come too.
    log.view.scrollToBottom()
    near_end = log.proxy.rowCount() - 2
    log.view.selectRow(near_end)
    for _ in range(8):
        roll("1d6")
    picked = log.view.visualRect(log.view.currentIndex())
    assert log.view.currentIndex().row() == near_end
    assert log.view.viewport().rect().contains(picked), "picked at the end, still in sight"


def row_text(log: LogDock, row: int) -> str:
    """The event of the log panel's ``row``."""
    return str(log.proxy.index(row, EVENT).data())


def test_the_breakdown_pane_is_as_tall_as_its_entry_needs(qtbot: QtBot, window: MainWindow) -> None:
    """A long entry is read whole in the pane, without scrolling; a short one after it gives
    the room back to the list, down to three lines (the pane does not jump at every entry)."""
    log = window.log
    start_with_only_brandon_aware(qtbot, window)
    window.initiative.select(["brandon"])
    form = window.inspector.attack
    target: QComboBox = find(form, QComboBox, "attackTarget")
    target.setCurrentIndex(target.findData("bear-1"))
    find(form, QSpinBox, "attackDistance").setValue(25)
    form.fiat_flat.setValue(10)  # a hit: its damage's lines too
    form.fiat_adv.setValue(2)
    qtbot.waitUntil(lambda: form.plan is not None and not form._timer.isActive())
    qtbot.mouseClick(find(form, QPushButton, "rollAttackButton"), Qt.MouseButton.LeftButton)
    window.controller.push(c.RollDice("1d6"))
    attacks = [row for row in range(log.proxy.rowCount()) if "attacks" in row_text(log, row)]
    long, short = attacks[-1], log.proxy.rowCount() - 1
    log.view.selectRow(long)
    detail = log.detail
    assert detail.document().documentLayout().documentSize().height() > 4, "a long breakdown"
    qtbot.waitUntil(lambda: detail.verticalScrollBar().maximum() == 0)
    tall, list_height = detail.height(), log.view.height()
    log.view.selectRow(short)
    line = detail.fontMetrics().lineSpacing()
    qtbot.waitUntil(lambda: detail.height() < tall)
    assert 3 * line <= detail.height() <= 3 * line + 12
    assert log.view.height() > list_height


def test_a_click_on_a_short_entry_after_a_long_one_picks_the_row_clicked(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The pane gives its room back as a short entry is clicked: the list moving under the
    pointer between the press and the release chose the row above while the breakdown
    showed the one clicked. The pane now waits for the click to end."""
    log = window.log
    for _ in range(12):
        window.controller.push(c.RollDice("1d4"))
    start_with_only_brandon_aware(qtbot, window)
    window.initiative.select(["brandon"])
    form = window.inspector.attack
    target: QComboBox = find(form, QComboBox, "attackTarget")
    target.setCurrentIndex(target.findData("bear-1"))
    form.fiat_flat.setValue(10)  # a hit: a long breakdown
    qtbot.waitUntil(lambda: form.plan is not None and not form._timer.isActive())
    qtbot.mouseClick(find(form, QPushButton, "rollAttackButton"), Qt.MouseButton.LeftButton)
    window.controller.push(c.RollDice("1d6"))
    attacks = [row for row in range(log.proxy.rowCount()) if "attacks" in row_text(log, row)]
    log.view.selectRow(attacks[-1])
    log.view.scrollToBottom()
    qtbot.waitUntil(lambda: log.detail.verticalScrollBar().maximum() == 0)
    short = log.proxy.rowCount() - 1
    at = log.view.visualRect(log.proxy.index(short, 2)).center()
    qtbot.mouseClick(log.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    chosen = {index.row() for index in log.view.selectionModel().selectedRows()}
    assert log.view.currentIndex().row() == short and chosen == {short}
    assert "1d6" in log.detail.toPlainText()


def test_a_corrupt_file_opens_nothing_and_says_why(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.fpsession"
    bad.write_text('{"format_version": 1, "id": "x", "name": 5}')
    shown: list[str] = []

    def read(dialog: QDialog) -> None:
        from PySide6.QtWidgets import QMessageBox

        assert isinstance(dialog, QMessageBox)
        shown.extend([dialog.informativeText(), dialog.detailedText()])
        dialog.reject()

    answer_dialog(qtbot, read)
    before = window.controller.session
    assert not window.files.open_path(bad, ask=False)
    assert window.controller.session is before
    assert shown[0] == "The session's name must be text, not a number."
    assert "Expected `str`, got `int`" in shown[1] and "$.name" in shown[1]


def test_player_view_hides_what_players_must_not_see(qtbot: QtBot, window: MainWindow) -> None:
    window.show_player_view()
    view = window.player_view
    assert view is not None
    qtbot.addWidget(view)

    def rows() -> dict[str, list[str]]:
        found = {}
        for i in range(view.tree.topLevelItemCount()):
            item = view.tree.topLevelItem(i)
            assert item is not None
            found[item.text(0).strip()] = [item.text(c) for c in range(3)]
        return found

    # R61: the players know where their hidden friend is: listed, marked hidden.
    assert "Brandon (hidden)" in rows() and "Brandon" not in rows()
    assert "Katie" not in rows(), "someone not yet in the fight is left out"
    assert "James" in rows() and "Space Bear 2" in rows()
    window.controller.push(Damage(("bear-2",), 9))
    assert rows()["Space Bear 2"][1] == "bloodied", "enemy health is a word, not a number"
    assert rows()["James"][1] == "18/18 HP"
    text = " ".join(" ".join(cells) for cells in rows().values())
    assert "Went into stealth" not in text and "Woken by the trap" not in text, "no GM notes"


def test_docks_have_stable_names_and_the_view_menu_toggles_them(window: MainWindow) -> None:
    for name in ("initiativeDock", "countersDock", "inspectorDock", "logDock", "historyDock"):
        assert window.findChild(QDockWidget, name) is not None, name
    for name in (
        "actionNextTurn", "actionNextPhase", "actionStartCombat", "actionEndCombat", "actionUndo",
        "actionRedo", "actionSave", "actionOpen", "actionPlayerView",
    ):  # fmt: skip
        assert name in window.actions_by_name, name
    toggles = {a.text().replace("&", "") for a in window.view_menu.actions()}
    assert {
        "Team Initiative",
        "Condition Counters",
        "Inspector",
        "Log",
        "History",
        "Reset Layout",
    } <= toggles
    window.log.toggleViewAction().trigger()
    assert window.log.isHidden()
    window.reset_layout()
    assert not window.log.isHidden()


def test_docs_list_every_shortcut(window: MainWindow) -> None:
    """docs/shortcuts.md is what the actions table makes, and the window's live actions
    (the map's too) have the keys and names the page gives them."""
    from futurepath_desktop.ui.dialogs.shortcuts_dialog import shortcuts_markdown
    from futurepath_desktop.ui.shortcut_list import shortcut_rows
    from tools.shortcuts_doc import PAGE

    assert PAGE.read_text(encoding="utf-8") == shortcuts_markdown(), (
        "run python -m tools.shortcuts_doc"
    )
    live = set()
    for action in window.actions_by_name.values():
        bound = ", ".join(s.toString() for s in action.shortcuts())
        if bound:
            text = action.text().replace("&", "")
            live.add((bound, action.statusTip() if action.statusTip().startswith("Map") else text))
    assert live == set(shortcut_rows()), "every key the window has is on the page, and no more"
    keys = {a.objectName(): a.shortcut().toString() for a in window.actions_by_name.values()}
    assert len(keys["actionNextTurn"]) == 1, "next turn is one key"
    assert keys["actionDamage"] == "D" and keys["actionAddCondition"] == "C"
    assert keys["actionUndo"] == "Ctrl+Z"


def _column_of(window: MainWindow, dock: QDockWidget) -> str:
    """Left of the map, right of it, or the map's own column."""
    map_area = window.map.geometry()
    middle = dock.geometry().center().x()
    if middle < map_area.left():
        return "left"
    return "right" if middle > map_area.right() else "middle"


def test_the_layout_follows_the_window_until_the_gm_has_their_own(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.ui import layout

    def settle() -> None:
        qtbot.wait(60)

    window.resize(1280, 800)
    settle()
    assert window.layout_kind == layout.COMPACT
    assert _column_of(window, window.log) == "left", "a laptop reads the log under the roster"
    assert _column_of(window, window.counters) == "right"
    window.resize(1920, 1080)
    settle()
    assert window.layout_kind == layout.ROOMY
    assert _column_of(window, window.log) == "right"
    assert _column_of(window, window.counters) == "left"
    assert all(not d.isFloating() for d in window.docks())

    # A layout saved by the GM comes back as it was and stays, whatever the size.
    state = window.saveState()
    window.settings.setValue("windowState", state)
    # A panel the GM closed stays closed when the layout changes with the size.
    window.counters.toggleViewAction().trigger()
    window.resize(1280, 800)
    settle()
    assert window.layout_kind == layout.COMPACT and window.counters.isHidden()
    assert not window.log.isHidden()
    second = MainWindow(window.controller.session, autosave=False)
    qtbot.addWidget(second, before_close_func=lambda w: w.controller.stack.setClean())
    second.resize(1280, 800)
    second.show()
    qtbot.waitUntil(lambda: second.painted)
    settle()
    assert [second.own_layout, second.layout_kind] == [True, layout.COMPACT]
    assert _column_of(second, second.log) == "right", "the GM's own layout, not the laptop's"
    # Reset Layout goes back to the one for the window's size, and follows it again.
    second.reset_layout()
    settle()
    assert [second.own_layout, _column_of(second, second.log)] == [False, "left"]
    second.controller.stack.setClean()
    second.close()


def test_the_window_speaks_the_games_words_not_ruling_numbers(window: MainWindow) -> None:
    """Ruling numbers belong in the code and a roll's breakdown, not in what the GM reads
    on the menus, the buttons, the tips and the initiative and counters panels."""
    import re

    from futurepath_desktop.session import commands as c

    ruling = re.compile(r"\bR\d+\b")
    window.controller.push(c.AddCondition(("bear-1",), "stunned", 1))
    window.controller.push(c.StartCombat(("james",)))
    texts = [
        text
        for action in window.actions_by_name.values()
        for text in (action.text(), action.toolTip(), action.statusTip())
    ]
    for model in (window.initiative_model, window.counters_model):
        parents = [QModelIndex()] + [model.index(r, 0) for r in range(model.rowCount())]
        for parent in parents:
            for row in range(model.rowCount(parent)):
                for column in range(model.columnCount(parent)):
                    index = model.index(row, column, parent)
                    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                        texts.append(str(index.data(role) or ""))
    assert [t for t in texts if ruling.search(t)] == []


def test_a_long_team_name_keeps_the_combat_bar_in_one_piece(
    qtbot: QtBot, window: MainWindow
) -> None:
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QToolBar, QToolButton

    from futurepath_desktop.session import commands as c

    long_name = "The Grand Imperial Expeditionary Bear Cavalry of the Outer Rim"
    window.resize(1280, 800)
    window.controller.push(c.EditTeam("players", {"name": long_name}))
    window.controller.push(c.StartCombat(()))
    while window.controller.session.combat.acting_team != "players":
        window.controller.push(c.NextTurn())
    qtbot.wait(50)
    label = window.phase_indicator.turn_label
    assert long_name in label.toolTip(), "the whole name is in the tip"
    assert QFontMetrics(label.font()).horizontalAdvance(label.text()) <= label.width()
    bar: QToolBar = window.combat_bar
    extension = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    assert extension is None or not extension.isVisible(), "nothing folded behind »"


def test_a_condition_is_picked_from_its_list_with_the_mouse(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Mouse only: the combatant's row, Add Condition from the Combat menu, the condition
    list's arrow, a name in the list, OK."""
    from PySide6.QtWidgets import (
        QApplication,
        QComboBox,
        QDialogButtonBox,
        QStyle,
        QStyleOptionComboBox,
    )

    session = window.controller.session
    view = window.initiative.view
    row = view.visualRect(window.initiative_model.index_of("bear-2"))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=row.center())
    assert window.initiative.selected_ids() == ["bear-2"]

    def pick(dialog: QDialog) -> None:
        assert isinstance(dialog, ConditionDialog)
        combo: QComboBox = find(dialog, QComboBox, "conditionChoices")
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        arrow = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxArrow, combo
        )
        prone = combo.findText("Prone")
        assert prone >= 0
        # A hand tries again when a loaded machine drops the click (the list closes with
        # nothing chosen); three tries at most, so a list that never takes one fails.
        popup = combo.view()
        for _attempt in range(3):
            qtbot.mouseClick(combo, Qt.MouseButton.LeftButton, pos=arrow.center())
            qtbot.waitUntil(popup.isVisible)
            popup.scrollTo(combo.model().index(prone, 0))
            place = popup.visualRect(combo.model().index(prone, 0)).center()
            # The list takes no click as quick as a double click's second (a hand is slower).
            qtbot.wait(QApplication.doubleClickInterval() + 50)
            qtbot.mouseMove(popup.viewport(), place)
            qtbot.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=place)
            qtbot.waitUntil(lambda: not popup.isVisible())
            if dialog.name.text() == "Prone":
                break
        assert dialog.name.text() == "Prone"
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    answer_dialog(qtbot, pick)
    window.actions_by_name["actionAddCondition"].trigger()
    assert [c.name for c in session.conditions_on("bear-2")] == ["Prone"]


def test_join_says_when_combatants_may_join_before_its_dialog(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R9: J outside a round's Counters phase says so at once, and no dialog opens to be
    filled in for nothing."""
    from PySide6.QtWidgets import QApplication

    session = window.controller.session
    key(qtbot, window, "j")
    assert "Start combat first" in window.statusBar().currentMessage()
    start_with_only_brandon_aware(qtbot, window)
    while session.combat.phase != Phase.ACTION:
        window.actions_by_name["actionNextTurn"].trigger()
    key(qtbot, window, "j")
    assert QApplication.activeModalWidget() is None
    said = window.statusBar().currentMessage()
    assert "Counters phase" in said and Phase.ACTION.label in said and "(R" not in said
    assert not session.combatants["katie"].present


def test_a_newcomer_who_joins_off_the_map_is_chosen_and_told_how_to_place(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Joined mid-fight without a token, a newcomer is chosen and the status line says how
    to put them on the map; a click on an empty square then does (R9)."""
    import msgspec

    from futurepath_desktop.core.grid import Terrain

    session = window.controller.session
    push = window.controller.push
    drone = msgspec.structs.replace(
        session.combatants["bear-1"], id="drone", name="Drone", present=False, portrait=""
    )
    assert push(c.AddCombatant(drone))
    assert push(c.StartCombat(()))
    while session.combat.phase != Phase.COUNTERS:
        assert push(c.NextTurn())

    def join(dialog: QDialog) -> None:
        assert isinstance(dialog, JoinDialog)
        assert dialog.joiners() == ("drone",), "the one chosen, not Katie of another team"
        assert dialog.team.currentData() == "bears", "into its own team"
        dialog.accept()

    window.initiative.select(["drone"])
    answer_dialog(qtbot, join)
    window.actions_by_name["actionJoin"].trigger()
    assert session.combatants["drone"].present and "drone" not in session.tokens
    assert session.combatants["drone"].team_id == "bears"
    assert not session.combatants["katie"].present
    assert window.initiative.current_id() == "drone"
    said = window.statusBar().currentMessage()
    assert "Drone" in said and "click an empty square" in said and "Katie" not in said
    grid = session.map
    assert grid is not None
    free = next(
        (x, y)
        for y in range(grid.height)
        for x in range(grid.width)
        if all(t.square != (x, y) for t in session.tokens.values())
        and grid.terrain_at((x, y)) == Terrain.NORMAL
        and not session.fogged((x, y))
    )
    tool = window.map.view.move_tool
    tool.press(free)
    tool.release(free)
    assert session.tokens["drone"].square == free


@pytest.mark.parametrize("width", [1280, 1920])
def test_a_team_name_is_shown_whole_where_the_bar_has_room(
    qtbot: QtBot, window: MainWindow, width: int
) -> None:
    """The turn label takes the room the bar has: a 21-letter team name (shortened past 11
    before) is whole on a laptop's bar and a wide one, with no tip; a new turn leaves the
    label's width alone (the bar is not laid out again); as narrow as a crowded bar makes
    it, the name is shortened to the room, in full in the tip."""
    from PySide6.QtGui import QFontMetrics

    name = "Expeditionary Cavalry"
    window.resize(width, 800)
    window.show()
    window.controller.push(c.EditTeam("players", {"name": name}))
    window.controller.push(c.StartCombat(()))
    session = window.controller.session
    while session.combat.acting_team != "players":
        window.controller.push(c.NextTurn())
    qtbot.wait(50)
    label = window.phase_indicator.turn_label
    assert label.text() == f"▶ {name}’s turn" or label.text() == f"▶ {name}'s turn"
    assert label.toolTip() == ""
    advance = QFontMetrics(label.font()).horizontalAdvance(label.text())
    assert advance <= label.width()
    picture = label.grab().toImage()  # the words drawn to their end, not cut off
    ground = picture.pixelColor(picture.width() - 1, 0).lightness()
    inked = [
        x
        for x in range(picture.width())
        if any(
            abs(picture.pixelColor(x, y).lightness() - ground) > 100
            for y in range(picture.height())
        )
    ]
    assert inked and inked[-1] / picture.devicePixelRatioF() >= advance - 8
    wide = label.width()
    window.controller.push(c.NextTurn())
    qtbot.wait(50)
    assert session.combat.acting_team != "players"
    assert label.width() == wide, "the label keeps its width from turn to turn"
    while session.combat.acting_team != "players":
        window.controller.push(c.NextTurn())
    label.resize(label.minimumSizeHint().width(), label.height())  # as narrow as it goes
    assert label.width() < wide
    assert name in label.toolTip() and label.text().endswith("…")
    assert QFontMetrics(label.font()).horizontalAdvance(label.text()) <= label.width()


def test_join_ticks_one_team_s_waiting_combatants_by_default(
    qtbot: QtBot, window: MainWindow
) -> None:
    """All the ticked join one team, so with nobody waiting chosen the dialog ticks the
    waiting of one team (the first waiting's) and offers that team: a bear waiting beside
    Katie is not moved to the players' side unless the GM ticks it."""
    import msgspec

    session = window.controller.session
    bear = session.combatants["bear-1"]
    drone = msgspec.structs.replace(bear, id="drone", name="Drone", present=False)
    assert window.controller.push(c.AddCombatant(drone))
    assert window.controller.push(c.StartCombat(()))
    dialog = JoinDialog(session, window, ())
    qtbot.addWidget(dialog)
    assert dialog.joiners() == ("katie",)
    assert dialog.team.currentData() == session.combatants["katie"].team_id
    chosen = JoinDialog(session, window, ("drone", "brandon"))
    qtbot.addWidget(chosen)
    assert chosen.joiners() == ("drone",) and chosen.team.currentData() == "bears"
    # The new team's name is open only while "A new team…" is chosen under Joins.
    assert not chosen.new_name.isEnabled()
    chosen.team.setCurrentIndex(chosen.team.findData(NEW_TEAM))
    assert chosen.new_name.isEnabled()
    chosen.team.setCurrentIndex(chosen.team.findData("bears"))
    assert not chosen.new_name.isEnabled() and "A new team" in chosen.new_name.toolTip()
    assert chosen.new_name.placeholderText() == ""  # greyed and blank: nothing to read there

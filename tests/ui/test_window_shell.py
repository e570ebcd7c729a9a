"""The window's shell: its first size, the keys to the middle column's tabs, the player
view's key, the dice box's errors, the words of the dialogs and the close question."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDockWidget,
    QLabel,
    QListWidget,
    QMessageBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.dialogs.join_dialog import JoinDialog
from futurepath_desktop.ui.dialogs.start_combat_dialog import StartCombatDialog
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import run_python

PROBE = """
import json
from PySide6.QtWidgets import QApplication
app = QApplication([])
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow
w = MainWindow(demo_session(), autosave=False, remember_layout=False)
w.show()
for _ in range(50):
    app.processEvents()
room = w.screen().availableGeometry()
frame = w.frameGeometry()
print(json.dumps({
    "room": [room.x(), room.y(), room.width(), room.height()],
    "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
    "kind": w.layout_kind, "width": w.width(),
    "status_bottom": w.statusBar().mapTo(w, w.statusBar().rect().bottomLeft()).y(),
    "height": w.height(),
}))
w.close()
"""


def test_first_window_fits_a_laptop_screen(tmp_path: Path) -> None:
    """No saved geometry, a 1366×768 screen: the whole window, frame and all, is on the
    screen, centred, and laid out for its width."""
    config = tmp_path / "screen.json"
    config.write_text(
        json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768}]})
    )
    # A fresh home: no saved geometry.
    out = run_python("-c", PROBE, home=tmp_path / "home", platform=f"offscreen:configfile={config}")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    rx, ry, rw, rh = got["room"]
    assert (rw, rh) == (1366, 768)  # the stub screen is the one it opened on
    fx, fy, fw, fh = got["frame"]
    assert rx <= fx and ry <= fy and fx + fw <= rx + rw and fy + fh <= ry + rh
    assert abs((fx - rx) - (rx + rw - fx - fw)) <= 1  # centred across
    assert abs((fy - ry) - (ry + rh - fy - fh)) <= 1  # and down
    assert got["status_bottom"] < got["height"]  # the status bar is inside the window
    from futurepath_desktop.ui.layout import kind_for

    assert got["kind"] == kind_for(got["width"])


def _in_front(dock: QDockWidget) -> bool:
    """In sight: shown, and not a tab behind another (which Qt leaves unpainted)."""
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def _has_keys(window: MainWindow) -> QDockWidget | None:
    focused = QApplication.focusWidget()
    held = [d for d in window.docks() if focused is not None and d.isAncestorOf(focused)]
    return held[0] if held else None


def _key(qtbot: QtBot, window: MainWindow, key: Qt.Key, mods: Qt.KeyboardModifier) -> None:
    target = QApplication.focusWidget() or window
    qtbot.keyClick(target, key, mods)
    qtbot.wait(20)


def test_b_and_ctrl_page_keys_reach_the_middle_tabs(window: MainWindow, qtbot: QtBot) -> None:
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    assert not _in_front(window.bridge)
    _key(qtbot, window, Qt.Key.Key_B, Qt.KeyboardModifier.NoModifier)
    qtbot.waitUntil(lambda: _in_front(window.bridge))
    assert _has_keys(window) is window.bridge  # it has the keys
    assert not _in_front(window.map)
    seen = []
    for _ in range(3):
        _key(qtbot, window, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
        seen.append(_has_keys(window))
        assert seen[-1] is not None and _in_front(seen[-1])
    assert seen == [window.odds, window.map, window.bridge]
    _key(qtbot, window, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert _has_keys(window) is window.map
    assert _in_front(window.map)


def test_ctrl_page_keys_in_the_inspector_turn_its_own_tabs(
    window: MainWindow, qtbot: QtBot
) -> None:
    """With the keys in the inspector (A puts them in the attack form), Ctrl+PgDown and
    Ctrl+PgUp go through the inspector's tabs, the keys staying on them; the middle column
    stays as it was."""
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    _key(qtbot, window, Qt.Key.Key_A, Qt.KeyboardModifier.NoModifier)
    tabs = window.inspector.tabs
    assert _has_keys(window) is window.inspector and tabs.currentIndex() == 0
    shown = []
    for _ in range(tabs.count()):
        _key(qtbot, window, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
        shown.append(tabs.tabText(tabs.currentIndex()))
        assert _has_keys(window) is window.inspector
    assert shown == [tabs.tabText(i % tabs.count()) for i in range(1, tabs.count() + 1)]
    _key(qtbot, window, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert tabs.currentIndex() == tabs.count() - 1
    assert _in_front(window.map)  # the middle column did not turn


def test_m_with_a_team_chosen_says_to_choose_a_combatant(window: MainWindow, qtbot: QtBot) -> None:
    """M with a team's row chosen gives the map the keys, and the line under the map says
    what the arrows need, rather than leaving them to do nothing without a word."""
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    _key(qtbot, window, Qt.Key.Key_Home, Qt.KeyboardModifier.NoModifier)  # the first team
    assert not window.initiative.view.currentIndex().parent().isValid()  # a team row
    assert window.map.view.selected_id is None and window.inspector.combatant() is None
    _key(qtbot, window, Qt.Key.Key_M, Qt.KeyboardModifier.NoModifier)
    assert _has_keys(window) is window.map
    assert window.map.status.text().startswith("Choose a combatant first")


def test_l_brings_the_keys_back_to_team_initiative(window: MainWindow, qtbot: QtBot) -> None:
    """From the map (after M) and from the log, L gives the list of combatants the keys: the
    arrows then move through the combatants again. In the attack form's Target list (after
    A) L searches the list, as letters do in any drop-down list; Esc goes back."""
    window.show()
    qtbot.waitExposed(window)
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    for away in (Qt.Key.Key_M, Qt.Key.Key_A, None):
        if away is None:
            window.log.view.setFocus()
            qtbot.waitUntil(window.log.view.hasFocus)
        else:
            _key(qtbot, window, away, Qt.KeyboardModifier.NoModifier)
        assert _has_keys(window) is not window.initiative, away
        _key(qtbot, window, Qt.Key.Key_L, Qt.KeyboardModifier.NoModifier)
        if away == Qt.Key.Key_A:
            assert _has_keys(window) is window.inspector, "L searched the Target list"
            _key(qtbot, window, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
        assert window.initiative.view.hasFocus(), away
        before = window.initiative.selected_ids()
        _key(qtbot, window, Qt.Key.Key_Down, Qt.KeyboardModifier.NoModifier)
        assert window.initiative.selected_ids() != before, "the arrows move the selection"


def test_view_menu_raises_a_tab_behind_the_map(window: MainWindow, qtbot: QtBot) -> None:
    action = window.bridge.toggleViewAction()
    assert action in window.view_menu.actions()
    assert not _in_front(window.bridge) and action.isChecked()
    action.trigger()
    qtbot.waitUntil(lambda: _in_front(window.bridge))
    assert action.isChecked()
    assert _has_keys(window) is window.bridge
    action.trigger()  # in front: the entry closes it
    qtbot.waitUntil(window.bridge.isHidden)
    assert not action.isChecked()
    action.trigger()  # and opens it again, in front
    qtbot.waitUntil(lambda: _in_front(window.bridge))


def test_f9_toggles_the_player_view_and_esc_closes_it(window: MainWindow, qtbot: QtBot) -> None:
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    action = window.player_view_action
    assert action.isCheckable() and not action.isChecked()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_F9)
    qtbot.waitUntil(lambda: window.player_view is not None and window.player_view.isVisible())
    assert action.isChecked()
    qtbot.wait(50)
    focused = QApplication.focusWidget()
    assert focused is not None and focused.window() is window  # the GM keeps the keys
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_F9)
    view = window.player_view
    assert view is not None
    qtbot.waitUntil(lambda: not view.isVisible())
    assert not action.isChecked()
    action.trigger()
    qtbot.waitUntil(view.isVisible)
    # Whichever part of the players' window has the keyboard: the window itself or its map
    # (which takes Esc for its own tools in the GM's window); the list takes no keys.
    parts = [lambda: view, lambda: view.map_view]
    for part in parts:
        for key, mods in (
            (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
            (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier),
        ):
            if not view.isVisible():
                action.trigger()
                qtbot.waitUntil(view.isVisible)
            target = part()
            view.activateWindow()
            target.setFocus()
            qtbot.waitUntil(target.hasFocus)
            qtbot.keyClick(target, key, mods)
            qtbot.waitUntil(lambda: not view.isVisible())
            assert not action.isChecked()


def test_dice_error_shows_by_the_box_and_goes_with_the_next_roll(
    window: MainWindow, qtbot: QtBot
) -> None:
    dice = window.log.dice
    dice.setFocus()
    qtbot.keyClicks(dice, "2d6kh5")
    qtbot.keyClick(dice, Qt.Key.Key_Return)
    label = window.log.dice_error
    assert label.isVisible() and label.text().strip("⚠ ")
    assert window.log.isAncestorOf(label)
    # Right under the box, not across the window.
    box_bottom = dice.mapTo(window, dice.rect().bottomLeft()).y()
    label_top = label.mapTo(window, label.rect().topLeft()).y()
    assert 0 <= label_top - box_bottom < 3 * dice.height()
    assert window.statusBar().currentMessage().startswith("⚠")
    window.controller.stack.undo()  # other work leaves the error by the expression
    assert label.isVisible()
    qtbot.keyClick(dice, Qt.Key.Key_Backspace)  # mending the expression takes it away
    assert not label.isVisible()
    qtbot.keyClick(dice, Qt.Key.Key_Return)
    assert label.isVisible()
    dice.clear()
    qtbot.keyClicks(dice, "1d6")
    qtbot.keyClick(dice, Qt.Key.Key_Return)
    assert not label.isVisible()
    assert not window.statusBar().currentMessage().startswith("⚠")


def _texts(widget: QWidget) -> list[str]:
    found = [widget.windowTitle(), widget.toolTip()]
    for child in widget.findChildren(QWidget):
        found.append(child.toolTip())
        if isinstance(child, (QLabel, QAbstractButton)):
            found.append(child.text())
        if isinstance(child, QListWidget):
            for row in range(child.count()):
                item = child.item(row)
                found += [item.text(), item.toolTip()]
    return found


def test_start_and_join_dialogs_speak_without_ruling_numbers(qtbot: QtBot) -> None:
    session = demo_session()
    for dialog in (StartCombatDialog(session), JoinDialog(session)):
        qtbot.addWidget(dialog)
        texts = _texts(dialog)
        assert any(len(t) > 20 for t in texts)  # the walk reads the dialog's words
        assert [t for t in texts if re.search(r"\bR\d+", t)] == []


def test_close_question_names_the_file(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        return int(QMessageBox.StandardButton.Cancel)

    monkeypatch.setattr(QMessageBox, "exec", answer)
    window.log.dice.setText("1d6")
    window.log.dice.returnPressed.emit()
    assert not window.controller.stack.isClean()
    assert not window.files.may_discard()
    assert window.controller.session.name in asked[-1]
    window.controller.set_path(tmp_path / "fight1.fpsession")  # as Save As does
    window.log.dice.setText("1d6")
    window.log.dice.returnPressed.emit()
    assert not window.files.may_discard()
    assert "fight1.fpsession" in asked[-1]
    assert window.controller.session.name not in asked[-1]


def test_discard_takes_the_window_off_screen_before_the_disk_work(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After Discard the window goes at once: the layout's and the journal's writes (each
    an fsync or two, seconds on a busy disk) come after, not before."""
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: int(QMessageBox.StandardButton.Discard))
    window.log.dice.setText("1d6")
    window.log.dice.returnPressed.emit()
    assert not window.controller.stack.isClean()
    shown_during: list[bool] = []
    real_close, real_sync = window.controller.close, window.settings.sync

    def close() -> None:
        shown_during.append(window.isVisible())
        real_close()

    def sync() -> None:
        shown_during.append(window.isVisible())
        real_sync()

    monkeypatch.setattr(window.controller, "close", close)
    monkeypatch.setattr(window.settings, "sync", sync)
    window.remember_layout = True
    assert window.close()
    assert shown_during == [False, False]


def test_a_window_sized_before_it_is_shown_keeps_its_size(qtbot: QtBot) -> None:
    """The first placement is only for a window no one has sized: one resized before it
    is shown (a pose, a script) is not put back."""
    main = MainWindow(demo_session(), autosave=False, remember_layout=False)
    qtbot.addWidget(main)
    room = main.screen().availableGeometry()
    wanted = (room.width() - 41, room.height() - 57)
    main.resize(*wanted)
    main.show()
    qtbot.waitUntil(lambda: main.painted)
    qtbot.wait(50)
    assert (main.width(), main.height()) == wanted


def test_a_big_step_in_width_shares_the_room_among_the_columns_again(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Maximised (or moved to a bigger screen) with no layout of the GM's own, the columns
    take the widths the layout gives that width, not the middle column all the extra."""
    from futurepath_desktop.ui.layout import column_widths

    start = window.width()
    wide = round(start * 1.5)
    window.resize(wide, window.height())
    qtbot.waitUntil(lambda: window.width() == wide)
    qtbot.wait(20)
    expected = column_widths(window.layout_kind, wide)
    got = (window.initiative.width(), window.map.width(), window.inspector.width())
    assert all(abs(g - e) <= 0.05 * wide for g, e in zip(got, expected, strict=True)), (
        got,
        expected,
    )


def test_the_right_column_is_never_laid_out_narrower_than_its_panels_allow() -> None:
    from futurepath_desktop.ui.layout import COMPACT, ROOMY, column_widths

    for kind, width in ((COMPACT, 1280), (ROOMY, 1920)):
        left, middle, right = column_widths(kind, width)
        wider = column_widths(kind, width, right_least=right + 60)
        assert wider == (left, middle - 60, right + 60)  # the map gives the room
        assert column_widths(kind, width, right_least=right - 60) == (left, middle, right)


def test_reset_layout_gives_the_keys_back_to_the_combatants(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Not to whatever button the rearranged bars left the focus on (Space then started
    the round timer)."""
    from PySide6.QtWidgets import QApplication

    window.combat_bar.setFocus()
    window.actions_by_name["actionResetLayout"].trigger()
    qtbot.wait(20)
    assert QApplication.focusWidget() is window.initiative.view


def test_a_new_combatant_is_chosen_and_in_sight(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtWidgets import QDialog

    from futurepath_desktop.ui.dialogs.combatant_dialog import CombatantDialog
    from tests.ui.conftest import answer_dialog

    window.resize(1280, 800)
    view = window.initiative.view
    view.setFixedHeight(200)  # a short list: the newcomer's row starts out of sight
    qtbot.wait(20)

    def fill(dialog: QDialog) -> None:
        assert isinstance(dialog, CombatantDialog)
        dialog.name.setText("Drone")
        dialog.accept()

    answer_dialog(qtbot, fill)
    window.actions_by_name["actionAddCombatant"].trigger()
    (made,) = [c for c in window.controller.session.combatants.values() if c.name == "Drone"]
    assert window.initiative.selected_ids() == [made.id]
    row = view.visualRect(window.initiative_model.index_of(made.id))
    assert view.viewport().rect().contains(row), "the new row is not in sight"


def test_esc_in_the_dice_box_gives_the_keys_back_to_team_initiative(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Ctrl+R, a nonsense expression, Enter: refused, with a line saying why. Esc then
    gives Team Initiative the keys (the line goes, the words stay to mend later), so the
    next letter acts on the selection instead of landing in the box."""
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    _key(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    dice = window.log.dice
    qtbot.waitUntil(dice.hasFocus)
    qtbot.keyClicks(dice, "3q7")
    qtbot.keyClick(dice, Qt.Key.Key_Return)
    assert window.log.dice_error.isVisible()
    _key(qtbot, window, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier)
    assert window.initiative.view.hasFocus()
    assert not window.log.dice_error.isVisible() and dice.text() == "3q7"
    before = window.initiative.selected_ids()
    _key(qtbot, window, Qt.Key.Key_Down, Qt.KeyboardModifier.NoModifier)
    assert window.initiative.selected_ids() != before, "the arrows move the selection"

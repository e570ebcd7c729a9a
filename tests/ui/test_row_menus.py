"""The counters and the log have right-click menus as the initiative does: a right-click
on a row chooses it and offers what can be done to it; the Menu key and Shift+F10 offer
the same for the current row."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMenu, QTableView
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.roles import ID_ROLE


def choose_in_menu_soon(seen: list[list[str]], entry: str | None) -> None:
    """When the next pop-up menu is up, note its entries (without their letters) in
    ``seen``, then trigger ``entry`` (or close the menu if None)."""

    def answer() -> None:
        popup = QApplication.activePopupWidget()
        if not isinstance(popup, QMenu):
            QTimer.singleShot(10, answer)
            return
        actions = [a for a in popup.actions() if not a.isSeparator()]
        seen.append([a.text().replace("&", "") for a in actions])
        chosen = next((a for a in actions if a.text().replace("&", "") == entry), None)
        popup.close()
        if chosen is not None:
            chosen.trigger()

    QTimer.singleShot(0, answer)


def active_entry() -> str:
    """The lit entry of the menu that is up ("" if none)."""
    popup = QApplication.activePopupWidget()
    if isinstance(popup, QMenu) and popup.activeAction() is not None:
        return popup.activeAction().text().replace("&", "")
    return ""


def right_click(view: QTableView, row: int) -> None:
    at = view.visualRect(view.model().index(row, 0)).center()
    click = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, view.viewport().mapToGlobal(at))
    QApplication.sendEvent(view.viewport(), click)


def stun_two(window: MainWindow) -> None:
    push = window.controller.push
    assert push(c.AddCondition(("bear-1",), "stunned", rounds=2))
    assert push(c.AddCondition(("bear-2",), "stunned", rounds=3))


def rounds_of(window: MainWindow, bearer: str) -> int | None:
    condition = next(
        x for x in window.controller.session.conditions.values() if x.bearer_id == bearer
    )
    return condition.remaining


def test_a_right_click_on_a_counter_offers_extend_shorten_and_end(
    qtbot: QtBot, window: MainWindow
) -> None:
    stun_two(window)
    view = window.counters.view
    qtbot.waitUntil(lambda: view.model().rowCount() == 2)
    conditions = window.controller.session.conditions
    bear_2_row = next(
        r
        for r in range(2)
        if conditions[view.model().index(r, 0).data(ID_ROLE)].bearer_id == "bear-2"
    )
    seen: list[list[str]] = []
    choose_in_menu_soon(seen, "Extend +1")
    right_click(view, bear_2_row)
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0] == ["Extend +1", "Shorten −1", "End Condition"]
    qtbot.waitUntil(lambda: rounds_of(window, "bear-2") == 4)
    assert rounds_of(window, "bear-1") == 2, "only the row clicked"


def test_the_menu_key_opens_the_current_counters_menu(qtbot: QtBot, window: MainWindow) -> None:
    stun_two(window)
    view = window.counters.view
    window.show()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    view.selectRow(0)
    bearer = window.controller.session.conditions[view.model().index(0, 0).data(ID_ROLE)].bearer_id
    before = rounds_of(window, bearer)
    assert before is not None
    seen: list[list[str]] = []
    first: list[str] = []
    QTimer.singleShot(0, lambda: first.append(active_entry()))
    choose_in_menu_soon(seen, "Shorten −1")
    qtbot.keyClick(view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: bool(seen))
    qtbot.waitUntil(lambda: rounds_of(window, bearer) == before - 1)
    assert first == ["Extend +1"], "opened by the keys, the first entry is lit for Enter"


def test_a_right_click_on_a_log_entry_copies_it(qtbot: QtBot, window: MainWindow) -> None:
    push = window.controller.push
    for expression in ("1d4", "2d6+1", "1d20"):
        assert push(c.RollDice(expression))
    view = window.log.view
    qtbot.waitUntil(lambda: view.model().rowCount() >= 3)
    middle = view.model().rowCount() - 2
    seen: list[list[str]] = []
    choose_in_menu_soon(seen, "Copy")
    right_click(view, middle)
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0] == ["Copy"]
    assert view.currentIndex().row() == middle
    qtbot.waitUntil(lambda: "2d6" in QGuiApplication.clipboard().text())
    copied = QGuiApplication.clipboard().text()
    assert "1d20" not in copied and "1d4" not in copied


def test_a_right_click_on_no_row_changes_nothing(qtbot: QtBot, window: MainWindow) -> None:
    stun_two(window)
    view = window.counters.view
    view.selectRow(0)
    seen: list[list[str]] = []
    choose_in_menu_soon(seen, None)
    below = QPoint(5, view.viewport().height() - 2)
    click = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, below, view.viewport().mapToGlobal(below)
    )
    QApplication.sendEvent(view.viewport(), click)
    qtbot.waitUntil(lambda: bool(seen))
    assert view.currentIndex().row() == 0

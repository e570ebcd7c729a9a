"""Tick lists a GM can hit: in the dialogs that ask who (or which ship) takes part, a click
anywhere on a row ticks or unticks it, a click on the box turns it over once, and Space
does as before; a team's title row is no row to tick."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyle, QStyleOptionViewItem, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs.join_dialog import JoinDialog
from futurepath_desktop.ui.dialogs.prep_dialogs import checked_list
from futurepath_desktop.ui.dialogs.space_dialogs import SurpriseDialog
from futurepath_desktop.ui.dialogs.start_combat_dialog import StartCombatDialog


def absent(session: Session) -> Session:
    """The demo with everyone away, so that all may join."""
    import msgspec

    for ident, combatant in list(session.combatants.items()):
        session.combatants[ident] = msgspec.structs.replace(combatant, present=False)
    return session


def made(kind: str) -> tuple[QWidget, QListWidget]:
    session = demo_session()
    if kind == "start":
        start = StartCombatDialog(session)
        return start, start.list
    if kind == "join":
        join = JoinDialog(absent(session))
        return join, join.who
    if kind == "ships":
        ships = SurpriseDialog(tuple(session.ships.values()))
        return ships, ships.list
    found = checked_list("sheetTeams", [("Space Bears", "bears", False), ("Crew", "crew", True)])
    return found, found


def ticked(item: QListWidgetItem) -> bool:
    return item.checkState() == Qt.CheckState.Checked


def box_of(view: QListWidget, item: QListWidgetItem) -> QPoint:
    """The middle of the row's small tick box, as the style draws it."""
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)
    option.rect = view.visualItemRect(item)
    option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
    box = view.style().subElementRect(QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view)
    return box.center()


@pytest.mark.parametrize("kind", ["start", "join", "ships", "sheet"])
def test_a_click_anywhere_on_a_row_ticks_it(qtbot: QtBot, kind: str) -> None:
    shell, view = made(kind)
    qtbot.addWidget(shell)
    shell.show()
    qtbot.waitExposed(shell)
    rows = [view.item(r) for r in range(view.count())]
    tickable = [i for i in rows if i.flags() & Qt.ItemFlag.ItemIsUserCheckable]
    assert tickable
    item = tickable[0]
    before = ticked(item)
    text_part = view.visualItemRect(item).center() + QPoint(
        view.visualItemRect(item).width() // 4, 0
    )
    click: Callable[[QPoint], None] = lambda at: qtbot.mouseClick(  # noqa: E731
        view.viewport(), Qt.MouseButton.LeftButton, pos=at
    )
    click(text_part)
    assert ticked(item) is not before, "a click on the row's words"
    click(text_part)
    assert ticked(item) is before, "and again"
    click(box_of(view, item))
    assert ticked(item) is not before, "a click on the box turns it over once"
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=text_part)
    assert ticked(item) is not before, "a right click leaves it be"
    view.setFocus()
    view.setCurrentItem(item)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert ticked(item) is before, "Space still turns it over"
    titles = [i for i in rows if not i.flags() & Qt.ItemFlag.ItemIsUserCheckable]
    for title in titles:  # a team's name over its members
        click(view.visualItemRect(title).center())
        assert title.data(Qt.ItemDataRole.CheckStateRole) is None

"""A list's right-click menu: what it offers (the entries that can be used now), and for
which rows (the one under the pointer, or the current one by the keys)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QItemSelectionModel, QPoint
from PySide6.QtGui import QAction, QContextMenuEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QMenu, QTableView, QWidget

from futurepath_desktop.ui.action_builder import give_letters
from futurepath_desktop.ui.widgets.menu_key import is_shift_f10, keyboard_menu_event, open_near


def menu_of(parent: QWidget, name: str, offered: Sequence[QAction | None]) -> QMenu:
    """The menu as it is now: the entries of ``offered`` that can be used (None: a
    separator), no separator at either end or twice in a row, each with a letter."""
    menu = QMenu(parent)
    menu.setObjectName(name)
    for action in offered:
        if action is None:
            if menu.actions() and not menu.actions()[-1].isSeparator():
                menu.addSeparator()
        elif action.isEnabled():
            menu.addAction(action)
    if menu.actions() and menu.actions()[-1].isSeparator():
        menu.removeAction(menu.actions()[-1])
    give_letters(menu)  # its own, none shared (the window's menus deal theirs anew)
    return menu


def light_first(menu: QMenu) -> None:
    """Light the first entry of a menu opened by the keys, so that Enter takes it at once
    (as in any keyboard menu); a title section is passed over."""
    entry = next((action for action in menu.actions() if not action.isSeparator()), None)
    if entry is not None:
        menu.setActiveAction(entry)


def choose_row_at(view: QAbstractItemView, at: QPoint) -> None:
    """The row under ``at`` (the viewport's point) is the one a menu acts on: a right-click
    on a row not chosen chooses it alone, as a left-click would."""
    index = view.indexAt(at)
    if index.isValid() and not view.selectionModel().isSelected(index):
        flags = QItemSelectionModel.SelectionFlag
        view.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)


class MenuTable(QTableView):
    """A table whose rows have a menu (``offer_menu``): a right-click opens it for the row
    under the pointer; the Menu key and Shift+F10, for the current row. Overridden events,
    not a filter, so that no other event the table gets is looked at in Python."""

    _menu: tuple[str, list[QAction | None]] | None = None

    def offer_menu(self, name: str, offered: Sequence[QAction | None]) -> None:
        """Give the rows the menu ``name`` of ``offered`` (None: a separator)."""
        self._menu = (name, list(offered))

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """(A key's point is the table's, above its header: the current row's instead.)"""
        if self._menu is None:
            super().contextMenuEvent(event)
            return
        at = event.pos()
        by_keys = event.reason() == QContextMenuEvent.Reason.Keyboard
        if by_keys:
            at = self.visualRect(self.currentIndex()).center()
        choose_row_at(self, at)
        menu = menu_of(self, *self._menu)
        if menu.actions():
            if by_keys:
                light_first(menu)
            open_near(menu, self.viewport().mapToGlobal(at))
        menu.deleteLater()
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._menu is not None and is_shift_f10(event):  # as the Menu key
            self.contextMenuEvent(keyboard_menu_event())
        else:
            super().keyPressEvent(event)

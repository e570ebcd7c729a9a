"""A list's right-click menu: what it offers (the entries that can be used now), and for
which rows (the one under the pointer, or the current one by the keys)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, QPoint
from PySide6.QtGui import QAction, QContextMenuEvent, QKeyEvent
from PySide6.QtWidgets import QAbstractItemView, QMenu, QWidget

from futurepath_desktop.ui.action_builder import give_letters
from futurepath_desktop.ui.widgets.menu_key import is_shift_f10, open_near


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


def choose_row_at(view: QAbstractItemView, at: QPoint) -> None:
    """The row under ``at`` (the viewport's point) is the one a menu acts on: a right-click
    on a row not chosen chooses it alone, as a left-click would."""
    index = view.indexAt(at)
    if index.isValid() and not view.selectionModel().isSelected(index):
        flags = QItemSelectionModel.SelectionFlag
        view.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)


class RowMenu(QObject):
    """Gives ``view`` a menu of ``offered``: a right-click opens it for the row under the
    pointer; the Menu key and Shift+F10, for the current row. The view's viewport should
    be the app's (``give_own_viewport``): one Qt made, handed to Python here, would have
    the bindings build every widget class to find its type."""

    def __init__(
        self, view: QAbstractItemView, name: str, offered: Sequence[QAction | None]
    ) -> None:
        super().__init__(view)
        self.view, self.name, self.offered = view, name, list(offered)
        view.installEventFilter(self)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ContextMenu and isinstance(event, QContextMenuEvent):
            by_keys = event.reason() == QContextMenuEvent.Reason.Keyboard
            # A key's point is the view's, above its header: the current row's instead.
            self.open(self.current_point() if by_keys else event.pos())
            return True
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent) and is_shift_f10(event):
            self.open(self.current_point())
            return True
        return False

    def current_point(self) -> QPoint:
        """The middle of the current row, in the viewport."""
        return self.view.visualRect(self.view.currentIndex()).center()

    def open(self, at: QPoint) -> None:
        """Open the menu for the row at the viewport's point ``at``."""
        choose_row_at(self.view, at)
        menu = menu_of(self.view, self.name, self.offered)
        if menu.actions():
            open_near(menu, self.view.viewport().mapToGlobal(at))
        menu.deleteLater()

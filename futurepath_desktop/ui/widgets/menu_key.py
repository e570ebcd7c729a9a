"""Context menus: Shift+F10, the keyboard's other way to one beside the Menu key, and
where a tall one opens."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QContextMenuEvent, QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QMenu


def is_shift_f10(event: QKeyEvent) -> bool:
    """Whether ``event`` is Shift+F10 where the platform leaves it to the app: Windows
    makes a context menu of it itself; X11, Wayland and macOS do not."""
    return (
        sys.platform != "win32"
        and event.key() == Qt.Key.Key_F10
        and event.modifiers() == Qt.KeyboardModifier.ShiftModifier
    )


def keyboard_menu_event() -> QContextMenuEvent:
    """The event the Menu key sends: a view opens the menu of what has the keys."""
    return QContextMenuEvent(QContextMenuEvent.Reason.Keyboard, QPoint(0, 0), QPoint(0, 0))


def open_near(menu: QMenu, at: QPoint) -> None:
    """Open ``menu`` at the screen point ``at``, or as near as it fits (``menu_point``)."""
    screen = QGuiApplication.screenAt(at) or menu.screen()
    menu.exec(menu_point(at, menu.sizeHint().height(), screen.availableGeometry()))


def menu_point(at: QPoint, height: int, area: QRect) -> QPoint:
    """Where a menu ``height`` tall opens for the point ``at`` on a screen's ``area``. Qt
    opens a menu too tall for the room below the point above it instead, and one that fits
    neither way at the screen's top, far from the row clicked: that one opens as low as it
    fits, over the point."""
    if at.y() + height > area.bottom() + 1 and at.y() - height < area.top():
        return QPoint(at.x(), max(area.top(), area.bottom() + 1 - height))
    return at

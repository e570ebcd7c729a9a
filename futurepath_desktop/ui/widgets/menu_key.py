"""Shift+F10: the keyboard's other way to a context menu, beside the Menu key."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent, QKeyEvent


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

"""The keyboard comes back to the main window when one of its dialogs closes.

A window manager usually does this; without one (a bare X server, a kiosk session, the
offscreen platform) the keyboard would go nowhere after Start Combat's dialog, and a GM
working from the keyboard would be stuck. Only a dialog of this window that has gone
hands the keyboard back: switching to another program never pulls it back here.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow


class DialogFocus(QObject):
    """Watches which window has the keyboard: when one of ``window``'s dialogs has it and
    then closes, and no other visible window took the keyboard, ``window`` gets it back."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self._window = window
        app = QGuiApplication.instance()
        assert isinstance(app, QGuiApplication)
        app.focusWindowChanged.connect(self._changed)

    def _changed(self, now: QWindow | None) -> None:
        dialog = self._our_dialog(now)
        if dialog is not None:
            dialog.finished.connect(self._give_back, Qt.ConnectionType.UniqueConnection)

    def _our_dialog(self, handle: QWindow | None) -> QDialog | None:
        if handle is None:
            return None
        for widget in QApplication.topLevelWidgets():
            if widget.windowHandle() is handle and isinstance(widget, QDialog):
                parent = widget.parentWidget()
                return widget if parent is not None and parent.window() is self._window else None
        return None

    def _give_back(self) -> None:
        QTimer.singleShot(0, self._activate)

    def _activate(self) -> None:
        focus = QGuiApplication.focusWindow()
        if (focus is None or not focus.isVisible()) and self._window.isVisible():
            self._window.activateWindow()

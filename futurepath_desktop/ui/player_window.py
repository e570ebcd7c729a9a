"""The GM's side of the players' window: F9 opens it and closes it again, the View menu's
tick says whether it is open, and the GM's window keeps the keyboard (the players' window
is for the other screen; it never takes the keys from the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from futurepath_desktop.ui.main_window import MainWindow


class _Untick(QObject):
    """Unticks the action when the players' window goes (Esc, its title bar, F9)."""

    def __init__(self, action: QAction) -> None:
        super().__init__(action)
        self.action = action

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Hide:
            self.action.setChecked(False)
        return super().eventFilter(watched, event)


def show(window: MainWindow) -> None:
    """Open the players' window behind the GM's, which keeps the keyboard."""
    if window.player_view is None:
        from futurepath_desktop.ui.player_view import PlayerView

        view = window.player_view = PlayerView(window.controller)
        view.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        view.installEventFilter(_Untick(window.player_view_action))
    window.player_view.show()
    window.player_view_action.setChecked(True)
    window.raise_()
    window.activateWindow()


def toggle(window: MainWindow) -> None:
    """F9: open the players' window, or close it if it is open."""
    if window.player_view is not None and window.player_view.isVisible():
        window.player_view.close()
    else:
        show(window)

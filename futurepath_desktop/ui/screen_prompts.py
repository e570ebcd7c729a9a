"""The window's side of the player view's screen, full screen and large type: what its actions
(``ui.screen_rows``) call, each given the main window. Each acts on the players' window,
opening it first if it is closed, and the choice is remembered for the next time."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QInputDialog

from futurepath_desktop.ui import player_window
from futurepath_desktop.ui.player_screen import (
    FULL_SCREEN_KEY,
    LARGE_TYPE_KEY,
    SCREEN_KEY,
    screen_label,
)

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def choose_screen(window: MainWindow) -> None:
    """Ask which of the connected screens the players' window goes on, and put it there."""
    screens = QGuiApplication.screens()
    gm_screen = window.screen()
    current = player_window.chosen_screen(window)
    names = [screen.name() for screen in screens]
    labels = [screen_label(screen, gm_screen) for screen in screens]
    at = names.index(current.name()) if current is not None and current.name() in names else 0
    label, ok = QInputDialog.getItem(
        window, "Player View Screen", "Show the player view on:", labels, at, False
    )
    if not ok or label not in labels:
        return
    name = names[labels.index(label)]
    # Screens come and go: the one chosen may have gone while the question was open.
    if name not in [screen.name() for screen in QGuiApplication.screens()]:
        window.say(f"{name} is no longer connected")
        return
    window.settings.setValue(SCREEN_KEY, name)
    player_window.show(window)
    window.say(f"The player view is on {name}")


def toggle_full_screen(window: MainWindow) -> None:
    """F11: the players' window full screen, or back into a window (opening it full screen
    if it is closed)."""
    view = window.player_view
    if view is None or not view.isVisible():
        window.settings.setValue(FULL_SCREEN_KEY, True)
        player_window.show(window)
    else:
        view.toggle_full_screen()  # the window remembers it (``player_window``)
    player_window.tick(window)


def toggle_large_type(window: MainWindow) -> None:
    """Large type on the players' window, or the ordinary size (opening it in large type if
    it is closed)."""
    view = window.player_view
    shown = view is not None and view.isVisible()
    on = not (shown and view is not None and view.large_type)
    window.settings.setValue(LARGE_TYPE_KEY, on)
    if shown and view is not None:
        view.set_large_type(on)
    else:
        player_window.show(window)
    player_window.tick(window)

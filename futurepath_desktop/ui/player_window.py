"""The GM's side of the players' window: F9 opens it and closes it again, on the screen
the GM chose, full screen and in large type if the GM left it so; the View menu's ticks
say whether it is open, full screen and in large type; and the GM's window keeps the
keyboard (the players' window is for the other screen; it never takes the keys from the
table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QGuiApplication, QScreen

from futurepath_desktop.ui.player_screen import (
    FULL_SCREEN_KEY,
    LARGE_TYPE_KEY,
    SCREEN_KEY,
    find_screen,
    put_on,
)
from futurepath_desktop.ui.window_settings import flag

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow
    from futurepath_desktop.ui.player_view import PlayerView

FULL_SCREEN_ACTION = "actionPlayerFullScreen"
LARGE_TYPE_ACTION = "actionPlayerLargeType"


class _Follower(QObject):
    """Keeps the GM's window in step with the players': unticks the actions when it goes
    (Esc, its title bar, F9), remembers it going full screen and back, and puts it back on
    the chosen screen when that screen is connected again."""

    def __init__(self, window: MainWindow, view: PlayerView) -> None:
        super().__init__(view)
        self.window = window
        self.view = view
        view.fullScreenChanged.connect(self.full_screen_changed)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self.screen_added)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Hide:
            tick(self.window)
        return super().eventFilter(watched, event)

    def full_screen_changed(self, full: bool) -> None:
        if self.view.isVisible():
            self.window.settings.setValue(FULL_SCREEN_KEY, full)
        tick(self.window)

    def screen_added(self, screen: QScreen) -> None:
        chosen = str(self.window.settings.value(SCREEN_KEY, ""))
        if self.view.isVisible() and screen.name() == chosen:
            put_on(self.view, screen, flag(self.window.settings, FULL_SCREEN_KEY))


def tick(window: MainWindow) -> None:
    """Tick Player View, its Full Screen and its Large Type as the players' window is."""
    view = window.player_view
    shown = view is not None and view.isVisible()
    window.player_view_action.setChecked(shown)
    for name, on in (
        (FULL_SCREEN_ACTION, shown and view is not None and view.isFullScreen()),
        (LARGE_TYPE_ACTION, shown and view is not None and view.large_type),
    ):
        action = window.actions_by_name.get(name)
        if action is not None:
            action.setChecked(on)


def chosen_screen(window: MainWindow) -> QScreen | None:
    """The screen the players' window goes on (see ``player_screen.find_screen``)."""
    remembered = str(window.settings.value(SCREEN_KEY, ""))
    return find_screen(remembered, QGuiApplication.screens(), window.screen())


def show(window: MainWindow) -> None:
    """Open the players' window on its screen, as the GM left it, behind the GM's, which
    keeps the keyboard."""
    if window.player_view is None:
        from futurepath_desktop.ui.player_view import PlayerView

        view = window.player_view = PlayerView(window.controller)
        view.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating, True)
        view.installEventFilter(_Follower(window, view))
        # Should the players' window get the keyboard (a window manager may give it to a
        # full-screen window), the GM's keys still run the fight from there; its own keys
        # (F11, Esc, Ctrl+W) stay its own.
        own = {"F11", "Esc", "Ctrl+W"}
        view.addActions(
            [
                action
                for action in window.actions()
                if action.shortcuts() and not {k.toString() for k in action.shortcuts()} & own
            ]
        )
    view = window.player_view
    view.set_large_type(flag(window.settings, LARGE_TYPE_KEY))
    from futurepath_desktop.ui.rhythm import rhythm_of

    view.show_clock(rhythm_of(window).players_words())
    screen = chosen_screen(window)
    full_screen = flag(window.settings, FULL_SCREEN_KEY)
    if screen is not None:
        put_on(view, screen, full_screen)
    else:
        view.show()
    tick(window)
    window.activateWindow()  # the GM keeps the keyboard either way
    gm_screen = window.screen()
    if screen is None or (gm_screen is not None and screen.name() == gm_screen.name()):
        # One screen (a laptop on its own): in front, or it would open unseen behind the
        # GM's window and the button would seem to do nothing.
        view.raise_()
        window.say(
            "The players' window is open in front: drag it to the screen the "
            "players see, or press F9 to close it"
        )
    else:
        window.raise_()


def toggle(window: MainWindow) -> None:
    """F9: open the players' window, or close it if it is open."""
    if window.player_view is not None and window.player_view.isVisible():
        window.player_view.close()
    else:
        show(window)

"""Which screen the players' window goes on, and putting it there: the screen the GM chose
(remembered by name, for the table's screen is the same one from one session to the
next), or, when that one is not connected, a screen other than the GM's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QWidget

SCREEN_KEY = "playerView/screen"
FULL_SCREEN_KEY = "playerView/fullScreen"
LARGE_TYPE_KEY = "playerView/largeType"
"""Where the window's settings keep the players' window's screen (its name), whether it
opens full screen and whether it shows large type."""


class Named(Protocol):
    """A screen as far as choosing one goes: its name."""

    def name(self) -> str: ...


S = TypeVar("S", bound=Named)


def find_screen(remembered: str, screens: Sequence[S], gm_screen: S | None) -> S | None:
    """The screen named ``remembered``; if it is not connected (or none was chosen), the
    first screen that is not the GM's, else the GM's own (a laptop on its own)."""
    for screen in screens:
        if remembered and screen.name() == remembered:
            return screen
    gm_name = gm_screen.name() if gm_screen is not None else None
    for screen in screens:
        if screen.name() != gm_name:
            return screen
    return gm_screen if gm_screen is not None else (screens[0] if screens else None)


def screen_label(screen: QScreen, gm_screen: QScreen | None = None) -> str:
    """How the chooser names a screen: its name and model, its size, its scaling, and
    whether the GM's window is on it."""
    size = screen.geometry().size()
    words = [screen.name() or "Screen"]
    model = screen.model().strip()
    if model and model not in words[0]:
        words.append(f"({model})")
    words.append(f"· {size.width()} × {size.height()}")
    ratio = screen.devicePixelRatio()
    if abs(ratio - 1.0) > 0.01:
        words.append(f"at {round(ratio * 100)}%")
    if gm_screen is not None and screen.name() == gm_screen.name():
        words.append("· this window's screen")
    return " ".join(words)


def put_on(view: QWidget, screen: QScreen, full_screen: bool) -> None:
    """Show ``view`` on ``screen``: full screen, or in a window inside what the screen
    leaves free (centred there if it was elsewhere)."""
    windowed = view.windowState() & ~Qt.WindowState.WindowFullScreen
    if view.isFullScreen() and view.screen() is not screen:
        view.setWindowState(windowed)  # a full-screen window moves once it is a window again
    view.setScreen(screen)
    area = screen.availableGeometry()
    if not area.contains(view.geometry().center()):
        normal = view.normalGeometry()
        size = normal.size() if normal.isValid() else view.size()
        frame = QRect(area.topLeft(), size.boundedTo(area.size() * 0.9))
        frame.moveCenter(area.center())
        view.setGeometry(frame)
    # Not showFullScreen(), which would take the keyboard from the GM's window.
    view.setWindowState(windowed | Qt.WindowState.WindowFullScreen if full_screen else windowed)
    view.show()

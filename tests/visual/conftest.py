"""Pixel tests: the real main window on the demo, posed mid-fight, rendered offscreen at
the sizes of the screens GMs bring, in light and dark, and sampled as a picture."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tools.poses import mid_fight

SIZES = ((1280, 800), (1366, 768), (1920, 1080))
SCHEMES = (theme.LIGHT, theme.DARK)

Posed = Callable[[int, int, str], MainWindow]


def settle(rounds: int = 5) -> None:
    """Let layouts, deferred paints and timers run."""
    app = QApplication.instance()
    assert app is not None
    for _ in range(rounds):
        app.processEvents()


def themed_window(
    qtbot: QtBot, session: Session, width: int, height: int, scheme: str
) -> MainWindow:
    """A window on ``session`` at a size and theme, not yet shown (closed with the test)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, scheme)
    window = MainWindow(session, autosave=False, remember_layout=False)
    qtbot.addWidget(window, before_close_func=lambda w: w.controller.stack.setClean())
    window.settings.setValue("theme", scheme)
    window.apply_palette()
    window.resize(width, height)
    return window


@pytest.fixture
def posed(qtbot: QtBot) -> Iterator[Posed]:
    """Make the demo window at a size and theme, mid-fight as in the screenshots."""
    made: list[MainWindow] = []

    def make(width: int, height: int, scheme: str) -> MainWindow:
        window = themed_window(qtbot, demo_session(), width, height, scheme)
        window.show()
        qtbot.waitUntil(lambda: window.painted)
        mid_fight(window)
        settle()
        window.map.view.fit()
        settle()
        made.append(window)
        return window

    yield make
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    for window in made:
        window.controller.stack.setClean()
        window.close()
    theme.apply_theme(app, theme.LIGHT)


def luminance(colour: QColor) -> float:
    """Relative brightness, 0 (black) to 255 (white)."""
    return 0.299 * colour.red() + 0.587 * colour.green() + 0.114 * colour.blue()


def pixel(image: QImage, x: float, y: float) -> QColor:
    """The colour at a point of a grab (in device-independent pixels)."""
    ratio = image.devicePixelRatio()
    return image.pixelColor(int(x * ratio), int(y * ratio))

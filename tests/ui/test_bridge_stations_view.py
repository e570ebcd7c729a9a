"""The stations list as the GM sees it, drawn offscreen and sampled: the ground under and
below its rows is the scheme's base colour (its viewport is the view's own), each row's
words are drawn, and the Station column takes its longest label on a wide panel only."""

from __future__ import annotations

from PySide6.QtGui import QColor, QFontMetrics, QPalette
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import Position
from futurepath_desktop.ui.bridge.stations import StationsView
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.stations_model import STATION
from tests.ui.bridge_steps import open_bridge, panel


def close(a: QColor, b: QColor) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < 8


def test_the_stations_are_drawn_on_the_base_colour(
    qtbot: QtBot, window: MainWindow, scheme: str
) -> None:
    open_bridge(qtbot, window)
    view = panel(window).stations
    assert isinstance(view, StationsView)
    model = view.model()
    assert model.rowCount() > 0  # the demo's ship and its stations
    qtbot.waitUntil(lambda: view.visualRect(model.index(0, 1)).height() > 0)
    picture = view.viewport().grab().toImage()
    base = view.palette().color(QPalette.ColorRole.Base)
    last = view.visualRect(model.index(model.rowCount() - 1, 0))
    below = range(last.bottom() + 3, picture.height() - 1, 3)
    assert below, "the view is too short to show ground below its rows"
    for y in below:  # under the last row: nothing but the base colour
        for x in range(0, picture.width(), 7):
            assert close(picture.pixelColor(x, y), base), (scheme, x, y)
    text = view.palette().color(QPalette.ColorRole.Text)
    for row in range(model.rowCount()):
        cell = view.visualRect(model.index(row, 1))  # the station's name
        inked = sum(
            1
            for y in range(cell.top(), cell.bottom())
            for x in range(cell.left(), cell.right())
            if abs(picture.pixelColor(x, y).lightness() - base.lightness())
            > abs(text.lightness() - base.lightness()) // 2
        )
        assert inked > 15, (scheme, row, model.index(row, 1).data())


def test_the_station_column_is_wide_only_on_a_wide_panel(qtbot: QtBot, window: MainWindow) -> None:
    open_bridge(qtbot, window)
    view = panel(window).stations
    longest = max(QFontMetrics(view.font()).horizontalAdvance(p.label) for p in Position)
    view.setParent(None)  # measured alone, at the widths a GM's panel may have
    view.resize(1100, 300)
    view.show()
    qtbot.waitUntil(lambda: view.header().sectionSize(STATION) > longest)
    view.resize(300, 300)
    qtbot.waitUntil(lambda: view.header().sectionSize(STATION) < longest)
    view.close()

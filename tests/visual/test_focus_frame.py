"""The keyboard focus is plain to see: the focused panel's view wears an accent-coloured
frame in both themes, and loses it when the focus moves on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tests.visual.conftest import SCHEMES, Posed, pixel, settle

MARGIN = 4
"""How much of the window round the widget is grabbed (in pixels)."""


def relative_luminance(colour: QColor) -> float:
    """WCAG's relative luminance."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.red())
        + 0.7152 * channel(colour.green())
        + 0.0722 * channel(colour.blue())
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG's contrast ratio, 1 (none) to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def near(a: QColor, b: QColor, tolerance: int = 48) -> bool:
    return (
        abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) <= tolerance
    )


def around(window: MainWindow, widget: QWidget) -> tuple[QImage, QRect]:
    """A grab of the window round ``widget``, and where the widget is in that grab (the
    window's grab, so that whatever is drawn over the widget is in it too)."""
    top_left = widget.mapTo(window, QPoint(0, 0))
    area = QRect(top_left, widget.size()).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
    return window.grab(area).toImage(), QRect(QPoint(MARGIN, MARGIN), widget.size())


def edge_points(inner: QRect) -> list[tuple[int, int]]:
    """Points on the widget's outermost pixels, all the way round (every 3 px)."""
    left, top, right, bottom = inner.left(), inner.top(), inner.right(), inner.bottom()
    points = [(x, top) for x in range(left + 6, right - 6, 3)]
    points += [(x, bottom) for x in range(left + 6, right - 6, 3)]
    points += [(left, y) for y in range(top + 6, bottom - 6, 3)]
    points += [(right, y) for y in range(top + 6, bottom - 6, 3)]
    return points


def framed_share(window: MainWindow, widget: QWidget, accent: QColor) -> float:
    """The share of points round ``widget`` drawn in (about) the accent colour."""
    image, inner = around(window, widget)
    points = edge_points(inner)
    hits = sum(1 for x, y in points if near(pixel(image, x, y), accent))
    return hits / len(points)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_focused_view_wears_a_frame_that_stands_out(
    qtbot: QtBot, posed: Posed, scheme: str
) -> None:
    window = posed(1280, 800, scheme)
    window.activateWindow()  # the focus lives in the active window
    qtbot.waitUntil(window.isActiveWindow)
    accent = theme.focus_colour(scheme == theme.DARK)
    tree, log = window.initiative.view, window.log.view

    tree.setFocus()
    settle()
    assert framed_share(window, tree, accent) > 0.9, "a frame all round the focused view"
    # Against the panel behind it, the frame must be plain to see (WCAG's 3:1 for
    # the parts of a control a user has to see).
    image, inner = around(window, tree)
    behind = pixel(image, 0, inner.center().y())  # beyond the frame, on the panel
    assert contrast(accent, behind) >= 3.0, (accent.name(), behind.name())
    assert framed_share(window, log, accent) < 0.05, "the other views have none"

    log.setFocus()
    settle()
    assert framed_share(window, tree, accent) < 0.05, "the frame goes with the focus"
    assert framed_share(window, log, accent) > 0.9


def shown_framed(window: MainWindow, widget: QWidget, accent: QColor) -> float:
    """``framed_share`` round the part of ``widget`` in sight (a tab widget's bar reaches
    past its tabs, under the panel's other parts)."""
    seen = widget.visibleRegion().boundingRect()
    if seen.isEmpty():  # a GL view reports none; all of it is in sight
        seen = widget.rect()
    top_left = widget.mapTo(window, seen.topLeft())
    area = QRect(top_left, seen.size()).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN)
    image = window.grab(area).toImage()
    points = edge_points(QRect(QPoint(MARGIN, MARGIN), seen.size()))
    return sum(1 for x, y in points if near(pixel(image, x, y), accent)) / len(points)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_panel_f6_reaches_wears_the_frame(qtbot: QtBot, posed: Posed, scheme: str) -> None:
    """F6 round the window: wherever the keys land, that widget is framed, and so is
    (at least) half of its panel, so a field's ring (the inspector's tab bar or target)
    never passes for the field's own faint focus cue."""
    window = posed(1280, 800, scheme)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    accent = theme.focus_colour(scheme == theme.DARK)
    window.initiative.view.setFocus()
    settle()
    reached = []
    for _ in range(len(window.docks())):
        qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_F6)
        settle()
        focused = QApplication.focusWidget()
        assert focused is not None
        dock = next(d for d in window.docks() if d.isAncestorOf(focused))
        body = dock.widget()
        assert body is not None
        reached.append(dock)
        framed = [w for w in (focused, body) if shown_framed(window, w, accent) > 0.9]
        assert focused in framed, f"no frame on {focused.objectName()} in {dock.objectName()}"
        assert any(w.width() * w.height() >= 0.5 * body.width() * body.height() for w in framed), (
            f"{dock.objectName()} is not framed"
        )
    assert window.inspector in reached

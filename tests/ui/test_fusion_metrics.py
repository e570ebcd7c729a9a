"""The Fusion measures the window takes as written numbers (``ui.fusion_metrics``) are what
the style itself answers, for the widgets that use them, in both colour schemes (the dark
one lays a style sheet over Fusion); and the window first opens where asking the style
would have put it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QMargins
from PySide6.QtWidgets import QApplication, QStyle

from futurepath_desktop.ui import fusion_metrics, layout, theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.rhythm import rhythm_of

PM = QStyle.PixelMetric


@pytest.fixture(params=[theme.LIGHT, theme.DARK])
def themed(request: pytest.FixtureRequest, window: MainWindow) -> Iterator[MainWindow]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, request.param)
    try:
        yield window
    finally:
        theme.apply_theme(app, theme.LIGHT)


def test_the_app_draws_with_fusion(window: MainWindow) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, theme.LIGHT)  # no style sheet over the style, to ask its name
    assert app.style().name().lower() == "fusion"


def test_the_written_measures_are_fusions(themed: MainWindow) -> None:
    window = themed
    view, header = window.initiative.view, window.initiative.view.header()
    dock = window.initiative
    timer = rhythm_of(window).clock.button
    asked = {
        "TITLE_BAR_HEIGHT": [
            window.style().pixelMetric(PM.PM_TitleBarHeight),
            dock.style().pixelMetric(PM.PM_TitleBarHeight, None, dock),
        ],
        "SMALL_ICON_SIZE": [view.style().pixelMetric(PM.PM_SmallIconSize, None, view)],
        "FOCUS_FRAME_MARGIN": [
            v.style().pixelMetric(PM.PM_FocusFrameHMargin, None, v)
            for v in (view, window.counters.view, window.log.view)
        ],
        "DEFAULT_FRAME_WIDTH": [
            timer.style().pixelMetric(PM.PM_DefaultFrameWidth, None, timer),
        ],
        "HEADER_MARGIN": [
            h.style().pixelMetric(PM.PM_HeaderMargin, None, h)
            for h in (header, window.counters.view.horizontalHeader())
        ],
    }
    for name, answers in asked.items():
        assert set(answers) == {getattr(fusion_metrics, name)}, name


def test_the_window_first_opens_where_the_styles_title_bar_puts_it(window: MainWindow) -> None:
    title = window.style().pixelMetric(PM.PM_TitleBarHeight)
    wanted = layout.first_geometry(layout.available(window), QMargins(2, title + 2, 2, 2))
    assert layout.place_first(window) == wanted
    assert window.geometry() == wanted

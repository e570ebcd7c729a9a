"""A reading too long for the Health column (five-figure hit points and temporary ones) is
cut short with an
ellipsis in its cell rather than widen the column and squeeze the Status out of the panel:
checked in the pixels, the dots drawn low where a cut-off digit would reach up."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.ui.models.initiative_cells import HEALTH, STATUS
from futurepath_desktop.ui.widgets.columns import fitting_width
from tests.visual.conftest import SCHEMES, luminance, pixel, settle, themed_window

HUGE = 99_999


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a_five_figure_reading_is_cut_short_in_its_cell(qtbot: QtBot, scheme: str) -> None:
    session = demo_session()
    bear = session.combatants["bear-1"]
    titan = msgspec.structs.replace(
        bear, id="titan", name="Titan", hp=HUGE, max_hp=HUGE, temp_hp=999
    )
    History(session).push(c.AddCombatant(titan))
    window = themed_window(qtbot, session, 1280, 800, scheme)
    window.show()
    qtbot.waitUntil(lambda: window.painted)
    settle()
    view = window.initiative.view
    header = view.header()
    reading = f"{HUGE}/{HUGE} +999"
    whole = fitting_width(view, header, "Health", [reading], extra=8)
    assert header.sectionSize(HEALTH) < whole, "the column does not grow to the reading"
    status_words = fitting_width(view, header, "Status", ["4 of 4 standing"])
    assert header.sectionSize(STATUS) >= status_words * 0.6, "the Status keeps its room"

    index = window.initiative_model.index_of("titan", HEALTH)
    rect = view.visualRect(index)
    words = rect.adjusted(4, 4, -4, -4).adjusted(0, -2, 0, -6)
    metrics = QFontMetrics(view.font())
    shown = metrics.elidedText(reading, Qt.TextElideMode.ElideRight, words.width())
    assert shown.endswith("…") and shown != reading
    grab = view.viewport().grab().toImage()
    ground = pixel(grab, words.left() + 1, words.top() + 1)
    end = words.left() + metrics.horizontalAdvance(shown)
    dots = range(end - metrics.horizontalAdvance("…") + 1, end - 1)
    middle = words.center().y()
    top = middle - metrics.ascent() // 2

    def ink(x: int, y: int) -> bool:
        return abs(luminance(pixel(grab, x, y)) - luminance(ground)) > 60

    assert not any(ink(x, y) for x in dots for y in range(top, middle - 2)), "nothing high"
    low = range(middle, middle + metrics.descent() + 3)
    assert any(ink(x, y) for x in dots for y in low), "the dots, low in the line"
    assert f"Health: {reading}" in index.data(Qt.ItemDataRole.ToolTipRole), "whole in the tip"
    window.controller.stack.setClean()

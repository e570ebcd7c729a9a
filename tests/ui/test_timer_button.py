"""The round timer's button draws its play or pause sign itself (no QIcon before the first
frame) and looks as Qt's own tool button with that sign as its icon does: the same size,
the sign and the time in the same places, in both states and both colour schemes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QIcon, QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.widgets.timer_button import TimerButton, draw_sign


def sign_icon(running: bool, ink: object) -> QIcon:
    """The sign as a 16-pixel icon, for Qt's own tool button to place."""
    picture = QPixmap(16, 16)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    draw_sign(painter, QRectF(0, 0, 16, 16), running, ink)  # type: ignore[arg-type]
    painter.end()
    return QIcon(picture)


def inked(image: QImage, ground: int) -> set[tuple[int, int]]:
    """The pixels far from the panel's lightness: the sign and the text."""
    return {
        (x, y)
        for x in range(image.width())
        for y in range(image.height())
        if abs(image.pixelColor(x, y).lightness() - ground) > 90
    }


@pytest.mark.parametrize("running", [False, True])
def test_the_timer_button_is_drawn_as_a_tool_button_with_the_sign_as_its_icon(
    qtbot: QtBot, scheme: str, running: bool
) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    row = QHBoxLayout(holder)
    ours = TimerButton(holder)
    qts = QToolButton(holder)
    qts.setCheckable(True)
    qts.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    qts.setIcon(sign_icon(running, holder.palette().color(QPalette.ColorRole.ButtonText)))
    for button in (ours, qts):
        button.setText("12:34")
        button.setChecked(running)
        row.addWidget(button)
    holder.show()
    qtbot.waitExposed(holder)
    assert ours.sizeHint() == qts.sizeHint()
    assert ours.size() == qts.size()
    mine, theirs = ours.grab().toImage(), qts.grab().toImage()
    ground = theirs.pixelColor(theirs.width() - 3, theirs.height() // 2).lightness()
    ink_mine, ink_theirs = inked(mine, ground), inked(theirs, ground)
    assert len(ink_theirs) > 40, "the reference shows a sign and digits"
    # The same pixels inked, give or take the edge of a glyph or of the sign's slope.
    assert len(ink_mine ^ ink_theirs) <= len(ink_theirs) // 20
    # The sign sits left of the time, clear of it: the first inked column belongs to it.
    sign_columns = {x for x, _ in ink_mine if x < 4 + 16 + 4}
    assert sign_columns and min(sign_columns) <= 8

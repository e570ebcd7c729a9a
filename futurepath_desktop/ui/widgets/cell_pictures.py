"""A cell of an item view drawn as ``QCommonStyle`` draws it, from its parts: the
background, a colour swatch, the words laid out as the style lays out wrapping text, and
what a kind of cell draws over them (the health bar). ``InitiativeDelegate`` keeps each
look of a cell as a picture made here, cut to where it has ink.

The words are laid out (``lay_out``) and centred exactly as the style does it, so a
picture is the very pixels Qt's own delegate draws (``tests/ui/test_initiative_delegate``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPalette

from futurepath_desktop.ui.fusion_metrics import FOCUS_FRAME_MARGIN, SMALL_ICON_SIZE

if TYPE_CHECKING:  # loaded with the first short-way paint, after the first frame
    from PySide6.QtGui import QTextLayout

MARGIN = FOCUS_FRAME_MARGIN + 1
"""The room the style leaves each side of a cell's text and of its icon."""

_LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter

Kept = tuple["QColor | None", "QImage | None", int, int]
"""A drawn cell: its background colour (if any) and the picture of what is on it, with
where the picture goes in the cell."""

DrawOver = Callable[[QPainter, QRect, Hashable, QColor], None]
"""Draws what a kind of cell shows over its background: painter, the cell's room, the
look (a key), and the ink for its words."""


class CellParts(NamedTuple):
    """What one look of a cell is drawn from, in the cell's own coordinates."""

    room: QRect
    base: QColor
    fill: QColor | None
    decoration: QColor | None
    palette: QPalette
    selected: bool
    layout: tuple[QTextLayout, float] | None
    left: int
    ink: QColor
    over: Hashable
    over_ink: QColor
    font: QFont
    ratio: float


def kept_bytes(kept: Kept) -> int:
    """The memory a kept cell's picture takes (a picture-less cell counts a little)."""
    picture = kept[1]
    return 64 if picture is None else picture.sizeInBytes()


def lay_out(words: str, font: QFont, width: int, height: int) -> tuple[QTextLayout, float] | None:
    """The words laid out as the style lays out a wrapping cell's text ``width`` wide in
    a cell ``height`` tall, and how far below the cell's top they start; None if they do
    not fit (Qt would cut them short with an ellipsis)."""
    from PySide6.QtGui import QTextLayout, QTextOption

    layout = QTextLayout(words, font)
    wrapping = QTextOption()
    wrapping.setWrapMode(QTextOption.WrapMode.WordWrap)
    wrapping.setAlignment(_LEFT_MIDDLE)
    layout.setTextOption(wrapping)
    used = bottom = 0.0
    layout.beginLayout()
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        line.setPosition(QPointF(0, used))
        bottom = used + math.ceil(line.height())  # as QTextLayout.boundingRect() has it
        used += line.height()
        if line.naturalTextWidth() > width:
            layout.endLayout()
            return None
    layout.endLayout()
    if used > height:
        return None
    # Centred as the style centres it: QStyle.alignedRect() of the layout's bounding
    # rectangle (its last line's whole pixels, the size rounded), which moves it down by
    # half the cell's height less half the text's, each halved in whole pixels.
    return layout, float(height // 2 - int(bottom + 0.5) // 2)


def compose(painter: QPainter, parts: CellParts, draw_over: DrawOver) -> None:
    """Draw a cell from its parts with its top left at the painter's origin, as the
    style would: the background, the swatch, the words, what its kind draws over."""
    room = parts.room
    if parts.fill is not None:
        painter.fillRect(room, parts.fill)
    if parts.decoration is not None:
        swatch(painter, room, parts.decoration, parts.palette, parts.selected)
    painter.setFont(parts.font)  # as the view's painter has it
    if parts.layout is not None:
        painter.setPen(parts.ink)
        text_layout, top = parts.layout
        text_layout.draw(painter, QPointF(parts.left, top))
    if parts.over is not None:
        draw_over(painter, room, parts.over, parts.over_ink)


def cell_picture(parts: CellParts, draw_over: DrawOver) -> Kept:
    """The cell's background colour, and what is drawn on it as a picture (drawn on the
    base colour and that background, so it covers its part of the cell exactly), cut to
    where there is something to see: a panel's pictures take a fraction of the memory
    whole cells would."""
    room, ratio = parts.room, parts.ratio
    inked = QRect()
    if parts.decoration is not None:
        inked = inked.united(QRect(0, 0, SMALL_ICON_SIZE + 2 * MARGIN, room.height()))
    if parts.layout is not None:
        text_layout, top = parts.layout
        width = max(
            text_layout.lineAt(i).naturalTextWidth() for i in range(text_layout.lineCount())
        )
        bottom = text_layout.boundingRect().bottom()
        # A few pixels' slack each side for glyphs that reach past their advance (an
        # italic's overhang, antialiasing).
        inked = inked.united(
            QRect(parts.left - 3, int(top) - 2, math.ceil(width) + 7, math.ceil(bottom) + 5)
        )
    if parts.over is not None:
        inked = room
    inked = inked.intersected(room)
    if inked.isEmpty():
        return (parts.fill, None, 0, 0)
    picture = QImage(
        round(inked.width() * ratio),
        round(inked.height() * ratio),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    picture.setDevicePixelRatio(ratio)
    picture.fill(parts.base)
    drawing = QPainter(picture)
    drawing.translate(-inked.left(), -inked.top())
    compose(drawing, parts, draw_over)
    drawing.end()
    return (parts.fill, picture, inked.left(), inked.top())


def swatch(
    painter: QPainter, rect: QRect, colour: QColor, palette: QPalette, selected: bool
) -> None:
    """A team's colour as the style draws a colour decoration: a small square, centred
    in the icon's room, tinted with the selection's colour when selected."""
    room = QRect(rect.left(), rect.top(), SMALL_ICON_SIZE + 2 * MARGIN, rect.height())
    square = QRect(
        room.left() + (room.width() - SMALL_ICON_SIZE) // 2,
        room.top() + (room.height() - SMALL_ICON_SIZE) // 2,
        SMALL_ICON_SIZE,
        SMALL_ICON_SIZE,
    )
    painter.fillRect(square, colour)
    if selected:
        tint = QColor(palette.color(QPalette.ColorGroup.Normal, QPalette.ColorRole.Highlight))
        tint.setAlphaF(0.3)
        painter.fillRect(square, tint)

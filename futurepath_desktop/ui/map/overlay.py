"""Text drawn over the map by its tools: where a label goes (beside its square, inside the
visible part of the view, clear of the tokens) and the note that says why the map refused
an action, shown next to the square where it was tried."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

GAP = 4  # pixels between a label and its square
NOTE_WIDTH = 300  # the widest a refusal note grows before it wraps, in pixels
EDGE = 5  # pixels kept clear inside the view's edges, where the focus frame is drawn


def screen_rect(view: QGraphicsView, item: QGraphicsItem) -> QRectF:
    """Where a label that keeps its size on screen sits in the viewport."""
    return QRectF(QPointF(view.mapFromScene(item.scenePos())), item.boundingRect().size())


def place_label(
    view: QGraphicsView,
    item: QGraphicsItem,
    square: QRectF,
    avoid: Iterable[QRectF] = (),
) -> None:
    """Put a label (an item that ignores the view's zoom) beside ``square`` (a scene
    rectangle): to its right if there is room, else to the left, above, below or a
    corner; always inside the visible part of the view, and clear of the scene rectangles
    in ``avoid`` (the tokens) wherever a place like that exists."""
    room = QRectF(view.viewport().rect()).adjusted(EDGE, EDGE, -EDGE, -EDGE)
    # Wider than the view (a narrow panel): wrapped onto lines that fit in it.
    if isinstance(item, QGraphicsSimpleTextItem):
        item.setText(wrapped(item.text(), QFontMetrics(item.font()), int(room.width())))
    elif isinstance(item, NoteItem):
        item.set_text(item.text(), int(room.width()))
    size = item.boundingRect().size()
    w, h = size.width(), size.height()
    at = view.mapFromScene(square).boundingRect()
    left, top, right, bottom = at.left(), at.top(), at.right() + 1, at.bottom() + 1
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    side = max(1, right - left)
    blocked = [QRectF(view.mapFromScene(r).boundingRect()) for r in avoid]
    candidates: list[QPointF] = []
    for reach in (0, side, 2 * side):
        candidates += [
            QPointF(right + GAP + reach, mid_y - h / 2),
            QPointF(left - GAP - w - reach, mid_y - h / 2),
            QPointF(mid_x - w / 2, top - GAP - h - reach),
            QPointF(mid_x - w / 2, bottom + GAP + reach),
            QPointF(right + GAP + reach, top - GAP - h - reach),
            QPointF(left - GAP - w - reach, top - GAP - h - reach),
            QPointF(right + GAP + reach, bottom + GAP + reach),
            QPointF(left - GAP - w - reach, bottom + GAP + reach),
        ]

    def clamped(point: QPointF) -> QRectF:
        x = min(max(point.x(), room.left()), room.right() - w)
        y = min(max(point.y(), room.top()), room.bottom() - h)
        return QRectF(max(room.left(), x), max(room.top(), y), w, h)

    def overlap(rect: QRectF) -> float:
        total = 0.0
        for other in blocked:
            cut = rect.intersected(other)
            total += cut.width() * cut.height()
        return total

    best: QRectF | None = None
    best_score = (2, float("inf"))
    for point in candidates:
        rect = clamped(point)
        # A place that had to be pushed back into the view may now sit on the square.
        on_square = rect.intersects(QRectF(at))
        score = (1 if on_square else 0, overlap(rect))
        if score < best_score:
            best, best_score = rect, score
        if score == (0, 0.0):
            break
    assert best is not None
    item.setPos(view.mapToScene(QPoint(round(best.left()), round(best.top()))))


def wrapped(text: str, metrics: QFontMetrics, width: int) -> str:
    """The text on one line if it fits in ``width`` pixels, else on as few lines as fit:
    broken first at its dashes (" — "), then between words; a word too long for any line
    is cut short with an ellipsis."""
    flat = " ".join(text.split())
    if metrics.horizontalAdvance(flat) <= width or width <= 0:
        return flat
    lines: list[str] = []
    for part in flat.split(" — "):
        line = ""
        for word in part.split(" "):
            trial = f"{line} {word}" if line else word
            if line and metrics.horizontalAdvance(trial) > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    elide = Qt.TextElideMode.ElideRight
    return "\n".join(metrics.elidedText(line, elide, width) for line in lines)


class NoteItem(QGraphicsItem):
    """A short message on a plate, the same size at any zoom, above everything."""

    def __init__(self) -> None:
        super().__init__()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(60)  # over tokens, labels and the tools' drawings
        self._text = ""
        self._font = QFont()
        self._font.setBold(True)
        self._rect = QRectF()
        self.setVisible(False)

    def text(self) -> str:
        """What the note says."""
        return self._text

    def set_text(self, text: str, room: int | None = None) -> None:
        """Say something (wrapped to a few lines, within ``room`` pixels if the view is
        narrower than a note), or nothing: then the note goes."""
        self.prepareGeometryChange()
        self._text = text
        metrics = QFontMetrics(self._font)
        flags = int(Qt.TextFlag.TextWordWrap)
        width = NOTE_WIDTH if room is None else max(40, min(NOTE_WIDTH, room - 12))
        box = metrics.boundingRect(QRect(0, 0, width, 10_000), flags, text)
        self._rect = QRectF(0, 0, box.width() + 12, box.height() + 8)
        self.setVisible(bool(text))

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor("#8a2a22"), 1))
        painter.setBrush(QColor(255, 240, 236, 240))
        painter.drawRoundedRect(self._rect.adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
        painter.setPen(QColor("#8a2a22"))
        painter.setFont(self._font)
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        painter.drawText(self._rect.adjusted(6, 4, -6, -4), flags, self._text)

"""The round timer's button on the combat bar: the time beside a play or pause sign, drawn
by the button itself.

It looks as a tool button with an icon beside its text does, but makes no QIcon: the
button is on the window's first frame, and QIcon's bindings take some 10 ms to set up at
every start. Qt keeps the text (for its size, and for screen readers) and draws the
button's panel; the text's ink is made clear there, and the sign and the text are drawn
here, where Qt would have put the icon and the text.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPolygonF
from PySide6.QtWidgets import QApplication, QStyleOptionToolButton, QToolButton, QWidget

from futurepath_desktop.ui.fusion_metrics import DEFAULT_FRAME_WIDTH

SIGN_SIDE = 16
"""The sign's square, in device-independent pixels (a tool bar's small icon)."""
ICON_GAP = 4
"""The room Qt adds beside a tool button's icon before its text."""

_TEXT = QPalette.ColorRole.ButtonText


def draw_sign(painter: QPainter, square: QRectF, running: bool, ink: QColor) -> None:
    """Two bars (pause) while the timer runs, a triangle (play) while it is stopped, filling
    ``square``."""
    side, x, y = square.width(), square.left(), square.top()
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(ink)
    if running:
        # The bars on whole device pixels: edges that fall between pixels come out as grey
        # fringes, and at 16 px the gap between the bars would blur away.
        scale = painter.device().devicePixelRatioF() if painter.device() else 1.0

        def snap(length: float) -> float:
            return round(length * scale) / scale

        bar = snap(max(2 / scale, side * 0.2))
        gap = snap(max(2 / scale, side * 0.12))
        left = x + snap((side - 2 * bar - gap) / 2)
        top, height = y + snap(side * 0.18), snap(side * 0.64)
        painter.drawRect(QRectF(left, top, bar, height))
        painter.drawRect(QRectF(left + bar + gap, top, bar, height))
    else:
        corners = [(0.25, 0.15), (0.85, 0.5), (0.25, 0.85)]
        painter.drawPolygon(QPolygonF([QPointF(x + side * a, y + side * b) for a, b in corners]))
    painter.restore()


class TimerButton(QToolButton):
    """A checkable tool button: checked while the timer runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setCheckable(True)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setIconSize(QSize(SIGN_SIDE, SIGN_SIDE))
        # With neither icon nor arrow Qt would size the button for its text alone; an arrow
        # keeps the icon's room (and is left out of the drawing: the sign goes there).
        self.setArrowType(Qt.ArrowType.RightArrow)
        self._clear_ink()

    def initStyleOption(self, option: QStyleOptionToolButton) -> None:
        super().initStyleOption(option)
        option.features &= ~QStyleOptionToolButton.ToolButtonFeature.Arrow

    def _clear_ink(self) -> None:
        palette = self.palette()
        palette.setColor(_TEXT, QColor(0, 0, 0, 0))  # in every colour group
        self.setPalette(palette)

    def ink(self) -> QColor:
        """The colour a tool button's text has here (the window's, not this button's)."""
        parent = self.parentWidget()
        palette = parent.palette() if parent is not None else QApplication.palette()
        group = QPalette.ColorGroup.Active if self.isEnabled() else QPalette.ColorGroup.Disabled
        return palette.color(group, _TEXT)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)  # the panel; the text in clear ink
        painter = QPainter(self)
        ink = self.ink()
        # Where Qt's common style puts a tool button's icon and text: inside the frame, the
        # icon centred in its size and the gap, the text after it.
        inner = self.rect().adjusted(
            DEFAULT_FRAME_WIDTH, DEFAULT_FRAME_WIDTH, -DEFAULT_FRAME_WIDTH, -DEFAULT_FRAME_WIDTH
        )
        room = QRect(inner.left(), inner.top(), SIGN_SIDE + ICON_GAP, inner.height())
        square = QRect(
            room.left() + (room.width() - SIGN_SIDE) // 2,
            room.top() + (room.height() - SIGN_SIDE) // 2,
            SIGN_SIDE,
            SIGN_SIDE,
        )
        draw_sign(painter, QRectF(square), self.isChecked(), ink)
        painter.setPen(ink)
        painter.drawText(
            inner.adjusted(room.width(), 0, 0, 0),
            Qt.AlignmentFlag.AlignLeft
            | Qt.AlignmentFlag.AlignVCenter
            | Qt.TextFlag.TextShowMnemonic,
            self.text(),
        )
        painter.end()

"""Column widths measured from the words they must hold, and rows tall enough to wrap.

A column is as wide as its title or its longest sample, measured with the view's own font
and the gaps the style leaves around a cell's text, so a laptop's narrow panel shows
whole words rather than "Surpri…".
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from futurepath_desktop.ui.fusion_metrics import FOCUS_FRAME_MARGIN, HEADER_MARGIN

SLACK = 2
"""A pixel each side for rounding between the measure and the paint."""


def cell_gap(view: QWidget) -> int:
    """What a cell of ``view`` needs besides its text: the style's margin each side of it
    (the same in every view; see ``fusion_metrics``)."""
    margin = FOCUS_FRAME_MARGIN + 1
    return 2 * margin + 2 * SLACK


def header_gap(header: QHeaderView) -> int:
    """What a column title of ``header`` needs besides its text."""
    return 4 * HEADER_MARGIN + 2 * SLACK


def bold(font: QFont) -> QFont:
    """The same font, bold (team rows are drawn so)."""
    heavy = QFont(font)
    heavy.setBold(True)
    return heavy


def fitting_width(
    view: QAbstractItemView,
    header: QHeaderView,
    title: str,
    samples: Iterable[str],
    *,
    font: QFont | None = None,
    extra: int = 0,
) -> int:
    """The width a column needs for its title and the widest of ``samples`` (in ``font``,
    the view's by default), plus ``extra`` for an indentation or icon."""
    metrics = QFontMetrics(font if font is not None else view.font())
    widest = max((metrics.horizontalAdvance(s) for s in samples), default=0)
    titled = QFontMetrics(header.font()).horizontalAdvance(title) + header_gap(header)
    return max(titled, widest + cell_gap(view) + extra)


class LinesDelegate(QStyledItemDelegate):
    """Rows ``lines`` text lines tall, for a view whose cells wrap their words."""

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lines = lines

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        metrics = option.fontMetrics
        return QSize(hint.width(), max(hint.height(), self.lines * metrics.lineSpacing() + 4))


class HandSized(QObject):
    """The columns of a header that the GM has sized by dragging their borders (or
    double-clicking one): fitting the columns to their words again, when someone joins or
    the window's layout changes, leaves those as the GM made them. Reset Layout forgets.

    A resize is the GM's when a mouse button is down and the fit is not the one resizing
    (no event filter: that would call into Python for every event the header gets)."""

    def __init__(self, header: QHeaderView) -> None:
        super().__init__(header)
        self.header = header
        self.columns: set[int] = set()
        self._fitting = False
        header.sectionResized.connect(self._resized)

    def _resized(self, column: int, _old: int, _new: int) -> None:
        if self._fitting or QApplication.mouseButtons() == Qt.MouseButton.NoButton:
            return
        # A stretched column follows the others and the panel's width, never the mouse.
        if self.header.sectionResizeMode(column) != QHeaderView.ResizeMode.Stretch:
            self.columns.add(column)

    def resize(self, column: int, width: int) -> None:
        """Give ``column`` the width its words need, unless the GM sized it."""
        if column in self.columns:
            return
        self._fitting = True
        try:
            self.header.resizeSection(column, width)
        finally:
            self._fitting = False

    def forget(self) -> None:
        """Every column goes back to the width its words need at the next fit."""
        self.columns.clear()

"""RowHeights: a table's rows as tall as one column's text needs when it wraps.

Qt's own way (rows resized to contents) measures every cell of every row on each change;
a log of thousands of lines would pay that on every new line. Here a row is measured
once, with the column's font, when it arrives, and all of them again only when the
column's width changes (after the resizing has settled).
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, Qt, QTimer
from PySide6.QtWidgets import QTableView

from futurepath_desktop.ui.widgets.columns import cell_gap

PAD = 6
"""Pixels above and below the text of a row."""


class RowHeights(QObject):
    """Keeps the rows of ``view`` as tall as the wrapped text of ``column``."""

    def __init__(self, view: QTableView, column: int) -> None:
        super().__init__(view)
        self.view = view
        self.column = column
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(40)
        self._timer.timeout.connect(self.fit_all)
        model = view.model()
        model.rowsInserted.connect(self._inserted)
        model.modelReset.connect(self._timer.start)
        model.layoutChanged.connect(self._timer.start)
        view.horizontalHeader().sectionResized.connect(self._resized)

    def _resized(self, section: int, _old: int, _new: int) -> None:
        if section == self.column:
            self._timer.start()

    def _inserted(self, parent: QModelIndex | QPersistentModelIndex, first: int, last: int) -> None:
        if not parent.isValid():
            self.fit(first, last)

    def height_of(self, row: int) -> int:
        """The height row ``row`` needs at the column's present width."""
        view = self.view
        line = view.verticalHeader().defaultSectionSize()
        width = view.columnWidth(self.column) - cell_gap(view)
        text = view.model().index(row, self.column).data(Qt.ItemDataRole.DisplayRole)
        if width <= 0 or not isinstance(text, str) or not text:
            return line
        needed = view.fontMetrics().boundingRect(
            QRect(0, 0, width, 1_000_000), int(Qt.TextFlag.TextWordWrap), text
        )
        return max(line, needed.height() + PAD)

    def fit(self, first: int, last: int) -> None:
        """Measure rows ``first`` to ``last``."""
        header = self.view.verticalHeader()
        for row in range(first, last + 1):
            height = self.height_of(row)
            if header.sectionSize(row) != height:
                header.resizeSection(row, height)

    def fit_all(self) -> None:
        """Measure every row (after the column's width changed)."""
        self.fit(0, self.view.model().rowCount() - 1)

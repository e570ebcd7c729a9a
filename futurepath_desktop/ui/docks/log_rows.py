"""The log's rows as tall as their wrapped events need, measured only when on screen.

A long fight leaves tens of thousands of entries. Measuring every row when the log opens,
or whenever the Event column's width changes, froze the window for seconds (each row is
a text layout and a header resize). Here a row is measured when it is shown, or comes
within a page of being shown, at the column's present width; the rest keep one line's
height until the log scrolls to them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, QPersistentModelIndex
from PySide6.QtGui import QFocusEvent, QMouseEvent, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QTableView

from futurepath_desktop.ui.widgets.own_viewport import give_own_viewport
from futurepath_desktop.ui.widgets.row_heights import RowHeights
from futurepath_desktop.ui.widgets.row_menu import MenuTable

Index = QModelIndex | QPersistentModelIndex


class VisibleRowHeights(RowHeights):
    """Keeps the rows of ``view`` that are on screen (and a page either side) as tall as
    the wrapped text of ``column``; rows are measured again once the column's width
    changes, as they come into view."""

    def __init__(self, view: QTableView, column: int) -> None:
        super().__init__(view, column)
        self._width = -1
        """The column's width when the rows marked done were measured."""
        self._done = bytearray()
        """One byte a row: 1 once measured at ``_width``."""
        self._busy = False
        self.measured = 0
        """How many rows have been measured so far (the tests count them)."""
        self.stay_put: Callable[[], bool] = lambda: False
        """Whether the view keeps where it is though it was at its end (the GM picked an
        older entry there): rows measured taller then do not scroll it to the end."""
        model = view.model()
        model.rowsRemoved.connect(self._removed)
        model.modelReset.connect(self._forget)
        model.layoutChanged.connect(self._forget)
        view.verticalScrollBar().valueChanged.connect(self.fit_visible)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A taller viewport shows rows not measured yet."""
        if event.type() == QEvent.Type.Resize:
            self.fit_visible()
        return False

    def _forget(self) -> None:
        self._done = bytearray(self.view.model().rowCount())

    def _removed(self, parent: Index, first: int, last: int) -> None:
        if not parent.isValid():
            del self._done[first : last + 1]

    def _inserted(self, parent: Index, first: int, last: int) -> None:
        if not parent.isValid():
            self._done[first:first] = bytes(last - first + 1)
            self.fit_visible()

    def fit_all(self) -> None:
        """The column's width changed, or the rows were reordered: measure again, as the
        rows come into view."""
        self._forget()
        self.fit_visible()

    def fit_visible(self) -> None:
        """Measure the rows on screen and a page either side that are not measured yet."""
        if self._busy:  # scrolled by the fitting itself
            return
        self._busy = True
        try:
            self._fit_visible()
        finally:
            self._busy = False

    def fit_around(self, row: int) -> None:
        """Measure ``row`` and a page either side before the view scrolls to it, so that
        it lands where it was meant to (rows above it may be taller than one line)."""
        if self._check():
            page = self._page()
            self._fit_rows(row - page, row + page)

    def _check(self) -> int:
        """How many rows there are; what was measured at another width is forgotten."""
        model = self.view.model()
        rows = model.rowCount() if model is not None else 0
        width = self.view.columnWidth(self.column)
        if width != self._width or len(self._done) != rows:
            self._width = width
            self._done = bytearray(rows)
        return rows

    def _page(self) -> int:
        """Rows of one line that fill the view."""
        line = max(1, self.view.verticalHeader().defaultSectionSize())
        return max(1, self.view.viewport().height() // line)

    def _fit_rows(self, first: int, last: int) -> bool:
        """Measure the rows from ``first`` to ``last`` not measured yet; whether any were."""
        done = self._done
        todo = [r for r in range(max(0, first), min(len(done) - 1, last) + 1) if not done[r]]
        header = self.view.verticalHeader()
        for row in todo:
            height = self.height_of(row)
            if header.sectionSize(row) != height:
                header.resizeSection(row, height)
            done[row] = 1
        self.measured += len(todo)
        return bool(todo)

    def _fit_visible(self) -> None:
        view = self.view
        rows = self._check()
        if not rows:
            return
        bar = view.verticalScrollBar()
        following = bar.value() == bar.maximum() and not self.stay_put()
        page = self._page()
        for _ in range(3):  # taller rows show fewer of them, and move the bottom: settle
            top = view.rowAt(0)
            if top < 0:
                return  # not laid out yet: no row is in view
            bottom = view.rowAt(view.viewport().height() - 1)
            if bottom < 0:  # the view reaches past the last row
                bottom = min(rows - 1, top + page)
            if not self._fit_rows(top - page, bottom + page):
                break
            if following:
                view.updateGeometries()  # the scroll range of the new heights, now
                bar.setValue(bar.maximum())


class LogView(MenuTable):
    """The log's table: a row scrolled to is measured first, so it lands in view."""

    rows: VisibleRowHeights | None = None
    resized: Callable[[], None] | None = None  # told when the panel sizes the table anew
    released: Callable[[], None] | None = None  # told once, when a click on it ends

    def __init__(self) -> None:
        super().__init__()
        give_own_viewport(self)  # the rows watch it for resizes
        # Each new line moves the scroll bar; filled first, it is repainted alone, not
        # the whole panel behind it (the style's groove covers it all the same).
        self.verticalScrollBar().setAutoFillBackground(True)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        super().mouseReleaseEvent(event)
        told, self.released = self.released, None
        if told is not None:
            told()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.resized is not None:
            self.resized()

    def focusInEvent(self, event: QFocusEvent) -> None:
        """Keys coming to a log with no entry current (F6, Tab) start on the newest entry,
        selected, at its end, where the fight is, not on the oldest at the top."""
        model, selection = self.model(), self.selectionModel()
        if model is not None and selection is not None and not self.currentIndex().isValid():
            rows = model.rowCount()
            if rows:
                newest = model.index(rows - 1, 0)
                flags = QItemSelectionModel.SelectionFlag.ClearAndSelect
                selection.setCurrentIndex(newest, flags | QItemSelectionModel.SelectionFlag.Rows)
                self.scrollTo(newest)
        super().focusInEvent(event)

    def scrollTo(  # type: ignore[override]
        self,
        index: QModelIndex,
        hint: QAbstractItemView.ScrollHint = QAbstractItemView.ScrollHint.EnsureVisible,
    ) -> None:
        if self.rows is not None and index.isValid():
            self.rows.fit_around(index.row())
        super().scrollTo(index, hint)

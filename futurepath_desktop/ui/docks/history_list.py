"""The History tab: every step of the undo stack, the current one selected and the undone
ones greyed; a click undoes or redoes to that step, as Qt's QUndoView does over a
QUndoStack."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
)
from PySide6.QtGui import QPalette, QShowEvent
from PySide6.QtWidgets import QAbstractItemView, QApplication, QListView, QWidget

from futurepath_desktop.ui.undo_stack import UndoStack

Index = QModelIndex | QPersistentModelIndex


class HistoryModel(QAbstractListModel):
    """Row 0 is the session as opened; row ``i`` the state after the ``i``-th step."""

    def __init__(self, stack: UndoStack, empty_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stack = stack
        self.empty_label = empty_label
        self._rows = stack.count() + 1
        stack.stepsChanged.connect(self._steps_changed)
        self._shown = stack.index()
        stack.indexChanged.connect(self._index_changed)

    def _index_changed(self, index: int) -> None:
        """The steps past the current one are undone: the rows between the old current
        step and the new one change from done to greyed, or back."""
        low, high = sorted((self._shown, index))
        self._shown = index
        high = min(high + 1, self._rows - 1)
        if high >= low:
            self.dataChanged.emit(
                self.index(low, 0), self.index(high, 0), [Qt.ItemDataRole.ForegroundRole]
            )

    def _steps_changed(self) -> None:
        rows = self.stack.count() + 1
        if rows > self._rows:
            self.beginInsertRows(QModelIndex(), self._rows, rows - 1)
            self._rows = rows
            self.endInsertRows()
        elif rows < self._rows:
            self.beginRemoveRows(QModelIndex(), rows, self._rows - 1)
            self._rows = rows
            self.endRemoveRows()
        if rows > 1:  # the last step may be another one now (a push after an undo)
            last = self.index(rows - 1, 0)
            self.dataChanged.emit(last, last)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = index.row()
        if role == Qt.ItemDataRole.ForegroundRole:
            if row <= self.stack.index():
                return None
            palette = QApplication.palette()
            return palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
        if role == Qt.ItemDataRole.ToolTipRole and row > self.stack.index():
            return f"Undone: {self.stack.text(row - 1)} (click to redo up to here)"
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        if row == 0:
            return self.empty_label
        return self.stack.text(row - 1) if row - 1 < self.stack.count() else None


class HistoryList(QListView):
    """The list of steps; selecting a row goes to that step."""

    def __init__(self, stack: UndoStack, empty_label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stack = stack
        self.history_model = HistoryModel(stack, empty_label, self)
        self.setModel(self.history_model)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setUniformItemSizes(True)  # ten thousand steps: rows are not measured one by one
        self.selectionModel().currentChanged.connect(self._chosen)
        stack.indexChanged.connect(self._follow)
        stack.stepsChanged.connect(lambda: self._follow(stack.index()))
        self._follow(stack.index())

    def _follow(self, index: int) -> None:
        """Select the row of the stack's current step."""
        row = self.history_model.index(index, 0)
        selection = self.selectionModel()
        if selection.currentIndex() != row:
            selection.blockSignals(True)
            selection.setCurrentIndex(row, QItemSelectionModel.SelectionFlag.ClearAndSelect)
            selection.blockSignals(False)
            self.viewport().update()
        if not self.viewport().rect().intersects(self.visualRect(row)):
            # Centred, so that the steps done before it show as well as those undone.
            self.scrollTo(row, QAbstractItemView.ScrollHint.PositionAtCenter)

    def showEvent(self, event: QShowEvent) -> None:
        """Brought up (the first time, or its tab raised again): on the current step, once
        the list has its size; made before it had one, it was left at the top."""
        super().showEvent(event)
        QTimer.singleShot(0, self._to_current)

    def _to_current(self) -> None:
        self._follow(self.stack.index())

    def _chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and current.row() != self.stack.index():
            self.stack.setIndex(current.row())

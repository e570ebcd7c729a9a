"""SessionTableModel: what the flat table models share: the session, fixed columns, the
accent palette, and a reset when another session is opened."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.models.roles import fill_slots
from futurepath_desktop.ui.undo import SessionController

Index = QModelIndex | QPersistentModelIndex


class SessionTableModel(QAbstractTableModel):
    """A table over the open session; subclasses count rows and answer ``data``."""

    columns: tuple[str, ...] = ()

    def __init__(self, controller: SessionController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.palette: dict[str, QColor] = {}
        self.read_rows()
        controller.changed.connect(self.on_change)
        controller.sessionReplaced.connect(self.reset)

    @property
    def session(self) -> Session:
        """The open session."""
        return self.controller.session

    def read_rows(self) -> None:
        """Take the rows from the session (subclasses keep what they need)."""
        raise NotImplementedError

    def row_count(self) -> int:
        """How many rows the table has now."""
        raise NotImplementedError

    def on_change(self, change: Change) -> None:
        """Follow one command's change (subclasses update rows in place)."""
        raise NotImplementedError

    def reset(self) -> None:
        """Re-read every row."""
        self.beginResetModel()
        self.read_rows()
        self.endResetModel()

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:
        # Bounds checked here rather than by Qt's hasIndex(), which would call back into
        # rowCount() and columnCount(): three crossings into Python for every cell a view
        # or the log's filter asks for, where one will do.
        if parent.isValid() or not (
            0 <= row < self.row_count() and 0 <= column < len(self.columns)
        ):
            return QModelIndex()
        return self.createIndex(row, column)

    def multiData(self, index: Index, roleDataSpan: Any) -> None:  # noqa: N803 (Qt's name)
        """Every role a delegate paints a cell from, in one call (the view asks for eight
        or nine at once; each ask of ``data()`` from Qt is a crossing into Python)."""
        if index.isValid():
            fill_slots(roleDataSpan, lambda role: self.data(index, role))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.columns[section]
        return None

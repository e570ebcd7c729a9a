"""ShortcutsModel: the keys and what they do, read-only, from the actions table."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from futurepath_desktop.ui.shortcut_list import shortcut_rows

Index = QModelIndex | QPersistentModelIndex


class ShortcutsModel(QAbstractTableModel):
    """Two columns, Keys and Action, a row for each key of the window and the map."""

    HEADERS = ("Keys", "Action")

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows = shortcut_rows()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role != Qt.ItemDataRole.DisplayRole:
            return None
        return self.rows[index.row()][index.column()]

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < 2:
            return self.HEADERS[section]
        return None

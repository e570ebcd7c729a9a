"""TableProxy: a sort and filter proxy that hands a view's ask for every painted role of
a cell to the model behind it in one call. Qt's own proxy asks the model for each role in
a call of its own, and for a model written in Python each call is a crossing into it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QSortFilterProxyModel


class TableProxy(QSortFilterProxyModel):
    """A QSortFilterProxyModel whose ``multiData`` is its source model's."""

    def multiData(
        self,
        index: QModelIndex | QPersistentModelIndex,
        roleDataSpan: Any,  # noqa: N803 (Qt's name)
    ) -> None:
        if index.isValid():
            self.sourceModel().multiData(self.mapToSource(index), roleDataSpan)

"""CountersDock: every active condition and effect with its counter (R13, R29)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QTableView,
    QWidget,
)

from futurepath_desktop.ui.docks.panel import panel_body
from futurepath_desktop.ui.models.counters_model import NOTE, CountersModel
from futurepath_desktop.ui.models.roles import ID_ROLE, SORT_ROLE


class CountersDock(QDockWidget):
    """A sortable table of conditions: bearer, rounds left, whether it ticks this round."""

    def __init__(
        self, model: CountersModel, actions: Sequence[QAction], parent: QWidget | None = None
    ) -> None:
        super().__init__("Condition Counters", parent)
        self.setObjectName("countersDock")
        self.model = model
        body, layout = panel_body("counterTools", actions)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.view = QTableView()
        self.view.setObjectName("countersView")
        self.view.setModel(self.proxy)
        # Unsorted until the GM clicks a header: setting the indicator first keeps
        # setSortingEnabled from sorting thousands of counters by column 0 at start-up.
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSortingEnabled(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.verticalHeader().setVisible(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        metrics = self.view.fontMetrics()
        samples = ("Space Bear 12", "Flat-Footed", "Rounds left", "not yet: bearer has not acted")
        for column, sample in enumerate(samples):
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 18)
        self.view.verticalHeader().setDefaultSectionSize(metrics.height() + 8)
        self.view.setWordWrap(False)
        self.view.horizontalHeader().setSectionResizeMode(NOTE, QHeaderView.ResizeMode.Stretch)
        layout.addWidget(self.view)
        self.setWidget(body)

    def selected_ids(self) -> list[str]:
        """The selected conditions' ids."""
        return [index.data(ID_ROLE) for index in self.view.selectionModel().selectedRows(0)]

"""CountersDock: every active condition and effect with its counter (R13, R29)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QAction, QFocusEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QHeaderView,
    QWidget,
)

from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.ui.docks.panel import PANEL_MARGIN, panel_body
from futurepath_desktop.ui.models.counters_model import (
    BEARER,
    CONDITION,
    NOTE,
    ROUNDS,
    TICKS,
    CountersModel,
)
from futurepath_desktop.ui.models.roles import ID_ROLE, SORT_ROLE
from futurepath_desktop.ui.models.table_proxy import TableProxy
from futurepath_desktop.ui.widgets.columns import SLACK, HandSized, fitting_width
from futurepath_desktop.ui.widgets.row_menu import MenuTable

NARROWEST_MOST = 480
"""The panel's least width never passes this, whatever its columns hold (pixels)."""


class CountersView(MenuTable):
    """The counters' table. Given the keys with nothing chosen (F6, Tab), it holds its
    current counter, else its first, so that + , − and End Condition act at once rather
    than ask for a choice."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        chosen = self.selectionModel().hasSelection()
        if chosen or event.reason() == Qt.FocusReason.MouseFocusReason:
            return  # a click chooses its own row
        index = self.currentIndex()
        if not index.isValid():
            index = self.model().index(0, 0)
        if index.isValid():
            flags = QItemSelectionModel.SelectionFlag
            self.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)


class CountersDock(QDockWidget):
    """A sortable table of conditions: bearer, rounds left, whether it counts down yet."""

    def __init__(
        self, model: CountersModel, actions: Sequence[QAction], parent: QWidget | None = None
    ) -> None:
        super().__init__("Condition Counters", parent)
        self.setObjectName("countersDock")
        self.model = model
        body, layout = panel_body("counterTools", actions)
        self.proxy = TableProxy(self)
        self.proxy.setSourceModel(model)
        self.proxy.setSortRole(SORT_ROLE)
        self.view = CountersView()
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
        # Whole rows are selected: bold titles for the selected columns would say nothing
        # and only cut the titles the panel was sized for.
        header.setHighlightSections(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.hand_sized = HandSized(header)
        metrics = self.view.fontMetrics()
        self.view.verticalHeader().setDefaultSectionSize(metrics.height() + 8)
        self.view.setWordWrap(False)
        self.fit_columns()
        layout.addWidget(self.view)
        self.setWidget(body)

    def offer(self, actions: Sequence[QAction | None]) -> None:
        """What a right-click on a counter offers (None: a separator)."""
        self.view.offer_menu("countersMenu", actions)

    def fit_columns(self, compact: bool = True) -> None:
        """Columns as wide as their words. On a laptop the rules' summary (the Note) is
        left to each row's tool tip and the "ticks" column takes the rest; on a big
        screen the Note takes it."""
        view, header = self.view, self.view.horizontalHeader()
        bearers = [c.name for c in self.model.session.combatants.values()]
        conditions = [entry.name for entry in CATALOG.values()]
        widths = {
            BEARER: fitting_width(view, header, "Bearer", ["Space Bear 12", *bearers]),
            CONDITION: fitting_width(view, header, "Condition", conditions),
            ROUNDS: fitting_width(view, header, "Rounds left", ["until removed"]),
            TICKS: fitting_width(
                view,
                header,
                "Counts down",
                ["each round", "from its turn", "no counter", "space rounds"],
            ),
        }
        # Modes first: a stretched section ignores a new width.
        header.setSectionHidden(NOTE, compact)
        stretch = TICKS if compact else NOTE
        for column in (TICKS, NOTE):
            mode = (
                QHeaderView.ResizeMode.Stretch
                if column == stretch
                else QHeaderView.ResizeMode.Interactive
            )
            header.setSectionResizeMode(column, mode)
        for column, width in widths.items():
            self.hand_sized.resize(column, min(width, 200))
        # Never narrower than those columns: widening the panels beside it took its room
        # until its last title read ":his".
        shown = sum(header.sectionSize(column) for column in (BEARER, CONDITION, ROUNDS))
        # A stretched column at its words' width, less the pixel a side kept for rounding
        # (its size now is only the room left over).
        ticks = min(widths[TICKS], 200) - 2 * SLACK
        shown += ticks if stretch == TICKS else header.sectionSize(TICKS)
        chrome = 2 * PANEL_MARGIN + 2 * view.frameWidth()
        self.setMinimumWidth(min(shown + chrome, NARROWEST_MOST))

    def selected_ids(self) -> list[str]:
        """The selected conditions' ids."""
        return [index.data(ID_ROLE) for index in self.view.selectionModel().selectedRows(0)]

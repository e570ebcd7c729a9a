"""The view of the selected ship's stations (a ``StationsModel``), in the order of play:
long lines wrap in their column, and the Station column takes its longest label when the
panel is wide enough."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.ui.models.stations_model import (
    CREW,
    PHASE,
    STATION,
    THIS_ROUND,
    StationsModel,
)
from futurepath_desktop.ui.widgets.cell_pictures import MARGIN
from futurepath_desktop.ui.widgets.own_viewport import give_own_viewport

Index = QModelIndex | QPersistentModelIndex


class _WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their longest cell wrapped at its column's width (a tree view
    would otherwise measure every cell on one line and cut the rest off)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        width = self.view.header().sectionSize(index.column()) - 2 * MARGIN
        text = str(index.data() or "")
        if width <= 0 or not text:
            return hint
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        needed = option.fontMetrics.boundingRect(QRect(0, 0, width, 100_000), flags, text)
        return QSize(hint.width(), max(hint.height(), needed.height() + 4))


class StationsView(QTreeView):
    """The stations list: long lines wrap in their column instead of being cut off."""

    def __init__(self, model: StationsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        give_own_viewport(self)  # its width is asked at the first resize
        self.setObjectName("bridgeStations")
        self.stations = model
        self.setModel(model)
        # New texts may wrap into more lines: lay the rows out again.
        model.dataChanged.connect(lambda *_: self.scheduleDelayedItemsLayout())
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setAllColumnsShowFocus(True)
        self.setWordWrap(True)
        self.setUniformRowHeights(False)
        self.setItemDelegate(_WrappingDelegate(self))
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.header()
        header.setStretchLastSection(True)
        metrics = self.fontMetrics()
        # The first three columns take their widest text; "This round" takes the rest.
        for column, sample in ((PHASE, "3 Response"), (CREW, "Mara Quill")):
            header.resizeSection(column, metrics.horizontalAdvance(sample) + 18)
        # The Crew column is as wide as the ship's longest name on one line ("Space Bear
        # 12"), up to a cap past which it wraps ("Grizzled / mechanic").
        self._crew_least = header.sectionSize(CREW)
        self._crew_most = metrics.horizontalAdvance("Space Bear 12") + 18
        model.modelReset.connect(self._fit_crew)
        model.dataChanged.connect(self._fit_crew)
        # The Station column wraps its longest label on a narrow panel (as narrow as the
        # widest word of a label, so "This round" keeps room), not on a wide one.
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        self._station_narrow = 18 + max(
            metrics.boundingRect(QRect(0, 0, 1, 100_000), flags, p.label).width()
            for p in rules.Position
        )
        self._station_wide = max(metrics.horizontalAdvance(p.label) for p in rules.Position) + 18
        header.resizeSection(STATION, self._station_narrow)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(THIS_ROUND, QHeaderView.ResizeMode.Stretch)
        header.sectionResized.connect(lambda *_: self.scheduleDelayedItemsLayout())
        # Four rows at least; the rest scroll (a laptop's height is short).
        self.setMinimumHeight((metrics.lineSpacing() + 4) * 5 + 8)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_station()

    def _fit_station(self) -> None:
        """Give the Station column its longest label when the panel is wide enough."""
        header = self.header()
        others = sum(header.sectionSize(c) for c in (PHASE, CREW))
        spare = self.viewport().width() - others - self._station_wide
        wanted = self._station_wide if spare >= 3 * self._station_narrow // 2 else None
        width = wanted or self._station_narrow
        if header.sectionSize(STATION) != width:
            header.resizeSection(STATION, width)

    def _fit_crew(self, *_: object) -> None:
        metrics = self.fontMetrics()
        names = (
            str(self.stations.index(row, CREW).data() or "")
            for row in range(len(self.stations.rows))
        )
        longest = max((metrics.horizontalAdvance(name) + 18 for name in names), default=0)
        width = min(max(longest, self._crew_least), self._crew_most)
        if self.header().sectionSize(CREW) != width:
            self.header().resizeSection(CREW, width)
            self._fit_station()  # what the Crew column took, the Station column may miss

    def show_ship(self, ship_id: str | None) -> None:
        """Show a ship's stations (the current one stays current)."""
        self._take_highlight()
        self.stations.show_ship(ship_id)

    def _take_highlight(self) -> None:
        highlight = QColor(self.palette().color(self.palette().ColorRole.Highlight))
        highlight.setAlpha(70)
        self.stations.highlight = highlight

    def changeEvent(self, event: QEvent) -> None:
        """Another theme: the stations that act now take its highlight."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._take_highlight()

    def select_position(self, position: rules.Position) -> None:
        """Make a station the current one."""
        for row, station in enumerate(self.stations.rows):
            if station.position is position:
                self.setCurrentIndex(self.stations.index(row, 0))

    def selected_position(self) -> rules.Position | None:
        """The station picked in the list."""
        index = self.currentIndex()
        if not index.isValid() or not 0 <= index.row() < len(self.stations.rows):
            return None
        return self.stations.rows[index.row()].position

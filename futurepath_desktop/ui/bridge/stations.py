"""The selected ship's stations, in the order of play, with the ones that act now
highlighted and the ones that cannot act saying so (R41, R45, R47)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.space_rules import crew_name, station_refusal
from futurepath_desktop.session.state import Session, Ship
from futurepath_desktop.ui.bridge.feedback import game_words
from futurepath_desktop.ui.models.roles import BACKGROUND, DISPLAY, FOREGROUND, ID_ROLE, TOOLTIP

Index = QModelIndex | QPersistentModelIndex

ACTS_NOW = "▶ acts now"
CANNOT_ACT = "✗ cannot act"
HEADERS = ("Phase", "Station", "Crew", "This round")
PHASE, STATION, CREW, THIS_ROUND = range(len(HEADERS))


@dataclass(frozen=True, slots=True)
class StationRow:
    """One crew position of a ship this round."""

    position: rules.Position
    phase: str
    station: str
    crew: str
    status: str
    refusal: str | None  # why it may not act now; None when it may
    manned: bool

    @property
    def acts_now(self) -> bool:
        """Whether the station may act now."""
        return self.refusal is None


def station_rows(session: Session, ship: Ship) -> list[StationRow]:
    """Each position of the ship: its phase, who holds it, and what it did or may do."""
    fight = session.space.round
    optional_name = fight.optional.get(ship.id)
    optional = rules.Position(optional_name) if optional_name else None
    done = {s.position: s for s in fight.stations if s.ship_id == ship.id}
    # R45: an adrift, exploding or destroyed ship's crew cannot act at all.
    disabled = fight.active and ship.state in ("adrift", "exploding", "destroyed")
    rows = []
    for position in rules.Position:
        acts_in = rules.acting_phase(position, optional)
        held = done.get(position.value)
        refusal = station_refusal(session, ship.id, position) if fight.active else "no fight"
        if held is not None:
            status = f"✓ {held.action}" + (f": {held.result}" if held.result else "")
        elif disabled:
            status = f"{CANNOT_ACT}: {ship.name} is {ship.state}"
        elif refusal is None:
            status = ACTS_NOW
        else:
            status = ""
        who = crew_name(session, ship, position) if position.value in ship.crew else "—"
        rows.append(
            StationRow(
                position,
                f"{acts_in.value} {acts_in.name.title()}",
                position.label,
                who,
                game_words(status),
                refusal,
                position.value in ship.crew,
            )
        )
    return rows


def text_margin(widget: QWidget) -> int:
    """The space an item view leaves on each side of a cell's text."""
    style = widget.style()
    return style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1


class StationsModel(QAbstractTableModel):
    """The selected ship's stations as a table: one row per crew position, in the order
    of play. It holds the rows it was last given (worked out by ``station_rows``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[StationRow] = []
        self.active = False
        self.highlight = QColor(74, 168, 255, 70)
        self.muted = QColor("#8a9099")
        self.refused = QColor("#cc3b2c")

    def set_rows(self, rows: list[StationRow], active: bool) -> None:
        """Show these rows (the same positions: their cells change in place)."""
        same = [r.position for r in rows] == [r.position for r in self.rows]
        self.active = active
        if same and rows:
            self.rows = rows
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(HEADERS) - 1))
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == DISPLAY
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        return None

    def text(self, row: StationRow, column: int) -> str:
        """A cell's text."""
        return (row.phase, row.station, row.crew, row.status)[column]

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role in (DISPLAY, TOOLTIP):
            return self.text(row, column)  # the tip: the whole text, wherever it wraps
        if role == ID_ROLE:
            return row.position.value
        if role == BACKGROUND and self.active and row.acts_now:
            return self.highlight
        if role == FOREGROUND:
            if column == CREW and not row.manned:
                return self.muted
            if column == THIS_ROUND and row.status.startswith(CANNOT_ACT):
                return self.refused
        return None


class _WrappingDelegate(QStyledItemDelegate):
    """Rows as tall as their longest cell wrapped at its column's width (a tree view
    would otherwise measure every cell on one line and cut the rest off)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self.view = view

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        hint = super().sizeHint(option, index)
        width = self.view.header().sectionSize(index.column()) - 2 * text_margin(self.view)
        text = str(index.data() or "")
        if width <= 0 or not text:
            return hint
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        needed = option.fontMetrics.boundingRect(QRect(0, 0, width, 100_000), flags, text)
        return QSize(hint.width(), max(hint.height(), needed.height() + 4))


class StationsView(QTreeView):
    """The stations list: long lines wrap in their column instead of being cut off."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bridgeStations")
        self.stations = StationsModel(self)
        self.setModel(self.stations)
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
        """Give the Station column its longest label when the panel is wide enough."""
        super().resizeEvent(event)
        header = self.header()
        others = sum(header.sectionSize(c) for c in (PHASE, CREW))
        spare = self.viewport().width() - others - self._station_wide
        wanted = self._station_wide if spare >= 3 * self._station_narrow // 2 else None
        width = wanted or self._station_narrow
        if header.sectionSize(STATION) != width:
            header.resizeSection(STATION, width)

    def show_rows(self, rows: list[StationRow], active: bool) -> None:
        """Show the ship's stations (the current one stays current)."""
        self.stations.highlight = QColor(self.palette().color(self.palette().ColorRole.Highlight))
        self.stations.highlight.setAlpha(70)
        self.stations.set_rows(rows, active)
        self.scheduleDelayedItemsLayout()  # new texts may wrap into more lines

    def clear(self) -> None:
        """No ship: no stations."""
        self.stations.set_rows([], False)

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

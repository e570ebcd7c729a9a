"""StationsModel: the stations of the ship in view, one row per crew position in the
order of play (phase, station, crew member, what it did or may do this round), with the
ones that act now highlighted and the ones that cannot act saying so (R41, R45, R47).

It follows the change report: every row of the ship when the ship or the space round
changed, only the Crew cells of a renamed crew member, and nothing otherwise (the chart
and the house rules show nowhere in it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.commands.space_actions import WAITING
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.space_rules import crew_name, crew_unfit, manned, station_refusal
from futurepath_desktop.session.state import Session, Ship
from futurepath_desktop.ui.bridge.feedback import game_words
from futurepath_desktop.ui.models.roles import BACKGROUND, DISPLAY, FOREGROUND, ID_ROLE, TOOLTIP
from futurepath_desktop.ui.undo import SessionController

Index = QModelIndex | QPersistentModelIndex

ACTS_NOW = "▶ acts now"
CANNOT_ACT = "✗ cannot act"
NO_CREW = "nobody at this station"
WAITS = "◷"
"""Marks a station whose roll is entered and waits for the end of the phase (R57)."""
HEADERS = ("Phase", "Station", "Crew", "This round")
PHASE, STATION, CREW, THIS_ROUND = range(len(HEADERS))
POSITIONS = tuple(rules.Position)


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


def round_changed(change: Change) -> bool:
    """Whether the space round changed (not only the chart or the house rules)."""
    if "space" not in change.values:
        return False
    return "round" in change.value_fields.get("space", frozenset({"round"}))


def station_row(session: Session, ship: Ship, position: rules.Position) -> StationRow:
    """One position of the ship: its phase, who holds it, and what it did or may do."""
    fight = session.space.round
    optional_name = fight.optional.get(ship.id)
    optional = rules.Position(optional_name) if optional_name else None
    acts_in = rules.acting_phase(position, optional)
    held = next(
        (s for s in fight.stations if s.ship_id == ship.id and s.position == position.value),
        None,
    )
    # R45: an adrift, exploding or destroyed ship's crew cannot act at all.
    disabled = fight.active and ship.state in ("adrift", "exploding", "destroyed")
    refusal = station_refusal(session, ship.id, position) if fight.active else "no fight"
    crewed = manned(ship, position)
    unfit = crew_unfit(session, ship, position) if fight.active and held is None else ""
    if held is not None and held.result == WAITING:
        status = f"{WAITS} {held.action}: {WAITING}"
    elif held is not None:
        status = f"✓ {held.action}" + (f": {held.result}" if held.result else "")
    elif disabled:
        status = f"{CANNOT_ACT}: {ship.name} is {ship.state}"
    elif fight.active and not crewed:
        status = NO_CREW  # R41: a position nobody holds does not act
    elif unfit:
        status = f"{CANNOT_ACT}: {unfit}"  # R54: Dying, Paralyzed… at the station
    elif refusal is None:
        status = ACTS_NOW
    else:
        status = ""
    return StationRow(
        position,
        f"{acts_in.value} {acts_in.name.title()}",
        position.label,
        crew_name(session, ship, position) if crewed else "—",
        game_words(status),
        refusal,
        crewed,
    )


def station_rows(session: Session, ship: Ship) -> list[StationRow]:
    """Each position of the ship, in the order of play."""
    return [station_row(session, ship, position) for position in POSITIONS]


class StationsModel(QAbstractTableModel):
    """The stations of the ship in view (``show_ship``); no ship, no rows. The rows are a
    cache of ``station_row``, worked out again for the rows a change names."""

    def __init__(self, controller: SessionController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.ship_id: str | None = None
        self.rows: list[StationRow] = []
        self.highlight = QColor(74, 168, 255, 70)
        self.muted = QColor("#8a9099")
        self.refused = QColor("#cc3b2c")
        controller.changed.connect(self.on_change)
        controller.sessionReplaced.connect(self.reset)

    @property
    def session(self) -> Session:
        """The open session."""
        return self.controller.session

    @property
    def active(self) -> bool:
        """Whether a space fight is running (the stations that act now are highlighted)."""
        return self.session.space.round.active

    def ship(self) -> Ship | None:
        """The ship in view, if it is still in the session."""
        return self.session.ships.get(self.ship_id) if self.ship_id else None

    def _read(self) -> list[StationRow]:
        ship = self.ship()
        return station_rows(self.session, ship) if ship is not None else []

    def show_ship(self, ship_id: str | None) -> None:
        """Show another ship's stations (the same positions: their cells change in place)."""
        if ship_id == self.ship_id:
            return
        self.ship_id = ship_id
        rows = self._read()
        if rows and self.rows:
            self.rows = rows
            self._changed(range(len(rows)), PHASE, THIS_ROUND)
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def reset(self) -> None:
        """Read every row again (another session was opened)."""
        self.beginResetModel()
        self.rows = self._read()
        self.endResetModel()

    def on_change(self, change: Change) -> None:
        """Update the rows the change names, and only those."""
        if self.ship_id is None:
            return
        ship = self.ship()
        if ship is None or not self.rows:
            if bool(self.rows) != (ship is not None):
                self.reset()  # the ship went, or came back
            return
        if self.ship_id in change.touched("ships") or round_changed(change):
            self.rows = self._read()
            self._changed(range(len(self.rows)), PHASE, THIS_ROUND)
            return
        crew = {s.combatant_id for s in ship.crew.values() if s.combatant_id is not None}
        if change.touched("conditions") or crew & change.touched("combatants"):
            # A crew member renamed, or Dying, Paralyzed… or up again (R54): the rows
            # whose words that changes, and only those.
            for row, position in enumerate(POSITIONS):
                old, new = self.rows[row], station_row(self.session, ship, position)
                if old == new:
                    continue
                self.rows[row] = new
                same_words = (old.status, old.refusal) == (new.status, new.refusal)
                self._changed([row], CREW, CREW if same_words else THIS_ROUND)

    @staticmethod
    def renamed_crew(change: Change, ship: Ship) -> list[int]:
        """The rows of the ship's crew members whose names the change changed."""
        fields = change.fields.get("combatants", {})
        return [
            row
            for row, position in enumerate(POSITIONS)
            if (slot := ship.crew.get(position.value)) is not None
            and slot.combatant_id is not None
            and "name" in fields.get(slot.combatant_id, ())
        ]

    def _changed(self, rows: range | list[int], first: int, last: int) -> None:
        for row in rows:
            self.dataChanged.emit(self.index(row, first), self.index(row, last))

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

    @staticmethod
    def text(row: StationRow, column: int) -> str:
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
            if column == THIS_ROUND and row.status == NO_CREW:
                return self.muted
        return None

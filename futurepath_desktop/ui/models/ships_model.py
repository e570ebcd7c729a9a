"""ShipsModel: the session's ships, one row each (name, side, size, state, Battle Damage
against capacity, BD-DC, hard points, flying, mods), in the session's order. It follows
the ``ships`` table of each change report: rows in and out for ships added and removed,
``dataChanged`` for exactly the ships whose fields changed, a reset only on a reorder."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.state import Ship
from futurepath_desktop.ui.models.roles import DISPLAY, ID_ROLE, SORT_ROLE, TOOLTIP
from futurepath_desktop.ui.models.session_table_model import SessionTableModel

Index = QModelIndex | QPersistentModelIndex

COLUMNS = (
    "Ship",
    "Side",
    "Size",
    "State",
    "Battle Damage",
    "BD-DC",
    "Hard points",
    "Flying",
    "Mods",
)
NAME, SIDE, SIZE, STATE, DAMAGE, BD_DC, HARD_POINTS, FLYING, MODS = range(len(COLUMNS))
MOD_NAMES = ("engines", "weapons", "structure", "shields", "electronics", "sensors")
_ANSWERED = frozenset({DISPLAY, TOOLTIP, ID_ROLE, SORT_ROLE})


def mods_text(ship: Ship) -> str:
    """``Engines +0, Weapons +1, …``: the ship's mods in whole words."""
    return ", ".join(f"{name.title()} {getattr(ship, name):+d}" for name in MOD_NAMES)


class ShipsModel(SessionTableModel):
    """One row per ship of the session, in its order."""

    columns = COLUMNS

    def read_rows(self) -> None:
        """The ships' ids, in the session's order."""
        self._ids: list[str] = list(self.session.ships)

    def row_count(self) -> int:
        """One row per ship."""
        return len(self._ids)

    def row_of(self, ship_id: str) -> int:
        """The row of a ship, or -1."""
        try:
            return self._ids.index(ship_id)
        except ValueError:
            return -1

    def ship_at(self, row: int) -> Ship | None:
        """The ship of a row."""
        return self.session.ships.get(self._ids[row]) if 0 <= row < len(self._ids) else None

    def on_change(self, change: Change) -> None:
        """Rows out, rows in, and the changed ships' rows; nothing when no ship changed."""
        if "ships" in change.reordered:
            self.reset()
            return
        if not change.touched("ships"):
            return
        removed = change.removed.get("ships", frozenset())
        for row in sorted((i for i, s in enumerate(self._ids) if s in removed), reverse=True):
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._ids[row]
            self.endRemoveRows()
        if change.added.get("ships"):
            current = list(self.session.ships)
            if current[: len(self._ids)] != self._ids:
                self.reset()  # a ship came back in its old place (an undone removal)
                return
            self.beginInsertRows(QModelIndex(), len(self._ids), len(current) - 1)
            self._ids = current
            self.endInsertRows()
        for ship_id in change.fields.get("ships", {}):
            row = self.row_of(ship_id)
            if row >= 0:
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def text(self, ship: Ship, column: int) -> str:
        """A cell's text."""
        if column == NAME:
            return ship.name
        if column == SIDE:
            return ship.side
        if column == SIZE:
            return ship.size
        if column == STATE:
            return ship.state
        if column == DAMAGE:
            return f"{ship.battle_damage}/{rules.capacity(ship.size)}"
        if column == BD_DC:
            return str(rules.bd_dc(ship.structure, ship.shields))
        if column == HARD_POINTS:
            return str(ship.hard_points)
        if column == FLYING:
            return ship.flying
        return mods_text(ship)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        ship = self.ship_at(index.row())
        if ship is None:
            return None
        if role == ID_ROLE:
            return ship.id
        if role == SORT_ROLE and index.column() == DAMAGE:
            return ship.battle_damage
        if role == TOOLTIP and index.column() == DAMAGE:
            return "\n".join(e.name for e in ship.damage) or "No Battle Damage"
        return self.text(ship, index.column())

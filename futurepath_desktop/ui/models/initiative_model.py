"""InitiativeModel: the teams in acting order, each with its members, as a Qt tree.

It reads the session and turns change reports into ``dataChanged`` for the rows that
moved, resetting only when the tree's shape changes (someone added, removed, reordered,
or the acting order changed).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.state import Combatant, Team
from futurepath_desktop.ui.models.initiative_cells import ANSWERED, COLUMNS, InitiativeCells
from futurepath_desktop.ui.models.roles import DISPLAY, TOOLTIP, fill_slots
from futurepath_desktop.ui.undo import SessionController

Index = QModelIndex | QPersistentModelIndex

LAST_COLUMN = len(COLUMNS) - 1

_NO_PARENT = 0


def plain(value: Any) -> Any:
    """``value`` as something hashable that is equal only where the value draws alike;
    TypeError for a value it cannot say that of."""
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, QColor):
        return ("colour", value.rgba())
    if isinstance(value, QFont):
        return ("font", value.key())
    if isinstance(value, tuple):
        return tuple(plain(part) for part in value)
    cache_key = getattr(value, "cacheKey", None)  # an icon or a picture
    if cache_key is not None:
        return (type(value).__name__, cache_key())
    raise TypeError(f"no key for a {type(value).__name__}")


_AS_IS = (str, int, float, type(None))


def runs(rows: list[int]) -> list[tuple[int, int]]:
    """The first and last of each run of consecutive numbers in sorted ``rows``."""
    spans: list[tuple[int, int]] = []
    for row in rows:
        if spans and spans[-1][1] == row - 1:
            spans[-1] = (spans[-1][0], row)
        else:
            spans.append((row, row))
    return spans


class InitiativeModel(InitiativeCells, QAbstractItemModel):
    """Teams (top level, acting order first) and their members (children)."""

    def __init__(self, controller: SessionController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self._teams: list[str] = []
        self._members: dict[str, list[str]] = {}
        self._row_of: dict[str, tuple[int, int]] = {}  # combatant id → (team row, row)
        self._combat = controller.session.combat
        self._cells: dict[tuple[int, int, int], dict[int, Any]] = {}
        """Each cell's roles, by (parent, row, column) then role: a repaint asks every
        visible cell for a dozen roles, and working each out again cost most of a Next
        Turn. A row's entries go whenever the row is reported changed (and all of them on
        a reset or a new palette), so what is kept is what a fresh model would answer."""
        self._facts = {}
        self._looks: dict[tuple[int, int], tuple[Any, ...] | None] = {}
        """Each row's cells as a key (``row_look``), kept and dropped as the cells are."""
        self.palette: dict[str, QColor] = {}
        # One font each, not a new one per cell: a fresh QFont is resolved and its text
        # engine looked up again every time a cell is painted.
        self._bold = QFont()
        self._bold.setBold(True)
        self._italic = QFont()
        self._italic.setItalic(True)
        self._font_keys = {id(f): plain(f) for f in (self._bold, self._italic)}
        self._rebuild()
        controller.changed.connect(self.on_change)
        controller.sessionReplaced.connect(self.reset)

    # --- structure -----------------------------------------------------------------------

    def _rebuild(self) -> None:
        session = self.session
        order = list(session.combat.order) if session.combat.active else []
        order += [t for t in session.teams if t not in order]
        self._teams = order
        self._members = {t: [] for t in order}
        for combatant in session.combatants.values():
            self._members.setdefault(combatant.team_id, []).append(combatant.id)
        for members in self._members.values():  # present first, waiting last
            members.sort(key=lambda i: not session.combatants[i].present)
        self._row_of = {
            cid: (team_row, row)
            for team_row, team_id in enumerate(self._teams)
            for row, cid in enumerate(self._members.get(team_id, []))
        }
        self._combat = session.combat

    def reset(self) -> None:
        """Rebuild the whole tree."""
        self.beginResetModel()
        self._rebuild()
        self._cells.clear()
        self._facts.clear()
        self._looks.clear()
        self.endResetModel()

    def forget_cells(self) -> None:
        """Work every cell out again (the palette changed): the view repaints them all."""
        self._cells.clear()
        self._facts.clear()
        self._looks.clear()
        if self._teams:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._teams) - 1, LAST_COLUMN))

    def _changed(self, first: QModelIndex, final: QModelIndex) -> None:
        """Rows ``first`` to ``final`` (under one parent) show new data."""
        cells = self._cells
        parent = first.internalId()
        members = self._members.get(self._teams[parent - 1], []) if parent else []
        for row in range(first.row(), final.row() + 1):
            for column in range(len(COLUMNS)):
                cells.pop((parent, row, column), None)
            self._looks.pop((parent, row), None)
            if row < len(members):
                self._facts.pop(members[row], None)
        self.dataChanged.emit(first, final)

    def _shape_changed(self, change: Change) -> bool:
        if change.added.get("teams") or change.removed.get("teams"):
            return True
        if change.added.get("combatants") or change.removed.get("combatants"):
            return True
        if change.reordered & {"teams", "combatants"}:
            return True
        for fields in change.fields.get("combatants", {}).values():
            if fields & {"team_id", "present"}:
                return True
        if change.combat:
            order = list(self.session.combat.order) if self.session.combat.active else []
            if self._teams[: len(order)] != order:
                return True
        return False

    def on_change(self, change: Change) -> None:
        """Update only the rows whose shown data a command changed."""
        if change.empty or self._shape_changed(change):
            self.reset()
            return
        session = self.session
        touched = set(change.touched("combatants")) | change.bearers
        teams = set()
        if change.combat or change.options:
            old, new = self._combat, session.combat
            if change.options:
                touched |= set(self._row_of)
            for team_id in {old.acting_team, new.acting_team} - {None}:
                if old.acting_team != new.acting_team:
                    teams.add(team_id)
                    touched |= {c.id for c in session.members(team_id or "")}
            for field in ("acted", "unaware", "surprise_actors"):
                touched |= set(getattr(old, field)) ^ set(getattr(new, field))
            if old.surprise_round != new.surprise_round:  # "Surprised" becomes flat-footed
                touched |= set(new.unaware) | set(old.unaware)
            touched |= {
                k
                for k in old.turns.keys() | new.turns.keys()
                if old.turns.get(k) != new.turns.get(k)
            }
            touched |= {r.combatant_id for r in set(old.readied) ^ set(new.readied)}
            self._combat = new
        rows_of: dict[int, set[int]] = {}  # team row → its touched member rows
        for cid in touched:
            if cid in self._row_of:
                team_row, row = self._row_of[cid]
                rows_of.setdefault(team_row, set()).add(row)
                teams.add(self._teams[team_row])
        for team_row, rows in rows_of.items():
            parent = self.index(team_row, 0)
            for first, final in runs(sorted(rows)):
                self._changed(self.index(first, 0, parent), self.index(final, LAST_COLUMN, parent))
        teams |= set(change.touched("teams"))
        # A team row shows its members' standing and whether it is acting. Each run of
        # neighbouring rows is its own report: one span from the first to the last would
        # have the view repaint every member row between them too.
        for first, final in runs(sorted({self._teams.index(t) for t in teams if t in self._teams})):
            self._changed(self.index(first, 0), self.index(final, LAST_COLUMN))

    # --- the Qt model interface ------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:
        # Bounds checked here rather than by hasIndex(), which would call back into
        # rowCount() and columnCount(): Qt asks for thousands of indexes on a big change.
        if row < 0 or not 0 <= column < len(COLUMNS):
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self._teams):
                return QModelIndex()
            return self.createIndex(row, column, _NO_PARENT)
        if parent.internalId() != _NO_PARENT or parent.column() != 0:
            return QModelIndex()
        team_row = parent.row()
        if row >= len(self._members.get(self._teams[team_row], ())):
            return QModelIndex()
        return self.createIndex(row, column, team_row + 1)

    def sibling(self, row: int, column: int, index: Index) -> QModelIndex:
        # Qt's own answer, asked here: from Qt, its parent() and index() would be two
        # crossings into Python where the view looks up a row's first cell (it does, for
        # every row a change reports).
        if not index.isValid():
            return QModelIndex()
        return self.index(row, column, self.parent(index))

    def parent(self, child: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == _NO_PARENT:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, _NO_PARENT)

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        if not parent.isValid():
            return len(self._teams)
        if parent.internalId() != _NO_PARENT or parent.column() != 0:
            return 0
        return len(self._members.get(self._teams[parent.row()], []))

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == DISPLAY:
            return COLUMNS[section]
        return None

    # No flags(): Qt's own answer (enabled and selectable; nothing for an invalid index) is
    # what every row wants. The view asks it twice a cell on every paint, and answered in
    # Python each ask was a crossing into the bindings (about a tenth of a repaint).

    def team_at(self, index: Index) -> Team | None:
        """The team of a top-level row."""
        if not index.isValid() or index.internalId() != _NO_PARENT:
            return None
        return self.session.teams.get(self._teams[index.row()])

    def combatant_at(self, index: Index) -> Combatant | None:
        """The combatant of a member row."""
        if not index.isValid() or index.internalId() == _NO_PARENT:
            return None
        team_id = self._teams[index.internalId() - 1]
        return self.session.combatants.get(self._members[team_id][index.row()])

    def team_index_of(self, team_id: str) -> QModelIndex:
        """The row of a team."""
        return (
            self.index(self._teams.index(team_id), 0) if team_id in self._teams else QModelIndex()
        )

    def index_of(self, combatant_id: str, column: int = 0) -> QModelIndex:
        """The row of a combatant (or of a team), for selecting it from elsewhere."""
        if combatant_id not in self._row_of:
            if combatant_id in self._teams:
                return self.index(self._teams.index(combatant_id), column)
            return QModelIndex()
        team_row, row = self._row_of[combatant_id]
        return self.index(row, column, self.index(team_row, 0))

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in ANSWERED or not index.isValid():
            return None
        if role == TOOLTIP:  # asked for rarely, and the costliest to work out
            return self._tip(index)
        return self.cell(index).get(role)

    def multiData(self, index: Index, roleDataSpan: Any) -> None:  # noqa: N803 (Qt's name)
        """Every role a delegate paints a cell from, in one call (the delegate asks seven
        at once; seven calls of :meth:`data` each cost a crossing into Python)."""
        if not index.isValid():
            return
        cell = self.cell(index)
        fill_slots(
            roleDataSpan, lambda role: self._tip(index) if role == TOOLTIP else cell.get(role)
        )

    def cell(self, index: Index) -> dict[int, Any]:
        """A cell's roles (all but the tip), worked out together the first time it is
        asked for any of them and kept until its row is reported changed: what ``data``
        answers, and what the panel's delegate draws from."""
        if not index.isValid():
            return {}
        return self.cell_at(index.internalId(), index.row(), index.column())

    def cell_at(self, parent: int, row: int, column: int) -> dict[int, Any]:
        """The cell in ``row`` and ``column`` under ``parent`` (0 for the teams, a team's
        row + 1 for its members): see ``cell``."""
        key = (parent, row, column)
        cell = self._cells.get(key)
        if cell is None:
            session = self.session
            if parent == _NO_PARENT:
                team = session.teams.get(self._teams[row])
                cell = self._team_cell(team, column) if team is not None else {}
            else:  # a member's row, worked out whole
                combatant = session.combatants.get(self._members[self._teams[parent - 1]][row])
                if combatant is None:
                    return self._cells.setdefault(key, {})
                cells = self._combatant_cells(combatant)
                for other, other_cell in enumerate(cells):
                    self._cells[(parent, row, other)] = other_cell
                return cells[column]
            self._cells[key] = cell
        return cell

    def row_look(self, parent: int, row: int) -> tuple[Any, ...] | None:
        """Everything the cells of a row are drawn from, as a key that is equal only for
        rows drawn alike (None if a value in them cannot be made one): the view keeps a
        picture of each look of a row. (Worked out for every row a turn repaints: the
        model's own fonts' keys are kept, and plain values go in as they are.)"""
        key = (parent, row)
        if key in self._looks:
            return self._looks[key]
        look: tuple[Any, ...] | None
        fonts = self._font_keys
        parts: list[Any] = []
        try:
            for column in range(len(COLUMNS)):
                for role, value in self.cell_at(parent, row, column).items():
                    if isinstance(value, _AS_IS):
                        parts += (role, value)
                    elif type(value) is QFont and id(value) in fonts:
                        parts += (role, fonts[id(value)])
                    else:
                        parts += (role, plain(value))
                parts.append(None)  # the end of a cell
            look = tuple(parts)
        except TypeError:
            look = None
        self._looks[key] = look
        return look

    def _tip(self, index: Index) -> str | None:
        team = self.team_at(index)
        if team is not None:
            return self._team_tip(team)
        combatant = self.combatant_at(index)
        return self._combatant_tip(combatant, index.column()) if combatant is not None else None

"""CountersModel: every active condition and effect, its bearer, rounds left, and whether
it will move in this round's Counters phase (R13)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.session.change import Change
from futurepath_desktop.session.space_rules import runs_in_space
from futurepath_desktop.session.state import GRENADE_CONDITION, ActiveCondition, Grenade
from futurepath_desktop.ui.models.roles import (
    ALIGNMENT,
    DISPLAY,
    FOREGROUND,
    ID_ROLE,
    SORT_ROLE,
    TOOLTIP,
)
from futurepath_desktop.ui.models.session_table_model import SessionTableModel

Index = QModelIndex | QPersistentModelIndex

_ANSWERED = frozenset({DISPLAY, SORT_ROLE, ID_ROLE, ALIGNMENT, FOREGROUND, TOOLTIP})
"""The roles data() answers; the view asks for a dozen per cell on every repaint."""
COLUMNS = ("Bearer", "Condition", "Rounds left", "Counts down", "Note")
BEARER, CONDITION, ROUNDS, TICKS, NOTE = range(len(COLUMNS))


class CountersModel(SessionTableModel):
    """One row per active condition, in the order they were set."""

    columns = COLUMNS

    def read_rows(self) -> None:
        """The conditions' ids, in the order they were set."""
        self._ids: list[str] = list(self.session.conditions)

    def row_count(self) -> int:
        """One row per condition."""
        return len(self._ids)

    def on_change(self, change: Change) -> None:
        """Remove, insert and refresh rows as the change says; reset only on reorder."""
        if change.empty or "conditions" in change.reordered:
            self.reset()
            return
        removed = change.removed.get("conditions", frozenset())
        if removed:
            rows = sorted((i for i, c in enumerate(self._ids) if c in removed), reverse=True)
            for row in rows:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._ids[row]
                self.endRemoveRows()
        current = list(self.session.conditions)
        if current[: len(self._ids)] != self._ids:
            self.reset()
            return
        if len(current) > len(self._ids):
            self.beginInsertRows(QModelIndex(), len(self._ids), len(current) - 1)
            self._ids = current
            self.endInsertRows()
        fields = change.fields.get("conditions", {})
        renamed = {
            cid for cid, names in change.fields.get("combatants", {}).items() if "name" in names
        }
        conditions = self.session.conditions
        # A grenade whose targets' turn began goes off "this turn" now (R38).
        grenades = self.session.grenades
        timed = {
            grenades[g].condition_id for g in change.fields.get("grenades", {}) if g in grenades
        }
        changed_rows = [
            i
            for i, c in enumerate(self._ids)
            if c in fields or c in timed or (renamed and conditions[c].bearer_id in renamed)
        ]
        if changed_rows:
            self.dataChanged.emit(
                self.index(min(changed_rows), 0), self.index(max(changed_rows), len(COLUMNS) - 1)
            )

    def condition_at(self, row: int) -> ActiveCondition | None:
        """The condition of a row."""
        return self.session.conditions.get(self._ids[row]) if 0 <= row < len(self._ids) else None

    def grenade(self, held: ActiveCondition) -> Grenade | None:
        """The thrown grenade a condition stands for (R38), if it is one."""
        if held.key != GRENADE_CONDITION:
            return None
        return next((g for g in self.session.grenades.values() if g.condition_id == held.id), None)

    def rounds_left(self, held: ActiveCondition) -> str:
        """The counter's rounds; a grenade's turn to go off (R38: its targets' next turn)."""
        grenade = self.grenade(held)
        if grenade is not None:
            return "this turn" if grenade.due_team else "next turn"
        return "until removed" if held.remaining is None else str(held.remaining)

    def ticks(self, held: ActiveCondition) -> str:
        """R13: whether the counter moves at the next Counters phase (why not is in
        ``ticks_reason``, the cell's tool tip); a grenade goes off instead (R38)."""
        grenade = self.grenade(held)
        if grenade is not None:
            return f"at its {grenade.timing}"
        if held.remaining is None:
            return "no counter"
        if runs_in_space(self.session, held):  # R58: the bridge's, moved by its rounds
            return "space rounds"
        return "each round" if held.armed else "from its turn"

    def ticks_reason(self, held: ActiveCondition) -> str:
        """R13 in words: why the counter moves this round or not."""
        if self.grenade(held) is not None:
            return "A thrown grenade: no counter; it explodes on its targets' turn"
        if held.remaining is None:
            return "Lasts until removed: no counter to move"
        if runs_in_space(self.session, held):
            return "Set by the space fight: moves down by 1 as each space round ends"
        if held.armed:
            return "Moves down by 1 in each round's Counters phase"
        return (
            "Not yet: the bearer has not started a turn since it was set. It starts to count "
            "down once the bearer's next turn begins"
        )

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        held = self.condition_at(index.row())
        if held is None:
            return None
        column = index.column()
        bearer = self.session.combatants.get(held.bearer_id)
        if role == ID_ROLE:
            return held.id
        if role in (DISPLAY, SORT_ROLE):
            if column == BEARER:
                return bearer.name if bearer else "?"
            if column == CONDITION:
                return held.name
            if column == ROUNDS:
                if role == SORT_ROLE:
                    return held.remaining if held.remaining is not None else 10**6
                return self.rounds_left(held)
            if column == TICKS:
                return self.ticks(held)
            if column == NOTE:
                entry = CATALOG.get(held.key)
                note = held.note or (entry.summary if entry else "")
                if held.recurring is not None:  # R55: what each tick does
                    does = held.recurring.describe()
                    return f"{does[0].upper()}{does[1:]}" + (f". {note}" if note else "")
                return note
        if role == ALIGNMENT and column == ROUNDS:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == FOREGROUND:
            if column == TICKS and not held.armed and held.remaining is not None:
                return self.palette.get("muted", QColor("gray"))
            if column == ROUNDS and held.remaining == 1:
                return self.palette.get("flag", QColor("darkorange"))
        if role == TOOLTIP:
            entry = CATALOG.get(held.key)
            where = f"set in round {held.set_round}" if held.set_round else "set before combat"
            tip = f"{held.name} on {bearer.name if bearer else '?'}, {where}"
            if column == TICKS:
                tip += f"\n{self.ticks_reason(held)}"
            if held.note:
                tip += f"\nNote: {held.note}"
            if entry:
                tip += f"\n{entry.summary}"
            if held.source:
                tip += f"\nFrom {held.source}"
            return tip
        return None

"""LogModel: every roll and event of the fight, stamped with round, phase and team."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QColor

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.change import Change
from futurepath_desktop.session.state import LogEntry
from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui.models.roles import DISPLAY, FOREGROUND, ID_ROLE, SORT_ROLE, TOOLTIP
from futurepath_desktop.ui.models.session_table_model import SessionTableModel

Index = QModelIndex | QPersistentModelIndex

FILTER_ROLE = SORT_ROLE + 40
"""What the log's filter searches, in column 0: the entry's kind, a new line, then the
text of every column, joined by tabs."""
_ANSWERED = frozenset({DISPLAY, SORT_ROLE, ID_ROLE, FOREGROUND, TOOLTIP, FILTER_ROLE})
"""The roles data() answers; the view asks for a dozen per cell on every repaint."""
COLUMNS = ("Round", "Phase", "Team", "Event")
ROUND, PHASE, TEAM, EVENT = range(len(COLUMNS))
PHASE_NAMES = {int(p): p.name.title() for p in Phase}
# The space round's phases and its entries' kind prefix, as ``core.starship.SpacePhase`` and
# ``session.commands.space_log.SPACE_KIND`` have them (tested equal): neither module is loaded
# before the bridge is used, and the log is on screen from the start.
SPACE_PHASE_NAMES = {0: "Surprise", 1: "Support", 2: "Action", 3: "Response"}
SPACE_KIND = "space:"


def base_kind(entry: LogEntry) -> str:
    """What the entry is (``attack``, ``damage`` …), written in a space fight or not."""
    return entry.kind.removeprefix(SPACE_KIND)


def phase_name(entry: LogEntry) -> str:
    """The Phase column: a space fight's phase on its entries (R41), else the ground's."""
    if entry.kind.startswith(SPACE_KIND):
        return SPACE_PHASE_NAMES.get(entry.phase, "–")
    return PHASE_NAMES.get(entry.phase, "–") if entry.round else "–"


def entry_text(entry: LogEntry) -> str:
    """The entry with its breakdown and every roll, as copied to the clipboard."""
    if entry.kind.startswith(SPACE_KIND):
        stamp = (
            f"[Space round {entry.round}, {phase_name(entry)}]"
            if entry.round
            else "[Space, before round 1]"
        )
    elif entry.round:
        phase = PHASE_NAMES.get(entry.phase, "")
        stamp = f"[Round {entry.round}, {phase}]" if phase else f"[Round {entry.round}]"
    else:
        stamp = "[prep]"
    lines = [f"{stamp} {entry.text}", *entry.lines]
    shown = " ".join(entry.lines)
    lines += [f"  Roll: {roll.text}" for roll in entry.rolls if roll.text not in shown]
    return "\n".join(lines)


class LogModel(SessionTableModel):
    """The log, oldest first; appended rows arrive as row insertions."""

    columns = COLUMNS

    def read_rows(self) -> None:
        """How many entries the log has."""
        self._count = len(self.session.log)

    def row_count(self) -> int:
        """One row per log entry."""
        return self._count

    def on_change(self, change: Change) -> None:
        """Undo removes rows from the end; commands append them."""
        new = len(self.session.log)
        if change.log_truncated:
            keep = new - change.log_appended
            if keep < self._count:
                self.beginRemoveRows(QModelIndex(), keep, self._count - 1)
                self._count = keep
                self.endRemoveRows()
        if new > self._count:
            self.beginInsertRows(QModelIndex(), self._count, new - 1)
            self._count = new
            self.endInsertRows()
        elif new < self._count:
            self.reset()

    def entry(self, row: int) -> LogEntry | None:
        """The log entry of a row."""
        return self.session.log[row] if 0 <= row < self._count else None

    def _display(self, entry: LogEntry, column: int) -> str:
        if column == ROUND:
            return str(entry.round) if entry.round else "–"
        if column == PHASE:
            return phase_name(entry)
        if column == TEAM:
            if not entry.team_id:  # no team's turn: a space fight's says so (it stamps none)
                return "Space" if entry.kind.startswith(SPACE_KIND) else ""
            team = self.session.teams.get(entry.team_id)
            # A team that has left (the next encounter came) keeps the name it had then.
            return team.name if team else entry.team_name
        # The Event column speaks the game's words; its tool tip, the breakdown pane and
        # a copy keep the rulings cited.
        return without_rulings(entry.text)

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        entry = self.entry(index.row())
        if entry is None:
            return None
        column = index.column()
        if role == ID_ROLE:
            return entry.seq
        if role == SORT_ROLE:
            return base_kind(entry)
        if role == FILTER_ROLE:
            texts = (self._display(entry, c) for c in range(len(COLUMNS)))
            return base_kind(entry) + "\n" + "\t".join(texts)
        if role == DISPLAY:
            return self._display(entry, column)
        if role == TOOLTIP:
            return entry_text(entry)
        if role == FOREGROUND and column == EVENT:
            if base_kind(entry) in ("expiry", "phase", "turn"):
                return self.palette.get("muted", QColor("gray"))
            if "critical hit" in entry.text or "is down" in entry.text:
                return self.palette.get("bad", QColor("red"))
        return None

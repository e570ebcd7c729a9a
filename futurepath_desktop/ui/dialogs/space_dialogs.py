"""Dialogs of the bridge: who fires unseen (R47), the Battle Damage Chart (R46) and the
space house rules. Their texts wrap to the dialog's width."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.state import ChartRow, Ship
from futurepath_desktop.ui.dialogs import ok_cancel, problem_line
from futurepath_desktop.ui.widgets.focus_frame import WIDTH as FOCUS_WIDTH
from futurepath_desktop.ui.widgets.number_box import NumberBox
from futurepath_desktop.ui.widgets.row_ticks import tick_by_row


class SurpriseDialog(QDialog):
    """R47: tick the ships no passive sensor detects and no scan looks for."""

    def __init__(self, ships: tuple[Ship, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("surpriseDialog")
        self.setWindowTitle("Start space combat")
        layout = QVBoxLayout(self)
        self.question = QLabel(
            "Which ships fire first, unseen? Tick a ship that passive sensors cannot "
            "detect and no active scan looks for: its Weapons Officer fires once before "
            "round 1. Leave all unticked for no surprise."
        )
        self.question.setObjectName("surpriseQuestion")
        # R47. The question wraps to the dialog's width, not the width of one long line.
        self.question.setWordWrap(True)
        self.question.setMinimumWidth(self.question.fontMetrics().averageCharWidth() * 56)
        layout.addWidget(self.question)
        self.list = QListWidget()
        self.list.setObjectName("surpriseShips")
        for ship in ships:
            item = QListWidgetItem(f"{ship.name} ({ship.side})")
            item.setData(Qt.ItemDataRole.UserRole, ship.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)
        tick_by_row(self.list)
        # The rows stand clear of the list's edge, where the keyboard's focus frame is
        # drawn: the first one is not cut off under it.
        margin = FOCUS_WIDTH + 2
        self.list.setViewportMargins(margin, margin, margin, margin)
        # As tall as its ships (a few more scroll), not a tall empty box under two names.
        self.list.ensurePolished()
        rows = max(2, min(len(ships), 8))
        row = max(self.list.sizeHintForRow(0) if ships else 0, self.list.fontMetrics().height() + 2)
        self.list.setFixedHeight(row * rows + 2 * (self.list.frameWidth() + margin) + 2)
        layout.addWidget(self.list)
        layout.addWidget(ok_cancel(self, "Start"))

    def unseen(self) -> tuple[str, ...]:
        """The ticked ships' ids."""
        found = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                found.append(str(item.data(Qt.ItemDataRole.UserRole)))
        return tuple(found)


class ChartDialog(QDialog):
    """R46: the session's Battle Damage Chart, one line per 2d6 total, editable."""

    COLUMNS = ("2d6", "Repair DC", "Name", "Effect", "Key")

    def __init__(self, rows: tuple[ChartRow, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("chartDialog")
        self.setWindowTitle("Battle Damage Chart")
        self.resize(760, 420)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("An empty repair DC means the line needs a critical fix."))
        self.table = QTableWidget(len(rows), len(self.COLUMNS))
        self.table.setObjectName("chartTable")
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for r, row in enumerate(rows):
            values = (str(row.roll), "" if row.dc is None else str(row.dc), row.name, row.effect)
            for c, value in enumerate((*values, row.key)):
                item = QTableWidgetItem(value)
                if c in (0, 4):  # the total and the effect's key are not edited here
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                self.table.setItem(r, c, item)
        layout.addWidget(self.table)
        holder, self.problem = problem_line("chartProblem")
        layout.addWidget(holder)
        layout.addWidget(ok_cancel(self))

    def rows(self) -> tuple[ChartRow, ...] | None:
        """The lines as edited, or None (with the problem shown) if a DC is not a number."""
        found = []
        for r in range(self.table.rowCount()):
            cells = [self._text(r, c) for c in range(len(self.COLUMNS))]
            if cells[1] and not cells[1].isdigit():
                self.problem.setText(f"Line {cells[0]}: a repair DC is a whole number or empty")
                return None
            dc = int(cells[1]) if cells[1] else None
            found.append(ChartRow(int(cells[0]), dc, cells[2], cells[3], cells[4]))
        return tuple(found)

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def accept(self) -> None:
        if self.rows() is not None:
            super().accept()


class SpaceRulesDialog(QDialog):
    """The swarm penalty per size step and the Scan DC."""

    def __init__(self, swarm_penalty: int, scan_dc: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("spaceRulesDialog")
        self.setWindowTitle("Space house rules")
        form = QFormLayout(self)
        self.penalty = NumberBox()
        self.penalty.setRange(0, 10)
        self.penalty.setValue(swarm_penalty)
        self.penalty.setSuffix(" per size step")
        self.scan_dc = NumberBox()
        self.scan_dc.setRange(0, 60)
        self.scan_dc.setValue(scan_dc)
        form.addRow("Swarm penalty, in successes", self.penalty)
        form.addRow("Scan DC", self.scan_dc)
        form.addRow(ok_cancel(self))

"""StartCombatDialog: mark who is unaware before the fight starts (R11)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs import ok_cancel
from futurepath_desktop.ui.widgets.row_ticks import tick_by_row


class StartCombatDialog(QDialog):
    """Every combatant in the fight, ticked when aware; the unticked are surprised."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("startCombatDialog")
        self.setWindowTitle("Start combat")
        self.resize(380, 420)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Tick everyone who is <b>aware</b> of their foes. The unticked are surprised: "
            "if anyone is, a surprise round comes first and only the aware act in it."
        )  # R11
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.list = QListWidget()
        self.list.setObjectName("awareList")
        ink = self.list.palette().color(QPalette.ColorRole.Text)
        for team in session.teams.values():
            members = session.members(team.id, present_only=True)
            if not members:
                continue
            header = QListWidgetItem(team.name)
            header.setFlags(Qt.ItemFlag.NoItemFlags)  # skipped by the arrows, never ticked
            header.setForeground(ink)  # a title, not a row greyed out
            font = header.font()
            font.setBold(True)
            header.setFont(font)
            self.list.addItem(header)
            for member in members:
                item = QListWidgetItem(f"   {member.name}")
                item.setData(Qt.ItemDataRole.UserRole, member.id)
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled
                    | Qt.ItemFlag.ItemIsSelectable  # the current row filled, as in Join
                    | Qt.ItemFlag.ItemIsUserCheckable
                )
                item.setCheckState(
                    Qt.CheckState.Checked if member.aware else Qt.CheckState.Unchecked
                )
                self.list.addItem(item)
                if self.list.currentItem() is None:  # the first name, filled, as the
                    self.list.setCurrentItem(item)  # keys will move it
        tick_by_row(self.list)
        layout.addWidget(self.list)
        layout.addWidget(ok_cancel(self, "Start combat"))

    def unaware(self) -> tuple[str, ...]:
        """The ids left unticked."""
        found = []
        for row in range(self.list.count()):
            item = self.list.item(row)
            ident = item.data(Qt.ItemDataRole.UserRole)
            if ident and item.checkState() == Qt.CheckState.Unchecked:
                found.append(ident)
        return tuple(found)

    def set_aware(self, combatant_id: str, aware: bool) -> None:
        """Tick or untick one combatant (for tests and shortcuts)."""
        for row in range(self.list.count()):
            item = self.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == combatant_id:
                item.setCheckState(Qt.CheckState.Checked if aware else Qt.CheckState.Unchecked)

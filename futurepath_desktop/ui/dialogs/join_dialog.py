"""JoinDialog: who joins the fight, into which team or as a new one (R9)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs import ok_cancel
from futurepath_desktop.ui.widgets.row_ticks import tick_by_row

NEW_TEAM = "__new__"


class JoinDialog(QDialog):
    """Waiting combatants to tick, a team to join (or a new one), and surprise."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("joinDialog")
        self.setWindowTitle("Join the fight")
        layout = QFormLayout(self)
        note = QLabel(
            "Joiners come in during the Counters phase. Joining a team leaves its "
            "initiative as it is."  # R8, R9
        )
        note.setWordWrap(True)
        layout.addRow(note)
        self.who = QListWidget()
        for combatant in session.combatants.values():
            if combatant.present:
                continue
            item = QListWidgetItem(f"{combatant.name} ({session.teams[combatant.team_id].name})")
            item.setData(Qt.ItemDataRole.UserRole, combatant.id)
            item.setData(Qt.ItemDataRole.UserRole + 1, combatant.team_id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.who.addItem(item)
        tick_by_row(self.who)
        layout.addRow("Who", self.who)
        self.team = QComboBox()
        for team_id in session.combat.order:
            self.team.addItem(session.teams[team_id].name, team_id)
        self.team.addItem("A new team…", NEW_TEAM)
        if self.who.count():
            wanted = self.who.item(0).data(Qt.ItemDataRole.UserRole + 1)
            found = self.team.findData(wanted)
            if found >= 0:
                self.team.setCurrentIndex(found)
        layout.addRow("Joins", self.team)
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("Name of the new team")
        self.new_name.setMaxLength(NAME_MAX)  # what the file takes
        layout.addRow("New team", self.new_name)
        self.surprise = QCheckBox("A surprise to their foes (they act first)")  # R11
        layout.addRow(self.surprise)
        layout.addRow(ok_cancel(self, "Join"))

    def joiners(self) -> tuple[str, ...]:
        """The ticked combatants."""
        return tuple(
            self.who.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.who.count())
            if self.who.item(row).checkState() == Qt.CheckState.Checked
        )

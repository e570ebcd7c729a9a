"""JoinDialog: who joins the fight, into which team or as a new one (R9)."""

from __future__ import annotations

from collections.abc import Sequence

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

    def __init__(
        self, session: Session, parent: QWidget | None = None, chosen: Sequence[str] = ()
    ) -> None:
        """``chosen``: the combatants chosen in the window; those waiting are ticked, else
        the waiting ones of the first waiting combatant's team (all join one team: ticking
        the others' too would move them to it)."""
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
        waiting = [c for c in session.combatants.values() if not c.present]
        ticked = {c.id for c in waiting if c.id in chosen}
        if not ticked and waiting:
            ticked = {c.id for c in waiting if c.team_id == waiting[0].team_id}
        first = next((c for c in waiting if c.id in ticked), None)
        for combatant in waiting:
            item = QListWidgetItem(f"{combatant.name} ({session.teams[combatant.team_id].name})")
            item.setData(Qt.ItemDataRole.UserRole, combatant.id)
            item.setData(Qt.ItemDataRole.UserRole + 1, combatant.team_id)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            tick = combatant.id in ticked
            item.setCheckState(Qt.CheckState.Checked if tick else Qt.CheckState.Unchecked)
            self.who.addItem(item)
        tick_by_row(self.who)
        layout.addRow("Who", self.who)
        self.team = QComboBox()
        for team_id in session.combat.order:
            self.team.addItem(session.teams[team_id].name, team_id)
        self.team.addItem("A new team…", NEW_TEAM)
        if first is not None:  # its own team, or a new one for a team not in the fight
            found = self.team.findData(first.team_id)
            self.team.setCurrentIndex(found if found >= 0 else self.team.findData(NEW_TEAM))
        layout.addRow("Joins", self.team)
        self.new_name = QLineEdit()
        self.new_name.setPlaceholderText("Name of the new team")
        self.new_name.setMaxLength(NAME_MAX)  # what the file takes
        layout.addRow("New team", self.new_name)
        # Open only for a new team: a name typed beside an existing team would go nowhere.
        self.team.currentIndexChanged.connect(self._new_team_chosen)
        self._new_team_chosen()
        self.surprise = QCheckBox("A surprise to their foes (they act first)")  # R11
        layout.addRow(self.surprise)
        layout.addRow(ok_cancel(self, "Join"))

    def _new_team_chosen(self) -> None:
        new = self.team.currentData() == NEW_TEAM
        self.new_name.setEnabled(new)
        self.new_name.setPlaceholderText("Name of the new team" if new else "")  # greyed: blank
        self.new_name.setToolTip("" if new else "Choose “A new team…” under Joins to name one")

    def joiners(self) -> tuple[str, ...]:
        """The ticked combatants."""
        return tuple(
            self.who.item(row).data(Qt.ItemDataRole.UserRole)
            for row in range(self.who.count())
            if self.who.item(row).checkState() == Qt.CheckState.Checked
        )

"""What the team and session actions ask before their command: the selected team (a team
row, or one of its members, in the Team Initiative panel), a quick dialog, and then one
command of the session; what is missing is said in the status bar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMessageBox

from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import Team
from futurepath_desktop.ui.dialogs.team_dialogs import (
    InitiativeDialog,
    RuleOptionsDialog,
    TeamDialog,
)
from futurepath_desktop.ui.models.roles import ID_ROLE, KIND_ROLE
from futurepath_desktop.ui.operations import teams
from futurepath_desktop.ui.operations.roster import taken_along

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow

PICK_TEAM = "Select a team, or one of its members, in the Team Initiative panel first"


def selected_team(window: MainWindow) -> Team | None:
    """The team of the current row of the Team Initiative panel (a word in the status bar
    if there is none)."""
    session = window.controller.session
    view = window.initiative.view
    rows = view.selectionModel().selectedRows(0)
    current = view.currentIndex().siblingAtColumn(0)
    index = current if current in rows else rows[0] if rows else None
    if index is not None:
        row = index
        ident = row.data(ID_ROLE)
        if row.data(KIND_ROLE) == "team" and ident in session.teams:
            return session.teams[ident]
        if ident in session.combatants:
            return session.teams[session.combatants[ident].team_id]
    window.say(PICK_TEAM)
    return None


# --- the session -------------------------------------------------------------------------


def rename_session(window: MainWindow) -> None:
    """Ask for the session's new name."""
    session = window.controller.session
    dialog = QInputDialog(window)
    dialog.setObjectName("sessionNameDialog")
    dialog.setWindowTitle("Session name")
    dialog.setLabelText("Name:")
    dialog.setTextValue(session.name)
    dialog.setMinimumWidth(420)
    field = dialog.findChild(QLineEdit)
    if field is not None:
        field.setMaxLength(NAME_MAX)  # what the file takes
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.textValue().strip() != session.name:
        teams.rename_session(window.controller, dialog.textValue())


def rule_options(window: MainWindow) -> None:
    """Choose the session's rule options (R40)."""
    session = window.controller.session
    dialog = RuleOptionsDialog(session.options, window, fighting=session.combat.active)
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen() != session.options:
        teams.set_options(window.controller, dialog.chosen())


# --- the turn order (R8) -----------------------------------------------------------------


def adjust_initiative(window: MainWindow) -> None:
    """Set the selected team's initiative; the acting order follows it."""
    team = selected_team(window)
    if team is None:
        return
    if team.id not in window.controller.session.combat.order:
        window.say(f"{team.name} is not in the fight yet: bring them in with Join")
        return
    dialog = InitiativeDialog(team, window)
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.value.value() != team.initiative:
        reason = dialog.reason.text().strip()
        teams.adjust_initiative(window.controller, team.id, dialog.value.value(), reason)


def shift_in_order(window: MainWindow, by: int) -> None:
    """Move the selected team ``by`` places in the acting order (−1: earlier)."""
    team = selected_team(window)
    if team is None:
        return
    order = list(window.controller.session.combat.order)
    if team.id not in order:
        window.say(f"{team.name} is not in the fight yet: bring them in with Join")
        return
    if not 0 <= order.index(team.id) + by < len(order):
        window.say(f"{team.name} already acts {'first' if by < 0 else 'last'}")
        return
    teams.shift_in_order(window.controller, team.id, by)


# --- teams -------------------------------------------------------------------------------


def edit_team(window: MainWindow) -> None:
    """Rename the selected team, or change its colour or side."""
    team = selected_team(window)
    if team is None:
        return
    taken = [other.name for other in window.controller.session.teams.values()]
    dialog = TeamDialog(team, window, taken=taken)
    if dialog.exec() == QDialog.DialogCode.Accepted and dialog.changes():
        teams.edit_team(window.controller, team.id, dialog.changes())


def move_team(window: MainWindow, by: int) -> None:
    """Move the selected team ``by`` places in the roster (−1: up)."""
    team = selected_team(window)
    if team is None:
        return
    roster_order = list(window.controller.session.teams)
    to = roster_order.index(team.id) + by
    if not 0 <= to < len(roster_order):
        window.say(f"{team.name} is already at the {'top' if by < 0 else 'bottom'}")
        return
    teams.move_team(window.controller, team.id, to)


def move_to_team(window: MainWindow) -> None:
    """Put the current combatant into another team (outside combat)."""
    session = window.controller.session
    ident = window.initiative.current_id()
    if ident is None:
        window.say("Select the combatant to move in the Team Initiative panel first")
        return
    combatant = session.combatants[ident]
    others = [t for t in session.teams.values() if t.id != combatant.team_id]
    if not others:
        window.say("There is no other team: make one with New Team (Ctrl+T)")
        return
    names = [t.name for t in others]
    chosen, ok = QInputDialog.getItem(
        window, "Move to team", f"Move {combatant.name} to:", names, 0, False
    )
    if ok:
        team = others[names.index(chosen)]
        if teams.move_to_team(window.controller, ident, team.id):
            window.initiative.select([ident])


def remove_team(window: MainWindow) -> None:
    """Remove the selected team and everyone in it, after asking."""
    team = selected_team(window)
    if team is None:
        return
    members = window.controller.session.members(team.id)
    question = f"Remove the team {team.name}"
    if members:
        question += f" and its {len(members)} member{'s' if len(members) != 1 else ''}: "
        question += ", ".join(m.name for m in members)
    question += "?"
    also = taken_along(window.controller, [m.id for m in members]) if members else ""
    if also:
        question += f"\n\nThis also takes away {also}."
    question += "\n\nUndo brings everything back."
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    answer = QMessageBox.question(
        window, "Remove team", question, buttons, QMessageBox.StandardButton.No
    )
    if answer == QMessageBox.StandardButton.Yes:  # Enter alone keeps the team
        teams.remove_team(window.controller, team.id)

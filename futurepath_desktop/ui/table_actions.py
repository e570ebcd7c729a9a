"""What the game master's actions do: each gathers its input (selection, a quick dialog)
and pushes one command. Errors come back through the controller's ``failed`` signal."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QInputDialog, QLineEdit, QMessageBox, QWidget

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.library import AddFromLibrary, Library, combatant_template
from futurepath_desktop.session.state import Team, new_id
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.dialogs.amount_dialog import AmountDialog
from futurepath_desktop.ui.dialogs.combatant_dialog import CombatantDialog
from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog
from futurepath_desktop.ui.dialogs.join_dialog import NEW_TEAM, JoinDialog
from futurepath_desktop.ui.dialogs.library_dialog import LibraryDialog
from futurepath_desktop.ui.dialogs.start_combat_dialog import StartCombatDialog
from futurepath_desktop.ui.undo import SessionController

TEAM_COLOURS = ("#3a7bd5", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")


class TableActions:
    """The handlers behind the main window's combat and roster actions."""

    def __init__(
        self,
        controller: SessionController,
        window: QWidget,
        selected: Callable[[], list[str]],
        selected_conditions: Callable[[], list[str]],
        say: Callable[[str], None],
    ) -> None:
        self.controller = controller
        self.window = window
        self.selected = selected
        self.selected_conditions = selected_conditions
        self.say = say

    def _names(self, ids: list[str]) -> str:
        people = [self.controller.session.combatants[i].name for i in ids]
        return people[0] if len(people) == 1 else f"{len(people)} combatants: {', '.join(people)}"

    def _targets(self) -> list[str] | None:
        ids = self.selected()
        if not ids:
            self.say(
                "Select one or more combatants first "
                "(click, Shift or Ctrl+click a team or its members)"
            )
            return None
        return ids

    # --- health and conditions -----------------------------------------------------------

    def amount(self, kind: str) -> None:
        """Damage, heal or give temporary HP to the selection: key, number, Enter."""
        ids = self._targets()
        if ids is None:
            return
        titles = {"damage": "Damage", "heal": "Heal", "temp": "Temporary HP"}
        dialog = AmountDialog(
            titles[kind], self._names(ids), self.window, with_source=kind == "damage"
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        if kind == "damage":
            self.controller.push(c.Damage(tuple(ids), dialog.value(), dialog.source.text().strip()))
        elif kind == "heal":
            self.controller.push(c.Heal(tuple(ids), dialog.value()))
        else:
            self.controller.push(c.GrantTempHP(tuple(ids), dialog.value()))

    def add_condition(self) -> None:
        """Put a condition with its counter on the selection (C, a few letters, Enter)."""
        ids = self._targets()
        if ids is None:
            return
        dialog = ConditionDialog(self._names(ids), self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.name.text().strip():
            return
        key, name, rounds, note = dialog.choice()
        self.controller.push(c.AddCondition(tuple(ids), key, rounds, note=note, name=name))

    def change_counter(self, by: int) -> None:
        """Extend or shorten the selected counters by a round."""
        held = self.selected_conditions()
        if not held:
            self.say("Select a condition in the Condition Counters panel first")
        for ident in held:
            self.controller.push(c.ExtendCondition(ident, by))

    def remove_conditions(self) -> None:
        """End the selected conditions."""
        held = self.selected_conditions()
        if not held:
            self.say("Select a condition in the Condition Counters panel first")
        for ident in held:
            self.controller.push(c.RemoveCondition(ident))

    # --- the fight ---------------------------------------------------------------------------

    def start_combat(self) -> None:
        """Ask who is unaware (R11), then start."""
        if self.controller.session.combat.active:
            self.say("Combat is already running")
            return
        dialog = StartCombatDialog(self.controller.session, self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.push(c.StartCombat(dialog.unaware()))

    def end_combat(self) -> None:
        """List the leftover effects (R14) and end, resolving them if the GM agrees."""
        session = self.controller.session
        if not session.combat.active:
            self.say("No combat is running")
            return
        leftovers = c.combat.leftover_effects(session)
        resolve = False
        if leftovers:
            listed = "\n".join(
                f"• {e.bearer}: {e.name}, {n_rounds(e.rounds_left)} left" for e in leftovers
            )
            answer = QMessageBox.question(
                self.window,
                "End combat",
                f"These effects are still running:\n\n{listed}\n\n"  # R14
                "Resolve their remaining rounds now?",
                QMessageBox.StandardButton.Yes
                | QMessageBox.StandardButton.No
                | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Yes,
            )
            if answer == QMessageBox.StandardButton.Cancel:
                return
            resolve = answer == QMessageBox.StandardButton.Yes
        self.controller.push(c.EndCombat(resolve))

    def join(self) -> None:
        """Bring waiting combatants into the fight (R9)."""
        session = self.controller.session
        if not any(not x.present for x in session.combatants.values()):
            self.say("Nobody is waiting to join: add a combatant first (it arrives waiting)")
            return
        dialog = JoinDialog(session, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.joiners():
            return
        team_id = dialog.team.currentData()
        if team_id == NEW_TEAM:
            name = dialog.new_name.text().strip() or "Newcomers"
            colour = TEAM_COLOURS[len(session.teams) % len(TEAM_COLOURS)]
            team = Team(id=new_id("team"), name=name, colour=colour, side="neutral")
            self.controller.push(
                c.JoinCombat(dialog.joiners(), new_team=team, surprise=dialog.surprise.isChecked())
            )
        else:
            self.controller.push(
                c.JoinCombat(
                    dialog.joiners(), team_id=str(team_id), surprise=dialog.surprise.isChecked()
                )
            )

    # --- the roster ----------------------------------------------------------------------------

    def add_combatant(self) -> None:
        """Create a combatant in place."""
        if not self.controller.session.teams:
            self.add_team()
            if not self.controller.session.teams:
                return
        ids = self.selected()
        team = self.controller.session.combatants[ids[0]].team_id if ids else None
        dialog = CombatantDialog(self.controller.session, team, self.window)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.push(c.AddCombatant(dialog.combatant()))

    def add_team(self) -> None:
        """Create a team."""
        name, ok = QInputDialog.getText(
            self.window, "New team", "Team name:", QLineEdit.EchoMode.Normal, ""
        )
        if ok and name.strip():
            colour = TEAM_COLOURS[len(self.controller.session.teams) % len(TEAM_COLOURS)]
            self.controller.push(
                c.AddTeam(Team(id=new_id("team"), name=name.strip(), colour=colour))
            )

    def remove_selected(self) -> None:
        """Remove the selected combatants after asking."""
        ids = self._targets()
        if ids is None:
            return
        answer = QMessageBox.question(self.window, "Remove", f"Remove {self._names(ids)}?")
        if answer == QMessageBox.StandardButton.Yes:
            self.controller.stack.beginMacro(f"Remove {self._names(ids)}")
            for ident in ids:
                self.controller.push(c.RemoveCombatant(ident))
            self.controller.stack.endMacro()

    def add_from_library(self, library: Library) -> None:
        """Copy a prepared template into the session."""
        dialog = LibraryDialog(library, self.controller.session, self.window)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        template = dialog.chosen()
        if template is not None:
            team = dialog.team.currentData() if template.combatant is not None else None
            self.controller.push(AddFromLibrary(template, team))

    def save_to_library(self, library: Library) -> None:
        """Keep the selected combatants as templates for later fights."""
        ids = self._targets()
        if ids is None:
            return
        for ident in ids:
            combatant = self.controller.session.combatants[ident]
            kind = "character" if combatant.kind == "pc" else combatant.kind
            library.save(combatant_template(combatant, kind))
        self.say(f"Saved {self._names(ids)} to the library")

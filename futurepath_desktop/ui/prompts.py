"""What the window's actions ask before an operation: each gathers its input (the
selection in the panels, a quick dialog) and calls one operation of ``ui.operations``,
or says in the status bar what is missing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from PySide6.QtWidgets import QDialog, QMessageBox

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.commands.combat import ground_counters, leftover_effects
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.actions import JOIN_KEY
from futurepath_desktop.ui.dialogs.amount_dialog import AmountDialog
from futurepath_desktop.ui.dialogs.combatant_dialog import CombatantDialog
from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog
from futurepath_desktop.ui.dialogs.fall_dialog import FallDialog
from futurepath_desktop.ui.dialogs.join_dialog import NEW_TEAM, JoinDialog
from futurepath_desktop.ui.dialogs.start_combat_dialog import StartCombatDialog
from futurepath_desktop.ui.operations import combat, conditions, health, library, roster
from futurepath_desktop.ui.window_settings import listed

if TYPE_CHECKING:
    from futurepath_desktop.session.state import Grenade, Session
    from futurepath_desktop.ui.main_window import MainWindow

PICK_COMBATANTS = (
    "Select one or more combatants first (click, Shift or Ctrl+click a team or its members)"
)
PICK_CONDITIONS = "Select a condition in the Condition Counters panel first"
MID_FIGHT_TEAM = (
    "A team cannot be added in the middle of combat: in the Counters phase, Join "
    f"({JOIN_KEY}) brings newcomers in as a new team"
)


def names(window: MainWindow, ids: list[str]) -> str:
    """One combatant's name, or how many and who."""
    people = [window.controller.session.combatants[i].name for i in ids]
    return people[0] if len(people) == 1 else f"{len(people)} combatants: {', '.join(people)}"


def targets(window: MainWindow) -> list[str] | None:
    """The selected combatants, or None (and a word in the status bar) if there are none."""
    ids = window.initiative.selected_ids()
    if not ids:
        window.say(PICK_COMBATANTS)
        return None
    return ids


def held_conditions(window: MainWindow, *, counted: bool = False) -> list[str]:
    """The selected counters; with none selected there, the one condition the combatants
    selected in the initiative hold (only ``counted`` ones: those with rounds left), if
    they hold exactly one; else none, and a word in the status bar."""
    held = window.counters.selected_ids()
    if held:
        return held
    bearers = set(window.initiative.selected_ids())
    theirs = [
        c.id
        for c in window.controller.session.conditions.values()
        if c.bearer_id in bearers and (c.remaining is not None or not counted)
    ]
    if len(theirs) == 1:
        return theirs
    window.say(PICK_CONDITIONS)
    return []


# --- health and conditions ---------------------------------------------------------------


def _amount(window: MainWindow, title: str, ids: list[str], *, source: bool) -> AmountDialog | None:
    """Ask how much (key, number, Enter); the accepted dialog, or None."""
    dialog = AmountDialog(title, names(window, ids), window, with_source=source)
    return dialog if dialog.exec() == QDialog.DialogCode.Accepted else None


def damage(window: MainWindow) -> None:
    """Damage the selection by an amount, from a source if named."""
    ids = targets(window)
    if ids is not None and (dialog := _amount(window, "Damage", ids, source=True)):
        health.damage(window.controller, ids, dialog.value(), dialog.source.text().strip())


def heal(window: MainWindow) -> None:
    """Heal the selection by an amount."""
    ids = targets(window)
    if ids is not None and (dialog := _amount(window, "Heal", ids, source=False)):
        health.heal(window.controller, ids, dialog.value())


def grant_temp_hp(window: MainWindow) -> None:
    """Give the selection an amount of temporary HP."""
    ids = targets(window)
    if ids is not None and (dialog := _amount(window, "Temporary HP", ids, source=False)):
        health.grant_temp_hp(window.controller, ids, dialog.value())


def fall(window: MainWindow) -> None:
    """Ask how far the selected combatants fall (R33)."""
    ids = targets(window)
    if ids is None:
        return
    dialog = FallDialog(names(window, ids), window)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        dialog.feet.interpretText()
        health.fall(window.controller, ids, dialog.feet.value(), dialog.soft.isChecked())


def add_condition(window: MainWindow) -> None:
    """Put a condition with its counter on the selection (C, a few letters, Enter)."""
    ids = targets(window)
    if ids is None:
        return
    dialog = ConditionDialog(names(window, ids), window, own=own_conditions(window))
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.name.text().strip():
        return
    key, name, rounds, note = dialog.choice()
    added = conditions.add_condition(
        window.controller, ids, key, rounds, note=note, name=name, recurring=dialog.recurring()
    )
    if added and key.startswith("custom:"):  # offered again, in this session and the next
        kept = [name] + [n for n in own_conditions(window) if n.lower() != name.lower()]
        window.settings.setValue(OWN_CONDITIONS, kept[:OWN_CONDITIONS_KEPT])


OWN_CONDITIONS, OWN_CONDITIONS_KEPT = "ownConditions", 20


def own_conditions(window: MainWindow) -> list[str]:
    """The GM's own conditions: those on someone in this session, then those added lately
    (kept in the settings, the latest first)."""
    held = [c.name for c in window.controller.session.conditions.values() if c.custom]
    return list(dict.fromkeys([*held, *listed(window.settings, OWN_CONDITIONS)]))


def change_counters(window: MainWindow, by: int) -> None:
    """Extend (``by`` 1) or shorten (-1) the selected counters by a round."""
    held = held_conditions(window, counted=True)
    if held:
        conditions.change_counters(window.controller, held, by)


def end_conditions(window: MainWindow) -> None:
    """End the selected conditions."""
    held = held_conditions(window)
    if held:
        conditions.end_conditions(window.controller, held)


# --- the fight ---------------------------------------------------------------------------


def start_combat(window: MainWindow) -> None:
    """Ask who is unaware (R11), then start."""
    if window.controller.session.combat.active:
        window.say("Combat is already running")
        return
    dialog = StartCombatDialog(window.controller.session, window)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        combat.start_combat(window.controller, dialog.unaware())


def next_phase(window: MainWindow) -> None:
    """Go on to the next phase; in the Action phase, with teams still to act (who would lose
    their turn), once the GM has said so (Enter goes on, Esc keeps the phase)."""
    waiting = combat.turns_lost_by_next_phase(window.controller)
    if waiting:
        names = " and ".join(waiting)
        buttons = QMessageBox.StandardButton
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Next phase",
            f"{names} have not acted this round. End the Action phase now, and their turn "
            "is lost?\n\n"
            "To go to the next team instead, use Next Turn.",
            buttons.Yes | buttons.Cancel,
            window,
        )
        box.setObjectName("nextPhasePrompt")
        box.button(buttons.Yes).setText("&End the Phase")
        box.setDefaultButton(buttons.Yes)
        if box.exec() != buttons.Yes:
            return
    combat.next_phase(window.controller)


def end_combat(window: MainWindow) -> None:
    """List the leftover effects (R14) and end, resolving them if the GM agrees."""
    session = window.controller.session
    if not session.combat.active:
        window.say("No combat is running")
        return
    leftovers = leftover_effects(session)
    counted = ground_counters(session)
    resolve = False
    if leftovers or session.grenades:
        lines = [
            f"• {e.bearer}: {e.name}, {n_rounds(e.rounds_left)} left"
            + (f" ({h.recurring.describe()})" if h.recurring else "")
            for e, h in zip(leftovers, counted, strict=True)
        ]
        lines += [
            f"• {grenade_words(session, g)}: goes off if resolved"
            for g in session.grenades.values()
        ]
        listed = "\n".join(lines)
        buttons = QMessageBox.StandardButton
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "End combat",
            f"These effects are still running:\n\n{listed}\n\n"  # R14
            "Resolve their remaining rounds now, or end the fight and leave them on their "
            "bearers with the rounds they have left?",
            buttons.Yes | buttons.No | buttons.Cancel,
            window,
        )
        box.setObjectName("endCombatPrompt")
        box.setDefaultButton(buttons.Yes)
        box.button(buttons.Yes).setText("&Resolve Now")
        box.button(buttons.No).setText("&Leave Them")
        answer = box.exec()
        if answer == buttons.Cancel:
            return
        resolve = answer == buttons.Yes
    combat.end_combat(window.controller, resolve)


def grenade_words(session: Session, pending: Grenade) -> str:
    """A waiting grenade as the End Combat question names it: where, what, whose."""
    from futurepath_desktop.session.map_rules import square_name

    thrower = session.combatants.get(pending.thrower_id or "")
    whose = f", thrown by {thrower.name}" if thrower is not None else ""
    return f"a grenade at {square_name((pending.x, pending.y))} ({pending.damage}){whose}"


def join(window: MainWindow) -> None:
    """Bring waiting combatants into the fight (R9), into a team or a new one."""
    session = window.controller.session
    if not any(not x.present for x in session.combatants.values()):
        window.say("Nobody is waiting to join: add a combatant first (it arrives waiting)")
        return
    combat_now = session.combat
    # Said before the dialog is filled in, not after (R9).
    if not combat_now.active:
        window.say("Start combat first: combatants join in a round's Counters phase")
        return
    if combat_now.phase != Phase.COUNTERS:
        now = Phase(combat_now.phase).label
        window.say(f"Combatants join in a round's Counters phase; it is now {now}")
        return
    dialog = JoinDialog(session, window, window.initiative.selected_ids())
    if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.joiners():
        return
    team_id = dialog.team.currentData()
    surprise = dialog.surprise.isChecked()
    joiners = dialog.joiners()
    if team_id == NEW_TEAM:
        name = dialog.new_name.text().strip() or "Newcomers"
        joined = combat.join(window.controller, joiners, new_team=name, surprise=surprise)
    else:
        joined = combat.join(window.controller, joiners, team_id=str(team_id), surprise=surprise)
    session = window.controller.session
    off_map = [i for i in joiners if i not in session.tokens]
    if joined and session.map is not None and off_map:
        # Chosen, so that a click on an empty square of the map puts the first one there.
        window.initiative.select(off_map)
        who = names(window, off_map)
        window.say(f"{who} joined, off the map: click an empty square to place the token", 15000)


# --- the roster --------------------------------------------------------------------------


def add_team(window: MainWindow) -> None:
    """Ask for a name, a side and a colour, and create a team: on the players' side when
    the session has no players' team yet, else among the enemies."""
    from futurepath_desktop.session.records import new_id
    from futurepath_desktop.session.state import Team
    from futurepath_desktop.ui.dialogs.team_dialogs import TeamDialog
    from futurepath_desktop.ui.operations.roster import team_colour

    session = window.controller.session
    if session.combat.active:  # said before the dialog, not after it has been filled in
        window.controller.failed.emit(MID_FIGHT_TEAM)
        return
    has_players = any(t.side == "players" for t in session.teams.values())
    draft = Team(
        id=new_id("team"),
        name="",
        colour=team_colour(session),
        side="enemies" if has_players else "players",
    )
    taken = [team.name for team in session.teams.values()]
    dialog = TeamDialog(draft, window, new=True, taken=taken)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    if roster.add_team(window.controller, msgspec.structs.replace(draft, **dialog.changes())):
        window.initiative.select([draft.id])  # chosen, and scrolled into sight


def add_combatant(window: MainWindow) -> None:
    """Create a combatant in place (in the selected one's team; a team first if none)."""
    if not window.controller.session.teams:
        add_team(window)
        if not window.controller.session.teams:
            return
    session = window.controller.session
    ids = window.initiative.selected_ids()
    team = session.combatants[ids[0]].team_id if ids else None
    dialog = CombatantDialog(session, team, window)
    if dialog.exec() == QDialog.DialogCode.Accepted:
        made = dialog.combatant()
        if roster.add_combatant(window.controller, made):
            window.initiative.select([made.id])  # chosen, and scrolled into sight


def remove_combatants(window: MainWindow) -> None:
    """Remove the selected combatants after asking."""
    ids = targets(window)
    if ids is None:
        return
    who = names(window, ids)
    question = f"Remove {who}?"
    also = roster.taken_along(window.controller, ids)
    if also:
        question += f"\n\nThis also takes away {also}. Undo brings everything back."
    if QMessageBox.question(window, "Remove", question) == QMessageBox.StandardButton.Yes:
        roster.remove_combatants(window.controller, ids)


def save_to_library(window: MainWindow) -> None:
    """Keep the selected combatants as templates for later fights."""
    ids = targets(window)
    if ids is not None and library.save_to_library(window.controller, window.library, ids):
        window.say(f"Saved {names(window, ids)} to the library")

"""The campaign from the window: the party kept in the prep library as it stands, a new
session or the next encounter started with it, a rest, and the players' sheets given back."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QFileDialog, QInputDialog, QMessageBox

from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.library import Template
from futurepath_desktop.ui.library_prompts import refreshed
from futurepath_desktop.ui.operations import library as ops

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def _campaign(window: MainWindow) -> Template | None:
    """The party of the session's campaign, as the library keeps it (or None)."""
    ident = window.controller.session.options.campaign
    if not ident:
        return None
    return next((t for t in window.library.entries("party") if t.id == ident), None)


def save_party(window: MainWindow, *, ask: bool = True) -> bool:
    """Keep the players' teams in the library as the campaign's party, as they stand. The
    first time, the GM names the campaign; the session remembers it."""
    from futurepath_desktop.session.commands.campaign import party_template

    session = window.controller.session
    kept = _campaign(window)
    if kept is None and not ask:
        return False
    if not any(t.side == "players" for t in session.teams.values()):
        if ask:
            window.say("No team is on the players' side: Roster ▸ Edit Team… sets a team's side")
        return False
    name = kept.name if kept is not None else ""
    if kept is None:
        name, ok = QInputDialog.getText(window, "Save party", "Campaign name:", text="")
        if not ok or not name.strip():
            return False
    try:
        party = party_template(session, name.strip(), kept.id if kept else None)
        window.library.save(party)
    except (CommandError, OSError) as error:
        QMessageBox.warning(window, "Save party", f"The party was not saved: {error}")
        return False
    if session.options.campaign != party.id:
        ops.set_campaign(window.controller, party.id, party.name)
    refreshed(window, party.id)
    members = sum(len(entry.members) for entry in party.teams)
    window.say(f"The party of {party.name} ({members}) is kept in the library")
    return True


def _choose_encounter(
    window: MainWindow, chosen: Template | None, title: str, *, with_party: bool = True
) -> tuple[Template, Template | None] | None:
    from futurepath_desktop.ui.dialogs.prep_dialogs import StartFromEncounterDialog

    encounters = window.library.entries("encounter")
    if not encounters:
        window.say("The library has no encounter yet: save one from the Prep Library")
        return None
    parties = window.library.entries("party")
    dialog = StartFromEncounterDialog(
        encounters,
        parties,
        chosen=chosen,
        campaign=window.controller.session.options.campaign,
        title=title,
        parent=window,
    )
    if not with_party:
        dialog.hide_party()
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    encounter = next(e for e in encounters if e.id == dialog.encounter.currentData())
    party = next((p for p in parties if p.id == dialog.party.currentData()), None)
    return encounter, party


def new_session(window: MainWindow, chosen: Template | None = None) -> None:
    """A new session from an encounter, with the campaign's party as the library keeps it."""
    from futurepath_desktop.session.state import Session

    picked = _choose_encounter(window, chosen, "New session from an encounter")
    if picked is None or not window.files.may_discard():
        return
    encounter, party = picked
    window.controller.replace(Session(name=encounter.name), None)
    ops.add_from_library(window.controller, encounter, None)
    if party is not None:
        ops.join_party(window.controller, party)
    window.say(f"New session: {encounter.name}" + (f" with {party.name}" if party else ""))


def next_encounter(window: MainWindow, chosen: Template | None = None) -> None:
    """Choose the next encounter; then end this fight (if one runs), keep the party as it
    stands in the campaign, and bring the encounter's teams in place of every team but the
    players'. Cancelling the choice changes nothing."""
    from futurepath_desktop.ui import prompts

    picked = _choose_encounter(window, chosen, "Next encounter", with_party=False)
    if picked is None:
        return
    encounter, _party = picked  # the party is the one in this session, as it stands
    if window.controller.session.combat.active:
        prompts.end_combat(window)
        if window.controller.session.combat.active:
            return
    save_party(window, ask=False)
    if ops.next_encounter(window.controller, encounter):
        window.say(f"Next encounter: {encounter.name}")


def rest(window: MainWindow) -> None:
    """The party (or whoever the GM ticks) rests; what comes back is the GM's choice."""
    from futurepath_desktop.ui.dialogs.prep_dialogs import RestDialog, ticked

    session = window.controller.session
    if session.combat.active:
        window.say("A rest comes between fights: end this one first")
        return
    dialog = RestDialog(session, window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    if ops.rest(
        window.controller,
        ticked(dialog.who),
        hp=dialog.hp.isChecked(),
        fatigue=dialog.fatigue.isChecked(),
        ammunition=dialog.ammunition.isChecked(),
        conditions=dialog.conditions.isChecked(),
    ):
        save_party(window, ask=False)


def export_sheets(window: MainWindow) -> None:
    """Give the selected player characters' sheets back with what the fight changed: one
    file for one character, a folder for several."""
    from futurepath_desktop.session.sheet_export import export_sheet
    from futurepath_desktop.session.sheet_file import NotASheetError
    from futurepath_desktop.session.store import atomic_write

    session = window.controller.session
    ids = window.initiative.selected_ids() or [c.id for c in session.combatants.values() if c.sheet]
    chosen = [session.combatants[i] for i in ids if session.combatants[i].sheet]
    if not chosen:
        window.say("Only characters imported from a sheet can be given their sheet back")
        return
    if len(chosen) == 1:
        name, _ = QFileDialog.getSaveFileName(
            window, "Export character sheet", f"{chosen[0].name}.json", "Character sheets (*.json)"
        )
        targets = [Path(name)] if name else []
    else:
        folder = QFileDialog.getExistingDirectory(window, "Export character sheets to")
        targets = [Path(folder) / f"{c.name}.json" for c in chosen] if folder else []
    written, problems = [], []
    for who, target in zip(chosen, targets, strict=False):
        keys = [h.key for h in session.conditions_on(who.id)]
        try:
            atomic_write(target, export_sheet(who.sheet.encode("utf-8"), who, keys))
            written.append(who.name)
        except (NotASheetError, OSError) as error:
            problems.append(f"{who.name}: {error}")
    if written:
        window.say(f"Exported the sheets of {', '.join(written)}")
    if problems:
        QMessageBox.warning(window, "Export character sheets", "\n".join(problems))

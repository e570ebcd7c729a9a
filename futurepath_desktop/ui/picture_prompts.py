"""Portraits: a picture for a combatant, chosen from a file."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.session.state import Combatant

if TYPE_CHECKING:
    from futurepath_desktop.session.change import Change
    from futurepath_desktop.ui.main_window import MainWindow

PICK_ONE = "Select one combatant first: the portrait is theirs"


def chosen_one(window: MainWindow) -> Combatant | None:
    """The one selected combatant, or None (and a word in the status bar)."""
    ids = window.initiative.selected_ids(expand_teams=False)
    if len(ids) != 1:
        window.say(PICK_ONE)
        return None
    return window.controller.session.combatants.get(ids[0])


def choose_portrait(window: MainWindow) -> bool:
    """Ask for a picture of the selected combatant; it is kept relative to the session file
    (as the map's background), so the session is saved first."""
    from PySide6.QtWidgets import QFileDialog

    from futurepath_desktop.ui.portraits import PICTURE_FILTER, session_folder

    combatant = chosen_one(window)
    if combatant is None:
        return False
    folder = session_folder(window.controller)
    if folder is None:
        window.controller.failed.emit(
            "Save the session first: the picture is kept relative to the session file"
        )
        return False
    chosen, _ = QFileDialog.getOpenFileName(
        window, f"Portrait of {combatant.name}", str(folder), PICTURE_FILTER
    )
    return bool(chosen) and set_portrait_file(window, combatant.id, chosen)


def set_portrait_file(window: MainWindow, ident: str, chosen: str) -> bool:
    """Make the picture file ``chosen`` a combatant's portrait (chosen or dropped)."""
    from futurepath_desktop.ui.operations import roster
    from futurepath_desktop.ui.portraits import kept_path

    relative = kept_path(window.controller, chosen)
    return relative is not None and roster.set_portrait(window.controller, ident, relative)


def clear_portrait(window: MainWindow) -> bool:
    """Take the selected combatant's portrait away (the picture file stays where it is)."""
    from futurepath_desktop.ui.operations import roster

    combatant = chosen_one(window)
    if combatant is None:
        return False
    return roster.set_portrait(window.controller, combatant.id, None)


def follow_selection(window: MainWindow) -> None:
    """Offer Set Portrait… only while one combatant is selected, and Remove Portrait only
    while that one has a portrait (the right-click menu leaves out the others)."""
    actions = window.actions_by_name
    choose, clear = actions["actionSetPortrait"], actions["actionRemovePortrait"]

    def update(*_: object) -> None:
        ids = window.initiative.selected_ids(expand_teams=False)
        one = window.controller.session.combatants.get(ids[0]) if len(ids) == 1 else None
        choose.setEnabled(one is not None)
        clear.setEnabled(one is not None and one.portrait is not None)

    def refit(change: Change) -> None:
        # Only what can change the answer: a portrait set or cleared, a combatant gone or
        # come (a selection that loses its combatant says so itself). Not every command:
        # reading the selection back costs a Next Turn half a millisecond.
        pictures = any("portrait" in f for f in change.fields.get("combatants", {}).values())
        if pictures or change.removed.get("combatants") or change.added.get("combatants"):
            update()
        if pictures:
            window.initiative.fit_columns()  # room for the picture beside the names

    window.initiative.selectionChanged.connect(update)
    window.controller.changed.connect(refit)
    window.controller.sessionReplaced.connect(update)
    update()

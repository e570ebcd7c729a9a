"""The window's side of the table's rhythm: what its actions (``ui.rhythm_rows``) call,
each given the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.ui.rhythm import rhythm_of

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def reminders(window: MainWindow) -> None:
    """The session's reminders, to add, change or remove (the selected combatant's turn
    is offered first)."""
    from futurepath_desktop.ui.dialogs.reminder_dialog import RemindersDialog

    selected = window.initiative.selected_ids(expand_teams=False)
    dialog = RemindersDialog(window.controller, selected[0] if selected else None, window)
    dialog.exec()


def toggle_timer(window: MainWindow) -> None:
    """Start the round timer, or stop it."""
    rhythm_of(window).toggle()


def reset_timer(window: MainWindow) -> None:
    rhythm_of(window).reset()
    window.say("The round timer is back at 0:00")


def clocks_for_players(window: MainWindow) -> None:
    """Show the round timer and the game time on the player view and the players' page,
    or keep them to the GM."""
    rhythm = rhythm_of(window)
    rhythm.show_to_players(not rhythm.players_see_clocks())

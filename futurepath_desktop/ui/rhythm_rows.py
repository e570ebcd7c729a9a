"""The actions table's rows for the table's rhythm: reminders, the round timer and the game
clock (``ui.team_actions.rows_for`` puts each in its menu). Plain data, like the rest of the
table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import COMBAT, VIEW, Action

ROWS: tuple[Action, ...] = (
    Action(
        "actionReminders",
        "Reminders…",
        "rhythm_prompts.reminders",
        ("Ctrl+Shift+M",),
        "Reminders at the start or end of a combatant's turn, or when a round begins",
        menu=COMBAT,
        section=4,
    ),
    Action(
        "actionRoundTimer",
        "Round Timer",
        "rhythm_prompts.toggle_timer",
        ("F8",),
        "Start or stop the round timer; a new round starts it again at 0:00",
        menu=VIEW,
        section=5,
        checkable=True,
    ),
    Action(
        "actionResetRoundTimer",
        "Reset Round Timer",
        "rhythm_prompts.reset_timer",
        tip="Set the round timer back to 0:00",
        menu=VIEW,
        section=5,
    ),
    Action(
        "actionClocksForPlayers",
        "Show Clocks to Players",
        "rhythm_prompts.clocks_for_players",
        tip="The round timer and the game time on the player view and the players' page",
        menu=VIEW,
        section=5,
        checkable=True,
    ),
)

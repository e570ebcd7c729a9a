"""The actions table's rows for combatants' portraits (``ui.team_actions.rows_for`` puts each in
its menu). Plain data, like the rest of the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import ROSTER, Action

ROWS: tuple[Action, ...] = (
    Action(
        "actionSetPortrait",
        "Set Portrait…",
        "picture_prompts.choose_portrait",
        tip="Choose a picture of the selected combatant, kept beside the session file",
        menu=ROSTER,
    ),
    Action(
        "actionRemovePortrait",
        "Remove Portrait",
        "picture_prompts.clear_portrait",
        tip="Take the selected combatant's picture away (the file stays)",
        menu=ROSTER,
    ),
)

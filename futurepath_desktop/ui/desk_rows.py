"""The actions table's rows for Help ▸ About and the report of an unexpected error
(``ui.team_actions.rows_for`` puts each in its menu). Plain data, like the rest of the
table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import HELP, Action

ROWS: tuple[Action, ...] = (
    Action(
        "actionAbout",
        "&About Future Path Desktop",
        "desk_prompts.show_about",
        tip="The version, the licences, and where the sessions and logs are kept",
        menu=HELP,
        section=1,
    ),
)

"""The actions table's rows for the players' page, a read-only web page served on the local
network (``ui.team_actions.rows_for`` puts each in its menu). Plain data, like the rest of
the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import VIEW, Action

ROWS: tuple[Action, ...] = (
    Action(
        "actionPlayersPage",
        "Players' Page…",
        "web_prompts.toggle_page",
        tip="Show the players' page on their phones or a TV: its link, its QR code, on or off",
        menu=VIEW,
        section=4,
    ),
)

"""The actions table's rows for the players' page, a read-only web page served on the local
network (``ui.team_actions.rows_for`` puts each in its menu). Plain data, like the rest of
the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import Action

ROWS: tuple[Action, ...] = ()

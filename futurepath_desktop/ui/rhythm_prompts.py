"""The window's side of the table's rhythm: reminders, the round timer and the game clock: what
its actions (``ui.rhythm_rows``) call, each given the main window."""

from __future__ import annotations

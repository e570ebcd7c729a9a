"""The window's side of Help ▸ About and the report of an unexpected error: what its actions
(``ui.desk_rows``) call, each given the main window."""

from __future__ import annotations

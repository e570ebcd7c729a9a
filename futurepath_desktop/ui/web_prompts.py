"""The window's side of the players' page, a read-only web page served on the local network:
what its actions (``ui.web_rows``) call, each given the main window."""

from __future__ import annotations

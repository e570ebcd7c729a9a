"""The window's side of the player view's screen, full screen and large type: what its actions
(``ui.screen_rows``) call, each given the main window."""

from __future__ import annotations

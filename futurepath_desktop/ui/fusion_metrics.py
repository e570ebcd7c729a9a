"""The few measures of the Fusion style the window needs before its first frame, written
down rather than asked for.

Asking a widget for its style hands Python the style object, and the bindings then build
every one of QStyle's enums (some seven hundred values) while the window is still being
made, which the GM waits for at every start. The app always draws with Fusion (see
``theme``), whose answers to these questions, asked without a style option as the window
asks them, are fixed numbers in device-independent pixels. ``tests/ui/test_fusion_metrics``
holds each one equal to what the style itself says, in both colour schemes.
"""

from __future__ import annotations

TITLE_BAR_HEIGHT = 24
"""``PM_TitleBarHeight``: a title bar (a docked panel's, and the guess for the window's)."""

SMALL_ICON_SIZE = 16
"""``PM_SmallIconSize``: the icon an item view draws in a cell (a team's colour)."""

FOCUS_FRAME_MARGIN = 2
"""``PM_FocusFrameHMargin``: the room each side of a cell's text for the focus frame."""

HEADER_MARGIN = 2
"""``PM_HeaderMargin``: the margin round a column title's text."""

DEFAULT_FRAME_WIDTH = 1
"""``PM_DefaultFrameWidth``: the frame inside which a tool button lays out its icon and
text (the round timer's button draws its own sign and text there)."""

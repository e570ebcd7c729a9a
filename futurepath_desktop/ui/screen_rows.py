"""The actions table's rows for the map's zoom, and for the player view's screen, full
screen and large type (``ui.team_actions.rows_for`` puts each in its menu). Plain data,
like the rest of the table."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import VIEW, Action

ROWS: tuple[Action, ...] = (
    *(
        Action(name, text, "keyboard.zoom_map", keys, tip, menu=VIEW, section=2, args=(step,))
        for name, text, keys, tip, step in (
            (
                "actionZoomMapIn",
                "Zoom the Map In",
                ("Ctrl+=", "Ctrl++"),
                "Bring the map forward and zoom in on the middle of its view (+ on the map)",
                1,
            ),
            (
                "actionZoomMapOut",
                "Zoom the Map Out",
                ("Ctrl+-",),
                "Bring the map forward and zoom out (− on the map)",
                -1,
            ),
            (
                "actionFitMap",
                "Fit the Whole Map",
                ("Ctrl+0",),
                "Bring the map forward and fit all of it in view (0 on the map)",
                0,
            ),
        )
    ),
    Action(
        "actionPlayerScreen",
        "Player View Screen…",
        "screen_prompts.choose_screen",
        tip="Choose the screen the players' window goes on",
        menu=VIEW,
        section=4,
    ),
    Action(
        "actionPlayerFullScreen",
        "Player View Full Screen",
        "screen_prompts.toggle_full_screen",
        ("F11",),
        "Show the players' window full screen, or back in a window",
        menu=VIEW,
        section=4,
        checkable=True,
    ),
    Action(
        "actionPlayerLargeType",
        "Player View Large Type",
        "screen_prompts.toggle_large_type",
        tip="Type on the players' window big enough to read across a table",
        menu=VIEW,
        section=4,
        checkable=True,
    ),
)

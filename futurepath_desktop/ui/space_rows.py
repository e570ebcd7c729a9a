"""The space fight's rows of the window's actions table (``ui.actions``): Combat ▸ Space,
so the bridge's steps, the volley and the scan have keys and a menu entry as well as
their buttons."""

from __future__ import annotations

from futurepath_desktop.ui.action_row import COMBAT, Action

SPACE = f"{COMBAT}/Space"

SPACE_ROWS: tuple[Action, ...] = (
    Action(
        "actionStartSpaceCombat",
        "Start Space Combat…",
        "ship_prompts.start_space",
        ("Ctrl+F5",),
        "Start the space fight on the bridge, choosing the ships that fire first unseen",
        menu=SPACE,
        section=6,
        when="space_idle",
    ),
    Action(
        "actionNextSpacePhase",
        "Next Space Phase",
        "ship_prompts.next_space_phase",
        ("Ctrl+Shift+P",),
        "Roll what the phase waits for, then open the next phase",
        menu=SPACE,
        section=6,
        when="space_fighting",
    ),
    Action(
        "actionEndSpaceCombat",
        "End Space Combat",
        "ship_prompts.end_space",
        ("Ctrl+Shift+F5",),
        menu=SPACE,
        section=6,
        when="space_fighting",
    ),
    Action(
        "actionFire",
        "Fire",
        "ship_prompts.fire",
        ("Ctrl+Shift+F",),
        "The Weapons Officer of the ship on the bridge fires as the console is set up",
        menu=SPACE,
        section=6,
        when="space_fighting",
    ),
    Action(
        "actionScan",
        "Scan the Target",
        "ship_prompts.scan",
        ("Ctrl+Shift+C",),
        "The Sensor Officer of the ship on the bridge scans the weapons console's target",
        menu=SPACE,
        section=6,
        when="space_fighting",
    ),
)
"""Combat ▸ Space."""

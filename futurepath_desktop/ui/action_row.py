"""One row of the window's actions table (``ui.actions``), and the menu bar's menus."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

When = Literal["", "idle", "fighting"]
"""When an action can be used: always, only out of combat, or only during one."""


@dataclass(frozen=True)
class Action:
    """One row of the table."""

    name: str
    """The QAction's objectName (tests and saved settings find actions by it)."""
    text: str
    handler: str
    """``owner.function``: ``window``, ``files`` or ``stack`` (a method of the main
    window, its file handler or the undo stack), ``keyboard``, ``player_window``,
    ``prompts``, ``team_prompts`` or ``turn_prompts`` (a function given the window), or a module of
    ``ui.operations`` (a function given the session controller)."""
    keys: tuple[str, ...] = ()
    """Written as Qt writes them (``QKeySequence.toString``), the first one the main."""
    tip: str = ""
    menu: str = ""
    """The menu it is in; ``Menu/Submenu`` for a submenu."""
    section: int = 0
    """Menus put a separator where the section changes."""
    bar: Literal["", "swap", "left", "right"] = ""
    """On the combat bar: ``swap`` shares the first place with the other ``swap`` one
    (only the one whose ``when`` holds is shown), ``left`` before the phase indicator,
    ``right`` at the bar's far end."""
    bar_text: str = ""
    """A shorter label for the bar (the menu's entry names what it will undo)."""
    when: When = ""
    checkable: bool = False
    args: tuple[str | int, ...] = ()
    """Given to the handler after the window or controller."""


MENUS = ("&File", "&Edit", "&Combat", "&Roster", "&View", "&Help")
"""The menu bar, left to right."""

FILE, EDIT, COMBAT, ROSTER, VIEW, HELP = MENUS

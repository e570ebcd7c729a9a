"""One row of the window's actions table (``ui.actions``), and the menu bar's menus."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from msgspec import Struct

if TYPE_CHECKING:
    from futurepath_desktop.session.state import Session

When = Literal["", "idle", "fighting", "space_idle", "space_fighting"]
"""When an action can be used: always, only out of combat or only during one, only while
no space fight runs or only during one."""


def holds(when: When, session: Session) -> bool:
    """Whether an action used ``when`` can be used in ``session`` as it stands."""
    if when in ("space_idle", "space_fighting"):
        return session.space.round.active == (when == "space_fighting")
    return not when or session.combat.active == (when == "fighting")


class Action(Struct, frozen=True, gc=False):
    """One row of the table. A Struct, not a frozen dataclass: the table's hundred rows are
    made at every start, and a dataclass has its methods compiled anew each time and sets
    every field of every row one by one."""

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
    one_of: str = ""
    """Checkable actions with the same ``one_of`` are choices of one thing: checking
    one unchecks the others, and menus mark them as such."""
    args: tuple[str | int, ...] = ()
    """Given to the handler after the window or controller."""


MENUS = ("&File", "&Edit", "&Combat", "&Roster", "&View", "&Help")
"""The menu bar, left to right."""

FILE, EDIT, COMBAT, ROSTER, VIEW, HELP = MENUS

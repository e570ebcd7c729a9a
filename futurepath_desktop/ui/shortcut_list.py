"""The keyboard's shortcuts as the GM reads them: every key of the actions table
(``ui.actions``), in its order, then the map's own keys. The shortcuts dialog and
docs/shortcuts.md show this list."""

from __future__ import annotations

from futurepath_desktop.ui.actions import ACTIONS

MAP_KEYS: tuple[tuple[str, str], ...] = (
    ("1", "Map tool: Move"),
    ("2", "Map tool: Ruler"),
    ("3", "Map tool: Terrain brush"),
    ("4", "Map tool: Template"),
    ("5", "Map tool: Grenade"),
    ("6", "Map tool: Fog"),
    ("7", "Map tool: Zone"),
    ("0", "Map tool: fit the whole map in view"),
)
"""The map's own keys, which work while it has the focus (its dock makes those actions;
a test holds these rows to them)."""


def plain(text: str) -> str:
    """An action's text without its mnemonic's ampersand."""
    return text.replace("&", "")


def shortcut_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for every action with a key, in the table's order, then the
    map's keys."""
    rows = [(", ".join(a.keys), plain(a.text)) for a in ACTIONS if a.keys]
    return rows + list(MAP_KEYS)

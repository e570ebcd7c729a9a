"""Named item-data roles shared by the models and their views.

A role that Python code reads back with ``index.data(role)`` must never answer None for a
valid index (see HEALTH_ROLE in the initiative model): PySide6 6.12 on Python 3.11 drops
a reference to None on that path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import Qt

ID_ROLE = int(Qt.ItemDataRole.UserRole) + 1
"""The stable id of the team, combatant, condition or log entry behind a row."""
KIND_ROLE = int(Qt.ItemDataRole.UserRole) + 2
"""``"team"`` or ``"combatant"`` in the initiative tree."""
HEALTH_ROLE = int(Qt.ItemDataRole.UserRole) + 3
"""For the health column: (fraction 0..1, text, state) where state is good/hurt/bad/none."""
SORT_ROLE = int(Qt.ItemDataRole.UserRole) + 5
"""A value to sort or filter on, where the display text will not do."""

# Qt's own roles as plain ints: a model's data() compares against these hundreds of times
# per repaint, and an int comparison is cheaper than reaching into Qt.ItemDataRole.
DISPLAY = int(Qt.ItemDataRole.DisplayRole)
DECORATION = int(Qt.ItemDataRole.DecorationRole)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
FONT = int(Qt.ItemDataRole.FontRole)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)


def fill_slots(slots: Iterable[Any], answer: Callable[[int], Any]) -> None:
    """Fill a view's ask for several roles of a cell at once (``multiData``'s role data
    span) with ``answer(role)`` for each. A view hands the same slots from cell to cell,
    so a slot with no answer is cleared: left alone, it would keep the last cell's (its
    colour swatch, its bold font)."""
    for slot in slots:
        value = answer(slot.role())
        if value is None:
            slot.clearData()
        else:
            slot.setData(value)

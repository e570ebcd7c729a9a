"""Named item-data roles shared by the models and their views."""

from __future__ import annotations

from PySide6.QtCore import Qt

ID_ROLE = int(Qt.ItemDataRole.UserRole) + 1
"""The stable id of the team, combatant, condition or log entry behind a row."""
KIND_ROLE = int(Qt.ItemDataRole.UserRole) + 2
"""``"team"`` or ``"combatant"`` in the initiative tree."""
HEALTH_ROLE = int(Qt.ItemDataRole.UserRole) + 3
"""For the health column: (fraction 0..1, text, state) where state is good/hurt/bad/none."""
ACTING_ROLE = int(Qt.ItemDataRole.UserRole) + 4
"""True on the acting team and its members."""
SORT_ROLE = int(Qt.ItemDataRole.UserRole) + 5
"""A value to sort or filter on, where the display text will not do."""

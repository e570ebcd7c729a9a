"""The dialog a new visibility zone (R31) asks: its name (a fresh "Zone N" unless the GM
types another) and how much it lets the combatants see."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QWidget,
)

from futurepath_desktop.session.records.kinds import NAME_MAX

LEVELS = ("Poor visibility", "Terrible visibility", "No vision")
"""The zone levels 1 to 3, in the order the dialog offers them."""
NAME_LENGTH = NAME_MAX  # the longest name a session file keeps for an area


def default_zone_name(names: Iterable[str]) -> str:
    """The first "Zone N" no zone on the map is called yet, counting on from the zones
    there are: the second zone is "Zone 2"."""
    taken = {name.strip().casefold() for name in names}
    number = len(taken) + 1
    while f"zone {number}" in taken:
        number += 1
    return f"Zone {number}"


class ZoneDialog(QDialog):
    """Name and visibility of a zone being drawn."""

    def __init__(self, default_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Visibility zone")
        self.setObjectName("zoneDialog")
        self.default_name = default_name
        self.name = QLineEdit(default_name)
        self.name.setObjectName("zoneName")
        self.name.setMaxLength(NAME_LENGTH)
        self.name.selectAll()  # typing replaces the default
        self.level = QComboBox()
        self.level.setObjectName("zoneVisibility")
        self.level.addItems(list(LEVELS))
        self.level.setCurrentIndex(1)
        form = QFormLayout(self)
        form.addRow("Name", self.name)
        form.addRow("Visibility", self.level)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def chosen(self) -> tuple[str, int]:
        """The name (the default if left blank) and the level, 1 to 3."""
        name = " ".join(self.name.text().split()) or self.default_name
        return name, self.level.currentIndex() + 1

"""FallDialog: how far the selected combatants fall, and whether onto soft ground (R33)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDialog, QLabel, QWidget

from futurepath_desktop.session.commands.health import MAX_FALL_FT
from futurepath_desktop.ui.dialogs import form, ok_cancel
from futurepath_desktop.ui.widgets.number_box import NumberBox


class FallDialog(QDialog):
    """The height, with the focus at once (``F 30 Enter``), and soft ground."""

    def __init__(self, who: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "fallDialog", "Fall", 300)
        layout.addRow(QLabel(who))
        self.feet = NumberBox()
        self.feet.setObjectName("fallFeet")
        self.feet.setRange(0, MAX_FALL_FT)
        self.feet.setSingleStep(10)
        self.feet.setSuffix(" ft")
        self.feet.setValue(10)
        layout.addRow("Height", self.feet)
        self.soft = QCheckBox("Onto soft ground (half the dice)")
        self.soft.setObjectName("fallSoft")
        layout.addRow(self.soft)
        note = QLabel("1d6 for each full 10 ft, and prone after any damage.")
        note.setWordWrap(True)
        layout.addRow(note)
        layout.addRow(ok_cancel(self))
        self.feet.selectAll()
        self.feet.setFocus()

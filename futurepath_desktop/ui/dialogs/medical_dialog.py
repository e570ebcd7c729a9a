"""The Medical Officer's care for one crew member: hit points healed, a condition ended,
or both, as one step."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QWidget

from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.ui.dialogs import choices, form, ok_cancel, spin_box


class MedicalDialog(QDialog):
    """How the Medical Officer treats ``patient``: ``amount()`` healed and the condition
    ``condition_id()`` ended (None: none). OK waits for one of them."""

    def __init__(self, session: Session, patient: Combatant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "medicalDialog", f"Medical Officer: {patient.name}", 380)
        wounds = patient.max_hp - patient.hp
        layout.addRow("", QLabel(f"{patient.name} has {patient.hp} of {patient.max_hp} HP"))
        self.heal = spin_box("medicalHeal", 0, 1000, value=min(5, max(0, wounds)), suffix=" HP")
        layout.addRow("Heal", self.heal)
        held = [c for c in session.conditions.values() if c.bearer_id == patient.id]
        self.condition = choices(
            "medicalCondition",
            [
                ("No condition", None),
                *((f"{c.name} (from {c.source})" if c.source else c.name, c.id) for c in held),
            ],
        )
        self.condition.setEnabled(bool(held))
        layout.addRow("End", self.condition)
        self.buttons = ok_cancel(self, "Treat")
        layout.addRow(self.buttons)
        self.heal.valueChanged.connect(self._check)
        self.condition.currentIndexChanged.connect(self._check)
        self._check()

    def amount(self) -> int:
        """The hit points to heal."""
        return self.heal.value()

    def condition_id(self) -> str | None:
        """The condition to end, if any."""
        data = self.condition.currentData()
        return None if data is None else str(data)

    def _check(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.amount() > 0 or self.condition_id() is not None)

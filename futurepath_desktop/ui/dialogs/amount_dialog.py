"""AmountDialog: type a number, press Enter: damage, healing or temporary HP for the
selected combatants."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)


class AmountDialog(QDialog):
    """A spin box that has the focus at once, so ``D 7 Enter`` deals 7 damage."""

    def __init__(
        self, title: str, who: str, parent: QWidget | None = None, *, with_source: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("amountDialog")
        self.setWindowTitle(title)
        layout = QFormLayout(self)
        layout.addRow(QLabel(who))
        self.amount = QSpinBox()
        self.amount.setObjectName("amountSpin")
        self.amount.setRange(0, 100_000)
        self.amount.setValue(0)
        layout.addRow("Amount", self.amount)
        self.source = QLineEdit()
        self.source.setPlaceholderText("e.g. fall, fire, the GM")
        if with_source:
            layout.addRow("Source", self.source)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)
        self.amount.selectAll()
        self.amount.setFocus()

    def value(self) -> int:
        """The amount typed."""
        return self.amount.value()

"""AmountDialog: type a number, press Enter: damage, healing or temporary HP for the
selected combatants."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from futurepath_desktop.ui.dialogs import ok_cancel


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
        layout.addRow(ok_cancel(self))
        self.amount.selectAll()
        self.amount.setFocus()

    def value(self) -> int:
        """The amount typed."""
        return self.amount.value()

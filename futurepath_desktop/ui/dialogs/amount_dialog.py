"""AmountDialog: type a number, press Enter: damage, healing or temporary HP for the
selected combatants."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from futurepath_desktop.ui.dialogs import ok_cancel, problem_line, say_problem

MAX_AMOUNT = 100_000


FIELD_NAMES = {"Damage": "Damage", "Heal": "Healing", "Temporary HP": "Temporary HP"}


class AmountSpin(QSpinBox):
    """A spin box that keeps what it cannot read as typed, so that it can be refused with a
    message: a plain spin box drops the letters of ``2d6`` and is left holding 26."""

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, text, pos = super().validate(text, pos)
        if state == QValidator.State.Invalid and text.strip():
            state = QValidator.State.Intermediate
        return state, text, pos

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter on words it cannot read goes to the dialog as they are (which refuses
        them), not after the spin box has put its last number back."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not self.hasAcceptableInput():
            event.ignore()
            return
        super().keyPressEvent(event)


class AmountDialog(QDialog):
    """A spin box that has the focus at once, so ``D 7 Enter`` deals 7 damage. A minus sign
    or a dice expression is kept as typed and refused with a message (``-5`` is not 5
    damage, and ``2d6`` not 26)."""

    def __init__(
        self, title: str, who: str, parent: QWidget | None = None, *, with_source: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("amountDialog")
        self.setWindowTitle(title)
        self.setMinimumWidth(280)
        self.title = title
        layout = QFormLayout(self)
        layout.addRow(QLabel(who))
        self.amount = AmountSpin()
        self.amount.setObjectName("amountSpin")
        # Negative numbers can be typed so that they can be refused, not quietly turned
        # into their positive value by a spin box that cannot hold them.
        self.amount.setRange(-MAX_AMOUNT, MAX_AMOUNT)
        self.amount.setValue(0)
        # What the number is, so that Damage and Heal do not look alike but for the title.
        layout.addRow(FIELD_NAMES.get(title, "Amount"), self.amount)
        self.source = QLineEdit()
        self.source.setPlaceholderText("e.g. fall, fire, the GM")
        if with_source:
            layout.addRow("Source", self.source)
        self.buttons: QDialogButtonBox = ok_cancel(self)
        layout.addRow(self.buttons)
        # What is wrong goes under the buttons: the dialog grows at its foot for it, and
        # OK stays where the GM's mouse is going.
        holder, self.problem = problem_line("amountProblem")
        self.problem.hide()
        layout.addRow(holder)
        self.amount.valueChanged.connect(self._check)
        self.amount.lineEdit().textEdited.connect(self._check)
        self.amount.selectAll()
        self.amount.setFocus()

    def why_not(self) -> str:
        """What is wrong with the amount typed ("" when nothing is)."""
        text = self.amount.cleanText().strip()
        if text and not text.lstrip("+-").isdigit():
            return (
                f"“{text}” is not a number of points. To roll them, use the dice box "
                "under the log (Ctrl+R), then type the total here."
            )
        if text.startswith("-") or self.amount.value() < 0:
            instead = " To heal, use Heal." if self.title == "Damage" else ""
            return f"{self.title} cannot be negative.{instead}"
        if text and int(text) > MAX_AMOUNT:  # a spin box would quietly take its most
            return f"{int(text):,} is more than the most at once, {MAX_AMOUNT:,}."
        return ""

    def _check(self, *_: object) -> None:
        say_problem(self, self.problem, self.buttons, self.why_not())

    def accept(self) -> None:
        """Close only on an amount that can be dealt."""
        if not self.why_not():
            self.amount.interpretText()
        self._check()
        if not self.why_not():
            super().accept()

    def value(self) -> int:
        """The amount typed."""
        return self.amount.value()

"""ConditionDialog: pick a condition by typing the start of its name (or a new name for a
custom one) and its rounds; ``C s t Enter`` puts Stunned for its default round."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QCompleter,
    QDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from futurepath_desktop.core.conditions import CATALOG, ConditionDef
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.dialogs import ok_cancel


def match(text: str) -> ConditionDef | None:
    """The catalog condition whose name starts with ``text`` (first alphabetically)."""
    wanted = text.strip().lower()
    if not wanted:
        return None
    exact = [c for c in CATALOG.values() if c.name.lower() == wanted]
    if exact:
        return exact[0]
    found = sorted(
        (c for c in CATALOG.values() if c.name.lower().startswith(wanted)), key=lambda c: c.name
    )
    return found[0] if found else None


class ConditionDialog(QDialog):
    """Condition name with completion, rounds, and a note."""

    def __init__(self, who: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("conditionDialog")
        self.setWindowTitle("Add condition")
        layout = QFormLayout(self)
        layout.addRow(QLabel(who))
        self.name = QLineEdit()
        self.name.setObjectName("conditionName")
        self.name.setPlaceholderText("Stunned, Prone, … or a new name")
        completer = QCompleter(sorted(c.name for c in CATALOG.values()), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        self.name.setCompleter(completer)
        layout.addRow("Condition", self.name)
        self.rounds = QSpinBox()
        self.rounds.setObjectName("conditionRounds")
        self.rounds.setRange(0, 1000)
        self.rounds.setSpecialValueText("default")
        layout.addRow("Rounds", self.rounds)
        self.until_removed = QCheckBox("Lasts until removed")
        layout.addRow(self.until_removed)
        self.note = QLineEdit()
        self.note.setPlaceholderText("optional")
        layout.addRow("Note", self.note)
        self.hint = QLabel("")
        self.hint.setObjectName("conditionHint")
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addRow(self.hint)
        self._make_room()
        self.name.textChanged.connect(self._show_hint)
        # Enter in the name field picks the completion and closes: C, s, t, Enter.
        self.name.returnPressed.connect(self._enter)
        layout.addRow(ok_cancel(self))
        self.name.setFocus()

    def _make_room(self) -> None:
        """A width for a sentence, and a description box as tall as the longest one in the
        catalog needs: no description is cut, and the dialog does not jump as you type."""
        metrics = self.hint.fontMetrics()
        width = metrics.averageCharWidth() * 52
        self.hint.setFixedWidth(width)
        tallest = max(
            metrics.boundingRect(
                QRect(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), self.hint_for(entry)
            ).height()
            for entry in CATALOG.values()
        )
        self.hint.setMinimumHeight(tallest + metrics.lineSpacing() // 2)

    @staticmethod
    def hint_for(found: ConditionDef) -> str:
        """What the dialog says about a catalog condition."""
        rounds = f" Default: {n_rounds(found.default_rounds)}." if found.default_rounds else ""
        return f"{found.name}: {found.summary}{rounds}"

    def _enter(self) -> None:
        if self.name.text().strip():
            self.accept()

    def _show_hint(self, text: str) -> None:
        found = match(text)
        if found is None:
            self.hint.setText(f"A custom condition: {text.strip()}" if text.strip() else "")
            return
        self.hint.setText(self.hint_for(found))

    def choice(self) -> tuple[str, str, int | None, str]:
        """(catalog key or ``custom:…``, name, rounds or None for the default, note)."""
        text = self.name.text().strip()
        found = match(text)
        rounds: int | None = self.rounds.value() or None
        if self.until_removed.isChecked():
            rounds = None
        if found is not None:
            return found.key, found.name, rounds, self.note.text()
        return f"custom:{text}", text, rounds, self.note.text()

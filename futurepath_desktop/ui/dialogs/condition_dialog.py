"""ConditionDialog: pick a condition by typing the start of its name (or a new name for a
custom one) and its rounds; ``C s t Enter`` puts Stunned for its default round."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from futurepath_desktop.core.conditions import CATALOG, CUSTOM_NAME_MAX, ConditionDef
from futurepath_desktop.session.file_checks import dice_problem
from futurepath_desktop.session.records import Recurring
from futurepath_desktop.session.records.combat import ABILITY_WORDS
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.dialogs import ok_cancel, problem_line, say_problem
from futurepath_desktop.ui.widgets.number_box import NumberBox


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

    def __init__(self, who: str, parent: QWidget | None = None, *, own: Sequence[str] = ()) -> None:
        """``own``: names of the GM's own conditions used before, offered with the book's."""
        super().__init__(parent)
        self.setObjectName("conditionDialog")
        self.setWindowTitle("Add condition")
        layout = QFormLayout(self)
        layout.addRow(QLabel(who))
        self.name = QLineEdit()
        self.name.setObjectName("conditionName")
        self.name.setMaxLength(CUSTOM_NAME_MAX)  # the longest name of one's own
        self.name.setPlaceholderText("Pick or type a name")
        book = {c.name.lower() for c in CATALOG.values()}
        others = {n.lower(): n for n in own if n.strip() and n.lower() not in book}
        names = sorted([c.name for c in CATALOG.values()] + list(others.values()), key=str.lower)
        # Typed with completion, or picked from the list with the mouse.
        self.choices = QComboBox()
        self.choices.setObjectName("conditionChoices")
        self.choices.setEditable(True)
        self.choices.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.choices.setLineEdit(self.name)
        self.choices.addItems(names)
        self.choices.setCurrentIndex(-1)
        self.choices.setMaxVisibleItems(len(CATALOG))  # more scroll: the popup fits a laptop
        completer = QCompleter(names, self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setCompletionMode(QCompleter.CompletionMode.InlineCompletion)
        self.name.setCompleter(completer)
        layout.addRow("Condition", self.choices)
        self.rounds = NumberBox()
        self.rounds.setObjectName("conditionRounds")
        self.rounds.setRange(0, 1000)
        self.rounds.setSpecialValueText("default")
        layout.addRow("Rounds", self.rounds)
        self.until_removed = QCheckBox("Lasts until removed")
        layout.addRow(self.until_removed)
        self.note = QLineEdit()
        self.note.setPlaceholderText("optional")
        layout.addRow("Note", self.note)
        self._each_round(layout)
        self.hint = QLabel("")
        self.hint.setObjectName("conditionHint")
        self.hint.setWordWrap(True)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addRow(self.hint)
        self._make_room()
        self.name.textChanged.connect(self._show_hint)
        # Enter in the name field picks the completion and closes: C, s, t, Enter.
        self.name.returnPressed.connect(self._enter)
        holder, self.problem = problem_line("conditionProblem")
        self.problem.setVisible(False)
        layout.addRow(holder)
        self.buttons = ok_cancel(self)
        layout.addRow(self.buttons)
        self.damage.textChanged.connect(self._check)
        self.name.textChanged.connect(self._own_damage)
        self.name.textChanged.connect(self._check)
        self.rounds.valueChanged.connect(self._check)
        self.until_removed.toggled.connect(self._check)
        # The box and the rounds say the same: rounds given untick it, ticking it takes
        # the rounds back to the default, and a condition picked shows its own default.
        self.rounds.valueChanged.connect(self._rounds_given)
        self.until_removed.toggled.connect(self._until_removed)
        self._check()
        self.name.setFocus()

    def _each_round(self, layout: QFormLayout) -> None:
        """R55: what the counter does each round it moves: damage, and a check that avoids it."""
        self.damage = QLineEdit()
        self.damage.setObjectName("conditionDamage")
        self.damage.setMaxLength(80)
        self.damage.setPlaceholderText("none, or e.g. 1d4")
        # Wide enough for its hint whole, beside the choice of what it hurts.
        hint = self.damage.fontMetrics().horizontalAdvance(self.damage.placeholderText())
        self.damage.setMinimumWidth(hint + 2 * self.damage.fontMetrics().averageCharWidth() + 12)
        self.damage_to = QComboBox()
        self.damage_to.setObjectName("conditionDamageTo")
        self.damage_to.addItem("to HP", "hp")
        for ability, word in ABILITY_WORDS.items():
            self.damage_to.addItem(f"to {word}", ability)
        row = QHBoxLayout()
        row.addWidget(self.damage, 1)
        row.addWidget(self.damage_to)
        layout.addRow("Damage each round", row)
        self.save = QComboBox()
        self.save.setObjectName("conditionSave")
        self.save.addItem("no check", None)
        for ability, word in ABILITY_WORDS.items():
            self.save.addItem(f"{word} check", ability)
        self.dc = NumberBox()
        self.dc.setObjectName("conditionDc")
        self.dc.setRange(1, 100)
        self.dc.setValue(15)
        self.dc.setPrefix("DC ")
        checks = QHBoxLayout()
        checks.addWidget(self.save, 1)
        checks.addWidget(self.dc)
        layout.addRow("Avoided by", checks)
        self.save.currentIndexChanged.connect(
            lambda: self.dc.setEnabled(self.save.currentData() is not None)
        )
        self.dc.setEnabled(False)

    def _own_damage(self) -> None:
        """A condition of the catalog that deals its own damage each turn (Bleeding,
        Burning) takes no more: the field says what it deals, and is shut."""
        found = match(self.name.text())
        own = found.effects.damage_per_turn if found is not None else None
        for field in (self.damage, self.damage_to, self.save):
            field.setEnabled(own is None)
        if own is not None:
            self.damage.clear()
            self.save.setCurrentIndex(0)
        self.damage.setPlaceholderText(f"its own {own}" if own is not None else "none, or e.g. 1d4")

    def _check(self) -> None:
        """OK waits for a condition's name, and for damage that reads as dice (or none):
        an OK that added nothing would close the dialog without a word. What is wrong
        with the damage is said under the fields."""
        text = self.damage.text().strip()
        found = match(self.name.text())
        default = found.default_rounds if found is not None else None
        counted = not self.until_removed.isChecked() and bool(self.rounds.value() or default)
        problem = ""
        wrong = dice_problem(text) if text else ""
        if wrong:  # the reader's words: a typo and a thousand dice are told apart
            problem = f"Damage each round: {wrong}. Write it like 1d4 or 2d6+1."
        elif text and not counted:  # R55: it is dealt as the counter ticks
            problem = "Damage each round needs a counter: give the condition a number of rounds."
        say_problem(self, self.problem, self.buttons, problem)
        named = bool(self.name.text().strip())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not problem and named)
        ok.setToolTip("" if named else "Pick or type the condition's name first")

    def recurring(self) -> Recurring | None:
        """R55: the damage each round and the check that avoids it, or None."""
        text = self.damage.text().strip()
        if not text:
            return None
        return Recurring(
            text, self.damage_to.currentData(), self.save.currentData(), self.dc.value()
        )

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
        """What the dialog says about a catalog condition, and what its "default" rounds are."""
        rounds = (
            f" Default: {n_rounds(found.default_rounds)}."
            if found.default_rounds
            else " By default it lasts until removed."
        )
        return f"{found.name}: {found.summary}{rounds}"

    def _enter(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if self.name.text().strip() and ok.isEnabled():
            self.accept()

    def _rounds_given(self, rounds: int) -> None:
        if rounds:
            self.until_removed.setChecked(False)

    def _until_removed(self, on: bool) -> None:
        if on:
            self.rounds.setValue(0)

    def _show_hint(self, text: str) -> None:
        found = match(text)
        if not self.rounds.value():  # the default's: until removed unless it has rounds
            self.until_removed.setChecked(found is None or not found.default_rounds)
        if found is None:
            own = f"A condition of your own: {text.strip()}. It lasts until removed unless "
            self.hint.setText(f"{own}you give it rounds." if text.strip() else "")
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

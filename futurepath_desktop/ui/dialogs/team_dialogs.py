"""Quick dialogs for a team and for the session's rules: a team's name, colour and side;
a GM's adjustment of a team's initiative (R8); the rule options (R40)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QGroupBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.numbering import free_name
from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import Options, Team
from futurepath_desktop.session.wording import possessive
from futurepath_desktop.ui.dialogs import form, ok_cancel, problem_line, say_problem, text_field
from futurepath_desktop.ui.widgets.number_box import NumberBox

SIDES = (
    ("players", "Players"),
    ("allies", "Allies"),
    ("enemies", "Enemies"),
    ("neutral", "Neutral"),
)
"""A team's side, as the file keeps it and as the window says it."""


class TeamDialog(QDialog):
    """A team's name, colour and side."""

    def __init__(
        self,
        team: Team,
        parent: QWidget | None = None,
        *,
        new: bool = False,
        taken: Iterable[str] = (),
    ) -> None:
        super().__init__(parent)
        layout = form(self, "teamDialog", "New team" if new else "Edit team", 320)
        self.team = team
        self.taken = [name for name in taken if name != team.name]  # the other teams'
        self.name = text_field("teamName", NAME_MAX, text=team.name)
        layout.addRow("Name", self.name)
        holder, self.problem = problem_line("teamProblem", "A team needs a name.")
        layout.addRow(holder)
        self.side = QComboBox()
        self.side.setObjectName("teamSide")
        for key, words in SIDES:
            self.side.addItem(words, key)
        self.side.setCurrentIndex(self.side.findData(team.side))
        layout.addRow("Side", self.side)
        self.colour = QColor(team.colour)
        self.colour_button = QPushButton()
        self.colour_button.setObjectName("teamColour")
        self.colour_button.setAutoDefault(False)  # Enter is OK, not another colour
        self.colour_button.clicked.connect(self._pick_colour)
        self._show_colour()
        layout.addRow("Colour", self.colour_button)
        self.buttons = ok_cancel(self)
        layout.addRow(self.buttons)
        self.name.textChanged.connect(self._check)
        self._check()
        self.name.selectAll()
        self.name.setFocus()

    def why_not(self) -> str:
        """What keeps the team from being made or renamed ("" when nothing does)."""
        if not self.name.text().strip():
            return "A team needs a name."
        other = free_name(self.taken, self.name.text())
        return f"That name is taken: call this one {other}." if other is not None else ""

    def _check(self, *_: object) -> None:
        say_problem(self, self.problem, self.buttons, self.why_not())

    def accept(self) -> None:
        """Close only on a name the team can have."""
        if not self.why_not():
            super().accept()

    def _pick_colour(self) -> None:
        chosen = QColorDialog.getColor(self.colour, self, "Team colour")
        if chosen.isValid():
            self.colour = chosen
            self._show_colour()

    def _show_colour(self) -> None:
        self.colour_button.setText(self.colour.name())
        swatch = self.colour_button.fontMetrics().height()
        pixmap = QPixmap(swatch, swatch)
        pixmap.fill(self.colour)
        self.colour_button.setIcon(QIcon(pixmap))

    def changes(self) -> dict[str, Any]:
        """What differs from the team as it is (nothing: an empty dict)."""
        wanted = {
            "name": self.name.text().strip(),
            "side": self.side.currentData(),
            "colour": self.colour.name(),
        }
        return {k: v for k, v in wanted.items() if v != getattr(self.team, k)}


class InitiativeDialog(QDialog):
    """A team's new initiative and why (R8: fixed for the combat unless the GM says)."""

    def __init__(self, team: Team, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "initiativeDialog", "Adjust initiative", 320)
        layout.addRow(QLabel(f"{possessive(team.name)} initiative is {team.initiative}."))
        self.value = NumberBox()
        self.value.setObjectName("initiativeSpin")
        self.value.setRange(-100_000, 100_000)
        self.value.setValue(team.initiative or 0)
        layout.addRow("New initiative", self.value)
        self.reason = text_field("initiativeReason", 2000, "e.g. a member joined late")
        layout.addRow("Why", self.reason)
        layout.addRow(ok_cancel(self))
        self.value.selectAll()
        self.value.setFocus()


VITALITY = (
    ("future-path", "Hit points", "HP and Constitution damage, as in Future Path"),
    ("health-fatigue", "Health and Fatigue", "a Health track and Fatigue, as in the second text"),
)
COVER = (
    (
        "disadvantage",
        "Cover is a disadvantage",
        "attacks against a target in cover are rolled with a disadvantage",
    ),
    ("defense-bonus", "Cover raises AC", "a target in cover gets a bonus to its AC"),
)
INITIATIVE = (
    (
        "modifiers",
        "From the DEX and WIS modifiers",
        "an initiative score is the DEX modifier + the WIS modifier + MISC, as the character "
        "sheet computes it",
    ),
    (
        "scores",
        "From the DEX and WIS scores",
        "an initiative score is the DEX score + the WIS score + MISC, as the chapter reads; "
        "a fight already running keeps its team initiatives",
    ),
)


class RuleOptionsDialog(QDialog):
    """The session's rule options: how health is kept, how cover counts, how an initiative
    score is made, and whether a condition lowers its team's initiative."""

    def __init__(
        self, options: Options, parent: QWidget | None = None, *, fighting: bool = False
    ) -> None:
        super().__init__(parent)
        self.setObjectName("ruleOptionsDialog")
        self.setWindowTitle("Rule options")
        self.options = options
        layout = QVBoxLayout(self)
        self.vitality = self._choice(layout, "Health", VITALITY, options.vitality, "vitality")
        if fighting:  # each rule keeps its own track: the other has none of the fight's damage
            box = self.vitality.parent()
            assert isinstance(box, QGroupBox)
            box.setTitle("Health (changes between fights, once combat has ended)")
            box.setEnabled(False)
        self.cover = self._choice(layout, "Cover", COVER, options.cover, "cover")
        self.initiative = self._choice(
            layout, "Initiative", INITIATIVE, options.initiative, "initiative"
        )
        self.conditions = QCheckBox("Each condition a member has lowers its team's initiative by 1")
        self.conditions.setObjectName("conditionsLowerInitiative")
        self.conditions.setChecked(options.condition_lowers_team_initiative)
        layout.addWidget(self.conditions)
        note = QLabel("A change is one step: Undo puts the old rules back.")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(ok_cancel(self))

    def _choice(
        self,
        layout: QVBoxLayout,
        title: str,
        choices: tuple[tuple[str, str, str], ...],
        current: str,
        name: str,
    ) -> QButtonGroup:
        box = QGroupBox(title)
        inner = QVBoxLayout(box)
        group = QButtonGroup(box)
        for n, (key, words, tip) in enumerate(choices):
            button = QRadioButton(words)
            button.setObjectName(f"{name}-{key}")
            button.setToolTip(tip[0].upper() + tip[1:])
            button.setChecked(key == current)
            group.addButton(button, n)
            inner.addWidget(button)
        layout.addWidget(box)
        return group

    def chosen(self) -> Options:
        """The options as the dialog has them."""
        import msgspec

        return msgspec.structs.replace(
            self.options,
            vitality=VITALITY[self.vitality.checkedId()][0],
            cover=COVER[self.cover.checkedId()][0],
            initiative=INITIATIVE[self.initiative.checkedId()][0],
            condition_lowers_team_initiative=self.conditions.isChecked(),
        )

"""CombatantDialog: create a combatant in place, with the stats the rules read."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from futurepath_desktop.core.advantage import ADVANTAGE_LADDER
from futurepath_desktop.session.numbering import free_name
from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import Abilities, Combatant, Session, WeaponSpec, new_id
from futurepath_desktop.ui.dialogs import ok_cancel, problem_line, say_problem
from futurepath_desktop.ui.widgets.number_box import NumberBox

ABILITY_FIELDS = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


def spin(low: int, high: int, value: int) -> QSpinBox:
    """A spin box with a range and a starting value."""
    box = NumberBox.within(low, high)
    box.setValue(value)
    return box


class CombatantDialog(QDialog):
    """Name, team, abilities, AC, health, Advantage Die and a first weapon."""

    def __init__(
        self, session: Session, team_id: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("combatantDialog")
        self.setWindowTitle("New combatant")
        self.session = session
        layout = QFormLayout(self)
        self.name = QLineEdit()
        self.name.setObjectName("combatantName")
        self.name.setMaxLength(NAME_MAX)  # what the file takes
        self.name.setPlaceholderText("Name (needed)")
        layout.addRow("Name", self.name)
        holder, self.problem = problem_line("combatantProblem", "A new combatant needs a name.")
        layout.addRow(holder)
        self.kind = QComboBox()
        for label, value in (("NPC", "npc"), ("Monster", "monster"), ("Player character", "pc")):
            self.kind.addItem(label, value)
        layout.addRow("Kind", self.kind)
        self.team = QComboBox()
        for team in session.teams.values():
            self.team.addItem(team.name, team.id)
        if team_id is not None and self.team.findData(team_id) >= 0:
            self.team.setCurrentIndex(self.team.findData(team_id))
        layout.addRow("Team", self.team)
        grid = QGridLayout()
        self.abilities: dict[str, QSpinBox] = {}
        for i, name in enumerate(ABILITY_FIELDS):
            box = spin(0, 99, 10)
            self.abilities[name] = box
            grid.addWidget(QLabel(name[:3].upper()), 0, i)
            grid.addWidget(box, 1, i)
        layout.addRow(grid)
        self.ac = spin(0, 60, 12)
        layout.addRow("AC", self.ac)
        self.hp = spin(1, 100_000, 12)
        layout.addRow("HP / Health", self.hp)
        self.misc = spin(-50, 50, 0)
        layout.addRow("Initiative MISC", self.misc)
        self.advantage = QComboBox()
        self.advantage.addItems(list(ADVANTAGE_LADDER))
        layout.addRow("Advantage Die", self.advantage)
        self.weapon = QLineEdit("Claws")
        self.weapon.setMaxLength(NAME_MAX)
        layout.addRow("Weapon", self.weapon)
        self.level = spin(0, 8, 2)
        layout.addRow("Weapon level", self.level)
        self.ranged = QCheckBox("Ranged")
        self.range_ft = spin(0, 10_000, 0)
        self.range_ft.setSuffix(" ft increment")
        layout.addRow(self.ranged, self.range_ft)
        self.range_ft.setEnabled(False)  # a range increment for a ranged weapon only
        self.ranged.toggled.connect(self.range_ft.setEnabled)
        self.aware = QCheckBox("Aware when combat starts")
        self.aware.setChecked(True)
        layout.addRow(self.aware)
        self.buttons = ok_cancel(self)
        layout.addRow(self.buttons)
        self.name.textChanged.connect(self._check)
        self._check()
        self.name.setFocus()

    def why_not(self) -> str:
        """What keeps the combatant from being made ("" when nothing does)."""
        if not self.name.text().strip():
            return "A new combatant needs a name."
        other = free_name((c.name for c in self.session.combatants.values()), self.name.text())
        if other is not None:
            return f"That name is taken: call this one {other}."
        if self.team.currentData() is None:
            return "Make a team first: a combatant belongs to a team."
        return ""

    def _check(self, *_: object) -> None:
        say_problem(self, self.problem, self.buttons, self.why_not())

    def accept(self) -> None:
        """Close only on a combatant that can be made."""
        self._check()
        if not self.why_not():
            super().accept()

    def combatant(self) -> Combatant:
        """The combatant as entered (waiting to join if combat is running, R9)."""
        hp = self.hp.value()
        ranged = self.ranged.isChecked()
        weapon = WeaponSpec(
            self.weapon.text().strip() or "Unarmed",
            self.level.value(),
            ranged=ranged,
            range_increment_ft=max(self.range_ft.value(), 10) if ranged else 0,
        )
        return Combatant(
            id=new_id("cmb"),
            name=self.name.text().strip(),
            team_id=str(self.team.currentData()),
            kind=self.kind.currentData(),
            abilities=Abilities(**{k: box.value() for k, box in self.abilities.items()}),
            ac=self.ac.value(),
            max_hp=hp,
            hp=hp,
            max_health=hp,
            health=hp,
            advantage_die=self.advantage.currentText(),  # type: ignore[arg-type]
            initiative_misc=self.misc.value(),
            weapons=(weapon,),
            proficiencies=("all weapons",),
            aware=self.aware.isChecked(),
            present=not self.session.combat.active,
        )

"""PowerDialog: a power as its user uses it (R39): range, area and where it is centred,
a listed target or everyone inside, damage or healing, how long it lasts, and the action
it spends."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from futurepath_desktop.core.actions import ACTIONS
from futurepath_desktop.session.commands.powers import MAX_POWER_FT
from futurepath_desktop.session.file_checks import dice_problem
from futurepath_desktop.session.map_rules import square_name
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.ui import dialogs
from futurepath_desktop.ui.dialogs import choices, form, ok_cancel, spin_box, text_field

SQUARE = re.compile(r"^\s*([A-Za-z]{1,3})\s*(\d{1,4})\s*$")
DIRECTIONS = (
    ("east", (1, 0)),
    ("south-east", (1, 1)),
    ("south", (0, 1)),
    ("south-west", (-1, 1)),
    ("west", (-1, 0)),
    ("north-west", (-1, -1)),
    ("north", (0, -1)),
    ("north-east", (1, -1)),
)


def parse_square(text: str) -> tuple[int, int] | None:
    """A square as the map names it ("O5": column letters, row number), or None."""
    found = SQUARE.match(text)
    if found is None:
        return None
    column = 0
    for letter in found.group(1).upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    row = int(found.group(2))
    return (column - 1, row - 1) if row >= 1 else None


class PowerDialog(QDialog):
    """The power's name with the focus at once, then its range, area, target and effect."""

    def __init__(self, session: Session, user: Combatant, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "powerDialog", f"{user.name} uses a power", 400)
        self.user = user
        self.name = text_field("powerName", 120, "e.g. Fireball")
        layout.addRow("Power", self.name)
        self.range = spin_box(
            "powerRange", -5, MAX_POWER_FT, step=5, suffix=" ft", special="no range"
        )
        layout.addRow("Range", self.range)
        shapes = (("No area", None), ("Burst", "burst"), ("Cone", "cone"), ("Line", "line"))
        self.shape = choices("powerShape", shapes)
        self.area_size = spin_box("powerSize", 5, MAX_POWER_FT, value=10, step=5, suffix=" ft")
        layout.addRow("Area", self.shape)
        layout.addRow("Size", self.area_size)
        token = session.tokens.get(user.id)
        here = square_name(token.square) if token else ""
        self.centre = text_field("powerSquare", 8, "e.g. O5", here)
        layout.addRow("Centred on", self.centre)
        self.direction = choices("powerDirection", DIRECTIONS)
        layout.addRow("Pointing", self.direction)
        present = [(c.name, c.id) for c in session.combatants.values() if c.present]
        self.target = choices("powerTarget", [("Everyone in the area", None), *present])
        layout.addRow("Target", self.target)
        self.damage = text_field("powerDamage", 80, "e.g. 3d6, or empty")
        layout.addRow("Damage", self.damage)
        self.heal = text_field("powerHeal", 80, "e.g. 2d4, or empty")
        layout.addRow("Healing", self.heal)
        self.rounds = spin_box("powerRounds", 0, 1000, special="instant")
        layout.addRow("Lasts", self.rounds)
        spends = [(n, n) for n in ("Class Attack Talent", "Use a Feat or Talent") if n in ACTIONS]
        self.action = choices("powerAction", [("No action", ""), *spends])
        layout.addRow("Spends", self.action)
        holder, self.problem = dialogs.problem_line("powerProblem")
        self.problem.hide()
        layout.addRow(holder)
        self.buttons = ok_cancel(self, "Use")
        layout.addRow(self.buttons)
        self.grid = session.map
        for field in (self.name, self.damage, self.heal, self.centre):
            field.textChanged.connect(self._check)
        for box in (self.shape, self.target):
            box.currentIndexChanged.connect(self._check)
        self.range.valueChanged.connect(self._check)
        self._check()
        self.name.setFocus()

    def _check(self) -> None:
        """R39, as it is filled in: an area without a range is centred on the user, one
        with a range on a square of the map; without an area the power takes its listed
        target (the user alone, without a range). Use waits for a name, dice that read as
        dice and the square, and what keeps it waiting is said under the fields."""
        has_area = self.shape.currentData() is not None
        ranged = self.range.value() >= 0
        self.area_size.setEnabled(has_area)
        self.centre.setEnabled(has_area and ranged)
        self.direction.setEnabled(self.shape.currentData() in ("cone", "line"))
        everyone = (
            "Everyone in the area"
            if has_area
            else "Choose its target"
            if ranged
            else f"{self.user.name} alone"
        )
        self.target.setItemText(0, everyone)
        dialogs.say_problem(self, self.problem, self.buttons, self.why_not(has_area, ranged))

    def why_not(self, has_area: bool, ranged: bool) -> str:
        if not self.name.text().strip():
            return "Name the power first."
        for what, field in (("Damage", self.damage), ("Healing", self.heal)):
            wrong = dice_problem(field.text().strip()) if field.text().strip() else ""
            if wrong:
                return f"{what}: {wrong}. Write it like 3d6."
        if has_area and ranged:
            square = parse_square(self.centre.text())
            if square is None:
                return "Centred on: type a square of the map, like O5."
            if self.grid is not None and not self.grid.inside(square):
                size = f"{self.grid.width}×{self.grid.height}"
                return f"Centred on: {square_name(square)} is off the {size} map."
        if not has_area and ranged and self.target.currentData() is None:
            return "A power with a range and no area needs its target."
        return ""

    def details(self) -> dict[str, Any]:
        """The power as the dialog has it: the fields of ``UsePower`` after its user and name."""
        shape = self.shape.currentData()
        ranged = self.range.value() >= 0  # without a range, an area is on its user (R39)
        square = parse_square(self.centre.text()) if shape is not None and ranged else None
        dx, dy = self.direction.currentData()
        return dict(
            range_ft=None if self.range.value() < 0 else self.range.value(),
            shape=shape,
            size_ft=self.area_size.value() if shape is not None else 0,
            x=square[0] if square else None,
            y=square[1] if square else None,
            dx=dx,
            dy=dy,
            target_id=self.target.currentData(),
            damage=self.damage.text().strip(),
            heal=self.heal.text().strip(),
            rounds=self.rounds.value() or None,
            action=self.action.currentData() or "",
        )

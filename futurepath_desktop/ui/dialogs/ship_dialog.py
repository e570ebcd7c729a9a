"""ShipDialog: make a ship or change one in one go: its name, side (R56), size and what
that size can take (R45, R59), hard points, mods and notes, and who holds each crew
position (R41): a combatant of the session, an NPC by name, or nobody."""

from __future__ import annotations

import msgspec
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.numbering import name_clash
from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import CrewSlot, PositionName, Session, Ship, new_id
from futurepath_desktop.session.wording import sentence
from futurepath_desktop.ui.bridge.ship_cards import MODS as CARD_MODS
from futurepath_desktop.ui.dialogs import (
    choices,
    form,
    ok_cancel,
    problem_line,
    say_problem,
    spin_box,
    text_field,
)
from futurepath_desktop.ui.dialogs.team_dialogs import SIDES

MODS = tuple(name for name, _ in CARD_MODS)
NOBODY = "— nobody —"
NAME_LIMIT = NAME_MAX
"""As the file keeps a name (and a crew member's NPC name)."""


class ShipDialog(QDialog):
    """A ship's particulars and crew; ``ship()`` is the ship as filled in."""

    def __init__(self, session: Session, ship: Ship | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        title = "New ship" if ship is None else f"Edit {ship.name}"
        layout = form(self, "shipDialog", title, 520)
        self.original = ship or Ship(new_id("ship"), "New ship", side="enemies", size="medium")
        old = self.original
        self.name = text_field("shipName", NAME_LIMIT, "The ship's name", old.name)
        layout.addRow("Name", self.name)
        self.side = choices("shipSide", ((words, key) for key, words in SIDES))
        self.side.setCurrentIndex(self.side.findData(old.side))
        layout.addRow("Side", self.side)
        self.size_box = choices("shipSize", ((s.title(), s) for s in rules.SIZES))
        self.size_box.setCurrentIndex(self.size_box.findData(old.size))
        self.capacity = QLabel()
        self.capacity.setObjectName("shipCapacity")
        layout.addRow("Size", self.size_box)
        layout.addRow("", self.capacity)
        self.hard_points = spin_box("shipHardPoints", 0, 40, value=old.hard_points)
        layout.addRow("Hard points", self.hard_points)
        mods = QGridLayout()
        self.mods = {}
        for at, name in enumerate(MODS):
            box = spin_box(f"shipMod{name.title()}", -10, 10, value=getattr(old, name))
            self.mods[name] = box
            mods.addWidget(QLabel(name.title()), at // 3, (at % 3) * 2)
            mods.addWidget(box, at // 3, (at % 3) * 2 + 1)
        layout.addRow("Mods", mods)
        self.notes = text_field("shipNotes", 2000, "optional", old.notes)
        layout.addRow("Notes", self.notes)
        self.crew = self._crew_box(session, old, layout)
        # Two ships never share a name: said as it is typed, not after OK has closed this.
        self.taken = [s.name for s in session.ships.values() if s.id != old.id]
        holder, self.problem = problem_line("shipProblem")
        self.problem.hide()
        layout.addRow(holder)
        self.buttons = ok_cancel(self, "Add ship" if ship is None else "Save")
        layout.addRow(self.buttons)
        self.name.textChanged.connect(self._check)
        self.size_box.currentIndexChanged.connect(self._show_capacity)
        self._show_capacity()
        self._check()
        self.name.setFocus()
        self.name.selectAll()

    def _crew_box(
        self, session: Session, ship: Ship, layout: QFormLayout
    ) -> dict[rules.Position, QComboBox]:
        """Each position: a combatant, an NPC's name typed in, or nobody."""
        group = QGroupBox("Crew")
        rows = QFormLayout(group)
        crew = {}
        for position in rules.Position:
            combo = QComboBox()
            combo.setObjectName(f"shipCrew{position.name.title()}")
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.addItem(NOBODY, None)
            for combatant in session.combatants.values():
                combo.addItem(combatant.name, combatant.id)
            typed = combo.lineEdit()
            if typed is not None:
                typed.setMaxLength(NAME_LIMIT)
                typed.setPlaceholderText("a combatant, or an NPC's name")
            slot = ship.crew.get(position.value)
            if slot is None:
                combo.setCurrentIndex(0)
            elif slot.combatant_id is not None and combo.findData(slot.combatant_id) >= 0:
                combo.setCurrentIndex(combo.findData(slot.combatant_id))
            else:
                combo.setCurrentIndex(-1)
                combo.setEditText(slot.name)
            rows.addRow(position.label, combo)
            crew[position] = combo
        layout.addRow(group)
        return crew

    def _show_capacity(self) -> None:
        size = str(self.size_box.currentData())
        held = rules.capacity(size)
        self.capacity.setText(
            f"Takes {held} Battle Damage before it is adrift"
            if held
            else "No capacity: its first Battle Damage blows it up"
        )

    def _check(self) -> None:
        name = self.name.text().strip()
        clash = name_clash("ship", self.taken, name, self.original.name) if name else ""
        say_problem(self, self.problem, self.buttons, sentence(clash))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(name) and not clash)

    def slot(self, position: rules.Position) -> CrewSlot | None:
        """Who holds ``position`` as filled in (None: nobody)."""
        combo = self.crew[position]
        text = combo.currentText().strip()
        if not text or text == NOBODY:
            return None
        at = combo.findText(text)
        ident = combo.itemData(at) if at >= 0 else None
        if ident is not None:
            return CrewSlot(str(ident), "")
        return CrewSlot(None, text[:NAME_LIMIT])

    def ship(self) -> Ship:
        """The ship as the dialog has it."""
        crew: dict[PositionName, CrewSlot] = {}
        for position in rules.Position:
            slot = self.slot(position)
            if slot is not None:
                crew[position.value] = slot
        return msgspec.structs.replace(
            self.original,
            name=self.name.text().strip()[:NAME_LIMIT],
            side=self.side.currentData(),
            size=self.size_box.currentData(),
            hard_points=self.hard_points.value(),
            notes=self.notes.text(),
            crew=crew,
            **{name: box.value() for name, box in self.mods.items()},
        )

    def changes(self) -> tuple[tuple[str, object], ...]:
        """What differs from the ship the dialog opened on, field by field."""
        new, old = self.ship(), self.original
        return tuple(
            (name, getattr(new, name))
            for name in Ship.__struct_fields__
            if getattr(new, name) != getattr(old, name)
        )

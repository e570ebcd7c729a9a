"""The prep library's quick dialogs: save teams as an encounter, choose an encounter (and
the party) to start from, choose what a rest restores, and edit a template."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QListWidget,
    QListWidgetItem,
    QWidget,
)

from futurepath_desktop.core.dice import DIE_LADDER
from futurepath_desktop.session.library import Template
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.dialogs import (
    choices,
    form,
    ok_cancel,
    ok_only_when,
    spin_box,
    text_field,
)
from futurepath_desktop.ui.widgets.row_ticks import tick_by_row

NAME_MAX = 120
W = TypeVar("W", bound=QWidget)


def named(widget: W, name: str) -> W:
    """``widget`` with its objectName set (tests and screen readers find it by it)."""
    widget.setObjectName(name)
    return widget


def tick_box(text: str, name: str, checked: bool = False) -> QCheckBox:
    """A tick box, named, ticked or not."""
    box = named(QCheckBox(text), name)
    box.setChecked(checked)
    return box


def checked_list(name: str, items: list[tuple[str, str, bool]]) -> QListWidget:
    """A list of (words, id, ticked) rows, each with a tick box."""
    found = QListWidget()
    found.setObjectName(name)
    for words, ident, ticked in items:
        item = QListWidgetItem(words)
        item.setData(Qt.ItemDataRole.UserRole, ident)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
        found.addItem(item)
    tick_by_row(found)
    found.setMaximumHeight(min(220, 28 + 24 * len(items)))
    return found


def ticked(found: QListWidget) -> list[str]:
    """The ids of the ticked rows, in order."""
    rows = (found.item(i) for i in range(found.count()))
    return [
        str(r.data(Qt.ItemDataRole.UserRole))
        for r in rows
        if r.checkState() == Qt.CheckState.Checked
    ]


class SaveEncounterDialog(QDialog):
    """A name and the teams to keep (every team but the players' ticked at first)."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "saveEncounterDialog", "Save encounter", 380)
        self.name = text_field("encounterName", NAME_MAX, "e.g. Den of Space Bears")
        self.teams = checked_list(
            "encounterTeams",
            [
                (f"{t.name} ({len(session.members(t.id))})", t.id, t.side != "players")
                for t in session.teams.values()
            ],
        )
        layout.addRow("Name", self.name)
        layout.addRow("Teams", self.teams)
        buttons = ok_cancel(self, "Save")
        ok_only_when(buttons, self.name, lambda: bool(self.name.text().strip()))
        layout.addRow(buttons)


class StartFromEncounterDialog(QDialog):
    """An encounter, and the party that meets it (or none)."""

    def __init__(
        self,
        encounters: list[Template],
        parties: list[Template],
        *,
        chosen: Template | None = None,
        campaign: str = "",
        title: str = "Next encounter",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        layout = form(self, "startFromEncounterDialog", title, 380)
        self.encounter = choices("encounterChoice", [(e.name, e.id) for e in encounters])
        if chosen is not None and self.encounter.findData(chosen.id) >= 0:
            self.encounter.setCurrentIndex(self.encounter.findData(chosen.id))
        self.party = choices("partyChoice", [("No party", ""), *((p.name, p.id) for p in parties)])
        if campaign and self.party.findData(campaign) >= 0:
            self.party.setCurrentIndex(self.party.findData(campaign))
        layout.addRow("Encounter", self.encounter)
        layout.addRow("Party", self.party)
        self._layout = layout
        buttons = ok_cancel(self, "Start")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(encounters))
        layout.addRow(buttons)

    def hide_party(self) -> None:
        """For the next encounter: the party is the session's own, as it stands."""
        self._layout.setRowVisible(self.party, False)
        self.party.setCurrentIndex(0)


class RestDialog(QDialog):
    """Who rests (the party ticked at first) and what the rest restores."""

    def __init__(self, session: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "restDialog", "Rest", 360)
        players = {t.id for t in session.teams.values() if t.side == "players"}
        self.who = checked_list(
            "restWho",
            [(c.name, c.id, c.team_id in players) for c in session.combatants.values()],
        )
        health = "Health" if session.options.health_fatigue else "HP"
        self.hp = tick_box(f"{health} to the maximum", "restHp", True)
        self.fatigue = tick_box("Fatigue to none", "restFatigue", True)
        self.ammunition = tick_box("Ammunition to full", "restAmmunition", True)
        self.conditions = tick_box("End their conditions", "restConditions")
        layout.addRow("Who rests", self.who)
        for box in (self.hp, self.fatigue, self.ammunition, self.conditions):
            layout.addRow(box)
        layout.addRow(ok_cancel(self, "Rest"))


class TemplateDialog(QDialog):
    """A template's name and notes; a combatant's HP, AC, Advantage Die, speed and
    initiative bonus too."""

    def __init__(self, template: Template, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = form(self, "templateDialog", f"Edit {template.name}", 380)
        self.name = text_field("templateName", NAME_MAX, text=template.name)
        layout.addRow("Name", self.name)
        who = template.combatant
        self.numbers = {}
        if who is not None:
            self.numbers = {
                "max_hp": ("Maximum HP", spin_box("templateHp", 1, 100_000, value=who.max_hp)),
                "ac": ("AC", spin_box("templateAc", 0, 100, value=who.ac)),
                "speed_ft": (
                    "Speed",
                    spin_box("templateSpeed", 0, 1000, value=who.speed_ft, step=5, suffix=" ft"),
                ),
                "initiative_misc": (
                    "Initiative bonus",
                    spin_box("templateInitiative", -20, 20, value=who.initiative_misc),
                ),
            }
            for label, box in self.numbers.values():
                layout.addRow(label, box)
            self.die = choices("templateDie", [(d, d) for d in DIE_LADDER])
            self.die.setCurrentIndex(max(0, self.die.findData(who.advantage_die)))
            layout.addRow("Advantage Die", self.die)
        self.notes = text_field("templateNotes", 2000, text=template.notes)
        layout.addRow("Notes", self.notes)
        buttons = ok_cancel(self, "Save")
        ok_only_when(buttons, self.name, lambda: bool(self.name.text().strip()))
        layout.addRow(buttons)

    def changes(self) -> dict[str, object]:
        """What the combatant of the template becomes (its HP full at the new maximum)."""
        found: dict[str, object] = {k: box.value() for k, (_, box) in self.numbers.items()}
        if "max_hp" in found:
            found.update(hp=found["max_hp"], max_health=found["max_hp"], health=found["max_hp"])
            found["advantage_die"] = self.die.currentData()
        return found

"""WeaponsModel: the weapons of the combatant in the inspector, one row each (the list's
line, then its fields). It follows the change report: nothing unless the combatant in
view was added, removed or had its weapons changed; then the changed rows, or a reset
when the count of weapons changed (a weapon has no id to follow it by)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.state import Session, WeaponSpec
from futurepath_desktop.ui.models.roles import DISPLAY, SORT_ROLE, TOOLTIP
from futurepath_desktop.ui.undo import SessionController

Index = QModelIndex | QPersistentModelIndex

COLUMNS = (
    "Weapon",
    "Name",
    "Level",
    "Kind",
    "Range (ft)",
    "Accuracy +",
    "Damage +",
    "Critical on",
    "Critical ×",
    "Reach",
    "Ammunition",
)
LINE, NAME, LEVEL, KIND = range(4)
NUMBER_FIELDS = (
    "range_increment_ft",
    "accuracy_bonus",
    "damage_bonus",
    "crit_min",
    "crit_multiplier",
    "reach",
    "ammo",
)
"""The fields of the columns after Kind, in order."""
_ANSWERED = frozenset({DISPLAY, TOOLTIP, SORT_ROLE})


def describe(weapon: WeaponSpec) -> str:
    """One line of the list: "Silenced pistol (level 3, ranged 30 ft, 12 shots)"."""
    kind = f"ranged {weapon.range_increment_ft} ft" if weapon.ranged else "melee"
    shots = "" if weapon.ammo is None else f", {weapon.ammo} shot(s)"
    technique = {"full-round": ", technique", "standard": ", technique (Standard)"}.get(
        weapon.technique, ""
    )
    ap = ", AP" if weapon.armor_piercing else ""
    return f"{weapon.name} (level {weapon.level}, {kind}{ap}{technique}{shots})"


class WeaponsModel(QAbstractTableModel):
    """The weapons of one combatant (``show_combatant``); none when nobody is shown."""

    def __init__(self, controller: SessionController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.combatant_id: str | None = None
        self._count = 0  # the rows the views know of
        controller.changed.connect(self.on_change)
        controller.sessionReplaced.connect(self.reset)

    @property
    def session(self) -> Session:
        """The open session."""
        return self.controller.session

    def weapons(self) -> tuple[WeaponSpec, ...]:
        """The shown combatant's weapons, as the session holds them."""
        combatant = self.session.combatants.get(self.combatant_id or "")
        return combatant.weapons if combatant is not None else ()

    def weapon(self, row: int) -> WeaponSpec | None:
        """The weapon of a row."""
        weapons = self.weapons()
        return weapons[row] if 0 <= row < min(self._count, len(weapons)) else None

    def show_combatant(self, combatant_id: str | None) -> None:
        """Show another combatant's weapons."""
        if combatant_id != self.combatant_id:
            self.combatant_id = combatant_id
            self.reset()

    def reset(self) -> None:
        """Read the rows again."""
        self.beginResetModel()
        self._count = len(self.weapons())
        self.endResetModel()

    def on_change(self, change: Change) -> None:
        """Follow a change of the shown combatant's weapons, and nothing else."""
        ident = self.combatant_id
        if ident is None:
            return
        if ident in change.added.get("combatants", ()) or ident in change.removed.get(
            "combatants", ()
        ):
            self.reset()
            return
        if "weapons" not in change.changed_fields("combatants", ident):
            return
        if len(self.weapons()) != self._count:
            self.reset()
        elif self._count:
            self.dataChanged.emit(self.index(0, 0), self.index(self._count - 1, len(COLUMNS) - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == DISPLAY
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    @staticmethod
    def value(weapon: WeaponSpec, column: int) -> str | int | None:
        """A cell's value: text for the line, name and kind, a number for the rest."""
        if column == LINE:
            return describe(weapon)
        if column == NAME:
            return weapon.name
        if column == LEVEL:
            return weapon.level
        if column == KIND:
            return "ranged" if weapon.ranged else "melee"
        number: int | None = getattr(weapon, NUMBER_FIELDS[column - KIND - 1])
        return number

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if role not in _ANSWERED or not index.isValid():
            return None
        weapon = self.weapon(index.row())
        if weapon is None:
            return None
        value = self.value(weapon, index.column())
        if role == SORT_ROLE:
            return -1 if value is None else value
        if value is None:
            return "none"  # no ammunition needed
        return value if role == DISPLAY else str(value)

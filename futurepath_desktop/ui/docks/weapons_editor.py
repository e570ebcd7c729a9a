"""WeaponsEditor: a combatant's weapons as a list of names and, for the chosen one, its
fields two to a row, so that it fits a narrow inspector without a sideways scroll bar.
The list shows a ``WeaponsModel``, which follows the session's changes itself."""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import WeaponSpec
from futurepath_desktop.ui.models.weapons_model import LINE, WeaponsModel, describe
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.widgets.number_box import NumberBox

__all__ = ["NO_AMMO", "WeaponsEditor", "WeaponsList", "describe"]

NO_AMMO = -1  # the ammunition box's value for a weapon that needs none
TECHNIQUE = (
    ("no", "No"),
    ("full-round", "Whole turn"),
    ("standard", "Standard action"),
)
"""R49: what using the weapon spends."""

# (caption, field, lowest, highest), as the file format bounds them
NUMBERS = (
    ("Level", "level", 0, 8),
    ("Range (ft)", "range_increment_ft", 0, 10_000),
    ("Accuracy +", "accuracy_bonus", -1000, 1000),
    ("Damage +", "damage_bonus", -1000, 1000),
    ("Critical on", "crit_min", 17, 20),
    ("Critical ×", "crit_multiplier", 2, 4),
    ("Reach +", "reach", 0, 10),
    ("Ammunition", "ammo", NO_AMMO, 1000),
)


class WeaponsList(QListView):
    """The weapons' lines, three lines tall; long lines wrap instead of hiding behind a
    sideways scroll bar."""

    def __init__(self, model: WeaponsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("weaponsList")
        self.setViewport(QWidget())  # made here: see WrappingList
        self.setModel(model)
        self.setModelColumn(LINE)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # re-wrap when the panel narrows
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 3 + 2 * self.frameWidth() + 4)

    def count(self) -> int:
        """How many weapons the list shows."""
        return self.model().rowCount()

    def text(self, row: int) -> str:
        """The line of a row."""
        return str(self.model().index(row, LINE).data())

    def currentRow(self) -> int:
        """The chosen row, or -1."""
        index = self.currentIndex()
        return index.row() if index.isValid() else -1

    def setCurrentRow(self, row: int) -> None:
        """Choose a row."""
        self.setCurrentIndex(self.model().index(row, LINE))


class WeaponsEditor(QWidget):
    """Edit a combatant's weapons; every change is handed on whole, as the new tuple."""

    edited = Signal(tuple)  # the combatant's weapons after the GM's change

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = WeaponsModel(controller, self)
        self._filling = False
        self._keep = 0  # the row chosen before the rows were read again
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = WeaponsList(self.model)
        selection = self.list.selectionModel()
        selection.currentChanged.connect(lambda *_: self._fill_fields())
        self.model.modelAboutToBeReset.connect(self._remember)
        self.model.modelReset.connect(self._restore)
        self.model.dataChanged.connect(lambda *_: self._fill_fields())
        layout.addWidget(self.list)
        buttons = QHBoxLayout()
        self.add = QPushButton("Add weapon")
        self.add.setObjectName("inspectorAddWeapon")
        self.remove = QPushButton("Remove weapon")
        self.remove.setObjectName("inspectorRemoveWeapon")
        self.add.clicked.connect(self._add)
        self.remove.clicked.connect(self._remove)
        buttons.addWidget(self.add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        self.name = QLineEdit()
        self.name.setObjectName("weaponName")
        self.name.setMaxLength(NAME_MAX)  # what the file takes
        self.name.editingFinished.connect(self._commit)
        grid.addWidget(QLabel("Name"), 0, 0)
        grid.addWidget(self.name, 0, 1, 1, 2)
        self.ranged = QCheckBox("Ranged")
        self.ranged.setObjectName("weaponRanged")
        self.ranged.clicked.connect(self._commit)
        grid.addWidget(self.ranged, 0, 3)
        self.numbers: dict[str, QSpinBox] = {}
        for n, (caption, field, low, high) in enumerate(NUMBERS):
            box = NumberBox.within(low, high, tracking=False)
            box.setObjectName(f"weapon_{field}")
            box.editingFinished.connect(self._commit)
            if field == "ammo":
                box.setSpecialValueText("none")
                box.setToolTip("Shots left; none for a weapon that needs no ammunition")
            if field == "reach":  # R37: steps past the 5 ft every melee weapon reaches
                box.setToolTip("Steps of 5 ft past the 5 ft every melee weapon reaches")
            label = QLabel(caption)
            label.setBuddy(box)
            row, column = 1 + n // 2, (n % 2) * 2
            grid.addWidget(label, row, column)
            grid.addWidget(box, row, column + 1)
            self.numbers[field] = box
        self.technique = QComboBox()
        self.technique.setObjectName("weaponTechnique")
        for key, words in TECHNIQUE:
            self.technique.addItem(words, key)
        self.technique.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.technique.setMinimumContentsLength(8)
        self.technique.setToolTip(
            "A Combat Technique takes the whole turn, unless a talent makes it a Standard action"
        )
        self.technique.activated.connect(lambda _index: self._commit())
        technique = QLabel("Technique")
        technique.setBuddy(self.technique)
        last = 1 + (len(NUMBERS) + 1) // 2
        grid.addWidget(technique, last, 0)
        grid.addWidget(self.technique, last, 1, 1, 2)
        self.armor_piercing = QCheckBox("AP")
        self.armor_piercing.setObjectName("weaponArmorPiercing")
        self.armor_piercing.setToolTip("Armor-piercing: it can fire through full cover")  # R32
        self.armor_piercing.clicked.connect(self._commit)
        grid.addWidget(self.armor_piercing, last, 3)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.fields = QWidget()
        self.fields.setLayout(grid)
        layout.addWidget(self.fields)

    @property
    def weapons(self) -> tuple[WeaponSpec, ...]:
        """The shown combatant's weapons."""
        return self.model.weapons()

    def show_combatant(self, combatant_id: str | None) -> None:
        """Show this combatant's weapons (its fields as the session holds them)."""
        self.model.show_combatant(combatant_id)
        self._fill_fields()

    def _remember(self) -> None:
        self._keep = max(0, self.list.currentRow())

    def _restore(self) -> None:
        """The rows were read again: keep the chosen row where it still exists."""
        count = self.model.rowCount()
        if count:
            self.list.setCurrentRow(min(self._keep, count - 1))
        self._fill_fields()

    def current(self) -> int:
        """The chosen weapon's index, or -1."""
        row = self.list.currentRow()
        return row if 0 <= row < min(self.model.rowCount(), len(self.weapons)) else -1

    def _fill_fields(self) -> None:
        index = self.current()
        self.fields.setEnabled(index >= 0)
        self.remove.setEnabled(index >= 0)
        if index < 0:
            return
        weapon = self.weapons[index]
        was, self._filling = self._filling, True
        try:
            if not self.name.hasFocus():
                self.name.setText(weapon.name)
            self.ranged.setChecked(weapon.ranged)
            self.technique.setCurrentIndex(max(0, self.technique.findData(weapon.technique)))
            self.armor_piercing.setChecked(weapon.armor_piercing)
            for field, box in self.numbers.items():
                value = getattr(weapon, field)
                box.setValue(NO_AMMO if value is None else int(value))
        finally:
            self._filling = was

    def _from_fields(self, old: WeaponSpec) -> WeaponSpec:
        values: dict[str, object] = {f: box.value() for f, box in self.numbers.items()}
        ammo = self.numbers["ammo"].value()
        if ammo == NO_AMMO:
            values["ammo"] = values["ammo_max"] = None
        elif old.ammo_max is None or ammo > old.ammo_max:
            values["ammo_max"] = ammo  # a count typed is a full load (Reload fills it)
        return msgspec.structs.replace(
            old,
            name=self.name.text().strip() or old.name,
            ranged=self.ranged.isChecked(),
            technique=self.technique.currentData() or "no",
            armor_piercing=self.armor_piercing.isChecked(),
            **values,
        )

    def _commit(self) -> None:
        index = self.current()
        if self._filling or index < 0:
            return
        weapon = self._from_fields(self.weapons[index])
        if weapon != self.weapons[index]:
            self._hand_on(lambda ws: (*ws[:index], weapon, *ws[index + 1 :]))

    def _add(self) -> None:
        self._hand_on(lambda ws: (*ws, WeaponSpec("New weapon", 2)))
        self.list.setCurrentRow(len(self.weapons) - 1)

    def _remove(self) -> None:
        index = self.current()
        if index >= 0:
            self._hand_on(lambda ws: tuple(w for i, w in enumerate(ws) if i != index))

    def _hand_on(self, change: Callable[[tuple[WeaponSpec, ...]], tuple[WeaponSpec, ...]]) -> None:
        self.edited.emit(change(self.weapons))

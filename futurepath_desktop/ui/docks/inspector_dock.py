"""InspectorDock: the selected combatant's stats, weapons and conditions, each edit one
undoable command, and the attack form."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.core.advantage import ADVANTAGE_LADDER
from futurepath_desktop.session.change import Change
from futurepath_desktop.session.map_rules import SECRET_CONDITIONS
from futurepath_desktop.session.records.kinds import NAME_MAX
from futurepath_desktop.session.state import Abilities, Combatant, WeaponSpec
from futurepath_desktop.session.wording import n_rounds
from futurepath_desktop.ui.docks.attack_form import AttackForm
from futurepath_desktop.ui.docks.inspector_summary import InspectorHeader, combatant_summary
from futurepath_desktop.ui.turn_words import initiative_words, turn_line
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.ui.widgets.fitted_text import breakable
from futurepath_desktop.ui.widgets.number_box import NumberBox
from futurepath_desktop.ui.widgets.shown_tab import ShownTabs
from futurepath_desktop.ui.widgets.tips import say_at

PORTRAIT_SIDE = 64
SHORT_CAPTIONS = {
    "Temporary HP": "Temp. HP",
    "Initiative MISC": "Init. MISC",
    "Size modifier": "Size mod.",
    "Extra Attacks": "Extra att.",
    "Extra Damage": "Extra dmg",
}


def _edit(controller: SessionController, ident: str, changes: dict[str, Any]) -> bool:
    """Edit a combatant through its operation (the commands load on its first edit)."""
    from futurepath_desktop.ui.operations import roster

    return roster.edit_combatant(controller, ident, changes)


class _NotesEdit(QPlainTextEdit):
    """Notes commit when the field loses focus."""

    def __init__(self, commit: Any) -> None:
        super().__init__()
        self._commit = commit

    def focusOutEvent(self, event: Any) -> None:
        self._commit()
        super().focusOutEvent(event)


class InspectorDock(QDockWidget):
    """Everything about one combatant, editable in place."""

    def __init__(self, controller: SessionController, parent: QWidget | None = None) -> None:
        super().__init__("Inspector", parent)
        self.setObjectName("inspectorDock")
        self.controller = controller
        self.combatant_id: str | None = None
        self._filling = False
        self._captions: dict[str, QLabel] = {}
        # The name, summary and turn stay put: only the tabs under them scroll.
        self.scroll_area = scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        panel, body = QWidget(), QWidget()
        layout = QVBoxLayout(panel)
        # Tight: at 1366×768 the whole attack form fits under the name, summary and turn.
        layout.setContentsMargins(6, 4, 6, 2)
        layout.setSpacing(2)
        self.header = InspectorHeader(controller, PORTRAIT_SIDE)
        self.title, self.summary = self.header.title, self.header.summary
        self.portrait, self.turn = self.header.portrait, self.header.turn
        layout.addWidget(self.header)
        self.tabs = ShownTabs()  # as tall as the tab shown, not the tallest
        self.tabs.setObjectName("inspectorTabs")
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.tabs, 1)
        layout.addWidget(scroll, 1)

        self.attack = AttackForm(controller)
        self.attack.setTitle("")
        self.attack.setFlat(True)  # the tab page is its frame already
        form_layout = self.attack.layout()
        if form_layout is not None:  # the form fits the panel without scroll bars at 1280×800
            form_layout.setContentsMargins(2, 2, 2, 2)
        self.tabs.addTab(self.attack, "Attack")
        # The other two tabs are filled in the first time they are shown (the window
        # opens on the attack form; three dozen fields need not delay it).
        self._pages: dict[str, QWidget] = {"stats": QWidget(), "weapons": QWidget()}
        self._built: set[str] = set()
        self.tabs.addTab(self._pages["stats"], "Stats")
        self.tabs.addTab(self._pages["weapons"], "Weapons && Conditions")
        self.tabs.currentChanged.connect(self._tab_shown)
        scroll.setWidget(body)
        self.setWidget(panel)
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(lambda: self.show_combatant(None))
        controller.pathChanged.connect(lambda: self.portrait.show_for(self.combatant()))
        self.show_combatant(None)

    def _tab_shown(self, _index: int = -1) -> None:
        """Make the shown tab's fields if they are not there yet, and fill them."""
        for part, page in self._pages.items():
            if part not in self._built and self.tabs.currentWidget() is page:
                self.build(part)
                self.fill()

    def build(self, part: str) -> None:
        """Make the fields of a tab: ``stats`` or ``weapons`` (once)."""
        if part in self._built:
            return
        self._built.add(part)
        page = self._pages[part]
        if part == "stats":
            self._build_stats(page)
        else:
            self._build_weapons(page)

    def _build_stats(self, page: QWidget) -> None:
        form = QFormLayout(page)
        self.name = QLineEdit()
        self.name.setObjectName("inspectorName")
        self.name.setMaxLength(NAME_MAX)  # what the file takes
        self.name.editingFinished.connect(lambda: self._commit("name", self.name.text().strip()))
        typed_away = QShortcut(QKeySequence(Qt.Key.Key_Escape), self.name)
        typed_away.setContext(Qt.ShortcutContext.WidgetShortcut)
        typed_away.activated.connect(self._keep_name)
        form.addRow("Name", self.name)
        grid = QGridLayout()
        self.abilities: dict[str, QSpinBox] = {}
        # Two rows of three: six boxes side by side do not fit a laptop's inspector.
        for n, field in enumerate(Abilities.__struct_fields__):
            box = NumberBox.within(0, 99, tracking=False)
            box.setObjectName(f"inspector_{field}")
            box.editingFinished.connect(self._commit_abilities)
            caption = QLabel(field[:3].upper())
            caption.setBuddy(box)
            row, column = 2 * (n // 3), n % 3
            grid.addWidget(caption, row, column, Qt.AlignmentFlag.AlignHCenter)
            grid.addWidget(box, row + 1, column)
            self.abilities[field] = box
        form.addRow(grid)
        self.fields: dict[str, QSpinBox] = {}
        pairs = QGridLayout()
        pairs.setHorizontalSpacing(10)
        for n, (label, field, low, high) in enumerate(
            (
                ("AC", "ac", -10, 60),
                ("HP", "hp", -1000, 100_000),
                ("Max HP", "max_hp", 1, 100_000),
                ("Temporary HP", "temp_hp", 0, 100_000),
                ("Health", "health", 0, 100_000),
                ("Max Health", "max_health", 1, 100_000),
                ("Fatigue", "fatigue", 0, 5),
                ("CON damage", "con_damage", 0, 1000),
                ("Speed (ft)", "speed_ft", 0, 1000),
                ("Initiative MISC", "initiative_misc", -50, 50),
                ("Size modifier", "size_mod", -8, 8),
                ("Extra Attacks", "extra_attacks", 0, 10),
                ("Extra Damage", "extra_damage", 0, 10),
            )
        ):
            box = NumberBox.within(low, high, tracking=False)
            box.setObjectName(f"inspector_{field}")
            box.editingFinished.connect(lambda f=field, b=box: self._commit(f, b.value()))
            self.fields[field] = box
            # Short captions (the full words in the tip): two pairs fit a laptop's panel.
            caption = QLabel(SHORT_CAPTIONS.get(label, label))
            caption.setToolTip(label)
            caption.setBuddy(box)
            pairs.addWidget(caption, n // 2, (n % 2) * 2)
            pairs.addWidget(box, n // 2, (n % 2) * 2 + 1)
            self._captions[field] = caption
        form.addRow(pairs)
        self.advantage = QComboBox()
        self.advantage.addItems(list(ADVANTAGE_LADDER))
        self.advantage.activated.connect(
            lambda _: self._commit("advantage_die", self.advantage.currentText())
        )
        form.addRow("Advantage Die", self.advantage)
        flags = QHBoxLayout()
        self.aware = QCheckBox("Aware")
        self.hidden = QCheckBox("Hidden")
        self.aware.clicked.connect(lambda on: self._commit("aware", bool(on)))
        self.hidden.clicked.connect(lambda on: self._commit("hidden", bool(on)))
        flags.addWidget(self.aware)
        flags.addWidget(self.hidden)
        flags.addStretch(1)
        form.addRow(flags)
        self.initiative = QLabel("")
        self.initiative.setWordWrap(True)
        form.addRow("Initiative score", self.initiative)
        self.notes: _NotesEdit = _NotesEdit(self._commit_notes)
        self.notes.setMaximumHeight(70)
        self.notes.setPlaceholderText("GM notes (never on the player view)")
        form.addRow("Notes", self.notes)

    def _build_weapons(self, page: QWidget) -> None:
        from futurepath_desktop.ui.docks.weapons_editor import WeaponsEditor  # with its tab

        wlayout = QVBoxLayout(page)
        self.weapons = WeaponsEditor(self.controller)
        self.weapons.edited.connect(self._commit_weapons)
        wlayout.addWidget(self.weapons)
        wlayout.addWidget(QLabel("Conditions"))
        self.conditions = QListWidget()
        self.conditions.setObjectName("inspectorConditions")
        wlayout.addWidget(self.conditions)
        end = QPushButton("End the selected condition")
        end.clicked.connect(self._end_condition)
        wlayout.addWidget(end, 0, Qt.AlignmentFlag.AlignLeft)

    def combatant(self) -> Combatant | None:
        """The inspected combatant, if it still exists."""
        return self.controller.session.combatants.get(self.combatant_id or "")

    def show_combatant(self, combatant_id: str | None) -> None:
        """Inspect another combatant (or none), from the top: who it is stays in sight."""
        if combatant_id != self.combatant_id:
            self.scroll_area.verticalScrollBar().setValue(0)
        self.combatant_id = combatant_id
        self.fill()
        self.attack.set_attacker(combatant_id if self.combatant() else None)

    def _on_change(self, change: Change) -> None:
        if self.combatant_id is None:
            return
        # The change report names the bearers of every condition added, changed or
        # removed: the header's conditions follow it whichever tab has been opened.
        combatant = self.combatant()
        if (
            self.combatant_id in change.touched("combatants")
            or self.combatant_id in change.bearers
            or change.options
            or (combatant is not None and combatant.team_id in change.touched("teams"))
        ):
            self.fill()
        elif change.combat or self.combatant_id in change.touched("tokens"):
            self._fill_turn()

    def fill(self) -> None:
        """Show the combatant's current values."""
        combatant = self.combatant()
        self.tabs.setVisible(combatant is not None)  # nobody's fields, not the last one's
        self.portrait.show_for(combatant)
        if combatant is None:
            self.title.setText("Select a combatant")
            self.summary.setText("Click a combatant in the Team Initiative panel.")
            self.header.show_turn("", "")
            return
        self._filling = True
        try:
            team = self.controller.session.teams.get(combatant.team_id)
            self.title.setText(breakable(f"{combatant.name}  ·  {team.name if team else ''}"))
            self.summary.setText(combatant_summary(self.controller.session, combatant))
            self._fill_turn()
            if "stats" in self._built:
                self._fill_stats(combatant)
            if "weapons" in self._built:
                self.weapons.show_combatant(combatant.id)
                self._fill_conditions(combatant)
        finally:
            self._filling = False

    def _fill_turn(self) -> None:
        combatant = self.combatant()
        text, full = turn_line(self.controller.session, combatant) if combatant else ("", "")
        self.header.show_turn(text, full)

    def _fill_stats(self, combatant: Combatant) -> None:
        if not self.name.hasFocus():
            self.name.setText(combatant.name)
        for field, box in self.abilities.items():
            box.setValue(int(getattr(combatant.abilities, field)))
        for field, box in self.fields.items():
            box.setValue(int(getattr(combatant, field)))
        health_fatigue = self.controller.session.options.health_fatigue
        for field in ("health", "max_health", "fatigue"):
            self._row_visible(self.fields[field], health_fatigue)
        for field in ("hp", "max_hp", "con_damage"):
            self._row_visible(self.fields[field], not health_fatigue)
        self.advantage.setCurrentText(combatant.advantage_die)
        self.aware.setChecked(combatant.aware)
        session = self.controller.session
        secret = [c.name for c in session.conditions_on(combatant.id) if c.key in SECRET_CONDITIONS]
        self.hidden.setChecked(combatant.hidden or bool(secret))
        self.hidden.setEnabled(not secret)  # the condition hides it until it ends
        self.hidden.setToolTip(
            f"Hidden from the players by its {secret[0]} condition: end that to show it"
            if secret
            else "Hidden from the players' view and page"
        )
        self.initiative.setText(initiative_words(combatant, session.options.initiative))
        if not self.notes.hasFocus():
            self.notes.setPlainText(combatant.notes)

    def _fill_conditions(self, combatant: Combatant) -> None:
        self.conditions.clear()
        for held in self.controller.session.conditions_on(combatant.id):
            rounds = f", {n_rounds(held.remaining)} left" if held.remaining is not None else ""
            item = QListWidgetItem(f"{held.name}{rounds}")
            item.setData(Qt.ItemDataRole.UserRole, held.id)
            self.conditions.addItem(item)

    def _row_visible(self, box: QWidget, visible: bool) -> None:
        box.setVisible(visible)
        for caption in (c for field, c in self._captions.items() if self.fields[field] is box):
            caption.setVisible(visible)

    # --- edits -------------------------------------------------------------------------

    def _commit(self, field: str, value: Any) -> None:
        combatant = self.combatant()
        if self._filling or combatant is None or getattr(combatant, field) == value:
            return
        if not _edit(self.controller, combatant.id, {field: value}):
            self.fill()
            field_box = self.fields.get(field) or (self.name if field == "name" else self.notes)
            say_at(field_box, self.controller.refusal)  # where the GM looks, and the status bar
            if field == "name":  # refused: the name it has, ready to be typed over
                self.name.setText(combatant.name)
                self.name.selectAll()

    def _keep_name(self) -> None:
        """Esc in the name field: what was typed goes, the name stays, and the keys leave
        the field (the next letter is a shortcut again)."""
        combatant = self.combatant()
        self.name.setText(combatant.name if combatant is not None else "")
        self.name.clearFocus()

    def _commit_notes(self) -> None:
        self._commit("notes", self.notes.toPlainText())

    def _commit_abilities(self) -> None:
        combatant = self.combatant()
        if self._filling or combatant is None:
            return
        abilities = Abilities(**{field: box.value() for field, box in self.abilities.items()})
        if abilities != combatant.abilities:
            _edit(self.controller, combatant.id, {"abilities": abilities})

    def _commit_weapons(self, weapons: tuple[WeaponSpec, ...]) -> None:
        combatant = self.combatant()
        if self._filling or combatant is None or weapons == combatant.weapons:
            return
        if not _edit(self.controller, combatant.id, {"weapons": weapons}):
            self.fill()  # refused: the fields go back to what the session holds

    def _end_condition(self) -> None:
        item = self.conditions.currentItem()
        if item is not None:
            from futurepath_desktop.ui.operations import conditions  # loaded when first used

            conditions.end_conditions(self.controller, [item.data(Qt.ItemDataRole.UserRole)])

"""The Bridge panel's contents: space combat by crew positions and phases (R41-R47).

Ship cards across the top (Battle Damage against capacity, BD-DC, mods, state, effects),
the selected ship's stations grouped by phase with the ones that act now highlighted, and
the consoles: weapons with the live odds of Battle Damage, sensors, helm, engineering and
the medical bay. The dock (``bridge_dock``) makes this the first time it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.state import Session, Ship
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.session.library import Library
    from futurepath_desktop.ui.docks.bridge_dock import BridgeDock

STATE_COLOURS = {
    "operational": "#3c9a40",
    "adrift": "#d08a10",
    "exploding": "#cc3b2c",
    "destroyed": "#7a808a",
}
SIDE_COLOURS = {
    "players": "#3a7bd5",
    "allies": "#2e9d4f",
    "enemies": "#c0392b",
    "neutral": "#8a8f96",
}


def pips(taken: int, capacity: int) -> str:
    """Battle Damage as pips against capacity: ``●●○``."""
    return (
        "●" * min(taken, capacity) + "○" * max(0, capacity - taken) + "✚" * max(0, taken - capacity)
    )


def ship_summary(ship: Ship) -> str:
    """One line for a ship (the player view uses it too)."""
    cap = rules.capacity(ship.size)
    damage = f"{pips(ship.battle_damage, cap)} {ship.battle_damage}/{cap} Battle Damage"
    return f"{ship.name}: {damage}, {ship.state}"


def space_status(session: Session) -> str:
    """``Space round 2 · 2 Action``, or that no space fight is running."""
    fight = session.space.round
    if not fight.active:
        return "No space combat running"
    phase = rules.SpacePhase(fight.phase)
    if phase is rules.SpacePhase.SURPRISE:
        return "Before round 1 · unseen ships fire (R47)"
    return f"Space round {fight.round} · {phase.label}"


class ShipCard(QFrame):
    """One ship at a glance."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("shipCard")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        self.title = QLabel()
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.damage = QLabel()
        pip_font = QFont(self.damage.font())
        pip_font.setPointSizeF(pip_font.pointSizeF() * 1.4)
        self.damage.setFont(pip_font)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        for widget in (self.title, self.damage, self.details):
            layout.addWidget(widget)
        self.setMinimumWidth(210)

    def show_ship(self, ship: Ship, selected: bool) -> None:
        cap = rules.capacity(ship.size)
        dc = rules.bd_dc(ship.structure, ship.shields)
        side = SIDE_COLOURS.get(ship.side, "#888888")
        self.title.setText(f"{ship.name}")
        self.title.setStyleSheet(f"color: {side}")
        self.damage.setText(f"{pips(ship.battle_damage, cap)}  {ship.battle_damage}/{cap}")
        mods = ", ".join(
            f"{name[:3].title()} {getattr(ship, name):+d}"
            for name in ("engines", "weapons", "structure", "shields", "electronics", "sensors")
        )
        state = ship.state
        colour = STATE_COLOURS[state]
        extra = ""
        if ship.adrift_from_round is not None and state == "operational":
            extra = f" · adrift from round {ship.adrift_from_round} unless repaired"
        lines = [
            f"<b style='color:{colour}'>{state.upper()}</b>{extra}",
            f"{ship.size.title()} · {ship.hard_points} hard points · BD-DC {dc} · flying "
            f"{ship.flying}",
            mods,
        ]
        for entry in ship.damage:
            dc_text = "critical fix" if entry.dc is None else f"DC {entry.dc}"
            lines.append(f"⚠ {entry.name} ({dc_text})")
        for effect in ship.effects:
            lines.append(f"◆ {effect.name}: {effect.note}")
        systems = [f"{k} {v}/5" for k, v in ship.systems.items() if v]
        bays = [f"bay {k} {v}/8" for k, v in ship.bays.items() if v]
        if systems or bays:
            lines.append("Hits: " + ", ".join(systems + bays))
        self.details.setText("<br>".join(lines))
        border = "#4aa8ff" if selected else "transparent"
        self.setStyleSheet(f"#shipCard {{ border: 2px solid {border}; border-radius: 6px; }}")


class BridgePanel(QWidget):
    """Space combat from the bridge (inside the Bridge dock)."""

    def __init__(self, dock: BridgeDock, controller: SessionController) -> None:
        super().__init__()
        self.setObjectName("bridgePanel")
        self.dock = dock
        self.controller = controller
        self.ship_id: str | None = None
        self.cards: list[ShipCard] = []
        self._odds_timer = QTimer(self)
        self._odds_timer.setSingleShot(True)
        self._odds_timer.timeout.connect(self.update_odds)
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self.refresh)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("bridgeStatus")
        font = QFont(self.status.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.status.setFont(font)
        top.addWidget(self.status, 1)
        self.start_button = QPushButton("Start space combat")
        self.start_button.setObjectName("bridgeStart")
        self.start_button.clicked.connect(self.start)
        self.next_button = QPushButton("Next phase ▶")
        self.next_button.setObjectName("bridgeNextPhase")
        self.next_button.clicked.connect(self.next_phase)
        self.end_button = QPushButton("End")
        self.end_button.setObjectName("bridgeEnd")
        self.end_button.clicked.connect(self.end)
        for button in (self.start_button, self.next_button, self.end_button):
            top.addWidget(button)
        outer.addLayout(top)
        tools = QHBoxLayout()
        self.add_ship_button = QPushButton("Ship from library…")
        self.add_ship_button.setObjectName("bridgeAddShip")
        self.add_ship_button.clicked.connect(self.add_from_library)
        self.save_ship_button = QPushButton("Save ship to library")
        self.save_ship_button.setObjectName("bridgeSaveShip")
        self.save_ship_button.clicked.connect(self.save_to_library)
        self.chart_rows_button = QPushButton("Battle Damage Chart…")
        self.chart_rows_button.setObjectName("bridgeEditChart")
        self.chart_rows_button.clicked.connect(self.edit_chart)
        self.rules_button = QPushButton("House rules…")
        self.rules_button.setObjectName("bridgeRules")
        self.rules_button.clicked.connect(self.edit_rules)
        for button in (
            self.add_ship_button,
            self.save_ship_button,
            self.chart_rows_button,
            self.rules_button,
        ):
            button.setFlat(True)
            tools.addWidget(button)
        tools.addStretch(1)
        outer.addLayout(tools)
        # Ship cards.
        self.card_row = QHBoxLayout()
        self.card_row.setSpacing(6)
        cards = QWidget()
        cards.setLayout(self.card_row)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(cards)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setMinimumHeight(150)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll)
        # The selected ship's stations, then its consoles side by side.
        left = QVBoxLayout()
        pick = QHBoxLayout()
        pick.addWidget(QLabel("Ship"))
        self.ship_combo = QComboBox()
        self.ship_combo.setObjectName("bridgeShip")
        self.ship_combo.currentIndexChanged.connect(self._ship_chosen)
        pick.addWidget(self.ship_combo, 1)
        left.addLayout(pick)
        self.stations = QTreeWidget()
        self.stations.setObjectName("bridgeStations")
        self.stations.setHeaderLabels(["Phase", "Station", "Crew", "This round"])
        self.stations.setRootIsDecorated(False)
        self.stations.setColumnWidth(0, 80)
        self.stations.setColumnWidth(1, 150)
        self.stations.setColumnWidth(2, 110)
        rows = self.stations.fontMetrics().lineSpacing() + 6
        self.stations.setMinimumHeight(rows * 8 + 8)
        left.addWidget(self.stations, 1)
        act = QHBoxLayout()
        self.act_button = QPushButton("Station acts…")
        self.act_button.setObjectName("bridgeAct")
        self.act_button.setToolTip("Record the selected station's action (an order, a boost …)")
        self.act_button.clicked.connect(self.station_acts)
        self.optional_combo = QComboBox()
        self.optional_combo.setObjectName("bridgeOptional")
        self.optional_combo.addItem("Optional officer…", None)
        self.optional_combo.addItem("Science Officer in Action", rules.Position.SCIENCE)
        self.optional_combo.addItem("Chief Engineer in Action", rules.Position.ENGINEER)
        self.optional_combo.activated.connect(self._optional)
        act.addWidget(self.act_button)
        act.addWidget(self.optional_combo)
        act.addStretch(1)
        left.addLayout(act)
        outer.addLayout(left, 1)
        outer.addWidget(self._consoles())
        # Choices as long as "Doc Ives (Medical Officer)" must not hold the whole panel
        # wider than a 1280-pixel screen leaves it: the lists elide instead.
        for combo in self.findChildren(QComboBox):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            combo.setMinimumContentsLength(10)
        self.refresh()

    def _consoles(self) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout()
        row.addLayout(layout, 1)
        weapons = QGroupBox("Weapons console (R42-R44)")
        form = QGridLayout(weapons)
        self.target = QComboBox()
        self.target.setObjectName("bridgeTarget")
        self.hard_points = QSpinBox()
        self.hard_points.setObjectName("bridgeHardPoints")
        self.hard_points.setRange(1, 40)
        self.hard_points.setValue(40)
        self.aim = QComboBox()
        self.aim.setObjectName("bridgeAim")
        self.aim.addItem("Battle Damage", None)
        for system in rules.SYSTEMS:
            self.aim.addItem(f"Specified: {system}", ("system", system))
        self.aim.addItem("Specified: a bay…", ("bay", ""))
        self.odds = QLabel("")
        self.odds.setObjectName("bridgeOdds")
        self.odds.setTextFormat(Qt.TextFormat.RichText)
        self.odds.setWordWrap(True)
        self.fire_button = QPushButton("Fire")
        self.fire_button.setObjectName("bridgeFire")
        self.fire_button.clicked.connect(self.fire)
        self.chart_button = QPushButton("Chart")
        self.chart_button.setObjectName("bridgeChart")
        self.chart_button.setToolTip("Chart the chance of Battle Damage by hard points")
        self.chart_button.clicked.connect(self.dock.chartRequested.emit)
        form.addWidget(QLabel("Target"), 0, 0)
        form.addWidget(self.target, 0, 1)
        form.addWidget(QLabel("Hard points"), 0, 2)
        form.addWidget(self.hard_points, 0, 3)
        form.addWidget(QLabel("Aim"), 1, 0)
        form.addWidget(self.aim, 1, 1)
        form.addWidget(self.fire_button, 1, 2)
        form.addWidget(self.chart_button, 1, 3)
        form.addWidget(self.odds, 2, 0, 1, 4)
        for widget in (self.target, self.aim):
            widget.currentIndexChanged.connect(self.schedule_odds)
        self.hard_points.valueChanged.connect(self.schedule_odds)
        layout.addWidget(weapons)
        self.last = QLabel("")
        self.last.setObjectName("bridgeLast")
        self.last.setWordWrap(True)
        layout.addWidget(self.last)
        layout.addStretch(1)
        crew = QGroupBox("Sensors, helm, engineering, medical")
        grid = QFormLayout(crew)
        self.scan_button = QPushButton("Scan the target (R44)")
        self.scan_button.setObjectName("bridgeScan")
        self.scan_button.clicked.connect(self.scan)
        grid.addRow("Sensors", self.scan_button)
        self.flying = QComboBox()
        self.flying.setObjectName("bridgeFlying")
        for manner in rules.Flying:
            self.flying.addItem(f"Fly {manner.value}", manner)
        self.fly_button = QPushButton("Set course")
        self.fly_button.setObjectName("bridgeFly")
        self.fly_button.clicked.connect(self.fly)
        helm = QHBoxLayout()
        helm.addWidget(self.flying, 1)
        helm.addWidget(self.fly_button)
        grid.addRow("Helm", helm)
        self.damage_combo = QComboBox()
        self.damage_combo.setObjectName("bridgeRepairWhat")
        self.repair_button = QPushButton("Repair")
        self.repair_button.setObjectName("bridgeRepair")
        self.repair_button.clicked.connect(self.repair)
        engineering = QHBoxLayout()
        engineering.addWidget(self.damage_combo, 1)
        engineering.addWidget(self.repair_button)
        grid.addRow("Engineer", engineering)
        self.patient = QComboBox()
        self.patient.setObjectName("bridgePatient")
        self.heal_button = QPushButton("Treat…")
        self.heal_button.setObjectName("bridgeTreat")
        self.heal_button.clicked.connect(self.treat)
        medical = QHBoxLayout()
        medical.addWidget(self.patient, 1)
        medical.addWidget(self.heal_button)
        grid.addRow("Medical", medical)
        row.addWidget(crew, 1)
        return box

    # --- keeping in step --------------------------------------------------------------------

    def _on_change(self, change: Change) -> None:
        if change.space or change.touched("combatants") or change.touched("conditions"):
            self.refresh()

    def ship(self) -> Ship | None:
        """The ship whose stations and consoles are shown."""
        try:
            return self.controller.session.space.ship(self.ship_id) if self.ship_id else None
        except KeyError:
            return None

    def refresh(self) -> None:
        """Redraw from the session (ships are few: the whole panel is cheap)."""
        session = self.controller.session
        space = session.space
        fight = space.round
        self.status.setText(space_status(session))
        self.start_button.setEnabled(not fight.active and len(space.ships) >= 2)
        self.next_button.setEnabled(fight.active)
        self.end_button.setEnabled(fight.active)
        if self.ship_id is None or all(s.id != self.ship_id for s in space.ships):
            self.ship_id = space.ships[0].id if space.ships else None
        while len(self.cards) < len(space.ships):
            card = ShipCard()
            self.card_row.addWidget(card)
            self.cards.append(card)
        for index, card in enumerate(self.cards):
            if index < len(space.ships):
                card.show_ship(space.ships[index], space.ships[index].id == self.ship_id)
                card.show()
            else:
                card.hide()
        self.ship_combo.blockSignals(True)
        self.ship_combo.clear()
        for ship in space.ships:
            self.ship_combo.addItem(ship.name, ship.id)
        if self.ship_id is not None:
            self.ship_combo.setCurrentIndex(self.ship_combo.findData(self.ship_id))
        self.ship_combo.blockSignals(False)
        self._fill_ship()
        entries = [e for e in session.log if e.kind in ("attack", "damage", "space")]
        self.last.setText(entries[-1].text if entries else "")

    def _ship_chosen(self) -> None:
        data = self.ship_combo.currentData()
        self.ship_id = str(data) if data is not None else None
        self.refresh()

    def _fill_ship(self) -> None:
        from futurepath_desktop.session.commands.space import crew_name

        session = self.controller.session
        ship = self.ship()
        fight = session.space.round
        self.stations.clear()
        self.target.blockSignals(True)
        keep = self.target.currentData()
        self.target.clear()
        self.damage_combo.clear()
        self.patient.clear()
        if ship is None:
            self.target.blockSignals(False)
            return
        phase = rules.SpacePhase(fight.phase)
        optional_name = fight.optional.get(ship.id)
        optional = rules.Position(optional_name) if optional_name else None
        done = {s.position: s for s in fight.stations if s.ship_id == ship.id}
        highlight = QColor(self.palette().color(self.palette().ColorRole.Highlight))
        highlight.setAlpha(70)
        for position in rules.Position:
            acts_in = rules.acting_phase(position, optional)
            held = done.get(position.value)
            status = (
                f"✓ {held.action}" + (f": {held.result}" if held.result else "") if held else ""
            )
            if not held and fight.active and rules.may_act(position, phase, optional):
                status = "▶ acts now"
            phase_text = f"{acts_in.value} {acts_in.name.title()}"
            who = crew_name(session, ship, position) if position.value in ship.crew else "—"
            item = QTreeWidgetItem([phase_text, position.label, who, status])
            item.setData(0, Qt.ItemDataRole.UserRole, position.value)
            if status.startswith("▶"):
                for column in range(4):
                    item.setBackground(column, highlight)
            if position.value not in ship.crew:
                item.setForeground(2, QColor("#8a9099"))
            self.stations.addTopLevelItem(item)
        for other in session.space.ships:
            if other.id != ship.id and other.state != "destroyed":
                self.target.addItem(
                    f"{other.name} (BD-DC {rules.bd_dc(other.structure, other.shields)})", other.id
                )
        if keep is not None and self.target.findData(keep) >= 0:
            self.target.setCurrentIndex(self.target.findData(keep))
        self.target.blockSignals(False)
        if self.hard_points.maximum() != max(1, ship.hard_points):
            self.hard_points.setMaximum(max(1, ship.hard_points))
            self.hard_points.setValue(ship.hard_points)  # a new ship: every hard point
        for entry in ship.damage:
            dc = "critical" if entry.dc is None else f"DC {entry.dc}"
            self.damage_combo.addItem(f"{entry.name} ({dc})", entry.id)
        for position in rules.Position:
            slot = ship.crew.get(position.value)
            if slot is not None and slot.combatant_id in session.combatants:
                member = session.combatants[slot.combatant_id]
                self.patient.addItem(f"{member.name} ({position.label})", member.id)
        self.schedule_odds()

    # --- the odds ------------------------------------------------------------------------

    def schedule_odds(self, *_args: object) -> None:
        """Work the odds out once the current burst of changes is over."""
        self._odds_timer.start(0)

    def volley(self) -> tuple[Ship, Ship] | None:
        """The firing ship and its target, as chosen."""
        ship = self.ship()
        target_id = self.target.currentData()
        if ship is None or target_id is None:
            return None
        return ship, self.controller.session.space.ship(str(target_id))

    def update_odds(self) -> None:
        """The live chance of Battle Damage for the volley as set up (R42-R44)."""
        from futurepath_desktop.session.commands.space import scan_bonus, volley_dc

        chosen = self.volley()
        self.dock.volleyChanged.emit()
        if chosen is None:
            self.odds.setText("")
            return
        ship, target = chosen
        dc = volley_dc(ship, target)
        bonus = scan_bonus(self.controller.session, ship)
        points = min(self.hard_points.value(), max(1, ship.hard_points))
        chance = rules.battle_damage_odds(
            points, dc.count, dc.threshold, max(0, ship.weapons), bonus
        )
        scan = f", +{bonus} scan" if bonus else ""
        rerolls = f", {ship.weapons} re-roll(s)" if ship.weapons > 0 else ""
        self.odds.setText(
            f"<b>{chance:.1%}</b> chance of Battle Damage: {points}d10 vs BD-DC {dc}{rerolls}{scan}"
        )

    # --- actions ------------------------------------------------------------------------

    def start(self) -> None:
        """Start the fight, asking which ships fire first unseen (R47)."""
        from futurepath_desktop.session.commands import StartSpaceCombat
        from futurepath_desktop.ui.dialogs.space_dialogs import SurpriseDialog

        dialog = SurpriseDialog(self.controller.session.space.ships, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.push(StartSpaceCombat(dialog.unseen()))

    def library(self) -> Library:
        """The prep library (the main window's, when docked in one)."""
        window = self.window()
        found = getattr(window, "library", None)
        if found is not None:
            return found  # type: ignore[no-any-return]
        from futurepath_desktop.session.library import Library

        return Library()

    def add_from_library(self) -> None:
        """Add a ship template from the prep library."""
        from futurepath_desktop.session.library import AddFromLibrary

        ships = self.library().entries("ship")
        if not ships:
            self.controller.failed.emit("The library has no ships yet: Save ship to library")
            return
        names = [t.name for t in ships]
        name, ok = QInputDialog.getItem(self, "Ship from library", "Ship:", names, 0, False)
        if ok:
            self.controller.push(AddFromLibrary(ships[names.index(name)]))

    def save_to_library(self) -> None:
        """Keep the selected ship as a template (without its damage or its session crew)."""
        from futurepath_desktop.session.library import ship_template

        ship = self.ship()
        if ship is None:
            self.controller.failed.emit("Pick a ship first")
            return
        path = self.library().save(ship_template(ship))
        self.controller.failed.emit(f"Saved {ship.name} to the library ({path.name})")

    def edit_chart(self) -> None:
        """Edit the session's Battle Damage Chart (R46)."""
        from futurepath_desktop.session.commands import SetChart
        from futurepath_desktop.session.commands.space import chart_of
        from futurepath_desktop.ui.dialogs.space_dialogs import ChartDialog

        dialog = ChartDialog(chart_of(self.controller.session.space), self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            rows = dialog.rows()
            if rows is not None:
                self.controller.push(SetChart(rows))

    def edit_rules(self) -> None:
        """The swarm penalty and the Scan DC."""
        from futurepath_desktop.session.commands import SetSpaceRules
        from futurepath_desktop.ui.dialogs.space_dialogs import SpaceRulesDialog

        space = self.controller.session.space
        dialog = SpaceRulesDialog(space.swarm_penalty, space.scan_dc, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.controller.push(SetSpaceRules(dialog.penalty.value(), dialog.scan_dc.value()))

    def next_phase(self) -> None:
        from futurepath_desktop.session.commands import NextSpacePhase

        self.controller.push(NextSpacePhase())

    def end(self) -> None:
        from futurepath_desktop.session.commands import EndSpaceCombat

        self.controller.push(EndSpaceCombat())

    def selected_position(self) -> rules.Position | None:
        """The station picked in the list."""
        item = self.stations.currentItem()
        if item is None:
            return None
        return rules.Position(str(item.data(0, Qt.ItemDataRole.UserRole)))

    def station_acts(self) -> None:
        """Record a station's action for the round (R41)."""
        from futurepath_desktop.session.commands import CrewAction

        position = self.selected_position()
        if position is None or self.ship_id is None:
            self.controller.failed.emit("Pick a station in the list first")
            return
        text, ok = QInputDialog.getText(
            self, position.label, f"What does the {position.label} do this round?"
        )
        if ok and text.strip():
            self.controller.push(CrewAction(self.ship_id, position, text.strip()))

    def _optional(self) -> None:
        from futurepath_desktop.session.commands import DeclareOptional

        position = self.optional_combo.currentData()
        self.optional_combo.setCurrentIndex(0)
        if position is not None and self.ship_id is not None:
            self.controller.push(DeclareOptional(self.ship_id, position))

    def fire(self) -> None:
        """The Weapons Officer fires as set up."""
        from futurepath_desktop.session.commands import Fire

        chosen = self.volley()
        if chosen is None:
            self.controller.failed.emit("Pick a target first")
            return
        ship, target = chosen
        aim = self.aim.currentData()
        system = bay = None
        if aim is not None and aim[0] == "system":
            system = aim[1]
        elif aim is not None:
            bay, ok = QInputDialog.getText(self, "Specified targeting", "Which bay?")
            if not ok or not bay.strip():
                return
            bay = bay.strip()
        self.controller.push(Fire(ship.id, target.id, self.hard_points.value(), system, bay))

    def scan(self) -> None:
        from futurepath_desktop.session.commands import Scan

        chosen = self.volley()
        if chosen is None:
            self.controller.failed.emit("Pick a target to scan first")
            return
        self.controller.push(Scan(chosen[0].id, chosen[1].id))

    def fly(self) -> None:
        from futurepath_desktop.session.commands import CrewAction

        if self.ship_id is not None:
            manner = self.flying.currentData()
            self.controller.push(CrewAction(self.ship_id, rules.Position.HELM, "", flying=manner))

    def repair(self) -> None:
        from futurepath_desktop.session.commands import Repair

        damage_id = self.damage_combo.currentData()
        if self.ship_id is None or damage_id is None:
            self.controller.failed.emit("This ship has no Battle Damage to repair")
            return
        self.controller.push(Repair(self.ship_id, str(damage_id)))

    def treat(self) -> None:
        from futurepath_desktop.session.commands import MedicalCare

        patient = self.patient.currentData()
        if self.ship_id is None or patient is None:
            self.controller.failed.emit("No crew member of the session to treat on this ship")
            return
        amount, ok = QInputDialog.getInt(self, "Medical Officer", "Heal how much?", 5, 0, 1000)
        if ok:
            self.controller.push(MedicalCare(self.ship_id, str(patient), amount=amount))

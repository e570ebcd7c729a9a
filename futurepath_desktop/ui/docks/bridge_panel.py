"""The Bridge panel's contents: space combat by crew positions and phases (R41-R47).

Ship cards across the top (``ui/bridge/ship_cards``), the selected ship's stations grouped
by phase (``ui/bridge/stations``), and its consoles (``ui/bridge/consoles``): weapons with
the live odds of Battle Damage, sensors, helm, engineering and the medical bay. What an
action did, or why it was refused, shows in a line next to where it was tried. The dock
(``bridge_dock``) makes this the first time it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.space_rules import station_refusal
from futurepath_desktop.session.edit import Change, Command
from futurepath_desktop.session.state import Ship
from futurepath_desktop.ui.bridge.actions import BridgeActions
from futurepath_desktop.ui.bridge.arrangement import (
    ArrangedPanel,
    Arrangement,
    ConsoleDeck,
    narrow_combo,
)
from futurepath_desktop.ui.bridge.consoles import CrewConsole, WeaponsConsole, enable, steady_combo
from futurepath_desktop.ui.bridge.feedback import Feedback
from futurepath_desktop.ui.bridge.ship_cards import ShipCards, space_status
from futurepath_desktop.ui.bridge.stations import StationsView, station_rows
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.ui.docks.bridge_dock import BridgeDock

__all__ = ["BridgePanel", "space_status"]


class BridgePanel(ArrangedPanel, BridgeActions, QWidget):
    """Space combat from the bridge (inside the Bridge dock)."""

    def __init__(self, dock: BridgeDock, controller: SessionController) -> None:
        super().__init__()
        self.setObjectName("bridgePanel")
        self.dock = dock
        self.controller = controller
        self.ship_id: str | None = None
        self._odds_timer = QTimer(self)
        self._odds_timer.setSingleShot(True)
        self._odds_timer.timeout.connect(self.update_odds)
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self._replaced)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        top, tools = self._top(), self._tools()
        outer.addLayout(top)
        outer.addLayout(tools)
        self.card_view = ShipCards()
        self.card_view.chosen.connect(self.select_ship)
        outer.addWidget(self.card_view)
        self.stations = StationsView()
        self.stations.selectionModel().currentChanged.connect(lambda *_: self._station_picked())
        outer.addWidget(self.stations, 1)
        outer.addLayout(self._act_row())
        self.notice = Feedback(2)
        self.notice.setObjectName("bridgeNotice")
        outer.addWidget(self.notice)
        self.weapons = WeaponsConsole()
        self.crew = CrewConsole()
        self.deck = ConsoleDeck(self.weapons, self.crew)
        outer.addWidget(self.deck)
        self._wire_consoles()
        self._phase: tuple[int, str] | None = None
        phase_buttons = (self.start_button, self.next_button, self.end_button)
        self.arrangement = Arrangement(
            (top, tools), self.status, phase_buttons, self.made, self.deck
        )
        self.arrangement.measure(outer)  # wide on a big screen, narrow on a laptop
        self.refresh()

    # --- building -----------------------------------------------------------------------

    def _top(self) -> QHBoxLayout:
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
        return top  # filled by the arrangement

    def _tools(self) -> QHBoxLayout:
        tools = QHBoxLayout()
        buttons = (
            ("Ship from library…", "bridgeAddShip", self.add_from_library),
            ("Save ship to library", "bridgeSaveShip", self.save_to_library),
            ("Battle Damage Chart…", "bridgeEditChart", self.edit_chart),
            ("House rules…", "bridgeRules", self.edit_rules),
        )
        made = []
        for text, name, slot in buttons:
            button = QPushButton(text)
            button.setObjectName(name)
            button.setFlat(True)
            button.clicked.connect(slot)
            made.append(button)
        self.made = tuple(made)  # laid out by the arrangement
        self.add_ship_button, self.save_ship_button, self.chart_rows_button, self.rules_button = (
            made
        )
        return tools

    def _act_row(self) -> QHBoxLayout:
        act = QHBoxLayout()
        act.addWidget(QLabel("Ship"))
        self.ship_combo = steady_combo("bridgeShip")
        self.ship_combo.currentIndexChanged.connect(self._ship_chosen)
        act.addWidget(self.ship_combo, 1)
        self.act_button = QPushButton("Station acts…")
        self.act_button.setObjectName("bridgeAct")
        self.act_button.clicked.connect(self.station_acts)
        self.optional_combo = QComboBox()
        self.optional_combo.setObjectName("bridgeOptional")
        self.optional_combo.addItem("Optional officer…", None)
        self.optional_combo.addItem("Science Officer in Action", rules.Position.SCIENCE)
        self.optional_combo.addItem("Chief Engineer in Action", rules.Position.ENGINEER)
        self.optional_combo.setToolTip(
            "At the start of the Action phase: the Science Officer (who held the Support "
            "action) or the Chief Engineer (who then forfeits the Response phase) acts in it"
        )
        self.optional_combo.activated.connect(self._optional)
        narrow_combo(self.optional_combo)  # as wide as "Optional officer…"
        act.addWidget(self.act_button)
        act.addWidget(self.optional_combo)
        return act

    def _wire_consoles(self) -> None:
        w, c = self.weapons, self.crew
        # The names the tests and the keyboard tour know these widgets by.
        self.target, self.hard_points, self.aim, self.odds = w.target, w.hard_points, w.aim, w.odds
        self.fire_button, self.chart_button = w.fire_button, w.chart_button
        self.scan_button, self.flying, self.fly_button = c.scan_button, c.flying, c.fly_button
        self.damage_combo, self.repair_button = c.damage_combo, c.repair_button
        self.patient, self.heal_button = c.patient, c.heal_button
        w.fire_button.clicked.connect(self.fire)
        w.chart_button.clicked.connect(self.dock.chartRequested.emit)
        for widget in (w.target, w.aim):
            widget.currentIndexChanged.connect(self.schedule_odds)
        w.hard_points.valueChanged.connect(self.schedule_odds)
        c.scan_button.clicked.connect(self.scan)
        c.fly_button.clicked.connect(self.fly)
        c.repair_button.clicked.connect(self.repair)
        c.heal_button.clicked.connect(self.treat)

    # --- keeping in step --------------------------------------------------------------------

    def feedbacks(self) -> tuple[Feedback, ...]:
        """Every feedback line of the panel."""
        return (self.notice, self.weapons.feedback, self.crew.feedback)

    def _on_change(self, change: Change) -> None:
        for line in self.feedbacks():
            if change.log_truncated:  # undone: what it said no longer stands
                line.clear()
            else:
                line.clear_error()  # a later success: an old refusal goes
        if change.space or change.touched("combatants") or change.touched("conditions"):
            self.refresh()

    def _replaced(self) -> None:
        for line in self.feedbacks():
            line.clear()
        self.refresh()

    def ship(self) -> Ship | None:
        """The ship whose stations and consoles are shown."""
        try:
            return self.controller.session.ship(self.ship_id) if self.ship_id else None
        except KeyError:
            return None

    def select_ship(self, ship_id: str) -> None:
        """Show this ship's stations and consoles (a card clicked, or the Ship list)."""
        if ship_id != self.ship_id:
            self.ship_id = ship_id
            self.forget(self.weapons.feedback, self.crew.feedback)  # the last ship's words
            self.refresh()

    def refresh(self) -> None:
        """Redraw from the session (ships are few: the whole panel is cheap)."""
        session = self.controller.session
        fight = session.space.round
        ships = tuple(session.ships.values())
        self.status.setText(space_status(session))
        self.start_button.setEnabled(not fight.active and len(ships) >= 2)
        self.next_button.setEnabled(fight.active)
        self.end_button.setEnabled(fight.active)
        if self.ship_id not in session.ships:
            self.ship_id = ships[0].id if ships else None
        self.card_view.show_ships(ships, self.ship_id)
        self.ship_combo.blockSignals(True)
        self.ship_combo.clear()
        for ship in ships:
            self.ship_combo.addItem(ship.name, ship.id)
        if self.ship_id is not None:
            self.ship_combo.setCurrentIndex(self.ship_combo.findData(self.ship_id))
        self.ship_combo.blockSignals(False)
        self._fill_ship()
        self._raise_acting_console()

    @property
    def last(self) -> Feedback:
        """The weapons console's line: the last volley's outcome, or why it was refused."""
        return self.weapons.feedback

    def _ship_chosen(self) -> None:
        data = self.ship_combo.currentData()
        if data is not None:
            self.select_ship(str(data))

    def _fill_ship(self) -> None:
        session = self.controller.session
        ship = self.ship()
        self.target.blockSignals(True)
        keep = self.target.currentData()
        self.target.clear()
        self.damage_combo.clear()
        self.patient.clear()
        if ship is None:
            self.stations.clear()
            self.target.blockSignals(False)
            self._enable()
            return
        self.stations.show_rows(station_rows(session, ship), session.space.round.active)
        for other in session.ships.values():
            if other.id != ship.id and other.state != "destroyed":
                dc = rules.bd_dc(other.structure, other.shields)
                self.target.addItem(f"{other.name} (BD-DC {dc})", other.id)
        if keep is not None and self.target.findData(keep) >= 0:
            self.target.setCurrentIndex(self.target.findData(keep))
        self.target.setToolTip(self.target.currentText())
        self.target.blockSignals(False)
        self.weapons.show_ship(ship)  # each console shows the ship in view, not the last one
        self.crew.show_ship(ship)
        for entry in ship.damage:
            # The name alone fits the console; its repair DC is on the card and in the tip.
            dc_text = "a critical fix" if entry.dc is None else f"DC {entry.dc}"
            self.damage_combo.addItem(entry.name, entry.id)
            tip = f"{entry.name}: repair {dc_text}"
            self.damage_combo.setItemData(
                self.damage_combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole
            )
        for position in rules.Position:
            slot = ship.crew.get(position.value)
            if slot is not None and slot.combatant_id in session.combatants:
                member = session.combatants[slot.combatant_id]
                # The name alone fits the console; the station is in its tool tip.
                self.patient.addItem(member.name, member.id)
                tip = f"{member.name} ({position.label})"
                self.patient.setItemData(self.patient.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self._enable()
        self.schedule_odds()

    def _refusal(self, position: rules.Position) -> str | None:
        session = self.controller.session
        if not session.space.round.active:
            return "Start space combat first"
        if self.ship_id is None:
            return "Pick a ship first"
        return station_refusal(session, self.ship_id, position)

    def _enable(self) -> None:
        """R41, R45: a station's buttons work only when it may act now."""
        pos = rules.Position
        enable(self.fire_button, self._refusal(pos.WEAPONS))
        ship = self.ship()
        blind = (
            f"{ship.name}'s sensor array is damaged: no scans"  # R46
            if ship is not None and any(e.name == "Sensor array damaged" for e in ship.effects)
            else None
        )
        enable(
            self.scan_button, self._refusal(pos.SENSORS) or blind, "Roll the Sensor Officer's scan"
        )
        enable(self.fly_button, self._refusal(pos.HELM), "How the Helm Officer flies this round")
        nothing = (
            "This ship has no Battle Damage to repair" if not self.damage_combo.count() else None
        )
        enable(
            self.repair_button, self._refusal(pos.ENGINEER) or nothing, "Roll the Engineer's repair"
        )
        nobody = "No crew member of the session to treat" if not self.patient.count() else None
        enable(self.heal_button, self._refusal(pos.MEDICAL) or nobody, "The Medical Officer heals")
        chosen = self.stations.selected_position()
        if chosen is None:
            self.act_button.setEnabled(self.controller.session.space.round.active)
            self.act_button.setToolTip("Record the selected station's action (an order …)")
        else:
            enable(self.act_button, self._refusal(chosen), f"Record the {chosen.label}'s action")
        fight = self.controller.session.space.round
        # R41: declared at the start of the Action phase, before any of the ship's rolls.
        begun = ship is not None and any(
            s.ship_id == ship.id and s.phase == rules.SpacePhase.ACTION for s in fight.stations
        )
        self.optional_combo.setEnabled(
            fight.active
            and fight.phase == rules.SpacePhase.ACTION
            and ship is not None
            and ship.state == "operational"
            and not begun
        )

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
        try:
            return ship, self.controller.session.ship(str(target_id))
        except KeyError:
            return None

    def update_odds(self) -> None:
        """The live chance of Battle Damage for the volley as set up (R42-R44)."""
        from futurepath_desktop.session.space_rules import scan_bonus, volley_dc

        chosen = self.volley()
        self.dock.volleyChanged.emit()
        if chosen is None:
            self.weapons.show_odds(None, "")
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
        self.weapons.show_odds(chance, f"Battle Damage: {points}d10 vs BD-DC {dc}{rerolls}{scan}")

    # --- acting --------------------------------------------------------------------------

    def act(self, command: Command, where: Feedback) -> bool:
        """Carry out a command from the bridge; what it did, or why it was refused, shows in
        ``where`` (the status bar hears of a refusal too)."""
        heard: list[str] = []

        def hear(text: str) -> None:
            heard.append(text)

        log = self.controller.session.log
        start = len(log)
        self.controller.failed.connect(hear)
        try:
            done = self.controller.push(command)
        finally:
            self.controller.failed.disconnect(hear)
        self.deck.reveal(where)  # the GM sees what came of it
        if done:
            # The command's last words: a volley and its Battle Damage, a scan, a repair.
            said = [e.text for e in self.controller.session.log[start:]]
            where.show_result(" ".join(said[-2:]))
        else:
            where.show_error(heard[-1] if heard else "That cannot be done now")
        return done

    def refuse(self, text: str, where: Feedback) -> None:
        """A request the bridge turns down before any command (no target picked …)."""
        self.deck.reveal(where)
        where.show_error(text)
        self.controller.failed.emit(text)

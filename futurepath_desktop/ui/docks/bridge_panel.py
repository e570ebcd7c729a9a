"""The Bridge panel's contents: space combat by crew positions and phases (R41-R47).

Ship cards across the top (``ui/bridge/ship_cards``), the selected ship's stations grouped
by phase (``ui/bridge/stations``), and its consoles (``ui/bridge/consoles``): weapons with
the live odds of Battle Damage, sensors, helm, engineering and the medical bay. What an
action did, or why it was refused, shows in a line next to where it was tried. The dock
(``bridge_dock``) makes this the first time it is shown.

The cards and the stations are views of item models (``ShipsModel``, ``StationsModel``)
that follow the change reports themselves. The panel's own lists and buttons follow them
too: nothing here is redrawn unless a change touches a ship, the space round (not only
the chart or the house rules), or the name of a crew member the panel shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, Qt, QTimer
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
from futurepath_desktop.session.edit import Change
from futurepath_desktop.session.sides import side_order
from futurepath_desktop.session.space_rules import waiting_rolls, waiting_volley
from futurepath_desktop.session.state import Ship
from futurepath_desktop.ui.bridge.actions import BridgeActions
from futurepath_desktop.ui.bridge.arrangement import (
    ArrangedPanel,
    Arrangement,
    ConsoleDeck,
    keys_in_order,
    narrow_combo,
)
from futurepath_desktop.ui.bridge.consoles import (
    CrewConsole,
    WeaponsConsole,
    steady_combo,
    volley_odds,
)
from futurepath_desktop.ui.bridge.feedback import Feedback
from futurepath_desktop.ui.bridge.readiness import BridgeReadiness
from futurepath_desktop.ui.bridge.ship_cards import ShipCards, space_status
from futurepath_desktop.ui.bridge.stations import StationsView
from futurepath_desktop.ui.models.ships_model import ShipsModel
from futurepath_desktop.ui.models.stations_model import CREW, StationsModel, round_changed
from futurepath_desktop.ui.undo import SessionController

if TYPE_CHECKING:
    from futurepath_desktop.ui.docks.bridge_dock import BridgeDock

__all__ = ["BridgePanel", "space_status"]


class BridgePanel(BridgeReadiness, ArrangedPanel, BridgeActions, QWidget):
    """Space combat from the bridge (inside the Bridge dock)."""

    def __init__(self, dock: BridgeDock, controller: SessionController) -> None:
        super().__init__()
        self.setObjectName("bridgePanel")
        self.dock = dock
        self.controller = controller
        self.ship_id: str | None = None
        self.updates = 0  # how often the panel redrew from a change (the tests count them)
        self._odds_timer = QTimer(self)
        self._odds_timer.setSingleShot(True)
        self._odds_timer.timeout.connect(self.update_odds)
        # The models first: they hear of each change before the panel asks them anything.
        self.ships = ShipsModel(controller, self)
        self.stations_model = StationsModel(controller, self)
        controller.changed.connect(self._on_change)
        controller.sessionReplaced.connect(self._replaced)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        top, tools = self._top(), self._tools()
        outer.addLayout(top)
        outer.addLayout(tools)
        self.card_view = ShipCards(self.ships)
        self.card_view.chosen.connect(self.select_ship)
        outer.addWidget(self.card_view)
        self.stations = StationsView(self.stations_model)
        self.stations.selectionModel().currentChanged.connect(lambda *_: self._station_picked())
        self.stations.doubleClicked.connect(self._station_double_clicked)
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
        phases = (self.start_button, self.next_button, self.end_button)
        self.arrangement = Arrangement((top, tools), self.status, phases, self.made, self.deck)
        self.arrangement.measure(outer)  # wide on a big screen, narrow on a laptop
        keys_in_order(self.arrangement, (self.card_view, self.stations, *self.act_row))
        self.refresh()

    def _station_double_clicked(self, index: QModelIndex) -> None:
        """The Crew cell: who holds the station; any other: what the station does."""
        position = self.selected_position()
        if position is not None and index.column() == CREW:
            self.assign_crew(position)

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
        self.act_row = (self.ship_combo, self.act_button, self.optional_combo)
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
        ships, fight = change.in_table("ships"), round_changed(change)
        ship = self.ship()
        crew = ship is not None and bool(StationsModel.renamed_crew(change, ship))
        if not (ships or fight or crew):
            return  # nothing the bridge shows
        self.updates += 1
        named = change.fields.get("ships", {})
        if (
            change.added.get("ships")
            or change.removed.get("ships")
            or "ships" in change.reordered
            or any("name" in fields for fields in named.values())
        ):
            self._fill_ship_list()
        if ships:
            self._show_round()
            self._fill_ship()  # the targets, the damage to repair, the crew to treat
            self._raise_acting_console()
        elif fight:
            self._show_round()
            self._enable()  # who may act now
            self.schedule_odds()  # a scan this round adds to the odds
            self._raise_acting_console()
        else:  # a crew member renamed: the medical bay's list names them
            self._fill_patients()

    def _replaced(self) -> None:
        for line in self.feedbacks():
            line.clear()
        self.refresh()

    def ship(self) -> Ship | None:
        """The ship whose stations and consoles are shown."""
        return self.controller.session.ships.get(self.ship_id) if self.ship_id else None

    def select_ship(self, ship_id: str) -> None:
        """Show this ship's stations and consoles (a card clicked, or the Ship list)."""
        if ship_id != self.ship_id:
            self.ship_id = ship_id
            self.forget(self.weapons.feedback, self.crew.feedback)  # the last ship's words
            self.stations.setCurrentIndex(QModelIndex())  # its station, not this ship's
            self._show_ship_chosen()
            self._fill_ship()
            self._raise_acting_console()

    def refresh(self) -> None:
        """Show everything from the session (at first, and when another one is opened)."""
        self._show_round()
        self._fill_ship_list()
        self._fill_ship()
        self._raise_acting_console()

    def _show_round(self) -> None:
        """The round's status and the phase buttons."""
        session = self.controller.session
        fight = session.space.round
        waiting = waiting_rolls(session) if fight.active else []
        status = space_status(session)
        if waiting:
            status += f" · {len(waiting)} to roll"
        self.status.setText(status)
        self.status.setToolTip(
            "Rolled when the phase ends, scans first: " + "; ".join(waiting) if waiting else ""
        )
        self.start_button.setEnabled(not fight.active and len(session.ships) >= 2)
        self.next_button.setEnabled(fight.active)
        # R57: the phase's rolls are worked out together when it closes.
        self.next_button.setToolTip(
            f"Roll what the phase waits for ({'; '.join(waiting)}), then open the next phase"
            if waiting
            else "Close the phase and open the next"
        )
        self.end_button.setEnabled(fight.active)

    def _fill_ship_list(self) -> None:
        """The Ship list, and another ship in view if the one shown went."""
        ships = tuple(self.controller.session.ships.values())
        if self.ship_id not in self.controller.session.ships:
            self.ship_id = ships[0].id if ships else None
        self.ship_combo.blockSignals(True)
        self.ship_combo.clear()
        for ship in ships:
            self.ship_combo.addItem(ship.name, ship.id)
        self.ship_combo.blockSignals(False)
        self._show_ship_chosen()

    def _show_ship_chosen(self) -> None:
        """The ship in view is framed, listed and its stations shown."""
        self.card_view.select(self.ship_id)
        self.stations.show_ship(self.ship_id)
        if self.ship_id is not None:
            self.ship_combo.blockSignals(True)
            self.ship_combo.setCurrentIndex(self.ship_combo.findData(self.ship_id))
            self.ship_combo.blockSignals(False)

    @property
    def last(self) -> Feedback:
        """The weapons console's line: the last volley's outcome, or why it was refused."""
        return self.weapons.feedback

    def _ship_chosen(self) -> None:
        data = self.ship_combo.currentData()
        if data is not None:
            self.select_ship(str(data))

    def _fill_ship(self) -> None:
        """The consoles' lists for the ship in view, and which buttons may act."""
        session = self.controller.session
        ship = self.ship()
        self.target.blockSignals(True)
        keep = self.target.currentData()
        self.target.clear()
        self.damage_combo.clear()
        self.weapons.show_ship(ship)  # each console shows the ship in view (or none)
        if ship is not None:
            # The other side's ships first, the first of them aimed at; its own marked (R56).
            order = {o.id: side_order(ship.side, o.side) for o in session.ships.values()}
            for other in sorted(session.ships.values(), key=lambda o: order[o.id]):
                if other.id != ship.id and other.state != "destroyed":
                    dc = rules.bd_dc(other.structure, other.shields)
                    mark = ", own side" if order[other.id] == 2 else ""
                    self.target.addItem(f"{other.name} (BD-DC {dc}{mark})", other.id)
            if self.target.findData(keep) >= 0 and order.get(str(keep)) != 2:
                self.target.setCurrentIndex(self.target.findData(keep))
            self.target.setToolTip(self.target.currentText())
            self.crew.show_ship(ship)
            for entry in ship.damage:
                # The name alone fits the console; its repair DC is on the card and the tip.
                dc_text = "a critical fix" if entry.dc is None else f"DC {entry.dc}"
                self.damage_combo.addItem(entry.name, entry.id)
                tip = f"{entry.name}: repair {dc_text}"
                self.damage_combo.setItemData(
                    self.damage_combo.count() - 1, tip, Qt.ItemDataRole.ToolTipRole
                )
        self.target.blockSignals(False)
        self._fill_patients()
        self.schedule_odds()

    def _fill_patients(self) -> None:
        """The medical bay's list: the ship's crew members of the session."""
        session = self.controller.session
        ship = self.ship()
        self.patient.clear()
        for position in rules.Position if ship is not None else ():
            assert ship is not None
            slot = ship.crew.get(position.value)
            if slot is not None and slot.combatant_id in session.combatants:
                member = session.combatants[slot.combatant_id]
                # The name alone fits the console; the station is in its tool tip.
                self.patient.addItem(member.name, member.id)
                tip = f"{member.name} ({position.label})"
                self.patient.setItemData(self.patient.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self._enable()

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
        chosen = self.volley()
        self.dock.volleyChanged.emit()
        if chosen is None:
            self.weapons.show_odds(None, "")
            return
        session = self.controller.session
        ship, target = chosen
        waiting = waiting_volley(session, ship)
        if waiting is not None:
            # R57: the volley entered this phase, as it will be rolled when the phase ends.
            aimed = session.ship(waiting.target_id)
            chance, text = volley_odds(session, ship, aimed, waiting.hard_points[0])
            self.weapons.show_odds(chance, f"{text}, the volley waiting at {aimed.name}")
            return
        self.weapons.show_odds(*volley_odds(session, ship, target, self.hard_points.value()))

"""What the bridge's buttons do: start and step the space fight, the library and the
chart, and each station's action. Each one gathers its input and calls an operation
(``ui.operations.bridge``) through ``act``, which shows what it did, or why not, next to
the button."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QDialog, QInputDialog, QPushButton, QSpinBox, QWidget

from futurepath_desktop.core import starship as rules
from futurepath_desktop.ui.operations import bridge as op

if TYPE_CHECKING:
    from futurepath_desktop.session.library import Library
    from futurepath_desktop.session.state import Ship
    from futurepath_desktop.ui.bridge.arrangement import ConsoleDeck
    from futurepath_desktop.ui.bridge.consoles import CrewConsole, WeaponsConsole
    from futurepath_desktop.ui.bridge.feedback import Feedback
    from futurepath_desktop.ui.bridge.stations import StationsView
    from futurepath_desktop.ui.undo import SessionController


class BridgeActions:
    """The bridge panel's actions (mixed into ``BridgePanel``, which has the widgets)."""

    controller: SessionController
    ship_id: str | None
    notice: Feedback
    weapons: WeaponsConsole
    crew: CrewConsole
    stations: StationsView
    optional_combo: QComboBox
    aim: QComboBox
    flying: QComboBox
    damage_combo: QComboBox
    patient: QComboBox
    hard_points: QSpinBox
    start_button: QPushButton
    deck: ConsoleDeck

    def act(self, operation: Callable[[], bool], where: Feedback) -> bool:
        """Carry out an operation from the bridge; what it did, or why it was refused,
        shows in ``where`` (the status bar hears of a refusal too)."""
        heard: list[str] = []
        log = self.controller.session.log
        start = len(log)
        self.controller.failed.connect(heard.append)
        try:
            done = operation()
        finally:
            self.controller.failed.disconnect(heard.append)
        self.deck.reveal(where)  # the GM sees what came of it
        if done:
            # The command's last words: a volley and its Battle Damage, a scan, a repair.
            said = [e.text for e in self.controller.session.log[start:]]
            # Each line its own sentence: a line that ends without a stop gets one.
            where.show_result(
                " ".join(t if t.endswith((".", "!", "?", ")")) else f"{t}." for t in said[-2:])
            )
        else:
            where.show_error(heard[-1] if heard else "That cannot be done now")
        return done

    def refuse(self, text: str, where: Feedback) -> None:
        """A request the bridge turns down before any operation (no target picked …)."""
        self.deck.reveal(where)
        where.show_error(text)
        self.controller.failed.emit(text)

    def ship(self) -> Ship | None:
        """The selected ship."""
        raise NotImplementedError

    def volley(self) -> tuple[Ship, Ship] | None:
        """The firing ship and its target."""
        raise NotImplementedError

    def _widget(self) -> QWidget:
        assert isinstance(self, QWidget)
        return self

    # --- the fight -------------------------------------------------------------------------

    def start(self) -> None:
        """Start the fight, asking which ships fire first unseen (R47)."""
        from futurepath_desktop.ui.dialogs.space_dialogs import SurpriseDialog

        controller = self.controller
        ships = tuple(s for s in controller.session.ships.values() if s.state != "destroyed")
        dialog = SurpriseDialog(ships, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            unseen = dialog.unseen()
            self.act(lambda: op.start_space_combat(controller, unseen), self.notice)

    def next_phase(self) -> None:
        """Close the phase (its results apply now, R41) and open the next."""
        self.act(lambda: op.next_space_phase(self.controller), self.notice)

    def end(self) -> None:
        """End the space fight."""
        self.act(lambda: op.end_space_combat(self.controller), self.notice)

    # --- the library and the chart -------------------------------------------------------

    def library(self) -> Library:
        """The prep library (the main window's, when docked in one)."""
        found = getattr(self._widget().window(), "library", None)
        if found is not None:
            return found  # type: ignore[no-any-return]
        from futurepath_desktop.session.library import Library

        return Library()

    def new_ship(self) -> None:
        """Make a ship in the ship editor and add it, crew and all, as one step."""
        from futurepath_desktop.ui.dialogs.ship_dialog import ShipDialog

        dialog = ShipDialog(self.controller.session, None, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            made = dialog.ship()
            if self.act(lambda: op.new_ship(self.controller, made), self.notice):
                self.select_ship(made.id)

    def edit_ship(self) -> None:
        """Change the ship in view in the ship editor, as one step."""
        from futurepath_desktop.ui.dialogs.ship_dialog import ShipDialog

        ship = self.ship()
        if ship is None:
            self.refuse("Pick a ship first", self.notice)
            return
        dialog = ShipDialog(self.controller.session, ship, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            changes = dialog.changes()
            self.act(lambda: op.edit_ship(self.controller, ship.id, changes), self.notice)

    def remove_ship(self) -> None:
        """Take the ship in view out of the session, once the GM says so."""
        from PySide6.QtWidgets import QMessageBox

        ship = self.ship()
        if ship is None:
            self.refuse("Pick a ship first", self.notice)
            return
        asked = QMessageBox.question(
            self._widget(),
            "Remove ship",
            f"Take {ship.name} out of the session? Undo brings it back.",
        )
        if asked == QMessageBox.StandardButton.Yes:
            self.act(lambda: op.remove_ship(self.controller, ship.id), self.notice)

    def select_ship(self, ship_id: str) -> None:
        raise NotImplementedError

    def add_from_library(self) -> None:
        """Add a ship template from the prep library."""
        ships = self.library().entries("ship")
        if not ships:
            self.refuse("The library has no ships yet: Save ship to library", self.notice)
            return
        names = [t.name for t in ships]
        name, ok = QInputDialog.getItem(
            self._widget(), "Ship from library", "Ship:", names, 0, False
        )
        if ok:
            chosen = ships[names.index(name)]
            self.act(lambda: op.add_ship(self.controller, chosen), self.notice)

    def save_to_library(self) -> None:
        """Keep the selected ship as a template (without its damage or its session crew)."""
        from futurepath_desktop.session.library import ship_template

        ship = self.ship()
        if ship is None:
            self.refuse("Pick a ship first", self.notice)
            return
        path = self.library().save(ship_template(ship))
        self.notice.show_result(f"Saved {ship.name} to the library ({path.name})")
        self.controller.failed.emit(f"Saved {ship.name} to the library ({path.name})")

    def edit_chart(self) -> None:
        """Edit the session's Battle Damage Chart (R46)."""
        from futurepath_desktop.session.space_rules import chart_of
        from futurepath_desktop.ui.dialogs.space_dialogs import ChartDialog

        dialog = ChartDialog(chart_of(self.controller.session.space), self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            rows = dialog.rows()
            if rows is not None:
                self.act(lambda: op.set_chart(self.controller, rows), self.notice)

    def edit_rules(self) -> None:
        """The swarm penalty and the Scan DC."""
        from futurepath_desktop.ui.dialogs.space_dialogs import SpaceRulesDialog

        space = self.controller.session.space
        dialog = SpaceRulesDialog(space.swarm_penalty, space.scan_dc, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            penalty, dc = dialog.penalty.value(), dialog.scan_dc.value()
            self.act(lambda: op.set_space_rules(self.controller, penalty, dc), self.notice)

    # --- the stations --------------------------------------------------------------------

    def selected_position(self) -> rules.Position | None:
        """The station picked in the list."""
        return self.stations.selected_position()

    def first_to_act(self) -> rules.Position | None:
        """With no station picked: the first of the ship's stations that may act now."""
        from futurepath_desktop.session.space_rules import station_refusal

        if self.ship_id is None or not self.controller.session.space.round.active:
            return None
        session = self.controller.session
        return next(
            (p for p in rules.Position if station_refusal(session, self.ship_id, p) is None),
            None,
        )

    def assign_crew(self, position: rules.Position) -> None:
        """Who holds one crew position of the ship in view (R41): a combatant of the
        session, an NPC's name typed in, or nobody (the Crew cell, double-clicked)."""
        ship = self.ship()
        if ship is None:
            self.refuse("Pick a ship first", self.notice)
            return
        from futurepath_desktop.ui.dialogs.ship_dialog import NAME_LIMIT, NOBODY

        session = self.controller.session
        people = {c.name: c.id for c in session.combatants.values()}
        names = [NOBODY, *people]
        slot = ship.crew.get(position.value)
        now = NOBODY
        if slot is not None:
            held = session.combatants.get(slot.combatant_id or "")
            now = held.name if held is not None else slot.name or NOBODY
        if now not in names:
            names.insert(1, now)
        name, ok = QInputDialog.getItem(
            self._widget(),
            position.label,
            f"Who holds {ship.name}'s {position.label} station? (a combatant, or an NPC's name)",
            names,
            names.index(now),
            True,
        )
        if not ok:
            return
        name = name.strip()
        who = people.get(name)
        npc = "" if who is not None or name in ("", NOBODY) else name[:NAME_LIMIT]
        self.act(lambda: op.assign_crew(self.controller, ship.id, position, who, npc), self.notice)

    def station_acts(self) -> None:
        """Record a station's action for the round (R41)."""
        position, ship_id = self.selected_position() or self.first_to_act(), self.ship_id
        if position is None or ship_id is None:
            self.refuse("Pick a station in the list first", self.notice)
            return
        text, ok = QInputDialog.getText(
            self._widget(), position.label, f"What does the {position.label} do this round?"
        )
        if ok and text.strip():
            said = text.strip()
            self.act(lambda: op.station_acts(self.controller, ship_id, position, said), self.notice)

    def _optional(self) -> None:
        chosen, ship_id = self.optional_combo.currentData(), self.ship_id
        self.optional_combo.setCurrentIndex(0)
        if chosen is not None and ship_id is not None:
            position = rules.Position(str(chosen))
            self.act(lambda: op.declare_optional(self.controller, ship_id, position), self.notice)

    def fire(self) -> None:
        """The Weapons Officer fires as set up."""
        where = self.weapons.feedback
        chosen = self.volley()
        if chosen is None:
            self.refuse("Pick a target first", where)
            return
        ship, target = chosen
        aim = self.aim.currentData()
        if aim is not None and aim[0] == "swarm":
            self.swarm(ship, target)
            return
        system = bay = None
        if aim is not None and aim[0] == "system":
            system = aim[1]
        elif aim is not None:
            bay, ok = QInputDialog.getText(self._widget(), "Specified targeting", "Which bay?")
            if not ok or not bay.strip():
                return
            bay = bay.strip()
        points = self.hard_points.value()
        self.act(lambda: op.fire(self.controller, ship.id, target.id, points, system, bay), where)

    def swarm(self, ship: Ship, target: Ship) -> None:
        """The ships the GM ticks fire at ``target`` together, pooling their successes."""
        from futurepath_desktop.ui.dialogs.swarm_dialog import SwarmDialog

        session = self.controller.session
        ships = list(session.ships.values())
        penalty = session.space.swarm_penalty
        dialog = SwarmDialog(ships, target, ship.id, penalty, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            ids, points = dialog.chosen()
            where = self.weapons.feedback
            self.act(lambda: op.swarm(self.controller, ids, target.id, points), where)

    def scan(self) -> None:
        """The Sensor Officer scans the weapons console's target (R44)."""
        chosen = self.volley()
        if chosen is None:
            self.refuse("Pick a target to scan first", self.crew.feedback)
            return
        ship, target = chosen
        self.act(lambda: op.scan(self.controller, ship.id, target.id), self.crew.feedback)

    def fly(self) -> None:
        """The Helm Officer sets how the ship flies this round (R42)."""
        ship_id = self.ship_id
        if ship_id is not None:
            # Qt hands a StrEnum back as its text: make it the enum again.
            manner = rules.Flying(str(self.flying.currentData()))
            helm = rules.Position.HELM
            self.act(
                lambda: op.station_acts(self.controller, ship_id, helm, "", flying=manner),
                self.crew.feedback,
            )

    def repair(self) -> None:
        """The Chief Engineer repairs the chosen Battle Damage (R46)."""
        damage_id, ship_id = self.damage_combo.currentData(), self.ship_id
        if ship_id is None or damage_id is None:
            self.refuse("This ship has no Battle Damage to repair", self.crew.feedback)
            return
        which = str(damage_id)
        self.act(lambda: op.repair(self.controller, ship_id, which), self.crew.feedback)

    def treat(self) -> None:
        """The Medical Officer heals a crew member, ends one of their conditions, or both."""
        from futurepath_desktop.ui.dialogs.medical_dialog import MedicalDialog

        patient, ship_id = self.patient.currentData(), self.ship_id
        if ship_id is None or patient is None:
            self.refuse("No crew member of the session to treat on this ship", self.crew.feedback)
            return
        session = self.controller.session
        whom = session.combatants.get(str(patient))
        if whom is None:
            return
        dialog = MedicalDialog(session, whom, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            amount, condition = dialog.amount(), dialog.condition_id()
            self.act(
                lambda: op.treat(self.controller, ship_id, whom.id, amount, condition),
                self.crew.feedback,
            )

"""What the bridge's buttons do: start and step the space fight, the library and the
chart, and each station's action. Each one gathers its input and hands a command to the
panel's ``act``, which shows what it did, or why not, next to the button."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QComboBox, QDialog, QInputDialog, QPushButton, QSpinBox, QWidget

from futurepath_desktop.core import starship as rules

if TYPE_CHECKING:
    from futurepath_desktop.session.edit import Command
    from futurepath_desktop.session.library import Library
    from futurepath_desktop.session.state import Ship
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

    def act(self, command: Command, where: Feedback) -> bool:
        """Carry out a command; the panel shows the outcome (see ``BridgePanel.act``)."""
        raise NotImplementedError

    def refuse(self, text: str, where: Feedback) -> None:
        """Turn a request down before any command."""
        raise NotImplementedError

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
        from futurepath_desktop.session.commands import StartSpaceCombat
        from futurepath_desktop.ui.dialogs.space_dialogs import SurpriseDialog

        dialog = SurpriseDialog(tuple(self.controller.session.ships.values()), self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.act(StartSpaceCombat(dialog.unseen()), self.notice)

    def next_phase(self) -> None:
        """Close the phase (its results apply now, R41) and open the next."""
        from futurepath_desktop.session.commands import NextSpacePhase

        self.act(NextSpacePhase(), self.notice)

    def end(self) -> None:
        """End the space fight."""
        from futurepath_desktop.session.commands import EndSpaceCombat

        self.act(EndSpaceCombat(), self.notice)

    # --- the library and the chart -------------------------------------------------------

    def library(self) -> Library:
        """The prep library (the main window's, when docked in one)."""
        found = getattr(self._widget().window(), "library", None)
        if found is not None:
            return found  # type: ignore[no-any-return]
        from futurepath_desktop.session.library import Library

        return Library()

    def add_from_library(self) -> None:
        """Add a ship template from the prep library."""
        from futurepath_desktop.session.library import AddFromLibrary

        ships = self.library().entries("ship")
        if not ships:
            self.refuse("The library has no ships yet: Save ship to library", self.notice)
            return
        names = [t.name for t in ships]
        name, ok = QInputDialog.getItem(
            self._widget(), "Ship from library", "Ship:", names, 0, False
        )
        if ok:
            self.act(AddFromLibrary(ships[names.index(name)]), self.notice)

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
        from futurepath_desktop.session.commands import SetChart
        from futurepath_desktop.session.space_rules import chart_of
        from futurepath_desktop.ui.dialogs.space_dialogs import ChartDialog

        dialog = ChartDialog(chart_of(self.controller.session.space), self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            rows = dialog.rows()
            if rows is not None:
                self.act(SetChart(rows), self.notice)

    def edit_rules(self) -> None:
        """The swarm penalty and the Scan DC."""
        from futurepath_desktop.session.commands import SetSpaceRules
        from futurepath_desktop.ui.dialogs.space_dialogs import SpaceRulesDialog

        space = self.controller.session.space
        dialog = SpaceRulesDialog(space.swarm_penalty, space.scan_dc, self._widget())
        if dialog.exec() == QDialog.DialogCode.Accepted:
            command = SetSpaceRules(dialog.penalty.value(), dialog.scan_dc.value())
            self.act(command, self.notice)

    # --- the stations --------------------------------------------------------------------

    def selected_position(self) -> rules.Position | None:
        """The station picked in the list."""
        return self.stations.selected_position()

    def station_acts(self) -> None:
        """Record a station's action for the round (R41)."""
        from futurepath_desktop.session.commands import CrewAction

        position = self.selected_position()
        if position is None or self.ship_id is None:
            self.refuse("Pick a station in the list first", self.notice)
            return
        text, ok = QInputDialog.getText(
            self._widget(), position.label, f"What does the {position.label} do this round?"
        )
        if ok and text.strip():
            self.act(CrewAction(self.ship_id, position, text.strip()), self.notice)

    def _optional(self) -> None:
        from futurepath_desktop.session.commands import DeclareOptional

        chosen = self.optional_combo.currentData()
        self.optional_combo.setCurrentIndex(0)
        if chosen is not None and self.ship_id is not None:
            position = rules.Position(str(chosen))
            self.act(DeclareOptional(self.ship_id, position), self.notice)

    def fire(self) -> None:
        """The Weapons Officer fires as set up."""
        from futurepath_desktop.session.commands import Fire

        where = self.weapons.feedback
        chosen = self.volley()
        if chosen is None:
            self.refuse("Pick a target first", where)
            return
        ship, target = chosen
        aim = self.aim.currentData()
        system = bay = None
        if aim is not None and aim[0] == "system":
            system = aim[1]
        elif aim is not None:
            bay, ok = QInputDialog.getText(self._widget(), "Specified targeting", "Which bay?")
            if not ok or not bay.strip():
                return
            bay = bay.strip()
        self.act(Fire(ship.id, target.id, self.hard_points.value(), system, bay), where)

    def scan(self) -> None:
        """The Sensor Officer scans the weapons console's target (R44)."""
        from futurepath_desktop.session.commands import Scan

        chosen = self.volley()
        if chosen is None:
            self.refuse("Pick a target to scan first", self.crew.feedback)
            return
        self.act(Scan(chosen[0].id, chosen[1].id), self.crew.feedback)

    def fly(self) -> None:
        """The Helm Officer sets how the ship flies this round (R42)."""
        from futurepath_desktop.session.commands import CrewAction

        if self.ship_id is not None:
            # Qt hands a StrEnum back as its text: make it the enum again.
            manner = rules.Flying(str(self.flying.currentData()))
            command = CrewAction(self.ship_id, rules.Position.HELM, "", flying=manner)
            self.act(command, self.crew.feedback)

    def repair(self) -> None:
        """The Chief Engineer repairs the chosen Battle Damage (R46)."""
        from futurepath_desktop.session.commands import Repair

        damage_id = self.damage_combo.currentData()
        if self.ship_id is None or damage_id is None:
            self.refuse("This ship has no Battle Damage to repair", self.crew.feedback)
            return
        self.act(Repair(self.ship_id, str(damage_id)), self.crew.feedback)

    def treat(self) -> None:
        """The Medical Officer heals a crew member."""
        from futurepath_desktop.session.commands import MedicalCare

        patient = self.patient.currentData()
        if self.ship_id is None or patient is None:
            self.refuse("No crew member of the session to treat on this ship", self.crew.feedback)
            return
        amount, ok = QInputDialog.getInt(
            self._widget(), "Medical Officer", "Heal how much?", 5, 0, 1000
        )
        if ok:
            self.act(MedicalCare(self.ship_id, str(patient), amount=amount), self.crew.feedback)

"""Which of the bridge's buttons may act now, and why the others may not (R41, R45,
R46): each station's button is on only when its station may act in this phase, with the
reason in its tool tip otherwise."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.space_rules import effect_active, station_refusal
from futurepath_desktop.ui.bridge.consoles import enable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox, QPushButton

    from futurepath_desktop.session.state import Ship
    from futurepath_desktop.ui.bridge.stations import StationsView
    from futurepath_desktop.ui.docks.bridge_dock import BridgeDock
    from futurepath_desktop.ui.undo import SessionController


class BridgeReadiness:
    """The buttons' state (mixed into ``BridgePanel``, which has the widgets)."""

    controller: SessionController
    ship_id: str | None
    stations: StationsView
    fire_button: QPushButton
    scan_button: QPushButton
    fly_button: QPushButton
    repair_button: QPushButton
    heal_button: QPushButton
    act_button: QPushButton
    optional_combo: QComboBox
    damage_combo: QComboBox
    patient: QComboBox
    first_to_act: Callable[[], rules.Position | None]  # BridgeActions'
    dock: BridgeDock

    def ship(self) -> Ship | None:
        """The selected ship."""
        raise NotImplementedError

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
            if ship is not None and effect_active(ship, "sensors")
            else None
        )
        enable(
            self.scan_button, self._refusal(pos.SENSORS) or blind, "Roll the Sensor Officer's scan"
        )
        stuck = (
            f"{ship.name}'s engines are disabled: it cannot manoeuvre"  # R46
            if ship is not None and effect_active(ship, "engines")
            else None
        )
        enable(
            self.fly_button,
            self._refusal(pos.HELM) or stuck,
            "How the Helm Officer flies this round",
        )
        nothing = (
            "This ship has no Battle Damage to repair" if not self.damage_combo.count() else None
        )
        enable(
            self.repair_button, self._refusal(pos.ENGINEER) or nothing, "Roll the Engineer's repair"
        )
        nobody = "No crew member of the session to treat" if not self.patient.count() else None
        enable(self.heal_button, self._refusal(pos.MEDICAL) or nobody, "The Medical Officer heals")
        chosen = self.stations.selected_position() or self.first_to_act()
        if chosen is None:
            self.act_button.setEnabled(False)
            self.act_button.setToolTip("No station of this ship may act now")
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
        self.dock.readinessChanged.emit()  # Combat ▸ Space's Fire and Scan follow the buttons

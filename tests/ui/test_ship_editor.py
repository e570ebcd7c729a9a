"""Ships made in the window (R41, R45, R56, R59): Roster ▸ New Ship… opens the ship
editor; a ship made there, its crew a combatant of the session and an NPC by name, is one
undoable step; Edit Ship… changes it (crew included) in one step; Remove Ship… asks, then
takes it out; undo walks it all back, and every file made on the way reopens."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QMessageBox,
    QSpinBox,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.core import starship as rules
from futurepath_desktop.ui.dialogs.ship_dialog import NOBODY, ShipDialog
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import bridge as op
from tests.ui.conftest import answer_dialog, find
from tests.ui.test_team_actions import reopens


def pick(combo: QComboBox, data: object) -> None:
    at = combo.findData(data)
    assert at >= 0, f"{data!r} is not offered"
    combo.setCurrentIndex(at)


def test_a_ship_is_made_edited_and_removed_through_the_roster_menu(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    before = set(session.ships)
    start = window.controller.stack.count()

    def make(dialog: QDialog) -> None:
        assert isinstance(dialog, ShipDialog)
        find(dialog, QLineEdit, "shipName").setText("Escort")
        pick(find(dialog, QComboBox, "shipSide"), "allies")
        pick(find(dialog, QComboBox, "shipSize"), "fine")
        assert "first Battle Damage blows it up" in dialog.capacity.text()  # R59
        pick(find(dialog, QComboBox, "shipSize"), "small")
        assert f"Takes {rules.capacity('small')} Battle Damage" in dialog.capacity.text()
        find(dialog, QSpinBox, "shipHardPoints").setValue(3)
        find(dialog, QSpinBox, "shipModWeapons").setValue(2)
        pick(find(dialog, QComboBox, "shipCrewHelm"), "art")
        find(dialog, QComboBox, "shipCrewWeapons").setEditText("Gunner Pell")
        dialog.accept()

    answer_dialog(qtbot, make)
    window.actions_by_name["actionNewShip"].trigger()
    (made,) = set(session.ships) - before
    ship = session.ships[made]
    assert (ship.name, ship.side, ship.size, ship.hard_points, ship.weapons) == (
        "Escort", "allies", "small", 3, 2
    )  # fmt: skip
    assert ship.crew["helm"].combatant_id == "art"
    assert (ship.crew["weapons"].combatant_id, ship.crew["weapons"].name) == (None, "Gunner Pell")
    assert set(ship.crew) == {"helm", "weapons"}, "the rest are nobody"
    assert window.controller.stack.count() == start + 1, "one step, crew and all"
    assert window.bridge.panel is not None and window.bridge.panel.ship_id == made
    reopens(window)

    def change(dialog: QDialog) -> None:
        assert isinstance(dialog, ShipDialog)
        assert find(dialog, QLineEdit, "shipName").text() == "Escort"
        assert find(dialog, QComboBox, "shipCrewHelm").currentText() == "Art"
        pick(find(dialog, QComboBox, "shipSize"), "tiny")
        pick(find(dialog, QComboBox, "shipCrewCaptain"), "james")
        find(dialog, QComboBox, "shipCrewWeapons").setCurrentText(NOBODY)
        dialog.accept()

    answer_dialog(qtbot, change)
    window.actions_by_name["actionEditShip"].trigger()
    ship = session.ships[made]
    assert ship.size == "tiny" and ship.crew["captain"].combatant_id == "james"
    assert "weapons" not in ship.crew
    assert window.controller.stack.count() == start + 2
    reopens(window)

    def yes(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox)
        assert "Escort" in dialog.text()
        dialog.button(QMessageBox.StandardButton.Yes).click()

    answer_dialog(qtbot, yes)
    window.actions_by_name["actionRemoveShip"].trigger()
    assert made not in session.ships
    reopens(window)
    for _ in range(3):
        window.controller.stack.undo()
    assert set(session.ships) == before


def test_a_ship_needs_a_name_and_an_npc_name_keeps_to_the_files_limit(
    qtbot: QtBot, window: MainWindow
) -> None:
    """OK waits for a name; a crew member's name as long as the field takes still makes a
    file that reopens."""
    dialog = ShipDialog(window.controller.session, None, window)
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.name.setText("   ")
    assert not ok.isEnabled()
    dialog.name.setText("Long Haul")
    assert ok.isEnabled()
    combo = find(dialog, QComboBox, "shipCrewMedical")
    typed = combo.lineEdit()
    assert typed is not None
    typed.setText("N" * 500)
    slot = dialog.slot(rules.Position.MEDICAL)
    assert slot is not None and len(slot.name) == typed.maxLength()
    assert op.new_ship(window.controller, dialog.ship())
    reopens(window)


def test_a_crew_cell_double_clicked_puts_someone_at_that_station(
    qtbot: QtBot, window: MainWindow
) -> None:
    """R41: the bridge's Crew cell, double-clicked, asks who holds the station: a
    combatant by name, an NPC's name typed in, or nobody, one undoable step each."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QInputDialog

    from futurepath_desktop.ui.models.stations_model import CREW, POSITIONS
    from tests.ui.bridge_steps import open_bridge, panel

    open_bridge(qtbot, window)
    bridge = panel(window)
    session = window.controller.session
    bridge.select_ship("wayfarer")
    view = bridge.stations
    row = POSITIONS.index(rules.Position.MEDICAL)
    cell = view.model().index(row, CREW)

    def answer(text: str) -> None:
        def fill(dialog: QDialog) -> None:
            assert isinstance(dialog, QInputDialog)
            assert "Medical Officer" in dialog.labelText()
            dialog.setTextValue(text)
            dialog.accept()

        answer_dialog(qtbot, fill)
        view.setCurrentIndex(cell)
        rect = view.visualRect(cell)
        # A hand's double click: a press and release, then the double click.
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())

    steps = window.controller.stack.count()
    answer("Brandon")
    qtbot.waitUntil(lambda: session.ship("wayfarer").crew["medical"].combatant_id == "brandon")
    answer("Sister Mbeki")
    qtbot.waitUntil(lambda: session.ship("wayfarer").crew["medical"].name == "Sister Mbeki")
    assert session.ship("wayfarer").crew["medical"].combatant_id is None
    answer(NOBODY)
    qtbot.waitUntil(lambda: "medical" not in session.ship("wayfarer").crew)
    assert window.controller.stack.count() == steps + 3
    reopens(window)


def test_a_swarm_is_fired_from_the_weapons_console(qtbot: QtBot, window: MainWindow) -> None:
    """The weapons console's aim 'Swarm with other ships…', then Fire: the GM ticks a
    second ship of the players' side and its hard points; both volleys are rolled and
    pooled in one step, and the log says how many successes the swarm had."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QCheckBox

    from futurepath_desktop.session.commands.space_log import base_kind
    from futurepath_desktop.session.state import CrewSlot, Ship
    from futurepath_desktop.ui.dialogs.swarm_dialog import SwarmDialog
    from tests.ui.bridge_steps import open_bridge, panel

    skiff = Ship(
        "skiff", "Skiff", side="players", size="tiny", hard_points=2,
        crew={"weapons": CrewSlot(None, "Gunner Pell")},
    )  # fmt: skip
    assert op.new_ship(window.controller, skiff)
    open_bridge(qtbot, window)
    bridge = panel(window)
    session = window.controller.session
    answer_dialog(qtbot, lambda dialog: dialog.accept())  # nobody unseen
    qtbot.mouseClick(bridge.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.space.round.active)
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)  # 2 Action
    bridge.select_ship("wayfarer")
    bridge.target.setCurrentIndex(bridge.target.findData("bear-hunter"))
    aim = bridge.aim
    aim.setCurrentIndex(aim.findText("Swarm with other ships…"))
    assert aim.currentData() == ("swarm", "")

    def swarm(dialog: QDialog) -> None:
        assert isinstance(dialog, SwarmDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert not ok.isEnabled(), "one ship is no swarm"
        find(dialog, QCheckBox, "swarmJoins-skiff").setChecked(True)
        assert find(dialog, QSpinBox, "swarmPoints-skiff").maximum() == 2
        assert ok.isEnabled()
        dialog.accept()

    steps = window.controller.stack.count()
    answer_dialog(qtbot, swarm)
    qtbot.mouseClick(bridge.fire_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.stack.count() == steps + 1)
    assert session.space.round.declared[-1].kind == "swarm"  # R57: rolled as the phase ends
    assert "Swarm on Bear Hunter (Wayfarer, Skiff)" in bridge.weapons.feedback.full
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    line = next(e for e in reversed(session.log) if base_kind(e.kind) == "attack")
    assert line.text.startswith("Swarm on Bear Hunter (2 ships")
    assert any(part.startswith("Wayfarer:") for part in line.lines)
    assert any(part.startswith("Skiff:") for part in line.lines)
    reopens(window)


def test_a_ship_name_in_use_is_said_in_the_editor_before_ok(
    qtbot: QtBot, window: MainWindow
) -> None:
    """New Ship… named as the Wayfarer (whatever the case): the editor says so, offers a
    numbered name and holds OK back, so nothing typed is lost to a refusal after it."""
    from PySide6.QtWidgets import QLabel

    seen: dict[str, tuple[bool, str, bool]] = {}

    def name_it(dialog: QDialog) -> None:
        assert isinstance(dialog, ShipDialog)
        name = find(dialog, QLineEdit, "shipName")
        problem = find(dialog, QLabel, "shipProblem")
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        for typed in ("wayfarer", "Skiff"):
            name.setText(typed)
            seen[typed] = (problem.isVisible(), problem.text(), ok.isEnabled())
        dialog.reject()

    answer_dialog(qtbot, name_it)
    window.actions_by_name["actionNewShip"].trigger()
    qtbot.waitUntil(lambda: "Skiff" in seen)
    shown, words, ok = seen["wayfarer"]
    assert shown and not ok and "already called wayfarer: call this one wayfarer 2" in words
    assert seen["Skiff"][0] is False and seen["Skiff"][2] is True

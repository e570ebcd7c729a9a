"""The bridge's consoles (R42-R46): the weapons console stays put from ship to ship, each
console shows the selected ship's own setting, a refusal shows beside its button and goes
after a success, a result line goes with its phase, a damaged sensor array turns the scan
off, the optional officer and the helm's course come from their lists, and the medical
bay's list says whom it names."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QGridLayout, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import Position
from futurepath_desktop.ui.dialogs.medical_dialog import MedicalDialog
from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import ScriptedRandom
from tests.ui.bridge_steps import (
    open_bridge,
    panel,
    refused,
    start_space,
)
from tests.ui.conftest import answer_dialog


def weapons_layout(bridge: BridgePanel) -> dict[str, tuple[int, int, int, int]]:
    """Where every widget of the weapons console is, in the panel's coordinates."""
    found: dict[str, tuple[int, int, int, int]] = {}
    console = bridge.weapons
    for widget in [console, *console.findChildren(QWidget)]:
        if widget.isVisible():
            corner = widget.mapTo(bridge, widget.rect().topLeft())
            key = f"{type(widget).__name__}:{widget.objectName()}:{len(found)}"
            found[key] = (corner.x(), corner.y(), widget.width(), widget.height())
    return found


def card_text(card: QWidget) -> str:
    from PySide6.QtWidgets import QLabel

    return " ".join(label.text() for label in card.findChildren(QLabel))


def test_the_weapons_console_stays_put_from_ship_to_ship(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.session.commands import EditShip, NextSpacePhase, Scan

    # Ships as unlike as can be: forty hard points against four, a long name, a scan
    # bonus (a longer odds line) on one of them only.
    push = window.controller.push
    assert push(EditShip("bear-hunter", (("hard_points", 40), ("name", "The Great Bear Hunter"))))
    bridge = start_space(qtbot, window)
    window.resize(1280, 800)
    assert push(NextSpacePhase())
    window.controller.session.rng = ScriptedRandom([20])
    assert push(Scan("wayfarer", "bear-hunter"))
    bridge.update_odds()
    qtbot.wait(20)
    before = weapons_layout(bridge)
    assert len(before) > 6
    texts = (bridge.odds.text(), bridge.target.currentText(), bridge.hard_points.value())
    for ship_id in ("bear-hunter", "wayfarer", "bear-hunter"):
        qtbot.mouseClick(
            next(c for c in bridge.card_view.cards if c.ship_id == ship_id),
            Qt.MouseButton.LeftButton,
        )
        bridge.update_odds()
        qtbot.wait(20)
        assert weapons_layout(bridge) == before, ship_id
    # …while what it says did change with the ship.
    assert (bridge.odds.text(), bridge.target.currentText(), bridge.hard_points.value()) != texts


def test_a_refusal_shows_beside_its_button_and_goes_after_a_success(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.commands import NextSpacePhase

    bridge = start_space(qtbot, window)
    push = window.controller.push
    assert push(NextSpacePhase()) and push(NextSpacePhase())  # 3 Response: the medical bay
    assert bridge.heal_button.isEnabled()
    said: list[str] = []
    window.controller.failed.connect(said.append)

    bridge.repair()  # nothing to repair: refused beside the engineering button
    crew = bridge.crew.feedback
    qtbot.waitUntil(lambda: refused(crew))
    assert "no Battle Damage to repair" in crew.full
    assert crew.isVisible() and crew.text().startswith("⚠")
    assert said and "no Battle Damage to repair" in said[-1]  # the status bar hears of it too
    assert not refused(bridge.weapons.feedback) and not refused(bridge.notice)
    # A later success (the Medical Officer heals 3) takes the old refusal away.

    def three(dialog: QDialog) -> None:
        assert isinstance(dialog, MedicalDialog)
        dialog.heal.setValue(3)
        dialog.accept()

    answer_dialog(qtbot, three)
    qtbot.mouseClick(bridge.heal_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not refused(crew))
    assert "no Battle Damage" not in crew.full and "heals" in crew.full


def test_a_damaged_sensor_array_turns_the_scan_off(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.session.commands import EditShip, NextSpacePhase
    from futurepath_desktop.session.state import ShipEffect

    bridge = start_space(qtbot, window)
    push = window.controller.push
    assert push(NextSpacePhase())  # 2 Action: the Sensor Officer's turn
    assert bridge.scan_button.isEnabled()
    broken = ShipEffect("eff-x", "Sensor array damaged", "no scans", 9)
    assert push(EditShip("wayfarer", (("effects", (broken,)),)))
    assert not bridge.scan_button.isEnabled()
    assert "sensor array is damaged" in bridge.scan_button.toolTip()


def test_the_optional_officer_and_the_helms_course_from_their_lists(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.commands import NextSpacePhase

    bridge = start_space(qtbot, window)
    session = window.controller.session
    assert not bridge.optional_combo.isEnabled()  # only at the start of the Action phase
    assert window.controller.push(NextSpacePhase())
    assert bridge.optional_combo.isEnabled()
    index = bridge.optional_combo.findText("Chief Engineer in Action")
    bridge.optional_combo.setCurrentIndex(index)
    bridge.optional_combo.activated.emit(index)
    assert session.space.round.optional == {"wayfarer": "engineer"}
    assert "forfeits the Response phase" in bridge.notice.full
    bridge.flying.setCurrentIndex(bridge.flying.findText("Fly defensively"))
    qtbot.mouseClick(bridge.fly_button, Qt.MouseButton.LeftButton)
    assert session.ship("wayfarer").flying == "defensively"
    assert not bridge.fly_button.isEnabled()  # the Helm has acted this round
    assert not bridge.optional_combo.isEnabled()  # and the Action phase has begun (R41)


def test_each_console_shows_the_selected_ships_own_setting(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.core.starship import Flying
    from futurepath_desktop.session.commands import CrewAction, EditShip, NextSpacePhase

    push = window.controller.push
    assert push(EditShip("bear-hunter", (("hard_points", 6),)))
    bridge = start_space(qtbot, window)
    session = window.controller.session
    assert push(NextSpacePhase())  # 2 Action: the helm flies
    assert push(CrewAction("wayfarer", Position.HELM, "", flying=Flying.OFFENSIVE))
    bridge.hard_points.setValue(2)  # the GM sets up a smaller volley for the Wayfarer
    for ship_id in ("bear-hunter", "wayfarer", "bear-hunter"):
        qtbot.mouseClick(
            next(c for c in bridge.card_view.cards if c.ship_id == ship_id),
            Qt.MouseButton.LeftButton,
        )
        ship = session.ship(ship_id)
        assert bridge.ship_id == ship_id
        # The helm's box says what the ship's card says.
        assert str(bridge.flying.currentData()) == ship.flying, ship_id
        card = next(c for c in bridge.card_view.cards if c.ship_id == ship_id)
        assert f"flying {ship.flying}" in card_text(card)
        assert bridge.hard_points.value() == ship.hard_points
        assert bridge.hard_points.maximum() == ship.hard_points
        assert bridge.aim.currentData() is None  # Battle Damage, not the last ship's aim
    # Undoing the Wayfarer's course puts its helm box back too.
    bridge.select_ship("wayfarer")
    assert str(bridge.flying.currentData()) == "offensively"
    window.controller.stack.undo()
    assert session.ship("wayfarer").flying == "normal"
    assert str(bridge.flying.currentData()) == "normal"


def test_a_result_line_goes_when_the_phase_moves_on_and_stays_in_the_log(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.commands import StartSpaceCombat

    open_bridge(qtbot, window)
    bridge = panel(window)
    session = window.controller.session
    assert window.controller.push(StartSpaceCombat(("bear-hunter",)))  # the surprise shot
    bridge.select_ship("bear-hunter")
    bridge.target.setCurrentIndex(bridge.target.findData("wayfarer"))
    session.rng = ScriptedRandom([1, 1, 1, 1])
    qtbot.mouseClick(bridge.fire_button, Qt.MouseButton.LeftButton)
    said = bridge.weapons.feedback.full
    assert "Bear Hunter aims" in said and not bridge.weapons.feedback.error
    volley = next(e.text for e in session.log if e.text.startswith("Bear Hunter aims"))
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)  # on to round 1
    assert session.space.round.round == 1
    for line in (bridge.weapons.feedback, bridge.crew.feedback):
        assert line.full == "" and line.text() == ""
    assert "Round 1" in bridge.notice.full  # the phase's own line says where the fight is
    assert any(e.text == volley for e in session.log)  # the log keeps the shot
    # A refusal made in one phase goes with it too.
    bridge.repair()  # nothing to repair: refused beside the button
    assert bridge.crew.feedback.error and bridge.crew.feedback.full
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.crew.feedback.full == ""
    # What one ship's console said is not shown over another ship's.
    bridge.select_ship("wayfarer")
    bridge.repair()
    assert bridge.crew.feedback.full
    bridge.select_ship("bear-hunter")
    assert bridge.crew.feedback.full == "" and bridge.weapons.feedback.full == ""


def test_the_medical_bays_list_says_whom_it_names(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtWidgets import QLabel

    bridge = start_space(qtbot, window)
    assert bridge.patient.count() > 0  # it names a crew member
    labels = [
        label for label in bridge.crew.findChildren(QLabel) if label.buddy() is bridge.patient
    ]
    assert len(labels) == 1 and "patient" in labels[0].text().lower()
    grid = bridge.crew.layout()
    assert isinstance(grid, QGridLayout)
    # The label stands on the list's own row, before it.
    row_of = {}
    for index in range(grid.count()):
        item = grid.itemAt(index)
        position = grid.getItemPosition(index)
        assert isinstance(position, tuple)
        row, column = int(position[0]), int(position[1])
        if item is not None and item.widget() is not None:
            row_of[item.widget()] = (row, column)
    assert row_of[labels[0]][0] == row_of[bridge.patient][0]
    assert row_of[labels[0]][1] < row_of[bridge.patient][1]


def test_a_station_picked_in_one_phase_is_not_kept_for_the_next(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Station acts… follows the phase: a station picked in the Support phase is let go
    when the Action phase opens (or another ship is shown), and the button acts for the
    first station that may act now."""
    from futurepath_desktop.core.starship import Position
    from futurepath_desktop.session.commands import NextSpacePhase

    bridge = start_space(qtbot, window)
    bridge.stations.select_position(Position.SCIENCE)
    assert bridge.selected_position() is Position.SCIENCE and bridge.act_button.isEnabled()
    assert window.controller.push(NextSpacePhase())
    assert bridge.selected_position() is None
    assert bridge.act_button.isEnabled()
    assert "Helm Officer" in bridge.act_button.toolTip()  # the first to act in 2 Action
    bridge.stations.select_position(Position.WEAPONS)
    bridge.select_ship("bear-hunter")
    assert bridge.selected_position() is None


def test_an_empty_bridge_shows_no_made_up_hard_points(qtbot: QtBot) -> None:
    """With no ship on the bridge the weapons console's hard points show a dash, not a
    count nobody set; a ship brings its own."""
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.ui.bridge.consoles import WeaponsConsole

    console = WeaponsConsole()
    qtbot.addWidget(console)
    assert console.hard_points.text() == "–"
    ship = next(iter(demo_session().ships.values()))
    assert not console.chart_button.isEnabled(), "nothing to chart"
    console.show_ship(ship)
    assert console.hard_points.value() == max(1, ship.hard_points)
    assert console.hard_points.minimum() == 1 and console.chart_button.isEnabled()
    console.show_ship(None)  # the ship went (a new session, say)
    assert console.hard_points.text() == "–" and not console.chart_button.isEnabled()


def test_a_new_session_empties_the_weapons_console(qtbot: QtBot, window: MainWindow) -> None:
    """After New Session the bridge shows no ship, and the console no hard points."""
    from futurepath_desktop.session.state import Session

    open_bridge(qtbot, window)
    bridge = panel(window)
    assert bridge.hard_points.value() >= 1
    window.controller.replace(Session(name="New session"), None)
    qtbot.waitUntil(lambda: bridge.hard_points.text() == "–")
    assert not bridge.chart_button.isEnabled()

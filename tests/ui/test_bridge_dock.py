"""The Bridge panel driven through a space round with its buttons (R41-R47): start, stations
highlighted by phase, a scan, the weapons console's live odds and every d10 in the log,
Battle Damage in the Response phase, a repair, and the player view's line for each ship."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QGridLayout,
    QInputDialog,
    QMenu,
    QPushButton,
    QTabBar,
    QWidget,
)
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import Position, battle_damage_odds
from futurepath_desktop.session.commands.space_log import base_kind
from futurepath_desktop.session.space_rules import volley_dc
from futurepath_desktop.ui.bridge.feedback import Feedback
from futurepath_desktop.ui.docks.bridge_panel import BridgePanel
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import ScriptedRandom
from tests.ui.conftest import answer_dialog


def panel(window: MainWindow) -> BridgePanel:
    assert window.bridge.panel is not None, "the bridge has not been opened"
    return window.bridge.panel


def open_bridge(qtbot: QtBot, window: MainWindow) -> None:
    window.bridge.show()
    window.bridge.raise_()
    qtbot.waitUntil(lambda: window.bridge.built)


def press_set_up(qtbot: QtBot, bridge: BridgePanel, button: QPushButton) -> None:
    """A set-up button as the GM reaches it: the button on a wide panel, the Set-up
    menu's entry of the same name on a narrow one."""
    if button.isVisible():
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        return
    set_up = bridge.arrangement.set_up
    menu = set_up.menu()
    assert set_up.isVisible() and menu is not None, "the set-up button is nowhere to be seen"
    entry = next(a for a in menu.actions() if a.text() == button.text())
    entry.trigger()


def cells(bridge: BridgePanel) -> list[list[str]]:
    """The stations list as its view shows it: each row's four texts."""
    model = bridge.stations.model()
    return [
        [str(model.index(r, c).data()) for c in range(model.columnCount())]
        for r in range(model.rowCount())
    ]


def station_status(window: MainWindow, title: str) -> str:
    for row in cells(panel(window)):
        if row[1] == title:
            return row[3]
    raise AssertionError(f"no station {title}")


def test_a_round_on_the_bridge(qtbot: QtBot, window: MainWindow) -> None:
    open_bridge(qtbot, window)
    bridge = panel(window)
    session = window.controller.session
    assert bridge.start_button.isEnabled() and not bridge.next_button.isEnabled()
    answer_dialog(qtbot, lambda dialog: dialog.accept())  # no ship unseen (R47)
    qtbot.mouseClick(bridge.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.space.round.active)
    assert bridge.status.text() == "Space round 1 · 1 Support"
    assert station_status(window, "Captain") == "▶ acts now"
    assert station_status(window, "Weapons Officer") == ""

    # The captain's order, typed into the station's dialog.
    def order(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        dialog.setTextValue("all power to the guns")
        dialog.accept()

    bridge.stations.setCurrentIndex(bridge.stations.model().index(0, 0))
    answer_dialog(qtbot, order)
    qtbot.mouseClick(bridge.act_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: station_status(window, "Captain").startswith("✓"))
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.status.text() == "Space round 1 · 2 Action"
    assert station_status(window, "Weapons Officer") == "▶ acts now"

    # The weapons console shows the exact odds before anything is rolled.
    bridge.target.setCurrentIndex(bridge.target.findData("bear-hunter"))
    bridge.update_odds()
    wayfarer, hunter = session.ship("wayfarer"), session.ship("bear-hunter")
    dc = volley_dc(wayfarer, hunter)
    expected = battle_damage_odds(4, dc.count, dc.threshold, wayfarer.weapons, 0)
    assert f"{expected:.1%}" in bridge.odds.text()
    session.rng = ScriptedRandom([18])  # the scan succeeds: +2 on every d10 (R44)
    qtbot.mouseClick(bridge.scan_button, Qt.MouseButton.LeftButton)
    assert session.space.round.scanned == ("wayfarer",)
    bridge.update_odds()
    with_scan = battle_damage_odds(4, dc.count, dc.threshold, wayfarer.weapons, 2)
    assert f"{with_scan:.1%}" in bridge.odds.text() and "+2 scan" in bridge.odds.text()
    session.rng = ScriptedRandom([9, 8, 7, 6, 5, 3, 2])  # 4 ✓ + re-roll ✓; chart 5
    qtbot.mouseClick(bridge.fire_button, Qt.MouseButton.LeftButton)
    volley = next(e for e in reversed(session.log) if base_kind(e.kind) == "attack")
    assert "4d10 (9✓, 8✓, 7✓, 6✓), re-rolls (5✓), +2 scan" in volley.text
    assert station_status(window, "Weapons Officer").startswith("✓ fires at Bear Hunter")
    assert "Battle Damage on Bear Hunter" in bridge.last.full

    # Response: the damage lands, the card shows it, and the chart's counters appear.
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.status.text() == "Space round 1 · 3 Response"
    assert session.ship("bear-hunter").battle_damage == 1
    assert "●○" in bridge.card_view.cards[1].damage.text()
    counters = window.counters_model
    bearers = {counters.index(r, 0).data() for r in range(counters.rowCount())}
    assert "Space Bear 1" in bearers  # shaken by the Ship rocked line (R46)

    # The player view shows each ship's state and the phase.
    window.actions_by_name["actionPlayerView"].trigger()
    assert window.player_view is not None
    text = window.player_view.space.text()
    assert "Space round 1 · 3 Response" in text and "Bear Hunter: ●○ 1/2 Battle Damage" in text
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.status.text() == "Space round 2 · 1 Support"

    # Undo through the window walks it all back.
    while window.controller.stack.canUndo():
        window.controller.stack.undo()
    assert not session.space.round.active and session.ship("bear-hunter").damage == ()


def test_no_stray_tab_bars_over_other_panels(qtbot: QtBot, window: MainWindow) -> None:
    shown = [b for b in window.findChildren(QTabBar) if b.parent() is window and b.isVisible()]
    groups = sorted(tuple(b.tabText(i) for i in range(b.count())) for b in shown)
    assert groups == [("Log", "History"), ("Map", "Bridge", "Odds and Charts")]


def test_unseen_ships_the_chart_and_house_rules_through_their_dialogs(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.ui.dialogs.space_dialogs import (
        ChartDialog,
        SpaceRulesDialog,
        SurpriseDialog,
    )

    open_bridge(qtbot, window)
    bridge = panel(window)
    session = window.controller.session

    def unseen(dialog: QDialog) -> None:
        assert isinstance(dialog, SurpriseDialog)
        for row in range(dialog.list.count()):
            item = dialog.list.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == "bear-hunter":
                item.setCheckState(Qt.CheckState.Checked)
        dialog.accept()

    answer_dialog(qtbot, unseen)
    qtbot.mouseClick(bridge.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: session.space.round.active)
    assert session.space.round.surprise == ("bear-hunter",)
    assert bridge.status.text().startswith("Before round 1")

    def cheaper_valve(dialog: QDialog) -> None:
        assert isinstance(dialog, ChartDialog)
        for row in range(dialog.table.rowCount()):
            total = dialog.table.item(row, 0)
            if total is not None and total.text() == "7":
                cell = dialog.table.item(row, 1)
                assert cell is not None
                cell.setText("5")
        dialog.accept()

    answer_dialog(qtbot, cheaper_valve)
    press_set_up(qtbot, bridge, bridge.chart_rows_button)
    qtbot.waitUntil(lambda: any(r.roll == 7 and r.dc == 5 for r in session.space.chart))

    def rules(dialog: QDialog) -> None:
        assert isinstance(dialog, SpaceRulesDialog)
        dialog.penalty.setValue(2)
        dialog.scan_dc.setValue(12)
        dialog.accept()

    answer_dialog(qtbot, rules)
    press_set_up(qtbot, bridge, bridge.rules_button)
    qtbot.waitUntil(lambda: session.space.scan_dc == 12)
    assert session.space.swarm_penalty == 2


def test_the_bridge_fits_a_1280_pixel_screen_beside_the_other_panels(
    qtbot: QtBot, window: MainWindow
) -> None:
    # A space fight under way fills the lists with long names ("Doc Ives (Medical
    # Officer)"); they elide rather than push the window past a laptop's width.
    open_bridge(qtbot, window)
    bridge = panel(window)
    answer_dialog(qtbot, lambda dialog: dialog.accept())
    qtbot.mouseClick(bridge.start_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.session.space.round.active)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    assert window.minimumSizeHint().width() <= 1280
    assert bridge.patient.count() > 0 and window.bridge.width() >= bridge.minimumSizeHint().width()


def refused(line: Feedback) -> bool:
    """Whether a feedback line shows a refusal (read afresh each time)."""
    return line.error


def start_space(qtbot: QtBot, window: MainWindow) -> BridgePanel:
    """The bridge open and a space fight started with nobody unseen."""
    from futurepath_desktop.session.commands import StartSpaceCombat

    open_bridge(qtbot, window)
    assert window.controller.push(StartSpaceCombat())
    return panel(window)


def test_a_ship_card_selects_its_ship_by_mouse_and_by_keyboard(
    qtbot: QtBot, window: MainWindow
) -> None:
    bridge = start_space(qtbot, window)
    wayfarer, hunter = bridge.card_view.cards[:2]
    assert bridge.ship_id == "wayfarer" and wayfarer.selected and not hunter.selected
    qtbot.mouseClick(hunter, Qt.MouseButton.LeftButton)
    assert bridge.ship_id == "bear-hunter"
    assert bridge.ship_combo.currentData() == "bear-hunter"
    assert bridge.card_view.cards[1].selected and not bridge.card_view.cards[0].selected
    hunter_ship = window.controller.session.ship("bear-hunter")
    from futurepath_desktop.session.space_rules import crew_name

    crew = [row[2] for row in cells(bridge)]
    assert crew[0] == crew_name(window.controller.session, hunter_ship, Position.CAPTAIN)
    # The keyboard: the cards take the focus; Left goes to the neighbour and selects it,
    # Space selects the focused card.
    assert hunter.focusPolicy() & Qt.FocusPolicy.TabFocus
    hunter.setFocus()
    qtbot.keyClick(hunter, Qt.Key.Key_Left)
    assert bridge.ship_id == "wayfarer" and wayfarer.hasFocus()
    bridge.ship_combo.setCurrentIndex(bridge.ship_combo.findData("bear-hunter"))
    assert bridge.ship_id == "bear-hunter"
    wayfarer.setFocus()
    qtbot.keyClick(wayfarer, Qt.Key.Key_Space)
    assert bridge.ship_id == "wayfarer"


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


def test_an_adrift_ships_stations_cannot_act_and_their_buttons_are_off(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.commands import EditShip, NextSpacePhase
    from futurepath_desktop.session.state import BattleDamage
    from futurepath_desktop.ui.models.stations_model import ACTS_NOW, CANNOT_ACT

    bridge = start_space(qtbot, window)
    push = window.controller.push
    valve = BattleDamage("bd-x", 7, 7, "Ruptured valve", "no effect", "none", 1)
    assert push(EditShip("wayfarer", (("damage", (valve,)),)))
    assert push(NextSpacePhase()) and push(NextSpacePhase())  # 3 Response
    # Before: the Medical Officer and the Engineer act now, their buttons work.
    assert station_status(window, "Medical Officer") == ACTS_NOW
    assert bridge.heal_button.isEnabled() and bridge.repair_button.isEnabled()
    assert push(EditShip("wayfarer", (("state", "adrift"),)))
    statuses = [row[3] for row in cells(bridge)]
    assert statuses and all(s.startswith(CANNOT_ACT) and "adrift" in s for s in statuses)
    for button in (
        bridge.heal_button,
        bridge.repair_button,
        bridge.fire_button,
        bridge.scan_button,
        bridge.fly_button,
    ):
        assert not button.isEnabled(), button.objectName()
        assert "adrift" in button.toolTip() and "(R" not in button.toolTip()
    bridge.stations.select_position(Position.ENGINEER)
    assert not bridge.act_button.isEnabled()
    # The other ship is not adrift: its Engineer acts now.
    bridge.select_ship("bear-hunter")
    assert station_status(window, "Chief Engineer") == ACTS_NOW
    assert bridge.heal_button.isEnabled()
    # Nothing to repair on it: Repair is off, and says why.
    assert not bridge.repair_button.isEnabled()
    assert "no Battle Damage" in bridge.repair_button.toolTip()


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

    def nothing(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        dialog.setIntValue(0)  # heals nothing, ends no condition: the session refuses
        dialog.accept()

    answer_dialog(qtbot, nothing)
    qtbot.mouseClick(bridge.heal_button, Qt.MouseButton.LeftButton)
    crew = bridge.crew.feedback
    qtbot.waitUntil(lambda: refused(crew))
    assert "choose healing or a condition" in crew.full
    assert crew.isVisible() and crew.text().startswith("⚠")
    assert said and "choose healing" in said[-1]  # the status bar hears of it too
    assert not refused(bridge.weapons.feedback) and not refused(bridge.notice)
    # A later success (the Medical Officer heals 3) takes the old refusal away.

    def three(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        dialog.setIntValue(3)
        dialog.accept()

    answer_dialog(qtbot, three)
    qtbot.mouseClick(bridge.heal_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not refused(crew))
    assert "choose healing" not in crew.full and "heals" in crew.full


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


def test_the_log_shows_space_entries_in_the_space_phase(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.core.starship import SpacePhase
    from futurepath_desktop.session.commands import Fire, NextSpacePhase, StartCombat
    from futurepath_desktop.session.commands import space_log as space_commands
    from futurepath_desktop.ui.models import log_model

    # The log model's copies of the space names are the rules' own.
    assert {int(p): p.name.title() for p in SpacePhase} == log_model.SPACE_PHASE_NAMES
    assert log_model.SPACE_KIND == space_commands.SPACE_KIND
    push = window.controller.push
    assert push(StartCombat())  # a ground fight at once, in its own phase
    start_space(qtbot, window)
    assert push(NextSpacePhase())
    assert push(Fire("wayfarer", "bear-hunter", 4))
    assert push(NextSpacePhase())
    model = window.log_model
    session = window.controller.session
    rows = {
        session.log[r].text: (
            model.index(r, log_model.PHASE).data(),
            model.index(r, log_model.TEAM).data(),
            model.index(r, log_model.ROUND).data(),
        )
        for r in range(model.rowCount())
    }
    volley = next(t for t in rows if t.startswith("Wayfarer fires"))
    assert rows[volley] == ("Action", "", "1")
    response = next(t for t in rows if t.startswith("Round 1, 3 Response"))
    assert rows[response][0] == "Response"
    # The ground fight's own entries keep the ground's phase.
    ground = [session.log[r] for r in range(len(session.log)) if session.log[r].team_id]
    assert ground and all(not e.kind.startswith("space") for e in ground)
    tip = model.index(list(rows).index(volley), log_model.EVENT).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("[Space R1 Action]")


def test_the_surprise_question_wraps(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.ui.dialogs.space_dialogs import SurpriseDialog

    dialog = SurpriseDialog(tuple(window.controller.session.ships.values()), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    question = dialog.question
    one_line = question.fontMetrics().horizontalAdvance(question.text())
    assert question.wordWrap()
    assert dialog.width() < one_line  # it does not stretch the dialog to one long line
    lines = question.height() // question.fontMetrics().lineSpacing()
    assert lines >= 2 and question.height() >= question.heightForWidth(question.width())
    assert "(R4" not in question.text()
    dialog.reject()


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


def test_the_stations_model(qtbot: QtBot, window: MainWindow, qtmodeltester: ModelTester) -> None:
    from futurepath_desktop.session.commands import NextSpacePhase

    bridge = start_space(qtbot, window)
    model = bridge.stations.stations
    qtmodeltester.check(model, force_py=True)
    assert window.controller.push(NextSpacePhase())
    bridge.select_ship("bear-hunter")
    qtmodeltester.check(model, force_py=True)
    assert [row[1] for row in cells(bridge)] == [p.label for p in Position]


def test_the_bridge_is_narrow_in_a_laptops_middle_column_and_wide_on_a_big_screen(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.ui.bridge.arrangement import CREW_TAB, WEAPONS_TAB
    from futurepath_desktop.ui.layout import COMPACT, column_widths

    bridge = start_space(qtbot, window)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280 and window.layout_kind == COMPACT)
    deck, set_up = bridge.deck, bridge.arrangement.set_up
    # The compact layout's middle column holds the bridge whole.
    assert bridge.minimumSizeHint().width() <= column_widths(COMPACT, 1280)[1]
    qtbot.waitUntil(deck.tabs.isVisible)
    assert set_up.isVisible() and not bridge.rules_button.isVisible()
    menu = set_up.menu()
    assert menu is not None
    tools = [bridge.add_ship_button, bridge.save_ship_button]
    tools += [bridge.chart_rows_button, bridge.rules_button]
    assert [a.text() for a in menu.actions()] == [b.text() for b in tools]
    # One console at a time: a station picked in the list brings up its own.
    bridge.stations.select_position(Position.WEAPONS)
    assert deck.tabs.currentIndex() == WEAPONS_TAB
    assert bridge.fire_button.isVisible() and not bridge.heal_button.isVisible()
    bridge.stations.select_position(Position.MEDICAL)
    assert deck.tabs.currentIndex() == CREW_TAB
    assert bridge.heal_button.isVisible() and not bridge.fire_button.isVisible()
    # A refusal in the console behind its tab brings that console up: it is read there.
    bridge.refuse("Pick a target first", bridge.weapons.feedback)
    assert bridge.weapons.feedback.isVisible() and bridge.weapons.feedback.error
    # A big screen: the set-up buttons in a row and both consoles side by side.
    window.resize(1920, 1080)
    qtbot.waitUntil(bridge.rules_button.isVisible)
    assert not set_up.isVisible() and not deck.tabs.isVisible()
    assert bridge.weapons.isVisible() and bridge.crew.isVisible()
    assert bridge.weapons.y() == bridge.crew.y()
    assert bridge.weapons.geometry().right() < bridge.crew.x()
    assert bridge.weapons.title() and bridge.crew.title()


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


def card_text(card: QWidget) -> str:
    from PySide6.QtWidgets import QLabel

    return " ".join(label.text() for label in card.findChildren(QLabel))


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
    assert "Bear Hunter fires" in said and not bridge.weapons.feedback.error
    volley = next(e.text for e in session.log if e.text.startswith("Bear Hunter fires"))
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


def test_every_ship_of_the_surprise_list_shows_whole(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import QRect

    from futurepath_desktop.ui.dialogs.space_dialogs import SurpriseDialog
    from futurepath_desktop.ui.widgets.focus_frame import WIDTH

    dialog = SurpriseDialog(tuple(window.controller.session.ships.values()), window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    ships = dialog.list
    ships.setFocus()  # reached from the keyboard: the focus frame lies along its edge
    qtbot.wait(20)
    assert ships.count() == len(list(window.controller.session.ships.values())) >= 2
    # Inside the list's frame and clear of the focus frame drawn along the inside of it.
    clear = ships.rect().adjusted(WIDTH, WIDTH, -WIDTH, -WIDTH)
    viewport = ships.viewport()
    for row in range(ships.count()):
        item = ships.item(row)
        shown = ships.visualItemRect(item)
        assert viewport.rect().contains(shown), f"{item.text()!r} at {shown} is cut off"
        in_list = QRect(viewport.mapTo(ships, shown.topLeft()), shown.size())
        text = ships.fontMetrics().boundingRect(item.text())
        assert in_list.height() >= text.height()
        assert clear.contains(in_list), f"{item.text()!r} at {in_list} under the frame {clear}"
    assert ships.verticalScrollBar().value() == 0
    dialog.reject()


def test_a_ship_cards_mods_do_not_read_as_abilities_and_its_tip_has_the_words(
    qtbot: QtBot, window: MainWindow
) -> None:
    import re

    from futurepath_desktop.core.abilities import ABILITIES
    from futurepath_desktop.ui.bridge.ship_cards import MODS

    bridge = start_space(qtbot, window)
    mods = [name for name, _ in MODS]
    assert sorted(mods) == sorted(
        ("engines", "weapons", "structure", "shields", "electronics", "sensors")
    )
    for card in bridge.card_view.cards:
        ship = window.controller.session.ship(card.ship_id)
        shown = re.sub(r"<[^>]+>", " ", card.details.text())
        for name, short in MODS:
            value = f"{getattr(ship, name):+d}"
            assert f"{short} {value}" in shown
            # A short form is the start of its own word, not an ability's own short form
            # (STR is strength, not structure), nor the start of another mod.
            assert name.startswith(short.lower()) and len(short) >= 3
            assert short.upper() not in ABILITIES, short
            assert not any(other.startswith(short.lower()) for other in mods if other != name)
            assert f"{name.title()} {value}" in card.details.toolTip()


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


class _WindowsShown(QObject):
    """Counts the windows of their own that widgets open (a Show of a top-level widget)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.Show
            and isinstance(watched, QWidget)
            and watched.isWindow()
            and not isinstance(watched, QMenu)
        ):
            self.names.append(type(watched).__name__)
        return False


def test_the_bridge_is_built_inside_the_window(qtbot: QtBot, window: MainWindow) -> None:
    """Its first showing opens no window of its own, however briefly: a ship card shown
    before it had a parent took the keyboard away from the main window."""
    spy = _WindowsShown()
    app = QApplication.instance()
    assert app is not None
    app.installEventFilter(spy)
    try:
        window.bridge.show()
        window.bridge.raise_()
        qtbot.waitUntil(lambda: window.bridge.panel is not None)
        qtbot.wait(50)
    finally:
        app.removeEventFilter(spy)
    assert spy.names == []
    assert window.isActiveWindow()

"""The Bridge panel driven through a space round with its buttons (R41-R47): start, stations
highlighted by phase, a scan, the weapons console's live odds and every d10 in the log,
Battle Damage in the Response phase, a repair, and the player view's line for each ship."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QInputDialog,
    QMenu,
    QTabBar,
    QWidget,
)
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import (
    Position,
    battle_damage_fraction,
    battle_damage_odds,
)
from futurepath_desktop.session.space_rules import volley_dc
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import ScriptedRandom
from tests.ui.bridge_steps import (
    cells,
    open_bridge,
    panel,
    press_set_up,
    start_space,
    station_status,
)
from tests.ui.conftest import answer_dialog


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
    james_int = session.combatants["james"].abilities.mod("intelligence")
    # R57: the scan is entered now and rolled when the phase ends; until then the odds
    # count it by its chance (James: d20 + INT against DC 15).
    qtbot.mouseClick(bridge.scan_button, Qt.MouseButton.LeftButton)
    assert not session.space.round.scanned
    assert station_status(window, "Communications/Sensor Officer") == (
        "◷ scans Bear Hunter: rolled when the phase ends"
    )
    assert bridge.status.text() == "Space round 1 · 2 Action · 1 to roll"
    bridge.update_odds()
    with_scan = battle_damage_fraction(4, dc.count, dc.threshold, wayfarer.weapons, 2)
    without = battle_damage_fraction(4, dc.count, dc.threshold, wayfarer.weapons, 0)
    hit = Fraction(sum(1 for f in range(1, 21) if f + james_int >= 15), 20)
    mixed = hit * with_scan + (1 - hit) * without
    assert f"{float(mixed):.1%}" in bridge.odds.text()
    assert f"+2 if the scan succeeds ({float(hit):.0%})" in bridge.odds.text()
    qtbot.mouseClick(bridge.fire_button, Qt.MouseButton.LeftButton)
    assert station_status(window, "Weapons Officer").startswith("◷ fires at Bear Hunter")
    assert (
        "Wayfarer aims 4 hard points at Bear Hunter: rolled when the Action phase"
        in bridge.last.full
    )
    assert bridge.status.text() == "Space round 1 · 2 Action · 2 to roll"
    assert "Wayfarer's scan of Bear Hunter" in bridge.next_button.toolTip()
    # The console now tells the odds of the volley waiting, as it will be rolled.
    bridge.hard_points.setValue(1)
    bridge.update_odds()
    assert "the volley waiting at Bear Hunter" in bridge.odds.text()
    assert f"{float(mixed):.1%}" in bridge.odds.text() and "4d10" in bridge.odds.text()
    # The scan succeeds (+2 on every d10, R44); 4 ✓ + re-roll ✓; chart 5.
    session.rng = ScriptedRandom([18 - james_int, 9, 8, 7, 6, 5, 3, 2])
    # Response: the phase's rolls, then the damage lands, the card shows it, and the
    # chart's counters appear.
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.status.text() == "Space round 1 · 3 Response"
    assert session.space.round.scanned == ("wayfarer",)
    volley = next(e for e in reversed(session.log) if e.text.startswith("Wayfarer fires 4"))
    assert "4d10 (9✓, 8✓, 7✓, 6✓), re-rolls (5✓), +2 scan" in volley.text
    assert station_status(window, "Weapons Officer").startswith("✓ fires at Bear Hunter")
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
    # One line changed: that line's edit, and the history names it.
    stack = window.controller.stack
    assert stack.text(stack.index() - 1) == "Edit chart line 7"

    def rules(dialog: QDialog) -> None:
        assert isinstance(dialog, SpaceRulesDialog)
        dialog.penalty.setValue(2)
        dialog.scan_dc.setValue(12)
        dialog.accept()

    answer_dialog(qtbot, rules)
    press_set_up(qtbot, bridge, bridge.rules_button)
    qtbot.waitUntil(lambda: session.space.scan_dc == 12)
    assert session.space.swarm_penalty == 2


def test_an_adrift_ships_stations_cannot_act_and_their_buttons_are_off(
    qtbot: QtBot, window: MainWindow
) -> None:
    from futurepath_desktop.session.commands import EditShip, NextSpacePhase
    from futurepath_desktop.session.state import BattleDamage
    from futurepath_desktop.ui.models.stations_model import ACTS_NOW, CANNOT_ACT, NO_CREW

    bridge = start_space(qtbot, window)
    push = window.controller.push
    valve = BattleDamage("bd-x", 7, 7, "Ruptured valve", "no effect", "none", 1)
    assert push(EditShip("wayfarer", (("damage", (valve,)),)))
    assert push(NextSpacePhase()) and push(NextSpacePhase())  # 3 Response
    # Before: the Medical Officer and the Engineer act now, their buttons work.
    assert station_status(window, "Medical Officer") == ACTS_NOW
    assert bridge.heal_button.isEnabled(), bridge.heal_button.toolTip()
    assert bridge.repair_button.isEnabled(), bridge.repair_button.toolTip()
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
    # Nobody holds its Medical Officer's station: it cannot act, and looks it (R41).
    assert station_status(window, "Medical Officer") == NO_CREW
    assert not bridge.heal_button.isEnabled()
    assert "nobody holds Bear Hunter's Medical Officer station" in bridge.heal_button.toolTip()
    # Nothing to repair on it: Repair is off, and says why.
    assert not bridge.repair_button.isEnabled()
    assert "no Battle Damage" in bridge.repair_button.toolTip()


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
    # Told from the ground fight's Action phase of round 1 by the Team column.
    assert rows[volley] == ("Action", "Space", "1")
    response = next(t for t in rows if t.startswith("Round 1, 3 Response"))
    assert rows[response][0] == "Response"
    # The ground fight's own entries keep the ground's phase.
    ground = [session.log[r] for r in range(len(session.log)) if session.log[r].team_id]
    assert ground and all(not e.kind.startswith("space") for e in ground)
    tip = model.index(list(rows).index(volley), log_model.EVENT).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("[Space round 1, Action]")


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


def test_the_stations_model(qtbot: QtBot, window: MainWindow, qtmodeltester: ModelTester) -> None:
    from futurepath_desktop.session.commands import NextSpacePhase

    bridge = start_space(qtbot, window)
    model = bridge.stations.stations
    qtmodeltester.check(model, force_py=True)
    assert window.controller.push(NextSpacePhase())
    bridge.select_ship("bear-hunter")
    qtmodeltester.check(model, force_py=True)
    assert [row[1] for row in cells(bridge)] == [p.label for p in Position]


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

"""The Bridge panel driven through a space round with its buttons (R41-R47): start, stations
highlighted by phase, a scan, the weapons console's live odds and every d10 in the log,
Battle Damage in the Response phase, a repair, and the player view's line for each ship."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QInputDialog, QTabBar
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.starship import battle_damage_odds
from futurepath_desktop.session.commands.space import volley_dc
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


def station_status(window: MainWindow, title: str) -> str:
    tree = panel(window).stations
    for row in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(row)
        if item is not None and item.text(1) == title:
            return item.text(3)
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

    captain = bridge.stations.topLevelItem(0)
    assert captain is not None
    bridge.stations.setCurrentItem(captain)
    answer_dialog(qtbot, order)
    qtbot.mouseClick(bridge.act_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: station_status(window, "Captain").startswith("✓"))
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.status.text() == "Space round 1 · 2 Action"
    assert station_status(window, "Weapons Officer") == "▶ acts now"

    # The weapons console shows the exact odds before anything is rolled.
    bridge.target.setCurrentIndex(bridge.target.findData("bear-hunter"))
    bridge.update_odds()
    wayfarer, hunter = session.space.ship("wayfarer"), session.space.ship("bear-hunter")
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
    volley = next(e for e in reversed(session.log) if e.kind == "attack")
    assert "4d10 (9✓, 8✓, 7✓, 6✓), re-rolls (5✓), +2 scan" in volley.text
    assert station_status(window, "Weapons Officer").startswith("✓ fires at Bear Hunter")
    assert "Battle Damage on Bear Hunter" in bridge.last.text()

    # Response: the damage lands, the card shows it, and the chart's counters appear.
    qtbot.mouseClick(bridge.next_button, Qt.MouseButton.LeftButton)
    assert bridge.status.text() == "Space round 1 · 3 Response"
    assert session.space.ship("bear-hunter").battle_damage == 1
    assert "●○" in bridge.cards[1].damage.text()
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
    assert not session.space.round.active and session.space.ship("bear-hunter").damage == ()


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
    qtbot.mouseClick(bridge.chart_rows_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(r.roll == 7 and r.dc == 5 for r in session.space.chart))

    def rules(dialog: QDialog) -> None:
        assert isinstance(dialog, SpaceRulesDialog)
        dialog.penalty.setValue(2)
        dialog.scan_dc.setValue(12)
        dialog.accept()

    answer_dialog(qtbot, rules)
    qtbot.mouseClick(bridge.rules_button, Qt.MouseButton.LeftButton)
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

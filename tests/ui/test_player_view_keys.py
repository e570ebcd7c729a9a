"""The players' window when it has the keyboard (a window manager may give it to a window
going full screen): the GM's keys still run the fight from it, its own F11 and Esc stay its
own, and a right click offers full screen and back for a GM with the mouse alone."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.test_window_flows import start_with_only_brandon_aware


def test_the_gms_keys_work_in_the_players_window(qtbot: QtBot, window: MainWindow) -> None:
    start_with_only_brandon_aware(qtbot, window)
    window.show_player_view()
    view = window.player_view
    assert view is not None
    view.activateWindow()
    qtbot.waitUntil(view.isActiveWindow)
    session = window.controller.session
    before = (session.combat.phase, session.combat.turn_index)
    qtbot.keyClick(view, Qt.Key.Key_N)
    assert (session.combat.phase, session.combat.turn_index) != before, "N: next turn"
    assert not view.isFullScreen()
    qtbot.keyClick(view, Qt.Key.Key_F11)
    qtbot.waitUntil(view.isFullScreen)
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not view.isFullScreen())
    assert view.isVisible(), "the first Esc only leaves full screen"


def test_a_right_click_leaves_full_screen(qtbot: QtBot, window: MainWindow) -> None:
    window.show_player_view()
    view = window.player_view
    assert view is not None
    view.toggle_full_screen()
    qtbot.waitUntil(view.isFullScreen)
    click = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, QPoint(20, 20), QPoint(20, 20))
    QApplication.sendEvent(view, click)
    menu = view.findChild(QMenu, "playerViewMenu")
    assert menu is not None
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Leave Full Screen", "Close Player View"]
    menu.actions()[0].trigger()
    qtbot.waitUntil(lambda: not view.isFullScreen())
    menu.close()


def test_a_stray_wheel_leaves_the_players_map_whole(qtbot: QtBot, window: MainWindow) -> None:
    from tests.ui.test_map_zoom import wheel

    window.show_player_view()
    view = window.player_view
    assert view is not None
    qtbot.waitExposed(view)
    players_map = view.map_view
    scale = players_map.transform().m11()
    wheel(players_map, players_map.viewport().rect().center(), 4)
    assert players_map.transform().m11() == scale and players_map.fitted
    players_map.setFocus()
    for key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):  # nor do the zoom keys, with its keys
        qtbot.keyClick(players_map, key)
    assert players_map.transform().m11() == scale and players_map.fitted
    # The GM's map zooms as before.
    wheel(window.map.view, window.map.view.viewport().rect().center(), 2)
    assert not window.map.view.fitted

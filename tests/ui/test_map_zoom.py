"""Zooming the map as a GM does: the wheel keeps the spot under the pointer in place, the
keys the map shows in its tips (+, −, 0, the tool digits) work while it has the keys, and
a zoom on a map of a thousand tokens draws at once only the tokens in view."""

from __future__ import annotations

import math

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from benchmarks.fixtures import big_map_session
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.items import TokenItem, picture_ratio
from futurepath_desktop.ui.map.scene import MapScene, square_rect
from futurepath_desktop.ui.map.view import MapView, Tool
from futurepath_desktop.ui.undo import SessionController


def wheel(view: MapView, at: QPoint, notches: int) -> None:
    """Turn the mouse wheel over the map, the pointer at ``at`` in its viewport."""
    for _ in range(abs(notches)):
        event = QWheelEvent(
            QPointF(at),
            QPointF(view.viewport().mapToGlobal(at)),
            QPoint(0, 0),
            QPoint(0, 120 if notches > 0 else -120),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(view.viewport(), event)


def doubled(window: MainWindow) -> MapView:
    """The window large, its map at 2:1 about the map's middle."""
    window.resize(1600, 1000)
    view = window.map.view
    view.resetTransform()
    view.zoom_by(2.0)
    view.centerOn(view.sceneRect().center())
    QApplication.processEvents()
    return view


def test_the_wheel_keeps_the_spot_under_the_pointer_in_place(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = doubled(window)  # larger than the view: it scrolls, so a spot can stay put
    assert view.horizontalScrollBar().maximum() > 0 and view.verticalScrollBar().maximum() > 0
    # Well away from the middle of the view, where any zoom would keep it.
    pointer = view.viewport().rect().center() + QPoint(90, 60)
    spot = view.mapToScene(pointer)
    for notches in (2, -1, 2, -2):
        before = view.transform().m11()
        wheel(view, pointer, notches)
        assert view.transform().m11() != before
        now = view.mapFromScene(spot)
        assert math.dist((now.x(), now.y()), (pointer.x(), pointer.y())) <= 2 * abs(notches)


def test_plus_and_minus_zoom_the_map_that_has_the_keys(qtbot: QtBot, window: MainWindow) -> None:
    view = window.map.view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    steps = window.controller.stack.count()
    scale = view.transform().m11()
    qtbot.keyClick(view, Qt.Key.Key_Plus)
    assert view.transform().m11() > scale
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    qtbot.keyClick(view, Qt.Key.Key_Minus)
    assert view.transform().m11() < scale
    # Zooming is not a change to the fight (the window's Extend and Shorten never ran).
    assert window.controller.stack.count() == steps
    # The digits pick the tools and 0 fits the map, as their tips say, with the map's keys.
    qtbot.keyClick(view, Qt.Key.Key_3)
    assert view.tool is list(Tool)[2]
    qtbot.keyClick(view, Qt.Key.Key_1)
    assert view.tool is Tool.MOVE
    assert not view.fitted
    qtbot.keyClick(view, Qt.Key.Key_0)
    assert view.fitted


def test_a_zoom_draws_the_tokens_in_view_now_and_the_rest_while_idle(qtbot: QtBot) -> None:
    session = big_map_session()
    controller = SessionController(session, None)
    scene = MapScene()
    scene.sync(session)
    view = MapView(scene, controller)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    view.fit()
    qtbot.waitUntil(lambda: all(item.ratio == scene.ratio for item in scene.tokens.values()))
    far = scene.ratio
    view.resetTransform()
    view.zoom_by(1.0)  # from the whole map to 1:1: a new picture for every token
    assert scene.near and scene.ratio == picture_ratio(view.devicePixelRatioF(), True) != far
    in_view = {item for item in view.items(view.viewport().rect()) if isinstance(item, TokenItem)}
    assert 0 < len(in_view) < len(scene.tokens) // 10
    assert all(item.ratio == scene.ratio and item.near for item in in_view)
    waiting = [item for item in scene.tokens.values() if item.ratio != scene.ratio]
    assert len(waiting) >= len(scene.tokens) - len(in_view)
    # Each waiting token is still drawn where it stands, as big as it is.
    sample = waiting[0]
    assert sample.boundingRect().width() >= square_rect(0, 0).width()
    qtbot.waitUntil(
        lambda: all(item.ratio == scene.ratio and item.near for item in scene.tokens.values()),
        timeout=10_000,
    )


def test_tokens_far_out_share_their_pictures(qtbot: QtBot) -> None:
    """A quarter of the map's size and less, a token is a disc with no letters: tokens of
    one team and state share one picture, so a zoom there draws a few, not a thousand."""
    session = big_map_session()
    scene = MapScene()
    scene.sync(session)
    view = MapView(scene, SessionController(session, None))
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.show()
    view.resetTransform()
    view.zoom_by(0.25)
    assert not scene.near
    qtbot.waitUntil(lambda: all(item.ratio == scene.ratio for item in scene.tokens.values()))
    pictures = {item.pixmap().cacheKey() for item in scene.tokens.values()}
    looks = {
        (item.look.colour, item.look.down, item.look.hidden, item.chosen)
        for item in scene.tokens.values()
    }
    assert len(pictures) == len(looks) < len(session.teams) * 3
    # Nearer, each has its own letters again.
    view.zoom_by(2.0)
    qtbot.waitUntil(lambda: all(item.ratio == scene.ratio for item in scene.tokens.values()))
    assert len({item.pixmap().cacheKey() for item in scene.tokens.values()}) == len(scene.tokens)


def test_the_view_menu_zooms_the_map_from_anywhere(qtbot: QtBot, window: MainWindow) -> None:
    """Ctrl+= / Ctrl+- / Ctrl+0 (View ▸ Zoom the Map In, Out, Fit the Whole Map) work with
    the keys in another panel, and bring the map to the front of its tabs."""
    window.bridge.show()
    window.bridge.raise_()
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    view = window.map.view

    def fitted() -> bool:
        return view.fitted

    assert fitted()
    scale = view.transform().m11()
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() > scale and not fitted()
    qtbot.waitUntil(lambda: not window.map.visibleRegion().isEmpty())
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() < scale
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert fitted() and math.isclose(view.transform().m11(), scale)
    assert window.actions_by_name["actionZoomMapIn"].text().replace("&", "") == "Zoom the Map In"


def test_the_wheel_zooms_out_no_further_than_half_the_whole_map(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = window.map.view
    view.fit()
    whole = view.transform().m11()
    wheel(view, view.viewport().rect().center(), -40)
    assert whole / 2 / 1.15 <= view.transform().m11() < whole
    wheel(view, view.viewport().rect().center(), 2)  # and back in, from there
    assert view.transform().m11() > whole / 2


def test_the_line_under_the_map_follows_a_zoom_under_a_resting_pointer(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = doubled(window)
    pointer = view.viewport().rect().center() + QPoint(150, 110)
    qtbot.mouseMove(view.viewport(), pointer)
    status = window.map.status
    qtbot.waitUntil(lambda: status.text().startswith("Square "))
    said = status.text()
    # Zoomed out until the map is smaller than the view, which centres it: the spot that
    # was under the pointer cannot stay there, and another square comes under it.
    wheel(view, pointer, -8)
    from futurepath_desktop.session.map_rules import square_name
    from futurepath_desktop.ui.map.scene import square_at

    now = square_at(view.mapToScene(pointer))
    assert status.text() != said
    assert status.text().startswith(f"Square {square_name(now)}:")

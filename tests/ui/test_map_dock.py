"""The Map panel driven with real mouse and key events: drag a token along the path the
rules choose (R34-R36), undo it, paint difficult terrain and see the cost change, lay a
burst and damage everyone inside, throw a grenade (R38), and the player view's fog."""

from __future__ import annotations

import math
import re
from pathlib import Path

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.grid import Terrain
from futurepath_desktop.session.commands import (
    AddCondition,
    NextTurn,
    PaintTerrain,
    PlaceToken,
    RemoveArea,
    StartCombat,
)
from futurepath_desktop.session.map_rules import footprints
from futurepath_desktop.ui.dialogs.amount_dialog import AmountDialog
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.overlay import screen_rect
from futurepath_desktop.ui.map.scene import MapScene, square_rect
from futurepath_desktop.ui.map.tools.areas import AreaTool
from futurepath_desktop.ui.map.view import MapView, Tool
from tests.ui.conftest import answer_dialog
from tests.ui.map_board import no_vision


def at(view: MapView, square: tuple[int, int]) -> QPoint:
    """The viewport point at the middle of a square."""
    return view.mapFromScene(square_rect(*square).center())


def drag(
    qtbot: QtBot,
    view: MapView,
    squares: list[tuple[int, int]],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Press on the first square, move over the rest, release on the last."""
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(view, squares[0]))
    for square in squares[1:]:
        qtbot.mouseMove(viewport, at(view, square))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, at(view, squares[-1]))


def area_tool(view: MapView, tool: Tool) -> AreaTool:
    """The fog or zone tool, to end a rectangle drag on it directly."""
    area = view.tools[tool]
    assert isinstance(area, AreaTool)
    return area


def token_square(window: MainWindow, ident: str) -> tuple[int, int]:
    grid = window.controller.session.map
    assert grid is not None
    return window.controller.session.tokens[ident].square


def big(window: MainWindow) -> MapView:
    """The map view, large enough that every square is many pixels wide."""
    window.resize(1600, 1000)
    view = window.map.view
    view.resetTransform()
    view.fitted = False
    view.centerOn(square_rect(8, 6).center())
    return view


def test_dragging_a_token_shows_the_rules_path_and_makes_one_undoable_move(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    stack = window.controller.stack
    before = stack.count()
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(view, (3, 4)))
    assert view.drag is not None and view.drag.combatant_id == "brandon"
    for square in ((4, 4), (5, 4), (6, 4), (7, 4)):
        qtbot.mouseMove(viewport, at(view, square))
    assert view.drag.path is not None and view.drag.path.cost_ft == 20
    assert view.drawings.path_label.text() == "20 ft of 30 ft"
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(view, (7, 4)))
    assert token_square(window, "brandon") == (7, 4)
    assert stack.count() == before + 1  # the whole drag is one undo step
    assert window.controller.session.log[-1].text.startswith("Brandon moves 20 ft")
    item = window.map.scene.tokens["brandon"]
    assert item.pos() == square_rect(7, 4).topLeft()
    window.actions_by_name["actionUndo"].trigger()
    assert token_square(window, "brandon") == (3, 4)
    assert item.pos() == square_rect(3, 4).topLeft()


def test_past_the_budget_the_preview_warns_and_only_shift_overrides(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    far = [(3, 4), (6, 4), (9, 3), (12, 2)]  # 45 ft away: beyond a 30 ft run
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(view, far[0]))
    for square in far[1:]:
        qtbot.mouseMove(viewport, at(view, square))
    assert "past the budget" in view.drawings.path_label.text()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(view, far[-1]))
    assert token_square(window, "brandon") == (3, 4)
    assert "has 30 ft left" in window.statusBar().currentMessage()
    drag(qtbot, view, far, Qt.KeyboardModifier.ShiftModifier)
    assert token_square(window, "brandon") == (12, 2)
    assert "rules overridden" in window.controller.session.log[-1].text


def test_painting_difficult_terrain_changes_the_cost_of_the_same_drag(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(view, (4, 6)))
    qtbot.mouseMove(viewport, at(view, (7, 6)))
    assert view.drag is not None and view.drag.path is not None
    assert view.drag.path.cost_ft == 15
    view.cancel()
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(view, (4, 6)))
    window.map.set_tool(Tool.BRUSH)
    window.map.options.brush.setCurrentIndex(1)  # difficult terrain
    before = window.controller.stack.count()
    drag(qtbot, view, [(5, y) for y in range(1, 17)] + [(6, y) for y in range(16, 0, -1)])
    assert window.controller.stack.count() == before + 1  # one stroke, one step
    grid = window.controller.session.map
    assert grid is not None and grid.terrain_at((5, 9)) == Terrain.DIFFICULT
    window.map.set_tool(Tool.MOVE)
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(view, (4, 6)))
    qtbot.mouseMove(viewport, at(view, (7, 6)))
    assert view.drag.path.cost_ft == 25  # two difficult squares entered: 10 + 10 + 5
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(view, (7, 6)))
    assert token_square(window, "james") == (7, 6)


def test_a_burst_lists_who_is_inside_and_damages_them_all_in_one_step(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    window.map.set_tool(Tool.TEMPLATE)
    window.map.options.size_ft.setValue(10)
    drag(qtbot, view, [(15, 5)])
    session = window.controller.session
    inside = window.map.inside_ids()
    # An independent count: tokens within 2 squares of (15, 5) on the R34 metric.
    assert session.map is not None
    expected = [i for i, t in session.tokens.items() if max(abs(t.x - 15), abs(t.y - 5)) <= 2]
    assert inside == expected and len(inside) == 3
    assert window.initiative.selected_ids() == inside
    # Three names are too many for the options row: it counts them, the tip names them.
    names = [session.combatants[i].name for i in inside]
    assert window.map.options.inside.text() in (
        f"Inside: {', '.join(names)}",
        f"{len(names)} inside",
    )
    assert window.map.options.inside.toolTip() == ", ".join(names)
    hp = {i: session.combatants[i].hp for i in inside}
    before = window.controller.stack.count()

    asked: list[str] = []

    def fill(dialog: QDialog) -> None:
        # The Damage dialog of the Damage key: the names inside, no amount typed for the
        # GM, keys straight into the amount.
        assert isinstance(dialog, AmountDialog) and dialog.windowTitle() == "Damage"
        label = dialog.findChild(QLabel)
        assert label is not None
        asked.extend([label.text(), str(dialog.value())])
        assert dialog.focusWidget() is dialog.amount
        qtbot.keyClicks(dialog.amount, "4")
        qtbot.keyClick(dialog.amount, Qt.Key.Key_Return)

    answer_dialog(qtbot, fill)
    button = window.map.options.inside
    assert button.isEnabled() and button.menu() is not None
    assert window.map.options.damage_inside in button.menu().actions()
    window.map.options.damage_inside.trigger()  # the button's menu: Damage inside…
    qtbot.waitUntil(lambda: window.controller.stack.count() == before + 1)
    assert all(session.combatants[i].hp == max(0, hp[i] - 4) for i in inside)
    assert all(name in asked[0] for name in names) and asked[1] == "0"
    damage_lines = [e.text for e in session.log if e.kind == "damage"][-len(inside) :]
    assert all("damage from area" in line for line in damage_lines), damage_lines


def click(
    qtbot: QtBot,
    view: MapView,
    square: tuple[int, int],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """Press and release the left button on a square."""
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, at(view, square))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, at(view, square))


def test_a_grenade_scatters_and_its_counter_lands_in_the_log_and_the_counters_panel(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    window.map.set_tool(Tool.GRENADE)
    window.map.options.damage.setText("2d6")
    window.map.options.size_ft.setValue(5)
    click(qtbot, view, (3, 4), Qt.KeyboardModifier.ControlModifier)  # picks the thrower
    assert view.selected_id == "brandon"
    session = window.controller.session
    assert session.map is not None and not list(session.grenades.values())  # a pick throws nothing
    assert view.drawings.ranges.isVisible()  # R38's maximum throw is drawn
    click(qtbot, view, (9, 4))
    entry = session.log[-1]
    assert entry.kind == "grenade" and "scatter 2d10 (" in entry.text
    assert session.map is not None and len(list(session.grenades.values())) == 1
    pending = next(iter(session.grenades.values()))
    blast = next(t.id for t in session.templates.values() if t.grenade_id == pending.id)
    assert blast in window.map.scene._templates
    model = window.counters_model
    names = [model.index(r, 1).data() for r in range(model.rowCount())]
    assert "Grenade" in names
    log = window.log_model
    texts = [log.index(r, 3).data() for r in range(log.rowCount())]
    assert any("throws a grenade" in str(t) for t in texts)


def test_the_grenade_tool_throws_at_a_square_that_holds_a_token(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    session = window.controller.session
    assert window.controller.push(PlaceToken("bear-1", 6, 4))  # within Brandon's throw
    window.initiative.select(["brandon"])
    window.map.set_tool(Tool.GRENADE)
    click(qtbot, view, (6, 4))  # on the bear's token
    assert session.map is not None and len(list(session.grenades.values())) == 1
    grenade = next(iter(session.grenades.values()))
    # Thrown at the bear (its counter times the blast, R38), not a click that selects it.
    assert grenade.thrower_id == "brandon"
    assert view.selected_id == "brandon"
    assert "at G5" in " ".join(e.text for e in session.log[-3:])


def test_with_nobody_selected_the_acting_team_throws(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.session.commands import StartCombat

    view = big(window)
    session = window.controller.session
    window.map.set_tool(Tool.GRENADE)
    view.select(None, notify=False)
    click(qtbot, view, (6, 4))
    assert session.map is not None and not list(session.grenades.values())
    assert view.note.isVisible() and "thrower" in view.note.text()
    assert window.controller.push(StartCombat())
    acting = session.combat.acting_team
    assert acting is not None
    view.select(None, notify=False)
    click(qtbot, view, (6, 4))
    assert len(list(session.grenades.values())) == 1
    thrower = session.combatants[str(next(iter(session.grenades.values())).thrower_id)]
    assert thrower.team_id == acting and thrower.id in session.tokens
    assert not view.note.isVisible()  # the refusal went with the later success


def gap(a: QRectF, b: QRectF) -> float:
    """How far apart two rectangles are (0 when they touch or overlap)."""
    dx = max(0.0, max(a.left(), b.left()) - min(a.right(), b.right()))
    dy = max(0.0, max(a.top(), b.top()) - min(a.bottom(), b.bottom()))
    return math.hypot(dx, dy)


def test_a_refused_move_is_noted_beside_its_square_until_a_later_success(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    far = [(3, 4), (6, 4), (9, 3), (12, 2)]  # 45 ft: past a 30 ft run
    drag(qtbot, view, far)
    assert token_square(window, "brandon") == (3, 4)
    note = view.note
    assert note.isVisible() and "has 30 ft left" in note.text()
    assert not re.search(r"\bR\d+\b", note.text()), "the rulings' numbers stay off the map"
    where = screen_rect(view, note)
    square = QRectF(view.mapFromScene(square_rect(12, 2)).boundingRect())
    assert QRectF(view.viewport().rect()).contains(where)
    assert gap(where, square) < 3 * square.width(), "the note is beside the square tried"
    assert area_tool(view, Tool.FOG).drop(
        (20, 1), (21, 2)
    )  # a later success on the map: the note goes
    assert not note.isVisible()
    drag(qtbot, view, far)
    assert note.isVisible()
    drag(qtbot, view, [(3, 4), (5, 4)])  # tried again, within reach this time
    assert token_square(window, "brandon") == (5, 4)
    assert not note.isVisible()


def test_a_refused_map_action_is_noted_and_another_tool_clears_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    window.initiative.select(["brandon"])
    window.map.set_tool(Tool.GRENADE)
    click(qtbot, view, (26, 16))  # far past the longest throw
    assert view.note.isVisible() and "throws at most" in view.note.text()
    window.map.set_tool(Tool.MOVE)
    assert not view.note.isVisible()


def test_the_ruler_goes_when_another_tool_is_chosen(qtbot: QtBot, window: MainWindow) -> None:
    view = big(window)
    window.map.set_tool(Tool.RULER)
    drag(qtbot, view, [(3, 4), (6, 4), (8, 6)])
    assert view.drawings.ruler.isVisible() and view.drawings.ruler_label.text().startswith("25 ft")
    window.map.set_tool(Tool.TEMPLATE)
    assert not view.drawings.ruler.isVisible() and not view.drawings.ruler_label.isVisible()


def test_the_no_map_hint_follows_the_session_s_map(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.session.state import Session

    status = window.map.status
    assert "no map" not in status.text()
    window.controller.replace(Session(name="No map yet"), None)
    assert "no map" in status.text()
    window.controller.replace(demo_session(), None)  # opened, or recovered, with a map
    assert "no map" not in status.text()


def edge_square(view: MapView, row: int) -> tuple[int, int]:
    """The rightmost square of a row wholly inside the viewport."""
    room = view.viewport().rect()
    x = 0
    while room.contains(view.mapFromScene(square_rect(x + 1, row)).boundingRect()):
        x += 1
    return (x, row)


def test_the_cost_label_stays_in_view_and_clear_of_tokens(qtbot: QtBot, window: MainWindow) -> None:
    view = big(window)
    room = QRectF(view.viewport().rect())
    view.begin_drag("brandon")
    label = view.drawings.path_label
    for square in (edge_square(view, 4), edge_square(view, 8)):
        view.preview(square)
        assert label.isVisible() and room.contains(screen_rect(view, label)), square
    # Beside Space Bear 1, whose token the label used to cover.
    grid = window.controller.session.map
    assert grid is not None
    bear = window.controller.session.tokens["bear-1"].square
    view.preview((bear[0] - 1, bear[1]))
    where = screen_rect(view, label)
    for ident, token in window.controller.session.tokens.items():
        body = QRectF(view.mapFromScene(square_rect(*token.square)).boundingRect())
        assert not where.intersects(body), f"the label covers {ident}'s token"
    view.cancel()


def test_the_keyboard_moves_a_token_too(qtbot: QtBot, window: MainWindow) -> None:
    view = big(window)
    window.initiative.select(["art"])
    assert view.selected_id == "art"
    view.setFocus()
    for _ in range(3):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.drag is not None and view.drag.path is not None
    assert view.drag.path.cost_ft == 15
    assert "Enter moves here" in window.map.status.text()
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert token_square(window, "art") == (5, 8)
    # The move is made: the line under the map no longer offers it.
    assert "Enter" not in window.map.status.text()
    assert window.map.status.text().startswith(view.describe((5, 8)).split(":")[0])
    assert view.hasFocus(), "given to the map itself, the keys stay there"


def test_m_walks_a_token_and_gives_the_keys_back_to_team_initiative(
    qtbot: QtBot, window: MainWindow
) -> None:
    """From Team Initiative, M gives the map the keys: the arrows walk the chosen token
    and Enter moves it; then the keys go back to the list, where the arrows choose the
    next combatant to walk (they stayed on the map, walking its cursor)."""
    view = big(window)
    window.initiative.select(["art"])
    window.initiative.view.setFocus()
    qtbot.waitUntil(window.initiative.view.hasFocus)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_M)
    qtbot.waitUntil(view.hasFocus)
    for _ in range(2):
        qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    assert token_square(window, "art") == (4, 8)
    qtbot.waitUntil(window.initiative.view.hasFocus)
    qtbot.keyClick(window.initiative.view, Qt.Key.Key_Down)
    assert window.initiative.selected_ids() != ["art"], "the arrows choose the next one"


def test_esc_takes_the_keyboard_target_hint_away(qtbot: QtBot, window: MainWindow) -> None:
    view = big(window)
    window.initiative.select(["art"])
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert "Enter moves here" in window.map.status.text()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.drag is None and "Enter" not in window.map.status.text()


def test_the_player_view_applies_fog_and_leaves_hidden_tokens_out(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.actions_by_name["actionPlayerView"].trigger()
    view = window.player_view
    assert view is not None
    qtbot.waitExposed(view)
    session = window.controller.session
    assert {"james", "art", "bear-1"} <= set(view.map_scene.tokens)
    # R61: the players know where their hidden friend is; his token shows, marked hidden.
    assert session.combatants["brandon"].hidden
    look = view.map_scene.tokens["brandon"].look
    assert look.hidden and look.badges[0] == "Hidden"[:2]  # faded, badged as Hidden is
    window.controller.push(AddCondition(("bear-2",), "hidden"))  # an enemy hides
    assert "bear-2" not in view.map_scene.tokens
    assert "bear-2" in window.map.scene.tokens
    window.controller.push(PlaceToken("bear-4", 22, 5))  # into the fogged side room
    assert "bear-4" not in view.map_scene.tokens
    assert "bear-4" in window.map.scene.tokens  # the GM still sees it
    assert session.map is not None
    window.controller.push(RemoveArea(session.fog()[0].id))
    assert "bear-4" in view.map_scene.tokens
    assert not window.controller.push(RemoveArea("nothing-here"))


def test_the_attack_form_takes_distance_and_cover_from_the_map(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.initiative.select(["art"])
    form = window.inspector.attack
    form.target.setCurrentIndex(form.target.findData("bear-1"))
    grid = window.controller.session.map
    assert grid is not None
    art, bear = window.controller.session.tokens["art"], window.controller.session.tokens["bear-1"]
    assert form.distance.value() == 5 * max(abs(art.x - bear.x), abs(art.y - bear.y))
    assert form.cover.currentIndex() == 0
    window.controller.push(PlaceToken("bear-1", 10, 4))  # behind the crates (R32)
    assert form.cover.currentText() == "Partial cover"
    assert form.distance.value() == 40
    qtbot.waitUntil(
        lambda: any(
            "cover" in form.sources.item(i).text().lower() for i in range(form.sources.count())
        )
    )


def missing(scene: MapScene) -> str | None:
    """The background the scene could not find (read afresh each time)."""
    return scene.background_missing


def test_a_background_image_is_kept_relative_and_a_missing_one_only_warns(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    from PySide6.QtGui import QColor, QImage

    from futurepath_desktop.session import store
    from futurepath_desktop.session.commands import SetMapBackground

    folder = tmp_path / "campaign"
    (folder / "maps").mkdir(parents=True)
    image = QImage(280, 180, QImage.Format.Format_RGB32)
    image.fill(QColor("#336633"))
    assert image.save(str(folder / "maps" / "bay.png"))
    session_path = folder / "fight.fpsession"
    window.controller.set_path(session_path)
    assert window.controller.push(SetMapBackground("maps/bay.png"))
    scene = window.map.scene
    assert not scene.background.isNull() and missing(scene) is None
    store.save_session(window.controller.session, session_path)
    assert '"background":"maps/bay.png"' in session_path.read_text().replace(" ", "")
    # The image goes missing: the session still opens, the map shows, the panel says so.
    (folder / "maps" / "bay.png").unlink()
    again = store.load_session(session_path)
    assert again.map is not None and again.map.background == "maps/bay.png"
    window.controller.replace(again, session_path)
    assert scene.background.isNull() and missing(scene) == "maps/bay.png"
    assert "missing" in window.map.status.text()
    assert window.map.scene.tokens  # the rest of the map is there


def test_visibility_zones_are_drawn_and_removed_with_the_zone_tool(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    window.map.set_tool(Tool.ZONE)
    session = window.controller.session
    assert session.map is not None
    before = len(session.zones())

    answer_dialog(qtbot, no_vision)
    assert area_tool(view, Tool.ZONE).drop((8, 2), (11, 5))
    zone = session.zones()[-1]
    assert (zone.x, zone.y, zone.width, zone.height, zone.visibility) == (8, 2, 4, 4, 3)
    assert "no vision" in view.describe((9, 3))
    # Named as a square, not as the key that walks the panels (F6).
    assert view.describe((5, 5)).startswith("Square F6: ")
    assert area_tool(view, Tool.ZONE).drop((9, 3), (9, 3))  # a click inside removes it
    assert len(session.zones()) == before


def test_the_fog_tool_hides_a_region_and_a_click_reveals_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    session = window.controller.session
    assert session.map is not None
    fogged = len(session.fog())
    assert area_tool(view, Tool.FOG).drop((2, 2), (4, 3))
    assert session.fogged((3, 3)) and len(session.fog()) == fogged + 1
    assert area_tool(view, Tool.FOG).drop((3, 2), (3, 2))
    assert not session.fogged((3, 3)) and len(session.fog()) == fogged


def test_name_plates_of_neighbours_do_not_cover_each_other(
    qtbot: QtBot, window: MainWindow
) -> None:
    big(window).zoom_by(1.0)  # at 1:1, near enough for the name plates
    scene = window.map.scene
    assert scene.near
    # The tokens out of view are drawn for the new zoom while the app is idle.
    qtbot.waitUntil(lambda: all(item.near for item in scene.tokens.values()))
    session = window.controller.session
    assert session.map is not None
    bear = session.tokens["bear-1"].square
    assert window.controller.push(PlaceToken("bear-2", bear[0] + 1, bear[1]))  # side by side
    assert window.controller.push(PlaceToken("bear-3", bear[0] - 1, bear[1] + 1))  # below left
    tokens = scene.tokens
    plates = {i: tokens[i].plate_rect() for i in ("bear-1", "bear-2", "bear-3")}
    assert all(p.isValid() for p in plates.values())
    assert not plates["bear-1"].intersects(plates["bear-2"])
    for ident in ("bear-1", "bear-2", "bear-3"):
        for other in ("bear-1", "bear-2", "bear-3"):
            if other != ident:
                disc = square_rect(*session.tokens[other].square).adjusted(3, 3, -3, -3)
                assert not plates[ident].intersects(disc), f"{ident}'s plate covers {other}"
    # With nobody beside it, a plate is as wide as its name needs (up to the room it has),
    # measured with the font the map draws names in.
    from PySide6.QtGui import QFontMetricsF

    from futurepath_desktop.ui.map import items

    alone = tokens["katie"]
    needed = QFontMetricsF(items._NAME_FONT).horizontalAdvance(alone.look.name)
    assert alone.plate_rect().width() >= needed
    # Moving a neighbour away gives the room back.
    assert window.controller.push(PlaceToken("bear-2", bear[0] + 5, bear[1]))
    assert tokens["bear-1"].plate_rect().right() > square_rect(*bear).right()


def test_each_new_zone_gets_its_own_name_or_the_one_the_gm_types(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = big(window)
    window.map.set_tool(Tool.ZONE)
    session = window.controller.session
    assert session.map is not None
    before = [z.name for z in session.zones()]

    def keep_the_default(dialog: QDialog) -> None:
        dialog.accept()

    def type_a_name(dialog: QDialog) -> None:
        name = dialog.findChild(QLineEdit, "zoneName")
        assert isinstance(name, QLineEdit)
        qtbot.keyClicks(name, "Acid cloud")  # the default is selected: typing replaces it
        dialog.accept()

    for handler, corner in ((keep_the_default, (9, 3)), (keep_the_default, (12, 3))):
        answer_dialog(qtbot, handler)
        drag(qtbot, view, [(corner[0] - 1, 2), corner])
    answer_dialog(qtbot, type_a_name)
    drag(qtbot, view, [(14, 2), (15, 3)])
    assert session.map is not None
    names = [z.name for z in session.zones()]
    assert len(names) == len(before) + 3
    new = names[len(before) :]
    assert new[2] == "Acid cloud"
    assert len(set(new)) == 3 and not set(new) & set(before), f"a name is reused: {names}"
    for name in new[:2]:
        assert re.fullmatch(r"Zone \d+", name), name


def test_r11_only_those_who_act_now_are_ringed_as_acting(qtbot: QtBot, window: MainWindow) -> None:
    """In the surprise round only the aware act: Brandon is ringed; surprised James and Art,
    and Katie, who is still waiting to join, are not. The Players' turn rings James and Art."""
    assert window.controller.push(
        StartCombat(("james", "art", "bear-1", "bear-2", "bear-3", "bear-4"))
    )
    session = window.controller.session
    tokens = window.map.scene.tokens

    def ringed() -> set[str]:
        return {ident for ident, item in tokens.items() if item.look.acting}

    acting = session.combat.acting_team
    assert session.combat.surprise_round and acting == "players"
    assert ringed() == set(session.combat.surprise_actors) == {"brandon"}

    def players_turn() -> bool:
        return not session.combat.surprise_round and session.combat.acting_team == "players"

    while not players_turn():
        assert window.controller.push(NextTurn())
    present = {m.id for m in session.members("players", present_only=True)}
    assert "katie" not in present
    assert ringed() == present & set(tokens)


def test_a_keyboard_walk_ends_when_the_keys_or_the_selection_go_elsewhere(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A path walked with the arrows does not stay on the map once the GM has gone to
    another panel or picked another combatant: its line and label go, as Escape does."""
    view = big(window)
    label = view.drawings.path_label

    def walking() -> bool:
        return view.drag is not None and label.isVisible()

    window.initiative.select(["art"])
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert walking()
    window.initiative.view.setFocus()  # F6 and the like: the keys are the panel's now
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert not walking() and view.drag is None
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert walking()
    window.initiative.select(["james"])  # another combatant picked
    assert not walking() and view.drag is None
    assert token_square(window, "art") == (2, 8), "nothing moved"


def test_the_line_under_the_map_tells_of_the_square_as_it_is_now(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The mouse rests on a square; a brush stroke of cover there, and its undo, change
    what the line under the map says of it without a move of the mouse."""
    view = big(window)
    QApplication.processEvents()
    session = window.controller.session
    assert session.map is not None
    square = next(
        (x, y)
        for y in range(2, session.map.height - 2)
        for x in range(2, session.map.width - 2)
        if session.map.cover_at((x, y)) == 0
        and view.viewport().rect().contains(at(view, (x, y)))
        and (x, y) not in footprints(session)
    )
    qtbot.mouseMove(view.viewport(), at(view, square))
    status = window.map.status
    qtbot.waitUntil(lambda: status.text().startswith("Square "))
    assert "cover" not in status.text()
    assert window.controller.push(PaintTerrain((square,), cover=3))
    assert status.text().endswith("full cover") or ", full cover" in status.text()
    window.controller.stack.undo()
    assert status.text().startswith("Square ") and "cover" not in status.text()
    # A line that says something else (a tool's hint, a refusal) is left to say it.
    status.setText("Drag to paint")
    window.controller.stack.redo()
    assert status.text() == "Drag to paint"


def test_a_name_too_long_for_its_plate_keeps_its_number(qtbot: QtBot) -> None:
    """Side by side, three Space Bears' plates are short of room: each shows its own number
    (they all read "Space Be…" when names lost their ends)."""
    from futurepath_desktop.ui.map.items import plate_geometry

    for room in ((4.0, 4.0), (16.0, 16.0)):
        shown = [plate_geometry(f"Space Bear {n}", 32.0, room)[1] for n in (3, 4, 12)]
        assert all("…" in text for text in shown)
        assert [text.split("…")[1][-2:].strip() for text in shown] == ["3", "4", "12"]
        assert shown[0][:2] == "Sp"


def test_fit_and_setup_stay_put_at_the_options_row_s_end(qtbot: QtBot, window: MainWindow) -> None:
    """Whatever the tool's options, the map's Fit and Setup keep their place at the right
    end of the options row: choosing a tool moves no button the GM is about to click.
    Sampled on the row's own picture too: the buttons are drawn there for every tool."""
    dock = window.map
    options, end = dock.options, dock.view_tools
    qtbot.waitUntil(lambda: end.isVisible() and end.width() > 0)
    row = options.layout()
    assert row is not None
    margin = row.contentsMargins().right()
    places = {}
    for tool in Tool:
        dock.set_tool(tool)
        row.activate()
        picture = options.grab().toImage()
        top_left = end.mapTo(options, QPoint(0, 0))
        places[tool] = (top_left.x(), end.width())
        if top_left.y() == 0:  # on the options' line: its right end is the row's
            assert top_left.x() + end.width() == options.width() - margin, tool
        # The buttons are painted where they stand: their words differ from the row's
        # background somewhere in the strip they cover.
        background = picture.pixelColor(1, 1)
        ink = [
            picture.pixelColor(x, y)
            for x in range(top_left.x(), top_left.x() + end.width())
            for y in range(top_left.y(), top_left.y() + end.height(), 2)
        ]
        assert any(abs(c.lightness() - background.lightness()) > 60 for c in ink), tool
    assert len(set(places.values())) == 1, places


def test_a_grenade_s_counter_says_when_it_goes_off(qtbot: QtBot, window: MainWindow) -> None:
    """R38: a thrown grenade is no condition that lasts until removed: its counter's row
    says it goes off on its targets' next turn, at its end (at its start when cooked), and
    "this turn" once that turn has begun; it goes when the grenade does."""
    from futurepath_desktop.session.commands import NextTurn, StartCombat, ThrowGrenade
    from futurepath_desktop.ui.models.counters_model import ROUNDS, TICKS
    from futurepath_desktop.ui.models.roles import ID_ROLE

    session, controller = window.controller.session, window.controller
    model = window.counters_model
    assert controller.push(StartCombat(()))
    assert controller.push(PlaceToken("bear-1", 6, 4))
    while session.combat.acting_team != "players":  # on to the Action phase
        assert controller.push(NextTurn())
    who = "brandon"  # within his throw of G5
    assert controller.push(ThrowGrenade(who, 6, 4, "2d6", 5))
    pending = next(iter(session.grenades.values()))

    def row() -> tuple[str, str] | None:
        rows = [
            r
            for r in range(model.rowCount())
            if model.index(r, 0).data(ID_ROLE) == pending.condition_id
        ]
        if not rows:
            return None
        return (model.index(rows[0], ROUNDS).data(), model.index(rows[0], TICKS).data())

    assert row() == ("next turn", "at its end")
    for _ in range(20):
        if session.grenades.get(pending.id) is None or session.grenades[pending.id].due_team:
            break
        assert controller.push(NextTurn())
    assert session.grenades[pending.id].due_team, "its targets' turn has begun"
    assert row() == ("this turn", "at its end")
    while pending.id in session.grenades:
        assert controller.push(NextTurn())
    assert row() is None

"""The map's tools driven directly through press, move, release, cancel and key, on a map
view over the demo session: each gesture pushes the one command the rulings and the tool's
hint say it should (R31 zones, R34 distances, R36 moves, R38 grenades), read off the
gesture rather than the tool's code; a refused or cancelled one pushes nothing, and Escape
in the middle of any drag leaves the session byte for byte as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QComboBox, QDialog
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.grid import MoveType, Terrain
from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.state import MapState, Session
from futurepath_desktop.ui.map.scene import MapScene, square_rect
from futurepath_desktop.ui.map.tools import (
    BrushTool,
    FogTool,
    GrenadeTool,
    MoveTool,
    RulerTool,
    TemplateTool,
    Tool,
    ZoneTool,
)
from futurepath_desktop.ui.map.tools.base import MapTool
from futurepath_desktop.ui.map.view import MapView
from futurepath_desktop.ui.map.zone_dialog import ZoneDialog
from futurepath_desktop.ui.undo import SessionController
from tests.ui.conftest import answer_dialog

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


class Map:
    """A map view over the demo session, and every command its tools pushed."""

    def __init__(self, qtbot: QtBot) -> None:
        self.controller = SessionController(demo_session())
        self.scene = MapScene()
        self.scene.sync(self.controller.session)
        self.controller.changed.connect(
            lambda change: self.scene.apply(self.controller.session, change)
        )
        self.view = MapView(self.scene, self.controller)
        qtbot.addWidget(self.view)
        self.view.resize(900, 600)
        self.view.show()
        self.pushed: list[Command] = []
        push = self.controller.push

        def recording(command: Command) -> bool:
            self.pushed.append(command)
            return push(command)

        self.controller.push = recording  # type: ignore[method-assign]

    @property
    def session(self) -> Session:
        return self.controller.session

    @property
    def grid(self) -> MapState:
        grid = self.session.map
        assert grid is not None
        return grid

    def tool(self, tool: Tool) -> MapTool:
        self.view.use(tool)
        return self.view.current

    def square_of(self, ident: str) -> tuple[int, int]:
        return self.session.tokens[ident].square

    def bytes(self) -> bytes:
        return store.encode(self.session)


@pytest.fixture
def board(qtbot: QtBot) -> Iterator[Map]:
    board = Map(qtbot)
    yield board
    board.view.cancel()


def the_tools() -> list[Tool]:
    return list(Tool)


# --- the move tool (R36) ---------------------------------------------------------------------


def test_a_drag_from_a_token_is_one_move_to_where_it_is_dropped(board: Map) -> None:
    move = board.tool(Tool.MOVE)
    assert isinstance(move, MoveTool)
    start = board.square_of("brandon")
    path = [(start[0] + k, start[1]) for k in range(1, 4)]
    move.press(start, token="brandon")
    assert board.view.selected_id == "brandon"
    for square in path:
        move.move(square)
    assert not board.pushed  # nothing happens until the drop
    move.release(path[-1])
    assert board.pushed == [c.MoveToken("brandon", *path[-1], move=MoveType.RUN)]
    assert board.square_of("brandon") == path[-1]


def test_shift_on_the_drop_overrides_and_the_move_type_is_the_one_chosen(board: Map) -> None:
    move = board.tool(Tool.MOVE)
    board.view.settings.move = MoveType.SPRINT
    start = board.square_of("james")
    far = (start[0] + 12, start[1])
    move.press(start, token="james")
    move.move(far)
    move.release(far, SHIFT)
    assert board.pushed == [c.MoveToken("james", *far, move=MoveType.SPRINT, override=True)]


def test_dropped_where_it_began_a_token_does_not_move(board: Map) -> None:
    move = board.tool(Tool.MOVE)
    start = board.square_of("art")
    move.press(start, token="art")
    move.move((start[0] + 1, start[1]))
    move.move(start)
    move.release(start)
    assert board.pushed == []


def test_the_arrows_walk_a_target_and_enter_moves_there(board: Map) -> None:
    move = board.tool(Tool.MOVE)
    board.view.select("art", notify=False)
    start = board.square_of("art")
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Right, Qt.Key.Key_Down):
        assert move.key(key.value)
    assert not board.pushed
    assert move.key(Qt.Key.Key_Return.value)
    assert board.pushed == [c.MoveToken("art", start[0] + 2, start[1] + 1)]


def test_with_nobody_selected_the_arrows_are_not_the_tool_s(board: Map) -> None:
    move = board.tool(Tool.MOVE)
    assert not move.key(Qt.Key.Key_Right.value)  # the view pans instead
    assert not move.key(Qt.Key.Key_Return.value)
    assert board.pushed == []


def test_a_click_on_an_empty_square_places_the_combatant_without_a_token(board: Map) -> None:
    assert board.controller.push(c.RemoveToken("katie"))
    board.pushed.clear()
    board.view.place_candidate = lambda: "katie"
    move = board.tool(Tool.MOVE)
    free = next(
        (x, y)
        for y in range(board.grid.height)
        for x in range(board.grid.width)
        if all(t.square != (x, y) for t in board.session.tokens.values())
        and board.grid.terrain_at((x, y)) == Terrain.NORMAL
    )
    move.press(free)
    move.release(free)
    assert board.pushed == [c.PlaceToken("katie", *free)]
    move.press(free)  # she has a token now: a second click places nobody
    assert len(board.pushed) == 1


# --- the ruler (R34) -------------------------------------------------------------------------


def test_the_ruler_measures_by_the_grid_and_changes_nothing(board: Map) -> None:
    ruler = board.tool(Tool.RULER)
    assert isinstance(ruler, RulerTool)
    before = board.bytes()
    ruler.press((3, 4))
    ruler.move((6, 4))
    ruler.move((8, 6))
    ruler.release((8, 6))
    # R34: every step, diagonal or not, is 5 ft: five steps from (3, 4) to (8, 6).
    steps = max(abs(8 - 3), abs(6 - 4))
    assert board.view.drawings.ruler_label.text().startswith(f"{5 * steps} ft ({steps} squares)")
    assert board.pushed == [] and board.bytes() == before


# --- the brush -------------------------------------------------------------------------------


def test_a_stroke_paints_each_square_it_touched_once_as_one_command(board: Map) -> None:
    brush = board.tool(Tool.BRUSH)
    assert isinstance(brush, BrushTool)
    board.view.settings.brush_terrain, board.view.settings.brush_cover = None, 2
    walked = [(5, 1), (5, 2), (5, 2), (6, 2), (5, 1), (-1, 2), (6, 3)]
    brush.press(walked[0])
    for square in walked[1:]:
        brush.move(square)
    brush.release(walked[-1])
    grid = board.grid
    once: list[tuple[int, int]] = []
    for square in walked:  # in the order first touched, off-map squares left out
        if square not in once and 0 <= square[0] < grid.width and 0 <= square[1] < grid.height:
            once.append(square)
    assert board.pushed == [c.PaintTerrain(tuple(once), terrain=None, cover=2)]
    assert all(board.grid.cover_at(s) == 2 for s in once)


def test_a_stroke_wholly_off_the_map_paints_nothing(board: Map) -> None:
    brush = board.tool(Tool.BRUSH)
    brush.press((-3, -3))
    brush.move((-2, -3))
    brush.release((-2, -3))
    assert board.pushed == []


# --- templates -------------------------------------------------------------------------------


def test_a_click_lays_a_burst_on_the_square_and_a_drag_aims_a_cone(board: Map) -> None:
    template = board.tool(Tool.TEMPLATE)
    assert isinstance(template, TemplateTool)
    chosen: list[str] = []
    board.view.templateChosen.connect(chosen.append)
    board.view.settings.template_ft = 15
    template.press((15, 5))
    template.release((15, 5))
    board.view.settings.template_shape = "cone"
    template.press((10, 10))
    template.move((11, 9))
    template.release((13, 7))  # up and to the right: the north-east diagonal
    assert [type(p) for p in board.pushed] == [c.PlaceTemplate, c.PlaceTemplate]
    burst, cone = (p.template for p in board.pushed if isinstance(p, c.PlaceTemplate))
    assert (burst.shape, burst.x, burst.y, burst.size_ft) == ("burst", 15, 5, 15)
    assert (cone.shape, cone.x, cone.y, cone.size_ft) == ("cone", 10, 10, 15)
    assert (cone.dx, cone.dy) == (1, -1)
    assert chosen == [burst.id, cone.id]  # the dock is offered each one laid


# --- grenades (R38) --------------------------------------------------------------------------


def test_ctrl_click_picks_the_thrower_and_a_click_throws_at_the_square(board: Map) -> None:
    grenade = board.tool(Tool.GRENADE)
    assert isinstance(grenade, GrenadeTool)
    settings = board.view.settings
    settings.grenade_damage, settings.grenade_radius_ft, settings.grenade_cooked = "2d6", 5, True
    grenade.press(board.square_of("brandon"), CTRL, token="brandon")
    assert board.view.selected_id == "brandon" and board.pushed == []
    target = board.square_of("bear-1")
    grenade.press(target, token="bear-1")  # on a token: thrown at it, not a pick
    grenade.release(target)
    assert board.pushed == [
        c.ThrowGrenade("brandon", *target, damage="2d6", radius_ft=5, cooked=True)
    ]


def test_a_grenade_is_not_thrown_at_the_thrower_nor_without_one(board: Map) -> None:
    grenade = board.tool(Tool.GRENADE)
    before = board.bytes()
    grenade.press((6, 4))  # nobody selected and no fight: nobody throws
    assert "thrower" in board.view.note.text()
    board.view.select("brandon", notify=False)
    grenade.press(board.square_of("brandon"), token="brandon")
    assert "not Brandon" in board.view.note.text()
    assert board.pushed == [] and board.bytes() == before


# --- fog and zones (R31) ---------------------------------------------------------------------


def test_a_fog_drag_hides_the_rectangle_between_its_corners_either_way(board: Map) -> None:
    fog = board.tool(Tool.FOG)
    assert isinstance(fog, FogTool)
    fog.press((4, 3))
    fog.move((3, 3))
    fog.release((2, 2))  # dragged up and to the left
    fog.press((6, 8))
    fog.release((9, 9))
    areas = [p.area for p in board.pushed if isinstance(p, c.AddArea)]
    assert len(areas) == len(board.pushed) == 2
    # The squares between the corners, both included: x 2-4 and y 2-3, then x 6-9, y 8-9.
    assert [(a.kind, a.x, a.y, a.width, a.height) for a in areas] == [
        ("fog", 2, 2, 3, 2),
        ("fog", 6, 8, 4, 2),
    ]


def test_a_click_inside_fog_reveals_that_fog(board: Map) -> None:
    fog = board.tool(Tool.FOG)
    square = (22, 5)
    # Which fog holds the square, by looking at every fog rectangle.
    holding = [
        a.id
        for a in board.session.areas.values()
        if a.kind == "fog"
        and a.x <= square[0] < a.x + a.width
        and a.y <= square[1] < a.y + a.height
    ]
    assert len(holding) == 1
    fog.press(square)
    fog.release(square)
    assert board.pushed == [c.RemoveArea(holding[0])]
    assert not board.session.fogged(square)


def test_a_zone_drag_asks_its_level_and_a_click_inside_removes_it(qtbot: QtBot, board: Map) -> None:
    zone = board.tool(Tool.ZONE)
    assert isinstance(zone, ZoneTool)

    def no_vision(dialog: QDialog) -> None:
        level = dialog.findChild(QComboBox, "zoneVisibility")
        assert isinstance(level, QComboBox)
        level.setCurrentText("No vision")
        dialog.accept()

    answer_dialog(qtbot, no_vision)
    zone.press((8, 2))
    zone.move((10, 4))
    zone.release((11, 5))
    (added,) = board.pushed
    assert isinstance(added, c.AddArea)
    area = added.area
    assert (area.kind, area.x, area.y, area.width, area.height) == ("zone", 8, 2, 4, 4)
    assert area.visibility == 3 and area.name.startswith("Zone ")
    zone.press((9, 3))
    zone.release((9, 3))
    assert board.pushed[1:] == [c.RemoveArea(area.id)]


def test_a_zone_whose_dialog_is_cancelled_adds_nothing(qtbot: QtBot, board: Map) -> None:
    zone = board.tool(Tool.ZONE)
    before = board.bytes()
    answer_dialog(qtbot, lambda dialog: dialog.reject())
    zone.press((8, 2))
    zone.release((11, 5))
    assert board.pushed == [] and board.bytes() == before


# --- cancelling ------------------------------------------------------------------------------

GESTURES: dict[Tool, Callable[[Map], tuple[tuple[int, int], list[tuple[int, int]]]]] = {
    Tool.MOVE: lambda b: (b.square_of("brandon"), [(5, 4), (6, 4), (7, 5)]),
    Tool.RULER: lambda b: ((3, 4), [(6, 4), (8, 6)]),
    Tool.BRUSH: lambda b: ((5, 1), [(5, 2), (5, 3), (6, 3)]),
    Tool.TEMPLATE: lambda b: ((10, 10), [(11, 9), (13, 7)]),
    Tool.GRENADE: lambda b: (b.square_of("brandon"), [(6, 4)]),
    Tool.FOG: lambda b: ((2, 2), [(3, 3), (4, 4)]),
    Tool.ZONE: lambda b: ((8, 2), [(9, 3), (11, 5)]),
}


def press_and_move(board: Map, tool: MapTool) -> tuple[int, int]:
    start, squares = GESTURES[tool.tool](board)
    token = "brandon" if start == board.square_of("brandon") else None
    tool.press(start, CTRL if tool.tool is Tool.GRENADE else Qt.KeyboardModifier.NoModifier, token)
    for square in squares:
        tool.move(square)
    return squares[-1]


def refuse_zone_dialogs(monkeypatch: pytest.MonkeyPatch) -> list[ZoneDialog]:
    """Record (and cancel at once) any zone dialog opened: a cancelled drag asks nothing."""
    asked: list[ZoneDialog] = []

    def record(dialog: ZoneDialog) -> int:
        asked.append(dialog)
        return 0

    monkeypatch.setattr(ZoneDialog, "exec", record)
    return asked


@pytest.mark.parametrize("which", the_tools(), ids=lambda t: t.name.lower())
def test_a_cancelled_gesture_pushes_nothing_and_its_drawings_go(
    monkeypatch: pytest.MonkeyPatch, board: Map, which: Tool
) -> None:
    asked = refuse_zone_dialogs(monkeypatch)
    tool = board.tool(which)
    before = board.bytes()
    end = press_and_move(board, tool)
    tool.cancel()
    tool.release(end, SHIFT)
    drawings = board.view.drawings
    shown = [i for i in (drawings.path, drawings.path_label, drawings.ghost) if i.isVisible()]
    assert shown == [] and not drawings.ruler.isVisible()
    assert board.pushed == [] and board.bytes() == before and not asked


@pytest.mark.parametrize("which", the_tools(), ids=lambda t: t.name.lower())
def test_escape_mid_drag_leaves_the_session_byte_equal(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, board: Map, which: Tool
) -> None:
    """With the real mouse and key events: press, move, Escape, release."""
    asked = refuse_zone_dialogs(monkeypatch)
    view = board.view
    board.tool(which)
    start, squares = GESTURES[which](board)
    stack = board.controller.stack.count()
    before = board.bytes()
    viewport = view.viewport()
    modifier = CTRL if which is Tool.GRENADE else Qt.KeyboardModifier.NoModifier

    def at(square: tuple[int, int]) -> QPoint:
        return view.mapFromScene(square_rect(*square).center())

    view.centerOn(square_rect(8, 6).center())
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, at(start))
    for square in squares:
        qtbot.mouseMove(viewport, at(square))
    drawings = view.drawings
    under_way = (drawings.path, drawings.ghost, drawings.ruler)
    if which is Tool.GRENADE:
        assert view.selected_id == "brandon"  # the Ctrl+press picked the thrower
    else:
        assert any(item.isVisible() for item in under_way), "the gesture is under way"
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert not any(item.isVisible() for item in under_way)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, SHIFT, at(squares[-1]))
    assert board.pushed == [] and not asked
    assert board.controller.stack.count() == stack
    assert board.bytes() == before

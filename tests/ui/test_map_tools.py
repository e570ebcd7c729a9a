"""The map's tools driven directly through press, move, release, cancel and key, on a map
view over the demo session: each gesture pushes the one command the rulings and the tool's
hint say it should (R31 zones, R34 distances, R36 moves, R38 grenades), read off the
gesture rather than the tool's code; a refused one pushes nothing (cancelling is in
``test_map_tools_cancel``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.grid import MoveType, Terrain
from futurepath_desktop.session import commands as c
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
from tests.ui.conftest import answer_dialog
from tests.ui.map_board import CTRL, SHIFT, Map, no_vision


@pytest.fixture
def board(qtbot: QtBot) -> Map:
    return Map(qtbot)


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


def test_the_arrows_walk_a_square_for_one_without_a_token_and_enter_places_it(
    board: Map,
) -> None:
    """From the keys alone: someone chosen with no token yet gets a square walked for them
    from the middle of the map in view, and Enter puts the token there (no move, no
    movement rules); the next arrows walk a move for the token as usual."""
    from futurepath_desktop.ui.map.scene import square_at

    assert board.controller.push(c.RemoveToken("katie"))
    board.pushed.clear()
    move = board.tool(Tool.MOVE)
    assert isinstance(move, MoveTool)
    board.view.select("katie", notify=False)
    view = board.view
    middle = square_at(view.mapToScene(view.viewport().rect().center()))
    assert move.key(Qt.Key.Key_Right.value)  # the first arrow shows the starting square
    assert move.target == middle
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down):
        assert move.key(key.value)
    assert not board.pushed
    assert move.key(Qt.Key.Key_Return.value)
    assert board.pushed == [c.PlaceToken("katie", middle[0] + 1, middle[1] + 1)]
    assert board.square_of("katie") == (middle[0] + 1, middle[1] + 1)
    assert move.key(Qt.Key.Key_Left.value) and move.drag is not None, "now a move"


def test_esc_leaves_a_token_unplaced(board: Map) -> None:
    assert board.controller.push(c.RemoveToken("katie"))
    board.pushed.clear()
    move = board.tool(Tool.MOVE)
    board.view.select("katie", notify=False)
    assert move.key(Qt.Key.Key_Down.value)
    move.cancel()
    assert not move.key(Qt.Key.Key_Return.value)
    assert board.pushed == [] and "katie" not in board.session.tokens


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

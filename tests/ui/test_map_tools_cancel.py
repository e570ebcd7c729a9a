"""Cancelling a map tool's gesture, directly or with Escape in the middle of a real mouse
drag: nothing is pushed, the tool's drawings go, and the session is byte for byte as it
was."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui.map.scene import square_rect
from futurepath_desktop.ui.map.tools import MapTool, Tool
from futurepath_desktop.ui.map.zone_dialog import ZoneDialog
from tests.ui.map_board import CTRL, SHIFT, Map


@pytest.fixture
def board(qtbot: QtBot) -> Map:
    return Map(qtbot)


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


@pytest.mark.parametrize("which", list(Tool), ids=lambda t: t.name.lower())
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


@pytest.mark.parametrize("which", list(Tool), ids=lambda t: t.name.lower())
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

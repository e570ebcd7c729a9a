"""The Map panel at the laptop sizes GMs bring, with each map tool chosen in turn: its
option row fits the panel (wrapping onto a second line if need be), so that no text in the
panel is cut and nothing hides behind a tool bar's "»"; and the labels a tool draws over
the map (a move's cost, "No way there", a refusal) stay wholly inside the visible view.

What is cut is measured by ``tests/visual/measure.py`` (QFontMetrics against the room Qt
gives each text); where a label sits, from the view (``mapFromScene``)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QToolBar, QWidget

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.map.overlay import screen_rect
from futurepath_desktop.ui.map.view import Tool
from futurepath_desktop.ui.widgets.focus_frame import WIDTH as FRAME_WIDTH
from futurepath_desktop.ui.widgets.tool_row import ToolRow
from tests.visual.conftest import Posed, settle
from tests.visual.measure import LAPTOPS, problems

CASES = [pytest.param(w, h, id=f"{w}x{h}") for (w, h) in LAPTOPS]


def not_shown(bar: QToolBar | ToolRow) -> list[str]:
    """The actions of a tool row that it could not show (a tool bar puts them behind its
    "»"), or shows past its edges."""
    found = []
    for action in bar.actions():
        if not action.isVisible():
            continue
        widget = (
            bar.buttons.get(action) if isinstance(bar, ToolRow) else bar.widgetForAction(action)
        )
        if widget is None or not widget.isVisible() or not bar.rect().contains(widget.geometry()):
            found.append(f"{bar.objectName()}: {action.text() or 'a widget'} is not shown")
    return found


def outside(row: QWidget) -> list[str]:
    """The shown children of a row that reach past its edges (cut by its clipping)."""
    room = row.rect()
    return [
        f"{child.objectName() or type(child).__name__} at {child.geometry()} is past {room}"
        for child in row.findChildren(QWidget)
        if child.parentWidget() is row and child.isVisible() and not room.contains(child.geometry())
    ]


@pytest.mark.parametrize(("width", "height"), CASES)
def test_every_map_tool_s_options_fit_the_map_panel(posed: Posed, width: int, height: int) -> None:
    window = posed(width, height, theme.LIGHT)
    dock = window.map
    grid = window.controller.session.map
    assert grid is not None and list(window.controller.session.templates.values()), (
        "the pose lays a template"
    )
    found: list[str] = []
    for tool in Tool:
        dock.tool_actions[tool].trigger()
        assert dock.view.tool is tool
        if tool is Tool.TEMPLATE:
            # With a template chosen: who is inside, and the buttons that act on them.
            dock.choose_template(next(iter(window.controller.session.templates.values())).id)
            assert dock.inside_ids(), "the posed template holds somebody"
        settle()
        here = [f"{tool.value}: {p}" for p in problems(dock)]
        here += [f"{tool.value}: {p}" for p in outside(dock.options)]
        for bar in (dock.tools, dock.view_tools):
            here += [f"{tool.value}: {p}" for p in not_shown(bar)]
        found += here
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("width", "height"), CASES)
def test_the_map_stays_put_as_the_tools_change(posed: Posed, width: int, height: int) -> None:
    """At a laptop's width every tool's options keep to the one line Move's take (a
    template's included, with one chosen): the map under them does not move, so a click
    aimed at a token after a change of tool lands on it."""
    window = posed(width, height, theme.LIGHT)
    dock = window.map
    where: dict[str, tuple[int, int]] = {}
    for tool in Tool:
        dock.tool_actions[tool].trigger()
        if tool is Tool.TEMPLATE:
            dock.choose_template(next(iter(window.controller.session.templates.values())).id)
        settle()
        top = dock.view.mapTo(dock, dock.view.rect().topLeft()).y()
        where[tool.value] = (dock.options.height(), top)
    assert len(set(where.values())) == 1, where


CLEAR = FRAME_WIDTH + 1
"""Pixels a label keeps inside the view's edges: the focus frame is drawn over them, and a
glyph that touches the frame reads as cut."""


def inside_view(window: MainWindow, rect: QRectF) -> bool:
    room = QRectF(window.map.view.viewport().rect()).adjusted(CLEAR, CLEAR, -CLEAR, -CLEAR)
    return room.contains(rect)


def narrowed(window: MainWindow, narrow: bool) -> None:
    """As posed, or with the map panel made narrower than the longest label."""
    if narrow:
        window.resizeDocks([window.map], [300], Qt.Orientation.Horizontal)
        settle()
        window.map.view.fit()
        settle()
        metrics = QFontMetrics(window.map.view.drawings.path_label.font())
        longest = metrics.horizontalAdvance("35 ft of 30 ft — past the budget (Shift to override)")
        assert window.map.view.viewport().width() < longest


@pytest.mark.parametrize("narrow", [False, True], ids=["as-posed", "narrowed"])
def test_the_move_labels_stay_inside_a_narrow_map_view(posed: Posed, narrow: bool) -> None:
    window = posed(1280, 800, theme.LIGHT)
    narrowed(window, narrow)
    view = window.map.view
    grid = window.controller.session.map
    assert grid is not None
    room = view.viewport().rect()
    label = view.drawings.path_label
    view.begin_drag("james")
    seen: set[str] = set()
    over = ""
    out: list[str] = []
    for x in range(grid.width):
        for y in range(grid.height):
            view.preview((x, y))
            if not label.isVisible():
                continue
            text = " ".join(label.text().split())
            if "past the budget" in text:
                over = text
            seen.add(
                "over" if "past the budget" in text else "nowhere" if "No way" in text else "ok"
            )
            where = screen_rect(view, label)
            if not inside_view(window, where):
                out.append(f"{text!r} at {where.toRect()} beside {(x, y)} leaves {room}")
    view.cancel()
    # Every kind of label was drawn somewhere: over the budget, unreachable, within it.
    assert seen == {"over", "nowhere", "ok"}, seen
    assert not out, "\n".join(out[:5])
    # Wrapped, the over-budget label still says all it says in a wide view.
    assert over.endswith("past the budget (Shift to override)"), over
    assert "…" not in over


@pytest.mark.parametrize("narrow", [False, True], ids=["as-posed", "narrowed"])
def test_a_refusal_note_stays_inside_a_narrow_map_view(posed: Posed, narrow: bool) -> None:
    window = posed(1280, 800, theme.LIGHT)
    narrowed(window, narrow)
    view = window.map.view
    grid = window.controller.session.map
    assert grid is not None
    text = "Cannot move there: " + "the square is held by another token and a wall " * 3
    corners = [(0, 0), (grid.width - 1, 0), (0, grid.height - 1), (grid.width - 1, grid.height - 1)]
    for square in [*corners, (grid.width // 2, grid.height // 2)]:
        view.refuse(text, square)
        assert view.note.isVisible()
        where = screen_rect(view, view.note)
        assert inside_view(window, where), f"the note beside {square} at {where} leaves the view"
        view.clear_note()

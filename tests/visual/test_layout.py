"""Nothing clipped on a GM's laptop: the real window posed mid-fight at the sizes GMs bring,
measured with the fonts it draws in.

Each text is measured with ``QFontMetrics`` against the room Qt gives it (the style's own
text rectangle for a cell, the header label's rectangle for a column title, the widget's
contents for a label or button: tests/visual/measure.py), so a test fails exactly when Qt
would draw "…" or cut it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QToolBar, QToolButton
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tests.visual.conftest import SCHEMES, SIZES, Posed, settle
from tests.visual.measure import (
    LAPTOPS,
    header_problems,
    on_screen,
    problems,
    sideways,
    visible_docks,
)
from tools.poses import mid_space_fight

POSES = ("ground", "space")
"""Mid-fight with the map raised, or two rounds into the space fight with the bridge raised
(the bridge must not squeeze the other panels)."""


def pose(window: MainWindow, name: str) -> MainWindow:
    """The window mid-fight on the ground (as ``posed`` makes it), or mid space fight."""
    if name == "space":
        mid_space_fight(window)
        settle()
    return window


# The inspector and the bridge are measured by their own tests, which know their forms:
# tests/visual/test_inspector_layout.py and tests/visual/test_bridge_layout.py. The scroll
# bar check below still walks every dock, these two included.
MEASURED_ELSEWHERE = {"inspectorDock", "bridgeDock"}


# --- scroll bars ----------------------------------------------------------------------------


@pytest.mark.parametrize("where", POSES)
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_dock_scrolls_sideways(
    posed: Posed, width: int, height: int, scheme: str, where: str
) -> None:
    window = pose(posed(width, height, scheme), where)
    found = [s for dock in visible_docks(window) for s in sideways(dock)]
    assert not found, "scrolls sideways:\n" + "\n".join(found)


def measured_docks(window: MainWindow) -> list[QDockWidget]:
    return [d for d in visible_docks(window) if d.objectName() not in MEASURED_ELSEWHERE]


@pytest.mark.parametrize("where", POSES)
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_no_text_is_cut_on_a_laptop(
    posed: Posed, width: int, height: int, scheme: str, where: str
) -> None:
    window = pose(posed(width, height, scheme), where)
    cut: list[str] = []
    for dock in measured_docks(window):
        cut += problems(dock)
    cut += problems(window.combat_bar)
    assert not cut, "cut:\n" + "\n".join(cut)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_tool_rows_fit(posed: Posed, width: int, height: int, scheme: str) -> None:
    """No tool bar folds buttons away behind its "»" (every dock's and the window's)."""
    window = posed(width, height, scheme)
    folded = [
        bar.objectName()
        for bar in window.findChildren(QToolBar)
        if on_screen(bar)
        and any(on_screen(b) for b in bar.findChildren(QToolButton, "qt_toolbar_ext_button"))
    ]
    assert not folded, f"tool bars folding buttons away: {folded}"


@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_a_message_does_not_move_the_panels(posed: Posed, width: int, height: int) -> None:
    """The window has no central widget: the docks fill it, so they are what a status
    bar that appeared (or grew) with a message would push up."""
    window = posed(width, height, SCHEMES[0])
    before = {dock.objectName(): dock.geometry() for dock in visible_docks(window)}
    window.statusBar().clearMessage()
    settle()
    quiet = {dock.objectName(): dock.geometry() for dock in visible_docks(window)}
    window.say("⚠ Space Bear 1 cannot move: it is Stunned")
    settle()
    speaking = {dock.objectName(): dock.geometry() for dock in visible_docks(window)}
    assert window.statusBar().currentMessage()
    assert before == quiet == speaking


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_condition_description_fits_the_add_condition_dialog(
    qtbot: QtBot, scheme: str
) -> None:
    from futurepath_desktop.core.conditions import CATALOG
    from futurepath_desktop.ui.dialogs.condition_dialog import ConditionDialog

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    theme.apply_theme(app, scheme)
    dialog = ConditionDialog("Space Bear 1, Space Bear 2")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    size = dialog.size()
    cut: list[str] = []
    for entry in CATALOG.values():
        dialog.name.clear()
        qtbot.keyClicks(dialog.name, entry.name)
        settle()
        assert entry.summary in dialog.hint.text()
        # What "default" in the Rounds box means, for every condition: a length, or none.
        said = "Default: " if entry.default_rounds else "By default it lasts until removed."
        assert said in dialog.hint.text()
        cut += [f"{entry.name}: {c}" for c in problems(dialog)]
        assert dialog.size() == size, f"the dialog jumped for {entry.name}"
    theme.apply_theme(app, theme.LIGHT)
    assert not cut, "cut:\n" + "\n".join(cut)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_an_attacks_breakdown_is_read_without_scrolling(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    window = posed(width, height, scheme)
    log = window.log
    proxy = log.view.model()
    attacks = [
        row
        for row in range(proxy.rowCount())
        if " attacks " in str(proxy.index(row, 3).data(Qt.ItemDataRole.DisplayRole))
    ]
    assert attacks, "the pose has attacks in the log"
    log.view.selectRow(attacks[-1])
    settle()
    text = log.detail.toPlainText()
    assert "Accuracy" in text, text
    assert on_screen(log.detail)
    assert not log.detail.verticalScrollBar().isVisible(), "the breakdown scrolls"
    assert not log.detail.horizontalScrollBar().isVisible()
    # The row itself stays in sight above it.
    row = log.view.visualRect(proxy.index(attacks[-1], 3))
    assert log.view.viewport().rect().intersects(row)


@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_an_attacks_result_shows_under_its_button_without_scrolling(
    posed: Posed, width: int, height: int
) -> None:
    """On a laptop the inspector shows the roll's outcome beneath Roll attack, whole: the
    GM does not scroll the form to read what just happened."""
    window = posed(width, height, "light")
    form = window.inspector.attack
    window.initiative.select(["brandon"])  # the acting team's, with the turn still whole
    form.set_ready()
    form.recompute()
    attacks = len([e for e in window.controller.session.log if e.kind == "attack"])
    form.resolve()
    settle()
    assert len([e for e in window.controller.session.log if e.kind == "attack"]) == attacks + 1
    assert form.result.text(), "the roll has an outcome"
    assert window.inspector.scroll_area.verticalScrollBar().value() == 0
    shown = form.result.visibleRegion().boundingRect()
    assert shown.height() == form.result.height(), "the outcome is cut at the bottom"
    assert on_screen(form.result)


@pytest.mark.parametrize("scheme", SCHEMES)
def test_widening_the_left_panels_never_cuts_the_counters_titles(posed: Posed, scheme: str) -> None:
    """Dragging the left column wide takes its room from the map, not from the Condition
    Counters beside the inspector: the table keeps every title whole (its last
    once read ":his")."""
    window = posed(1280, 800, scheme)
    map_before = window.map.width()
    window.resizeDocks([window.initiative], [900], Qt.Orientation.Horizontal)
    settle()
    assert window.initiative.width() > 500, "the left column did not widen"
    assert window.map.width() < map_before
    assert window.counters.width() >= window.counters.minimumWidth()
    assert not header_problems(window.counters.view)
    assert not problems(window.counters)


def test_a_window_made_smaller_and_big_again_has_its_panels_back(posed: Posed) -> None:
    """A laptop's window taken down to 1024 px and back up to 1280 (no layout of the GM's
    own): the panels share the room again at each size, so at 1280 they are as wide as
    they were (the side panels stayed as narrow as at 1024, the map took the rest)."""
    window = posed(1280, 800, theme.LIGHT)
    first = [d.width() for d in (window.initiative, window.map, window.inspector)]
    window.resize(1024, 700)
    settle()
    small = [d.width() for d in (window.initiative, window.map, window.inspector)]
    assert small != first
    window.resize(1280, 800)
    settle()
    again = [d.width() for d in (window.initiative, window.map, window.inspector)]
    assert all(abs(a - b) <= 4 for a, b in zip(again, first, strict=True)), (first, small, again)

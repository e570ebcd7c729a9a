"""A command repaints what it changed, and nothing behind it: the initiative panel's
rows are filled like any Qt view's (so the panel behind them is left alone), the log's
scroll bar likewise, and a team row between the old and the new acting team is not
reported changed."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QEvent, QModelIndex, QObject
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_model import runs
from futurepath_desktop.ui.models.roles import ID_ROLE


@given(st.sets(st.integers(0, 40)))
def test_runs_cover_exactly_the_rows_each_run_unbroken_and_apart(rows: set[int]) -> None:
    spans = runs(sorted(rows))
    covered = [row for first, final in spans for row in range(first, final + 1)]
    assert covered == sorted(rows)  # every row once, in order
    for (_, final), (first, _) in pairwise(spans):
        assert first > final + 1  # a gap between runs: neighbours are one run


class PaintCounter(QObject):
    """Counts the paint events each watched widget receives."""

    def __init__(self, *widgets: QWidget) -> None:
        super().__init__()
        self.painted: Counter[str] = Counter()
        for widget in widgets:
            widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.painted[watched.objectName()] += 1
        return False


def test_a_turn_repaints_the_views_and_not_the_panels_behind_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    window.controller.push(c.StartCombat(()))
    QApplication.processEvents()
    initiative, log = window.initiative, window.log
    initiative.view.viewport().setObjectName("initiativeRows")
    log.view.viewport().setObjectName("logRows")
    log.view.verticalScrollBar().setObjectName("logScrollBar")
    counter = PaintCounter(
        initiative,
        log,
        initiative.view.viewport(),
        log.view.viewport(),
        log.view.verticalScrollBar(),
    )
    for _ in range(4):
        window.actions_by_name["actionNextTurn"].trigger()
        QApplication.processEvents()
    painted = counter.painted
    assert painted["initiativeRows"] >= 1 and painted["logRows"] >= 1, painted
    assert painted["logScrollBar"] >= 1, painted  # each new line moves it
    assert painted["initiativeDock"] == 0 and painted["logDock"] == 0, painted


def test_the_initiative_rows_stand_on_the_base_colour(
    qtbot: QtBot, window: MainWindow, scheme: str
) -> None:
    """Under the last row the panel shows the view's base colour, as Qt's own views do
    (it is what the rows' pictures are drawn on)."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    view, model = window.initiative.view, window.initiative_model
    view.collapseAll()  # room under the rows
    QApplication.processEvents()
    last = model.index(model.rowCount() - 1, 0)
    below = view.visualRect(last).bottom() + 4
    picture = view.viewport().grab().toImage()
    assert below < picture.height() - 2
    base = view.viewport().palette().color(QPalette.ColorRole.Base)
    for x in (2, picture.width() // 2, picture.width() - 3):
        for y in (below, picture.height() - 2):
            assert picture.pixelColor(x, y) == base, (x, y, picture.pixelColor(x, y).name())


def test_only_the_rows_a_command_changed_are_reported(window: MainWindow) -> None:
    """Damage to the first and the last of a team: their two rows are reported changed,
    not the rows between them (one span from the first to the last would have the view
    repaint those too); on a turn, the old and the new acting team's rows."""
    model = window.initiative_model
    bears = model.team_index_of("bears")
    members = [model.index(row, 0, bears).data(ID_ROLE) for row in range(model.rowCount(bears))]
    assert len(members) >= 4
    reported: list[tuple[int, int, int]] = []

    def heard(first: QModelIndex, final: QModelIndex) -> None:
        parent = first.parent()
        for row in range(first.row(), final.row() + 1):
            reported.append((parent.row() if parent.isValid() else -1, row, final.column()))

    model.dataChanged.connect(heard)
    push = window.controller.push
    assert push(c.Damage((members[0], members[-1]), 3))
    team_row = bears.row()
    assert {(t, r) for t, r, _ in reported if t == team_row} == {
        (team_row, 0),
        (team_row, len(members) - 1),
    }
    assert all(column == model.columnCount() - 1 for _, _, column in reported)  # whole rows
    assert push(c.StartCombat(()))
    session = window.controller.session
    for _ in range(6):
        before = session.combat.acting_team
        reported.clear()
        assert push(c.NextTurn())
        after = session.combat.acting_team
        if before is None or after is None or before == after:
            continue  # a phase or a round began: more than the acting team may change
        teams = {row for parent, row, _ in reported if parent == -1}
        assert teams == {model.team_index_of(before).row(), model.team_index_of(after).row()}

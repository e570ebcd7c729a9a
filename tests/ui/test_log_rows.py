"""The log's rows wrap their events, measured as they come into view: a four-hour fight's
log opens without measuring all of its entries, and what is on screen is as tall as its
text needs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QTableView
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.state import LogEntry
from futurepath_desktop.ui.docks.log_dock import LogDock
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.log_model import EVENT, LogModel, base_kind
from futurepath_desktop.ui.models.roles import ID_ROLE
from futurepath_desktop.ui.undo import SessionController
from tests.ui.test_models import play_a_little

ENTRIES = 3_000
LONG = (
    "Space Bear 3 claws at Brandon twice, the second claw finding the gap in his armour "
    "under the arm, and he staggers back against the airlock door"
)


def long_row(row: int) -> bool:
    """Every seventh entry of the test log is long enough to wrap in a narrow log."""
    return row % 7 == 3


@pytest.fixture
def dock(qtbot: QtBot) -> Iterator[LogDock]:
    session = demo_session()
    session.log = [
        LogEntry(
            seq=n,
            round=1 + n // 20,
            phase=4,
            team_id="bears",
            kind="attack" if long_row(n) else "roll",
            text=LONG if long_row(n) else f"Perception: 1d20 ({n % 20 + 1})",
        )
        for n in range(ENTRIES)
    ]
    controller = SessionController(session)
    model = LogModel(controller)
    log = LogDock(model)
    qtbot.addWidget(log)
    log.resize(360, 420)
    log.show()
    qtbot.waitExposed(log)
    qtbot.wait(60)  # the width settles, then the rows in view are measured
    yield log
    log.close()


def test_a_log_shown_before_it_is_laid_out_measures_no_more_than_a_few_pages(
    qtbot: QtBot, dock: LogDock
) -> None:
    fresh = LogDock(dock.model)
    qtbot.addWidget(fresh)
    fresh.resize(400, 600)
    fresh.show()  # measured as it is laid out, before any wait
    QApplication.processEvents()
    page = fresh.view.viewport().height() // fresh.view.verticalHeader().defaultSectionSize()
    assert 0 < fresh.rows.measured <= 10 * page < ENTRIES / 10


def needed_lines(view: QTableView, text: str) -> int:
    """How many lines ``text`` takes in the Event column, measured with the view's font."""
    metrics = view.fontMetrics()
    width = view.columnWidth(EVENT) - 12  # a cell's margins, at most
    box = metrics.boundingRect(QRect(0, 0, width, 100_000), int(Qt.TextFlag.TextWordWrap), text)
    return max(1, round(box.height() / metrics.lineSpacing()))


def visible_rows(view: QTableView) -> range:
    top = view.rowAt(0)
    bottom = view.rowAt(view.viewport().height() - 1)
    return range(top, (bottom if bottom >= 0 else view.model().rowCount() - 1) + 1)


def test_a_long_log_opens_at_its_end_with_only_the_rows_near_view_measured(
    dock: LogDock,
) -> None:
    view = dock.view
    shown = visible_rows(view)
    assert shown.stop == ENTRIES  # following the fight: the newest entry is in view
    # A page of rows above and below what is shown, at most, not the whole log.
    page = view.viewport().height() // view.verticalHeader().defaultSectionSize() + 1
    # Measured: what was in view when the log opened and as its width settled, a page
    # either side of it each time, not the thousands of rows of the whole log.
    assert len(shown) <= page
    assert 0 < dock.rows.measured <= 10 * page < ENTRIES / 10
    # Far above, nothing was measured: the long rows there still have one line's height.
    line = view.verticalHeader().defaultSectionSize()
    assert all(view.rowHeight(r) == line for r in range(1003, 2000, 7))


def test_the_rows_in_view_are_as_tall_as_their_wrapped_text(dock: LogDock) -> None:
    view = dock.view
    line = view.verticalHeader().defaultSectionSize()
    shown = visible_rows(view)
    texts = {r: dock.proxy.index(r, EVENT).data() for r in shown}
    assert any(needed_lines(view, t) >= 2 for t in texts.values()), "no wrapping row in view"
    for row, text in texts.items():
        lines = needed_lines(view, text)
        if lines == 1:
            assert view.rowHeight(row) == line, text
        else:
            assert view.rowHeight(row) >= lines * view.fontMetrics().lineSpacing(), text


def test_scrolling_back_measures_the_rows_that_come_into_view(qtbot: QtBot, dock: LogDock) -> None:
    view = dock.view
    line = view.verticalHeader().defaultSectionSize()
    row = next(r for r in range(ENTRIES // 2, ENTRIES) if long_row(r))
    assert view.rowHeight(row) == line
    view.scrollTo(dock.proxy.index(row, EVENT), QAbstractItemView.ScrollHint.PositionAtCenter)
    qtbot.waitUntil(lambda: view.rowHeight(row) > line)
    assert row in visible_rows(view)
    assert view.rowHeight(row) >= needed_lines(view, LONG) * view.fontMetrics().lineSpacing()
    further_back = next(r for r in range(ENTRIES // 4, ENTRIES) if long_row(r))
    assert view.rowHeight(further_back) == line  # not measured: never near the view
    dock.resize(dock.width(), dock.height() + 200)  # a taller log shows more rows
    qtbot.waitUntil(
        lambda: all(view.rowHeight(r) > line for r in visible_rows(view) if long_row(r))
    )
    assert view.rowAt(0) <= row  # scrolled back, the log stays where it was put


def test_a_narrower_log_measures_the_rows_in_view_again(qtbot: QtBot, dock: LogDock) -> None:
    view = dock.view
    row = visible_rows(view)[-1]
    row -= (row - 3) % 7  # the last long row in view
    before = view.rowHeight(row)
    dock.resize(240, 420)
    qtbot.waitUntil(lambda: view.rowHeight(row) > before)
    assert view.rowHeight(row) >= needed_lines(view, LONG) * view.fontMetrics().lineSpacing()


def test_a_new_entry_is_followed_and_measured(qtbot: QtBot, dock: LogDock) -> None:
    view = dock.view
    controller = dock.model.controller
    assert controller.push(c.RollDice("1d20", LONG))
    last = dock.proxy.rowCount() - 1
    assert last == ENTRIES
    qtbot.waitUntil(lambda: view.rowAt(view.viewport().height() - 1) in (last, -1))
    assert view.rowHeight(last) >= 2 * view.fontMetrics().lineSpacing()


def test_filtering_and_clearing_the_filter_measure_only_what_is_shown(
    qtbot: QtBot, dock: LogDock, qtmodeltester: ModelTester
) -> None:
    view = dock.view
    dock.filter.setText("airlock")
    assert dock.proxy.rowCount() == sum(long_row(r) for r in range(ENTRIES))
    qtbot.wait(60)
    line = view.verticalHeader().defaultSectionSize()
    assert all(view.rowHeight(r) > line for r in visible_rows(view))
    measured = dock.rows.measured
    dock.filter.clear()
    assert dock.proxy.rowCount() == ENTRIES
    qtbot.wait(60)
    assert dock.rows.measured - measured < ENTRIES / 10
    qtmodeltester.check(dock.model, force_py=True)


def shown_seqs(dock: LogDock) -> list[int]:
    proxy = dock.proxy
    return [proxy.index(r, 0).data(ID_ROLE) for r in range(proxy.rowCount())]


@pytest.mark.parametrize(
    ("kind", "text"),
    [(0, "bear"), (1, ""), (1, "BRANDON"), (2, "shaken"), (3, "1d20"), (5, "round"), (0, "\t")],
)
def test_the_kind_and_text_filters_show_what_a_brute_force_search_finds(
    window: MainWindow, kind: int, text: str
) -> None:
    play_a_little(window)
    dock = window.log
    dock.kind.setCurrentIndex(kind)
    dock.filter.setText(text)
    kinds = {k for k in str(dock.kind.currentData()).split("|") if k}
    model = window.log_model
    expected = []
    for row in range(model.rowCount()):
        entry = model.entry(row)
        assert entry is not None
        columns = [model.index(row, col).data() or "" for col in range(model.columnCount())]
        if kinds and base_kind(entry) not in kinds:
            continue
        if text and not any(text.lower() in words.lower() for words in columns):
            continue
        expected.append(entry.seq)
    assert shown_seqs(dock) == expected
    if kind or text:
        assert len(expected) < model.rowCount(), "the filter should leave some out"


def test_a_copied_entry_is_stamped_with_its_round_and_phase_in_words() -> None:
    """The copied breakdown's stamp reads "[Round 1, Action]", not a short form a GM could
    take for a ruling's number; entries from before the fight are "[prep]"."""
    from futurepath_desktop.core.rounds import Phase
    from futurepath_desktop.session.history import History
    from futurepath_desktop.ui.models.log_model import entry_text

    session = demo_session()
    history = History(session)
    history.push(c.Damage(("bear-1",), 1))
    assert entry_text(session.log[-1]).startswith("[prep] ")
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    history.push(c.Damage(("bear-1",), 1))
    stamp = entry_text(session.log[-1]).split("] ", 1)[0] + "]"
    assert stamp == f"[Round {session.combat.round}, {Phase.ACTION.name.title()}]"


def test_a_team_that_has_left_keeps_its_name_in_the_log(qtbot: QtBot) -> None:
    """The next encounter sends the bears away; their turns stay theirs in the log."""
    from futurepath_desktop.session.history import History
    from futurepath_desktop.ui.models.log_model import TEAM

    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.acting_team != "bears":
        history.push(c.NextTurn())
    history.push(c.EndCombat())
    history.push(c.RemoveTeam("bears"))
    model = LogModel(SessionController(session))
    rows = [
        model.index(row, TEAM).data()
        for row in range(model.rowCount())
        if session.log[row].team_id == "bears"
    ]
    assert rows and set(rows) == {"Space Bears"}

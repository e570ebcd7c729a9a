"""A column the GM sizes by dragging its border keeps that width when the panels fit their
columns to the words again (someone joins, the window's layout changes); Reset Layout
gives every column the width its words need once more."""

from __future__ import annotations

import msgspec
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QHeaderView
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.counters_model import COLUMNS as COUNTER_COLUMNS
from futurepath_desktop.ui.models.initiative_cells import HEALTH, NAME

BEARER = COUNTER_COLUMNS.index("Bearer")


def drag_border(qtbot: QtBot, header: QHeaderView, column: int, by: int) -> None:
    """Drag the right border of ``column``'s title ``by`` pixels, as the GM's mouse does."""
    viewport = header.viewport()
    edge = header.sectionViewportPosition(column) + header.sectionSize(column) - 1
    y = header.height() // 2
    QTest.mousePress(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(edge, y)
    )
    for step in range(1, 5):
        QTest.mouseMove(viewport, QPoint(edge + by * step // 4, y))
    QTest.mouseRelease(
        viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, QPoint(edge + by, y)
    )
    qtbot.wait(10)


def someone_joins(window: MainWindow, name: str) -> None:
    """A new combatant with a long name and a big health figure is added to the roster."""
    session = window.controller.session
    first = next(iter(session.combatants.values()))
    newcomer = msgspec.structs.replace(
        first, id="newcomer", name=name, max_hp=12345, hp=12345, portrait=""
    )
    assert window.controller.push(c.AddCombatant(newcomer))


def test_a_name_column_the_gm_widened_survives_someone_joining(
    qtbot: QtBot, window: MainWindow
) -> None:
    header = window.initiative.view.header()
    fitted_name, fitted_health = header.sectionSize(NAME), header.sectionSize(HEALTH)
    drag_border(qtbot, header, NAME, 40)
    widened = header.sectionSize(NAME)
    assert widened >= fitted_name + 30, "the drag did not reach the border"
    someone_joins(window, "Captain Wilhelmina Stormcrow-Abernathy")
    assert header.sectionSize(NAME) == widened, "the GM's width was fitted away"
    # The column the GM left alone is still fitted to its words: the new health figure.
    assert header.sectionSize(HEALTH) > fitted_health


def test_without_a_drag_the_columns_fit_their_words_again(qtbot: QtBot, window: MainWindow) -> None:
    header = window.initiative.view.header()
    before = header.sectionSize(NAME)
    someone_joins(window, "Captain Wilhelmina Stormcrow-Abernathy")
    assert header.sectionSize(NAME) > before  # the long name made it wider


def test_a_narrowed_column_stays_narrow_through_a_change_of_layout(
    qtbot: QtBot, window: MainWindow
) -> None:
    header = window.counters.view.horizontalHeader()
    drag_border(qtbot, header, BEARER, -30)
    narrowed = header.sectionSize(BEARER)
    window.counters.fit_columns(compact=False)
    window.counters.fit_columns(compact=True)
    assert header.sectionSize(BEARER) == narrowed


def test_reset_layout_gives_every_column_its_words_width_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    header = window.initiative.view.header()
    drag_border(qtbot, header, NAME, 50)
    widened = header.sectionSize(NAME)
    window.actions_by_name["actionResetLayout"].trigger()
    qtbot.wait(10)
    assert header.sectionSize(NAME) < widened
    # And the hand-sizing is forgotten: the next fit is the words' again.
    assert NAME not in window.initiative.hand_sized.columns


def test_a_stretched_column_is_never_taken_for_one_the_gm_sized(
    qtbot: QtBot, window: MainWindow
) -> None:
    # Dragging the name's border resizes the stretched status column too, by Qt's hand.
    header = window.initiative.view.header()
    drag_border(qtbot, header, NAME, 40)
    stretched = {
        column
        for column in range(header.count())
        if header.sectionResizeMode(column) == QHeaderView.ResizeMode.Stretch
    }
    assert stretched and not stretched & window.initiative.hand_sized.columns
    assert window.initiative.hand_sized.columns == {NAME}


def test_a_fit_while_the_mouse_is_held_elsewhere_is_not_taken_for_the_gms(
    qtbot: QtBot, window: MainWindow
) -> None:
    # The GM holds the mouse down on the map (say, mid-drag) when someone joins: the
    # name column is fitted to the newcomer's name, and a later join may fit it again.
    header = window.initiative.view.header()
    held = window.map.view.viewport()
    middle = held.rect().center()
    QTest.mousePress(held, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, middle)
    try:
        someone_joins(window, "Captain Wilhelmina Stormcrow-Abernathy")
    finally:
        QTest.mouseRelease(held, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, middle)
    assert window.initiative.hand_sized.columns == set()
    fitted = header.sectionSize(NAME)
    window.initiative.fit_columns(compact=False)  # a wider panel: fitted again, wider
    assert header.sectionSize(NAME) > fitted


def test_the_health_column_grows_with_a_reading_that_no_longer_fits(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Temporary HP makes "18/18" "18/18 +15": the column widens at once so the whole
    reading shows (it was cut to "18/18 +" until someone joined); a column the GM sized
    stays theirs."""
    from PySide6.QtGui import QFontMetrics

    view = window.initiative.view
    header = view.header()
    before = header.sectionSize(HEALTH)
    push = window.controller.push
    push(c.GrantTempHP(("james",), 15))
    reading = "18/18 +15"
    needed = QFontMetrics(view.font()).horizontalAdvance(reading) + 8
    assert header.sectionSize(HEALTH) >= needed > before
    # A reading that shrinks leaves the column as it is (no jitter turn by turn).
    grown = header.sectionSize(HEALTH)
    push(c.Damage(("james",), 15))
    assert header.sectionSize(HEALTH) == grown
    # Sized by hand: left alone.
    drag_border(qtbot, header, HEALTH, -20)
    by_hand = header.sectionSize(HEALTH)
    push(c.GrantTempHP(("art",), 150))
    assert header.sectionSize(HEALTH) == by_hand


def test_a_narrow_log_keeps_room_for_its_events(qtbot: QtBot, window: MainWindow) -> None:
    """On a small screen the log's phase and team give up room so the event keeps two
    fifths of the width (it had a word a line); made wide again, they have their words'
    width back. Measured on the log undocked and sized like a narrow panel."""
    from futurepath_desktop.ui.models.log_model import EVENT, PHASE, TEAM

    log = window.log
    header = log.view.horizontalHeader()
    wide = (header.sectionSize(PHASE), header.sectionSize(TEAM))
    log.setFloating(True)
    log.resize(280, 400)
    qtbot.waitUntil(lambda: log.view.viewport().width() < 280)
    room = log.view.viewport().width()
    assert header.sectionSize(EVENT) >= room * 2 // 5 - 1
    assert header.sectionSize(PHASE) < wide[0] or header.sectionSize(TEAM) < wide[1]
    log.resize(900, 400)
    qtbot.waitUntil(lambda: log.view.viewport().width() > 800)
    assert (header.sectionSize(PHASE), header.sectionSize(TEAM)) == wide

"""The initiative panel's rows drawn from kept pictures (``InitiativeView``) are the very
pixels Qt's own ``drawRow`` draws: with a team acting, rows selected, a combatant down,
the current row framed, the pointer over a row, columns resized, in both colour schemes
and at 1× and 2× scale; and a repaint of rows in a look already seen draws none anew."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, QPoint, QRect, Qt
from PySide6.QtGui import QImage, QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_cells import HEALTH, NAME
from futurepath_desktop.ui.models.initiative_model import plain
from futurepath_desktop.ui.models.roles import ID_ROLE
from futurepath_desktop.ui.widgets.initiative_view import InitiativeView
from tests.ui.test_initiative_delegate import canvas


def picture(window: MainWindow, *, kept: bool, ratio: float = 1.0) -> QImage:
    """The panel's rows painted as the view paints them, with or without kept rows."""
    view = window.initiative.view
    assert isinstance(view, InitiativeView)
    view._fast = kept
    image = canvas(view.viewport().size(), ratio)
    image.fill(Qt.GlobalColor.transparent)
    view.viewport().render(image)
    return image


def differing(ours: QImage, qts: QImage) -> list[tuple[int, int]]:
    assert ours.size() == qts.size()
    return [
        (x, y)
        for x in range(qts.width())
        for y in range(qts.height())
        if ours.pixel(x, y) != qts.pixel(x, y)
    ]


def a_fight(window: MainWindow) -> None:
    """Bears acting, one down, a condition on Art, Brandon and the second team selected."""
    push = window.controller.push
    push(c.StartCombat(("james", "bear-1")))
    push(c.NextTurn())
    push(c.Damage(("bear-2",), 16))
    push(c.AddCondition(("art",), "shaken", 2))
    window.initiative.select(["brandon"])
    window.initiative.view.selectionModel().select(
        window.initiative_model.index(1, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    QApplication.processEvents()


@pytest.mark.parametrize("ratio", [1.0, 2.0])
def test_kept_rows_are_the_rows_qt_draws(
    qtbot: QtBot, window: MainWindow, scheme: str, ratio: float
) -> None:
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    a_fight(window)
    view = window.initiative.view
    assert isinstance(view, InitiativeView)
    qts = picture(window, kept=False, ratio=ratio)
    view.forget_rows()
    before = view.drawn_rows
    first = picture(window, kept=True, ratio=ratio)
    assert view.drawn_rows > before, "the first paint draws the rows into pictures"
    assert differing(first, qts) == []
    before = view.drawn_rows
    again = picture(window, kept=True, ratio=ratio)
    assert view.drawn_rows == before, "a repaint of the same rows draws none anew"
    assert differing(again, qts) == []


def test_a_turn_draws_only_rows_in_a_new_look(qtbot: QtBot, window: MainWindow) -> None:
    """Next Turn changes the two acting teams' rows; once both looks of each were seen,
    turns draw no row anew, and every paint is still Qt's own."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    window.controller.push(c.StartCombat(()))
    view = window.initiative.view
    assert isinstance(view, InitiativeView)
    counts = []
    for _ in range(12):
        before = view.drawn_rows
        window.controller.push(c.NextTurn())
        QApplication.processEvents()  # the window repaints what changed
        ours = picture(window, kept=True)
        counts.append(view.drawn_rows - before)
        assert differing(ours, picture(window, kept=False)) == []
    assert counts[0] > 0
    assert counts[-2:] == [0, 0], counts


def test_the_current_row_and_the_pointer_are_drawn_as_qt_draws_them(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The focus frame round the current row (the row kept, the frame drawn over it), a
    row under the pointer, a column made narrower: each still Qt's own pixels."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    a_fight(window)
    view = window.initiative.view
    model = window.initiative_model
    view.setFocus()
    view.setCurrentIndex(model.index(0, 0, model.index(0, 0)))
    qtbot.waitUntil(view.hasFocus)
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []
    before = view.drawn_rows
    view.setCurrentIndex(model.index(2, 0, model.index(0, 0)))  # the frame moves down
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []
    assert view.drawn_rows - before <= 2, "only the rows the frame left and reached"
    before = view.rows_left_to_qt
    picture(window, kept=True)
    assert view.rows_left_to_qt == before, "the framed row is kept too, its frame drawn"
    window.log.dice.setFocus()  # the keyboard goes to the dice box
    qtbot.waitUntil(lambda: not view.hasFocus())
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []
    before = view.rows_left_to_qt
    picture(window, kept=True)
    assert view.rows_left_to_qt == before, "without the focus, the current row is kept too"
    row = view.visualRect(model.index(1, 0, model.index(0, 0)))
    qtbot.mouseMove(view.viewport(), QPoint(row.center().x(), row.center().y()))
    QApplication.processEvents()
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []
    view.header().resizeSection(NAME, view.header().sectionSize(NAME) - 30)
    QApplication.processEvents()
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []


def test_a_new_scheme_draws_the_rows_anew(qtbot: QtBot, window: MainWindow) -> None:
    from futurepath_desktop.ui import theme

    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    a_fight(window)
    try:
        for choice in (theme.DARK, theme.LIGHT):
            window.set_theme(choice)
            QApplication.processEvents()
            assert differing(picture(window, kept=True), picture(window, kept=False)) == []
    finally:
        window.set_theme(theme.LIGHT)


def test_a_rows_key_tells_apart_what_draws_differently() -> None:
    from PySide6.QtGui import QColor, QFont

    bold, italic = QFont(), QFont()
    bold.setBold(True)
    italic.setItalic(True)
    assert plain(QColor("red")) == plain(QColor(255, 0, 0))
    assert plain(QColor("red")) != plain(QColor(255, 0, 0, 110))
    assert plain(bold) != plain(italic)
    assert plain((1.0, "10/12", QColor("red"))) != plain((1.0, "10/12", QColor("blue")))
    with pytest.raises(TypeError):
        plain(object())


class Damage(QObject):
    """The region of each paint the watched widget receives."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.regions: list[QRegion] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            assert isinstance(event, QPaintEvent)
            self.regions.append(QRegion(event.region()))
        return False


def test_a_changed_member_row_is_repainted_across_and_alone(
    qtbot: QtBot, window: MainWindow
) -> None:
    """A blow to one combatant repaints its row from edge to edge and none of its
    neighbours, and the panel is then what Qt draws afresh."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    view = window.initiative.view
    model = window.initiative_model
    QApplication.processEvents()
    watcher = Damage(view.viewport())
    bears = model.index(1, 0)
    target = model.index(1, 0, bears)
    bear = target.data(ID_ROLE)
    window.controller.push(c.Damage((bear,), 3))
    QApplication.processEvents()
    painted = QRegion()
    for region in watcher.regions:
        painted += region
    row = view.visualRect(target)
    band = QRect(0, row.top(), view.viewport().width(), row.height())
    assert QRegion(band).subtracted(painted).isEmpty(), "the row is repainted edge to edge"
    for neighbour in (model.index(0, 0, bears), model.index(2, 0, bears)):
        assert not painted.intersects(view.visualRect(neighbour)), "a neighbour repainted"
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []


def test_a_paint_of_some_columns_keeps_no_row(qtbot: QtBot, window: MainWindow) -> None:
    """Qt draws in a row only the columns a paint reaches: a wider Health column repaints
    from Health rightwards. No row drawn so is kept, so a later full repaint is still
    Qt's own (names and scores included), and a partial paint keeps nothing."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    a_fight(window)
    view = window.initiative.view
    assert isinstance(view, InitiativeView)
    view.forget_rows()
    header = view.header()
    header.resizeSection(HEALTH, header.sectionSize(HEALTH) + 40)
    QApplication.processEvents()  # the window repaints from the Health column rightwards
    before = view.drawn_rows
    view.viewport().repaint(QRect(header.sectionViewportPosition(HEALTH), 0, 400, 400))
    assert view.drawn_rows == before, "a paint of some columns drew rows to keep"
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []


def test_the_kept_rows_stay_within_their_room(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept rows are forgotten, oldest first, past LOOKS times the panel's own pixels
    (or KEEP_BYTES, if more): blow after blow makes new looks, and the memory they hold
    stays within that room while every paint is still Qt's own."""
    from futurepath_desktop.ui.widgets import initiative_view

    monkeypatch.setattr(initiative_view, "KEEP_BYTES", 1)
    monkeypatch.setattr(initiative_view, "LOOKS", 1)
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    view = window.initiative.view
    assert isinstance(view, InitiativeView)
    viewport = view.viewport()
    room = viewport.width() * viewport.height() * 4
    window.controller.push(c.StartCombat(()))
    for blow in range(12):
        window.controller.push(c.Damage(("bear-1", "bear-2", "art"), 1))
        window.controller.push(c.NextTurn())
        QApplication.processEvents()
        assert view._kept_bytes == sum(p.sizeInBytes() for p in view._rows.values())
        assert view._kept_bytes <= room, blow
    assert differing(picture(window, kept=True), picture(window, kept=False)) == []

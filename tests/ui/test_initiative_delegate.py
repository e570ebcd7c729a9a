"""The initiative panel's cells drawn the short way (``InitiativeDelegate``) are the very
pixels Qt's own item delegate draws: with a team acting, a team and a combatant selected,
a combatant down, words wrapped onto two lines, in both colour schemes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, QSize
from PySide6.QtGui import QFontMetrics, QImage, QTextLayout, QTextOption
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.actions import ACTIONS, ActionType
from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.initiative_cells import TURN
from futurepath_desktop.ui.widgets import cell_pictures, initiative_delegate
from futurepath_desktop.ui.widgets.cell_pictures import MARGIN, CellParts, DrawOver, Kept
from futurepath_desktop.ui.widgets.initiative_delegate import InitiativeDelegate
from tests.ui.test_models import every_cell
from tests.ui.test_turn_actions import players_act


def canvas(size: QSize, ratio: float) -> QImage:
    """A picture of ``size`` (in the widget's units) on a screen scaled by ``ratio``."""
    image = QImage(
        round(size.width() * ratio),
        round(size.height() * ratio),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    image.setDevicePixelRatio(ratio)
    return image


def picture(window: MainWindow, *, short_way: bool) -> QImage:
    """The panel's rows as the delegates draw them, each cell painted (none of the view's
    kept rows: see test_initiative_view)."""
    window.initiative.view._fast = False
    for delegate in window.initiative.delegates:
        delegate._fast, delegate._flags = short_way, None
    return window.initiative.view.viewport().grab().toImage()


def test_the_short_way_draws_what_qt_draws(
    qtbot: QtBot, window: MainWindow, scheme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    push = window.controller.push
    push(c.StartCombat(("james", "bear-1")))
    push(c.NextTurn())  # the bears act: their rows tinted, "▶ acting · 3 of 4 standing"
    push(c.Damage(("bear-2",), 16))  # down: muted and italic
    push(c.AddCondition(("art",), "shaken", 2))
    model = window.initiative_model
    window.initiative.select(["brandon"])
    window.initiative.view.selectionModel().select(
        model.index(1, 0),
        QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
    )
    QApplication.processEvents()
    drawn: list[bool] = []
    paint_cell = InitiativeDelegate.paint_cell

    def counted(self: InitiativeDelegate, *args: object, **kwargs: bool) -> bool:
        done = paint_cell(self, *args, **kwargs)  # type: ignore[arg-type]
        drawn.append(done)
        return done

    monkeypatch.setattr(initiative_delegate.InitiativeDelegate, "paint_cell", counted)
    qts = picture(window, short_way=False)
    assert not any(drawn), "Qt's own way, for the reference"
    drawn.clear()
    ours = picture(window, short_way=True)
    cells = model.columnCount() * (
        model.rowCount() + sum(model.rowCount(model.index(r, 0)) for r in range(model.rowCount()))
    )
    assert len(drawn) == cells and all(drawn), "every cell the short way"
    assert ours.size() == qts.size()
    differing = [
        (x, y)
        for x in range(qts.width())
        for y in range(qts.height())
        if ours.pixel(x, y) != qts.pixel(x, y)
    ]
    assert differing == []


def test_words_too_long_for_the_cell_are_left_to_qt_to_cut_short(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    name = "Brandon the Unbelievably Long-Named Wanderer of the Outer Rim Stations"
    window.controller.push(c.EditCombatant("brandon", {"name": name}))
    QApplication.processEvents()
    assert picture(window, short_way=True) == picture(window, short_way=False)


def test_a_full_round_actions_name_is_not_cut_in_the_turn_column_at_1280(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Every word a turn's summary may hold fits the column whole, so "Combat Technique"
    wraps onto two lines rather than ending "Combat Techniq…"."""
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    players_act(window)
    window.controller.push(c.DeclareAction("james", "Combat Technique", "bear-1"))
    QApplication.processEvents()
    view = window.initiative.view
    cell = window.initiative_model.index_of("james", TURN)
    assert cell.data() == "Combat Technique"
    room = view.visualRect(cell)
    width = room.width() - 2 * MARGIN
    metrics = QFontMetrics(view.font())
    for name, spec in ACTIONS.items():
        if spec.type is ActionType.FULL_ROUND:
            for word in name.split():
                assert metrics.horizontalAdvance(word) <= width, (word, width)
    # Laid out as the style lays a cell's words: two lines, neither wider than the room.
    layout = QTextLayout(cell.data(), view.font())
    wrapping = QTextOption()
    wrapping.setWrapMode(QTextOption.WrapMode.WordWrap)
    layout.setTextOption(wrapping)
    layout.beginLayout()
    lines = []
    while (line := layout.createLine()).isValid():
        line.setLineWidth(width)
        lines.append(line.naturalTextWidth())
    layout.endLayout()
    assert len(lines) <= 2 and max(lines) <= width


def test_a_cell_is_drawn_once_per_look_and_again_in_a_new_scheme(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The short way keeps each cell's picture: a repaint of unchanged cells draws none
    anew, and after a change of colour scheme the pictures are the new scheme's, still
    the very pixels Qt draws (light, dark, and light again)."""
    from futurepath_desktop.ui import theme

    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    window.controller.push(c.StartCombat(()))
    QApplication.processEvents()
    drawn: list[object] = []
    draw = cell_pictures.cell_picture

    def counted(parts: CellParts, draw_over: DrawOver) -> Kept:
        drawn.append(parts)
        return draw(parts, draw_over)

    monkeypatch.setattr(initiative_delegate, "cell_picture", counted)
    try:
        for step, choice in enumerate((theme.LIGHT, theme.DARK, theme.LIGHT)):
            drawn.clear()
            window.set_theme(choice)
            QApplication.processEvents()
            qts = picture(window, short_way=False)
            ours = picture(window, short_way=True)
            assert ours == qts, f"the short way differs from Qt's in the {choice} scheme"
            assert drawn or step == 0, "the first paint in a new scheme draws its cells"
            drawn.clear()
            assert picture(window, short_way=True) == qts
            assert drawn == [], "a repaint of the same cells draws none of them anew"
        # Other sizes of type on the panel (large type): the words and the health numbers
        # drawn anew in each, centred in their cells as the style centres them.
        view = window.initiative.view
        normal = view.font().pointSizeF()
        for factor in (1.1, 1.25, 1.4, 0.9):
            font = view.font()
            font.setPointSizeF(normal * factor)
            view.setFont(font)
            QApplication.processEvents()
            assert picture(window, short_way=True) == picture(window, short_way=False), factor
    finally:
        window.set_theme(theme.LIGHT)


@pytest.mark.parametrize("ratio", [1.0, 1.5, 2.0])
def test_on_a_scaled_screen_the_short_way_draws_what_qt_draws(
    qtbot: QtBot, window: MainWindow, ratio: float
) -> None:
    """On a screen scaled by half again (where a kept picture could land half a pixel
    out, so the cell is drawn directly) and on a doubled one (pictures twice as fine),
    every cell the short way is the very pixels Qt's own way draws."""
    from PySide6.QtCore import QModelIndex
    from PySide6.QtGui import QPainter, QPalette
    from PySide6.QtWidgets import QStyle, QStyleOptionViewItem

    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    window.controller.push(c.StartCombat(()))
    QApplication.processEvents()
    view, model = window.initiative.view, window.initiative_model
    cells = every_cell(model)

    def drawn(short_way: bool) -> QImage:
        image = canvas(view.viewport().size(), ratio)
        image.fill(view.viewport().palette().color(view.viewport().backgroundRole()))
        painter = QPainter(image)
        for cell in cells:
            delegate = view.itemDelegateForIndex(cell)
            assert isinstance(delegate, InitiativeDelegate)
            delegate._fast, delegate._flags = short_way, None
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)  # then as the view's drawRow() has it:
            option.rect = view.visualRect(cell)
            option.state |= QStyle.StateFlag.State_Enabled | QStyle.StateFlag.State_Active
            if view.selectionModel().isSelected(cell):
                option.state |= QStyle.StateFlag.State_Selected
            option.palette.setCurrentColorGroup(QPalette.ColorGroup.Active)
            delegate.paint(painter, option, cell)
        painter.end()
        return image

    assert cells and all(isinstance(cell, QModelIndex) for cell in cells)
    assert drawn(short_way=True) == drawn(short_way=False)


def test_a_kept_size_hint_is_what_qt_answers_afresh(qtbot: QtBot, window: MainWindow) -> None:
    """The delegates keep a cell's size hint by its words, font and room: after the words
    change (damage, a condition, a turn), at other widths and in larger type, every cell's
    hint is still what Qt's own delegate works out from scratch."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QStyleOptionViewItem

    from futurepath_desktop.ui.widgets.columns import LinesDelegate
    from futurepath_desktop.ui.widgets.health_bar import HealthBarDelegate

    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.painted)
    view, model = window.initiative.view, window.initiative_model
    push = window.controller.push

    def check(width: int) -> int:
        asked = 0
        for cell in every_cell(model):
            delegate = view.itemDelegateForIndex(cell)
            assert isinstance(delegate, InitiativeDelegate)
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)
            option.rect = QRect(0, 0, width, 32)  # words wrap within a valid room only
            kept = delegate.sizeHint(option, cell)
            fresh = LinesDelegate.sizeHint(delegate, option, cell)  # Qt's, from scratch
            if isinstance(delegate, HealthBarDelegate):  # and the bar's least room
                fresh = QSize(max(fresh.width(), 96), max(fresh.height(), 28))
            assert kept == fresh, (cell.data(), width, kept, fresh)
            asked += 1
        return asked

    for width in (60, 120, -1):
        assert check(width) > 0
    push(c.StartCombat(("james", "bear-1")))
    push(c.Damage(("bear-2",), 16))
    push(c.AddCondition(("art",), "shaken", 2))
    push(c.NextTurn())
    for width in (60, 120, -1):
        check(width)
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 1.4)
    view.setFont(font)
    for width in (60, 120, -1):
        check(width)

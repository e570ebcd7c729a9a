"""The players' window read across a table: large type is measurably bigger on the screen,
four teams of five fit a 1920×1080 screen, a smaller one scrolls or wraps and cuts
nothing; and the window follows the GM's theme."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui import player_window, theme
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.player_view import CONDITIONS, LARGE_TYPE, PlayerView
from futurepath_desktop.ui.undo import SessionController
from tools.screen_shots import crowded_session


def ink_rows(widget: QWidget) -> int:
    """How many pixel rows of ``widget`` hold anything but its background (the colour of
    its top-left corner): the height of the text drawn in it."""
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    ground = image.pixelColor(0, 0)
    rows = 0
    for y in range(image.height()):
        for x in range(0, image.width(), 2):
            colour = image.pixelColor(x, y)
            if abs(colour.lightness() - ground.lightness()) > 60:
                rows += 1
                break
    return rows


def crowded_view(qtbot: QtBot) -> PlayerView:
    view = PlayerView(SessionController(crowded_session()))
    qtbot.addWidget(view)
    return view


def test_large_type_is_bigger_on_the_screen(qtbot: QtBot) -> None:
    view = crowded_view(qtbot)
    view.resize(1600, 900)
    view.show()
    qtbot.waitExposed(view)
    ordinary_ink = ink_rows(view.header)
    first = view.tree.topLevelItem(1)
    assert first is not None
    ordinary_row = view.tree.visualItemRect(first).height()
    ordinary_point = view.tree.font().pointSizeF()
    view.set_large_type(True)
    QApplication.processEvents()
    assert view.tree.font().pointSizeF() == ordinary_point * LARGE_TYPE
    large_ink = ink_rows(view.header)
    large_first = view.tree.topLevelItem(1)
    assert large_first is not None
    large_row = view.tree.visualItemRect(large_first).height()
    assert large_ink >= 1.5 * ordinary_ink, (ordinary_ink, large_ink)
    assert large_row >= 1.5 * ordinary_row, (ordinary_row, large_row)
    assert view.tree.iconSize().height() >= 1.5 * ordinary_row * 0.8, "portraits grow too"
    view.set_large_type(False)
    QApplication.processEvents()
    assert ink_rows(view.header) == ordinary_ink


def test_four_teams_of_five_fit_full_hd_and_scroll_on_a_laptop(qtbot: QtBot) -> None:
    view = crowded_view(qtbot)
    assert view.tree.topLevelItemCount() == 4 + 4 * 5
    view.set_large_type(True)
    view.resize(1920, 1080)  # the full screen of a 1920×1080 table screen
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    tree = view.tree
    assert tree.verticalScrollBar().maximum() == 0, "every row in sight"
    assert tree.horizontalScrollBar().maximum() == 0, "every column in sight"
    last = tree.topLevelItem(tree.topLevelItemCount() - 1)
    assert last is not None
    assert tree.visualItemRect(last).bottom() <= tree.viewport().height()
    view.resize(1280, 800)
    QApplication.processEvents()
    assert tree.verticalScrollBar().maximum() > 0, "a smaller screen scrolls"
    header = view.header
    assert header.heightForWidth(header.width()) <= header.height(), "the round's line wraps"
    assert_conditions_whole(view)
    for column in range(tree.columnCount()):  # nothing past the list's right edge is lost
        right = tree.header().sectionViewportPosition(column) + tree.columnWidth(column)
        scroll = tree.horizontalScrollBar().maximum()
        assert right <= tree.viewport().width() + scroll


def assert_conditions_whole(view: PlayerView) -> int:
    """Every row is as tall as its conditions, wrapped to their column, need; how many
    take more than one line."""
    tree = view.tree
    metrics = QFontMetrics(tree.font())
    width = tree.columnWidth(CONDITIONS) - 8
    wrapped = 0
    for at in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(at)
        assert item is not None
        text = item.text(CONDITIONS)
        flags = Qt.TextFlag.TextWordWrap
        needed = metrics.boundingRect(QRect(0, 0, width, 10**6), flags, text).height()
        assert needed <= tree.visualItemRect(item).height(), text
        wrapped += needed > metrics.height()
    return wrapped


def test_long_conditions_wrap_rather_than_lose_their_end(qtbot: QtBot) -> None:
    controller = SessionController(crowded_session())
    controller.push(c.AddCondition(("raiders-1",), "prone", 2, source="the blast"))
    controller.push(c.AddCondition(("raiders-1",), "stunned", 1, source="the blast"))
    controller.push(c.AddCondition(("raiders-1",), "shaken", 3, source="the blast"))
    view = PlayerView(controller)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    assert assert_conditions_whole(view) > 0, "the long one wraps onto a second line"


def background(view: PlayerView) -> QColor:
    """The colour of the list's empty space, below its last row."""
    image = view.tree.viewport().grab().toImage()
    return image.pixelColor(image.width() // 2, image.height() - 4)


def map_surround(view: PlayerView) -> QColor:
    """The colour round the players' map, in its corner."""
    image = view.map_view.viewport().grab().toImage()
    return image.pixelColor(3, 3)


def test_the_players_window_follows_the_gms_theme(window: MainWindow, qtbot: QtBot) -> None:
    player_window.show(window)
    view = window.player_view
    assert view is not None
    qtbot.waitExposed(view)
    try:
        window.set_theme(theme.LIGHT)
        QApplication.processEvents()
        light_list, light_map = background(view), map_surround(view)
        window.set_theme(theme.DARK)
        QApplication.processEvents()
        dark_list, dark_map = background(view), map_surround(view)
    finally:
        window.set_theme(theme.LIGHT)
    assert light_list.lightness() > 200 and dark_list.lightness() < 60, (light_list, dark_list)
    assert dark_map.lightness() < light_map.lightness() - 60, (light_map, dark_map)

"""Tick boxes the GM can see in both schemes, drawn offscreen and sampled: a check box's
and a radio button's frame, and the box on each row of the dialogs' tick lists, stand out
from the ground they are drawn on, ticked or not; the box is the same size in both
schemes; and turning the scheme back to light leaves no dark-only colour behind."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QListWidget,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionViewItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import theme
from tests.ui.test_row_ticks import made


def frame_contrast(picture: QImage, box: QRect, ground: int) -> int:
    """How far the lightest-or-darkest pixel round the box's edge is from the ground's
    lightness (the frame is drawn there, a pixel either side allowed)."""
    edge = [
        (x, y)
        for x in range(box.left() - 1, box.right() + 2)
        for y in (box.top(), box.top() + 1, box.bottom(), box.bottom() - 1)
    ]
    edge += [
        (x, y)
        for y in range(box.top() - 1, box.bottom() + 2)
        for x in (box.left(), box.left() + 1, box.right(), box.right() - 1)
    ]
    seen = [picture.pixelColor(x, y).lightness() for x, y in edge if picture.valid(x, y)]
    return max(abs(value - ground) for value in seen)


def button_box(button: QCheckBox | QRadioButton) -> QRect:
    option = QStyleOptionButton()
    button.initStyleOption(option)
    element = (
        QStyle.SubElement.SE_CheckBoxIndicator
        if isinstance(button, QCheckBox)
        else QStyle.SubElement.SE_RadioButtonIndicator
    )
    return button.style().subElementRect(element, option, button)


@pytest.mark.parametrize("kind", ["box", "ticked box", "radio"])
def test_a_check_box_and_a_radio_button_show_their_frame(
    qtbot: QtBot, scheme: str, kind: str
) -> None:
    button: QCheckBox | QRadioButton = (
        QRadioButton("Alone") if kind == "radio" else QCheckBox("Out of turn")
    )
    if kind == "ticked box":
        button.setChecked(True)
    holder = QWidget()
    button.setParent(holder)
    qtbot.addWidget(holder)
    holder.resize(160, 40)
    holder.show()
    QApplication.processEvents()
    picture = button.grab().toImage()
    ground = button.palette().color(QPalette.ColorRole.Base).lightness()
    box = button_box(button)
    assert box.width() >= 12
    assert frame_contrast(picture, box, ground) >= 40, (scheme, kind)


@pytest.mark.parametrize("kind", ["start", "join", "ships", "sheet"])
def test_each_row_of_a_tick_list_shows_its_box(qtbot: QtBot, scheme: str, kind: str) -> None:
    dialog, view = made(kind)
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    assert isinstance(view, QListWidget)
    picture = view.viewport().grab().toImage()
    ground = view.palette().color(QPalette.ColorRole.Base).lightness()
    boxes = 0
    above = QRect()
    for row in range(view.count()):
        item = view.item(row)
        if not item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            continue  # a team's title row
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect = view.visualItemRect(item)
        option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
        box = view.style().subElementRect(
            QStyle.SubElement.SE_ItemViewItemCheckIndicator, option, view
        )
        if not box.intersects(picture.rect()) or box.bottom() >= picture.height():
            continue  # scrolled out of sight
        assert frame_contrast(picture, box, ground) >= 40, (scheme, kind, item.text())
        if boxes == 0:  # the first box stands clear of the list's top edge
            assert box.top() >= 2, (scheme, kind, box)
        else:  # and of the box above it
            assert box.top() - above.bottom() >= 3, (scheme, kind, above, box)
        above = box
        boxes += 1
    assert boxes >= 1


def test_the_box_keeps_its_size_and_light_keeps_its_colours(
    qtbot: QtBot, qapp: QApplication
) -> None:
    sizes = []
    for scheme in (theme.DARK, theme.LIGHT):
        theme.apply_theme(qapp, scheme)
        box = QCheckBox("Out of turn")
        qtbot.addWidget(box)
        sizes.append((box.sizeHint(), button_box(box).size()))
        if scheme == theme.LIGHT:  # back from dark: the box's colours are the window's
            for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base):
                assert box.palette().color(role) == qapp.palette().color(role)
    assert sizes[0] == sizes[1]


def test_a_drop_down_list_reads_plainly(qtbot: QtBot, scheme: str) -> None:
    """A drop-down list's entries (the attack's target, the log's filter) are drawn with the
    menu's palette: each entry's words stand out from the list's ground in both schemes."""
    from PySide6.QtWidgets import QComboBox

    combo = QComboBox()
    qtbot.addWidget(combo)
    combo.addItems(["Space Bear 1", "Space Bear 2", "Space Bear 3"])
    combo.show()
    combo.showPopup()
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    picture = view.viewport().grab().toImage()
    for row in range(1, 3):  # not the current one, which is highlighted
        place = view.visualRect(combo.model().index(row, 0)).intersected(picture.rect())
        ground = picture.pixelColor(place.right() - 2, place.center().y()).lightness()
        assert ink_contrast(picture, place, ground) > 100, (scheme, row)
    combo.hidePopup()


def ink_contrast(picture: QImage, row: QRect, ground: int) -> int:
    """The strongest difference from the ground's lightness among a row's pixels."""
    return max(
        abs(picture.pixelColor(x, y).lightness() - ground)
        for y in range(row.top(), row.bottom())
        for x in range(row.left(), min(row.right(), picture.width() - 1))
    )


def test_start_combat_titles_its_teams_and_keeps_its_boxes_apart(qtbot: QtBot, scheme: str) -> None:
    """In Start Combat's list a team's title is drawn as plainly as the names under it
    (a title, not a greyed-out row), and no two tick boxes touch."""
    dialog, view = made("start")
    qtbot.addWidget(dialog)
    dialog.show()
    QApplication.processEvents()
    picture = view.viewport().grab().toImage()
    ground = view.palette().color(QPalette.ColorRole.Base).lightness()
    titles, names, boxes = [], [], []
    for row in range(view.count()):
        item = view.item(row)
        place = view.visualItemRect(item)
        if item.flags() & Qt.ItemFlag.ItemIsUserCheckable:
            names.append(ink_contrast(picture, place, ground))
            option = QStyleOptionViewItem()
            view.initViewItemOption(option)
            option.rect = place
            option.features |= QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator
            element = QStyle.SubElement.SE_ItemViewItemCheckIndicator
            boxes.append(view.style().subElementRect(element, option, view))
        else:
            titles.append(ink_contrast(picture, place, ground))
    assert titles and names
    assert min(titles) >= 0.8 * max(names), (scheme, titles, names)
    current = view.currentItem()  # the first name, filled from the start
    assert current is not None and current.flags() & Qt.ItemFlag.ItemIsUserCheckable
    assert view.selectedItems() == [current] and view.row(current) == 1
    for upper, lower in pairwise(boxes):
        if upper.left() == lower.left() and lower.top() > upper.top():
            assert lower.top() - upper.bottom() >= 3, (scheme, upper, lower)

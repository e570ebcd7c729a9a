"""The inspector at the laptop sizes GMs bring (1280×800, 1366×768), light and dark: no
sideways scroll bar anywhere in it, and no text of any tab cut off or elided, measured with
QFontMetrics against the room each widget gives its text."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QComboBox,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollBar,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QTabBar,
    QTableWidget,
    QToolButton,
    QWidget,
)

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tests.visual.conftest import Posed, settle

LAPTOPS = ((1280, 800), (1366, 768))


def shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0


def plain(label: QLabel) -> str:
    if label.textFormat() == Qt.TextFormat.PlainText or "<" not in label.text():
        return label.text()
    document = QTextDocument()
    document.setHtml(label.text())
    return document.toPlainText()


def label_problems(label: QLabel) -> list[str]:
    room = label.contentsRect()
    text = plain(label)
    if not text.strip() or room.width() <= 0:
        return []
    metrics = label.fontMetrics()
    if label.wordWrap():
        needed = label.heightForWidth(room.width())
        if needed > room.height() + 1:
            return [f"label {text!r} needs {needed} px of height, has {room.height()}"]
        longest = max(text.split(), key=metrics.horizontalAdvance)
        if metrics.horizontalAdvance(longest) > room.width():
            return [f"label {text!r}: the word {longest!r} is wider than {room.width()} px"]
        return []
    return [
        f"label line {line!r} is {metrics.horizontalAdvance(line)} px in {room.width()} px"
        for line in text.splitlines()
        if metrics.horizontalAdvance(line) > room.width()
    ]


def button_problems(button: QAbstractButton) -> list[str]:
    if not button.text():
        return []
    option = QStyleOptionButton()
    option.initFrom(button)
    element = (
        QStyle.SubElement.SE_PushButtonContents
        if isinstance(button, QPushButton)
        else QStyle.SubElement.SE_CheckBoxContents
    )
    room = button.style().subElementRect(element, option, button).width()
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    need = button.fontMetrics().horizontalAdvance(text)
    return [f"button {text!r} is {need} px in {room} px"] if need > room else []


def combo_problems(combo: QComboBox) -> list[str]:
    text = combo.currentText()
    if not text:
        return []
    option = QStyleOptionComboBox()
    option.initFrom(combo)
    option.editable = combo.isEditable()
    room = (
        combo.style()
        .subControlRect(
            QStyle.ComplexControl.CC_ComboBox,
            option,
            QStyle.SubControl.SC_ComboBoxEditField,
            combo,
        )
        .width()
    )
    need = combo.fontMetrics().horizontalAdvance(text)
    return [f"choice {text!r} is {need} px in {room} px"] if need > room else []


def spin_problems(box: QAbstractSpinBox) -> list[str]:
    edit = box.lineEdit()
    text = edit.text()
    room = edit.contentsRect().width() - 4  # QLineEdit's own margin of 2 px a side
    need = edit.fontMetrics().horizontalAdvance(text)
    return [f"field {text!r} is {need} px in {room} px"] if need > room else []


def tab_problems(bar: QTabBar) -> list[str]:
    found = [
        f"tab bar scrolls: {button.objectName() or 'arrow'}"
        for button in bar.findChildren(QToolButton)
        if button.isVisible()
    ]
    for index in range(bar.count()):
        text = bar.tabText(index).replace("&&", "&")
        need = bar.fontMetrics().horizontalAdvance(text)
        room = bar.tabRect(index).width() - 8  # the style's padding, at its smallest
        if need > room:
            found.append(f"tab {text!r} is {need} px in {room} px")
    return found


def list_problems(view: QListWidget) -> list[str]:
    found = []
    metrics = view.fontMetrics()
    for row in range(view.count()):
        item = view.item(row)
        rect = view.visualItemRect(item)
        text = item.text()
        if view.wordWrap():
            box = metrics.boundingRect(
                QRect(0, 0, rect.width(), 10_000), Qt.TextFlag.TextWordWrap, text
            )
            if box.height() > rect.height() + 1 or box.width() > rect.width():
                found.append(f"list line {text!r} needs {box.height()} px, has {rect.height()}")
        elif metrics.horizontalAdvance(text) > view.viewport().width():
            found.append(f"list line {text!r} is wider than {view.viewport().width()} px")
        if not view.verticalScrollBar().isVisible() and not view.viewport().rect().contains(rect):
            found.append(f"list line {text!r} is cut off at the bottom, with no scroll bar")
    return found


def table_problems(table: QTableWidget) -> list[str]:
    found = []
    header = table.horizontalHeader()
    metrics = header.fontMetrics()
    for column in range(table.columnCount()):
        if header.isSectionHidden(column):
            continue
        heading = table.horizontalHeaderItem(column)
        text = heading.text() if heading else ""
        room = header.sectionSize(column) - 8
        if metrics.horizontalAdvance(text) > room:
            found.append(f"column {text!r} is {metrics.horizontalAdvance(text)} px in {room}")
        for row in range(table.rowCount()):
            cell = table.item(row, column)
            value = cell.text() if cell else ""
            if table.fontMetrics().horizontalAdvance(value) > room:
                found.append(f"cell {value!r} of {text!r} does not fit {room} px")
    return found


def owner(bar: QScrollBar) -> str:
    """The named widget a scroll bar scrolls (its parent is an unnamed container)."""
    widget = bar.parentWidget()
    while widget is not None and (not widget.objectName() or widget.objectName().startswith("qt_")):
        widget = widget.parentWidget()
    return widget.objectName() if widget is not None else "?"


def problems(root: QWidget) -> list[str]:
    """Everything shown under ``root`` whose text does not fit, and any sideways scroll
    bar in sight."""
    found: list[str] = [
        f"a sideways scroll bar in {owner(bar)}"
        for bar in root.findChildren(QScrollBar)
        if bar.orientation() == Qt.Orientation.Horizontal and bar.isVisible()
    ]
    for widget in root.findChildren(QWidget):
        if not shown(widget):
            continue
        if isinstance(widget, QLabel):
            found += label_problems(widget)
        elif isinstance(widget, QAbstractButton) and not isinstance(widget, QToolButton):
            found += button_problems(widget)
        elif isinstance(widget, QComboBox):
            found += combo_problems(widget)
        elif isinstance(widget, QAbstractSpinBox):
            found += spin_problems(widget)
        elif isinstance(widget, QTabBar):
            found += tab_problems(widget)
        elif isinstance(widget, QListWidget):
            found += list_problems(widget)
        elif isinstance(widget, QTableWidget):
            found += table_problems(widget)
    return found


def every_tab(window: MainWindow) -> dict[str, list[str]]:
    """What does not fit on each of the inspector's tabs."""
    inspector = window.inspector
    inspector.show()
    inspector.raise_()
    settle()
    found = {}
    for index in range(inspector.tabs.count()):
        inspector.tabs.setCurrentIndex(index)
        settle()
        found[inspector.tabs.tabText(index)] = problems(inspector)
    inspector.tabs.setCurrentIndex(0)
    return found


@pytest.mark.parametrize("scheme", [theme.LIGHT, theme.DARK])
@pytest.mark.parametrize(("width", "height"), LAPTOPS)
def test_nothing_in_the_inspector_is_cut_off(
    posed: Posed, width: int, height: int, scheme: str
) -> None:
    window = posed(width, height, scheme)
    inspector = window.inspector
    assert inspector.isVisible() and inspector.width() > 200
    # The pose leaves a long range source in the list ("Range 50 ft (2 increments …)").
    sources = inspector.attack.sources
    assert any("increment" in sources.item(i).text() for i in range(sources.count()))
    found = every_tab(window)
    assert found == {name: [] for name in found}
    # A bear out of its turn: the form's warning wraps, whole, under the odds.
    window.initiative.select(["bear-4"])
    form = inspector.attack
    form.target.setCurrentIndex(form.target.findData("james"))
    form.distance.setValue(5)
    form.recompute()
    settle()
    assert "not Space Bear 4's turn" in form.odds.text()
    assert problems(inspector) == []


def test_the_measure_sees_a_cut_off_line(posed: Posed) -> None:
    """The check can fail: a long word-free label and a list that does not wrap are seen."""
    window = posed(1280, 800, theme.LIGHT)
    sources = window.inspector.attack.sources
    sources.setWordWrap(False)
    sources.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    sources.addItem("Range 500 ft (17 increments of 30 ft): a very long line " * 2)
    settle()
    found = problems(window.inspector)
    assert any("sideways scroll bar" in line for line in found)
    assert any("list line" in line for line in found)
    window.inspector.title.setText("A name far too long to fit on one line " * 3)
    window.inspector.title.setWordWrap(False)
    window.inspector.title.setMaximumWidth(120)
    settle()
    assert any("label line" in line for line in problems(window.inspector))

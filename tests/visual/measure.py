"""How the layout tests tell that a text is cut off, or a panel scrolls sideways: each text
is measured with ``QFontMetrics`` against the room Qt draws it in (the style's own rects), and
``problems(root)`` walks a widget tree for everything that does not fit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QPushButton,
    QRadioButton,
    QScrollBar,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionGroupBox,
    QStyleOptionHeader,
    QStyleOptionTab,
    QStyleOptionToolButton,
    QStyleOptionViewItem,
    QTabBar,
    QToolButton,
    QTreeView,
    QWidget,
)

from futurepath_desktop.ui.bridge.feedback import Feedback
from tests.visual.conftest import SIZES

LAPTOPS = tuple(size for size in SIZES if size[0] < 1500)
"""The laptop sizes GMs bring (1280×800, 1366×768)."""

WRAP = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
TALL = 100_000
PM, CC, SC, SE = QStyle.PixelMetric, QStyle.ComplexControl, QStyle.SubControl, QStyle.SubElement


def shown(widget: QWidget) -> bool:
    """Shown and given some width (a widget scrolled out of sight is still measured)."""
    return widget.isVisible() and widget.width() > 0


def on_screen(widget: QWidget) -> bool:
    """Shown and not wholly covered by its parents' clipping (a dock behind another)."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def visible_docks(window: QMainWindow) -> list[QDockWidget]:
    """The docks a GM sees: shown, and not hidden behind another tab."""
    return [dock for dock in window.findChildren(QDockWidget) if on_screen(dock)]


def plain(label: QLabel) -> str:
    """A label's text as it reads (rich text without its tags)."""
    if label.textFormat() == Qt.TextFormat.PlainText or "<" not in label.text():
        return label.text()
    document = QTextDocument()
    document.setHtml(label.text())
    return document.toPlainText()


def unmnemonic(text: str) -> str:
    """A text as drawn with its shortcut marks: "&&" is an ampersand, "&" underlines."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def text_margin(view: QWidget) -> int:
    """The gap Qt's styles leave each side of a cell's text (QCommonStyle's viewItemDrawText)."""
    return view.style().pixelMetric(PM.PM_FocusFrameHMargin, None, view) + 1


def owner(bar: QScrollBar) -> str:
    """The named widget a scroll bar scrolls (its parent is an unnamed container)."""
    widget = bar.parentWidget()
    while widget is not None and (not widget.objectName() or widget.objectName().startswith("qt_")):
        widget = widget.parentWidget()
    return widget.objectName() or type(widget).__name__ if widget is not None else "?"


def sideways(root: QWidget) -> list[str]:
    """Every sideways scroll bar in sight under ``root`` (of a scroll area or on its own)."""
    return [
        f"a sideways scroll bar in {root.objectName()}/{owner(bar)}"
        for bar in root.findChildren(QScrollBar)
        if bar.orientation() == Qt.Orientation.Horizontal and bar.isVisible()
    ]


def label_room(label: QLabel) -> QRect:
    """Where a label draws its text (QLabelPrivate::documentRect): its contents less its
    margin, and less its indent on the side it is aligned to."""
    room = label.contentsRect()
    margin = label.margin()
    room.adjust(margin, margin, -margin, -margin)
    indent = label.indent()
    if indent < 0 and label.frameWidth():
        indent = QFontMetrics(label.font()).horizontalAdvance("x") // 2 - margin
    if indent > 0:
        flag = Qt.AlignmentFlag
        edges = (flag.AlignLeft, flag.AlignTop, flag.AlignRight, flag.AlignBottom)
        left, top, right, bottom = (indent if label.alignment() & e else 0 for e in edges)
        room.adjust(left, top, -right, -bottom)
    return room


def label_problems(label: QLabel) -> list[str]:
    """A label's text against its room: every line of a one-line label, the wrapped height
    (Qt's own and QFontMetrics') and the longest word of a word-wrapped one."""
    text = unmnemonic(plain(label)) if label.buddy() is not None else plain(label)
    if not text.strip():
        return []
    found = []
    if isinstance(label, Feedback) and label.text() != label.full and label.toolTip() != label.full:
        # A feedback line shortens a long text, and then carries it whole as its tip.
        found.append(f"feedback {label.objectName()!r} shortened without its tip")
    room = label_room(label)
    metrics = QFontMetrics(label.font())
    lines = text.splitlines() or [text]
    if label.wordWrap():
        # Qt's own wrapped height at the room's width (margins counted twice: on the safe
        # side), and QFontMetrics' for the plain text.
        needed = label.heightForWidth(room.width())
        wrapped = metrics.boundingRect(QRect(0, 0, max(room.width(), 1), TALL), WRAP, text)
        if max(needed, wrapped.height()) > room.height() + 1:
            found.append(
                f"label {text!r} needs {max(needed, wrapped.height())} px of height, "
                f"has {room.height()}"
            )
        # A zero-width space is a place to break too (``breakable``'s long names).
        longest = max(text.replace("\u200b", " ").split(), key=metrics.horizontalAdvance)
        widest = max(
            metrics.boundingRect(QRect(0, 0, max(room.width(), 1), TALL), WRAP, line).width()
            for line in lines
        )
        if max(metrics.horizontalAdvance(longest), widest) > room.width():
            found.append(f"label {text!r}: the word {longest!r} is wider than {room.width()} px")
        return found
    found += [
        f"label line {line!r} is {metrics.horizontalAdvance(line)} px in {room.width()} px"
        for line in lines
        if metrics.horizontalAdvance(line) > room.width()
    ]
    tall = metrics.lineSpacing() * len(lines) - metrics.leading()
    if tall > room.height() + 1:
        found.append(f"label {text!r} needs {tall} px of height, has {room.height()}")
    return found


def button_problems(button: QAbstractButton) -> list[str]:
    """A button's text against its contents (less its icon and menu arrow), and a button
    squeezed below the width it asks for."""
    text = unmnemonic(button.text())
    if not text:
        return []
    style = button.style()
    need = QFontMetrics(button.font()).horizontalAdvance(text)
    if isinstance(button, QToolButton):
        tool = QStyleOptionToolButton()
        button.initStyleOption(tool)
        room = button.width() - style.pixelMetric(PM.PM_ButtonMargin, tool, button)
        if button.popupMode() == QToolButton.ToolButtonPopupMode.MenuButtonPopup:
            room -= style.pixelMetric(PM.PM_MenuButtonIndicator, tool, button)
        if button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
            room = need
    else:
        option = QStyleOptionButton()
        element = SE.SE_PushButtonContents
        if isinstance(button, (QPushButton, QCheckBox, QRadioButton)):
            button.initStyleOption(option)
        else:
            option.initFrom(button)
        if isinstance(button, QCheckBox):
            element = SE.SE_CheckBoxContents
        elif isinstance(button, QRadioButton):
            element = SE.SE_RadioButtonContents
        room = style.subElementRect(element, option, button).width()
        if not option.icon.isNull():
            room -= option.iconSize.width() + 4
        if isinstance(button, QPushButton) and button.menu() is not None:
            room -= style.pixelMetric(PM.PM_MenuButtonIndicator, option, button)
    found = [f"button {text!r} is {need} px in {room} px"] if need > room else []
    if button.width() + 1 < button.sizeHint().width():
        found.append(f"button {text!r} is {button.width()} px of {button.sizeHint().width()}")
    return found


def combo_problems(combo: QComboBox) -> list[str]:
    """The choice shown against the edit field, less the icon and the style's 1 px a side."""
    text = combo.currentText()
    if not text:
        return []
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(CC.CC_ComboBox, option, SC.SC_ComboBoxEditField, combo)
    room = field.width() - 2
    if not option.currentIcon.isNull():
        room -= option.iconSize.width() + 4
    edit = combo.lineEdit()
    if edit is not None:
        room = min(room, edit_room(edit))
    need = QFontMetrics(combo.font()).horizontalAdvance(text)
    if need > room:
        return [f"choice {text!r} of {combo.objectName()!r} is {need} px in {room} px"]
    return []


def edit_room(edit: QLineEdit) -> int:
    """A line edit's room: its contents less its text margins and QLineEdit's 2 px a side."""
    margins = edit.textMargins()
    return edit.contentsRect().width() - 4 - margins.left() - margins.right()


def spin_problems(box: QAbstractSpinBox) -> list[str]:
    """A spin box's text against its line edit."""
    edit = box.lineEdit()
    text, room = edit.text(), edit_room(edit)
    need = QFontMetrics(edit.font()).horizontalAdvance(text)
    return [f"field {text!r} is {need} px in {room} px"] if need > room else []


def tab_problems(bar: QTabBar) -> list[str]:
    """Scroll arrows in sight, a tab Qt shortens, or a tab text wider than its text rect."""
    found = [
        f"tab bar scrolls: {button.objectName() or 'arrow'}"
        for button in bar.findChildren(QToolButton)
        if button.isVisible()
    ]
    metrics = QFontMetrics(bar.font())
    for index in range(bar.count()):
        text = unmnemonic(bar.tabText(index))
        option = QStyleOptionTab()
        bar.initStyleOption(option, index)
        if option.text != bar.tabText(index):
            found.append(f"tab {text!r} is shortened to {option.text!r}")
        rect = bar.style().subElementRect(SE.SE_TabBarTabText, option, bar)
        room = min(rect.width(), bar.tabRect(index).width() - 8)
        if metrics.horizontalAdvance(text) > room:
            found.append(f"tab {text!r} is {metrics.horizontalAdvance(text)} px in {room} px")
    return found


def group_problems(box: QGroupBox) -> list[str]:
    """A group's title against the box, and its label rect against the box's edge."""
    title = unmnemonic(box.title())
    if not title:
        return []
    option = QStyleOptionGroupBox()
    box.initStyleOption(option)
    label = box.style().subControlRect(CC.CC_GroupBox, option, SC.SC_GroupBoxLabel, box)
    need = QFontMetrics(box.font()).horizontalAdvance(title)
    if need > box.width() or label.right() > box.rect().right():
        return [f"group {title!r} is cut"]
    return []


def cell_font(view: QAbstractItemView, index: QModelIndex) -> QFont:
    """A cell's own font, over the view's."""
    font = index.data(Qt.ItemDataRole.FontRole)
    return font.resolve(view.font()) if isinstance(font, QFont) else view.font()


def cell_problems(view: QAbstractItemView) -> list[str]:
    """Every cell (in sight or scrolled to) whose text does not fit the style's text rect
    (clipped sideways to the viewport), wrapped where the view wraps; and any row off the
    viewport with no scroll bar to reach it."""
    model = view.model()
    found: list[str] = []
    viewport = view.viewport().rect()
    margin = text_margin(view)
    wrap = bool(getattr(view, "wordWrap", lambda: False)())
    scrolls = view.verticalScrollBar().isVisible()
    kind = "list line" if isinstance(view, QListView) else f"{view.objectName()} cell"

    def columns(parent: QModelIndex) -> range:
        if isinstance(view, QListView):  # a list shows one column of its model
            return range(view.modelColumn(), view.modelColumn() + 1)
        return range(model.columnCount(parent))

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            for column in columns(parent):
                index = model.index(row, column, parent)
                rect = view.visualRect(index)
                text = index.data(Qt.ItemDataRole.DisplayRole)
                if rect.isEmpty() or not isinstance(text, str) or not text:
                    continue
                option = QStyleOptionViewItem()
                option.initFrom(view)
                option.rect = rect
                option.font = cell_font(view, index)
                option.fontMetrics = QFontMetrics(option.font)
                delegate = view.itemDelegateForIndex(index)
                if isinstance(delegate, QStyledItemDelegate):
                    delegate.initStyleOption(option, index)
                option.text = text  # a delegate that draws its own text still must fit it
                room = view.style().subElementRect(SE.SE_ItemViewItemText, option, view)
                # Scrolled partly out of sight sideways is cut too (up and down is only
                # scrolling: the row is whole once scrolled to).
                room = room.adjusted(margin, 0, -margin, 0)
                room.setLeft(max(room.left(), viewport.left()))
                room.setRight(min(room.right(), viewport.right()))
                metrics = QFontMetrics(option.font)
                if wrap:
                    needed = metrics.boundingRect(
                        QRect(0, 0, max(room.width(), 1), TALL), WRAP, text
                    )
                    fits = needed.width() <= room.width() and needed.height() <= room.height()
                    size = f"{needed.width()}×{needed.height()}"
                else:
                    fits = metrics.horizontalAdvance(text) <= room.width()
                    size = f"{metrics.horizontalAdvance(text)}×{metrics.height()}"
                has = f"{room.width()}×{room.height()}"
                if not fits:
                    found.append(f"{kind} ({row}, {column}) {text!r} needs {size} px, has {has}")
                if not scrolls and not viewport.contains(rect):
                    found.append(f"{kind} {text!r} is cut off at the bottom, with no scroll bar")
            if isinstance(view, QTreeView) and view.isExpanded(model.index(row, 0, parent)):
                walk(model.index(row, 0, parent))

    walk(QModelIndex())
    return found


def header_problems(view: QAbstractItemView) -> list[str]:
    """Column titles that do not fit their sections' label rects, less the header margin
    each side and the sort arrow (as QHeaderView.paintSection elides)."""
    found: list[str] = []
    for header in view.findChildren(QHeaderView):
        if header.orientation() != Qt.Orientation.Horizontal or not shown(header):
            continue
        style = header.style()
        margin = 2 * style.pixelMetric(PM.PM_HeaderMargin, None, header)
        model = header.model()
        for section in range(header.count()):
            size = header.sectionSize(section)
            if header.isSectionHidden(section) or size == 0:
                continue
            text = model.headerData(section, Qt.Orientation.Horizontal)
            if not isinstance(text, str) or not text:
                continue
            font = model.headerData(section, Qt.Orientation.Horizontal, Qt.ItemDataRole.FontRole)
            font = font.resolve(header.font()) if isinstance(font, QFont) else QFont(header.font())
            if header.highlightSections():  # drawn bold while a selection covers the column
                font.setBold(True)
            option = QStyleOptionHeader()
            option.initFrom(header)
            whole = QRect(header.sectionViewportPosition(section), 0, size, header.height())
            option.rect = whole.intersected(header.viewport().rect())
            option.text = text
            option.section = section
            arrow = header.isSortIndicatorShown() and header.sortIndicatorSection() == section
            if arrow:
                option.sortIndicator = QStyleOptionHeader.SortIndicator.SortDown
            room = style.subElementRect(SE.SE_HeaderLabel, option, header)
            extra = style.pixelMetric(PM.PM_HeaderMarkSize, None, header) if arrow else 0
            width, need = room.width() - margin - extra, QFontMetrics(font).horizontalAdvance(text)
            if need > width:
                found.append(f"{view.objectName()} header {text!r} is {need} px in {width} px")
    return found


def view_problems(view: QAbstractItemView) -> list[str]:
    """A list's, table's or tree's headers and cells (a header is measured with its view)."""
    return [] if isinstance(view, QHeaderView) else header_problems(view) + cell_problems(view)


CHECKS: tuple[tuple[type[QWidget], Callable[[Any], list[str]]], ...] = (
    (QLabel, label_problems),
    (QAbstractButton, button_problems),
    (QComboBox, combo_problems),
    (QAbstractSpinBox, spin_problems),
    (QTabBar, tab_problems),
    (QGroupBox, group_problems),
    (QAbstractItemView, view_problems),
)
"""The measure each kind of widget takes (the first kind it is)."""


def problems(root: QWidget) -> list[str]:
    """Everything shown under ``root`` whose text does not fit, and every sideways bar."""
    found = sideways(root)
    for widget in root.findChildren(QWidget):
        check = next((check for kind, check in CHECKS if isinstance(widget, kind)), None)
        if check is not None and shown(widget):
            found += check(widget)
    return found

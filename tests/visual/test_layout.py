"""Nothing clipped on a GM's laptop: the real window posed mid-fight at the sizes GMs bring,
measured with the fonts it draws in.

Each text is measured with ``QFontMetrics`` against the room Qt gives it (the style's own
text rectangle for a cell, the header label's rectangle for a column title, the widget's
contents for a label or button), so a test fails exactly when Qt would draw "…" or cut it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QDockWidget,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionButton,
    QStyleOptionHeader,
    QStyleOptionToolButton,
    QStyleOptionViewItem,
    QTableView,
    QToolBar,
    QToolButton,
    QTreeView,
    QWidget,
)
from pytestqt.qtbot import QtBot

from futurepath_desktop.ui import theme
from futurepath_desktop.ui.main_window import MainWindow
from tests.visual.conftest import SCHEMES, SIZES, Posed, settle
from tools.poses import mid_space_fight

LAPTOPS = tuple(size for size in SIZES if size[0] < 1500)
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


def visible_docks(window: MainWindow) -> list[QDockWidget]:
    """The docks a GM sees: shown, and not hidden behind another tab."""
    return [
        dock
        for dock in window.findChildren(QDockWidget)
        if dock.isVisible() and not dock.visibleRegion().isEmpty()
    ]


def shown(widget: QWidget) -> bool:
    """On screen: visible and not covered by its parents' clipping."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


# --- scroll bars ----------------------------------------------------------------------------


@pytest.mark.parametrize("where", POSES)
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_no_dock_scrolls_sideways(
    posed: Posed, width: int, height: int, scheme: str, where: str
) -> None:
    window = pose(posed(width, height, scheme), where)
    sideways = [
        f"{dock.objectName()}/{area.objectName() or type(area).__name__}"
        for dock in visible_docks(window)
        for area in dock.findChildren(QAbstractScrollArea)
        if shown(area) and area.horizontalScrollBar().isVisible()
    ]
    assert not sideways, "scrolls sideways:\n" + "\n".join(sideways)


# --- texts in item views ------------------------------------------------------------------


def _text_margin(view: QWidget) -> int:
    """The gap Qt's styles leave each side of a cell's text (QCommonStyle's viewItemDrawText)."""
    return view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1


def _cell_font(view: QAbstractItemView, index: QModelIndex) -> QFont:
    font = index.data(Qt.ItemDataRole.FontRole)
    if isinstance(font, QFont):
        return font.resolve(view.font())
    return view.font()


def clipped_cells(view: QAbstractItemView) -> list[str]:
    """Every visible cell whose text does not fit the room the style gives it."""
    model = view.model()
    found: list[str] = []
    viewport = view.viewport().rect()
    margin = _text_margin(view)

    def walk(parent: QModelIndex) -> None:
        for row in range(model.rowCount(parent)):
            for column in range(model.columnCount(parent)):
                index = model.index(row, column, parent)
                rect = view.visualRect(index)
                if rect.isEmpty() or not viewport.intersects(rect):
                    continue
                text = index.data(Qt.ItemDataRole.DisplayRole)
                if not isinstance(text, str) or not text:
                    continue
                option = QStyleOptionViewItem()
                option.initFrom(view)
                option.rect = rect
                option.font = _cell_font(view, index)
                option.fontMetrics = QFontMetrics(option.font)
                delegate = view.itemDelegateForIndex(index)
                if isinstance(delegate, QStyledItemDelegate):
                    delegate.initStyleOption(option, index)
                option.text = text  # a delegate that draws its own text still must fit it
                room = view.style().subElementRect(
                    QStyle.SubElement.SE_ItemViewItemText, option, view
                )
                # Scrolled partly out of sight sideways is cut too (up and down is
                # only scrolling: the row is whole once scrolled to).
                room = room.adjusted(margin, 0, -margin, 0)
                room.setLeft(max(room.left(), viewport.left()))
                room.setRight(min(room.right(), viewport.right()))
                metrics = QFontMetrics(option.font)
                if isinstance(view, (QTableView, QTreeView)) and view.wordWrap():
                    needed = metrics.boundingRect(
                        QRect(0, 0, room.width(), 100_000),
                        int(Qt.TextFlag.TextWordWrap),
                        text,
                    )
                    fits = needed.width() <= room.width() and needed.height() <= room.height()
                else:
                    fits = metrics.horizontalAdvance(text) <= room.width()
                if not fits:
                    found.append(f"{view.objectName()} ({row}, {column}) {text!r}")
            if isinstance(view, QTreeView) and view.isExpanded(model.index(row, 0, parent)):
                walk(model.index(row, 0, parent))

    walk(QModelIndex())
    return found


def clipped_headers(view: QAbstractItemView) -> list[str]:
    """Column titles that do not fit their sections (as QHeaderView.paintSection elides)."""
    headers = [
        h for h in view.findChildren(QHeaderView) if h.orientation() == Qt.Orientation.Horizontal
    ]
    found: list[str] = []
    for header in headers:
        if not shown(header):
            continue
        style = header.style()
        margin = 2 * style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
        metrics = QFontMetrics(header.font())
        for section in range(header.count()):
            if header.isSectionHidden(section) or header.sectionSize(section) == 0:
                continue
            text = header.model().headerData(section, Qt.Orientation.Horizontal)
            if not isinstance(text, str) or not text:
                continue
            option = QStyleOptionHeader()
            option.initFrom(header)
            whole = QRect(
                header.sectionViewportPosition(section),
                0,
                header.sectionSize(section),
                header.height(),
            )
            option.rect = whole.intersected(header.viewport().rect())
            option.text = text
            option.section = section
            arrow = header.isSortIndicatorShown() and header.sortIndicatorSection() == section
            if arrow:
                option.sortIndicator = QStyleOptionHeader.SortIndicator.SortDown
            room = style.subElementRect(QStyle.SubElement.SE_HeaderLabel, option, header)
            extra = (
                style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header)
                if arrow
                else 0
            )
            if metrics.horizontalAdvance(text) > room.width() - margin - extra:
                found.append(f"{view.objectName()} header {text!r}")
    return found


# --- labels and buttons -------------------------------------------------------------------


def clipped_widgets(root: QWidget) -> list[str]:
    """Labels and buttons whose text does not fit them."""
    found: list[str] = []
    for label in root.findChildren(QLabel):
        if not shown(label) or not label.text() or label.textFormat() == Qt.TextFormat.RichText:
            continue
        room = label.contentsRect().adjusted(
            label.margin(), label.margin(), -label.margin(), -label.margin()
        )
        indent = max(label.indent(), 0)
        room.setWidth(room.width() - indent)
        metrics = QFontMetrics(label.font())
        if label.wordWrap():
            needed = metrics.boundingRect(
                QRect(0, 0, room.width(), 100_000), int(Qt.TextFlag.TextWordWrap), label.text()
            )
            fits = needed.height() <= room.height() + 1
        else:
            lines = label.text().splitlines() or [""]
            fits = max(metrics.horizontalAdvance(line) for line in lines) <= room.width()
            fits = (
                fits and metrics.lineSpacing() * len(lines) - metrics.leading() <= room.height() + 1
            )
        if not fits:
            found.append(f"label {label.objectName() or label.text()!r}")
    for button in root.findChildren(QPushButton):
        if not shown(button) or not button.text():
            continue
        option = QStyleOptionButton()
        button.initStyleOption(option) if hasattr(button, "initStyleOption") else option.initFrom(
            button
        )
        room = button.style().subElementRect(
            QStyle.SubElement.SE_PushButtonContents, option, button
        )
        text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if QFontMetrics(button.font()).horizontalAdvance(text) > room.width():
            found.append(f"button {text!r}")
    for tool in root.findChildren(QToolButton):
        if (
            not shown(tool)
            or not tool.text()
            or tool.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
        ):
            continue
        tool_option = QStyleOptionToolButton()
        tool_option.initFrom(tool)
        text = tool.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        border = tool.style().pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, tool_option, tool)
        if QFontMetrics(tool.font()).horizontalAdvance(text) > tool.width() - border:
            found.append(f"tool button {text!r}")
    return found


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
        for view in dock.findChildren(QAbstractItemView):
            if shown(view):
                cut += clipped_headers(view) + clipped_cells(view)
        cut += clipped_widgets(dock)
    cut += clipped_widgets(window.combat_bar)
    assert not cut, "cut:\n" + "\n".join(cut)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_tool_rows_fit(posed: Posed, width: int, height: int, scheme: str) -> None:
    """No tool bar folds buttons away behind its "»" (every dock's and the window's)."""
    window = posed(width, height, scheme)
    folded = [
        bar.objectName()
        for bar in window.findChildren(QToolBar)
        if shown(bar)
        and any(shown(b) for b in bar.findChildren(QToolButton, "qt_toolbar_ext_button"))
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
        cut += [f"{entry.name}: {c}" for c in clipped_widgets(dialog)]
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
    assert shown(log.detail)
    assert not log.detail.verticalScrollBar().isVisible(), "the breakdown scrolls"
    assert not log.detail.horizontalScrollBar().isVisible()
    # The row itself stays in sight above it.
    row = log.view.visualRect(proxy.index(attacks[-1], 3))
    assert log.view.viewport().rect().intersects(row)

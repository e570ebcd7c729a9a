"""InitiativeView: the initiative tree, each look of a row drawn once and kept.

A Next Turn repaints the rows of the team that stops acting and of the one that starts:
the same rows, in the same two looks, turn after turn. Qt draws a row cell by cell, and
each cell is several crossings into Python (the model's indexes, the delegate's paint).
Here each look of a row (the roles of its cells, its state and selection, the columns'
room, the palette, the scale) is drawn once, by Qt's own ``drawRow``, into a picture that
is kept; a repaint copies the picture, one crossing a row.

While the view has the keyboard focus, Qt frames the current row. The frame is a
translucent gradient, which the raster engine rounds a shade differently a whole number of
pixels away on a doubled screen, so it is not kept: the row is kept without it and the
frame drawn over it in place, as QTreeView draws it.

A row Qt would draw differently for a reason not in the key is left to Qt: a paint that
does not reach across every column (Qt draws only the columns it reaches), a row partly
selected, a fractional scale, a model whose cells cannot be told apart by a key, a frame
Qt would split in two (the first column moved), and any paint before the window's first
frame. The pointer over a row is not in the key: the app draws with Fusion, which does not
light a row under the pointer.
``tests/ui/test_initiative_view`` holds the kept rows equal to Qt's own.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Signal,
)
from PySide6.QtGui import QContextMenuEvent, QImage, QKeyEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QStyleOptionViewItem, QTreeView, QWidget

from futurepath_desktop.ui.widgets.kept import forget_oldest, recall
from futurepath_desktop.ui.widgets.menu_key import is_shift_f10, keyboard_menu_event

Index = QModelIndex | QPersistentModelIndex

KEEP_BYTES = 1 << 20
"""How much memory the kept rows may take at least; more where the panel is bigger
(``LOOKS``). A fight's turns come back to a few looks of each row: the four-hour fight's
keep drawing none anew within a mebibyte."""
LOOKS = 3
"""How many looks of every row the panel shows the kept rows may hold (its team acting,
not acting, and one more)."""

_FORGET_ON = (
    QEvent.Type.FontChange,
    QEvent.Type.PaletteChange,
    QEvent.Type.StyleChange,
    QEvent.Type.LayoutDirectionChange,
)


def _screen_reader_listening() -> bool:
    """Whether an assistive tool listens (imported here, at the first change after the
    first frame: naming QAccessible builds its many enums, which start-up need not pay)."""
    from PySide6.QtGui import QAccessible

    return QAccessible.isActive()


class InitiativeView(QTreeView):
    """A QTreeView whose rows are drawn from kept pictures after the first frame."""

    rowMenuRequested = Signal(QPoint)
    """A row's menu is asked for, at this point of the viewport."""
    menu_by_keys = False
    """Whether the last menu asked for was asked by the keys (its first entry is lit)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: OrderedDict[tuple[Any, ...], QImage] = OrderedDict()
        self._kept_bytes = 0
        self._fast = False
        self._paint: tuple[Any, ...] | None = None
        """What every row of the paint under way shares, or None to leave it all to Qt."""
        self._selected: dict[tuple[int, int], tuple[int, ...]] | None = None
        """The selected columns of each row with any, by (parent, row); None until asked
        for after a change of selection."""
        self.drawn_rows = 0
        """How many rows were drawn anew into pictures (the tests count them)."""
        self.rows_left_to_qt = 0
        """How many rows, after the first frame, Qt drew its own way (likewise)."""

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """A right-click asks for the menu of the row under the pointer; the Menu key, of
        the current row. (Qt gives the key's point in the view's coordinates, above the
        header, not the viewport's: taken as it is, it named the row below.)"""
        at = event.pos()
        self.menu_by_keys = event.reason() == QContextMenuEvent.Reason.Keyboard
        if self.menu_by_keys:
            at = self.visualRect(self.currentIndex()).center()
        self.rowMenuRequested.emit(at)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if is_shift_f10(event):  # as the Menu key
            self.contextMenuEvent(keyboard_menu_event())
        else:
            super().keyPressEvent(event)

    def go_fast(self) -> None:
        """Keep rows as pictures from the next paint on (after the window's first frame:
        the first frame is drawn Qt's own way, and costs nothing more)."""
        self._fast = True

    def setModel(self, model: Any) -> None:
        super().setModel(model)
        self.forget_rows()
        if model is None:
            return
        for signal in (
            model.modelReset,
            model.layoutChanged,
            model.rowsInserted,
            model.rowsRemoved,
            model.rowsMoved,
        ):
            signal.connect(self._forget_selection)
        # (Qt hands the view its new selection model through setSelectionModel, below.)

    def setSelectionModel(self, selection: Any) -> None:
        super().setSelectionModel(selection)
        selection.selectionChanged.connect(self._forget_selection)
        self._forget_selection()

    def dataChanged(self, top_left: Index, bottom_right: Index, roles: Sequence[int] = ()) -> None:
        """Repaint the whole rows from ``top_left`` to ``bottom_right``.

        Qt works out the rectangle to repaint cell by cell, asking the model (in Python)
        for each cell's index and parent: most of the cost of a change. Where the change
        is whole member rows (which have no children and are never the view's first row,
        whose height Qt measures again), the rows' band is repainted directly; anything
        else, or a screen reader listening (Qt tells it what changed), is Qt's."""
        if (
            self._fast
            and top_left.column() == 0
            and bottom_right.column() == self.header().count() - 1
            and not _screen_reader_listening()
            and top_left.parent().isValid()
        ):
            first, last = self.visualRect(top_left), self.visualRect(bottom_right)
            if first.isValid() and last.isValid():
                viewport = self.viewport()
                viewport.update(0, first.top(), viewport.width(), last.bottom() - first.top() + 1)
                return
        super().dataChanged(top_left, bottom_right, list(roles))

    def forget_rows(self) -> None:
        """Draw every row anew (what they are drawn with changed)."""
        self._rows.clear()
        self._kept_bytes = 0
        self._forget_selection()

    def _forget_selection(self, *_: object) -> None:
        self._selected = None

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in _FORGET_ON:
            self.forget_rows()
        super().changeEvent(event)

    def _selection(self) -> dict[tuple[int, int], tuple[int, ...]]:
        selected = self._selected
        if selected is None:
            columns: dict[tuple[int, int], list[int]] = {}
            for index in self.selectionModel().selectedIndexes():
                columns.setdefault((index.internalId(), index.row()), []).append(index.column())
            selected = self._selected = {row: tuple(sorted(c)) for row, c in columns.items()}
        return selected

    def paintEvent(self, event: QPaintEvent) -> None:
        self._paint = self._paint_key() if self._fast and self._across(event) else None
        try:
            super().paintEvent(event)
        finally:
            self._paint = None

    def _across(self, event: QPaintEvent) -> bool:
        """Whether every part of the paint reaches all the columns in view. Qt draws in a
        row only the columns a part of the paint reaches (a column made wider repaints
        from that column rightwards), and such a row is not one to keep."""
        if self.isRightToLeft():
            return False
        header = self.header()
        last = header.count() - 1

        def reached(left: int, right: int) -> tuple[int, int]:  # as QTreeView works it out
            start, end = header.visualIndexAt(left), header.visualIndexAt(right)
            return (0 if start < 0 else start, last if end < 0 else end)

        in_view = reached(0, self.viewport().width() - 1)
        parts = event.region()  # a QRegion iterates over its rectangles (not in the stubs)
        return all(reached(p.left(), p.right()) == in_view for p in parts)  # type: ignore[attr-defined]

    def _paint_key(self) -> tuple[Any, ...] | None:
        """What every row of this paint is drawn with (the columns' places and widths,
        the palette), the current row if it is framed, and how many columns there are;
        None where rows must be left to Qt."""
        model = self.model()
        if getattr(model, "row_look", None) is None or self.alternatingRowColors():
            return None
        header = self.header()
        columns = tuple(
            (header.sectionViewportPosition(c), header.sectionSize(c))
            for c in range(header.count())
        )
        # Qt frames the current row only while the view has the keyboard focus.
        current = self.currentIndex() if self.hasFocus() else QModelIndex()
        viewport = self.viewport()
        shared = (columns, self.indentation(), viewport.width(), viewport.palette().cacheKey())
        return (
            shared,
            (current.internalId(), current.row()) if current.isValid() else None,
            len(columns),
        )

    def drawRow(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        paint = self._paint
        if paint is None:
            super().drawRow(painter, option, index)
            return
        row = (index.internalId(), index.row())
        look = self.model().row_look(*row)  # type: ignore[attr-defined]
        selected = self._selection().get(row, ())
        device = painter.device()
        scale = device.devicePixelRatioF() if device is not None else 1.0
        framed = row == paint[1]  # the current row, with the focus frame round it
        if (
            look is None
            or 0 < len(selected) < paint[2]  # partly selected
            or scale != int(scale)  # a fractional scale: a picture would not line up
            or (framed and self._frame_split(option))
        ):
            self.rows_left_to_qt += 1
            super().drawRow(painter, option, index)
            return
        rect = option.rect
        key = (
            look,
            option.state.value,
            rect.x(),
            rect.width(),
            rect.height(),
            bool(selected),
            paint[0],
            scale,
        )
        picture = recall(self._rows, key)
        if picture is None:
            picture = self._draw(option, index, scale, unframed=framed)
            self._keep(key, picture, scale)
        painter.drawImage(rect.x(), rect.y(), picture)
        if framed:
            self._frame(painter, option, index)

    def _frame_split(self, option: QStyleOptionViewItem) -> bool:
        """Whether Qt would draw the focus frame in two parts (the first column moved)."""
        header = self.header()
        return (
            not option.showDecorationSelected
            and header.sectionsMoved()
            and header.visualIndex(0) != 0
        )

    def _frame(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """The focus frame round the current row, drawn in place as QTreeView draws it
        (kept in a picture, its translucent gradient would be a shade out elsewhere)."""
        from PySide6.QtWidgets import QStyle, QStyleOptionFocusRect

        state = QStyle.StateFlag
        frame = QStyleOptionFocusRect()
        frame.state = option.state | state.State_KeyboardFocusChange
        frame.direction = option.direction
        frame.fontMetrics = option.fontMetrics
        frame.palette = option.palette
        frame.styleObject = option.styleObject
        group = QPalette.ColorGroup.Normal
        if not option.state & state.State_Enabled:
            group = QPalette.ColorGroup.Disabled
        role = QPalette.ColorRole.Window
        if self.selectionModel().isSelected(index):
            role = QPalette.ColorRole.Highlight
        frame.backgroundColor = option.palette.color(group, role)
        header = self.header()
        x = 0
        if not option.showDecorationSelected:
            level = (1 if index.parent().isValid() else 0) + (1 if self.rootIsDecorated() else 0)
            x = header.sectionPosition(0) + level * self.indentation()
        rect = option.rect
        around = QRect(x - header.offset(), rect.y(), header.length() - x, rect.height())
        frame.rect = QStyle.visualRect(self.layoutDirection(), self.viewport().rect(), around)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, frame, painter)

    def _draw(
        self, option: QStyleOptionViewItem, index: Index, scale: float, *, unframed: bool
    ) -> QImage:
        """The row as Qt draws it, on the base colour that fills the view under it; the
        current row without its focus frame if ``unframed`` (Qt is told, for the drawing
        and with the selection's signals held back, that no row is current)."""
        rect = option.rect
        picture = QImage(
            round(rect.width() * scale), round(rect.height() * scale), QImage.Format.Format_RGB32
        )
        picture.setDevicePixelRatio(scale)
        picture.fill(self.viewport().palette().color(QPalette.ColorRole.Base))
        painter = QPainter(picture)
        painter.translate(-rect.x(), -rect.y())
        selection = self.selectionModel()
        current = selection.currentIndex() if unframed else None
        held = selection.blockSignals(True) if unframed else False
        try:
            if current is not None:
                selection.setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.NoUpdate)
            super().drawRow(painter, option, index)
        finally:
            if current is not None:
                selection.setCurrentIndex(current, QItemSelectionModel.SelectionFlag.NoUpdate)
                selection.blockSignals(held)
            painter.end()
        self.drawn_rows += 1
        return picture

    def _keep(self, key: tuple[Any, ...], picture: QImage, scale: float) -> None:
        self._rows[key] = picture
        self._kept_bytes += picture.sizeInBytes()
        viewport = self.viewport()
        shown = int(viewport.width() * viewport.height() * scale * scale) * picture.depth() // 8
        most = max(KEEP_BYTES, LOOKS * shown)
        self._kept_bytes = forget_oldest(self._rows, self._kept_bytes, most, QImage.sizeInBytes)

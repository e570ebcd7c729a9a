"""The initiative panel's cells, drawn as Qt's own item delegate draws them, a few times
faster.

Qt lays a cell's text out anew every time it paints it (shaping every word) and works its
look out through the style. This panel is repainted whole at every turn: for each look a
cell takes (its words, font, width and height), the text is laid out once, exactly as
``QCommonStyle`` lays it out, and kept; a paint fills the cell's background and draws the
kept layout where the style would have. Anything the short way does not cover (a portrait,
words that do not fit and would be cut short, keyboard focus on the cell) is left to Qt.
``tests/ui/test_initiative_delegate`` holds the two ways' pictures equal.

The style's state flags are read from the paint's option only for paints after the window's
first frame (``go_fast``): naming QStyle builds every one of its enums, and the first frame
is drawn without it (see ``ui.fusion_metrics``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPointF, QRect, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import QStyleOptionViewItem, QWidget

from futurepath_desktop.ui.fusion_metrics import FOCUS_FRAME_MARGIN, SMALL_ICON_SIZE
from futurepath_desktop.ui.models.roles import BACKGROUND, DECORATION, DISPLAY, FONT, FOREGROUND
from futurepath_desktop.ui.widgets.columns import LinesDelegate

if TYPE_CHECKING:  # loaded with the first short-way paint, after the first frame
    from PySide6.QtGui import QTextLayout

Index = QModelIndex | QPersistentModelIndex

MARGIN = FOCUS_FRAME_MARGIN + 1
"""The room the style leaves each side of a cell's text and of its icon."""
KEEP = 512
"""How many laid-out texts are kept (a panel's cells in the looks they take)."""

_Group = QPalette.ColorGroup
_Role = QPalette.ColorRole
_LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


class InitiativeDelegate(LinesDelegate):
    """Cells two lines tall, drawn the short way where it draws what Qt would."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(2, parent)
        self._layouts: OrderedDict[tuple[Any, ...], tuple[QTextLayout, float]] = OrderedDict()
        self._flags: tuple[int, int, int, int] | None = None
        self._fast = False
        self._view_font = QFont()
        self._fonts: dict[int, tuple[QFont, QFont]] = {}
        """A cell's own font (the model's few, kept by it) resolved against the view's,
        by the own font's identity: asked for its key, a font builds a string each time."""

    def go_fast(self) -> None:
        """Draw the short way from the next paint on (after the first frame: see the
        module). The style's flags are looked up then, not now: a window closed right
        after its first frame (the smoke test) never pays for them."""
        self._fast = True

    def _look_up_flags(self) -> None:
        from PySide6.QtWidgets import QStyle

        state = QStyle.StateFlag
        self._flags = (  # as plain numbers: Python's flag arithmetic is slow for a paint
            state.State_Selected.value,
            state.State_Enabled.value,
            state.State_Active.value,
            state.State_HasFocus.value,
        )

    words_drawn = True
    """Whether the short way draws the cell's words (a subclass may draw its own)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if not self.paint_cell(painter, option, index, text=self.words_drawn):
            super().paint(painter, option, index)
        self.paint_over(painter, option, index)

    def paint_over(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """What a kind of cell draws over its background (nothing here)."""

    def is_selected(self, option: QStyleOptionViewItem) -> bool | None:
        """Whether the option says the cell is selected; None before the flags are known."""
        return None if self._flags is None else bool(option.state.value & self._flags[0])

    def paint_cell(
        self, painter: QPainter, option: QStyleOptionViewItem, index: Index, *, text: bool
    ) -> bool:
        """Draw the cell's background (and its icon and words if ``text``) as the style
        would; False, having drawn nothing, where only Qt's own way will do."""
        if self._flags is None:
            if not self._fast:
                return False
            self._look_up_flags()
        assert self._flags is not None
        cell_of = getattr(index.model(), "cell", None)
        if cell_of is None:
            return False
        selected_flag, enabled_flag, active_flag, focus_flag = self._flags
        state = option.state.value
        if state & focus_flag:
            return False
        cell: dict[int, Any] = cell_of(index)
        decoration = cell.get(DECORATION)
        if decoration is not None and not isinstance(decoration, QColor):
            return False  # a portrait
        rect = option.rect
        words = (cell.get(DISPLAY) or "") if text else ""
        layout = None
        if words:
            left = rect.left() + MARGIN
            if decoration is not None:
                left += SMALL_ICON_SIZE + 2 * MARGIN
            width = rect.right() - MARGIN - left + 1
            layout = self._layout(words, cell.get(FONT), option, width, rect.height())
            if layout is None:
                return False  # too long for the cell: Qt cuts it short with an ellipsis
        if not state & enabled_flag:
            group = _Group.Disabled
        else:
            group = _Group.Normal if state & active_flag else _Group.Inactive
        palette = option.palette
        selected = bool(state & selected_flag)
        if selected:
            painter.fillRect(rect, palette.brush(group, _Role.Highlight))
        elif (background := cell.get(BACKGROUND)) is not None:
            painter.fillRect(rect, background)
        if decoration is not None:
            self._swatch(painter, rect, decoration, palette, selected)
        if layout is not None:
            text_layout, top = layout
            if selected:
                ink = palette.color(group, _Role.HighlightedText)
            else:
                ink = cell.get(FOREGROUND) or palette.color(group, _Role.Text)
            painter.save()
            painter.setPen(ink)
            text_layout.draw(painter, QPointF(left, rect.top() + top))
            painter.restore()
        return True

    def _font(self, own: QFont | None, option: QStyleOptionViewItem) -> tuple[int, QFont]:
        """The font a cell's words are drawn in, and a number that names it."""
        view = option.font
        if view != self._view_font:  # the view's font changed (a new scheme, large type)
            self._view_font = view
            self._fonts.clear()
            self._layouts.clear()
        if own is None:
            return 0, view
        kept = self._fonts.get(id(own))
        if kept is None or kept[0] is not own:
            kept = self._fonts[id(own)] = (own, own.resolve(view))
        return id(own), kept[1]

    def _layout(
        self,
        words: str,
        own: QFont | None,
        option: QStyleOptionViewItem,
        width: int,
        height: int,
    ) -> tuple[QTextLayout, float] | None:
        """The words laid out as the style lays out a wrapping cell's text ``width`` wide
        in a cell ``height`` tall, and how far below the cell's top they start; None if
        they do not fit (Qt would cut them short with an ellipsis)."""
        name, font = self._font(own, option)
        key = (words, name, width, height)
        kept = self._layouts.get(key)
        if kept is not None:
            self._layouts.move_to_end(key)
            return kept
        from PySide6.QtGui import QTextLayout, QTextOption

        layout = QTextLayout(words, font)
        wrapping = QTextOption()
        wrapping.setWrapMode(QTextOption.WrapMode.WordWrap)
        wrapping.setAlignment(_LEFT_MIDDLE)
        layout.setTextOption(wrapping)
        used = 0.0
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            line.setPosition(QPointF(0, used))
            used += line.height()
            if line.naturalTextWidth() > width:
                layout.endLayout()
                return None
        layout.endLayout()
        if used > height:
            return None
        # Centred as the style centres it: between the cell's top and bottom pixel rows.
        top = ((height - 1) - used) / 2
        kept = self._layouts[key] = (layout, top)
        if len(self._layouts) > KEEP:
            self._layouts.popitem(last=False)
        return kept

    @staticmethod
    def _swatch(
        painter: QPainter, rect: QRect, colour: QColor, palette: QPalette, selected: bool
    ) -> None:
        """A team's colour as the style draws a colour decoration: a small square, centred
        in the icon's room, tinted with the selection's colour when selected."""
        room = QRect(rect.left(), rect.top(), SMALL_ICON_SIZE + 2 * MARGIN, rect.height())
        square = QRect(
            room.left() + (room.width() - SMALL_ICON_SIZE) // 2,
            room.top() + (room.height() - SMALL_ICON_SIZE) // 2,
            SMALL_ICON_SIZE,
            SMALL_ICON_SIZE,
        )
        painter.fillRect(square, colour)
        if selected:
            tint = QColor(palette.color(_Group.Normal, _Role.Highlight))
            tint.setAlphaF(0.3)
            painter.fillRect(square, tint)

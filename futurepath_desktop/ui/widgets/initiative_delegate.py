"""The initiative panel's cells, drawn as Qt's own item delegate draws them, a few times
faster.

Qt lays a cell's text out anew every time it paints it (shaping every word) and works its
look out through the style. This panel is repainted whole at every turn: for each look a
cell takes (its words, font, colours, size, and what a kind of cell draws over them, such
as the health bar), the cell is drawn once, on the view's base colour, exactly as
``QCommonStyle`` draws it (``cell_pictures``), and the picture kept; a paint copies the
picture into place.
Anything the short way does not cover (a portrait, words that do not fit and would be cut
short, keyboard focus on the cell) is left to Qt. ``tests/ui/test_initiative_delegate``
holds the two ways' pictures equal.

The style's state flags are read from the paint's option only for paints after the window's
first frame (``go_fast``): naming QStyle builds every one of its enums, and the first frame
is drawn without it (see ``ui.fusion_metrics``).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize
from PySide6.QtGui import QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import QStyleOptionViewItem, QWidget

from futurepath_desktop.ui.fusion_metrics import SMALL_ICON_SIZE
from futurepath_desktop.ui.models.roles import BACKGROUND, DECORATION, DISPLAY, FONT, FOREGROUND
from futurepath_desktop.ui.widgets.cell_pictures import (
    MARGIN,
    CellParts,
    Kept,
    cell_picture,
    compose,
    kept_bytes,
    lay_out,
)
from futurepath_desktop.ui.widgets.columns import LinesDelegate
from futurepath_desktop.ui.widgets.kept import forget_oldest, keep, recall

if TYPE_CHECKING:  # loaded with the first short-way paint, after the first frame
    from PySide6.QtGui import QTextLayout

Index = QModelIndex | QPersistentModelIndex

KEEP = 64
"""How many laid-out texts are kept: a cell's words are laid out again only when a look
of it is drawn anew (see KEEP_BYTES), and a layout keeps every glyph it shaped."""
KEEP_BYTES = 1 << 18
"""How much memory the kept pictures of cells may take. The view keeps whole rows as
pictures too (``initiative_view``), so a cell is painted only where its row is drawn in
a new look: a cell's other columns are the ones kept here, a few KiB each."""

_Group = QPalette.ColorGroup
_Role = QPalette.ColorRole


class InitiativeDelegate(LinesDelegate):
    """Cells two lines tall, drawn the short way where it draws what Qt would."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(2, parent)
        self._layouts: OrderedDict[tuple[Any, ...], tuple[QTextLayout, float]] = OrderedDict()
        self._pictures: OrderedDict[tuple[Any, ...], Kept] = OrderedDict()
        """Cells as drawn, by everything that makes their look."""
        self._kept_bytes = 0
        self._hints: OrderedDict[tuple[Any, ...], QSize] = OrderedDict()
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
    keep_bytes = KEEP_BYTES
    """How much memory the pictures of this kind of cell may take."""

    def sized_words(self, cell: dict[int, Any]) -> str:
        """The words Qt's own size hint measures in a cell."""
        return str(cell.get(DISPLAY) or "")

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        """Qt's own hint, kept by the cell's words, font, swatch and room: the view asks
        for a row's hints after every change that starts at its first row, and Qt lays the
        words out again each time it is asked."""
        cell_of = getattr(index.model(), "cell", None)
        cell: dict[int, Any] = cell_of(index) if cell_of is not None else {}
        decoration = cell.get(DECORATION)
        if not cell or (decoration is not None and not isinstance(decoration, QColor)):
            return super().sizeHint(option, index)  # another model's, or a portrait
        face = cell.get(FONT)
        self._font(face, option)  # a new view font (large type) forgets the hints
        rect = option.rect
        key = (
            self.sized_words(cell),
            0 if face is None else id(face),
            decoration is not None,
            rect.width(),
            rect.height(),
        )
        hint = recall(self._hints, key)
        if hint is None:
            hint = keep(self._hints, key, super().sizeHint(option, index), KEEP)
        return QSize(hint)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        if not self.paint_cell(painter, option, index, text=self.words_drawn):
            super().paint(painter, option, index)
            self.paint_over(painter, option, index)

    def paint_over(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        """What a kind of cell draws over the background Qt's own way drew (nothing here;
        the short way draws it into the cell's picture, see ``draw_over``)."""

    def over_look(self, cell: dict[int, Any]) -> Hashable:
        """What a kind of cell draws over its background, as a key (None: nothing)."""
        return None

    def draw_over(self, painter: QPainter, rect: QRect, look: Hashable, ink: QColor) -> None:
        """Draw ``look`` (from ``over_look``) over a cell's background in ``rect``, its
        words in ``ink``."""

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
        face = cell.get(FONT)
        self._font(face, option)  # a new view font (large type) forgets the pictures
        background = cell.get(BACKGROUND)
        foreground = cell.get(FOREGROUND)
        palette = option.palette
        device = painter.device()
        look = (
            self.over_look(cell),
            words,
            0 if face is None else id(face),  # the model keeps its few fonts
            rect.width(),
            rect.height(),
            2 if not state & enabled_flag else 0 if state & active_flag else 1,
            bool(state & selected_flag),
            None if background is None else background.rgba(),
            None if foreground is None else foreground.rgba(),
            None if decoration is None else decoration.rgba(),
            palette.cacheKey(),
            device.devicePixelRatioF() if device is not None else 1.0,
        )
        kept = recall(self._pictures, look)
        if kept is None:
            parts = self._parts(look, face, background, foreground, decoration, option)
            if parts is None:
                return False  # too long for the cell: Qt cuts it short with an ellipsis
            if look[-1] != int(look[-1]):  # a fractional scale: pictures would not line up
                painter.save()
                painter.translate(rect.left(), rect.top())
                compose(painter, parts, self.draw_over)
                painter.restore()
                return True
            kept = self._pictures[look] = cell_picture(parts, self.draw_over)
            self._kept_bytes = forget_oldest(
                self._pictures, self._kept_bytes + kept_bytes(kept), self.keep_bytes, kept_bytes
            )
        fill, picture, x, y = kept
        if fill is not None:
            painter.fillRect(rect, fill)
        if picture is not None:
            painter.drawImage(rect.left() + x, rect.top() + y, picture)
        return True

    def _parts(
        self,
        look: tuple[Any, ...],
        face: QFont | None,
        background: QColor | None,
        foreground: QColor | None,
        decoration: QColor | None,
        option: QStyleOptionViewItem,
    ) -> CellParts | None:
        """What a cell of this ``look`` (see paint_cell) is drawn from; None if its words
        do not fit."""
        over, words, _face, width, height, group_code, selected = look[:7]
        layout = None
        left = MARGIN  # from the cell's left edge
        if words:
            if decoration is not None:
                left += SMALL_ICON_SIZE + 2 * MARGIN
            layout = self._layout(words, face, option, width - MARGIN - left, height)
            if layout is None:
                return None
        group = (_Group.Normal, _Group.Inactive, _Group.Disabled)[group_code]
        palette = option.palette
        fill: QColor | None = palette.color(group, _Role.Highlight) if selected else background
        ink = _Role.HighlightedText if selected else _Role.Text
        return CellParts(
            QRect(0, 0, width, height),
            palette.color(group, _Role.Base),
            fill,
            decoration,
            palette,
            selected,
            layout,
            left,
            (foreground if not selected else None) or palette.color(group, ink),
            over,
            palette.color(group, ink),
            option.font,
            look[-1],
        )

    def _forget_pictures(self) -> None:
        self._pictures.clear()
        self._kept_bytes = 0

    def _font(self, own: QFont | None, option: QStyleOptionViewItem) -> tuple[int, QFont]:
        """The font a cell's words are drawn in, and a number that names it."""
        view = option.font
        if view != self._view_font:  # the view's font changed (a new scheme, large type)
            # A copy: the option, and the font it holds, are gone after the paint.
            self._view_font = QFont(view)
            self._fonts.clear()
            self._layouts.clear()
            self._hints.clear()
            self._forget_pictures()
        if own is None:
            return 0, view
        kept = self._fonts.get(id(own))
        if kept is None or kept[0] is not own:
            if kept is not None:  # another font where one was: what was drawn in it goes
                self._hints.clear()
                self._forget_pictures()
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
        kept = recall(self._layouts, key)
        if kept is None:
            kept = lay_out(words, font, width, height)
            if kept is not None:
                keep(self._layouts, key, kept, KEEP)
        return kept

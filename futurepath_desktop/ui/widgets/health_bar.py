"""HealthBarDelegate: draws a combatant's health as a coloured bar with its numbers."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QAbstractItemView, QStyleOptionViewItem, QWidget

from futurepath_desktop.ui.models.roles import HEALTH_ROLE
from futurepath_desktop.ui.widgets.initiative_delegate import Index, InitiativeDelegate

FALLBACK_BACKGROUND = QColor("#cccccc")
FALLBACK_BAR = QColor("#4caf50")


class HealthBarDelegate(InitiativeDelegate):
    """A bar under the numbers, green → amber → red as health falls."""

    def __init__(self, palette: dict[str, QColor], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.palette = palette

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """As usual, but without the text where a bar is drawn: the bar draws its own."""
        super().initStyleOption(option, index)
        if index.data(HEALTH_ROLE):
            option.text = ""

    words_drawn = False  # the numbers are drawn over the bar, here
    keep_bytes = 1 << 16  # its numbers change with every blow: a row is drawn anew then

    def paint_over(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        # Over the style's background, selection and focus (drawn without the text, see
        # initStyleOption): the bar and the numbers.
        health = index.data(HEALTH_ROLE)
        if not health:
            return
        selected = self.is_selected(option)
        if selected is None:  # the first frame: asked of the view (see InitiativeDelegate)
            view = option.widget
            selected = (
                isinstance(view, QAbstractItemView)
                and isinstance(index, QModelIndex)
                and view.selectionModel().isSelected(index)
            )
        role = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        painter.save()
        painter.setFont(option.font)  # the panel's, as the short way draws the numbers in
        self.draw_over(
            painter, option.rect, self.over_look({HEALTH_ROLE: health}), option.palette.color(role)
        )
        painter.restore()

    def sized_words(self, cell: dict[int, Any]) -> str:
        return "" if cell.get(HEALTH_ROLE) else super().sized_words(cell)  # initStyleOption

    def over_look(self, cell: dict[int, Any]) -> Hashable:
        health = cell.get(HEALTH_ROLE)
        if not health:
            return None
        fraction, text, state = health
        back = self.palette.get("bar_bg", FALLBACK_BACKGROUND)
        bar = self.palette.get(state, FALLBACK_BAR)
        return (fraction, text, back.rgba(), bar.rgba())

    def draw_over(self, painter: QPainter, rect: QRect, look: Hashable, ink: QColor) -> None:
        assert isinstance(look, tuple)
        fraction, text, back, colour = look
        inner = rect.adjusted(4, 4, -4, -4)
        bar = QRect(inner.left(), inner.bottom() - 4, inner.width(), 4)
        filled = QRect(bar)
        filled.setWidth(max(0, round(bar.width() * min(1.0, fraction))))
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        # Colours, not brushes: building a QBrush in Python makes the bindings set up all of
        # QGradient's presets first (setBrush takes a QColor as it is).
        painter.setBrush(QColor.fromRgba(back))
        painter.drawRoundedRect(bar, 2, 2)
        painter.setBrush(QColor.fromRgba(colour))
        painter.drawRoundedRect(filled, 2, 2)
        painter.setPen(QPen(ink))
        words = inner.adjusted(0, -2, 0, -6)
        fitted = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, words.width())
        painter.drawText(words, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, fitted)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        return QSize(max(hint.width(), 96), max(hint.height(), 28))

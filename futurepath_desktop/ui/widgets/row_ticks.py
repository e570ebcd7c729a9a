"""Tick lists a GM can hit: a click anywhere on a row ticks or unticks it, not only on
its small box (who is aware at the start of a fight, who joins, which ships fire unseen,
which characters a sheet brings)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListView,
    QStyledItemDelegate,
    QStyleOptionViewItem,
)

from futurepath_desktop.ui.theme import indicator_palette

Index = QModelIndex | QPersistentModelIndex

PRESSES = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick)


class WholeRowTicks(QStyledItemDelegate):
    """A tick box framed so it shows on a dark base too; a left click's release on a
    tickable row turns its tick over."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: Index) -> None:
        super().initStyleOption(option, index)
        if option.features & QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator:
            option.palette = indicator_palette(option.palette)

    def editorEvent(
        self,
        event: QEvent,
        model: QAbstractItemModel,
        option: QStyleOptionViewItem,
        index: Index,
    ) -> bool:
        needed = Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled
        left_click = (
            isinstance(event, QMouseEvent)
            and event.type() in (*PRESSES, QEvent.Type.MouseButtonRelease)
            and event.button() == Qt.MouseButton.LeftButton
        )
        if not left_click or (index.flags() & needed) != needed:
            return super().editorEvent(event, model, option, index)
        kind = event.type()
        if kind in PRESSES:
            super().editorEvent(event, model, option, index)
            return False  # the press still selects the row, where rows are selectable
        ticked = index.data(Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked.value
        turned = Qt.CheckState.Unchecked if ticked else Qt.CheckState.Checked
        return model.setData(index, turned.value, Qt.ItemDataRole.CheckStateRole)


def tick_by_row(view: QAbstractItemView) -> None:
    """Let a click anywhere on one of ``view``'s rows tick it; a list's rows stand two
    pixels apart, so that their boxes do not touch (nor the list's edge)."""
    view.setItemDelegate(WholeRowTicks(view))
    if isinstance(view, QListView):
        view.setSpacing(2)

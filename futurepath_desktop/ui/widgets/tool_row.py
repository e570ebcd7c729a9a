"""ToolRow: a panel's row of text buttons that wraps onto a second line when the panel is
narrow, instead of hiding the last buttons behind a "»" as a tool bar does."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QAction, QActionEvent
from PySide6.QtWidgets import (
    QFrame,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QToolButton,
    QWidget,
    QWidgetItem,
)


class FlowLayout(QLayout):
    """Items left to right, onto the next line when the width runs out (Qt's flow-layout
    example, kept small)."""

    def __init__(
        self, parent: QWidget | None = None, spacing: int = 2, *, last_at_end: bool = False
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.last_at_end = last_at_end
        """The last item sits at the right end of its line, where it stays as the items
        before it come and go (the map's Fit and Setup, after the tool's options)."""
        self._heights: dict[int, int] = {}
        """Height by width, as worked out since the layout last changed (Qt asks often)."""
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)
        self._heights.clear()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        self._heights.clear()
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def invalidate(self) -> None:
        """Something in the row changed (a button's text, one shown or hidden)."""
        self._heights.clear()
        super().invalidate()

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = self._place(QRect(0, 0, width, 0), move=False)
        return height

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, *, move: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, line = area.x(), area.y(), 0
        gap = self.spacing()
        shown = [item for item in self._items if not item.isEmpty()]
        placed: list[tuple[QLayoutItem, QRect]] = []  # this line's, to centre on it

        def end_line() -> None:
            for item, at in placed:  # a shorter item sits in the middle of its line
                item.setGeometry(at.translated(0, (line - at.height()) // 2))
            placed.clear()

        for item in shown:
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and line > 0:
                if move:
                    end_line()
                x, y, line = area.x(), y + line + gap, 0
            if self.last_at_end and item is shown[-1]:
                x = max(x, area.right() + 1 - hint.width())
            if move:
                placed.append((item, QRect(QPoint(x, y), hint)))
            x += hint.width() + gap
            line = max(line, hint.height())
        if move:
            end_line()
        return y + line - rect.y() + margins.bottom()


class ToolRow(QWidget):
    """Text-only tool buttons for the actions added to it (``addAction`` as on a tool bar),
    wrapping onto more lines as needed."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.setWindowTitle(name)
        self.flow = FlowLayout(self)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.buttons: dict[QAction, QToolButton] = {}

    def actionEvent(self, event: QActionEvent) -> None:
        """A button for each action added; gone when its action is removed."""
        action = event.action()
        if event.type() == QEvent.Type.ActionAdded and action not in self.buttons:
            button = QToolButton(self)
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setAutoRaise(True)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # as on a tool bar: keys act instead
            self.buttons[action] = button
            self.flow.addWidget(button)
        elif event.type() == QEvent.Type.ActionRemoved and action in self.buttons:
            button = self.buttons.pop(action)
            self.flow.removeWidget(button)
            button.deleteLater()
        super().actionEvent(event)

    def addSeparator(self) -> None:
        """A thin upright line between groups of buttons."""
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.VLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        line.setFixedHeight(self.fontMetrics().height() + 6)
        self.flow.addItem(QWidgetItem(line))

    def addWidget(self, widget: QWidget) -> None:
        """Any other widget, in line with the buttons."""
        widget.setParent(self)
        self.flow.addWidget(widget)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.flow.heightForWidth(width)

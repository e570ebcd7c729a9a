"""Text that is never cut off in a narrow panel, and does not jump while it changes: a list
whose long lines wrap, and a label that keeps its height until its text needs more or
fewer lines."""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QLabel, QListView, QListWidget, QWidget

BREAK_RUN = 12
"""Letters of a word with no space in it after which a wrapping label may break it."""


def breakable(text: str, run: int = BREAK_RUN) -> str:
    """``text`` with a zero-width space after every ``run`` letters of a longer word: a
    word-wrapping label wraps a name with no space in it there, where it would otherwise
    widen its whole panel to the name's width."""
    return re.sub(rf"(\S{{{run}}})(?=\S)", "\\1\u200b", text)


class WrappingList(QListWidget):
    """A list of lines whose long lines wrap instead of hiding behind a sideways scroll
    bar. It is as tall as its lines need, from ``least`` to ``most`` lines of text (then it
    scrolls), and changes height only when the number of lines it needs changes."""

    def __init__(self, least: int, most: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport made here: one Qt made and first handed to Python (fit() asks for its
        # width) makes the bindings try every widget class for its type, ~20 ms at start.
        self.setViewport(QWidget())
        self._least, self._most = least, max(least, most or least)
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.setResizeMode(QListView.ResizeMode.Adjust)  # re-wrap when the panel narrows
        self.setFixedHeight(self._lines_tall(least))

    def _lines_tall(self, lines: int) -> int:
        return self.fontMetrics().lineSpacing() * lines + 2 * self.frameWidth() + 4

    def lines(self) -> list[str]:
        """The lines shown."""
        return [self.item(i).text() for i in range(self.count())]

    def set_lines(self, lines: list[str]) -> None:
        """Show these lines (nothing is redrawn when they are the ones shown)."""
        if self.lines() != lines:
            self.clear()
            self.addItems(lines)
            self.fit()

    def fit(self) -> None:
        """Take the height the wrapped lines need, within the least and most lines."""
        if self._most == self._least:
            return
        width = self.viewport().width() - 2 * self.spacing() - 4
        metrics = self.fontMetrics()
        needed = sum(
            metrics.boundingRect(
                QRect(0, 0, max(width, 1), 100_000), Qt.TextFlag.TextWordWrap, text
            ).height()
            for text in self.lines()
        )
        height = min(
            self._lines_tall(self._most),
            max(self._lines_tall(self._least), needed + 2 * self.frameWidth() + 4),
        )
        if height != self.height():
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrower list wraps into more lines: take the room."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit()


class FittedLabel(QLabel):
    """A word-wrapped label with a fixed height of at least ``lines`` lines, changed only
    when its text at its width needs another number of lines: a changing line neither
    relayouts the panel on every change nor is cut off."""

    def __init__(self, lines: int, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self._least = lines
        self._fitting = False
        self._twin: QLabel | None = None
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setFixedHeight(self._needed())

    def _needed(self) -> int:
        least = self.fontMetrics().lineSpacing() * self._least + 6
        width = self.contentsRect().width()
        if not self.text() or width <= 0:
            return least
        return max(least, self._text_height(width) + 2)

    def _text_height(self, width: int) -> int:
        """The words' height at ``width``. Qt's ``heightForWidth`` of a label is never under
        its minimum, here its own fixed height: asked of the label itself, each new width
        added the 2 pixels kept below the words again, and the label crept taller."""
        twin = self._twin
        if twin is None:
            # A hidden child, deleted with the label by Qt: a parentless one, left to
            # Python's collector, could go while Qt walks every widget (a new palette).
            twin = self._twin = QLabel(self)
            twin.hide()  # never shown: its words change no layout
            twin.setWordWrap(True)
        twin.setFont(self.font())
        twin.setTextFormat(self.textFormat())
        twin.setText(self.text())
        return twin.heightForWidth(width)

    def fit(self) -> None:
        """Take the height the text needs (at least the least lines)."""
        needed = self._needed()
        if needed != self.height() and not self._fitting:
            self._fitting = True  # a new height resizes the label: not a new width
            try:
                self.setFixedHeight(needed)
            finally:
                self._fitting = False

    def show_text(self, text: str) -> None:
        """Show ``text`` (nothing is redrawn when it is the text shown)."""
        if self.text() != text:
            self.setText(text)
            self.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """A narrower label wraps into more lines: take the room."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.fit()

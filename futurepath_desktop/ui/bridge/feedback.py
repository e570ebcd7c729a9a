"""A console's feedback line: what the last action from it did, or why it was refused,
next to where it was tried (and not only in the status bar)."""

from __future__ import annotations

import re

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QWidget

from futurepath_desktop.ui.theme import REFUSED

_RULINGS = re.compile(r"\s*\((?:R\d+[a-z]?(?:\s*[-–,/]\s*R?\d+[a-z]?)*(?:,\s*)?)+\)")
"""A ruling reference like ``(R45)`` or ``(R42-R44)``: the window speaks the game's words."""


def game_words(text: str) -> str:
    """The text without its ruling references (they stay in the log's breakdown)."""
    return _RULINGS.sub("", text)


class Feedback(QLabel):
    """A word-wrapped line of a fixed height (``lines`` tall) that never moves what is
    around it: a text too long for it is shortened, with the whole text as its tool tip."""

    def __init__(self, lines: int = 2, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.lines = lines
        self.full = ""
        self.error = False
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * lines + 4)

    def show_result(self, text: str) -> None:
        """What the action did."""
        self._show(game_words(text), error=False)

    def show_error(self, text: str) -> None:
        """Why the action was refused, in the error colour."""
        self._show("⚠ " + game_words(text), error=True)

    def clear_error(self) -> None:
        """A later success: an old refusal goes."""
        if self.error:
            self._show("", error=False)

    def clear(self) -> None:
        """Nothing to say."""
        self._show("", error=False)

    def _show(self, text: str, *, error: bool) -> None:
        self.full = text
        self.error = error
        self.setStyleSheet(f"color: {REFUSED}" if error else "")
        self._fit()

    def fits(self, text: str) -> bool:
        """Whether ``text`` wraps into the line's height at its width."""
        width = max(1, self.contentsRect().width())
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        needed = self.fontMetrics().boundingRect(QRect(0, 0, width, 100_000), flags, text)
        return needed.height() <= self.contentsRect().height()

    def _fit(self) -> None:
        text = self.full
        if text and not self.fits(text):
            words = text.split(" ")
            while len(words) > 1 and not self.fits(" ".join(words) + " …"):
                words.pop()
            text = " ".join(words) + " …"
        self.setText(text)
        self.setToolTip(self.full if text != self.full else "")

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Another width wraps the text otherwise."""
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

"""NumberBox: a spin box that says so when what is typed passes its limits.

A plain spin box refuses, without a word, the key that would take it past its most:
typing 150 where 99 is the most leaves 15, and the GM may never notice. A NumberBox keeps
what was typed, says at the box what the limit is, and on Enter (or on leaving the box)
holds the nearest number it may: 150 becomes 99.
"""

from __future__ import annotations

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

from futurepath_desktop.ui.widgets.tips import say_at, unsay


def limit_words(typed: int, low: int, high: int) -> str:
    """What the box says of a number past its limits (empty if within them)."""
    if typed > high:
        return f"At most {high}: {typed} becomes {high}"
    if typed < low:
        return f"At least {low}: {typed} becomes {low}"
    return ""


class NumberBox(QSpinBox):
    """A whole-number box that keeps a number past its limits as typed, says what the
    limit is, and settles on the nearest number it may hold."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.said = ""  # what it last said of a number past its limits ("" if nothing)

    def number_in(self, text: str) -> int | None:
        """The whole number ``text`` holds between the box's prefix and suffix, if any."""
        inner = text
        if self.prefix() and inner.startswith(self.prefix()):
            inner = inner[len(self.prefix()) :]
        if self.suffix() and inner.endswith(self.suffix()):
            inner = inner[: -len(self.suffix())]
        inner = inner.strip()
        if not inner or not inner.lstrip("+-").isdigit() or len(inner) > 12:
            return None
        return int(inner)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, text, pos = super().validate(text, pos)
        number = self.number_in(text)
        words = "" if number is None else limit_words(number, self.minimum(), self.maximum())
        if words and state != QValidator.State.Acceptable:
            self._say(words)
            return QValidator.State.Intermediate, text, pos
        if state == QValidator.State.Invalid and self.minimum() >= 0 and self._minus_alone(text):
            self._say(f"At least {self.minimum()}: no numbers below it here")
            return QValidator.State.Intermediate, text, pos  # what follows is said above
        if state == QValidator.State.Acceptable:
            self._unsay()
        return state, text, pos

    def _minus_alone(self, text: str) -> bool:
        inner = text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()
        return inner == "-"

    def fixup(self, text: str) -> str:
        """On Enter or on leaving the box: a number past the limits becomes the nearest
        one the box may hold."""
        number = self.number_in(text)
        if number is None:
            self._unsay()
            return super().fixup(text)
        near = min(max(number, self.minimum()), self.maximum())
        self._unsay()
        return f"{self.prefix()}{near}{self.suffix()}"

    def _say(self, words: str) -> None:
        self.said = words
        say_at(self, words)

    def _unsay(self) -> None:
        unsay(self.said)
        self.said = ""

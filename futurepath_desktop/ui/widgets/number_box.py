"""NumberBox: a spin box that says so when what is typed passes its limits.

A plain spin box refuses, without a word, the key that would take it past its most:
typing 150 where 99 is the most leaves 15, and the GM may never notice. A NumberBox
takes the nearest number it may hold at once (150 becomes 99), so that what it shows is
what it holds and what the panel works out from, and says so in a tip over the box.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

from futurepath_desktop.ui.widgets.tips import say_at, unsay

WHOLE = re.compile(r"[+-]?[0-9]{1,12}")
"""A whole number as typed (a sign at most once, digits 0 to 9, no more than a file holds)."""


def limit_words(typed: int, low: int, high: int, became: str = "", as_typed: str = "") -> str:
    """What a box says of a number past its limits, ``became`` what it shows instead (the
    nearest number unless given) and ``as_typed`` the keys the GM pressed for it (the
    number unless given); empty if within them."""
    keys = as_typed or str(typed)
    if typed > high:
        return f"At most {high}: {keys} became {became or high}"
    if typed < low:
        return f"At least {low}: {keys} became {became or low}"
    return ""


class NumberBox(QSpinBox):
    """A whole-number box that takes the nearest number it may hold when what is typed
    passes its limits, and says what the limit is."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.said = ""  # what it last said of its limits ("" if nothing)
        self._taken = ""  # the text it last took in place of a number past them
        self._typed = ""  # the keys typed for that number (typing on after it adds to them)

    @classmethod
    def within(cls, low: int, high: int, *, tracking: bool = True) -> NumberBox:
        """A box for ``low`` to ``high``; without ``tracking`` its value changes on Enter
        or on leaving the box, not at each key."""
        box = cls()
        box.setRange(low, high)
        box.setKeyboardTracking(tracking)
        return box

    def inner(self, text: str) -> str:
        """``text`` without the box's prefix and suffix."""
        return text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()

    def number_in(self, text: str) -> int | None:
        """The whole number ``text`` holds between the box's prefix and suffix, if any."""
        inner = self.inner(text)
        return int(inner) if WHOLE.fullmatch(inner) else None

    def shown_as(self, value: int) -> str:
        """The box's whole text for ``value`` as typed (the word a box may have for its
        least shows once the box is left)."""
        return f"{self.prefix()}{self.textFromValue(value)}{self.suffix()}"

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state, text, pos = super().validate(text, pos)
        if state != QValidator.State.Invalid:
            if state == QValidator.State.Acceptable and text != self._taken:
                self._unsay()  # typed anew: what was said no longer holds
            return state, text, pos
        number = self.number_in(text)
        if number is not None:  # past a limit no more keys could come back from: take it
            shown = self._take_nearest(number, self._keys_for(text))
            return QValidator.State.Acceptable, shown, len(shown) - len(self.suffix())
        if self.inner(text) == "-":  # refused, as before, but not without a word
            self._say(f"At least {self.minimum()}: no numbers below it here")
        return state, text, pos

    def fixup(self, text: str) -> str:
        """On Enter or on leaving the box with a number short of the least (more keys
        could have brought it there): the least, said so."""
        number = self.number_in(text)
        return super().fixup(text) if number is None else self._take_nearest(number)

    def _keys_for(self, text: str) -> str:
        """The keys the GM typed for ``text``: after the box took a number in place of
        what was typed, the keys typed on are added to what was typed (99999 typed where
        5000 is the most: 9999 became 5000, and the last 9 makes 99999, not 50009)."""
        now, taken = self.inner(text), self.inner(self._taken)
        if self._typed and taken and now.startswith(taken) and now != taken:
            return self._typed + now[len(taken) :]
        return now

    def _take_nearest(self, number: int, keys: str = "") -> str:
        """The text of the number nearest ``number`` that the box may hold, said so."""
        near = min(max(number, self.minimum()), self.maximum())
        shown = self.shown_as(near)
        special = self.specialValueText() if near == self.minimum() else ""
        word = f"{shown} (“{special}”)" if special else shown
        self._say(limit_words(number, self.minimum(), self.maximum(), word, keys))
        self._taken, self._typed = shown, keys or str(number)
        return shown

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Esc in a box that keeps its number until Enter (the inspector's) drops what was
        typed, as its name field does, before the keys go on their way."""
        if event.key() == Qt.Key.Key_Escape and not self.keyboardTracking():
            kept = self.value()
            least = kept == self.minimum() and self.specialValueText()
            self.lineEdit().setText(self.specialValueText() if least else self.shown_as(kept))
            self._unsay()
        super().keyPressEvent(event)

    def _say(self, words: str) -> None:
        if words:
            self.said = words
            say_at(self, words)

    def _unsay(self) -> None:
        unsay(self.said)
        self.said = self._taken = self._typed = ""

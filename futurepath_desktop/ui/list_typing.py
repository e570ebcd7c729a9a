"""Letters typed into a drop-down list pick its entry, as in any desktop program.

The window's commands have one-letter keys (N for Next Turn, C for Add Condition …), and
Qt gives a window's shortcut a key before the focused widget sees it, unless the widget
claims the key first. Text fields and spin boxes claim what they type; a drop-down list
that is not editable does not, so with the attack form's Target list on the keys, typing
"Space Bear 4" to find a bear opened Add Condition at its "c". Each list claims its
typing from the first time the keyboard reaches it: plain and shifted keys that make
text search the list; anything with Ctrl or Alt, and the keys that make no text (Escape,
F-keys, the arrows), reach the window's shortcuts as before.

The search is the list's own here, not Qt's: Qt's opens the list at a space, so "Space
Bear 4" ended on another bear. Letters typed in quick succession (the system's typing
interval) make one name, spaces included, and pick the first entry that begins with it;
a space typed first still opens the list.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

CLAIMED = "claimsTyping"
"""The property that marks a list already taught to claim its typing."""

TYPING = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
"""The modifiers a key may carry and still be typing."""


def is_typing(event: QKeyEvent) -> bool:
    """Whether a key makes text: a printable character, at most shifted."""
    text = event.text()
    plain = not event.modifiers() & ~TYPING
    return plain and bool(text) and text.isprintable()


class ListTyping(QObject):
    """Teaches each drop-down list the keyboard reaches to claim the keys that type."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.typed = ""  # the name typed so far into the list that has the keys
        self.last = 0.0
        self.into: QComboBox | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self.focus_changed)

    def focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if isinstance(new, QComboBox) and not new.isEditable() and not new.property(CLAIMED):
            new.setProperty(CLAIMED, True)
            new.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and is_typing(event)
        ):
            event.accept()  # the list's own: no shortcut fires, the key press reaches it
            return True
        if (
            event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QComboBox)
            and is_typing(event)
        ):
            return self.search(watched, event.text())
        return False

    def search(self, combo: QComboBox, text: str) -> bool:
        """Add ``text`` to the name being typed and pick the first entry that begins with
        it; whether the key was taken (a space that starts a search opens the list)."""
        now = time.monotonic()
        if combo is not self.into or now - self.last > QApplication.keyboardInputInterval() / 1000:
            self.typed = ""
        self.into, self.last = combo, now
        if not self.typed and not text.strip():
            return False
        self.typed += text
        found = combo.findText(self.typed, Qt.MatchFlag.MatchStartsWith)
        if found >= 0:
            combo.setCurrentIndex(found)
        return True

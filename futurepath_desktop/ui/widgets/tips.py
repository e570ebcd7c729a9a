"""Words said at a widget, in a tip just under it: where the GM is looking when a number
passes its limits or an edit is refused, rather than only in the status bar far below."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QToolTip, QWidget

TIP_MS = 6000


def say_at(widget: QWidget, words: str, ms: int = TIP_MS) -> None:
    """Show ``words`` under ``widget`` (if it is on screen) for ``ms`` milliseconds."""
    if words and widget.isVisible():
        below = widget.mapToGlobal(QPoint(0, widget.height()))
        QToolTip.showText(below, words, widget, widget.rect(), ms)


def unsay(words: str) -> None:
    """Take the tip away if it still says ``words`` (and not something said since)."""
    if words and QToolTip.isVisible() and QToolTip.text() == words:
        QToolTip.hideText()

"""Words said at a widget, in a tip just over it: where the GM is looking when a number
passes its limits or an edit is refused, rather than only in the status bar far below."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

from futurepath_desktop.session.wording import sentence

TIP_MS = 6000


def say_at(widget: QWidget, words: str, ms: int = TIP_MS) -> None:
    """Show ``words`` just over ``widget`` (if it is on screen) for ``ms`` milliseconds:
    over its caption, not over the field under it that the GM may go to next."""
    if not words or not widget.isVisible():
        return
    top = widget.mapToGlobal(QPoint(0, 0))
    QToolTip.showText(top, sentence(words), widget, widget.rect(), ms)
    tip = tip_label()
    if tip is not None:  # Qt puts a tip a little under the point it is given
        room = widget.screen().availableGeometry()
        x = max(room.left(), min(top.x(), room.right() + 1 - tip.width()))
        tip.move(x, max(room.top(), top.y() - tip.height() - 2))


def tip_label() -> QWidget | None:
    """The tip on screen, if any (Qt's own label, by the name Qt gives it)."""
    for widget in QApplication.topLevelWidgets():
        if widget.objectName() == "qtooltip_label" and widget.isVisible():
            return widget
    return None


def unsay(words: str) -> None:
    """Take the tip away if it still says ``words`` (and not something said since)."""
    if words and QToolTip.isVisible() and QToolTip.text() == sentence(words):
        QToolTip.hideText()

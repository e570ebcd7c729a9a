"""A clear, accent-coloured frame around whatever has the keyboard focus, so a GM working
from the keyboard always sees where the next key goes.

Fusion's own focus cue is a faint line that vanishes on a dark base. This frame is a
small widget laid over the focused widget's edge, as its child: it moves, hides and
grabs with it, and it is masked to a thin ring, so the widget's own repaints (a map
being panned) never touch it. Qt's ``QFocusFrame`` sits among the widget's siblings
instead, where a splitter or a panel's edge cuts it off.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen, QRegion
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

WIDTH = 2
"""The frame's width in pixels, along the inside of the focused widget's edge."""

PANEL_SHARE = 0.5
"""A focused widget smaller than this share of its panel (a field, a tab bar) leaves the
panel itself framed too: from across the table, a field's ring looks like any field's
own focus cue, and it is the panel that F6 went to."""


def panel_body(widget: QWidget) -> QWidget | None:
    """The body of the docked panel ``widget`` is in, if any."""
    parent: QWidget | None = widget
    while parent is not None:
        if isinstance(parent, QDockWidget):
            return parent.widget()
        parent = parent.parentWidget()
    return None


def needs_panel_frame(widget: QWidget, body: QWidget | None) -> bool:
    """Whether the panel round ``widget`` is framed as well as the widget."""
    if body is None or body is widget or not body.isVisible():
        return False
    own = widget.width() * widget.height()
    return own < PANEL_SHARE * body.width() * body.height()


class FocusRing(QWidget):
    """A ring in one colour over the edge of its parent."""

    def __init__(self, target: QWidget, colour: QColor) -> None:
        super().__init__(target)
        self.setObjectName("focusFrame")
        self.colour = QColor(colour)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def cover(self) -> None:
        """Lie over the whole of the parent, masked to the ring."""
        parent = self.parentWidget()
        if parent is None:
            return
        rect = parent.rect()
        # Asked by class name first: naming QTabBar here would load its bindings (some
        # 4 ms) at every start, for a ring that only lands on a tab bar later, if ever.
        if parent.inherits("QTabBar"):
            rect = _tabs_of(parent, rect)
        self.setGeometry(rect)
        self.setMask(QRegion(rect) - QRegion(rect.adjusted(WIDTH, WIDTH, -WIDTH, -WIDTH)))
        self.raise_()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pen = QPen(self.colour)
        pen.setWidth(WIDTH)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = WIDTH / 2
        painter.drawRect(QRectF(self.rect()).adjusted(inset, inset, -inset, -inset))


class FocusTracker(QObject):
    """Keeps one ring on the focused widget of ``window`` or of one of its dialogs."""

    def __init__(self, window: QMainWindow, colour: QColor) -> None:
        super().__init__(window)
        self.main = window
        self.colour = QColor(colour)
        self.ring: FocusRing | None = None
        self.panel_ring: FocusRing | None = None
        self.target: QWidget | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def set_colour(self, colour: QColor) -> None:
        """Paint in another colour (the theme changed)."""
        self.colour = QColor(colour)
        for ring in (self._ring(), self._panel_ring()):
            if ring is not None:
                ring.colour = QColor(colour)
                ring.update()

    def _ring(self) -> FocusRing | None:
        # The ring goes when its widget does (a closed dialog); a new one is made for
        # the next widget.
        return self.ring if self.ring is not None and shiboken6.isValid(self.ring) else None

    def _panel_ring(self) -> FocusRing | None:
        ring = self.panel_ring
        return ring if ring is not None and shiboken6.isValid(ring) else None

    def _frame_panel(self, widget: QWidget | None) -> None:
        """Frame the panel round a small focused widget; hide the panel frame otherwise."""
        ring = self._panel_ring()
        body = panel_body(widget) if widget is not None else None
        if widget is None or not needs_panel_frame(widget, body):
            if ring is not None:
                ring.hide()
            return
        assert body is not None
        if ring is None:
            ring = self.panel_ring = FocusRing(body, self.colour)
            ring.setObjectName("panelFocusFrame")
        elif ring.parentWidget() is not body:
            ring.setParent(body)
        ring.cover()
        ring.show()

    def frames(self, widget: QWidget | None) -> bool:
        """Whether ``widget`` gets the ring: it is in this window or one of its dialogs."""
        if widget is None or not shiboken6.isValid(widget) or widget.isWindow():
            return False
        top = widget.window()
        # By Qt's class name: the first focus comes before the first frame, and the
        # bindings need not build QDialog's class for it.
        return top is self.main or top.inherits("QDialog")

    def _focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        if not shiboken6.isValid(self):
            return
        if self.target is not None and shiboken6.isValid(self.target):
            self.target.removeEventFilter(self)
        self.target = None
        ring = self._ring()
        if not self.frames(new):
            if ring is not None:
                ring.hide()
            self._frame_panel(None)
            return
        assert new is not None
        if ring is None:
            ring = self.ring = FocusRing(new, self.colour)
        elif ring.parentWidget() is not new:
            ring.setParent(new)
        self.target = new
        new.installEventFilter(self)
        ring.cover()
        ring.show()
        self._frame_panel(new)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        ring = self._ring()
        if ring is not None and watched is self.target:
            if event.type() == QEvent.Type.Resize:
                ring.cover()
                self._frame_panel(self.target)
            elif event.type() == QEvent.Type.ChildAdded:
                ring.raise_()  # above a child the widget makes later (an editor)
        return super().eventFilter(watched, event)


def _tabs_of(bar: QWidget, rect: QRect) -> QRect:
    """The part of a tab bar its tabs take (not the empty strip a tab widget's bar
    reaches past them), within ``rect``."""
    from PySide6.QtWidgets import QTabBar

    if not isinstance(bar, QTabBar) or not bar.count():
        return rect
    tabs = bar.tabRect(0)
    for index in range(1, bar.count()):
        tabs = tabs.united(bar.tabRect(index))
    return tabs.intersected(rect)

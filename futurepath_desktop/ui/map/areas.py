"""Fog and visibility zones as the map draws them: a light tint with a hatch or a dot
screen over it, a plain edge and a name, so that the GM sees every area in either theme
while the squares, walls and tokens under it still show.

The players' view draws fog as an opaque cover instead (R61: nothing shows through).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from futurepath_desktop.session.state import Area

VISIBILITY_NAMES = ("normal", "Poor visibility", "Terrible visibility", "No vision")


class AreaLook:
    """The colours of one kind of area in one theme."""

    def __init__(self, tint: QColor, screen: QColor, style: Qt.BrushStyle, edge: QColor) -> None:
        self.tint = tint
        self.screen = QBrush(screen, style)
        self.edge = edge


# The hatch and the dot screen are drawn in screen pixels whatever the zoom, so they read
# the same near and far; the tint is faint enough that a wall or a token under it keeps its
# colour. In the dark theme the screens are light: a dark hatch on a dark floor is lost.
FOG_LOOK = {
    False: AreaLook(
        QColor(70, 80, 120, 40),
        QColor(40, 48, 80, 120),
        Qt.BrushStyle.BDiagPattern,
        QColor(40, 48, 80, 200),
    ),
    True: AreaLook(
        QColor(150, 170, 230, 34),
        QColor(175, 190, 235, 110),
        Qt.BrushStyle.BDiagPattern,
        QColor(175, 190, 235, 210),
    ),
}
ZONE_LOOK = {
    False: AreaLook(
        QColor(90, 90, 100, 30),
        QColor(80, 80, 95, 110),
        Qt.BrushStyle.Dense5Pattern,
        QColor(90, 90, 110, 220),
    ),
    True: AreaLook(
        QColor(200, 200, 210, 26),
        QColor(205, 205, 220, 90),
        Qt.BrushStyle.Dense5Pattern,
        QColor(200, 200, 215, 200),
    ),
}
PLAYER_FOG = QColor("#15171a")
PLAYER_FOG_Z = 50.0  # the players' fog: above the tokens of anyone they cannot see
FRIEND_OVER_FOG_Z = 55.0  # R61: the players know where their friends are, fog or not
LABEL_COLOUR = {False: QColor("#2a2e36"), True: QColor("#e4e8f0")}


class AreaItem(QGraphicsRectItem):
    """One fog region or visibility zone, over the ground and under the tokens."""

    def __init__(self, rect: QRectF, look: AreaLook, line: Qt.PenStyle) -> None:
        super().__init__(rect)
        self.look = look
        self.setPen(QPen(look.edge, 0, line))  # cosmetic: one pixel at any zoom
        self.setBrush(look.tint)
        self.setZValue(1)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        rect = self.rect()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(self.look.tint)
        painter.drawRect(rect)
        painter.setBrush(self.look.screen)
        painter.drawRect(rect)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(self.pen())
        painter.drawRect(rect)


class AreaLabel(QGraphicsSimpleTextItem):
    """An area's name, the same size on screen at any zoom, cut short (…) to the area's
    width at the view's zoom, so that two areas side by side do not write over each other
    and a narrow zone's name does not run over the walls beside it; the whole name is in
    its tip, and zoomed in it shows whole."""

    GAP = 8.0  # screen pixels kept clear at the area's edges

    def __init__(self, text: str, parent: QGraphicsRectItem) -> None:
        super().__init__(text, parent)
        self.full = text
        self.setToolTip(text)
        self.setPos(parent.rect().topLeft() + QPointF(4, 2))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)

    def fit(self, scale: float) -> None:
        """Fit the name along the area's top at ``scale`` (screen pixels per scene unit):
        whole if it fits, else cut short. One line only: the squares under the area show."""
        parent = self.parentItem()
        if not isinstance(parent, QGraphicsRectItem):
            return
        width = parent.rect().width() * scale - self.GAP
        metrics = QFontMetricsF(self.font())
        text = metrics.elidedText(self.full, Qt.TextElideMode.ElideRight, max(width, 0.0))
        if text != self.text():
            self.setText(text)
        self.setVisible(bool(text))

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        if change == QGraphicsItem.GraphicsItemChange.ItemSceneHasChanged:
            views = self.scene().views() if self.scene() is not None else []
            if views:
                self.fit(views[0].transform().m11())
        return super().itemChange(change, value)


def fit_area_labels(areas: Iterable[QGraphicsItem], scale: float) -> None:
    """The view's zoom changed: each of these areas' names cut to its width anew."""
    for area in areas:
        for child in area.childItems():
            if isinstance(child, AreaLabel):
                child.fit(scale)


def _label(text: str, parent: QGraphicsRectItem, colour: QColor) -> None:
    label = AreaLabel(text, parent)
    label.setBrush(colour)


def zone_item(area: Area, rect: QRectF, dark: bool) -> QGraphicsItem:
    """A visibility zone (R31) with its name and level."""
    item = AreaItem(rect, ZONE_LOOK[dark], Qt.PenStyle.DashLine)
    level = VISIBILITY_NAMES[area.visibility]
    _label(f"{area.name or 'Zone'} ({level})", item, LABEL_COLOUR[dark])
    return item


def fog_item(area: Area, rect: QRectF, dark: bool, *, player: bool) -> QGraphicsItem:
    """A fogged region: see-through and named for the GM, an opaque cover for the players."""
    if player:
        cover = QGraphicsRectItem(rect)
        cover.setBrush(PLAYER_FOG)
        cover.setPen(QPen(Qt.PenStyle.NoPen))
        cover.setZValue(PLAYER_FOG_Z)  # above the tokens: nothing shows through
        return cover
    item = AreaItem(rect, FOG_LOOK[dark], Qt.PenStyle.DotLine)
    _label(f"Fog: {area.name or 'hidden from players'}", item, LABEL_COLOUR[dark])
    return item

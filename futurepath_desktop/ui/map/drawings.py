"""What the map's tools draw while in use: the path a move would take and its cost, the
ruler's line and length, a ghost of the squares a stroke, template or rectangle covers,
and the selected combatant's ranges. One item each, laid on the scene as overlays once and
updated in place as the mouse moves."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.map.scene import SQUARE, MapScene, area_path, paper_colour, square_rect
from futurepath_desktop.ui.theme import REFUSED

Square = tuple[int, int]

PREVIEW_OK = QColor("#2e9d4f")
PREVIEW_OVER = QColor(REFUSED)
RULER = QColor("#4aa8ff")
GHOST_EDGE = QColor("#e0a030")
TARGET = QColor("#3d7bd9")
"""The square the arrows have walked to (a move by the keys), framed in the highlight blue."""


class PlateText(QGraphicsSimpleTextItem):
    """A tool's label on a plate of the map's own background colour, so that it reads as
    well over walls, fog and tokens as over open ground."""

    PAD_X, PAD_Y = 4.0, 1.0
    PLATE_ALPHA = 220

    def boundingRect(self) -> QRectF:
        return super().boundingRect().adjusted(-self.PAD_X, -self.PAD_Y, self.PAD_X, self.PAD_Y)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.boundingRect())
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        dark = bool(getattr(self.scene(), "dark", False))
        plate = paper_colour(dark)
        plate.setAlpha(self.PLATE_ALPHA)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(plate)
        painter.drawRoundedRect(self.boundingRect(), 3, 3)
        super().paint(painter, option, widget)  # type: ignore[arg-type]  # None is allowed


def centre(square: Square) -> QPointF:
    """The middle of a square, in scene coordinates."""
    half = SQUARE / 2
    return QPointF(square[0] * SQUARE + half, square[1] * SQUARE + half)


class Drawings:
    """The tools' drawings on one scene: ``path`` and ``path_label`` (a move), ``ruler`` and
    ``ruler_label``, ``ghost`` (a stroke, template or rectangle) and ``ranges``."""

    def __init__(self, scene: MapScene) -> None:
        self.path = QGraphicsPathItem()
        self.path.setZValue(30)
        self.path_label = PlateText()
        self.path_label.setZValue(31)
        self.ruler = QGraphicsPathItem()
        self.ruler.setZValue(30)
        self.ruler_label = PlateText()
        self.ruler_label.setZValue(31)
        self.ghost = QGraphicsPathItem()
        self.ghost.setZValue(29)
        self.ranges = QGraphicsPathItem()
        self.ranges.setZValue(3)
        self.target = QGraphicsPathItem()
        self.target.setZValue(30)
        frame = QPainterPath()
        frame.addRect(QRectF(1.5, 1.5, SQUARE - 3, SQUARE - 3))
        self.target.setPath(frame)
        pen = QPen(TARGET, 3)
        pen.setCosmetic(True)  # as thick at any zoom
        self.target.setPen(pen)
        for label in (self.path_label, self.ruler_label):
            # Readable at any zoom: the text keeps its size on screen.
            label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
            font = label.font()
            font.setPointSizeF(font.pointSizeF() * 1.1)
            font.setBold(True)
            label.setFont(font)
        for item in (
            self.path,
            self.path_label,
            self.ruler,
            self.ruler_label,
            self.ghost,
            self.ranges,
            self.target,
        ):
            item.setVisible(False)
            scene.add_overlay(item)

    def hide(self) -> None:
        """Take every drawing of a tool in use away (the ranges stay: they follow the
        selection, not a gesture)."""
        for item in (
            self.path,
            self.path_label,
            self.ghost,
            self.ruler,
            self.ruler_label,
            self.target,
        ):
            item.setVisible(False)

    def show_target(self, square: Square) -> None:
        """Frame the square the arrows have walked to, path or none (a wall says why in
        the label, and the frame shows which square it means)."""
        self.target.setPos(square[0] * SQUARE, square[1] * SQUARE)
        self.target.setVisible(True)

    def show_ruler(self, a: Square, b: Square) -> None:
        """A line from square to square, and its length by the grid (R34)."""
        path = QPainterPath(centre(a))
        path.lineTo(centre(b))
        self.ruler.setPen(QPen(RULER, 3))
        self.ruler.setPath(path)
        self.ruler.setVisible(True)
        feet = core_grid.distance_ft(a, b)
        self.ruler_label.setText(f"{feet} ft ({feet // core_grid.SQUARE_FT} squares)")
        self.ruler_label.setBrush(RULER)
        self.ruler_label.setVisible(True)

    def show_squares(
        self, squares: set[Square] | frozenset[Square], alpha: int, width: int
    ) -> None:
        """The ghost over a set of squares (a brush stroke, a template's area)."""
        self.ghost.setPath(area_path(squares))
        self.ghost.setBrush(QColor(224, 160, 48, alpha))
        self.ghost.setPen(QPen(GHOST_EDGE, width))
        self.ghost.setVisible(True)

    def show_rect(self, a: Square, b: Square) -> None:
        """The ghost of a rectangle dragged from one corner square to the other."""
        path = QPainterPath()
        path.addRect(square_rect(*a).united(square_rect(*b)))
        self.ghost.setPath(path)
        self.ghost.setBrush(QColor(20, 24, 30, 80))
        self.ghost.setPen(QPen(QColor("#30343a"), 1, Qt.PenStyle.DashLine))
        self.ghost.setVisible(True)

    def show_path(
        self, path: core_grid.Path, budget_ft: int, note: str = "", refusal: str = ""
    ) -> None:
        """A move's path and its cost against the budget (dashed red past it, or all the
        way when the rules refuse the move: ``refusal`` says why), and what the move would
        spend if that needs saying (``note``)."""
        line = QPainterPath(centre(path.squares[0]))
        for square in path.squares[1:]:
            line.lineTo(centre(square))
        over = path.cost_ft > budget_ft or bool(refusal)
        colour = PREVIEW_OVER if over else PREVIEW_OK
        pen = QPen(colour, 4, Qt.PenStyle.DashLine if over else Qt.PenStyle.SolidLine)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        self.path.setPen(pen)
        self.path.setPath(line)
        self.path.setVisible(True)
        text = f"{path.cost_ft} ft of {budget_ft} ft"
        if refusal:
            text = f"{path.cost_ft} ft — {refusal} (Shift to override)"
        elif over:
            text += " — past the budget (Shift to override)"
        elif note:
            text += f" — {note}"
        self.path_label.setText(text)
        self.path_label.setBrush(colour)
        self.path_label.setVisible(True)

    def show_no_path(self, unreachable: bool) -> None:
        """No line: the square is out of reach (said so), or where the token stands."""
        self.path.setVisible(False)
        self.path_label.setVisible(unreachable)
        self.path_label.setText("No way there within reach")
        self.path_label.setBrush(PREVIEW_OVER)

    def show_ranges(self, path: QPainterPath | None, scene: MapScene) -> None:
        """The selected combatant's range rings, clipped to the map (none: hidden)."""
        if path is None:
            self.ranges.setVisible(False)
            return
        whole = QPainterPath()
        whole.addRect(scene.sceneRect())
        self.ranges.setPath(path.intersected(whole))
        self.ranges.setPen(QPen(QColor(74, 168, 255, 110), 1.5, Qt.PenStyle.DashLine))
        self.ranges.setBrush(Qt.BrushStyle.NoBrush)
        self.ranges.setVisible(True)


def range_rings(session: Session, combatant_id: str, *, throw: bool) -> QPainterPath | None:
    """R37/R19/R38: a combatant's threat range, and either its ranged weapon's range
    increments or (``throw``, with the grenade tool) its maximum throw; None without a token."""
    combatant = session.combatants.get(combatant_id)
    if session.map is None or combatant is None or combatant.id not in session.tokens:
        return None
    x, y = session.tokens[combatant.id].square
    path = QPainterPath()

    def ring(feet: int) -> None:
        n = feet // core_grid.SQUARE_FT
        side = (2 * n + 1) * SQUARE
        path.addRect(QRectF((x - n) * SQUARE, (y - n) * SQUARE, side, side))

    melee = next((w for w in combatant.weapons if not w.ranged), None)
    ring(core_grid.threat_range_ft(melee.reach if melee else 0))
    ranged = next((w for w in combatant.weapons if w.ranged and w.range_increment_ft), None)
    if throw:
        from futurepath_desktop.core import grenades  # the grenade rules, with the first throw

        abilities = combatant.abilities
        ring(grenades.max_throw_ft(abilities.mod("strength"), abilities.mod("dexterity")))
    elif ranged is not None:
        for k in range(1, 4):
            ring(k * ranged.range_increment_ft)
    return path

"""A token on the map: a disc in the team's colour with the combatant's name, a ring when
its team is acting, condition badges, and a greyed, crossed look when down."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from futurepath_desktop.session.map_rules import SECRET_CONDITIONS
from futurepath_desktop.session.state import Combatant, Session


@dataclass(frozen=True, slots=True)
class TokenLook:
    """Everything a token's picture depends on (an item repaints only when this changes)."""

    name: str
    colour: str
    acting: bool
    down: bool
    badges: tuple[str, ...]
    hidden: bool


def token_look(
    session: Session, combatant: Combatant, acting_team: str | None, *, player: bool = False
) -> TokenLook:
    """How a combatant's token looks now (for the players: without secret conditions)."""
    team = session.teams.get(combatant.team_id)
    badges = tuple(
        (held.name[:2] + (str(held.remaining) if held.remaining is not None else ""))
        for held in session.conditions_on(combatant.id)
        if not (player and held.key in SECRET_CONDITIONS)
    )
    return TokenLook(
        name=combatant.name,
        colour=team.colour if team is not None else "#888888",
        acting=acting_team is not None and combatant.team_id == acting_team,
        down=combatant.is_down(session.options.vitality),
        badges=badges[:4],
        hidden=combatant.hidden or not combatant.present,
    )


_NAME_FONT = QFont()
_NAME_FONT.setPixelSize(10)
_BADGE_FONT = QFont()
_BADGE_FONT.setPixelSize(8)
_BADGE_FONT.setBold(True)


class TokenItem(QGraphicsItem):
    """One combatant's token; the view moves it, the session decides where it stands."""

    def __init__(self, combatant_id: str, look: TokenLook, side: float) -> None:
        super().__init__()
        self.combatant_id = combatant_id
        self.look = look
        self.side = side
        self.setZValue(10)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptHoverEvents(False)
        self.setToolTip(look.name)

    def set_look(self, look: TokenLook, side: float) -> None:
        """Restyle (repaints only if something visible changed)."""
        if look == self.look and side == self.side:
            return
        if side != self.side:
            self.prepareGeometryChange()
        self.look, self.side = look, side
        self.setToolTip(look.name)
        self.update()

    def boundingRect(self) -> QRectF:
        return QRectF(-2, -2, self.side + 4, self.side + 14)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        look = self.look
        detail = option.levelOfDetailFromTransform(painter.worldTransform())
        inset = 3.0
        disc = QRectF(inset, inset, self.side - 2 * inset, self.side - 2 * inset)
        colour = QColor(look.colour)
        if look.down:
            colour = QColor("#8a8f96")
        if look.hidden:
            colour.setAlpha(120)
        if detail < 0.25:  # far out: a plain square is all the eye can see
            painter.fillRect(disc, colour)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        edge = QColor("#ffd54a") if look.acting else QColor(20, 20, 20, 160)
        if self.isSelected():
            edge = QColor("#4aa8ff")
        painter.setPen(QPen(edge, 3.0 if (look.acting or self.isSelected()) else 1.2))
        painter.setBrush(colour)
        painter.drawEllipse(disc)
        if look.down:
            painter.setPen(QPen(QColor("#d0453a"), 2.5))
            painter.drawLine(disc.topLeft() + QPointF(5, 5), disc.bottomRight() - QPointF(5, 5))
            painter.drawLine(disc.topRight() + QPointF(-5, 5), disc.bottomLeft() + QPointF(5, -5))
        initials = "".join(part[0] for part in look.name.split()[:2]).upper()
        painter.setPen(QColor("white"))
        if detail * disc.height() < 12:
            return  # too small on screen for letters to be read
        if detail < 0.6:
            # Zoomed out: initials big enough to read at this scale, and no name plate.
            font = QFont(_NAME_FONT)
            font.setPixelSize(max(10, min(int(disc.height() * 0.55), int(8 / detail))))
            font.setBold(True)
            painter.setFont(font)
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, initials)
            return
        painter.setFont(_NAME_FONT)
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, initials)
        label = QRectF(-16, self.side - 1, self.side + 32, 12)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 150))
        width = min(label.width(), 6.0 * len(look.name) + 6)
        plate = QRectF(label.center().x() - width / 2, label.top(), width, label.height())
        painter.drawRoundedRect(plate, 3, 3)
        painter.setPen(QColor("white"))
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, look.name)
        painter.setFont(_BADGE_FONT)
        for index, badge in enumerate(look.badges):
            box = QRectF(self.side - 14, -2 + 10 * index, 16, 10)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#b35c00"))
            painter.drawRoundedRect(box, 2, 2)
            painter.setPen(QColor("white"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, badge)

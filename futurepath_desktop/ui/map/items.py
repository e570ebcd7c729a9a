"""A token on the map: a disc in the team's colour with the combatant's name, a ring when
its team is acting, condition badges, and a greyed, crossed look when down."""

from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

import msgspec
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsPixmapItem

from futurepath_desktop.session.map_rules import SECRET_CONDITIONS, acts_now
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.ui.portraits import portrait_file, portrait_pixmap
from futurepath_desktop.ui.theme import REFUSED


class TokenLook(msgspec.Struct, frozen=True):
    """Everything a token's picture depends on (an item repaints only when this changes)."""

    name: str
    colour: str
    acting: bool
    down: bool
    badges: tuple[str, ...]
    hidden: bool
    portrait: str = ""
    """The portrait's file ("" for none), drawn inside the team's ring."""


def token_look(
    session: Session,
    combatant: Combatant,
    acting_team: str | None,
    *,
    player: bool = False,
    folder: Path | None = None,
) -> TokenLook:
    """How a combatant's token looks now. For the players (R61): no secret conditions, the
    acting ring only on a team they may know acts, and a friend who hides marked hidden.
    ``folder``: the session file's, which a portrait is relative to."""
    team = session.teams.get(combatant.team_id)
    badges = tuple(
        (held.name[:2] + (str(held.remaining) if held.remaining is not None else ""))
        for held in session.conditions_on(combatant.id)
        if not (player and held.key in SECRET_CONDITIONS)
    )
    hidden = combatant.hidden or not combatant.present
    if player:
        from futurepath_desktop.session.player_info import Sight, players_acting_team, sight

        acting_team = players_acting_team(session)
        hidden = sight(session, combatant) is Sight.MARKED_HIDDEN
        if hidden:  # faded, and badged as the GM's map badges the Hidden condition
            badges = ("Hi", *badges)
    return TokenLook(
        name=combatant.name,
        colour=team.colour if team is not None else "#888888",
        acting=acts_now(session, combatant.id, acting_team),
        down=combatant.is_down(session.options.vitality),
        badges=badges[:4],
        hidden=hidden,
        portrait=portrait_file(folder, combatant.portrait),
    )


_NAME_FONT = QFont()
_NAME_FONT.setPixelSize(10)
_BADGE_FONT = QFont()
_BADGE_FONT.setPixelSize(8)
_BADGE_FONT.setBold(True)
_INITIALS_FONT = QFont()
_INITIALS_FONT.setBold(True)


def short_label(name: str) -> str:
    """What fits on a token: ``Space Bear 3`` → ``SB3``, ``Brandon`` → ``Br``."""
    words = name.split()
    if not words:
        return "?"
    number = words[-1] if words[-1].isdigit() and len(words) > 1 else ""
    letters = [w[0].upper() for w in words if w[0].isalpha()]
    if len(letters) == 1:
        return (words[0][:2].capitalize() + number)[:4]
    return ("".join(letters[:2]) + number)[:4]


RATIO = 2.0
"""The most pixels a token's picture has per scene unit: twice the scene's resolution, so
it stays sharp at 2×. Zoomed out it has fewer (``picture_ratio``)."""
FEWEST = 1 / 8
"""The fewest: a smaller picture, rounded up to whole pixels, would reach well past its token."""
INITIALS_FROM = 2.0
"""Far out, pictures of fewer pixels than this carry no initials: they are for a map shown
at a quarter of its size or less, where the letters would be under 4 pixels tall."""
MARGIN_X, MARGIN_TOP, PLATE = 16.0, 2.0, 12.0
PORTRAIT_RING = 3.0
"""How much of the team's colour shows round a portrait on a token."""
TOKEN_Z = 10.0  # over the ground and the areas, under the tools' drawings
Room = tuple[float, float]
"""How far a name plate may reach past the token's own squares, to the left and right."""
FREE: Room = (MARGIN_X, MARGIN_X)
Detail = tuple[bool, float]
"""How a token is drawn: near (name plate and badges) or not, and ``picture_ratio``."""
_pictures: OrderedDict[tuple[TokenLook, float, bool, bool, Room, float], QPixmap] = OrderedDict()
"""Token pictures by look, least recently used first: a look that comes back (the acting
ring on and off, a selection) is a blit, not a drawing."""
KEEP_PICTURES = 64
"""How many pictures the cache keeps at least (each is some 46 KiB): a long fight makes a
new look for almost every command, and an unbounded cache grew by hundreds of MiB."""
_keep = [KEEP_PICTURES]


def keep_pictures(tokens: int) -> None:
    """Size the cache for a map of this many tokens (two looks each: a turn's restyle of a
    large map finds the look it had last turn), never below the floor."""
    _keep[0] = max(KEEP_PICTURES, 2 * tokens)


def picture_ratio(pixels_per_unit: float, near: bool) -> float:
    """How many pixels a token's picture has per scene unit when the screen shows
    ``pixels_per_unit`` of them: a power of two (at most ``RATIO``, at least ``FEWEST``).

    A picture much larger than it is shown is smoothed down for every token on every
    repaint, which made panning a zoomed-out map of many tokens slow; a picture of about
    its size is copied as it is, or shrunk cheaply. Near, the power of two at or above the
    screen's pixels: the name plate's text drawn at the size it is read. Far out, at or
    above four times them: a token is a few pixels across there, and rings thinner than a
    pixel (the team's round a portrait, the acting one) must keep their own colours rather
    than blend into one. Powers of two keep 1:1, 1:2 or 1:4 on an exact copy, and a zoom
    redraws the pictures only when it crosses one."""
    wanted = pixels_per_unit if near else 4 * pixels_per_unit
    if wanted <= FEWEST:
        return FEWEST
    return min(RATIO, 2.0 ** math.ceil(math.log2(wanted) - 1e-9))


def plate_geometry(name: str, side: float, room: Room = FREE) -> tuple[QRectF, str]:
    """Where the name plate goes (in the token's own coordinates) and the name it shows:
    centred under the token, as wide as the name, but never past ``room`` on either side
    (a neighbour stands there); a name too long for that loses its middle to "…", so
    that numbered foes keep their numbers ("Spac…ar 3"; the full name is the token's tool
    tip)."""
    metrics = QFontMetricsF(_NAME_FONT)
    left, right = -room[0], side + room[1]
    width = min(right - left, metrics.horizontalAdvance(name) + 8)
    x = min(max(side / 2 - width / 2, left), right - width)
    text = name
    if metrics.horizontalAdvance(name) + 8 > width:
        text = metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, width - 4)
    return QRectF(x, side - 1, width, PLATE), text


def token_picture(
    look: TokenLook,
    side: float,
    selected: bool,
    near: bool,
    room: Room = FREE,
    ratio: float = RATIO,
) -> QPixmap:
    """The token drawn once into a pixmap (shared by every token that looks the same).

    ``near``: the full picture with the name plate and condition badges; far out, a disc
    with large initials only, which stay legible when the map is zoomed out, and further
    out still (``ratio`` under ``INITIALS_FROM``) a plain disc. ``ratio``: its pixels per
    scene unit (``picture_ratio``).
    """
    if not near:  # no plate, no badges, and from far enough no letters: many tokens alike
        lettered = ratio >= INITIALS_FROM
        look = msgspec.structs.replace(look, name=look.name if lettered else "", badges=())
        room = FREE
    key = (look, side, selected, near, room, ratio)
    found = _pictures.get(key)
    if found is not None:
        _pictures.move_to_end(key)
        return found
    width, height = side + 2 * MARGIN_X, side + MARGIN_TOP + PLATE
    pixmap = QPixmap(max(1, math.ceil(width * ratio)), max(1, math.ceil(height * ratio)))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    painter.translate(MARGIN_X, MARGIN_TOP)
    inset = 3.0
    disc = QRectF(inset, inset, side - 2 * inset, side - 2 * inset)
    colour = QColor("#8a8f96") if look.down else QColor(look.colour)
    if look.hidden:
        colour.setAlpha(120)
    edge = QColor("#ffd54a") if look.acting else QColor(20, 20, 20, 160)
    if selected:
        edge = QColor("#4aa8ff")
    painter.setPen(QPen(edge, 3.0 if (look.acting or selected) else 1.2))
    painter.setBrush(colour)
    painter.drawEllipse(disc)
    pictured = _draw_portrait(painter, look, disc, ratio)
    if look.down:
        painter.setPen(QPen(QColor(REFUSED), 2.5))
        painter.drawLine(disc.topLeft() + QPointF(5, 5), disc.bottomRight() - QPointF(5, 5))
        painter.drawLine(disc.topRight() + QPointF(-5, 5), disc.bottomLeft() + QPointF(5, -5))
    initials = short_label(look.name) if look.name else ""
    painter.setPen(QColor("white"))
    font = QFont(_INITIALS_FONT if not near else _NAME_FONT)
    font.setPixelSize(
        int(disc.height() * (0.5 if not near else 0.36) * (1 if len(initials) < 3 else 0.8))
    )
    painter.setFont(font)
    if not pictured and initials:  # a portrait says who it is better than initials
        # (and from far enough there are none: the name was left out above)
        painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, initials)
    if near:
        painter.setFont(_NAME_FONT)
        plate, text = plate_geometry(look.name, side, room)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 160))
        painter.drawRoundedRect(plate, 3, 3)
        painter.setPen(QColor("white"))
        painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, text)
        painter.setFont(_BADGE_FONT)
        for index, badge in enumerate(look.badges):
            box = QRectF(side - 14, -2 + 10 * index, 16, 10)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#b35c00"))
            painter.drawRoundedRect(box, 2, 2)
            painter.setPen(QColor("white"))
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, badge)
    painter.end()
    _pictures[key] = pixmap
    while len(_pictures) > _keep[0]:
        _pictures.popitem(last=False)
    return pixmap


def _draw_portrait(painter: QPainter, look: TokenLook, disc: QRectF, ratio: float) -> bool:
    """Draw the portrait inside the disc, leaving a ring of the team's colour round it (and
    faded as the disc is for a hidden combatant); whether there was one to draw."""
    inner = disc.adjusted(PORTRAIT_RING, PORTRAIT_RING, -PORTRAIT_RING, -PORTRAIT_RING)
    picture = portrait_pixmap(look.portrait, round(inner.width()), ratio)
    if picture.isNull():
        return False
    painter.save()
    clip = QPainterPath()
    clip.addEllipse(inner)
    painter.setClipPath(clip)
    if look.hidden:
        painter.setOpacity(0.5)
    painter.drawPixmap(inner, picture, QRectF(picture.rect()))
    painter.restore()
    return True


class TokenItem(QGraphicsPixmapItem):
    """One combatant's token: a cached picture, so a repaint is a blit and no Python runs
    while the map is painted; the session decides where it stands."""

    def __init__(self, combatant_id: str, look: TokenLook, side: float, detail: Detail) -> None:
        super().__init__()
        self.combatant_id = combatant_id
        self.look = look
        self.side = side
        self.near, self.ratio = detail
        self.chosen = False
        self.room = FREE
        self.setZValue(TOKEN_Z)
        self.setOffset(-MARGIN_X, -MARGIN_TOP)
        self.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setToolTip(look.name)
        self._draw()

    def _draw(self) -> None:
        self.setPixmap(
            token_picture(self.look, self.side, self.chosen, self.near, self.room, self.ratio)
        )

    def set_room(self, room: Room) -> None:
        """How far the name plate may reach past the token (less with a neighbour there)."""
        if room != self.room:
            self.room = room
            if self.near:
                self._draw()

    def plate_rect(self) -> QRectF:
        """The name plate in scene coordinates (empty when zoomed out: no plates then)."""
        if not self.near:
            return QRectF()
        return self.mapRectToScene(plate_geometry(self.look.name, self.side, self.room)[0])

    def set_look(self, look: TokenLook, side: float) -> None:
        """Restyle (redraws only if something visible changed)."""
        if look == self.look and side == self.side:
            return
        self.look, self.side = look, side
        self.setToolTip(look.name)
        self._draw()

    def set_chosen(self, chosen: bool) -> None:
        """Ring the token the map's tools work with."""
        if chosen != self.chosen:
            self.chosen = chosen
            self._draw()

    def set_detail(self, near: bool, ratio: float) -> None:
        """Switch between the full picture and the zoomed-out one, drawn at ``ratio``."""
        if (near, ratio) != (self.near, self.ratio):
            self.near, self.ratio = near, ratio
            self._draw()

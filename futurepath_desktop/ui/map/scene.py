"""The map's scene: the grid, terrain and cover drawn in ``drawBackground`` from two small
images (one pixel per square, scaled up without smoothing), and items only for what moves
or is few: tokens, zones, fog, templates, the path preview and the overlays.

Nothing is rebuilt on a move: the scene follows each command's change report, updating
only the tokens, areas and templates it names, and the terrain images only when the
report says the terrain (or the map's size) changed. It never compares old and new state.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QPointF, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QWidget,
)

from futurepath_desktop.session.change import Change
from futurepath_desktop.session.map_rules import area_of, visible_to_players
from futurepath_desktop.session.sides import is_friendly
from futurepath_desktop.session.state import (
    Area,
    MapState,
    Session,
    Template,
)
from futurepath_desktop.ui.map.areas import FRIEND_OVER_FOG_Z, fog_item, zone_item
from futurepath_desktop.ui.map.ground import SQUARE, Ground
from futurepath_desktop.ui.map.items import (
    MARGIN_X,
    RATIO,
    TOKEN_Z,
    TokenItem,
    keep_pictures,
    token_look,
)

R = TypeVar("R")
LATER_BUDGET_S = 0.008
"""How long the tokens out of view are drawn for a new zoom at a time: half a frame."""


__all__ = ["SQUARE", "MapScene", "area_path", "area_rect", "square_at", "square_rect"]


def square_rect(x: int, y: int, size: int = 1) -> QRectF:
    """A square (or a larger token's block) in scene coordinates."""
    return QRectF(x * SQUARE, y * SQUARE, size * SQUARE, size * SQUARE)


def area_rect(area: Area) -> QRectF:
    """The scene rectangle of a fog region or a zone."""
    return QRectF(area.x * SQUARE, area.y * SQUARE, area.width * SQUARE, area.height * SQUARE)


def square_at(point: QPointF) -> tuple[int, int]:
    """The square under a scene point."""
    return (int(point.x() // SQUARE), int(point.y() // SQUARE))


class MapScene(QGraphicsScene):
    """Everything on the map, kept in step with the session."""

    def __init__(self, parent: QWidget | None = None, *, player: bool = False) -> None:
        super().__init__(parent)
        self.player = player  # the players' view: fog is opaque, hidden tokens left out
        self.dark = False
        self.grid: MapState | None = None
        self.session: Session | None = None
        self.tokens: dict[str, TokenItem] = {}
        self.ground = Ground()
        self.folder: Path | None = None  # the session file's folder (for the background)
        self._background_key: tuple[Path | None, str | None] | None = None
        self.background = QPixmap()
        self.background_missing: str | None = None
        self._overlays: list[QGraphicsItem] = []
        self._areas: dict[str, QGraphicsItem] = {}
        self._templates: dict[str, QGraphicsItem] = {}
        self.acting_team: str | None = None
        self.near = True  # full token pictures; False when the view is zoomed far out
        self.ratio = RATIO  # the pictures' pixels per scene unit (``picture_ratio``)
        self._later: list[TokenItem] = []  # tokens still to draw for the present zoom
        self._later_timer: QTimer | None = None
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)

    # --- keeping in step ----------------------------------------------------------------

    def set_dark(self, dark: bool) -> None:
        """Switch the colours with the theme."""
        if dark == self.dark and self.grid is not None:
            return
        self.dark = dark
        self.grid = None  # everything is redrawn in the new colours
        if self.session is not None:
            self.sync(self.session)
        # The views cache the background they drew, the backdrop round the map too (which
        # no change of the map's own squares repaints): drop it, or the old theme's stays.
        for view in self.views():
            view.resetCachedContent()
            view.viewport().update()
        self.update()

    def area_items(self) -> list[QGraphicsItem]:
        """The zones' and fog's items (their names are fitted to them at each zoom)."""
        return list(self._areas.values())

    def set_detail(self, near: bool, ratio: float = RATIO, *, at_once: bool = False) -> None:
        """Zoomed in (name plates and badges) or far out (large initials only); the token
        pictures drawn at ``ratio`` pixels per scene unit.

        The tokens in a view are drawn anew now, the others a few at a time while the app
        is idle (or all now, ``at_once``): on a map of a thousand tokens, drawing them all
        stalled every zoom that crossed a power of two for a third of a second. Until its
        turn comes, a token is drawn from its last picture, in its place and size."""
        if (near, ratio) == (self.near, self.ratio):
            return
        self.near, self.ratio = near, ratio
        if at_once:
            first, self._later = list(self.tokens.values()), []
        else:
            seen = {
                item
                for view in self.views()
                for item in view.items(view.viewport().rect())
                if isinstance(item, TokenItem)
            }
            first = [item for item in self.tokens.values() if item in seen]
            self._later = [item for item in self.tokens.values() if item not in seen]
        for item in first:
            item.set_detail(near, ratio)
        if self._later:
            self._draw_later_soon()

    def _draw_later_soon(self) -> None:
        if self._later_timer is None:
            self._later_timer = QTimer(self)
            self._later_timer.setSingleShot(True)
            self._later_timer.timeout.connect(self._draw_later)
        self._later_timer.start(0)

    def _draw_later(self) -> None:
        """Draw waiting tokens for the present zoom for up to ``LATER_BUDGET_S``, then let
        the app breathe (the rest at its next idle moment)."""
        started = time.perf_counter()
        while self._later and time.perf_counter() - started < LATER_BUDGET_S:
            item = self._later.pop()
            if item.scene() is self:  # not taken off the map since
                item.set_detail(self.near, self.ratio)
        if self._later:
            self._draw_later_soon()

    def sync(self, session: Session) -> None:
        """Draw the whole map anew from the session (a new session, a new theme)."""
        self.session = session
        self.grid = grid = session.map
        for item in list(self.tokens.values()) + list(self._areas.values()):
            self.removeItem(item)
        for item in self._templates.values():
            self.removeItem(item)
        self.tokens.clear()
        self._areas.clear()
        self._templates.clear()
        if grid is None:
            self.setSceneRect(QRectF(0, 0, 10 * SQUARE, 10 * SQUARE))
            self.update()
            return
        self._settings(grid, frozenset(MapState.__struct_fields__))
        self._sync_areas(session, set(session.areas))
        self._sync_templates(session, set(session.templates))
        self.sync_tokens(session)

    def _settings(self, grid: MapState, fields: frozenset[str]) -> None:
        """Redraw what the map's changed settings draw: its size, terrain, cover, image."""
        self.grid = grid
        resized = bool(fields & {"width", "height"})
        if resized:
            self.setSceneRect(QRectF(0, 0, grid.width * SQUARE, grid.height * SQUARE))
        self.ground.redraw(grid, fields, self.dark)
        if (self.folder, grid.background) != self._background_key:
            self._load_background(grid)
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def forget_background(self) -> None:
        """Load the background image again on the next sync."""
        self._background_key = None

    def _load_background(self, grid: MapState) -> None:
        """The image under the grid, from its path relative to the session file; a missing
        or unreadable image leaves the map without it and says so."""
        self._background_key = (self.folder, grid.background)
        self.background = QPixmap()
        self.background_missing = None
        if not grid.background:
            return
        where = (self.folder / grid.background) if self.folder else Path(grid.background)
        image = QPixmap(str(where)) if where.is_file() else QPixmap()
        if image.isNull():
            self.background_missing = grid.background
        else:
            self.background = image

    def apply(self, session: Session, change: Change) -> None:
        """Follow one command by its change report: the map's settings if they changed,
        and only the tokens, areas and templates it names, plus the tokens whose look can
        have changed (their combatant, their conditions, or the acting team's turn). A Next
        Turn on a 1,000-token map restyles a team's tokens, not all of them."""
        self.session = session
        if "map" in change.values:
            if self.grid is None or session.map is None:
                self.sync(session)
                return
            self._settings(session.map, change.value_fields.get("map", frozenset()))
        areas = change.touched("areas")
        if areas:
            self._sync_areas(session, areas)
        templates = change.touched("templates")
        if templates:
            self._sync_templates(session, templates)
        ids = set(change.touched("tokens")) | change.touched("combatants") | change.bearers
        for recoloured in change.touched("teams"):  # a team's colour is its tokens' colour
            ids.update(m.id for m in session.members(recoloured))
        acting = session.combat.acting_team
        if acting != self.acting_team:
            for team in (acting, self.acting_team):
                if team is not None:
                    ids.update(m.id for m in session.members(team))
        if self.player and (areas or change.options):
            ids.update(session.tokens)  # R61: fog and visibility decide who the players see
        if ids:
            self.sync_tokens(session, ids)

    def sync_tokens(self, session: Session, only: set[str] | None = None) -> None:
        """Add, move, restyle or remove token items: all of them, or those of ``only``."""
        grid = session.map
        if grid is None:
            return
        acting = session.combat.acting_team
        self.acting_team = acting
        before = len(self.tokens)
        moved = False
        for ident in session.tokens if only is None else only:
            token = session.tokens.get(ident)
            combatant = session.combatants.get(ident)
            shown = token is not None and combatant is not None
            if shown and self.player:
                shown = visible_to_players(session, ident)
            if not shown or token is None or combatant is None:
                if ident in self.tokens:
                    self.removeItem(self.tokens.pop(ident))
                continue
            look = token_look(session, combatant, acting, player=self.player, folder=self.folder)
            item = self.tokens.get(ident)
            if item is None:
                item = TokenItem(ident, look, token.size * SQUARE, (self.near, self.ratio))
                self.tokens[ident] = item
                self.addItem(item)
            else:
                item.set_look(look, token.size * SQUARE)
            if self.player:
                # R61: a friend's token stays seen over the players' opaque fog; anyone
                # else's the fog covers (an enemy there is not on this map at all).
                friend = is_friendly(session, combatant)
                item.setZValue(FRIEND_OVER_FOG_Z if friend else TOKEN_Z)
            place = QPointF(token.x * SQUARE, token.y * SQUARE)
            if item.pos() != place:
                item.setPos(place)
                moved = True
        if only is None:
            for ident in [i for i in self.tokens if i not in session.tokens]:
                self.removeItem(self.tokens.pop(ident))
        if only is None or moved or len(self.tokens) != before:
            self._make_room(session)
        if len(self.tokens) != before:
            keep_pictures(len(self.tokens))

    def _make_room(self, session: Session) -> None:
        """Let a name plate reach past its token only on a side where no token stands, in
        its bottom row or the row below (which the plate overlaps), so that the plates of
        neighbours never cover each other or a neighbour's disc."""
        taken: set[tuple[int, int]] = set()
        tokens = session.tokens
        for ident in self.tokens:
            token = tokens[ident]
            taken.update(
                (token.x + dx, token.y + dy) for dx in range(token.size) for dy in range(token.size)
            )
        for ident, item in self.tokens.items():
            token = tokens[ident]
            rows = (token.y + token.size - 1, token.y + token.size)
            left = any((token.x - 1, y) in taken for y in rows)
            right = any((token.x + token.size, y) in taken for y in rows)
            item.set_room((0.0 if left else MARGIN_X, 0.0 if right else MARGIN_X))

    def _sync_areas(self, session: Session, ids: set[str] | frozenset[str]) -> None:
        """Add, redraw or remove the zone and fog items of these areas."""
        self._redraw(self._areas, ids, session.areas, self._area_item)

    def _sync_templates(self, session: Session, ids: set[str] | frozenset[str]) -> None:
        """Add, redraw or remove the items of these templates."""
        self._redraw(self._templates, ids, session.templates, self._template_item)

    def _redraw(
        self,
        items: dict[str, QGraphicsItem],
        ids: set[str] | frozenset[str],
        rows: Mapping[str, R],
        make: Callable[[R], QGraphicsItem],
    ) -> None:
        """The items of the records a change named: old ones go, a record still there is
        drawn anew."""
        for ident in ids:
            item = items.pop(ident, None)
            if item is not None:
                self.removeItem(item)
            record = rows.get(ident)
            if record is not None:
                item = make(record)
                self.addItem(item)
                items[ident] = item

    def _area_item(self, area: Area) -> QGraphicsItem:
        if area.kind == "fog":
            return fog_item(area, area_rect(area), self.dark, player=self.player)
        return zone_item(area, area_rect(area), self.dark)

    def _template_item(self, template: Template) -> QGraphicsItem:
        squares = area_of(template)
        grid = self.grid
        if grid is not None:  # a blast by the map's edge stops at it
            squares = frozenset(s for s in squares if grid.inside(s))
        item = QGraphicsPathItem(area_path(squares))
        grenade = template.grenade_id is not None
        colour = QColor("#e05545") if grenade else QColor("#e0a030")
        fill = QColor(colour)
        fill.setAlpha(70)
        item.setBrush(fill)
        item.setPen(QPen(colour, 2))
        item.setZValue(5)
        item.setData(0, template.id)
        text = template.label or f"{template.size_ft} ft {template.shape}"
        if self.player and grenade:
            text = "Grenade"  # R61: its thrower may be an enemy the players cannot see
        label = QGraphicsSimpleTextItem(text, item)
        label.setPos(square_rect(template.x, template.y).topLeft() + QPointF(2, -16))
        label.setBrush(colour)
        label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        return item

    # --- overlays (path preview, ruler, ranges, template ghost) ----------------------------

    def clear_overlays(self) -> None:
        """Remove the transient drawings of a tool."""
        for item in self._overlays:
            self.removeItem(item)
        self._overlays.clear()

    def add_overlay(self, item: QGraphicsItem) -> QGraphicsItem:
        """Add a transient drawing, above everything but the player's fog."""
        item.setZValue(item.zValue() or 40)
        self.addItem(item)
        self._overlays.append(item)
        return item

    # --- drawing ------------------------------------------------------------------------------

    def drawBackground(self, painter: QPainter, rect: QRectF | QRect) -> None:
        rect = QRectF(rect)
        # setBrush + drawRect rather than fillRect(rect, colour), whose overloads include
        # QGradient's presets (which the bindings would set up first, all 180 of them).
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#1b1d21") if self.dark else QColor("#c9ccd1"))
        painter.drawRect(rect)
        grid = self.grid
        if grid is None:
            return
        self.ground.draw(painter, rect, grid, self.background, self.dark, self.sceneRect())


def paper_colour(dark: bool) -> QColor:
    """The colour the map is drawn on in a picture of it, and its tools' labels sit on."""
    return QColor("#20242a") if dark else QColor("#ffffff")


def area_path(squares: frozenset[tuple[int, int]] | set[tuple[int, int]]) -> QPainterPath:
    """An outline around a set of squares."""
    path = QPainterPath()
    for x, y in squares:
        path.addRect(square_rect(x, y))
    return path.simplified()

"""The map's tools besides moving: measure, paint terrain, lay templates, throw grenades,
hide or reveal regions with fog, and mark visibility zones; their drawings while in use;
and the note that says why the map refused something, beside the square it was tried on.

:class:`ToolActions` is the part of the map view that acts; ``view.MapView`` adds the
mouse, the keys, zooming and moving tokens.
"""

from __future__ import annotations

from enum import Enum

import msgspec
from msgspec import field
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from futurepath_desktop.core import grenades
from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session import map_rules
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.state import Template, new_id
from futurepath_desktop.session.wording import without_rulings
from futurepath_desktop.ui.map.items import PLATE, TokenItem
from futurepath_desktop.ui.map.overlay import NoteItem, place_label, screen_rect
from futurepath_desktop.ui.map.scene import SQUARE, MapScene, area_path, square_rect
from futurepath_desktop.ui.undo import SessionController


class Tool(Enum):
    """What a left click on the map does."""

    MOVE = "Move"
    RULER = "Ruler"
    BRUSH = "Terrain brush"
    TEMPLATE = "Template"
    GRENADE = "Grenade"
    FOG = "Fog"
    ZONE = "Zone"


class Settings(msgspec.Struct):
    """The tools' options, set from the dock's tool row."""

    move: core_grid.MoveType = core_grid.MoveType.RUN
    brush_terrain: core_grid.Terrain | None = core_grid.Terrain.DIFFICULT
    brush_cover: int | None = None
    template_shape: str = "burst"
    template_ft: int = 10
    grenade_damage: str = "3d6"
    grenade_radius_ft: int = 10
    grenade_cooked: bool = False
    show_ranges: bool = True
    brushed: list[tuple[int, int]] = field(default_factory=list)


class ToolActions(QGraphicsView):
    """What the map's tools do, and what they draw while in use."""

    combatantClicked = Signal(str)
    hovered = Signal(str)  # a line describing the square under the mouse
    templateChosen = Signal(str)

    # Set up by MapView.__init__.
    controller: SessionController | None
    map_scene: MapScene
    tool: Tool
    settings: Settings
    selected_id: str | None
    note: NoteItem
    _trying: tuple[int, int] | None
    _anchor: tuple[int, int] | None
    _ghost: QGraphicsPathItem
    _ranges: QGraphicsPathItem
    _ruler_item: QGraphicsPathItem
    _ruler_label: QGraphicsSimpleTextItem

    # --- refusals, shown where they were tried ------------------------------------------------

    def push(self, command: Command, square: tuple[int, int]) -> bool:
        """Carry out a command tried on ``square``; a refusal is noted beside it."""
        assert self.controller is not None
        self._trying = square
        try:
            return self.controller.push(command)
        finally:
            self._trying = None

    def refuse(self, text: str, square: tuple[int, int]) -> bool:
        """Say why the map will not do something, beside the square and in the status bar."""
        assert self.controller is not None
        self._trying = square
        try:
            self.controller.failed.emit(text)
        finally:
            self._trying = None
        return False

    def _refused(self, text: str) -> None:
        if self._trying is not None:
            self.note.set_text("⚠ " + without_rulings(text))
            place_label(
                self, self.note, square_rect(*self._trying), self._token_rects(self._trying)
            )

    def clear_note(self) -> None:
        """Take the note of a refusal away (a later success, another tool, Esc)."""
        if self.note.isVisible():
            self.note.set_text("")

    def _token_rects(self, square: tuple[int, int]) -> list[QRectF]:
        """The tokens (disc and name plate) near a square, that labels keep clear of."""
        near = square_rect(*square).adjusted(-8 * SQUARE, -8 * SQUARE, 8 * SQUARE, 8 * SQUARE)
        return [
            QRectF(item.pos(), QSizeF(item.side, item.side + PLATE))
            for item in self.map_scene.items(near)
            if isinstance(item, TokenItem)
        ]

    def _label_at(self, label: QGraphicsItem, square: tuple[int, int]) -> None:
        avoid = self._token_rects(square)
        if self.note.isVisible():
            avoid.append(self.mapToScene(screen_rect(self, self.note).toRect()).boundingRect())
        place_label(self, label, square_rect(*square), avoid)

    # --- the other tools -----------------------------------------------------------------------

    def paint(self, squares: list[tuple[int, int]]) -> bool:
        """Paint what the brush touched in one undoable stroke."""
        from futurepath_desktop.session.commands import PaintTerrain

        assert self.controller is not None
        grid = self.controller.session.map
        self.settings.brushed.clear()
        self._ghost.setVisible(False)
        inside = tuple(s for s in squares if grid is not None and grid.inside(s))
        if not inside:
            return False
        command = PaintTerrain(
            inside, terrain=self.settings.brush_terrain, cover=self.settings.brush_cover
        )
        return self.push(command, inside[-1])

    def template_for(self, anchor: tuple[int, int], towards: tuple[int, int]) -> Template:
        """The template the tool would lay: a burst on the anchor, or a cone or line from
        it in the direction of the mouse."""
        dx, dy = towards[0] - anchor[0], towards[1] - anchor[1]
        step = ((dx > 0) - (dx < 0), (dy > 0) - (dy < 0)) if (dx, dy) != (0, 0) else (1, 0)
        shape = self.settings.template_shape
        return Template(
            new_id("tpl"),
            "burst" if shape == "burst" else "cone" if shape == "cone" else "line",
            anchor[0],
            anchor[1],
            self.settings.template_ft,
            step[0],
            step[1],
        )

    def place_template(self, anchor: tuple[int, int], towards: tuple[int, int]) -> bool:
        """Lay the template and offer who is inside."""
        from futurepath_desktop.session.commands import PlaceTemplate

        assert self.controller is not None
        self._anchor = None
        self._ghost.setVisible(False)
        template = self.template_for(anchor, towards)
        if self.push(PlaceTemplate(template), anchor):
            self.templateChosen.emit(template.id)
            return True
        return False

    def thrower(self) -> str | None:
        """Who throws: the selected combatant, or else the first standing member of the
        acting team with a token on the map."""
        if self.selected_id is not None or self.controller is None:
            return self.selected_id
        session = self.controller.session
        team, grid = session.combat.acting_team, session.map
        if team is None or grid is None:
            return None
        vitality = session.options.vitality
        return next(
            (
                m.id
                for m in session.members(team)
                if m.id in session.tokens and not m.is_down(vitality)
            ),
            None,
        )

    def throw_at(self, square: tuple[int, int]) -> bool:
        """Throw a grenade at a square, a token's or not (R38), from the thrower's token."""
        from futurepath_desktop.session.commands import ThrowGrenade

        assert self.controller is not None
        thrower = self.thrower()
        if thrower is None:
            return self.refuse(
                "Select the thrower first (Ctrl+click its token), then click the target", square
            )
        token = self.controller.session.tokens.get(thrower)
        if token is not None and token.square == square:
            name = self.controller.session.combatants[thrower].name
            return self.refuse(f"{name} throws: click the target square, not {name}", square)
        settings = self.settings
        command = ThrowGrenade(
            thrower,
            *square,
            damage=settings.grenade_damage,
            radius_ft=settings.grenade_radius_ft,
            cooked=settings.grenade_cooked,
        )
        return self.push(command, square)

    def _area_drop(
        self, kind: str, anchor: tuple[int, int], corner: tuple[int, int]
    ) -> tuple[bool, tuple[int, int, int, int] | None]:
        """End a rectangle drag of a ``fog`` or ``zone`` area: a click inside an area removes it
        (returns whether it did, and no rectangle); a drag gives the rectangle x, y, w, h."""
        from futurepath_desktop.session.commands import RemoveArea

        assert self.controller is not None
        self._anchor = None
        self._ghost.setVisible(False)
        grid = self.controller.session.map
        if grid is None:
            return False, None
        if anchor == corner:
            areas = self.controller.session.areas.values()
            hit = next((a for a in areas if a.kind == kind and a.contains(anchor)), None)
            if hit is not None:
                return self.push(RemoveArea(hit.id), anchor), None
        x0, x1 = sorted((anchor[0], corner[0]))
        y0, y1 = sorted((anchor[1], corner[1]))
        return False, (x0, y0, x1 - x0 + 1, y1 - y0 + 1)

    def fog(self, anchor: tuple[int, int], corner: tuple[int, int]) -> bool:
        """Drag: hide a rectangle from the players. Click inside fog: reveal it."""
        from futurepath_desktop.session.commands import AddArea
        from futurepath_desktop.session.state import Area

        removed, rect = self._area_drop("fog", anchor, corner)
        if rect is None or self.controller is None:
            return removed
        return self.push(AddArea(Area(new_id("fog"), "fog", *rect)), anchor)

    def zone(
        self,
        anchor: tuple[int, int],
        corner: tuple[int, int],
        visibility: int | None = None,
        name: str | None = None,
    ) -> bool:
        """Drag: a visibility zone (R31), its name and level asked for (a fresh "Zone N"
        by default). Click inside one: remove it."""
        from futurepath_desktop.session.commands import AddArea
        from futurepath_desktop.session.state import Area
        from futurepath_desktop.ui.map.zone_dialog import ZoneDialog, default_zone_name

        removed, rect = self._area_drop("zone", anchor, corner)
        if rect is None or self.controller is None:
            return removed
        default = default_zone_name(z.name for z in self.controller.session.zones())
        if visibility is None:
            dialog = ZoneDialog(default, self)
            if not dialog.exec():
                return False
            name, visibility = dialog.chosen()
        area = Area(new_id("zone"), "zone", *rect, visibility=visibility, name=name or default)
        return self.push(AddArea(area), anchor)

    # --- drawing the tools' ghosts ---------------------------------------------------------------

    def _show_ruler(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        half = SQUARE / 2
        path = QPainterPath(QPointF(a[0] * SQUARE + half, a[1] * SQUARE + half))
        path.lineTo(b[0] * SQUARE + half, b[1] * SQUARE + half)
        self._ruler_item.setPen(QPen(QColor("#4aa8ff"), 3))
        self._ruler_item.setPath(path)
        self._ruler_item.setVisible(True)
        feet = core_grid.distance_ft(a, b)
        self._ruler_label.setText(f"{feet} ft ({feet // core_grid.SQUARE_FT} squares)")
        self._ruler_label.setBrush(QColor("#4aa8ff"))
        self._ruler_label.setVisible(True)
        self._label_at(self._ruler_label, b)

    def _show_brush(self) -> None:
        self._ghost.setPath(area_path(set(self.settings.brushed)))
        self._ghost.setBrush(QColor(224, 160, 48, 110))
        self._ghost.setPen(QPen(QColor("#e0a030"), 1))
        self._ghost.setVisible(True)

    def _show_template(self, anchor: tuple[int, int], towards: tuple[int, int]) -> None:
        area = map_rules.area_of(self.template_for(anchor, towards))
        self._ghost.setPath(area_path(area))
        self._ghost.setBrush(QColor(224, 160, 48, 90))
        self._ghost.setPen(QPen(QColor("#e0a030"), 2))
        self._ghost.setVisible(True)
        if self.controller is not None:
            template = self.template_for(anchor, towards)
            names = [
                self.controller.session.combatants[i].name
                for i in map_rules.inside_template(self.controller.session, template)
            ]
            self.hovered.emit("Inside: " + (", ".join(names) or "nobody"))

    def _show_rect(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        rect = square_rect(*a).united(square_rect(*b))
        path = QPainterPath()
        path.addRect(rect)
        self._ghost.setPath(path)
        self._ghost.setBrush(QColor(20, 24, 30, 80))
        self._ghost.setPen(QPen(QColor("#30343a"), 1, Qt.PenStyle.DashLine))
        self._ghost.setVisible(True)

    def show_ranges(self) -> None:
        """R37/R19/R38: the selected combatant's threat range, its ranged weapon's range
        increments, and (with the grenade tool) its maximum throw."""
        self._ranges.setVisible(False)
        if self.controller is None or self.selected_id is None or not self.settings.show_ranges:
            return
        if self.tool not in (Tool.RULER, Tool.GRENADE):
            return
        session = self.controller.session
        grid = session.map
        combatant = session.combatants.get(self.selected_id)
        if grid is None or combatant is None or combatant.id not in session.tokens:
            return
        x, y = session.tokens[combatant.id].square
        path = QPainterPath()

        def ring(feet: int) -> None:
            n = feet // core_grid.SQUARE_FT
            path.addRect(
                QRectF(
                    (x - n) * SQUARE, (y - n) * SQUARE, (2 * n + 1) * SQUARE, (2 * n + 1) * SQUARE
                )
            )

        melee = next((w for w in combatant.weapons if not w.ranged), None)
        ring(core_grid.threat_range_ft(melee.reach if melee else 0))
        ranged = next((w for w in combatant.weapons if w.ranged and w.range_increment_ft), None)
        if self.tool is Tool.GRENADE:
            abilities = combatant.abilities
            ring(grenades.max_throw_ft(abilities.mod("strength"), abilities.mod("dexterity")))
        elif ranged is not None:
            for k in range(1, 4):
                ring(k * ranged.range_increment_ft)
        whole = QPainterPath()
        whole.addRect(self.map_scene.sceneRect())
        self._ranges.setPath(path.intersected(whole))
        self._ranges.setPen(QPen(QColor(74, 168, 255, 110), 1.5, Qt.PenStyle.DashLine))
        self._ranges.setBrush(Qt.BrushStyle.NoBrush)
        self._ranges.setVisible(True)

    def describe(self, square: tuple[int, int]) -> str:
        """The status line for the square under the mouse."""
        if self.controller is None:
            return ""
        session = self.controller.session
        grid = session.map
        if grid is None or not grid.inside(square):
            return ""
        terrain = ("normal", "difficult", "half-square", "wall")[grid.terrain_at(square)]
        cover = ("", ", partial cover", ", heavy cover", ", full cover")[grid.cover_at(square)]
        seen = ("", ", poor visibility", ", terrible visibility", ", no vision")[
            session.visibility_at(square)
        ]
        fog = ", fogged" if session.fogged(square) else ""
        return f"{map_rules.square_name(square)}: {terrain}{cover}{seen}{fog}"

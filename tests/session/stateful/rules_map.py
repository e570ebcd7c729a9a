"""The rules of the grid map (R31-R38): its size and background, tokens placed, moved and
removed, terrain and cover painted, zones and fog, templates, grenades thrown and set off."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import rule

from futurepath_desktop.core.grid import MoveType, Terrain
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.state import Area, Template
from tests.session.stateful.machine import Machine, Square, draws

sides = st.sampled_from([0, 1, 3, 12, 18, 28, 30, 45, 1001])
backgrounds = st.sampled_from(
    [None, "bay.png", "maps\\cargo bay.jpg", " deck.png ", "", "/etc/map.png", "x" * 1001]
)
opacities = st.sampled_from([0.0, 0.35, 0.6, 1.0, -0.1, 1.5])
move_types = st.sampled_from(list(MoveType))
damages = st.sampled_from(["3d6", "2d6+1", "1d4", "0", "x", "1000000d6"])
radii = st.sampled_from([0, 5, 10, 15, 7, 205])
shapes = st.sampled_from(["burst", "cone", "line"])
sizes_ft = st.sampled_from([0, 5, 10, 15, 30, 60, -5, 1001])
directions = st.integers(-2, 2)


class MapRules(Machine):
    """The map's commands, with squares on it, near a token and off it."""

    def token_square(self, data: Any) -> tuple[str, Square | None]:
        """A combatant (most often one with a token) and the square its token stands on."""
        ident = self.pick(data, list(self.session.tokens) or self.combatant_ids())
        token = self.session.tokens.get(ident)
        return ident, token.square if token is not None else None

    @rule(width=sides, height=sides)
    @draws(c.SetMapSize)
    def set_map_size(self, width: int, height: int) -> None:
        self.push(c.SetMapSize(width, height))

    @rule(path=backgrounds, opacity=opacities)
    @draws(c.SetMapBackground)
    def set_background(self, path: str | None, opacity: float) -> None:
        self.push(c.SetMapBackground(path, opacity))

    @rule(data=st.data(), path=backgrounds)
    @draws(c.SetPortrait)
    def set_portrait(self, data: Any, path: str | None) -> None:
        # The same paths as the background's: a portrait is kept beside the session too.
        self.push(c.SetPortrait(self.pick(data, self.combatant_ids()), path))

    @rule(data=st.data(), size=st.integers(0, 7))
    @draws(c.PlaceToken)
    def place_token(self, data: Any, size: int) -> None:
        ident = self.pick(data, self.combatant_ids())
        x, y = self.square(data)
        self.push(c.PlaceToken(ident, x, y, size if data.draw(st.integers(0, 3)) == 0 else 1))

    @rule(data=st.data(), move=move_types, override=st.booleans())
    @draws(c.MoveToken)
    def move_token(self, data: Any, move: MoveType, override: bool) -> None:
        ident, at = self.token_square(data)
        x, y = self.square(data, at)
        self.push(c.MoveToken(ident, x, y, move=move, override=override))

    @rule(data=st.data())
    @draws(c.RemoveToken)
    def remove_token(self, data: Any) -> None:
        if data.draw(st.integers(0, 2)) == 0:  # rarely: tokens are what the map is for
            self.push(c.RemoveToken(self.token_square(data)[0]))

    @rule(
        data=st.data(),
        brush=st.sampled_from(["terrain", "cover", "both", "neither"]),
        terrain=st.sampled_from(list(Terrain)),
        cover=st.integers(-1, 4),
    )
    @draws(c.PaintTerrain)
    def paint(self, data: Any, brush: str, terrain: Terrain, cover: int) -> None:
        start = self.square(data)
        count = data.draw(st.integers(0, 5))
        squares = tuple(self.square(data, start) for _ in range(count))
        self.push(
            c.PaintTerrain(
                squares,
                terrain=terrain if brush in ("terrain", "both") else None,
                cover=cover if brush in ("cover", "both") else None,
            )
        )

    @rule(
        data=st.data(),
        kind=st.sampled_from(["zone", "fog"]),
        width=st.integers(0, 8),
        height=st.integers(1, 6),
        visibility=st.integers(0, 4),
        again=st.booleans(),
    )
    @draws(c.AddArea)
    def add_area(
        self, data: Any, kind: str, width: int, height: int, visibility: int, again: bool
    ) -> None:
        ident = self.pick(data, list(self.session.areas)) if again else self.fresh("area")
        if ident == "missing":
            ident = self.fresh("area")
        x, y = self.square(data)
        name = data.draw(st.sampled_from(["", "Smoke", "Dark corner", "n" * 121]))
        area = Area(ident, kind, x, y, width, height, visibility=visibility, name=name)  # type: ignore[arg-type]
        self.push(c.AddArea(area))

    @rule(data=st.data())
    @draws(c.RemoveArea)
    def remove_area(self, data: Any) -> None:
        self.push(c.RemoveArea(self.pick(data, list(self.session.areas))))

    @rule(
        data=st.data(),
        shape=shapes,
        size_ft=sizes_ft,
        dx=directions,
        dy=directions,
        blast=st.integers(0, 9),
    )
    @draws(c.PlaceTemplate)
    def place_template(
        self, data: Any, shape: str, size_ft: int, dx: int, dy: int, blast: int
    ) -> None:
        templates = list(self.session.templates)
        ident = self.fresh("tpl") if not templates or data.draw(st.integers(0, 5)) else templates[0]
        # Now and then a template that says it is a grenade's blast (one that is there, or not).
        grenade = self.pick(data, list(self.session.grenades)) if blast == 0 else None
        x, y = self.square(data)
        template = Template(ident, shape, x, y, size_ft, dx, dy, "Blast", grenade)  # type: ignore[arg-type]
        self.push(c.PlaceTemplate(template))

    @rule(data=st.data())
    @draws(c.RemoveTemplate)
    def remove_template(self, data: Any) -> None:
        self.push(c.RemoveTemplate(self.pick(data, list(self.session.templates))))

    @rule(
        data=st.data(),
        damage=damages,
        radius=radii,
        cooked=st.booleans(),
        cook_misc=st.integers(-2, 3),
    )
    @draws(c.ThrowGrenade)
    def throw_grenade(
        self, data: Any, damage: str, radius: int, cooked: bool, cook_misc: int
    ) -> None:
        thrower, at = self.token_square(data)
        # Most often at someone standing on the map, else at a square near the thrower.
        target = self.pick(data, list(self.session.tokens))
        x, y = (
            self.session.tokens[target].square
            if target in self.session.tokens and data.draw(st.booleans())
            else self.square(data, at)
        )
        self.push(c.ThrowGrenade(thrower, x, y, damage, radius, cooked, cook_misc))

    @rule(data=st.data())
    @draws(c.Detonate)
    def detonate(self, data: Any) -> None:
        self.push(c.Detonate(self.pick(data, list(self.session.grenades))))

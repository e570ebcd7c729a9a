"""The grid map's records (R34-R38): its settings and terrain, and the tokens, areas,
templates and waiting grenades that stand on it.

No ``from __future__ import annotations`` here: msgspec reads these annotations to build
the session decoder at every start, and real objects spare it evaluating strings.
"""

from typing import Annotated, Literal

from msgspec import Meta, Struct

from futurepath_desktop.session.records.kinds import Coord, Id

TERRAIN_CODES = ".dh#"
"""A map's terrain row, one character per square (R36): normal, difficult, half-square
(a wall through it), wall. The index of a character is its :class:`core.grid.Terrain`."""
COVER_CODES = ".phf"
"""A map's cover row, one character per square (R32): none, partial, heavy, full. The index
of a character is its :class:`core.environment.Cover`."""
TerrainRow = Annotated[str, Meta(max_length=1000, pattern=r"^[.dh#]*$")]
CoverRow = Annotated[str, Meta(max_length=1000, pattern=r"^[.phf]*$")]


class Token(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A combatant on the map: the top-left square it stands on, its size in squares, and
    how far it has moved in its team's current turn (cleared when the turn starts, R50)."""

    combatant_id: Id
    x: Coord
    y: Coord
    size: Annotated[int, Meta(ge=1, le=6)] = 1
    moved_ft: Annotated[int, Meta(ge=0, le=100_000)] = 0

    @property
    def square(self) -> tuple[int, int]:
        """The square the token stands on (its top-left one when larger)."""
        return (self.x, self.y)


class Area(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A rectangle of squares: a visibility zone (R31) or a fog region hidden from players."""

    id: Id
    kind: Literal["zone", "fog"]
    x: Coord
    y: Coord
    width: Annotated[int, Meta(ge=1, le=1000)]
    height: Annotated[int, Meta(ge=1, le=1000)]
    visibility: Annotated[int, Meta(ge=0, le=3)] = 0
    name: Annotated[str, Meta(max_length=120)] = ""

    def contains(self, square: tuple[int, int]) -> bool:
        """Whether a square lies inside the rectangle."""
        return (
            self.x <= square[0] < self.x + self.width and self.y <= square[1] < self.y + self.height
        )


class Template(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """An area template on the map: a burst around a square, or a cone or line from it."""

    id: Id
    shape: Literal["burst", "cone", "line"]
    x: Coord
    y: Coord
    size_ft: Annotated[int, Meta(ge=0, le=1000)]
    dx: Annotated[int, Meta(ge=-1, le=1)] = 1
    dy: Annotated[int, Meta(ge=-1, le=1)] = 0
    label: Annotated[str, Meta(max_length=120)] = ""
    grenade_id: Id | None = None
    """The waiting grenade whose blast this template shows (it goes when the grenade does)."""
    condition_id: Id | None = None
    """R39: the counter of the power this area shows (it goes when the counter ends)."""


GRENADE_CONDITION = "custom:grenade"
"""The key of the condition a thrown grenade shows as, on its anchor (R38)."""


class Grenade(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """R38 (amended): a thrown grenade, timed to its targets. ``teams`` are the teams with a
    member inside the blast where it landed (the thrower's, if nobody was inside); it
    explodes at the end (cooked: the start) of the next turn of one of them after the
    throw. ``due_team`` is that team once its turn has started. It shows as a counter on
    ``anchor_id``, the first combatant inside (or the thrower)."""

    id: Id
    thrower_id: Id | None
    anchor_id: Id
    condition_id: Id
    x: Coord
    y: Coord
    radius_ft: Annotated[int, Meta(ge=0, le=200)]
    damage: Annotated[str, Meta(min_length=1, max_length=80)]
    timing: Literal["start", "end"] = "end"
    teams: tuple[Id, ...] = ()
    due_team: Id | None = None


class MapState(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """The grid map's settings (R34-R36): its size, terrain and cover per square, and an
    optional background image stored relative to the session file. What stands on the map
    (tokens, areas, templates, grenades) is kept in tables of its own.

    ``terrain`` and ``cover`` are either empty (all normal, no cover) or one row per line
    of squares, one character per square (see :data:`TERRAIN_CODES`, :data:`COVER_CODES`).
    """

    width: Annotated[int, Meta(ge=1, le=1000)] = 30
    height: Annotated[int, Meta(ge=1, le=1000)] = 20
    terrain: tuple[TerrainRow, ...] = ()
    cover: tuple[CoverRow, ...] = ()
    background: Annotated[str, Meta(max_length=1000)] | None = None
    background_opacity: Annotated[float, Meta(ge=0.0, le=1.0)] = 0.6

    def terrain_at(self, square: tuple[int, int]) -> int:
        """The terrain code index of a square (0 = normal)."""
        if not self.terrain:
            return 0
        return TERRAIN_CODES.index(self.terrain[square[1]][square[0]])

    def cover_at(self, square: tuple[int, int]) -> int:
        """The cover marker of a square (0 = none, 3 = full)."""
        if not self.cover:
            return 0
        return COVER_CODES.index(self.cover[square[1]][square[0]])

    def inside(self, square: tuple[int, int]) -> bool:
        """Whether a square is on the map."""
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

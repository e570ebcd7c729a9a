"""Commands on the grid map (R34-R37): size, background, tokens and movement, terrain and
cover, zones and fog, and templates (grenades are `commands.grenades`). Each is undoable."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.commands.health import AddCondition
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.guard import plain_problem
from futurepath_desktop.session.map_rules import (
    area_of,
    grid_for,
    inside_template,
    remaining_ft,
    square_name,
)
from futurepath_desktop.session.moving import (
    OVERRIDE_HINT,
    move_action,
    movement_refusal,
    speed_now,
    spend_move,
    sprint_check,
)
from futurepath_desktop.session.state import (
    COVER_CODES,
    TERRAIN_CODES,
    Area,
    MapState,
    Session,
    Template,
    Token,
)

Square = tuple[int, int]
MAX_SIDE = 1000


def require_map(session: Session) -> MapState:
    if session.map is None:
        raise CommandError(
            "this session has no map yet; create one first (Setup ▸ Map size… in the Map panel)"
        )
    return session.map


R = TypeVar("R", Area, Template)


def checked(record: R) -> R:
    """A record as given to a command, checked against the file format's limits (so that
    nothing a command accepts makes a file that will not reopen)."""
    try:
        return msgspec.convert(msgspec.to_builtins(record), type(record))
    except msgspec.ValidationError as error:
        raise CommandError(f"the {type(record).__name__.lower()}: {plain_problem(error)}") from None


def check_square(grid: MapState, square: Square, what: str = "the square") -> None:
    if not grid.inside(square):
        # Left of or above the map a square has no letters and row (and square_name never
        # ends for a column left of the first but one): it is named by its coordinates.
        where = square_name(square) if min(square) >= 0 else f"({square[0]}, {square[1]})"
        raise CommandError(f"{what} {where} is off the {grid.width}×{grid.height} map")


class SetMapSize(msgspec.Struct, frozen=True):
    """Create the map, or resize it (terrain and cover are cut or padded; tokens must fit)."""

    width: int
    height: int

    def perform(self, session: Session, edit: Edit) -> str:
        if not (1 <= self.width <= MAX_SIDE and 1 <= self.height <= MAX_SIDE):
            raise CommandError(f"a map is 1 to {MAX_SIDE} squares on a side")
        old = session.map
        if old is None:
            edit.set_map(MapState(width=self.width, height=self.height))
            edit.log("map", f"New map of {self.width}×{self.height} squares")
            return "New map"
        for ident, token in session.tokens.items():
            if token.x + token.size > self.width or token.y + token.size > self.height:
                who = session.combatants[ident].name
                raise CommandError(
                    f"{who} stands at {square_name(token.square)}, outside a "
                    f"{self.width}×{self.height} map; move or remove the token first"
                )

        def fit(rows: tuple[str, ...]) -> tuple[str, ...]:
            if not rows:
                return ()
            cut = [row[: self.width].ljust(self.width, ".") for row in rows[: self.height]]
            return tuple(cut + ["." * self.width] * (self.height - len(cut)))

        edit.set_map(
            replace(
                old,
                width=self.width,
                height=self.height,
                terrain=fit(old.terrain),
                cover=fit(old.cover),
            )
        )
        edit.log("map", f"Map resized to {self.width}×{self.height} squares")
        return "Resize map"


class SetMapBackground(msgspec.Struct, frozen=True):
    """Lay an image under the grid (its path relative to the session file), or take it off
    (``path`` None). A missing image is the panel's warning, never a load failure."""

    path: str | None
    opacity: float = 0.6

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        if not 0.0 <= self.opacity <= 1.0:
            raise CommandError("the background's opacity is 0 to 1")
        path = self.path.strip().replace("\\", "/") if self.path else None
        if path is not None and (not path or len(path) > 1000 or path.startswith("/")):
            raise CommandError("the background image is kept as a path relative to the session")
        edit.set_map(replace(grid, background=path, background_opacity=self.opacity))
        edit.log("map", f"Map background: {path}" if path else "Map background removed")
        return "Map background"


class PlaceToken(msgspec.Struct, frozen=True):
    """Put a combatant's token on a square (or move it there without the movement rules)."""

    combatant_id: str
    x: int
    y: int
    size: int = 1

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        who = session.combatant(self.combatant_id)
        if not 1 <= self.size <= 6:
            raise CommandError("a token is 1 to 6 squares on a side")
        check_square(grid, (self.x + self.size - 1, self.y + self.size - 1))
        check_square(grid, (self.x, self.y))
        old = session.tokens.get(who.id)
        moved = old.moved_ft if old is not None else 0
        edit.put("tokens", Token(who.id, self.x, self.y, self.size, moved_ft=moved))
        edit.log("map", f"{who.name} placed at {square_name((self.x, self.y))}")
        return f"Place {who.name}"


class RemoveToken(msgspec.Struct, frozen=True):
    """Take a combatant's token off the map."""

    combatant_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        require_map(session)
        who = session.combatant(self.combatant_id)
        if who.id not in session.tokens:
            raise CommandError(f"{who.name} has no token on the map")
        edit.remove("tokens", who.id)
        edit.log("map", f"{who.name} taken off the map")
        return f"Remove {who.name} from the map"


class MoveToken(msgspec.Struct, frozen=True):
    """Move a token to a square by the path the rules choose (R34-R36).

    In combat the move is part of the mover's turn and spends an action (R50): only the
    acting team moves, conditions stop or slow it, and the cost counts against the action's
    budget (R35). A Sprint whose path enters difficult ground rolls the Acrobatics check of
    R36/R51 (d20 + ``acrobatics``, the mover's DEX modifier when None, against DC 15 +
    ``dc_misc``). ``override`` lets the GM move anyone anywhere (an Overrun, a shove, a
    correction), logged as such.
    """

    combatant_id: str
    x: int
    y: int
    move: core_grid.MoveType = core_grid.MoveType.RUN
    override: bool = False
    acrobatics: int | None = None
    dc_misc: int = 0

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        who = session.combatant(self.combatant_id)
        token = session.tokens.get(who.id)
        if token is None:
            raise CommandError(f"{who.name} has no token on the map; place it first")
        goal = (self.x, self.y)
        check_square(grid, goal)
        # A larger token must fit on the map from its new top-left square.
        check_square(grid, (goal[0] + token.size - 1, goal[1] + token.size - 1))
        start = token.square
        if goal == start:
            raise CommandError(f"{who.name} is already at {square_name(goal)}")
        refusal = movement_refusal(session, who)
        if self.override:
            edit.put("tokens", replace(token, x=goal[0], y=goal[1]))
            why = f": {refusal}" if refusal else ""
            edit.log(
                "move",
                f"{who.name} moved by the GM from {square_name(start)} to {square_name(goal)} "
                f"(rules overridden{why})",
            )
            return f"Move {who.name}"
        if refusal is not None:
            raise CommandError(f"{refusal}; {OVERRIDE_HINT}")
        mover_grid = grid_for(session, who.id)
        if mover_grid.enter_cost(goal) is None:
            raise CommandError(
                f"{who.name} cannot enter {square_name(goal)}: a wall, or an enemy standing "
                f"there (R36); {OVERRIDE_HINT}"
            )
        action = None
        if session.combat.active:
            speed, _ = speed_now(session, who)
            budget = core_grid.move_budget_ft(speed, core_grid.MoveType.SPRINT)
            left = max(0, budget - token.moved_ft)
        else:
            left = remaining_ft(session, who.id, self.move)
            budget = core_grid.move_budget_ft(who.speed_ft, self.move)
        path = core_grid.find_path(mover_grid, start, goal, limit_ft=max(4 * budget, left))
        if path is None:
            raise CommandError(
                f"{who.name} cannot reach {square_name(goal)}: walls or enemies block every "
                f"way within reach (R36); {OVERRIDE_HINT}"
            )
        if session.combat.active:
            action = move_action(session, who, self.move, token.moved_ft + path.cost_ft)
            left = max(0, action.budget_ft - token.moved_ft)
        if path.cost_ft > left:
            how = action.name if action is not None else self.move.value
            raise CommandError(
                f"{who.name} needs {path.cost_ft} ft to reach {square_name(goal)} but has "
                f"{left} ft left this turn ({how}, R35); {OVERRIDE_HINT}"
            )
        if action is not None and action.declare:
            spend_move(session, edit, who, action.name, action.replaces)
        spent, fell = path.cost_ft, False
        if action is not None and action.name == "Sprint":
            spent, goal, fell = sprint_check(
                session, edit, who, path, mover_grid, self.acrobatics, self.dc_misc
            )
        steps = path.squares.index(goal)  # short of the end after a fall (R51)
        moved = token.moved_ft + spent
        edit.put("tokens", replace(token, x=goal[0], y=goal[1], moved_ft=moved))
        how = f"{action.name}, R50" if action is not None else self.move.value
        edit.log(
            "move",
            f"{who.name} moves {spent} ft ({steps} square{'' if steps == 1 else 's'}) from "
            f"{square_name(start)} to {square_name(goal)}; {max(0, left - spent)} ft left ({how})",
        )
        if fell:
            AddCondition((who.id,), "prone", source="a failed Acrobatics check").perform(
                session, edit
            )
        return f"Move {who.name} {spent} ft"


def _paint(
    rows: tuple[str, ...], grid: MapState, squares: Iterable[Square], code: str
) -> tuple[str, ...]:
    table = [list(row) for row in rows] or [["."] * grid.width for _ in range(grid.height)]
    for x, y in squares:
        table[y][x] = code
    return tuple("".join(row) for row in table)


class PaintTerrain(msgspec.Struct, frozen=True):
    """Paint terrain (R36) or cover markers (R32) on squares: one brush stroke, one undo."""

    squares: tuple[Square, ...]
    terrain: core_grid.Terrain | None = None
    cover: int | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        if (self.terrain is None) == (self.cover is None):
            raise CommandError("a brush paints either terrain or cover")
        if not self.squares:
            raise CommandError("the brush touched no square")
        for square in self.squares:
            check_square(grid, square)
        if self.terrain is not None:
            code = TERRAIN_CODES[self.terrain]
            edit.set_map(replace(grid, terrain=_paint(grid.terrain, grid, self.squares, code)))
            what = self.terrain.name.lower().replace("_", "-")
        else:
            if self.cover is None or self.cover not in range(len(COVER_CODES)):
                raise CommandError("cover is 0 (none) to 3 (full)")
            code = COVER_CODES[self.cover]
            edit.set_map(replace(grid, cover=_paint(grid.cover, grid, self.squares, code)))
            what = ("no", "partial", "heavy", "full")[self.cover] + " cover"
        count = len(set(self.squares))
        edit.log("map", f"Painted {what} on {count} square{'s' if count != 1 else ''}")
        return f"Paint {what}"


class AddArea(msgspec.Struct, frozen=True):
    """Add a visibility zone (R31) or a fog region (hidden from the player view), or put
    one back with the same id in place of the old."""

    area: Area

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        area = checked(self.area)
        check_square(grid, (area.x, area.y))
        check_square(grid, (area.x + area.width - 1, area.y + area.height - 1))
        edit.put("areas", area)
        name = area.name or ""
        named = name if name.lower().startswith("zone") else f"Zone {name}".strip()
        what = "Fog" if area.kind == "fog" else named  # "Zone 2", not "Zone Zone 2"
        edit.log("map", f"{what} over {area.width}×{area.height} squares")
        return f"Add {what.lower()}"


class RemoveArea(msgspec.Struct, frozen=True):
    """Remove a zone or a fog region (revealing it to the players)."""

    area_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        require_map(session)
        area = session.areas.get(self.area_id)
        if area is None:
            raise CommandError(f"there is no zone or fog area {self.area_id!r} on the map")
        edit.remove("areas", area.id)
        fog = area.kind == "fog"
        edit.log("map", "Fog lifted" if fog else "Zone removed")
        return "Reveal" if fog else "Remove zone"


class PlaceTemplate(msgspec.Struct, frozen=True):
    """Lay an area template on the map and name who is inside it."""

    template: Template

    def perform(self, session: Session, edit: Edit) -> str:
        grid = require_map(session)
        checked(self.template)
        blast_of = self.template.grenade_id
        if blast_of is not None and blast_of not in session.grenades:
            raise CommandError(f"there is no grenade {blast_of!r} waiting on the map")
        check_square(grid, (self.template.x, self.template.y), "the template's origin")
        try:
            area = area_of(self.template)
        except FuturePathError as error:
            raise CommandError(str(error)) from None
        del area
        inside = inside_template(session, self.template)
        names = ", ".join(session.combatants[i].name for i in inside) or "nobody"
        if self.template.id in session.templates:
            raise CommandError(f"a template {self.template.id!r} is on the map already")
        edit.put("templates", self.template)
        label = self.template.label or f"{self.template.size_ft} ft {self.template.shape}"
        edit.log("map", f"{label} at {square_name((self.template.x, self.template.y))}: {names}")
        return f"Place {label}"


class RemoveTemplate(msgspec.Struct, frozen=True):
    """Take a template off the map."""

    template_id: str

    def perform(self, session: Session, edit: Edit) -> str:
        require_map(session)
        if self.template_id not in session.templates:
            raise CommandError(f"there is no template {self.template_id!r} on the map")
        edit.remove("templates", self.template_id)
        edit.log("map", "Template removed")
        return "Remove template"

"""Operations on the map: tokens, terrain and cover, fog and zones, templates, grenades,
the map's size and its background.

Each builds its command, pushes it through the controller and returns whether it went
through; a refusal reaches the window (and the map's note beside the square tried) through
the controller's ``failed`` signal. The map's tools are made at start-up, so the commands
are imported when an operation is first called, not with this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.session.state import Area, Template, new_id
from futurepath_desktop.ui.undo import SessionController

Square = tuple[int, int]


def place_token(controller: SessionController, combatant_id: str, square: Square) -> bool:
    """Put a combatant's token on a square."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.PlaceToken(combatant_id, *square))


def move_token(
    controller: SessionController,
    combatant_id: str,
    square: Square,
    move: core_grid.MoveType = core_grid.MoveType.RUN,
    *,
    override: bool = False,
    acrobatics: int | None = None,
) -> bool:
    """Move a token by the rules (R34-R36, R50), or past them with ``override``; a Sprint
    across difficult ground rolls Acrobatics with ``acrobatics`` (R51)."""
    from futurepath_desktop.session import commands as c

    return controller.push(
        c.MoveToken(combatant_id, *square, move=move, override=override, acrobatics=acrobatics)
    )


def remove_token(controller: SessionController, combatant_id: str) -> bool:
    """Take a combatant's token off the map."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.RemoveToken(combatant_id))


def paint(
    controller: SessionController,
    squares: Sequence[Square],
    terrain: core_grid.Terrain | None = None,
    cover: int | None = None,
) -> bool:
    """Paint terrain or cover on these squares, as one undoable stroke."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.PaintTerrain(tuple(squares), terrain=terrain, cover=cover))


def add_fog(controller: SessionController, x: int, y: int, width: int, height: int) -> bool:
    """Hide a rectangle of squares from the players."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.AddArea(Area(new_id("fog"), "fog", x, y, width, height)))


def add_zone(
    controller: SessionController,
    rect: tuple[int, int, int, int],
    visibility: int,
    name: str,
) -> bool:
    """Mark a rectangle (x, y, width, height) as a zone of poor, terrible or no visibility
    (R31)."""
    from futurepath_desktop.session import commands as c

    area = Area(new_id("zone"), "zone", *rect, visibility=visibility, name=name)
    return controller.push(c.AddArea(area))


def remove_area(controller: SessionController, area_id: str) -> bool:
    """Remove a fogged region (revealing it) or a visibility zone."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.RemoveArea(area_id))


def place_template(controller: SessionController, template: Template) -> bool:
    """Lay a burst, cone or line template on the map."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.PlaceTemplate(template))


def remove_template(controller: SessionController, template_id: str) -> bool:
    """Take a template off the map."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.RemoveTemplate(template_id))


def throw_grenade(
    controller: SessionController,
    thrower_id: str,
    square: Square,
    damage: str = "3d6",
    radius_ft: int = 10,
    *,
    cooked: bool = False,
) -> bool:
    """Throw a grenade at a square (R38); it scatters and its counter starts."""
    from futurepath_desktop.session import commands as c

    command = c.ThrowGrenade(thrower_id, *square, damage=damage, radius_ft=radius_ft, cooked=cooked)
    return controller.push(command)


def detonate_grenade(controller: SessionController, grenade_id: str) -> bool:
    """Set a thrown grenade off now."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.Detonate(grenade_id))


def damage_inside(
    controller: SessionController, ids: Sequence[str], amount: int, source: str = "area"
) -> bool:
    """Damage everyone inside a template by ``amount``, as one step."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.Damage(tuple(ids), amount, source))


def set_map_size(controller: SessionController, width: int, height: int) -> bool:
    """Create the map, or change its size, in squares."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.SetMapSize(width, height))


def set_background(controller: SessionController, path: str | None) -> bool:
    """Lay an image under the grid (a path relative to the session file), or take it off."""
    from futurepath_desktop.session import commands as c

    return controller.push(c.SetMapBackground(path))

"""What the map means for the rules: the core grid as a mover sees it (R36), how far a
combatant may still move (R35), who stands where, template areas, and what the map tells
an attack (distance, cover R32, visibility R31)."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.session.sides import FRIENDLY_SIDES
from futurepath_desktop.session.state import TERRAIN_CODES, Combatant, Session, Template

Square = tuple[int, int]

SECRET_CONDITIONS = frozenset({"hidden", "invisible"})
"""Conditions the players are not told about (nor shown where their bearer stands)."""

_terrain_cache: list[tuple[tuple[str, ...], dict[Square, core_grid.Terrain]]] = []


def square_name(square: Square) -> str:
    """A square as a GM reads it: column letters and a row number, ``C7`` (A1 top-left)."""
    x, y = square
    if x < 0 or y < 0:  # off the map's top or left: no letters name it
        return f"({x}, {y})"
    letters = ""
    n = x + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{y + 1}"


def terrain_map(rows: tuple[str, ...]) -> dict[Square, core_grid.Terrain]:
    """The squares that are not normal ground (cached for the latest terrain rows)."""
    if _terrain_cache and _terrain_cache[0][0] is rows:
        return _terrain_cache[0][1]
    found: dict[Square, core_grid.Terrain] = {}
    for y, row in enumerate(rows):
        if row.count(".") == len(row):
            continue
        for x, code in enumerate(row):
            if code != ".":
                found[(x, y)] = core_grid.Terrain(TERRAIN_CODES.index(code))
    _terrain_cache[:] = [(rows, found)]
    return found


def positions(session: Session) -> dict[str, Square]:
    """Every token's square (each square of a larger token counts as its own entry only
    through :func:`footprints`), by combatant id."""
    return {ident: token.square for ident, token in session.tokens.items()}


def footprints(session: Session) -> dict[Square, str]:
    """Which combatant stands on each occupied square (larger tokens fill several)."""
    found: dict[Square, str] = {}
    for ident, token in session.tokens.items():
        for dx in range(token.size):
            for dy in range(token.size):
                found[(token.x + dx, token.y + dy)] = ident
    return found


def relation(session: Session, mover_id: str, other_id: str) -> core_grid.Relation:
    """How the mover sees another combatant: the same side is a friend, a neutral side (or
    a neutral party) is neutral, anyone else is an enemy."""
    mine = session.teams[session.combatants[mover_id].team_id].side
    theirs = session.teams[session.combatants[other_id].team_id].side
    if mine == theirs or (mine in FRIENDLY_SIDES and theirs in FRIENDLY_SIDES):
        return core_grid.Relation.FRIEND
    if "neutral" in (mine, theirs):
        return core_grid.Relation.NEUTRAL
    return core_grid.Relation.ENEMY


def out_of_it(session: Session, combatant: Combatant, rule: str) -> bool:
    """R52: unconscious, helpless or dead: down on the health track, or held by a condition
    that makes its bearer helpless (Paralyzed, Unconscious…)."""
    if combatant.is_down(rule):
        return True
    for held in session.conditions_on(combatant.id):
        entry = CATALOG.get(held.key)
        if entry is not None and entry.effects.helpless:
            return True
    return False


def occupants(session: Session, mover_id: str) -> dict[Square, core_grid.Occupant]:
    """Everyone but the mover, as the mover sees them (R36)."""
    if session.map is None:
        return {}
    rule = session.options.vitality
    found: dict[Square, core_grid.Occupant] = {}
    for square, ident in footprints(session).items():
        if ident == mover_id:
            continue
        other = session.combatants[ident]
        found[square] = core_grid.Occupant(
            relation(session, mover_id, ident), unconscious=out_of_it(session, other, rule)
        )
    return found


def grid_for(
    session: Session, mover_id: str, others: Mapping[Square, core_grid.Occupant] | None = None
) -> core_grid.Grid:
    """The core's grid as one mover sees it (pass ``others`` to reuse a drag's snapshot)."""
    grid = session.map
    if grid is None:
        return core_grid.Grid(0, 0, {}, {})
    return core_grid.Grid(
        grid.width,
        grid.height,
        terrain_map(grid.terrain),
        occupants(session, mover_id) if others is None else others,
    )


def remaining_ft(session: Session, combatant_id: str, move: core_grid.MoveType) -> int:
    """R35: what is left of this move type's budget after this turn's moves so far."""
    combatant = session.combatants[combatant_id]
    budget = core_grid.move_budget_ft(combatant.speed_ft, move)
    token = session.tokens.get(combatant_id)
    spent = token.moved_ft if token is not None else 0
    return max(0, budget - spent)


def area_of(template: Template) -> frozenset[Square]:
    """The squares a template covers."""
    origin = (template.x, template.y)
    if template.shape == "burst":
        return core_grid.burst(origin, template.size_ft)
    direction = (template.dx, template.dy)
    if template.shape == "cone":
        return core_grid.cone(origin, direction, template.size_ft)
    return frozenset(core_grid.line(origin, direction, template.size_ft))


def inside_template(session: Session, template: Template) -> list[str]:
    """Who stands inside a template (any square of a larger token counts)."""
    area = area_of(template)
    seen: dict[str, None] = {}
    for square, ident in footprints(session).items():
        if square in area:
            seen[ident] = None
    return [i for i in session.tokens if i in seen]


class AttackContext(msgspec.Struct, frozen=True):
    """What the map says about an attack: distance (R34), cover (R32), visibility (R31)."""

    distance_ft: int
    cover: int
    visibility: int


def attack_context(session: Session, attacker_id: str, target_id: str) -> AttackContext | None:
    """The map's view of an attack, or None when either side has no token."""
    grid = session.map
    if grid is None:
        return None
    attacker, target = session.tokens.get(attacker_id), session.tokens.get(target_id)
    if attacker is None or target is None:
        return None
    from futurepath_desktop.session.targets import token_distance_ft  # it imports this module

    return AttackContext(
        # R53: between the nearest squares that each token covers.
        distance_ft=token_distance_ft(session, attacker_id, target_id) or 0,
        cover=grid.cover_at(target.square),
        visibility=max(session.visibility_at(attacker.square), session.options.visibility),
    )


def visible_to_players(session: Session, combatant_id: str) -> bool:
    """Whether the players' map may show this combatant's token (R61): the same test as
    the rest of the player view (:func:`futurepath_desktop.session.player_info.sight`)."""
    from futurepath_desktop.session.player_info import Sight, sight  # it imports this module

    grid = session.map
    combatant = session.combatants.get(combatant_id)
    if grid is None or combatant is None or combatant_id not in session.tokens:
        return False
    return sight(session, combatant) is not Sight.SECRET


def acts_now(session: Session, combatant_id: str, acting_team: str | None) -> bool:
    """Whether a combatant is one of those acting now: a member of the acting team who is
    in the fight and, in the surprise round, one of those who act in it (R11)."""
    combat = session.combat
    combatant = session.combatants.get(combatant_id)
    if acting_team is None or combatant is None or combatant.team_id != acting_team:
        return False
    if not combatant.present:
        return False
    return not combat.surprise_round or combatant_id in combat.surprise_actors

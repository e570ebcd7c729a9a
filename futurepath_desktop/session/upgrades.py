"""Upgrades of older session files: one function per format version, each turning a
version ``n`` document (plain JSON data) into a version ``n + 1`` one. The loader runs
them in turn, then checks the result like any current file."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Upgrade = Callable[[dict[str, Any]], dict[str, Any]]
UPGRADES: dict[int, Upgrade] = {}
"""Upgrade functions by the format version they read: ``UPGRADES[n]`` turns a version
``n`` document (plain JSON data) into a version ``n + 1`` one."""


def upgrade(from_version: int) -> Callable[[Upgrade], Upgrade]:
    """Register the function that upgrades documents of ``from_version``."""

    def register(function: Upgrade) -> Upgrade:
        UPGRADES[from_version] = function
        return function

    return register


@upgrade(1)
def _version_1_to_2(document: dict[str, Any]) -> dict[str, Any]:
    """Format 2 gave the map and the ships (reserved, and always empty, in format 1) their
    schemas: ``ships`` became ``space``. Anything a format 1 file held there was never
    written by the app, and is refused with its place named rather than dropped."""
    upgraded = {**document, "format_version": 2}
    if upgraded.get("ships") in ([], None):
        upgraded.pop("ships", None)
    return upgraded


@upgrade(2)
def _version_2_to_3(document: dict[str, Any]) -> dict[str, Any]:
    """Format 3 made the parts of the map and of space combat that have many members tables
    of their own, at the top of the file: ``map.tokens`` (keyed by combatant, with
    ``map.moved_ft`` folded into each token), ``map.zones`` and ``map.fog`` (one ``areas``
    table, each area saying which it is), ``map.templates``, ``map.grenades`` and
    ``space.ships``. A grenade's blast template, which shared the grenade's id, now names
    its grenade. Anything that is not what format 2 wrote is passed on unchanged, for the
    checks to name."""
    upgraded = {**document, "format_version": 3}
    grid = upgraded.get("map")
    if isinstance(grid, dict):
        grid = dict(grid)
        tokens = grid.pop("tokens", {})
        moved = grid.pop("moved_ft", {})
        moved = moved if isinstance(moved, dict) else {}
        if isinstance(tokens, dict):
            tokens = [
                {"combatant_id": ident, **token, **_moved(moved, ident)}
                if isinstance(token, dict)
                else token
                for ident, token in tokens.items()
            ]
        upgraded["tokens"] = tokens
        zones, fog = grid.pop("zones", []), grid.pop("fog", [])
        if isinstance(zones, list) and isinstance(fog, list):
            upgraded["areas"] = [_kind(a, "zone") for a in zones] + [_kind(a, "fog") for a in fog]
        else:
            upgraded["areas"] = zones if not isinstance(zones, list) else fog
        grenades = grid.pop("grenades", [])
        templates = grid.pop("templates", [])
        if isinstance(grenades, list) and isinstance(templates, list):
            waiting = {g.get("id") for g in grenades if isinstance(g, dict)}
            templates = [
                {**t, "grenade_id": t["id"]}
                if isinstance(t, dict) and t.get("id") in waiting
                else t
                for t in templates
            ]
        upgraded["grenades"], upgraded["templates"] = grenades, templates
        upgraded["map"] = grid
    space = upgraded.get("space")
    if isinstance(space, dict) and "ships" in space:
        space = dict(space)
        upgraded["ships"] = space.pop("ships")
        upgraded["space"] = space
    return upgraded


def _moved(moved: dict[str, Any], ident: str) -> dict[str, Any]:
    return {"moved_ft": moved[ident]} if moved.get(ident) else {}


def _kind(area: Any, kind: str) -> Any:
    return {**area, "kind": kind} if isinstance(area, dict) else area

"""The checks a session file passes before it opens, beyond its types and bounds: every id
once in its table, every reference (as the registry declares them) naming a record the
file holds, and the map, the fight and the generator consistent with themselves."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.registry import REFERENCES, TABLE, TABLES, Reference
from futurepath_desktop.session.state import SessionFile


def _duplicates(ids: Iterable[str]) -> list[str]:
    return [ident for ident, n in Counter(ids).items() if n > 1]


def _dangling(ref: Reference, ident: str) -> str:
    # Where it is (which record, which field) the JSON path says, in plain words too.
    return f"{TABLE[ref.target].word} {ident!r} does not exist"


def check_references(record: SessionFile, source: str) -> None:
    """Refuse duplicate ids, dangling references and inconsistent parts, each with the
    JSON path of the first place that is wrong."""
    ids: dict[str, set[str]] = {}
    for table in TABLES:
        seen: set[str] = set()
        for index, row in enumerate(getattr(record, table.name)):
            key = getattr(row, table.key)
            if key in seen:
                raise SessionLoadError(
                    source, f"the id {key!r} is used twice", f"$.{table.name}[{index}].{table.key}"
                )
            seen.add(key)
        ids[table.name] = seen
    for ref in REFERENCES:
        known = ids[ref.target]
        if ref.owner in TABLE:
            for index, row in enumerate(getattr(record, ref.owner)):
                for where, ident in ref.find(row):
                    if ident not in known:
                        raise SessionLoadError(
                            source, _dangling(ref, ident), f"$.{ref.owner}[{index}].{where}"
                        )
        else:
            value = getattr(record, ref.owner)
            if value is None:
                continue
            for where, ident in ref.find(value):
                if ident not in known:
                    raise SessionLoadError(source, _dangling(ref, ident), f"$.{ref.owner}.{where}")
    check_health(record, source)
    check_combat(record, source)
    check_counters(record, source)
    for index, entry in enumerate(record.log):
        if index and entry.seq <= record.log[index - 1].seq:
            raise SessionLoadError(source, "log entries are out of order", f"$.log[{index}].seq")
    check_map(record, source)
    check_space(record, source)
    _check_rng(record, source)


def check_health(record: SessionFile, source: str) -> None:
    for index, combatant in enumerate(record.combatants):
        where = f"$.combatants[{index}]"
        if combatant.hp > combatant.max_hp:
            raise SessionLoadError(
                source, f"HP {combatant.hp} is above the maximum {combatant.max_hp}", where + ".hp"
            )
        if combatant.health > combatant.max_health:
            raise SessionLoadError(
                source,
                f"Health {combatant.health} is above the maximum {combatant.max_health}",
                where + ".health",
            )


def check_combat(record: SessionFile, source: str) -> None:
    combat = record.combat
    if combat.active and not 1 <= combat.phase <= 5:  # R12: a fight is in one of five
        raise SessionLoadError(
            source,
            f"the fight is on but phase {combat.phase} is none of the five",
            "$.combat.phase",
        )
    if combat.active and combat.round < 1:
        raise SessionLoadError(source, "the fight is on but its round is 0", "$.combat.round")
    if _duplicates(combat.order):
        raise SessionLoadError(source, "a team appears twice in the acting order", "$.combat.order")
    if combat.turn_index >= len(combat.order):
        raise SessionLoadError(
            source, "the acting team is past the end of the order", "$.combat.turn_index"
        )


def check_counters(record: SessionFile, source: str) -> None:
    """A counter's recurring damage reads as dice (R55)."""
    for index, held in enumerate(record.conditions):
        if held.recurring is not None and not is_dice(held.recurring.dice):
            raise SessionLoadError(
                source,
                f"{held.name}'s damage each round, {held.recurring.dice!r}, is not a dice "
                "expression",
                f"$.conditions[{index}].recurring.dice",
            )


def check_map(record: SessionFile, source: str) -> None:
    """The map's layers match its size, and what stands on it lies on it."""
    grid = record.map
    if grid is None:
        for table in ("tokens", "areas", "templates", "grenades"):
            if getattr(record, table):
                raise SessionLoadError(
                    source, f"there are {table} but the session has no map", f"$.{table}[0]"
                )
        return
    for layer in ("terrain", "cover"):
        rows = getattr(grid, layer)
        if rows and len(rows) != grid.height:
            raise SessionLoadError(
                source,
                f"the {layer} has {len(rows)} rows but the map is {grid.height} squares high",
                f"$.map.{layer}",
            )
        for index, row in enumerate(rows):
            if len(row) != grid.width:
                raise SessionLoadError(
                    source,
                    f"the row is {len(row)} squares long but the map is {grid.width} wide",
                    f"$.map.{layer}[{index}]",
                )
    for index, template in enumerate(record.templates):
        if template.shape != "burst" and template.dx == 0 and template.dy == 0:
            raise SessionLoadError(
                source, f"a {template.shape} needs a direction (dx, dy)", f"$.templates[{index}]"
            )
    for index, grenade in enumerate(record.grenades):
        if not is_dice(grenade.damage):
            raise SessionLoadError(
                source,
                f"the grenade's damage {grenade.damage!r} is not a dice expression",
                f"$.grenades[{index}].damage",
            )
    for index, token in enumerate(record.tokens):
        if token.x + token.size > grid.width or token.y + token.size > grid.height:
            raise SessionLoadError(
                source,
                f"the token at ({token.x}, {token.y}) lies off the {grid.width}×{grid.height} map",
                f"$.tokens[{index}]",
            )


def check_space(record: SessionFile, source: str) -> None:
    """An edited Battle Damage Chart has one line for every roll of 2d6 (R46)."""
    space = record.space
    if space.chart:
        rolls = sorted(row.roll for row in space.chart)
        if rolls != list(range(2, 13)):
            missing = sorted(set(range(2, 13)) - set(rolls))
            said = f"no line for {', '.join(map(str, missing))}" if missing else "a roll twice"
            raise SessionLoadError(
                source,
                f"the Battle Damage Chart has {said}: it needs one line for each roll from 2 to 12",
                "$.space.chart",
            )


def is_dice(text: str) -> bool:
    """Whether ``text`` reads as a dice expression."""
    return not dice_problem(text)


def dice_problem(text: str) -> str:
    """What is wrong with ``text`` as a dice expression, in the reader's words ("999 dice
    is more than the 500 one roll may throw"), or "" when it reads."""
    from futurepath_desktop.core.dice import parse_dice
    from futurepath_desktop.core.errors import DiceExpressionError, FuturePathError

    try:
        parse_dice(text)
    except DiceExpressionError as error:
        return error.problem
    except FuturePathError as error:
        return str(error)
    return ""


def _check_rng(record: SessionFile, source: str) -> None:
    rng = record.rng
    if rng.internal and len(rng.internal) != 625:
        raise SessionLoadError(source, "the random generator's state is damaged", "$.rng.internal")
    if rng.internal:
        try:
            random.Random().setstate((rng.version, rng.internal, rng.gauss))
        except (ValueError, TypeError, OverflowError):
            raise SessionLoadError(
                source, "the random generator's state is damaged", "$.rng.internal"
            ) from None

"""The document's parts, declared once: its id-keyed tables, its single values, and every
field that names another record.

`Session`, `Edit`, the change report, undo, the autosave journal and the loader all read
these declarations, so a new part of the document is one entry here. Removing a record
follows :data:`REFERENCES` to clear or remove whatever names it, and checking a file uses
the same list to refuse a dangling reference with its JSON path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal

from msgspec import Struct
from msgspec.structs import replace

from futurepath_desktop.session.records import (
    ActiveCondition,
    Area,
    Combatant,
    CombatState,
    Grenade,
    MapState,
    Options,
    Reminder,
    Ship,
    SpaceState,
    Team,
    Template,
    Token,
)


class Table(Struct, frozen=True):
    """One id-keyed table of the document: its name (the `Session` attribute, the file's
    key and the change report's key), its record type, the field that is each record's
    id, and the word for one record in messages."""

    name: str
    record: type[Struct]
    word: str
    part: Literal["roster", "map", "space"]
    key: str = "id"


TABLES: tuple[Table, ...] = (
    Table("teams", Team, "team", "roster"),
    Table("combatants", Combatant, "combatant", "roster"),
    Table("conditions", ActiveCondition, "condition", "roster"),
    Table("ships", Ship, "ship", "space"),
    Table("tokens", Token, "token", "map", key="combatant_id"),
    Table("areas", Area, "area", "map"),
    Table("templates", Template, "template", "map"),
    Table("grenades", Grenade, "grenade", "map"),
    Table("reminders", Reminder, "reminder", "roster"),
)
"""Every table, in the order a file lists them."""

TABLE: dict[str, Table] = {table.name: table for table in TABLES}
TABLE_NAMES: tuple[str, ...] = tuple(TABLE)
PARTS: dict[str, tuple[str, ...]] = {
    part: tuple(t.name for t in TABLES if t.part == part) for part in ("roster", "map", "space")
}
"""The tables of each part of the document: the map's tables redraw the map, and so on."""

VALUES: dict[str, Any] = {
    "name": str,
    "options": Options,
    "combat": CombatState,
    "map": MapState | None,
    "space": SpaceState,
}
"""The document's single values (besides the random generator and the log, which have
their own handling: the generator rewinds, the log only grows or is cut back)."""


Found = tuple[str, str]
"""Where in a record a reference is (a JSON path below the record) and the id it names."""


class Reference(Struct, frozen=True):
    """A field of a table's records, or of a single value, that names records of
    ``target``. When such a record is removed, ``on_remove`` says what happens to the
    owner: ``"remove"`` it too (a token goes with its combatant), or ``"clear"`` the
    reference (``drop`` gives the owner without it)."""

    owner: str
    target: str
    where: str
    on_remove: Literal["remove", "clear"]
    find: Callable[[Any], Iterator[Found]]
    drop: Callable[[Any, str], Any]

    def names(self, owner: Any, ident: str) -> bool:
        """Whether ``owner`` names ``ident`` here."""
        return any(found == ident for _, found in self.find(owner))


def _field(owner: str, name: str, target: str, on_remove: Literal["remove", "clear"]) -> Reference:
    def find(record: Any) -> Iterator[Found]:
        value = getattr(record, name)
        if value is not None:
            yield name, value

    def drop(record: Any, ident: str) -> Any:
        return replace(record, **{name: None})

    return Reference(owner, target, name, on_remove, find, drop)


def _ids(owner: str, name: str, target: str) -> Reference:
    """A tuple of ids in a single value; a removed id leaves the tuple."""

    def find(record: Any) -> Iterator[Found]:
        for index, value in enumerate(getattr(record, name)):
            yield f"{name}[{index}]", value

    def drop(record: Any, ident: str) -> Any:
        return replace(record, **{name: tuple(i for i in getattr(record, name) if i != ident)})

    return Reference(owner, target, f"{name}[]", "clear", find, drop)


def _keys(owner: str, name: str, target: str) -> Reference:
    """A dict keyed by ids in a single value; a removed id's entry goes."""

    def find(record: Any) -> Iterator[Found]:
        for key in getattr(record, name):
            yield f"{name}.{key}", key

    def drop(record: Any, ident: str) -> Any:
        return replace(
            record, **{name: {k: v for k, v in getattr(record, name).items() if k != ident}}
        )

    return Reference(owner, target, f"{name}.<id>", "clear", find, drop)


def _crew_find(ship: Ship) -> Iterator[Found]:
    for position, slot in ship.crew.items():
        if slot.combatant_id is not None:
            yield f"crew.{position}.combatant_id", slot.combatant_id


def _crew_drop(ship: Ship, ident: str) -> Ship:
    # R41: a position whose holder leaves the session is empty again.
    crew = {p: s for p, s in ship.crew.items() if s.combatant_id != ident}
    return replace(ship, crew=crew)


def _readied_find(combat: CombatState) -> Iterator[Found]:
    for index, readied in enumerate(combat.readied):
        yield f"readied[{index}].combatant_id", readied.combatant_id


def _readied_drop(combat: CombatState, ident: str) -> CombatState:
    return replace(combat, readied=tuple(r for r in combat.readied if r.combatant_id != ident))


def _declared(field: str) -> Reference:
    """The targets of a table of declared actions by combatant (``turns``, ``to_roll``)."""

    def find(combat: CombatState) -> Iterator[Found]:
        for declarer, declared in getattr(combat, field).items():
            for index, (_, target) in enumerate(declared):
                if target is not None:
                    yield f"{field}.{declarer}[{index}][1]", target

    def drop(combat: CombatState, ident: str) -> CombatState:
        # R14: the action stays declared (it was spent); it no longer names who was gone.
        kept = {
            declarer: tuple((name, None if target == ident else target) for name, target in rows)
            for declarer, rows in getattr(combat, field).items()
        }
        return replace(combat, **{field: kept})

    return Reference("combat", "combatants", f"{field}.<id>[].target", "clear", find, drop)


def _order_drop(combat: CombatState, ident: str) -> CombatState:
    # R8: the order keeps its other teams; the acting team keeps its turn.
    order = tuple(t for t in combat.order if t != ident)
    acting = combat.acting_team
    index = order.index(acting) if acting in order else -1
    return replace(combat, order=order, turn_index=index)


def _in_round(name: str, inner: Reference) -> Reference:
    """A reference inside the space round (a value inside the ``space`` value), lifted
    from one declared on the round itself."""

    def find(space: SpaceState) -> Iterator[Found]:
        for where, ident in inner.find(space.round):
            yield f"round.{where}", ident

    def drop(space: SpaceState, ident: str) -> SpaceState:
        return replace(space, round=inner.drop(space.round, ident))

    return Reference("space", inner.target, f"round.{name}", "clear", find, drop)


def _listed(name: str, field: str, target: str) -> Reference:
    """A tuple of records in a single value, each naming a ``target`` in ``field``; a
    record naming a removed one leaves the tuple."""

    def find(holder: Any) -> Iterator[Found]:
        for index, item in enumerate(getattr(holder, name)):
            yield f"{name}[{index}].{field}", getattr(item, field)

    def drop(holder: Any, ident: str) -> Any:
        kept = tuple(i for i in getattr(holder, name) if getattr(i, field) != ident)
        return replace(holder, **{name: kept})

    return Reference("round", target, f"{name}[].{field}", "clear", find, drop)


def _declared_rolls_find(fight: Any) -> Iterator[Found]:
    for index, roll in enumerate(fight.declared):
        for place, ship_id in enumerate(roll.ship_ids):
            yield f"declared[{index}].ship_ids[{place}]", ship_id
        yield f"declared[{index}].target_id", roll.target_id


def _declared_rolls_drop(fight: Any, ident: str) -> Any:
    # R57: a roll waiting for its phase's end goes with its target or its only ship; a ship
    # that leaves a swarm takes its hard points out of it and the others still fire.
    kept = []
    for roll in fight.declared:
        if roll.target_id == ident:
            continue
        if ident in roll.ship_ids:
            ships = tuple(s for s in roll.ship_ids if s != ident)
            if not ships:
                continue
            pairs = zip(roll.ship_ids, roll.hard_points, strict=False)  # a scan has none
            points = tuple(p for s, p in pairs if s != ident)
            kept.append(replace(roll, ship_ids=ships, hard_points=points))
        else:
            kept.append(roll)
    return replace(fight, declared=tuple(kept))


def _system_hits_find(fight: Any) -> Iterator[Found]:
    # A specified hit is counted under "<ship id>:<system or bay>" (R44).
    for key in fight.system_hits:
        yield f"system_hits.{key}", key.split(":", 1)[0]


def _system_hits_drop(fight: Any, ident: str) -> Any:
    kept = {k: v for k, v in fight.system_hits.items() if k.split(":", 1)[0] != ident}
    return replace(fight, system_hits=kept)


REFERENCES: tuple[Reference, ...] = (
    _field("combatants", "team_id", "teams", "remove"),
    _field("conditions", "bearer_id", "combatants", "remove"),
    _field("conditions", "set_team", "teams", "clear"),
    Reference(
        "ships", "combatants", "crew.<position>.combatant_id", "clear", _crew_find, _crew_drop
    ),
    _field("tokens", "combatant_id", "combatants", "remove"),
    _field("grenades", "anchor_id", "combatants", "remove"),
    _field("grenades", "thrower_id", "combatants", "clear"),
    _field("grenades", "condition_id", "conditions", "remove"),
    _ids("grenades", "teams", "teams"),
    _field("grenades", "due_team", "teams", "clear"),
    _field("templates", "grenade_id", "grenades", "remove"),
    _field("templates", "condition_id", "conditions", "remove"),
    _field("reminders", "combatant_id", "combatants", "remove"),
    Reference(
        "combat", "teams", "order[]", "clear", _ids("combat", "order", "teams").find, _order_drop
    ),
    _ids("combat", "acted", "combatants"),
    _ids("combat", "unaware", "combatants"),
    _ids("combat", "surprise_actors", "combatants"),
    _ids("combat", "pending_surprise", "combatants"),
    _ids("combat", "triggered", "combatants"),
    _keys("combat", "turns", "combatants"),
    _declared("turns"),
    _keys("combat", "to_roll", "combatants"),
    _declared("to_roll"),
    Reference(
        "combat", "combatants", "readied[].combatant_id", "clear", _readied_find, _readied_drop
    ),
    _in_round("optional", _keys("round", "optional", "ships")),
    _in_round("stations", _listed("stations", "ship_id", "ships")),
    _in_round("scanned", _ids("round", "scanned", "ships")),
    _in_round("pending", _listed("pending", "target_id", "ships")),
    _in_round("surprise", _ids("round", "surprise", "ships")),
    _in_round(
        "declared",
        Reference(
            "round",
            "ships",
            "declared[].ship_ids[] and .target_id",
            "clear",
            _declared_rolls_find,
            _declared_rolls_drop,
        ),
    ),
    _in_round(
        "system_hits",
        Reference(
            "round",
            "ships",
            "system_hits.<ship>:<part>",
            "clear",
            _system_hits_find,
            _system_hits_drop,
        ),
    ),
)
"""Every field that names another record. Log entries stamp the acting team by id and
by name; those stamps are history, not references, and keep their text."""

REFERRING: dict[str, tuple[Reference, ...]] = {
    table.name: tuple(r for r in REFERENCES if r.target == table.name) for table in TABLES
}
"""The references to each table, for removals."""


def key_of(table: str, record: Any) -> str:
    """A record's id in its table."""
    ident: str = getattr(record, TABLE[table].key)
    return ident

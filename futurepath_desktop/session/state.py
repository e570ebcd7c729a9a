"""The live document, :class:`Session`, and the file record it is saved as.

A session is a set of id-keyed tables of frozen records (teams, combatants, conditions,
ships, tokens, areas, templates, grenades) and a few single values (options, combat, map,
space), declared once in :mod:`session.registry`. A command never changes a record in
place: it puts a new one in its slot through an `Edit`, which is what makes undo exact.

On disk a session is a :class:`SessionFile` whose tables are lists; in memory the
:class:`Session` keeps them in insertion-ordered dicts keyed by each record's id.

No ``from __future__ import annotations`` in this module: msgspec reads the annotations of
these records to build the session decoder at every start.
"""

import os
import random
from typing import Any, Generic, Self, TypeVar

from msgspec import Struct

from futurepath_desktop.core.dice import Roller
from futurepath_desktop.session.errors import NotFoundError
from futurepath_desktop.session.records import *  # noqa: F403 - the records, by area
from futurepath_desktop.session.records import (
    ActiveCondition,
    Area,
    Combatant,
    CombatState,
    Grenade,
    Id,
    LogEntry,
    MapState,
    Name,
    Options,
    Reminder,
    RngState,
    Ship,
    SpaceState,
    Team,
    Template,
    Token,
    new_id,
)
from futurepath_desktop.session.registry import TABLE_NAMES, TABLES, VALUES

R = TypeVar("R")

FORMAT_VERSION = 3
"""The session file format written by this version of the app (2 added the grid map; 3
made ships, tokens, areas, templates and grenades tables of their own)."""


class SessionFile(Struct, frozen=True, forbid_unknown_fields=True):
    """A session as it is saved: the JSON document (see docs/session-format.md)."""

    format_version: int
    id: Id
    name: Name
    options: Options = Options()
    rng: RngState = RngState(0)
    teams: tuple[Team, ...] = ()
    combatants: tuple[Combatant, ...] = ()
    conditions: tuple[ActiveCondition, ...] = ()
    combat: CombatState = CombatState()
    log: tuple[LogEntry, ...] = ()
    map: MapState | None = None
    space: SpaceState = SpaceState()
    ships: tuple[Ship, ...] = ()
    tokens: tuple[Token, ...] = ()
    areas: tuple[Area, ...] = ()
    templates: tuple[Template, ...] = ()
    grenades: tuple[Grenade, ...] = ()
    reminders: tuple[Reminder, ...] = ()


assert set(SessionFile.__struct_fields__) == {"format_version", "id", "rng", "log"} | set(
    TABLE_NAMES
) | set(VALUES), "the file record lists the registry's tables and values"


class TableOf(Generic[R]):
    """A typed view of one of the session's tables, by the attribute's name."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, session: "Session", owner: type | None = None) -> dict[str, R]:
        rows: dict[str, R] = session.tables[self.name]
        return rows


class Session:
    """The live document: everything a game master opens, changes and saves.

    Change it only through commands (``session.commands``), so every change can be undone.
    """

    def __init__(
        self,
        *,
        id: str | None = None,
        name: str = "New session",
        options: Options | None = None,
        seed: int | None = None,
    ) -> None:
        self.id = id or new_id("ses")
        self.name = name
        self.options = options or Options()
        self.seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
        self.rng = random.Random(self.seed)
        self.tables: dict[str, dict[str, Any]] = {name: {} for name in TABLE_NAMES}
        self.combat = CombatState()
        self.log: list[LogEntry] = []
        self.map: MapState | None = None
        self.space = SpaceState()
        self._by_bearer: dict[str, list[ActiveCondition]] | None = None
        self._by_team: dict[str, list[Combatant]] | None = None

    # --- the tables (each one of the registry's: ``session.tables[name]``, typed) ------

    teams = TableOf[Team]()
    combatants = TableOf[Combatant]()
    conditions = TableOf[ActiveCondition]()
    ships = TableOf[Ship]()
    tokens = TableOf[Token]()  # by the id of the combatant each stands for
    areas = TableOf[Area]()  # visibility zones (R31) and fog regions
    templates = TableOf[Template]()
    grenades = TableOf[Grenade]()  # R38: waiting to explode
    reminders = TableOf[Reminder]()  # told to the GM at a turn or a round

    def invalidate(self, table: str) -> None:
        """Forget the lookup indexes of a table (every Edit that changes it calls this)."""
        if table == "conditions":
            self._by_bearer = None
        elif table == "combatants":
            self._by_team = None

    # --- files ---------------------------------------------------------------------

    def to_file(self) -> SessionFile:
        """The session as the file format's record."""
        tables: dict[str, Any] = {t.name: tuple(self.tables[t.name].values()) for t in TABLES}
        values: dict[str, Any] = {name: getattr(self, name) for name in VALUES}
        return SessionFile(
            format_version=FORMAT_VERSION,
            id=self.id,
            rng=RngState.of(self.seed, self.rng),
            log=tuple(self.log),
            **tables,
            **values,
        )

    @classmethod
    def from_file(cls, record: SessionFile) -> Self:
        """A live session from a decoded (and checked) file record."""
        session = cls(id=record.id, name=record.name, options=record.options, seed=record.rng.seed)
        session.rng = record.rng.generator()
        for table in TABLES:
            key = table.key
            session.tables[table.name] = {getattr(r, key): r for r in getattr(record, table.name)}
        for name in VALUES:
            setattr(session, name, getattr(record, name))
        session.log = list(record.log)
        return session

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Session):
            return NotImplemented
        return self.to_file() == other.to_file()

    __hash__ = None  # type: ignore[assignment]

    # --- queries -------------------------------------------------------------------

    def roller(self) -> Roller:
        """R1: the roller over the session's own generator."""
        return Roller(self.rng)

    def members(self, team_id: str, *, present_only: bool = False) -> list[Combatant]:
        """A team's combatants, in roster order."""
        if self._by_team is None:
            index: dict[str, list[Combatant]] = {}
            for combatant in self.combatants.values():
                index.setdefault(combatant.team_id, []).append(combatant)
            self._by_team = index
        found = self._by_team.get(team_id, [])
        return [c for c in found if c.present] if present_only else list(found)

    def conditions_on(self, bearer_id: str) -> list[ActiveCondition]:
        """The conditions a combatant bears, in the order they were set."""
        if self._by_bearer is None:
            index: dict[str, list[ActiveCondition]] = {}
            for held in self.conditions.values():
                index.setdefault(held.bearer_id, []).append(held)
            self._by_bearer = index
        return list(self._by_bearer.get(bearer_id, ()))

    def combatant(self, combatant_id: str) -> Combatant:
        """A combatant by id, or :class:`NotFoundError` naming it."""
        try:
            return self.combatants[combatant_id]
        except KeyError:
            raise NotFoundError("combatant", combatant_id) from None

    def ship(self, ship_id: str) -> Ship:
        """A ship by id, or :class:`NotFoundError` naming it."""
        try:
            return self.ships[ship_id]
        except KeyError:
            raise NotFoundError("ship", ship_id) from None

    def zones(self) -> list[Area]:
        """R31: the map's visibility zones."""
        return [a for a in self.areas.values() if a.kind == "zone"]

    def fog(self) -> list[Area]:
        """The map's fog regions (hidden from the player view)."""
        return [a for a in self.areas.values() if a.kind == "fog"]

    def visibility_at(self, square: tuple[int, int]) -> int:
        """R31: the worst visibility of the zones that hold a square (0 if none)."""
        return max((z.visibility for z in self.zones() if z.contains(square)), default=0)

    def fogged(self, square: tuple[int, int]) -> bool:
        """Whether a square is hidden from the player view."""
        return any(a.kind == "fog" and a.contains(square) for a in self.areas.values())

    def team(self, team_id: str) -> Team:
        """A team by id, or :class:`NotFoundError` naming it."""
        try:
            return self.teams[team_id]
        except KeyError:
            raise NotFoundError("team", team_id) from None


assert {n for n, v in vars(Session).items() if isinstance(v, TableOf)} == set(TABLE_NAMES), (
    "every table of the registry has its typed view on Session"
)

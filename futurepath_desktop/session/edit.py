"""How commands change a session: an :class:`Edit` records the old value of everything it
touches, so that every command gets an exact inverse (a :class:`Restore`) for free, and a
:class:`Change` that tells views which ids and fields moved.

A command only has to say what it does. ``run`` wraps it: on any error the edit is
rolled back, so an impossible action changes nothing.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Protocol, TypeVar

import msgspec
from msgspec import field

from futurepath_desktop.core.dice import DiceRoll, Roller
from futurepath_desktop.session.state import (
    ActiveCondition,
    Combatant,
    CombatState,
    LogEntry,
    MapState,
    Options,
    RngState,
    RollRecord,
    Session,
    SpaceState,
    Team,
)

TableName = Literal["teams", "combatants", "conditions"]
TABLES: tuple[TableName, ...] = ("teams", "combatants", "conditions")
Entity = TypeVar("Entity", Team, Combatant, ActiveCondition)


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


class Change(msgspec.Struct, frozen=True):
    """What a command changed, for views to update incrementally."""

    added: dict[TableName, frozenset[str]] = field(default_factory=dict)
    removed: dict[TableName, frozenset[str]] = field(default_factory=dict)
    fields: dict[TableName, dict[str, frozenset[str]]] = field(default_factory=dict)
    reordered: frozenset[TableName] = frozenset()
    combat: bool = False
    options: bool = False
    name: bool = False
    map: bool = False
    space: bool = False
    rng: bool = False
    log_appended: int = 0
    log_truncated: bool = False
    bearers: frozenset[str] = frozenset()
    """Combatants whose conditions changed: the bearers, before and after, of every
    condition added, removed or changed (a view need not remember who bore a removed one)."""

    def touched(self, table: TableName) -> frozenset[str]:
        """Every id of ``table`` that was added, removed or changed."""
        return (
            self.added.get(table, frozenset())
            | self.removed.get(table, frozenset())
            | frozenset(self.fields.get(table, {}))
        )

    @property
    def empty(self) -> bool:
        """Nothing changed at all."""
        return not (
            any(self.added.values())
            or any(self.removed.values())
            or any(self.fields.values())
            or self.reordered
            or self.combat
            or self.options
            or self.name
            or self.map
            or self.space
            or self.log_appended
            or self.log_truncated
        )


class Command(Protocol):
    """Anything that can change a session: it performs itself through an :class:`Edit`."""

    def perform(self, session: Session, edit: Edit) -> str:
        """Make the change; return its human label, e.g. ``"Katie takes 7 damage"``."""
        ...


class Applied(msgspec.Struct, frozen=True):
    """A command that was carried out: its label, its exact inverse, and what changed."""

    label: str
    inverse: Restore
    change: Change


def _fields_changed(old: msgspec.Struct, new: msgspec.Struct) -> frozenset[str]:
    # Whole records compared first, in C: a Counters phase touches thousands of them.
    before, after = msgspec.structs.astuple(old), msgspec.structs.astuple(new)
    if before == after:
        return frozenset()
    return frozenset(
        name
        for name, was, now in zip(old.__struct_fields__, before, after, strict=True)
        if was != now
    )


class Edit:
    """Records the old value of everything changed during one command."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._old: dict[TableName, dict[str, Any]] = {t: {} for t in TABLES}
        self._order: dict[TableName, tuple[str, ...]] = {}
        self._combat: Any = UNSET
        self._options: Any = UNSET
        self._name: Any = UNSET
        self._map: Any = UNSET
        self._space: Any = UNSET
        self._rng: Any = UNSET
        self._log_keep = len(session.log)
        self._log_removed: list[LogEntry] = []
        self._log_truncated = False

    # --- tables ----------------------------------------------------------------------

    def _table(self, table: TableName) -> dict[str, Any]:
        result: dict[str, Any] = getattr(self.session, table)
        return result

    def _remember(self, table: TableName, ident: str) -> None:
        old = self._old[table]
        if ident not in old:
            old[ident] = self._table(table).get(ident)

    def put(self, table: TableName, entity: Entity) -> Entity:
        """Add or replace one entity (new ids go last in their table)."""
        rows = self._table(table)
        self._remember(table, entity.id)
        if entity.id not in rows:
            self._order.setdefault(table, tuple(rows))
        rows[entity.id] = entity
        self.session.invalidate(table)
        return entity

    def remove(self, table: TableName, ident: str) -> None:
        """Remove one entity; undo puts it back in its place."""
        rows = self._table(table)
        self._remember(table, ident)
        self._order.setdefault(table, tuple(rows))
        del rows[ident]
        self.session.invalidate(table)

    def reorder(self, table: TableName, order: list[str] | tuple[str, ...]) -> None:
        """Put a table's entities in a new order (the ids must be exactly the table's)."""
        rows = self._table(table)
        if sorted(order) != sorted(rows):
            raise ValueError(f"a new order of {table} must list each of them once")
        self._order.setdefault(table, tuple(rows))
        rebuilt = {ident: rows[ident] for ident in order}
        rows.clear()
        rows.update(rebuilt)
        self.session.invalidate(table)

    # --- single values -----------------------------------------------------------------

    def set_combat(self, combat: CombatState) -> None:
        """Replace the combat state."""
        if self._combat is UNSET:
            self._combat = self.session.combat
        self.session.combat = combat

    def set_options(self, options: Options) -> None:
        """Replace the rule options (R40)."""
        if self._options is UNSET:
            self._options = self.session.options
        self.session.options = options

    def set_name(self, name: str) -> None:
        """Rename the session."""
        if self._name is UNSET:
            self._name = self.session.name
        self.session.name = name

    def set_map(self, value: MapState | None) -> None:
        """Replace the map's state."""
        if self._map is UNSET:
            self._map = self.session.map
        self.session.map = value

    def set_space(self, value: SpaceState) -> None:
        """Replace the ships and the space round."""
        if self._space is UNSET:
            self._space = self.session.space
        self.session.space = value

    def set_rng(self, state: RngState) -> None:
        """Put the generator in a given state (used by undo)."""
        self._remember_rng()
        self.session.rng.setstate((state.version, state.internal, state.gauss))

    def _remember_rng(self) -> None:
        if self._rng is UNSET:
            self._rng = RngState.of(self.session.seed, self.session.rng)

    def roller(self) -> Roller:
        """R1: the session's roller; undo rewinds its generator too."""
        self._remember_rng()
        return self.session.roller()

    # --- the log -------------------------------------------------------------------------

    def log(
        self,
        kind: str,
        text: str,
        lines: tuple[str, ...] | list[str] = (),
        rolls: tuple[DiceRoll, ...] | list[DiceRoll] = (),
    ) -> LogEntry:
        """Append a log entry stamped with the round, phase and acting team."""
        combat = self.session.combat
        seq = self.session.log[-1].seq + 1 if self.session.log else 0
        space = self.session.space.round
        # Out of a ground fight, a space fight's round stamps the entry.
        stamp = combat.round if combat.active else space.round if space.active else 0
        entry = LogEntry(
            seq=seq,
            round=stamp,
            phase=combat.phase if combat.active else 0,
            team_id=combat.acting_team,
            kind=kind,
            text=text,
            lines=tuple(lines),
            rolls=tuple(record_roll(r) for r in rolls),
        )
        self.session.log.append(entry)
        return entry

    def truncate_log(self, keep: int) -> None:
        """Drop log entries past ``keep`` (used by undo)."""
        log = self.session.log
        if keep < len(log):
            if keep < self._log_keep:
                self._log_removed = log[keep : self._log_keep] + self._log_removed
                self._log_keep = keep
            self._log_truncated = True
            del log[keep:]

    # --- finishing -----------------------------------------------------------------------

    def rollback(self) -> None:
        """Undo everything done so far (the command failed part-way)."""
        self.finish("rollback").inverse.restore(self.session)

    def finish(self, label: str) -> Applied:
        """The inverse of everything done, and the change report."""
        s = self.session
        added: dict[TableName, frozenset[str]] = {}
        removed: dict[TableName, frozenset[str]] = {}
        fields: dict[TableName, dict[str, frozenset[str]]] = {}
        old_rows: dict[TableName, tuple[tuple[str, Any], ...]] = {}
        for table in TABLES:
            rows = self._table(table)
            olds = self._old[table]
            old_rows[table] = tuple(olds.items())
            added[table] = frozenset(i for i, old in olds.items() if old is None and i in rows)
            removed[table] = frozenset(
                i for i, old in olds.items() if old is not None and i not in rows
            )
            fields[table] = {
                i: changed
                for i, old in olds.items()
                if old is not None and i in rows and (changed := _fields_changed(old, rows[i]))
            }
        conditions = s.conditions
        bearers = frozenset(
            bearer
            for ident, old in self._old["conditions"].items()
            for bearer in (
                old.bearer_id if old is not None else None,
                conditions[ident].bearer_id if ident in conditions else None,
            )
            if bearer is not None
        )
        new_log = s.log[self._log_keep :]
        inverse = Restore(
            label=label,
            rows=old_rows,
            order={t: o for t, o in self._order.items()},
            combat=self._combat,
            options=self._options,
            name=self._name,
            map=self._map,
            space=self._space,
            rng=self._rng,
            log_keep=self._log_keep,
            log_append=tuple(self._log_removed),
        )
        change = Change(
            added=added,
            removed=removed,
            fields=fields,
            reordered=frozenset(t for t, o in self._order.items() if _moved(o, self._table(t))),
            combat=self._combat is not UNSET and self._combat != s.combat,
            options=self._options is not UNSET and self._options != s.options,
            name=self._name is not UNSET and self._name != s.name,
            map=self._map is not UNSET,
            space=self._space is not UNSET,
            rng=self._rng is not UNSET,
            log_appended=len(new_log),
            log_truncated=self._log_truncated,
            bearers=bearers,
        )
        return Applied(label, inverse, change)


def _moved(before: tuple[str, ...], rows: dict[str, Any]) -> bool:
    """Whether ids present both before and after changed their relative order."""
    kept = set(before)
    return [i for i in before if i in rows] != [i for i in rows if i in kept]


def record_roll(roll: DiceRoll) -> RollRecord:
    """A roll as the log keeps it: expression, breakdown, faces and total."""
    return RollRecord(str(roll.expression), roll.render(), roll.faces, roll.total)


class Restore(msgspec.Struct, frozen=True):
    """The exact inverse of a command: puts back old entities, values, log and generator.

    Performing a Restore yields another Restore (its own inverse), which is how redo
    works: nothing is rolled again, so redo gives back exactly the same state.
    """

    label: str
    rows: dict[TableName, tuple[tuple[str, Any], ...]]
    order: dict[TableName, tuple[str, ...]]
    combat: Any = UNSET
    options: Any = UNSET
    name: Any = UNSET
    map: Any = UNSET
    space: Any = UNSET
    rng: Any = UNSET
    log_keep: int = 0
    log_append: tuple[LogEntry, ...] = ()

    kind: ClassVar[str] = "restore"

    def perform(self, session: Session, edit: Edit) -> str:
        """Put every recorded value back."""
        for table, rows in self.rows.items():
            for ident, old in rows:
                if old is None:
                    if ident in edit._table(table):
                        edit.remove(table, ident)
                else:
                    edit.put(table, old)
        for table, order in self.order.items():
            edit.reorder(table, order)
        if self.combat is not UNSET:
            edit.set_combat(self.combat)
        if self.options is not UNSET:
            edit.set_options(self.options)
        if self.name is not UNSET:
            edit.set_name(self.name)
        if self.map is not UNSET:
            edit.set_map(self.map)
        if self.space is not UNSET:
            edit.set_space(self.space)
        if self.rng is not UNSET:
            edit.set_rng(self.rng)
        edit.truncate_log(self.log_keep)
        session.log.extend(self.log_append)
        return self.label

    def restore(self, session: Session) -> None:
        """Apply without recording (used to roll back a failed command)."""
        self.perform(session, Edit(session))


def run(session: Session, command: Command) -> Applied:
    """Carry out a command; on any error nothing is changed and the error is raised."""
    edit = Edit(session)
    try:
        label = command.perform(session, edit)
    except BaseException:
        edit.rollback()
        raise
    return edit.finish(label)


class History:
    """Undo and redo over a session without Qt (the UI uses a QUndoStack the same way)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.undo_stack: list[Applied] = []
        self.redo_stack: list[Applied] = []

    def push(self, command: Command) -> Applied:
        """Carry out a command and remember its inverse."""
        applied = run(self.session, command)
        self.undo_stack.append(applied)
        self.redo_stack.clear()
        return applied

    def undo(self) -> Applied | None:
        """Undo the last command; returns what the undo changed."""
        if not self.undo_stack:
            return None
        applied = self.undo_stack.pop()
        reverted = run(self.session, applied.inverse)
        self.redo_stack.append(reverted)
        return reverted

    def redo(self) -> Applied | None:
        """Redo the last undone command, exactly as it first happened."""
        if not self.redo_stack:
            return None
        reverted = self.redo_stack.pop()
        again = run(self.session, reverted.inverse)
        self.undo_stack.append(again)
        return again

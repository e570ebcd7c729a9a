"""How commands change a session: an :class:`Edit` records the old value of everything it
touches, so that every command gets an exact inverse (a :class:`Restore`) for free, and a
:class:`~session.change.Change` that tells views which ids and fields moved.

A command only has to say what it does. ``run`` wraps it: on any error the edit is
rolled back, so an impossible action changes nothing. Removing a record follows the
registry's references, so whatever names it is cleared or removed in the same step.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from futurepath_desktop.core.dice import DiceRoll, Roller
from futurepath_desktop.session.change import Change, fields_changed
from futurepath_desktop.session.errors import CommandError, NotFoundError
from futurepath_desktop.session.guard import check_arguments, check_edit
from futurepath_desktop.session.registry import REFERRING, TABLE, key_of
from futurepath_desktop.session.restore import FieldsByRow, Restore
from futurepath_desktop.session.rng_marks import RngMark, from_state, mark
from futurepath_desktop.session.state import (
    CombatState,
    LogEntry,
    MapState,
    Options,
    RngState,
    RollRecord,
    Session,
    SpaceState,
)

__all__ = ["UNSET", "Applied", "Change", "Command", "Edit", "Restore", "dry_run", "run"]


LOG_TEXT_LIMIT = 20_000
"""The longest text a log line may hold (the file's ``Text``)."""


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()


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


class Edit:
    """Records the old value of everything changed during one command."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self._old: dict[str, dict[str, Any]] = {}
        self._order: dict[str, tuple[str, ...]] = {}
        self._values: dict[str, Any] = {}
        self._rng: RngMark | None = None
        self._log_keep = len(session.log)
        self._log_removed: list[LogEntry] = []
        self._log_truncated = False
        self.known: FieldsByRow | None = None
        """The fields each put changes, when a Restore knows them (see ``Restore.known``)."""

    # --- what was touched (the guard checks it) ------------------------------------------

    def touched_rows(self) -> dict[str, dict[str, Any]]:
        """The ids of every record put or removed so far, by table."""
        return self._old

    def touched_values(self) -> set[str]:
        """The single values set so far."""
        return set(self._values)

    @property
    def log_kept(self) -> int:
        """How many log entries were there before this command added any."""
        return self._log_keep

    # --- tables ----------------------------------------------------------------------

    def _remember(self, table: str, ident: str, rows: dict[str, Any]) -> None:
        old = self._old.get(table)
        if old is None:
            old = self._old[table] = {}
        if ident not in old:
            old[ident] = rows.get(ident)

    def put(self, table: str, entity: Any) -> Any:
        """Add or replace one record (new ids go last in their table)."""
        rows = self.session.tables[table]
        ident = key_of(table, entity)
        self._remember(table, ident, rows)
        if ident not in rows:
            self._order.setdefault(table, tuple(rows))
        rows[ident] = entity
        self.session.invalidate(table)
        return entity

    def put_back(self, table: str, rows: tuple[tuple[str, Any], ...]) -> None:
        """Put back records as undo keeps them: (id, old record) to put, or (id, None) for
        one to drop if it is there. The same as :meth:`put` and :meth:`drop` one by one,
        in one loop (undoing a Counters phase puts back two hundred counters)."""
        current = self.session.tables[table]
        old = self._old.get(table)
        if old is None:
            old = self._old[table] = {}
        for ident, record in rows:
            if record is None:
                if ident in current:
                    self.drop(table, ident)
                continue
            if ident not in current:
                self._order.setdefault(table, tuple(current))
                old.setdefault(ident, None)
            elif ident not in old:
                old[ident] = current[ident]
            current[ident] = record
        self.session.invalidate(table)

    def remove(self, table: str, ident: str) -> None:
        """Remove one record, and clear or remove whatever names it (the registry's
        references); undo puts everything back in its place."""
        self.drop(table, ident)
        for ref in REFERRING[table]:
            if ref.owner in TABLE:
                rows = self.session.tables[ref.owner]
                for record in [r for r in rows.values() if ref.names(r, ident)]:
                    key = key_of(ref.owner, record)
                    if key not in rows:  # gone already, with something removed before it
                        continue
                    if ref.on_remove == "remove":
                        self.remove(ref.owner, key)
                    else:
                        self.put(ref.owner, ref.drop(rows[key], ident))
            else:
                value = getattr(self.session, ref.owner)
                if value is not None and ref.names(value, ident):
                    self.set(ref.owner, ref.drop(value, ident))

    def drop(self, table: str, ident: str) -> None:
        """Remove one record alone (undo uses this: it puts every referrer back itself)."""
        rows = self.session.tables[table]
        if ident not in rows:
            raise NotFoundError(TABLE[table].word, ident)
        self._remember(table, ident, rows)
        self._order.setdefault(table, tuple(rows))
        del rows[ident]
        self.session.invalidate(table)

    def reorder(self, table: str, order: list[str] | tuple[str, ...]) -> None:
        """Put a table's records in a new order (the ids must be exactly the table's)."""
        rows = self.session.tables[table]
        if sorted(order) != sorted(rows):
            raise ValueError(f"a new order of {table} must list each of them once")
        self._order.setdefault(table, tuple(rows))
        rebuilt = {ident: rows[ident] for ident in order}
        rows.clear()
        rows.update(rebuilt)
        self.session.invalidate(table)

    # --- single values -----------------------------------------------------------------

    def set(self, name: str, value: Any) -> None:
        """Replace one of the document's single values (see ``registry.VALUES``)."""
        if name not in self._values:
            self._values[name] = getattr(self.session, name)
        setattr(self.session, name, value)

    def set_combat(self, combat: CombatState) -> None:
        """Replace the combat state."""
        self.set("combat", combat)

    def set_options(self, options: Options) -> None:
        """Replace the rule options (R40)."""
        self.set("options", options)

    def set_name(self, name: str) -> None:
        """Rename the session."""
        self.set("name", name)

    def set_map(self, value: MapState | None) -> None:
        """Replace the map's settings (None: no map)."""
        self.set("map", value)

    def set_space(self, value: SpaceState) -> None:
        """Replace the space round, the chart and the space house rules."""
        self.set("space", value)

    def set_rng(self, state: RngMark | RngState) -> None:
        """Put the generator in a given state (used by undo)."""
        self._remember_rng()
        target = state if isinstance(state, RngMark) else from_state(state)
        self.session.rng.setstate(target.state())

    def _remember_rng(self) -> None:
        if self._rng is None:
            self._rng = mark(self.session.rng)

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
        """Append a log entry stamped with the round, phase and acting team. A line past
        the file's limit is refused here, so no command can write a log the loader would
        refuse."""
        if len(text) > LOG_TEXT_LIMIT or any(len(line) > LOG_TEXT_LIMIT for line in lines):
            raise CommandError(
                f"a log line is at most {LOG_TEXT_LIMIT:,} characters; shorten the text"
            )
        session = self.session
        combat = session.combat
        seq = session.log[-1].seq + 1 if session.log else 0
        space = session.space.round
        # Out of a ground fight, a space fight's round stamps the entry.
        stamp = combat.round if combat.active else space.round if space.active else 0
        acting = combat.acting_team
        team = session.teams.get(acting) if acting is not None else None
        entry = LogEntry(
            seq=seq,
            round=stamp,
            phase=combat.phase if combat.active else 0,
            team_id=acting,
            kind=kind,
            text=text,
            lines=tuple(lines),
            rolls=tuple(record_roll(r) for r in rolls),
            team_name=team.name if team is not None else "",
        )
        session.log.append(entry)
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
        added: dict[str, frozenset[str]] = {}
        removed: dict[str, frozenset[str]] = {}
        fields: dict[str, dict[str, frozenset[str]]] = {}
        known = self.known or _NO_FIELDS
        for table, olds in self._old.items():
            rows = s.tables[table]
            if now_there := frozenset(i for i, old in olds.items() if old is None and i in rows):
                added[table] = now_there
            if gone := frozenset(i for i, old in olds.items() if old is not None and i not in rows):
                removed[table] = gone
            hint = known.get(table, _NO_IDS)
            if moved := {
                i: changed
                for i, old in olds.items()
                if old is not None
                and i in rows
                and (changed := hint.get(i) or fields_changed(old, rows[i]))
            }:
                fields[table] = moved
        values: set[str] = set()
        value_fields: dict[str, frozenset[str]] = {}
        for name, old in self._values.items():
            new = getattr(s, name)
            if old != new:
                values.add(name)
                if isinstance(old, msgspec.Struct) and type(old) is type(new):
                    value_fields[name] = fields_changed(old, new)
        conditions = s.conditions
        bearers = {
            bearer
            for ident, old in self._old.get("conditions", {}).items()
            for bearer in (
                old.bearer_id if old is not None else None,
                conditions[ident].bearer_id if ident in conditions else None,
            )
            if bearer is not None
        }
        reordered = {t for t, o in self._order.items() if _moved(o, s.tables[t])}
        # Ten thousand undo steps are kept: empty parts share one empty value (an empty
        # frozenset built from an iterable, or a fresh dict, costs 64 to 216 bytes each).
        inverse = Restore(
            label=label,
            rows={t: tuple(olds.items()) for t, olds in self._old.items()} or _NO_ROWS,
            order=dict(self._order) if self._order else _NO_ORDER,
            values=dict(self._values) if self._values else _NO_VALUES,
            rng=self._rng,
            log_keep=self._log_keep,
            log_append=tuple(self._log_removed),
            known=fields or None,
        )
        change = Change(
            added=added or _NO_IDS,
            removed=removed or _NO_IDS,
            fields=fields or _NO_FIELDS,
            reordered=frozenset(reordered) if reordered else _NONE,
            values=frozenset(values) if values else _NONE,
            value_fields=value_fields or _NO_IDS,
            rng=self._rng is not None,
            log_appended=len(s.log) - self._log_keep,
            log_truncated=self._log_truncated,
            bearers=frozenset(bearers) if bearers else _NONE,
        )
        return Applied(label, inverse, change)


_NONE: frozenset[str] = frozenset()
_NO_IDS: dict[str, frozenset[str]] = {}
_NO_FIELDS: dict[str, dict[str, frozenset[str]]] = {}
_NO_ROWS: dict[str, tuple[tuple[str, Any], ...]] = {}
_NO_ORDER: dict[str, tuple[str, ...]] = {}
_NO_VALUES: dict[str, Any] = {}
"""Shared empty parts of change reports and inverses; nothing ever writes to them."""


def _moved(before: tuple[str, ...], rows: dict[str, Any]) -> bool:
    """Whether ids present both before and after changed their relative order."""
    kept = set(before)
    return [i for i in before if i in rows] != [i for i in rows if i in kept]


def record_roll(roll: DiceRoll) -> RollRecord:
    """A roll as the log keeps it: expression, breakdown, faces and total."""
    return RollRecord(str(roll.expression), roll.render(), roll.faces, roll.total)


def dry_run(session: Session, command: Command) -> Change:
    """What a command would change, without changing anything: it runs, its change report
    is taken, and everything is put back exactly (a prompt can say what a removal takes
    along). A refused command raises as :func:`run` does."""
    edit = Edit(session)
    try:
        return edit.finish(command.perform(session, edit)).change
    finally:
        edit.rollback()


def run(session: Session, command: Command) -> Applied:
    """Carry out a command; on any error nothing is changed and the error is raised."""
    checked = getattr(command, "kind", "") != "restore"  # undo puts back what was checked
    if checked:
        check_arguments(command)
    edit = Edit(session)
    try:
        label = command.perform(session, edit)
        if checked:
            check_edit(session, edit)
    except BaseException:
        edit.rollback()
        raise
    return edit.finish(label)

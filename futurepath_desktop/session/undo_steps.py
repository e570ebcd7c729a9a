"""Undo steps that cost little: a four-hour fight keeps ten thousand of them.

An undo step is the exact inverse of a command (a :class:`~session.edit.Restore`). Kept
as it is, it holds a whole old copy of every record the command touched: healing four
combatants keeps four old combatants, a kilobyte and more. Kept here, a step is a few bytes
of MessagePack (its label among them) and the words of its generator mark, which
consecutive marks share:

- a record the command changed keeps only its fields that differ from the record the
  command left (its *delta*); undoing replaces those fields of the record as it is then,
  which is the record the command left, since steps are undone in order;
- a record the command removed keeps its whole old copy;
- a record the command added keeps its id (undo drops it);
- a single value keeps its delta in the same way, or its whole old value;
- the order of a table keeps only the old places of the records removed, when adding at
  the end and removing is all the command did to it (else the whole old order);
- the log's length is kept, and the entries redoing puts back are kept as they are.

:func:`pack` runs right after the command (or its undo, or redo), against the session it
left; :func:`unpack` runs right before the step is undone or redone, against the same
state, and gives back a Restore equal to the one packed.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, Struct
from msgspec.structs import replace

from futurepath_desktop.session.change import field_set
from futurepath_desktop.session.edit import Applied
from futurepath_desktop.session.registry import TABLE
from futurepath_desktop.session.restore import FieldsByRow, Restore
from futurepath_desktop.session.rng_marks import RngMark
from futurepath_desktop.session.state import LogEntry, RngState, Session
from futurepath_desktop.session.undo_format import packing


class Step:
    """One undo step, packed: what the undo view lists and what undoing it puts back. It
    holds its bytes and, if it rewinds the generator, the words of its mark (which
    consecutive marks share); its label is in the bytes."""

    __slots__ = ("data", "log", "loose", "words")

    def __init__(
        self,
        data: bytes,
        words: bytes | None,
        log: tuple[LogEntry, ...] = (),
        loose: Restore | None = None,
    ) -> None:
        self.data = data
        self.words = words
        self.log = log
        """The log entries redoing puts back, as they were (only an undone step has
        any: they are the log's own entries, not copies)."""
        self.loose = loose
        """The step as it is, not packed (see :func:`kept_loose`)."""

    @property
    def label(self) -> str:
        """What the step does ("Space Bear 2 takes 5 damage")."""
        if self.loose is not None:
            return self.loose.label
        return str(packing().label_decoder.decode(self.data).label)


def kept_loose(applied: Applied) -> Step:
    """The inverse of an undo, kept as it is: a step waiting to be redone is usually redone
    soon or dropped by the next command, so it is not packed (packing it and unpacking it
    again would double what an undo and its redo cost); it is packed when redone."""
    return Step(b"", None, loose=applied.inverse)


def _delta(
    old: Struct, names: frozenset[str], now: Struct, value: str, kept: dict[str, int]
) -> tuple[tuple[int, ...], Struct]:
    """The fields ``names`` of a single value's ``old`` record (the ones the command
    changed), as a delta, with the places of those fields (so that undo reads just them
    back). A list that the command only added to (who has acted this round) is kept as its
    old length in ``kept``: undo cuts the list as it is back to that length."""
    places, ordered = _plan_of(type(old), names)
    fields = {}
    for name in ordered:
        was, new = getattr(old, name), getattr(now, name)
        if type(was) is tuple and type(new) is tuple and len(was) > 1 and new[: len(was)] == was:
            kept[f"{value}.{name}"] = len(was)
        else:
            fields[name] = was
    return places, packing().delta[type(old)](**fields)


def _plan_of(kind: type[Struct], names: frozenset[str]) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """The places and the names, in order, of the fields ``names`` of a record type."""
    plan = _PLANS.get((kind, names))
    if plan is None:  # the same few sets recur: {"hp"}, {"remaining"}
        at = packing().field_at[kind]
        ordered = tuple(sorted(names, key=at.__getitem__))
        plan = _PLANS[(kind, names)] = (tuple(at[n] for n in ordered), ordered)
    return plan


def _group(
    kind: type[Struct], names: frozenset[str], ids: list[str], olds: list[Any]
) -> tuple[tuple[int, ...], tuple[str, ...], Struct]:
    """Records of one table that changed in the same fields ``names``: the places of those
    fields, the records' ids, and each field's old values as a column."""
    places, ordered = _plan_of(kind, names)
    columns = {n: tuple([getattr(old, n) for old in olds]) for n in ordered}
    return places, tuple(ids), packing().columns[kind](**columns)


_PLANS: dict[tuple[type[Struct], frozenset[str]], tuple[tuple[int, ...], tuple[str, ...]]] = {}
"""For each record type and set of changed fields seen, their places and names in order."""


def pack(applied: Applied, session: Session) -> Step:
    """The inverse of ``applied``, just carried out on ``session``, as a compact step (the
    change report says which fields of each record it changed)."""
    inverse, change = applied.inverse, applied.change
    parts: dict[str, Any] = {}
    gone_by_table: dict[str, list[str]] = {}
    new_by_table: dict[str, list[str]] = {}
    for table, rows in inverse.rows.items():
        current = session.tables[table]
        moved = change.fields.get(table, {})
        added: list[str] = []
        removed: list[Any] = []
        groups: dict[frozenset[str], tuple[list[str], list[Any]]] = {}
        for ident, old in rows:
            now = current.get(ident)
            if old is None:
                if now is not None:
                    added.append(ident)
            elif now is None or type(now) is not type(old):
                removed.append(old)
            elif names := moved.get(ident):
                group = groups.get(names)
                if group is None:
                    group = groups[names] = ([], [])
                group[0].append(ident)
                group[1].append(old)
            # else: the record was put back as it was, and there is nothing to undo
        changed = [_group(TABLE[table].record, n, ids, olds) for n, (ids, olds) in groups.items()]
        key = TABLE[table].key
        gone_by_table[table] = [getattr(old, key) for old in removed]
        new_by_table[table] = added
        if added:
            parts[f"{table}_added"] = tuple(added)
        if removed:
            parts[f"{table}_removed"] = tuple(removed)
        if changed:
            parts[f"{table}_changed"] = tuple(changed)
    kept: dict[str, int] = {}
    for name, old in inverse.values.items():
        if name not in change.values:
            continue  # set to what it was
        names = change.value_fields.get(name)
        now = getattr(session, name)
        if names and type(now) is type(old) and f"{name}_changed" in packing().fields:
            parts[f"{name}_changed"] = _delta(old, names, now, name, kept)
        else:
            parts[f"{name}_old"] = old
    if kept:
        parts["kept_prefix"] = kept
    order, at = _orders(inverse.order, session, gone_by_table, new_by_table)
    if order:
        parts["order"] = order
    if at:
        parts["order_at"] = at
    if inverse.log_keep:
        parts["log_keep"] = inverse.log_keep
    parts["label"] = inverse.label
    words = None
    rng = inverse.rng
    if isinstance(rng, RngMark):
        words = rng.words
        parts.update(rng_index=rng.index, rng_gauss=rng.gauss, rng_version=rng.version)
    elif rng is not None:
        parts["rng_state"] = rng
    fmt = packing()
    return Step(fmt.encoder.encode(fmt.packed(**parts)), words, inverse.log_append)


def _orders(
    orders: dict[str, tuple[str, ...]],
    session: Session,
    gone: dict[str, list[str]],
    new: dict[str, list[str]],
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[int, ...]]]:
    """The table orders a step must keep. Most commands only add records at the end or
    remove some (a condition set, counters run out): the old order is then the order now
    without the added ids, with the removed ones at their old places, so only those
    places are kept (a table of two thousand counters keeps a few numbers, not every id).
    A table whose order moved otherwise keeps its whole old order."""
    whole: dict[str, tuple[str, ...]] = {}
    places: dict[str, tuple[int, ...]] = {}
    for table, old in orders.items():
        removed = gone.get(table, [])
        added = new.get(table, [])
        now = tuple(session.tables[table])
        if not removed:  # the common case, compared in C: records added at the end
            kept = len(old)
            if not (len(now) == kept + len(added) and now[:kept] == old):
                whole[table] = old
            continue
        gone_ids = set(removed)
        fresh = set(added)
        kept_before = [i for i in old if i not in gone_ids]
        kept_now = [i for i in now if i not in fresh]
        where = {ident: place for place, ident in enumerate(old) if ident in gone_ids}
        if kept_before != kept_now or len(where) != len(removed):
            whole[table] = old
        else:
            places[table] = tuple(where[i] for i in removed)
    return whole, places


def unpack(step: Step, session: Session) -> Restore:
    """The Restore ``step`` was packed from, against ``session`` in the state it left."""
    if step.loose is not None:
        return step.loose
    fmt = packing()
    packed = fmt.decoder.decode(step.data)
    parts = msgspec.structs.astuple(packed)
    rows: dict[str, tuple[tuple[str, Any], ...]] = {}
    known: FieldsByRow = {}
    for table, key, added, removed, changed in fmt.table_parts:
        if not (parts[added] or parts[removed] or parts[changed]):
            continue
        current = session.tables[table]
        entries: list[tuple[str, Any]] = [(i, None) for i in parts[added]]
        entries += [(getattr(old, key), old) for old in parts[removed]]
        if parts[changed]:
            hint = known[table] = {}
            for at, ids, columns in parts[changed]:
                names, fields = _plan(columns, at)
                if len(names) == 1:
                    name = names[0]
                    column = zip(ids, getattr(columns, name), strict=True)
                    entries += [(i, replace(current[i], **{name: v})) for i, v in column]
                else:
                    olds = zip(*[getattr(columns, n) for n in names], strict=True)
                    entries += [
                        (i, replace(current[i], **dict(zip(names, v, strict=True))))
                        for i, v in zip(ids, olds, strict=True)
                    ]
                hint.update(dict.fromkeys(ids, fields))
        rows[table] = tuple(entries)
    values: dict[str, Any] = {}
    for name, whole, delta in fmt.value_parts:
        if parts[whole] is not UNSET:
            values[name] = parts[whole]
        if delta is not None and parts[delta] is not UNSET:
            at, changed = parts[delta]
            now = getattr(session, name)
            names, _ = _plan(changed, at)
            was = {n: getattr(changed, n) for n in names}
            for n, v in was.items():
                if v is UNSET:  # a list the command added to, cut back
                    was[n] = getattr(now, n)[: packed.kept_prefix[f"{name}.{n}"]]
            values[name] = replace(now, **was)
    order = dict(packed.order)
    for table, places in packed.order_at.items():
        new = set(getattr(packed, f"{table}_added"))
        key = TABLE[table].key
        gone = [getattr(old, key) for old in getattr(packed, f"{table}_removed")]
        ids = [i for i in session.tables[table] if i not in new]
        for place, ident in sorted(zip(places, gone, strict=True)):
            ids.insert(place, ident)
        order[table] = tuple(ids)
    return Restore(
        label=packed.label,
        rows=rows,
        order=order,
        values=values,
        rng=_rng(step, packed),
        log_keep=packed.log_keep,
        log_append=step.log,
        known=known or None,
    )


def _rng(step: Step, packed: Any) -> RngMark | RngState | None:
    if step.words is not None:
        return RngMark(step.words, packed.rng_index, packed.rng_gauss, packed.rng_version)
    return packed.rng_state  # type: ignore[no-any-return]


def _plan(delta: Struct, at: tuple[int, ...]) -> tuple[tuple[str, ...], frozenset[str]]:
    """The names of the fields at the places ``at`` (the fields a step changes back), in
    order and as a set."""
    found = _NAMES.get((type(delta), at))
    if found is None:
        names = tuple(delta.__struct_fields__[i] for i in at)
        found = _NAMES[(type(delta), at)] = (names, field_set(names))
    return found


_NAMES: dict[tuple[type[Struct], tuple[int, ...]], tuple[tuple[str, ...], frozenset[str]]] = {}

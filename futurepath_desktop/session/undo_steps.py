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
from msgspec import UNSET, Struct, UnsetType

from futurepath_desktop.session.edit import Applied, Restore
from futurepath_desktop.session.registry import TABLE, TABLES, VALUES
from futurepath_desktop.session.rng_marks import RngMark
from futurepath_desktop.session.state import LogEntry, RngState, Session


def _delta_type(record: type[Struct]) -> type[Struct]:
    """A record type's delta: every field optional, and left out of the bytes when unset."""
    fields = [(f.name, f.type | UnsetType, UNSET) for f in msgspec.structs.fields(record)]
    return msgspec.defstruct(
        f"{record.__name__}Delta",
        fields,
        omit_defaults=True,
        module=__name__,
        forbid_unknown_fields=True,
    )


def _records(kind: Any) -> list[type[Struct]]:
    """The record types a table or single value holds (``MapState | None``: MapState)."""
    kinds = getattr(kind, "__args__", (kind,))
    return [k for k in kinds if isinstance(k, type) and issubclass(k, Struct)]


_DELTA: dict[type[Struct], type[Struct]] = {
    kind: _delta_type(kind)
    for kind in {t.record for t in TABLES}.union(*(_records(v) for v in VALUES.values()))
}
"""The delta type of every record type a table or a single value holds."""

_FIELD_AT: dict[type[Struct], dict[str, int]] = {
    kind: {name: at for at, name in enumerate(kind.__struct_fields__)} for kind in _DELTA
}


def _packed_type() -> Any:
    fields: list[tuple[str, Any, Any]] = []
    for table in TABLES:
        delta = _DELTA[table.record]
        fields += [
            (f"{table.name}.added", tuple[str, ...], ()),
            (f"{table.name}.removed", tuple[table.record, ...], ()),  # type: ignore[name-defined]
            (f"{table.name}.changed", tuple[tuple[str, tuple[int, ...], delta], ...], ()),  # type: ignore[valid-type]
        ]
    for name, kind in VALUES.items():
        fields.append((f"{name}.old", kind | UnsetType, UNSET))
        for record in _records(kind):
            delta = _DELTA[record]
            changed: Any = tuple[tuple[int, ...], delta] | UnsetType  # type: ignore[valid-type]
            fields.append((f"{name}.changed", changed, UNSET))
    fields += [
        ("label", str, ""),
        ("rng_index", int | None, None),
        ("rng_gauss", float | None, None),
        ("rng_version", int, 3),
        ("rng_state", RngState | None, None),
        ("order", dict[str, tuple[str, ...]], {}),
        ("order_at", dict[str, tuple[int, ...]], {}),
        ("log_keep", int, 0),
    ]
    named = [(n.replace(".", "_"), k, d) for n, k, d in fields]
    return msgspec.defstruct(
        "PackedRestore",
        named,
        omit_defaults=True,
        module=__name__,
        rename={name: format(i, "x") for i, (name, _, _) in enumerate(named)},  # short keys
    )


_Packed: Any = _packed_type()
_ENCODER = msgspec.msgpack.Encoder()
_DECODER = msgspec.msgpack.Decoder(_Packed)


_LABEL_DECODER: Any = msgspec.msgpack.Decoder(
    msgspec.defstruct(
        "PackedLabel",
        [("label", str, "")],
        module=__name__,
        rename={
            "label": _Packed.__struct_encode_fields__[_Packed.__struct_fields__.index("label")]
        },
    )
)


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
        return str(_LABEL_DECODER.decode(self.data).label)


def kept_loose(applied: Applied) -> Step:
    """The inverse of an undo, kept as it is: a step waiting to be redone is usually redone
    soon or dropped by the next command, so it is not packed (packing it and unpacking it
    again would double what an undo and its redo cost); it is packed when redone."""
    return Step(b"", None, loose=applied.inverse)


def _delta(old: Struct, names: frozenset[str]) -> tuple[tuple[int, ...], Struct]:
    """The fields ``names`` of ``old`` (the ones the command changed), as a delta, with
    the places of those fields (so that undo reads just them back)."""
    kind = type(old)
    plan = _PLANS.get((kind, names))
    if plan is None:  # the same few sets recur: {"hp"}, {"remaining"}
        at = _FIELD_AT[kind]
        ordered = tuple(sorted(names, key=at.__getitem__))
        plan = _PLANS[(kind, names)] = (tuple(at[n] for n in ordered), ordered)
    places, ordered = plan
    return places, _DELTA[kind](**{n: getattr(old, n) for n in ordered})


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
        changed: list[tuple[str, tuple[int, ...], Struct]] = []
        for ident, old in rows:
            now = current.get(ident)
            if old is None:
                if now is not None:
                    added.append(ident)
            elif now is None or type(now) is not type(old):
                removed.append(old)
            elif names := moved.get(ident):
                changed.append((ident, *_delta(old, names)))
            # else: the record was put back as it was, and there is nothing to undo
        key = TABLE[table].key
        gone_by_table[table] = [getattr(old, key) for old in removed]
        new_by_table[table] = added
        if added:
            parts[f"{table}_added"] = tuple(added)
        if removed:
            parts[f"{table}_removed"] = tuple(removed)
        if changed:
            parts[f"{table}_changed"] = tuple(changed)
    for name, old in inverse.values.items():
        if name not in change.values:
            continue  # set to what it was
        names = change.value_fields.get(name)
        if names and type(getattr(session, name)) is type(old) and f"{name}_changed" in _FIELDS:
            parts[f"{name}_changed"] = _delta(old, names)
        else:
            parts[f"{name}_old"] = old
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
    return Step(_ENCODER.encode(_Packed(**parts)), words, inverse.log_append)


_FIELDS = frozenset(_Packed.__struct_fields__)
_AT = {name: at for at, name in enumerate(_Packed.__struct_fields__)}
_TABLE_PARTS = tuple(
    (t.name, t.key, _AT[f"{t.name}_added"], _AT[f"{t.name}_removed"], _AT[f"{t.name}_changed"])
    for t in TABLES
)
"""Each table, its key, and where its added ids, removed records and deltas are packed."""
_VALUE_PARTS = tuple((n, _AT[f"{n}_old"], _AT.get(f"{n}_changed")) for n in VALUES)
"""Each single value, and where its old value and its delta are packed."""


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
    packed = _DECODER.decode(step.data)
    parts = msgspec.structs.astuple(packed)
    rows: dict[str, tuple[tuple[str, Any], ...]] = {}
    for table, key, added, removed, changed in _TABLE_PARTS:
        if not (parts[added] or parts[removed] or parts[changed]):
            continue
        current = session.tables[table]
        entries: list[tuple[str, Any]] = [(i, None) for i in parts[added]]
        entries += [(getattr(old, key), old) for old in parts[removed]]
        entries += [
            (ident, _applied(current[ident], at, delta)) for ident, at, delta in parts[changed]
        ]
        rows[table] = tuple(entries)
    values: dict[str, Any] = {}
    for name, whole, delta in _VALUE_PARTS:
        if parts[whole] is not UNSET:
            values[name] = parts[whole]
        if delta is not None and parts[delta] is not UNSET:
            values[name] = _applied(getattr(session, name), *parts[delta])
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
    )


def _rng(step: Step, packed: Any) -> RngMark | RngState | None:
    if step.words is not None:
        return RngMark(step.words, packed.rng_index, packed.rng_gauss, packed.rng_version)
    return packed.rng_state  # type: ignore[no-any-return]


def _applied(now: Struct, at: tuple[int, ...], delta: Struct) -> Struct:
    """``now`` with the fields of ``delta`` at the places ``at``."""
    names = delta.__struct_fields__
    return msgspec.structs.replace(now, **{names[i]: getattr(delta, names[i]) for i in at})

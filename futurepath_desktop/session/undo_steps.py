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
- the log's length and the entries to put back are kept as they are.

:func:`pack` runs right after the command (or its undo, or redo), against the session it
left; :func:`unpack` runs right before the step is undone or redone, against the same
state, and gives back a Restore equal to the one packed.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, Struct, UnsetType

from futurepath_desktop.session.edit import Restore
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


def _packed_type() -> Any:
    fields: list[tuple[str, Any, Any]] = []
    for table in TABLES:
        delta = _DELTA[table.record]
        fields += [
            (f"{table.name}.added", tuple[str, ...], ()),
            (f"{table.name}.removed", tuple[table.record, ...], ()),  # type: ignore[name-defined]
            (f"{table.name}.changed", tuple[tuple[str, delta], ...], ()),  # type: ignore[valid-type]
        ]
    for name, kind in VALUES.items():
        fields.append((f"{name}.old", kind | UnsetType, UNSET))
        for record in _records(kind):
            fields.append((f"{name}.changed", _DELTA[record] | UnsetType, UNSET))
    fields += [
        ("label", str, ""),
        ("rng_index", int | None, None),
        ("rng_gauss", float | None, None),
        ("rng_version", int, 3),
        ("rng_state", RngState | None, None),
        ("order", dict[str, tuple[str, ...]], {}),
        ("order_at", dict[str, tuple[int, ...]], {}),
        ("log_keep", int, 0),
        ("log_append", tuple[LogEntry, ...], ()),
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

    __slots__ = ("data", "words")

    def __init__(self, data: bytes, words: bytes | None) -> None:
        self.data = data
        self.words = words

    @property
    def label(self) -> str:
        """What the step does ("Space Bear 2 takes 5 damage")."""
        return str(_LABEL_DECODER.decode(self.data).label)


def _delta(old: Struct, new: Struct) -> Struct:
    """The fields of ``old`` that differ from ``new``'s (the same type), as a delta."""
    return _DELTA[type(old)](
        **{
            name: value
            for name in old.__struct_fields__
            if (value := getattr(old, name)) is not getattr(new, name)
            and value != getattr(new, name)
        }
    )


def pack(inverse: Restore, session: Session) -> Step:
    """``inverse``, just made against ``session`` as it is now, as a compact step."""
    parts: dict[str, Any] = {}
    gone_by_table: dict[str, list[str]] = {}
    new_by_table: dict[str, list[str]] = {}
    for table, rows in inverse.rows.items():
        current = session.tables[table]
        added: list[str] = []
        removed: list[Any] = []
        changed: list[tuple[str, Struct]] = []
        for ident, old in rows:
            now = current.get(ident)
            if old is None:
                if now is not None:
                    added.append(ident)
            elif now is None or type(now) is not type(old):
                removed.append(old)
            else:
                changed.append((ident, _delta(old, now)))
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
        now = getattr(session, name)
        if isinstance(old, Struct) and type(now) is type(old) and f"{name}_changed" in _FIELDS:
            parts[f"{name}_changed"] = _delta(old, now)
        else:
            parts[f"{name}_old"] = old
    order, at = _orders(inverse.order, session, gone_by_table, new_by_table)
    if order:
        parts["order"] = order
    if at:
        parts["order_at"] = at
    if inverse.log_keep:
        parts["log_keep"] = inverse.log_keep
    if inverse.log_append:
        parts["log_append"] = inverse.log_append
    parts["label"] = inverse.label
    words = None
    rng = inverse.rng
    if isinstance(rng, RngMark):
        words = rng.words
        parts.update(rng_index=rng.index, rng_gauss=rng.gauss, rng_version=rng.version)
    elif rng is not None:
        parts["rng_state"] = rng
    return Step(_ENCODER.encode(_Packed(**parts)), words)


_FIELDS = frozenset(_Packed.__struct_fields__)


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
        gone_ids = set(removed)
        added = set(new.get(table, ()))
        kept_before = [i for i in old if i not in gone_ids]
        kept_now = [i for i in session.tables[table] if i not in added]
        where = {ident: place for place, ident in enumerate(old) if ident in gone_ids}
        if kept_before != kept_now or len(where) != len(removed):
            whole[table] = old
        elif removed:
            places[table] = tuple(where[i] for i in removed)
    return whole, places


def unpack(step: Step, session: Session) -> Restore:
    """The Restore ``step`` was packed from, against ``session`` in the state it left."""
    packed = _DECODER.decode(step.data)
    rows: dict[str, tuple[tuple[str, Any], ...]] = {}
    for table in TABLES:
        current = session.tables[table.name]
        key = TABLE[table.name].key
        entries: list[tuple[str, Any]] = [(i, None) for i in getattr(packed, f"{table.name}_added")]
        entries += [(getattr(old, key), old) for old in getattr(packed, f"{table.name}_removed")]
        entries += [
            (ident, _applied(current[ident], delta))
            for ident, delta in getattr(packed, f"{table.name}_changed")
        ]
        if entries:
            rows[table.name] = tuple(entries)
    values: dict[str, Any] = {}
    for name in VALUES:
        old = getattr(packed, f"{name}_old")
        if old is not UNSET:
            values[name] = old
        delta = getattr(packed, f"{name}_changed", UNSET)
        if delta is not UNSET:
            values[name] = _applied(getattr(session, name), delta)
    order = dict(packed.order)
    for table, places in packed.order_at.items():
        added = set(getattr(packed, f"{table}_added"))
        key = TABLE[table].key
        removed = [getattr(old, key) for old in getattr(packed, f"{table}_removed")]
        ids = [i for i in session.tables[table] if i not in added]
        for place, ident in sorted(zip(places, removed, strict=True)):
            ids.insert(place, ident)
        order[table] = tuple(ids)
    return Restore(
        label=packed.label,
        rows=rows,
        order=order,
        values=values,
        rng=_rng(step, packed),
        log_keep=packed.log_keep,
        log_append=packed.log_append,
    )


def _rng(step: Step, packed: Any) -> RngMark | RngState | None:
    if step.words is not None:
        return RngMark(step.words, packed.rng_index, packed.rng_gauss, packed.rng_version)
    return packed.rng_state  # type: ignore[no-any-return]


def _applied(now: Struct, delta: Struct) -> Struct:
    """``now`` with the fields ``delta`` sets."""
    return msgspec.structs.replace(
        now,
        **{
            name: value
            for name in delta.__struct_fields__
            if (value := getattr(delta, name)) is not UNSET
        },
    )

"""The bytes an undo step is packed into (``undo_steps``): MessagePack of a struct with a
part for each table and single value of the registry, and short keys. Steps live in
memory only, so this format may change between versions of the app."""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, Struct, UnsetType

from futurepath_desktop.session.registry import TABLES, VALUES
from futurepath_desktop.session.state import RngState


def delta_type(record: type[Struct]) -> type[Struct]:
    """A record type's delta: every field optional, and left out of the bytes when unset."""
    fields = [(f.name, f.type | UnsetType, UNSET) for f in msgspec.structs.fields(record)]
    return msgspec.defstruct(
        f"{record.__name__}Delta",
        fields,
        omit_defaults=True,
        module=__name__,
        gc=False,
        forbid_unknown_fields=True,
    )


def columns_type(record: type[Struct]) -> type[Struct]:
    """A record type's columns: for each field, the old values of a group of records that
    changed in just the same fields (a Counters phase ticks two hundred counters' ``remaining``:
    one column of numbers, not two hundred deltas)."""
    fields: list[tuple[str, Any, Any]] = []
    for field in msgspec.structs.fields(record):
        kind: Any = field.type
        fields.append((field.name, tuple[kind, ...] | UnsetType, UNSET))
    return msgspec.defstruct(
        f"{record.__name__}Columns", fields, omit_defaults=True, module=__name__, gc=False
    )


def records_of(kind: Any) -> list[type[Struct]]:
    """The record types a table or single value holds (``MapState | None``: MapState)."""
    kinds = getattr(kind, "__args__", (kind,))
    return [k for k in kinds if isinstance(k, type) and issubclass(k, Struct)]


DELTA: dict[type[Struct], type[Struct]] = {
    kind: delta_type(kind)
    for kind in {t.record for t in TABLES}.union(*(records_of(v) for v in VALUES.values()))
}
"""The delta type of every record type a table or a single value holds."""

COLUMNS: dict[type[Struct], type[Struct]] = {t.record: columns_type(t.record) for t in TABLES}
"""The columns type of every table's record type."""

FIELD_AT: dict[type[Struct], dict[str, int]] = {
    kind: {name: at for at, name in enumerate(kind.__struct_fields__)} for kind in DELTA
}


def packed_type() -> Any:
    fields: list[tuple[str, Any, Any]] = []
    for table in TABLES:
        columns: Any = COLUMNS[table.record]
        fields += [
            (f"{table.name}.added", tuple[str, ...], ()),
            (f"{table.name}.removed", tuple[table.record, ...], ()),  # type: ignore[name-defined]
            (
                f"{table.name}.changed",
                tuple[tuple[tuple[int, ...], tuple[str, ...], columns], ...],
                (),
            ),
        ]
    for name, kind in VALUES.items():
        fields.append((f"{name}.old", kind | UnsetType, UNSET))
        for record in records_of(kind):
            delta = DELTA[record]
            changed: Any = tuple[tuple[int, ...], delta] | UnsetType  # type: ignore[valid-type]
            fields.append((f"{name}.changed", changed, UNSET))
    fields += [
        ("label", str, ""),
        ("rng_index", int | None, None),
        ("rng_gauss", float | None, None),
        ("rng_version", int, 3),
        ("rng_state", RngState | None, None),
        ("kept_prefix", dict[str, int], {}),
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
        gc=False,
        rename={name: format(i, "x") for i, (name, _, _) in enumerate(named)},  # short keys
    )


Packed: Any = packed_type()
ENCODER = msgspec.msgpack.Encoder()
DECODER = msgspec.msgpack.Decoder(Packed)


LABEL_DECODER: Any = msgspec.msgpack.Decoder(
    msgspec.defstruct(
        "PackedLabel",
        [("label", str, "")],
        module=__name__,
        gc=False,
        rename={"label": Packed.__struct_encode_fields__[Packed.__struct_fields__.index("label")]},
    )
)

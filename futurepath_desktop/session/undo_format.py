"""The bytes an undo step is packed into (``undo_steps``): MessagePack of a struct with a
part for each table and single value of the registry, and short keys. Steps live in
memory only, so this format may change between versions of the app."""

from __future__ import annotations

import functools
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


def packed_type(
    delta: dict[type[Struct], type[Struct]], columns_of: dict[type[Struct], type[Struct]]
) -> Any:
    fields: list[tuple[str, Any, Any]] = []
    for table in TABLES:
        columns: Any = columns_of[table.record]
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
            part = delta[record]
            changed: Any = tuple[tuple[int, ...], part] | UnsetType  # type: ignore[valid-type]
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


class Packing:
    """The types, encoder and decoders of the packed steps, made once, at the first step:
    defining them (a type per record type, and the decoder's plan) is off the start-up
    path, where no command has been done yet."""

    def __init__(self) -> None:
        records = {t.record for t in TABLES}.union(*(records_of(v) for v in VALUES.values()))
        self.delta: dict[type[Struct], type[Struct]] = {k: delta_type(k) for k in records}
        """The delta type of every record type a table or a single value holds."""
        self.columns: dict[type[Struct], type[Struct]] = {
            t.record: columns_type(t.record) for t in TABLES
        }
        """The columns type of every table's record type."""
        self.field_at: dict[type[Struct], dict[str, int]] = {
            kind: {name: at for at, name in enumerate(kind.__struct_fields__)}
            for kind in self.delta
        }
        packed: Any = packed_type(self.delta, self.columns)
        self.packed = packed
        self.encoder = msgspec.msgpack.Encoder()
        self.decoder: Any = msgspec.msgpack.Decoder(packed)
        label = packed.__struct_encode_fields__[packed.__struct_fields__.index("label")]
        self.label_decoder: Any = msgspec.msgpack.Decoder(
            msgspec.defstruct(
                "PackedLabel",
                [("label", str, "")],
                module=__name__,
                gc=False,
                rename={"label": label},
            )
        )
        self.fields = frozenset(packed.__struct_fields__)
        at = {name: place for place, name in enumerate(packed.__struct_fields__)}
        self.table_parts = tuple(
            (t.name, t.key, at[f"{t.name}_added"], at[f"{t.name}_removed"], at[f"{t.name}_changed"])
            for t in TABLES
        )
        """Each table, its key, and where its added ids, removed records and deltas are."""
        self.value_parts = tuple((n, at[f"{n}_old"], at.get(f"{n}_changed")) for n in VALUES)
        """Each single value, and where its old value and its delta are packed."""


@functools.cache
def packing() -> Packing:
    """The packing of undo steps (made at the first call)."""
    return Packing()

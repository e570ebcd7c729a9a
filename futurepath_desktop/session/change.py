"""What a command changed, for views to update exactly that: the ids and fields of every
table, the single values and their fields, the log, and the bearers of changed conditions."""

from __future__ import annotations

import msgspec
from msgspec import field

from futurepath_desktop.session.registry import PARTS


class Change(msgspec.Struct, frozen=True):
    """What a command changed. Tables no command touched are absent from the dicts."""

    added: dict[str, frozenset[str]] = field(default_factory=dict)
    removed: dict[str, frozenset[str]] = field(default_factory=dict)
    fields: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    """For each table, the ids of records that stayed but changed, with the changed fields."""
    reordered: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()
    """The single values that changed (``"combat"``, ``"options"``, ``"map"``...)."""
    value_fields: dict[str, frozenset[str]] = field(default_factory=dict)
    """For each changed single value that is a record, the fields that changed."""
    rng: bool = False
    log_appended: int = 0
    log_truncated: bool = False
    bearers: frozenset[str] = frozenset()
    """Combatants whose conditions changed: the bearers, before and after, of every
    condition added, removed or changed (a view need not remember who bore a removed one)."""

    def touched(self, table: str) -> frozenset[str]:
        """Every id of ``table`` that was added, removed or changed."""
        return (
            self.added.get(table, frozenset())
            | self.removed.get(table, frozenset())
            | frozenset(self.fields.get(table, {}))
        )

    def changed_fields(self, table: str, ident: str) -> frozenset[str]:
        """The fields of one record that changed (empty if it was added or removed)."""
        return self.fields.get(table, {}).get(ident, frozenset())

    def in_table(self, *tables: str) -> bool:
        """Whether any record of these tables was added, removed, changed or reordered."""
        return any(
            t in self.added or t in self.removed or t in self.fields or t in self.reordered
            for t in tables
        )

    @property
    def combat(self) -> bool:
        """The fight's state (round, phase, order, who acted) changed."""
        return "combat" in self.values

    @property
    def options(self) -> bool:
        """The rule options (R40) changed."""
        return "options" in self.values

    @property
    def name(self) -> bool:
        """The session was renamed."""
        return "name" in self.values

    @property
    def map(self) -> bool:
        """Anything on the map changed: its settings, or a token, area, template or grenade."""
        return "map" in self.values or self.in_table(*PARTS["map"])

    @property
    def space(self) -> bool:
        """Anything of space combat changed: the space round, the chart, or a ship."""
        return "space" in self.values or self.in_table(*PARTS["space"])

    @property
    def empty(self) -> bool:
        """Nothing changed at all."""
        return not (
            self.added
            or self.removed
            or self.fields
            or self.reordered
            or self.values
            or self.log_appended
            or self.log_truncated
        )


def fields_changed(old: msgspec.Struct, new: msgspec.Struct) -> frozenset[str]:
    """The names of the fields in which two records of one type differ."""
    # Whole records compared first, in C: a Counters phase touches thousands of them.
    before, after = msgspec.structs.astuple(old), msgspec.structs.astuple(new)
    if before == after:
        return _NOTHING
    names = tuple(
        name
        for name, was, now in zip(old.__struct_fields__, before, after, strict=True)
        if was != now
    )
    return field_set(names)


def field_set(names: tuple[str, ...]) -> frozenset[str]:
    """``frozenset(names)``, shared: the same few sets recur (``{"hp"}``, ``{"remaining"}``)
    in thousands of change reports and undo steps, and each keeps one copy."""
    found = _SETS.get(names)
    if found is None:
        found = _SETS[names] = frozenset(names)
    return found


_NOTHING: frozenset[str] = frozenset()
_SETS: dict[tuple[str, ...], frozenset[str]] = {}

"""The autosave journal's lines: what one command changed, as new values (a patch), made
from the registry so that every table and single value of the document is journaled."""

from __future__ import annotations

import time
from typing import Any

import msgspec

from futurepath_desktop.session.edit import Applied, Edit
from futurepath_desktop.session.registry import TABLE, TABLES, VALUES
from futurepath_desktop.session.restore import Restore
from futurepath_desktop.session.state import LogEntry, RngState, Session


def _patch_type() -> Any:
    fields: list[tuple[str, Any, Any]] = [
        (table.name, tuple[tuple[str, table.record | None], ...], ())  # type: ignore[name-defined]
        for table in TABLES
    ]
    fields += [(name, kind | None, None) for name, kind in VALUES.items()]
    fields += [
        ("values_changed", tuple[str, ...], ()),
        ("order", dict[str, tuple[str, ...]], {}),
        ("rng", RngState | None, None),
        ("log_keep", int, 0),
        ("log_append", tuple[LogEntry, ...], ()),
        # The action's label ("Space Bear 2 takes 5 damage"), for the recovery prompt,
        # and when it was done (seconds since the epoch).
        ("label", str, ""),
        ("at", float, 0.0),
    ]
    return msgspec.defstruct("Patch", fields, frozen=True, omit_defaults=True, module=__name__)


Patch: Any = _patch_type()
"""What one command changed, as new values: for each table the (id, record or None) of
every record it touched, every single value it changed, the table orders it moved, the
generator's state and the log entries past ``log_keep``."""


def forward_patch(session: Session, applied: Applied) -> Any:
    """The patch that turns the state before ``applied`` into the state now."""
    change = applied.change
    tables: dict[str, Any] = {}
    order: dict[str, tuple[str, ...]] = {}
    for table in TABLES:
        touched = change.touched(table.name)
        if not touched and table.name not in change.reordered:
            continue
        current = session.tables[table.name]
        tables[table.name] = tuple((i, current.get(i)) for i in sorted(touched))
        if (
            table.name in change.reordered
            or table.name in change.added
            or table.name in change.removed
        ):
            order[table.name] = tuple(current)
    values = {name: getattr(session, name) for name in change.values}
    keep = applied.inverse.log_keep
    return Patch(
        **tables,
        **values,
        values_changed=tuple(sorted(change.values)),
        order=order,
        rng=RngState.of(session.seed, session.rng) if change.rng else None,
        log_keep=keep,
        log_append=tuple(session.log[keep:]),
        label=applied.label,
        at=time.time(),
    )


def apply_patch(session: Session, patch: Any) -> None:
    """Replay one journaled patch onto a session."""
    restore = Restore(
        label="recovered",
        rows={t.name: getattr(patch, t.name) for t in TABLES if getattr(patch, t.name)},
        order={k: v for k, v in patch.order.items() if k in session.tables},
        values={name: getattr(patch, name) for name in patch.values_changed if name in VALUES},
        rng=patch.rng,
        log_keep=patch.log_keep,
        log_append=patch.log_append,
    )
    restore.perform(session, Edit(session))


class Stamp(msgspec.Struct):
    """What every journal line says of itself, in any format: its label and time."""

    label: str = ""
    at: float = 0.0


def patch_from_format_2(session: Session, document: dict[str, Any]) -> Any:
    """A journal line written by a format 2 app (one that crashed before an update), as a
    format 3 patch against the session it applies to. Format 2 replaced the whole map or
    space value; format 3 keeps their many parts in tables, so the line's map and ships
    become those tables' rows: the ones it holds, and None for the ones it no longer does."""
    from futurepath_desktop.session.upgrades import UPGRADES

    carried = ("teams", "combatants", "conditions", "rng", "log_keep", "log_append", "label", "at")
    new: dict[str, Any] = {k: document[k] for k in carried if k in document}
    changed = [k for k in ("combat", "options", "name") if document.get(k) is not None]
    new.update({k: document[k] for k in changed})
    order: dict[str, Any] = dict(document.get("order") or {})
    if document.get("map_changed"):
        changed.append("map")
        grid = document.get("map")
        lifted = UPGRADES[2]({"format_version": 2, "map": grid}) if grid is not None else {}
        new["map"] = lifted.get("map")
        for table in ("tokens", "areas", "templates", "grenades"):
            new[table], order[table] = _whole_table(session, table, lifted.get(table, []))
    if document.get("space") is not None:
        changed.append("space")
        lifted = UPGRADES[2]({"format_version": 2, "space": document["space"]})
        new["space"] = lifted["space"]
        new["ships"], order["ships"] = _whole_table(session, "ships", lifted.get("ships", []))
    new["values_changed"] = changed
    new["order"] = order
    return msgspec.convert(new, Patch)


def _whole_table(
    session: Session, table: str, rows: list[dict[str, Any]]
) -> tuple[list[Any], list[str]]:
    key = TABLE[table].key
    wanted = [row[key] for row in rows]
    kept = set(wanted)
    gone = [[ident, None] for ident in session.tables[table] if ident not in kept]
    return [[row[key], row] for row in rows] + gone, wanted

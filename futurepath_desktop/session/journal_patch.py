"""The autosave journal's lines: what one command changed, as new values (a patch), made
from the registry so that every table and single value of the document is journaled."""

from __future__ import annotations

import time
from typing import Any

import msgspec

from futurepath_desktop.session.edit import Applied, Edit, Restore
from futurepath_desktop.session.registry import TABLES, VALUES
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

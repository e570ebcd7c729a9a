"""The exact inverse of a command (a :class:`Restore`): every :class:`~session.edit.Edit`
gives one, and undo and redo are Restores performed in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import msgspec

from futurepath_desktop.session.rng_marks import RngMark
from futurepath_desktop.session.state import LogEntry, RngState, Session

if TYPE_CHECKING:
    from futurepath_desktop.session.edit import Edit

FieldsByRow = dict[str, dict[str, frozenset[str]]]
"""For each table, the names of the fields changed in each record, by id."""


class Restore(msgspec.Struct, frozen=True):
    """The exact inverse of a command: puts back old records, values, log and generator.

    Performing a Restore yields another Restore (its own inverse), which is how redo
    works: nothing is rolled again, so redo gives back exactly the same state.
    """

    label: str
    rows: dict[str, tuple[tuple[str, Any], ...]]
    order: dict[str, tuple[str, ...]]
    values: dict[str, Any] = msgspec.field(default_factory=dict)
    rng: RngMark | RngState | None = None
    log_keep: int = 0
    log_append: tuple[LogEntry, ...] = ()
    known: FieldsByRow | None = None
    """Which fields of each record putting it back changes, when known: the inverse of a
    command changes back exactly the fields the command changed, on the state it left
    (which is where undo and redo perform it). The change report then takes them as they
    are instead of comparing each old record with the new one, field by field."""

    kind: ClassVar[str] = "restore"

    def perform(self, session: Session, edit: Edit) -> str:
        """Put every recorded value back."""
        edit.known = self.known
        for table, rows in self.rows.items():
            edit.put_back(table, rows)
        for table, order in self.order.items():
            edit.reorder(table, order)
        for name, value in self.values.items():
            edit.set(name, value)
        if self.rng is not None:
            edit.set_rng(self.rng)
        edit.truncate_log(self.log_keep)
        session.log.extend(self.log_append)
        return self.label

    def restore(self, session: Session) -> None:
        """Apply without recording (used to roll back a failed command)."""
        from futurepath_desktop.session.edit import Edit

        self.perform(session, Edit(session))

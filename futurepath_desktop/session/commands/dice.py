"""A free dice roll into the log (R1: from the session's own generator, so undo rewinds it)."""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Session


class RollDice(msgspec.Struct, frozen=True):
    """Roll a free-form dice expression ("3d6+2") into the log."""

    expression: str
    label: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        if len(self.label) > 2000:
            raise CommandError("a roll's label is 2,000 characters at most")
        roll = edit.roller().roll(self.expression)
        what = f"{self.label}: " if self.label else ""
        edit.log("roll", f"{what}{roll.render()}", rolls=[roll])
        return f"Roll {roll.expression}: {roll.total}"

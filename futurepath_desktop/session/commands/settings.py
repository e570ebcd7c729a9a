"""Commands on the session's settings: its rule options (R40) and its name."""

from __future__ import annotations

import msgspec

from futurepath_desktop.session.commands.roster import validated_options
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Options, Session


class SetOptions(msgspec.Struct, frozen=True):
    """R40: change the session's rule options (undoable)."""

    options: Options

    def perform(self, session: Session, edit: Edit) -> str:
        options = validated_options(self.options)
        before = session.options
        edit.set_options(options)
        changes = [
            f"{name}: {getattr(before, name)} → {getattr(options, name)}"
            for name in options.__struct_fields__
            if getattr(before, name) != getattr(options, name)
        ]
        edit.log("options", "Rule options changed (R40): " + ("; ".join(changes) or "no change"))
        return "Change rule options"


class RenameSession(msgspec.Struct, frozen=True):
    """Give the session a new name."""

    name: str

    def perform(self, session: Session, edit: Edit) -> str:
        name = self.name.strip()
        if not 1 <= len(name) <= 120:
            raise CommandError("a session's name is 1 to 120 characters long")
        edit.set_name(name)
        return f"Rename session to {name}"

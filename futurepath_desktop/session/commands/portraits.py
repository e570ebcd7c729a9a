"""A combatant's portrait: a picture kept beside the session file, like the map's background."""

from __future__ import annotations

import re

import msgspec
from msgspec.structs import replace

from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Session

PORTRAIT_PATH_MAX = 1000
"""The file format's limit on the path (``Combatant.portrait``)."""

_DRIVE = re.compile(r"^[A-Za-z]:")


def portrait_path(path: str | None) -> str | None:
    """``path`` as the session keeps it: stripped, with ``/`` between folders; None (or an
    empty path) for no portrait. A path that is not relative to the session is refused, so
    that the session can be moved with its pictures."""
    if not path:
        return None
    kept = path.strip().replace("\\", "/")
    if not kept:
        raise CommandError("the portrait's path is empty; choose a picture or remove the portrait")
    if kept.startswith("/") or _DRIVE.match(kept):
        raise CommandError(
            f"the portrait {kept!r} is kept as a path relative to the session file, "
            "not from the top of the disk"
        )
    if len(kept) > PORTRAIT_PATH_MAX:
        raise CommandError(f"the portrait's path is longer than {PORTRAIT_PATH_MAX} characters")
    return kept


class SetPortrait(msgspec.Struct, frozen=True):
    """Give a combatant a portrait (its path relative to the session file), or take it away
    (``path`` None). A missing picture is drawn as none, never a load failure."""

    combatant_id: str
    path: str | None

    def perform(self, session: Session, edit: Edit) -> str:
        who = session.combatant(self.combatant_id)
        path = portrait_path(self.path)
        if path == who.portrait:
            raise CommandError(
                f"{who.name} has that portrait already" if path else f"{who.name} has no portrait"
            )
        edit.put("combatants", replace(who, portrait=path))
        edit.log(
            "roster", f"{who.name}'s portrait: {path}" if path else f"{who.name}'s portrait removed"
        )
        return f"Portrait of {who.name}" if path else f"Remove {who.name}'s portrait"

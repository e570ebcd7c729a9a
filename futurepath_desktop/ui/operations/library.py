"""Operations between the session and the prep library."""

from __future__ import annotations

from collections.abc import Sequence

from futurepath_desktop.session.library import (
    AddFromLibrary,
    Library,
    Template,
    combatant_template,
)
from futurepath_desktop.ui.undo import SessionController


def add_from_library(
    controller: SessionController, template: Template, team_id: str | None
) -> bool:
    """Copy a prepared template into the session (a combatant into ``team_id``)."""
    return controller.push(AddFromLibrary(template, team_id))


def save_to_library(controller: SessionController, library: Library, ids: Sequence[str]) -> bool:
    """Keep these combatants as templates for later fights (the session is unchanged)."""
    for ident in ids:
        combatant = controller.session.combatants[ident]
        kind = "character" if combatant.kind == "pc" else combatant.kind
        library.save(combatant_template(combatant, kind))
    return True

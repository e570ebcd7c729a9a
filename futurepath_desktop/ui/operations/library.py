"""Operations between the session and the prep library: templates copied in, the campaign's
party joining, the next encounter and a rest."""

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
    controller: SessionController, template: Template, team_id: str | None, count: int = 1
) -> bool:
    """Copy a prepared template into the session (a combatant ×``count`` into ``team_id``)."""
    return controller.push(AddFromLibrary(template, team_id, count))


def save_to_library(controller: SessionController, library: Library, ids: Sequence[str]) -> bool:
    """Keep these combatants as templates for later fights (the session is unchanged)."""
    for ident in ids:
        combatant = controller.session.combatants[ident]
        kind = "character" if combatant.kind == "pc" else combatant.kind
        library.save(combatant_template(combatant, kind))
    return True


def join_party(controller: SessionController, party: Template) -> bool:
    """The campaign's party joins the session as the library keeps it."""
    from futurepath_desktop.session.commands import JoinParty

    return controller.push(JoinParty(party))


def set_campaign(controller: SessionController, campaign: str, name: str) -> bool:
    """Remember the campaign this session belongs to."""
    from futurepath_desktop.session.commands import SetCampaign

    return controller.push(SetCampaign(campaign, name))


def next_encounter(controller: SessionController, encounter: Template) -> bool:
    """Every team but the players' leaves; the encounter's teams arrive."""
    from futurepath_desktop.session.commands import NextEncounter

    return controller.push(NextEncounter(encounter))


def rest(
    controller: SessionController,
    ids: Sequence[str],
    *,
    hp: bool,
    fatigue: bool,
    ammunition: bool,
    conditions: bool,
) -> bool:
    """The chosen combatants rest, getting back what the GM chose, in one step."""
    from futurepath_desktop.session.commands import Rest

    return controller.push(Rest(tuple(ids), hp, fatigue, ammunition, conditions))

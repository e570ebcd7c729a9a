"""Operations on the roster: teams and combatants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.commands.characters import SheetCharacter
from futurepath_desktop.session.state import Combatant, Session, Team, new_id
from futurepath_desktop.ui.undo import SessionController

TEAM_COLOURS = ("#3a7bd5", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")


def team_colour(session: Session) -> str:
    """The colour a new team gets: the next one round the list."""
    return TEAM_COLOURS[len(session.teams) % len(TEAM_COLOURS)]


def add_team(controller: SessionController, team: str | Team) -> bool:
    """Create a team: one called ``team`` (among the enemies), or the one given."""
    if isinstance(team, str):
        team = Team(id=new_id("team"), name=team, colour=team_colour(controller.session))
    return controller.push(c.AddTeam(team))


def add_combatant(controller: SessionController, combatant: Combatant) -> bool:
    """Put a new combatant into the session (it arrives waiting, R9)."""
    return controller.push(c.AddCombatant(combatant))


def remove_combatants(controller: SessionController, ids: Sequence[str]) -> bool:
    """Remove these combatants, as one command (one step of the undo history)."""
    return controller.push(c.RemoveCombatants(tuple(ids)))


def edit_combatant(controller: SessionController, ident: str, changes: dict[str, Any]) -> bool:
    """Change some of a combatant's stats, as one step (a refused change alters nothing).
    A maximum lowered below what the combatant has brings that down with it, in the same
    step (R26: HP cannot exceed max; R27 likewise for Health)."""
    combatant = controller.session.combatants.get(ident)
    if combatant is not None:
        changes = dict(changes)
        for most, now in (("max_hp", "hp"), ("max_health", "health")):
            lowered = changes.get(most)
            if (
                isinstance(lowered, int)
                and now not in changes
                and getattr(combatant, now) > lowered
            ):
                changes[now] = lowered
    return controller.push(c.EditCombatant(ident, changes))


def taken_along(controller: SessionController, ids: Sequence[str]) -> str:
    """What removing these combatants takes with them, in words ("their token on the map,
    1 condition and the Captain's seat on the Wayfarer"), from a dry run of the removal:
    the very references the removal follows."""
    from futurepath_desktop.session.edit import dry_run

    session = controller.session
    try:
        change = dry_run(session, c.RemoveCombatants(tuple(ids)))
    except FuturePathError:
        return ""
    parts = []
    tokens = len(change.removed.get("tokens", ()))
    if tokens:
        parts.append("their token on the map" if tokens == 1 else f"{tokens} tokens on the map")
    held = len(change.removed.get("conditions", ()))
    if held:
        parts.append(f"{held} condition{'s' if held != 1 else ''}")
    grenades = len(change.removed.get("grenades", ()))
    if grenades:
        parts.append(f"{grenades} waiting grenade{'s' if grenades != 1 else ''}")
    crewed = [
        session.ships[s].name
        for s, fields in change.fields.get("ships", {}).items()
        if "crew" in fields
    ]
    if crewed:
        parts.append(f"their crew positions on {' and '.join(crewed)}")
    if change.combat:
        parts.append("their place in the fight")
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else ""


def import_characters(
    controller: SessionController, characters: Sequence[SheetCharacter], team_id: str
) -> bool:
    """The characters read from the players' sheets join a team, in one step."""
    return controller.push(c.ImportCharacters(tuple(characters), team_id))


def set_portrait(controller: SessionController, ident: str, path: str | None) -> bool:
    """Give a combatant a portrait (a path relative to the session file), or take it away."""
    return controller.push(c.SetPortrait(ident, path))

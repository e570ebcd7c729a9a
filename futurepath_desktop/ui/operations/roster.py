"""Operations on the roster: teams and combatants."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.state import Combatant, Session, Team, new_id
from futurepath_desktop.ui.undo import SessionController

TEAM_COLOURS = ("#3a7bd5", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d")


def team_colour(session: Session) -> str:
    """The colour a new team gets: the next one round the list."""
    return TEAM_COLOURS[len(session.teams) % len(TEAM_COLOURS)]


def add_team(controller: SessionController, name: str) -> bool:
    """Create a team called ``name``."""
    team = Team(id=new_id("team"), name=name, colour=team_colour(controller.session))
    return controller.push(c.AddTeam(team))


def add_combatant(controller: SessionController, combatant: Combatant) -> bool:
    """Put a new combatant into the session (it arrives waiting, R9)."""
    return controller.push(c.AddCombatant(combatant))


def remove_combatants(controller: SessionController, ids: Sequence[str]) -> bool:
    """Remove these combatants, as one command (one step of the undo history)."""
    return controller.push(c.RemoveCombatants(tuple(ids)))


def edit_combatant(controller: SessionController, ident: str, changes: dict[str, Any]) -> bool:
    """Change some of a combatant's stats, as one step (a refused change alters nothing)."""
    return controller.push(c.EditCombatant(ident, changes))

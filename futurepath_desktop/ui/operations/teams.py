"""Operations on the teams, the turn order and the session's own settings: each pushes one
command of the session (one step of the undo history) and says whether it was taken."""

from __future__ import annotations

from typing import Any

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.state import Options
from futurepath_desktop.ui.undo import SessionController


def rename_session(controller: SessionController, name: str) -> bool:
    """Give the session a new name."""
    return controller.push(c.RenameSession(name))


def set_options(controller: SessionController, options: Options) -> bool:
    """R40: the session's rule options."""
    return controller.push(c.SetOptions(options))


def adjust_initiative(
    controller: SessionController, team_id: str, initiative: int, reason: str = ""
) -> bool:
    """R8: a GM's new initiative for a team; the acting order follows it."""
    return controller.push(c.AdjustInitiative(team_id, initiative, reason))


def shift_in_order(controller: SessionController, team_id: str, by: int) -> bool:
    """R8: move a team ``by`` places in the acting order (−1: earlier)."""
    order = list(controller.session.combat.order)
    at = order.index(team_id)
    order.insert(max(0, min(len(order) - 1, at + by)), order.pop(at))
    return controller.push(c.ReorderTeams(tuple(order)))


def edit_team(controller: SessionController, team_id: str, changes: dict[str, Any]) -> bool:
    """Change a team's name, colour or side."""
    return controller.push(c.EditTeam(team_id, changes))


def move_team(controller: SessionController, team_id: str, index: int) -> bool:
    """Put a team at another place in the roster."""
    return controller.push(c.MoveTeam(team_id, index))


def move_to_team(controller: SessionController, combatant_id: str, team_id: str) -> bool:
    """Put a combatant at the end of another team (outside combat)."""
    end = len(controller.session.members(team_id))
    return controller.push(c.MoveCombatant(combatant_id, team_id, end))


def remove_team(controller: SessionController, team_id: str) -> bool:
    """Remove a team and everyone in it (and whatever names them), as one step."""
    return controller.push(c.RemoveTeam(team_id))

"""Operations on the fight: its steps, its start and end, and arrivals (R9)."""

from __future__ import annotations

from collections.abc import Sequence

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.combat_flow import team_name, teams_yet_to_act
from futurepath_desktop.session.state import Team, new_id
from futurepath_desktop.ui.operations.roster import team_colour
from futurepath_desktop.ui.undo import SessionController


def start_combat(controller: SessionController, unaware: Sequence[str]) -> bool:
    """Start the fight with these combatants unaware (R11)."""
    return controller.push(c.StartCombat(tuple(unaware)))


def turns_lost_by_next_phase(controller: SessionController) -> list[str]:
    """The teams (by name) that would lose their turn if the phase ended now."""
    session = controller.session
    return [team_name(session, team) for team in teams_yet_to_act(session)]


def next_turn(controller: SessionController) -> bool:
    """Hand the turn to the next team."""
    return controller.push(c.NextTurn())


def next_phase(controller: SessionController) -> bool:
    """Go on to the next phase."""
    return controller.push(c.NextPhase())


def next_round(controller: SessionController) -> bool:
    """Run the rest of the round."""
    return controller.push(c.NextRound())


def end_combat(controller: SessionController, resolve: bool) -> bool:
    """End the fight, running the leftover effects' remaining rounds if ``resolve`` (R14)."""
    return controller.push(c.EndCombat(resolve))


def join(
    controller: SessionController,
    joiners: Sequence[str],
    *,
    team_id: str | None = None,
    new_team: str = "",
    surprise: bool = False,
) -> bool:
    """Bring waiting combatants into the fight (R9): into ``team_id``, or into a new
    neutral team called ``new_team``."""
    if team_id is not None:
        return controller.push(c.JoinCombat(tuple(joiners), team_id=team_id, surprise=surprise))
    session = controller.session
    team = Team(id=new_id("team"), name=new_team, colour=team_colour(session), side="neutral")
    return controller.push(c.JoinCombat(tuple(joiners), new_team=team, surprise=surprise))

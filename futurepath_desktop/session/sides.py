"""Who fights beside the players (R56): the sides a team can be on that count as theirs."""

from __future__ import annotations

from futurepath_desktop.session.state import Combatant, Session

FRIENDLY_SIDES = frozenset({"players", "allies"})
"""R56: the sides that fight with the players; the players know all about their own."""


def is_friendly(session: Session, combatant: Combatant) -> bool:
    """Whether a combatant fights on the players' side (R56)."""
    team = session.teams.get(combatant.team_id)
    return team is not None and team.side in FRIENDLY_SIDES

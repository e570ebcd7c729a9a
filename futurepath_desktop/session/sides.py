"""Who fights beside the players (R56): the sides a team can be on that count as theirs."""

from __future__ import annotations

from futurepath_desktop.session.state import Combatant, Session

FRIENDLY_SIDES = frozenset({"players", "allies"})
"""R56: the sides that fight with the players; the players know all about their own."""


def is_friendly(session: Session, combatant: Combatant) -> bool:
    """Whether a combatant fights on the players' side (R56)."""
    team = session.teams.get(combatant.team_id)
    return team is not None and team.side in FRIENDLY_SIDES


def side_order(own: str, other: str) -> int:
    """How another side stands to ``own`` (R56): 0 the other side of the fight, 1 neutral
    (or ``own`` is), 2 the same side (the players and their allies are one side)."""
    if own == "neutral" or other == "neutral":
        return 1
    return 2 if (other in FRIENDLY_SIDES) == (own in FRIENDLY_SIDES) else 0

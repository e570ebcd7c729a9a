"""What a screen reader hears of the panels that draw their own pictures: where the fight
stands (the phase strip) and what is on the map (its tokens are scene items, which have no
accessible interface of their own, so the map view's description lists them)."""

from __future__ import annotations

from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.map_rules import square_name
from futurepath_desktop.session.state import Session

MOST_TOKENS = 40
"""Tokens named one by one in the map's description; past these, how many more."""


def fight_words(session: Session) -> str:
    """Where the fight stands, in one sentence: the round, the phase, who acts."""
    combat = session.combat
    if not combat.active:
        return "No combat. Start Combat begins one."
    words = [f"Round {combat.round}", f"phase {Phase(combat.phase).label}"]
    team = session.teams.get(combat.acting_team or "")
    if combat.surprise_round:
        words.append("surprise round")
    if team is not None:
        words.append(f"{team.name} acting")
    return ", ".join(words) + "."


def map_words(session: Session) -> str:
    """The tokens on the map as the game master sees them: who, of which team, where,
    whether down or in fog; the acting team's first."""
    grid = session.map
    if grid is None:
        return "No map in this session."
    acting = session.combat.acting_team
    rule = session.options.vitality
    tokens = sorted(
        session.tokens.values(),
        key=lambda t: session.combatants[t.combatant_id].team_id != acting,
    )
    said = []
    for token in tokens[:MOST_TOKENS]:
        who = session.combatants[token.combatant_id]
        team = session.teams.get(who.team_id)
        text = f"{who.name}{f' ({team.name})' if team else ''} at {square_name(token.square)}"
        if who.is_down(rule):
            text += ", down"
        if session.fogged(token.square):
            text += ", in fog"
        said.append(text)
    if len(tokens) > MOST_TOKENS:
        said.append(f"and {len(tokens) - MOST_TOKENS} more")
    size = f"A map of {grid.width} by {grid.height} squares"
    if not said:
        return f"{size}, with no tokens on it."
    count = f"{len(tokens)} token{'s' if len(tokens) != 1 else ''}"
    return f"{size}, {count}: " + "; ".join(said) + "."

"""What a combatant has used of its turn and what is left (R15, R16, R50), in the words the
inspector shows under its name."""

from __future__ import annotations

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.actions import TurnEconomy, validate_turn
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import moving
from futurepath_desktop.session.map_rules import acts_now
from futurepath_desktop.session.state import Combatant, Session


def left_of(turn: TurnEconomy) -> str:
    """What R15 still allows after the actions declared so far."""
    if turn.ended:
        return "nothing: the turn has ended"
    if not turn.declared:
        return "a Full-Round action, or a Standard, a Simple and a Free action"
    parts = []
    if turn.standard is None and turn.full_round is None:
        parts.append("the Standard action")
    if not turn.simple_used and turn.full_round is None:
        parts.append("the Simple action")
    if turn.free_count < 4:
        parts.append("a Free action")
    return ", ".join(parts) if parts else "nothing"


def turn_line(session: Session, combatant: Combatant) -> str:
    """ "This turn: standard (move), 20 ft moved. Left: the Simple action, a Free action;
    15 ft of movement" for the acting combatant; a short note for anyone else; "" out of
    combat."""
    combat = session.combat
    if not combat.active or not combatant.present:
        return ""
    if not acts_now(session, combatant.id, combat.acting_team):
        if combat.surprise_round and combatant.team_id == combat.acting_team:
            return "Surprised: does not act in the surprise round."
        return "Not its turn."
    try:
        turn = validate_turn(combat.turns.get(combatant.id, ()))
    except FuturePathError:  # a file edited by hand; the turn column says what is wrong
        return ""
    token = session.tokens.get(combatant.id)
    used = turn.summary()
    if token is not None and token.moved_ft:
        used += f", {token.moved_ft} ft moved"
    line = f"This turn: {used}. Left: {left_of(turn)}"
    refusal = moving.movement_refusal(session, combatant)
    if token is not None and refusal is None and not turn.ended:
        feet = moving.feet_left(session, combatant.id, core_grid.MoveType.RUN)
        speed, why = moving.speed_now(session, combatant)
        slow = f" ({why})" if why else ""
        line += f"; {feet} ft of movement{slow}" if feet else "; no movement"
        if feet > max(0, speed - token.moved_ft):
            line += f", past {speed} ft a Sprint"
    elif refusal is not None and "cannot move" in refusal:
        line += f"; {refusal.split(' (R')[0]}"
    return line + "."

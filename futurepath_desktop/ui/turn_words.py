"""What a combatant has used of its turn and what is left (R15, R16, R50), and how its
initiative score is made (R5), in the words the inspector shows."""

from __future__ import annotations

from futurepath_desktop.core import grid as core_grid
from futurepath_desktop.core.actions import TurnEconomy, validate_turn
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.map_rules import acts_now
from futurepath_desktop.session.state import Combatant, Session


def left_of(turn: TurnEconomy) -> str:
    """What R15 still allows after the actions declared so far, in a few words."""
    if turn.ended:
        return "nothing, the turn has ended"
    parts = []
    if turn.standard is None and turn.full_round is None:
        parts.append("standard")
    if not turn.simple_used and turn.full_round is None:
        parts.append("simple")
    if turn.free_count < 4:
        parts.append("free")
    return ", ".join(parts) if parts else "nothing"


def turn_line(session: Session, combatant: Combatant) -> tuple[str, str]:
    """The acting combatant's turn in one short line and in full (for the tooltip):
    "Turn: standard (move) · left: simple, free · 30 ft to move, 110 as a Sprint", and
    "… 10 ft moved … 110 ft of movement left, as a Sprint past 40 ft"; once a Sprint has
    ended the turn, what is left of it. Anyone else gets a short note; nobody anything out
    of combat."""
    combat = session.combat
    if not combat.active or not combatant.present:
        return "", ""
    if not acts_now(session, combatant.id, combat.acting_team):
        if combat.surprise_round and combatant.team_id == combat.acting_team:
            note = "Surprised: does not act in the surprise round."
        else:
            note = "Not its turn."
        return note, note
    try:
        turn = validate_turn(combat.turns.get(combatant.id, ()))
    except FuturePathError:  # a file edited by hand; the turn column says what is wrong
        return "", ""
    token = session.tokens.get(combatant.id)
    # The movement rules (and the attack rules they read) load with the first turn shown.
    from futurepath_desktop.session import moving

    refusal = moving.movement_refusal(session, combatant)
    rest = ""  # a move that ended the turn may still go on, as the same action (R50)
    if turn.ended and token is not None and refusal is None:
        names = [name for name, _ in combat.turns.get(combatant.id, ())]
        going = next((name for name in names if name in moving.MOVE_TYPES), None)
        feet = moving.feet_left(session, combatant.id, moving.MOVE_TYPES[going]) if going else 0
        rest = f"{feet} ft more of the {going}" if feet else ""
    if turn.declared:
        left = f"{rest}, then nothing" if rest else left_of(turn)
        short = [f"Turn: {turn.summary()}", f"left: {left}"]
        moved = f", {token.moved_ft} ft moved" if token is not None and token.moved_ft else ""
        full = [f"Used this turn: {turn.summary()}{moved}", f"Left: {left}"]
    else:
        short = ["Turn: nothing used yet"]
        full = ["Nothing used this turn yet"]
    if token is not None and refusal is None and not turn.ended:
        feet = moving.feet_left(session, combatant.id, core_grid.MoveType.RUN)
        speed, why = moving.speed_now(session, combatant)
        within = min(feet, max(0, speed - token.moved_ft))  # what the log's "left" counts
        if feet > within:  # the rest only as a Sprint, which ends the turn (R16, R50)
            short.append(f"{within} ft to move, {feet} as a Sprint")
        else:
            short.append(f"{feet} ft to move" if feet else "no move left")
        move = f"{feet} ft of movement left"
        if feet > within:
            move += f", as a Sprint past {speed} ft (it ends the turn)"
        full.append(f"{move}; {why}" if why else move)
    elif refusal is not None and "cannot move" in refusal:
        short.append("cannot move")
        full.append(refusal.split(" (R")[0])
    return " · ".join(short), "\n".join(full)


def initiative_words(combatant: Combatant, rule: str) -> str:
    """The initiative score and how it is made (R5, or the scores option of R40)."""
    abilities, misc = combatant.abilities, combatant.initiative_misc
    if rule == "scores":
        made = f"DEX {abilities.dexterity} + WIS {abilities.wisdom} + MISC {misc}"
    else:
        dex, wis = abilities.mod("dexterity"), abilities.mod("wisdom")
        made = f"DEX mod {dex:+} + WIS mod {wis:+} + MISC {misc:+}"
    return f"{combatant.initiative(rule):+} ({made})"

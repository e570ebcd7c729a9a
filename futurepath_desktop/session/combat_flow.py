"""The fight's flow (R10-R13): what happens when a turn starts and ends, when a phase
begins, in the Counters phase and in the surprise round, and how Next Turn moves on.
The commands that start, advance and end a fight (``commands.combat``) call these."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.core.counters import RoundCounter
from futurepath_desktop.core.initiative import (
    TeamStanding,
)
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.attack_plan import condition_defs
from futurepath_desktop.session.commands.grenades import explode_due
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.commands.reminders import remind_round, remind_turn
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError
from futurepath_desktop.session.recurring import tick_effect
from futurepath_desktop.session.space_rules import runs_in_space
from futurepath_desktop.session.state import CombatState, Session
from futurepath_desktop.session.wording import possessive, verb

replace = msgspec.structs.replace


COUNTER_LINES = 60
"""How many counter ticks one Counters-phase log entry spells out."""


def require_combat(session: Session) -> CombatState:
    if not session.combat.active:
        raise CombatFlowError("combat has not started")
    return session.combat


def standing_of(session: Session, team_id: str) -> TeamStanding:
    """R6/R7: what places a team in the order: its initiative, then the best DEX among its
    members present (among all of them when none is; none at all counts as 0)."""
    team = session.teams[team_id]
    members = session.members(team_id, present_only=True) or session.members(team_id)
    best = max((m.abilities.dexterity for m in members), default=0)
    return TeamStanding(team_id, team.initiative or 0, best)


def team_name(session: Session, team_id: str | None) -> str:
    return session.teams[team_id].name if team_id in session.teams else "nobody"


def turn_start(session: Session, edit: Edit, team_id: str) -> None:
    """A team's turn begins: readied actions lapse (R18), the dying bleed (R26), and
    per-turn conditions such as Burning and Bleeding deal their damage (R29)."""
    combat = session.combat
    # R1: a list in roster order, so that the same seed rolls the same dice in the same
    # order in every process (a set's order follows the process's string hashing).
    present = [m.id for m in session.members(team_id, present_only=True)]
    members = set(present)
    # R18: an action is readied on its combatant's turn, so the team's next turn is the
    # combatant's next: what is still readied lapses now (one readied in the surprise
    # round lapses at round 1's turn, though the round's number is the same).
    lapsed = [r for r in combat.readied if r.combatant_id in members]
    unspent = tuple(i for i in combat.triggered if i not in members)  # an instant unused
    if lapsed or unspent != combat.triggered:
        waiting = tuple(r for r in combat.readied if r not in lapsed)
        edit.set_combat(replace(combat, readied=waiting, triggered=unspent))
        for readied in lapsed:
            who = session.combatants[readied.combatant_id].name
            edit.log("turn", f"{who}'s readied {readied.action} lapses untriggered (R18)")
    edit.log("turn", f"{possessive(session.teams[team_id].name)} turn")
    remind_turn(session, edit, present, "turn_start")
    arm_counters(session, edit, members)
    fresh_moves(session, edit, present)
    explode_due(session, edit, team_id, "start")
    roller = None
    for member_id in present:
        member = session.combatants[member_id]
        if not session.options.health_fatigue and member.hit_points().dying:
            roller = roller or edit.roller()
            hp, bled = member.hit_points().bleed(roller)
            edit.put("combatants", replace(member, con_damage=hp.con_damage))
            fate = "and dies" if hp.dead else f"(CON {hp.con - hp.con_damage} left)"
            lost = f"{bled.total} CON" if bled else "CON"
            edit.log(
                "damage",
                f"{member.name} is dying and loses {lost} {fate} (R26)",
                rolls=[bled] if bled else [],
            )
        for held in session.conditions_on(member_id):
            entry = CATALOG.get(held.key)
            if entry is not None and entry.effects.damage_per_turn:
                roller = roller or edit.roller()
                roll = roller.roll(entry.effects.damage_per_turn)
                line = apply_damage(
                    session, edit, session.combatants[member_id], max(0, roll.total), held.name
                )
                edit.log("damage", line, rolls=[roll])


def turn_end(session: Session, edit: Edit, team_id: str, actors: set[str] | None = None) -> None:
    """A team's turn ends: its members have acted. R11: they are no longer flat-footed,
    but for one that could not act (stunned, unconscious, down): it still has not acted.
    Their action economy is cleared. A grenade thrown at one of them goes off now (R38)."""
    members = {m.id for m in session.members(team_id, present_only=True)}
    if actors is not None:
        members &= actors
    explode_due(session, edit, team_id, "end")
    remind_turn(session, edit, members, "turn_end")
    combat = session.combat
    unable = {
        u
        for u in combat.unaware
        if u in members
        and any(
            entry.effects.cannot_act for entry in condition_defs(session, session.combatants[u])
        )
    }
    edit.set_combat(
        replace(
            combat,
            # In roster order: the file is the same whatever the process's string hashing.
            acted=combat.acted
            + tuple(
                m.id
                for m in session.members(team_id)
                if m.id in members and m.id not in combat.acted
            ),
            unaware=tuple(u for u in combat.unaware if u not in members or u in unable),
            turns={k: v for k, v in combat.turns.items() if k not in members},
            to_roll={k: v for k, v in combat.to_roll.items() if k not in members},
        )
    )


def arm_counters(session: Session, edit: Edit, members: set[str]) -> None:
    """R13/R30: a turn starts: the counters already on these bearers will move in this
    round's Counters phase. One set later in the turn waits for the bearer's next turn."""
    for held in list(session.conditions.values()):
        if held.bearer_id in members and held.remaining is not None and not held.armed:
            edit.put("conditions", replace(held, armed=True))


def counters_phase(session: Session, edit: Edit) -> None:
    """R13: armed counters go down by 1, each tick rolling its recurring effect (R55); at 0
    the effect ends and the log says so."""
    moved: list[str] = []
    waiting: list[str] = []
    ended = 0
    roller = None
    for held in list(session.conditions.values()):
        if held.remaining is None or runs_in_space(session, held):
            continue
        bearer = session.combatants[held.bearer_id].name
        if not held.armed:
            waiting.append(
                f"{bearer}: {held.name} stays at {held.remaining} (no turn started since set)"
            )
            continue
        if held.recurring is not None:
            roller = roller or edit.roller()
            tick_effect(session, edit, held, roller)
        counter = RoundCounter(held.remaining, held.armed).tick()
        if counter.expired:
            edit.remove("conditions", held.id)
            edit.log("expiry", f"{bearer} is no longer {held.name} ({held.remaining} → 0)")
            ended += 1
        else:
            edit.put("conditions", replace(held, remaining=counter.remaining))
            moved.append(f"{bearer}: {held.name} {held.remaining} → {counter.remaining}")
    # One entry for the ticks (expiries have their own): a big fight has thousands.
    if moved or waiting:
        shown = moved[:COUNTER_LINES] + waiting[: max(0, COUNTER_LINES - len(moved))]
        hidden = len(moved) + len(waiting) - len(shown)
        lines = [*shown, f"… and {hidden} more"] if hidden else shown
        text = f"{len(moved)} {verb(len(moved), 'counter moves', 'counters move')} down a round"
        if waiting:
            waits = verb(len(waiting), "waits for its", "wait for their")
            text += f"; {len(waiting)} {waits} bearer's turn"
        edit.log("counter", text, lines)
    elif not ended:  # an expiry is a counter that moved: its entry says so
        edit.log("counter", "No counters move this round")


def teams_yet_to_act(session: Session) -> list[str]:
    """The teams whose turn in this Action phase is still to come (none outside it)."""
    combat = session.combat
    if not combat.active or combat.surprise_round or combat.phase != Phase.ACTION:
        return []
    waiting = []
    index = first_team(session, combat.turn_index + 1, None)
    while index >= 0:
        waiting.append(combat.order[index])
        index = first_team(session, index + 1, None)
    return waiting


def first_team(session: Session, start: int, actors: set[str] | None) -> int:
    """The index of the next team in order, from ``start``, with someone to act."""
    combat = session.combat
    for index in range(start, len(combat.order)):
        members = {m.id for m in session.members(combat.order[index], present_only=True)}
        if actors is not None:
            members &= actors
        if members:
            return index
    return -1


def enter_phase(
    session: Session, edit: Edit, phase: Phase, round_number: int | None = None
) -> None:
    combat = session.combat
    round_number = combat.round if round_number is None else round_number
    edit.set_combat(
        replace(combat, phase=int(phase), round=round_number, turn_index=-1, surprise_round=False)
    )
    if phase is Phase.ADVANTAGES and round_number != combat.round:
        edit.set_combat(replace(session.combat, acted=()))
        edit.log("phase", f"Round {round_number} begins: {phase.label}")
        remind_round(session, edit, round_number)
    else:
        edit.log("phase", f"Phase {phase.label}")
    if phase is Phase.ACTION:
        index = first_team(session, 0, None)
        edit.set_combat(replace(session.combat, turn_index=index))
        if index >= 0:
            turn_start(session, edit, session.combat.order[index])
    elif phase is Phase.COUNTERS:
        counters_phase(session, edit)


def fresh_moves(session: Session, edit: Edit, members: Iterable[str]) -> None:
    """R35: a turn begins with the whole movement budget again."""
    for member in members:
        token = session.tokens.get(member)
        if token is not None and token.moved_ft:
            edit.put("tokens", replace(token, moved_ft=0))


def log_surprise_turn(session: Session, edit: Edit, index: int) -> None:
    team_id = session.combat.order[index]
    edit.log("turn", f"{possessive(session.teams[team_id].name)} surprise turn")
    # R13: a surprise turn is a turn started, for those who act in it.
    acting = {m.id for m in session.members(team_id)} & set(session.combat.surprise_actors)
    remind_turn(
        session, edit, [m for m in session.combat.surprise_actors if m in acting], "turn_start"
    )
    arm_counters(session, edit, acting)
    fresh_moves(session, edit, [m.id for m in session.members(team_id)])
    explode_due(session, edit, team_id, "start")


def enter_surprise(session: Session, edit: Edit, actors: tuple[str, ...]) -> None:
    edit.set_combat(
        replace(
            session.combat,
            phase=int(Phase.SURPRISE),
            surprise_round=True,
            surprise_actors=actors,
            pending_surprise=(),
        )
    )
    names = ", ".join(session.combatants[a].name for a in actors)
    edit.log("phase", f"Surprise round (R11): only {names} {verb(len(actors), 'acts', 'act')}")
    index = first_team(session, 0, set(actors))
    edit.set_combat(replace(session.combat, turn_index=index))
    if index >= 0:
        log_surprise_turn(session, edit, index)


def advance(session: Session, edit: Edit, *, whole_phase: bool) -> None:
    """Move the fight on: to the next team's turn, or (``whole_phase``) the next phase."""
    combat = require_combat(session)
    phase = Phase(combat.phase)
    if phase is Phase.SURPRISE and combat.surprise_round:
        actors = set(combat.surprise_actors)
        current = combat.order[combat.turn_index] if combat.turn_index >= 0 else None
        if current is not None:
            turn_end(session, edit, current, actors)
        index = -1 if whole_phase else first_team(session, combat.turn_index + 1, actors)
        if index >= 0:
            edit.set_combat(replace(session.combat, turn_index=index))
            log_surprise_turn(session, edit, index)
            return
        # The surprise round is over: round 1's turns are all still to come (R10, R11).
        edit.set_combat(replace(session.combat, surprise_actors=(), acted=()))
        enter_phase(session, edit, Phase.ADVANTAGES)
    elif phase in (Phase.INITIATIVE, Phase.SURPRISE):
        enter_phase(session, edit, Phase.ADVANTAGES)
    elif phase is Phase.ADVANTAGES:
        enter_phase(session, edit, Phase.ACTION)
    elif phase is Phase.ACTION:
        skipped = teams_yet_to_act(session) if whole_phase else []
        if combat.turn_index >= 0:
            turn_end(session, edit, combat.order[combat.turn_index])
        if skipped:
            names = " and ".join(team_name(session, t) for t in skipped)
            edit.log("phase", f"The Action phase ends before {names} acted: their turn is lost")
        index = -1 if whole_phase else first_team(session, combat.turn_index + 1, None)
        if index >= 0:
            edit.set_combat(replace(session.combat, turn_index=index))
            turn_start(session, edit, session.combat.order[index])
            return
        enter_phase(session, edit, Phase.COUNTERS)
    else:  # the Counters phase
        pending = session.combat.pending_surprise
        if pending:
            # R9/R11: joiners who surprise their foes start in the Surprise phase.
            edit.set_combat(replace(session.combat, round=combat.round + 1, acted=()))
            edit.log("phase", f"Round {combat.round + 1} begins")
            remind_round(session, edit, combat.round + 1)
            enter_surprise(session, edit, pending)
        else:
            enter_phase(session, edit, Phase.ADVANTAGES, combat.round + 1)

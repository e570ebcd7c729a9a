"""Commands that run the fight: start, turns and phases, joins, readied actions, the
action economy, adjustments and the end of combat (R6-R18)."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.actions import ActionType, ReadiedAction, validate_turn
from futurepath_desktop.core.actions import action as action_spec
from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.core.counters import RoundCounter
from futurepath_desktop.core.initiative import (
    TeamStanding,
    opposed_checks,
    order_teams,
    team_initiative,
)
from futurepath_desktop.core.options import adjusted_team_initiative
from futurepath_desktop.core.rounds import LeftoverEffect, Phase, resolve_leftovers
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.commands.map import explode_due
from futurepath_desktop.session.commands.roster import validated
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.state import Combatant, CombatState, Readied, Session, Team, new_id
from futurepath_desktop.session.wording import n_rounds, possessive, verb

replace = msgspec.structs.replace
COUNTER_LINES = 60
"""How many counter ticks one Counters-phase log entry spells out."""


def _require_combat(session: Session) -> CombatState:
    if not session.combat.active:
        raise CombatFlowError("combat has not started")
    return session.combat


def _standing(session: Session, team: Team, members: list[Combatant]) -> TeamStanding:
    return TeamStanding(team.id, team.initiative or 0, max(m.abilities.dexterity for m in members))


def _team_name(session: Session, team_id: str | None) -> str:
    return session.teams[team_id].name if team_id in session.teams else "nobody"


# --- turn and phase transitions ----------------------------------------------------------


def _turn_start(session: Session, edit: Edit, team_id: str) -> None:
    """A team's turn begins: readied actions lapse (R18), the dying bleed (R26), and
    per-turn conditions such as Burning and Bleeding deal their damage (R29)."""
    combat = session.combat
    members = {m.id for m in session.members(team_id, present_only=True)}
    lapsed = [
        r
        for r in combat.readied
        if r.combatant_id in members
        and ReadiedAction(r.combatant_id, r.trigger, r.action, r.set_round).lapsed(
            combat.round, True
        )
    ]
    if lapsed:
        edit.set_combat(
            replace(combat, readied=tuple(r for r in combat.readied if r not in lapsed))
        )
        for readied in lapsed:
            who = session.combatants[readied.combatant_id].name
            edit.log("turn", f"{who}'s readied {readied.action} lapses untriggered (R18)")
    edit.log("turn", f"{possessive(session.teams[team_id].name)} turn")
    _fresh_moves(session, edit, members)
    explode_due(session, edit, team_id, "start")
    roller = None
    for member_id in members:
        member = session.combatants[member_id]
        if not session.options.health_fatigue and member.hit_points().dying:
            roller = roller or edit.roller()
            hp, bled = member.hit_points().bleed(roller)
            edit.put("combatants", replace(member, con_damage=hp.con_damage))
            fate = "and dies" if hp.dead else f"(CON {hp.con - hp.con_damage} left)"
            edit.log(
                "damage",
                f"{member.name} is dying and loses CON {fate} (R26)",
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


def _turn_end(session: Session, edit: Edit, team_id: str, actors: set[str] | None = None) -> None:
    """A team's turn ends: its members have acted. R11: they are no longer flat-footed;
    R13/R30: counters on them are armed; their action economy is cleared. A grenade
    thrown at one of them goes off now (R38)."""
    members = {m.id for m in session.members(team_id, present_only=True)}
    if actors is not None:
        members &= actors
    explode_due(session, edit, team_id, "end")
    combat = session.combat
    for held in list(session.conditions.values()):
        if held.bearer_id in members and held.remaining is not None and not held.armed:
            edit.put("conditions", replace(held, armed=True))
    edit.set_combat(
        replace(
            combat,
            acted=combat.acted + tuple(m for m in members if m not in combat.acted),
            unaware=tuple(u for u in combat.unaware if u not in members),
            turns={k: v for k, v in combat.turns.items() if k not in members},
        )
    )


def _counters_phase(session: Session, edit: Edit) -> None:
    """R13: armed counters go down by 1; at 0 the effect ends and the log says so."""
    moved: list[str] = []
    waiting: list[str] = []
    ended = 0
    for held in list(session.conditions.values()):
        if held.remaining is None:
            continue
        bearer = session.combatants[held.bearer_id].name
        if not held.armed:
            waiting.append(f"{bearer}: {held.name} stays at {held.remaining} (not acted since set)")
            continue
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
            text += f"; {len(waiting)} {waits} bearer to act"
        edit.log("counter", text, lines)
    elif not ended:  # an expiry is a counter that moved: its entry says so
        edit.log("counter", "No counters move this round")


def _first_team(session: Session, start: int, actors: set[str] | None) -> int:
    """The index of the next team in order, from ``start``, with someone to act."""
    combat = session.combat
    for index in range(start, len(combat.order)):
        members = {m.id for m in session.members(combat.order[index], present_only=True)}
        if actors is not None:
            members &= actors
        if members:
            return index
    return -1


def _enter(session: Session, edit: Edit, phase: Phase, round_number: int | None = None) -> None:
    combat = session.combat
    round_number = combat.round if round_number is None else round_number
    edit.set_combat(
        replace(combat, phase=int(phase), round=round_number, turn_index=-1, surprise_round=False)
    )
    if phase is Phase.ADVANTAGES and round_number != combat.round:
        edit.set_combat(replace(session.combat, acted=()))
        edit.log("phase", f"Round {round_number} begins: {phase.label}")
    else:
        edit.log("phase", f"Phase {phase.label}")
    if phase is Phase.ACTION:
        index = _first_team(session, 0, None)
        edit.set_combat(replace(session.combat, turn_index=index))
        if index >= 0:
            _turn_start(session, edit, session.combat.order[index])
    elif phase is Phase.COUNTERS:
        _counters_phase(session, edit)


def _fresh_moves(session: Session, edit: Edit, members: set[str]) -> None:
    """R35: a turn begins with the whole movement budget again."""
    for member in members:
        token = session.tokens.get(member)
        if token is not None and token.moved_ft:
            edit.put("tokens", replace(token, moved_ft=0))


def _log_surprise_turn(session: Session, edit: Edit, index: int) -> None:
    team_id = session.combat.order[index]
    edit.log("turn", f"{possessive(session.teams[team_id].name)} surprise turn")
    _fresh_moves(session, edit, {m.id for m in session.members(team_id)})


def _enter_surprise(session: Session, edit: Edit, actors: tuple[str, ...]) -> None:
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
    index = _first_team(session, 0, set(actors))
    edit.set_combat(replace(session.combat, turn_index=index))
    if index >= 0:
        _log_surprise_turn(session, edit, index)


def advance(session: Session, edit: Edit, *, whole_phase: bool) -> None:
    """Move the fight on: to the next team's turn, or (``whole_phase``) the next phase."""
    combat = _require_combat(session)
    phase = Phase(combat.phase)
    if phase is Phase.SURPRISE and combat.surprise_round:
        actors = set(combat.surprise_actors)
        current = combat.order[combat.turn_index] if combat.turn_index >= 0 else None
        if current is not None:
            _turn_end(session, edit, current, actors)
        index = -1 if whole_phase else _first_team(session, combat.turn_index + 1, actors)
        if index >= 0:
            edit.set_combat(replace(session.combat, turn_index=index))
            _log_surprise_turn(session, edit, index)
            return
        edit.set_combat(replace(session.combat, surprise_actors=()))
        _enter(session, edit, Phase.ADVANTAGES)
    elif phase in (Phase.INITIATIVE, Phase.SURPRISE):
        _enter(session, edit, Phase.ADVANTAGES)
    elif phase is Phase.ADVANTAGES:
        _enter(session, edit, Phase.ACTION)
    elif phase is Phase.ACTION:
        if combat.turn_index >= 0:
            _turn_end(session, edit, combat.order[combat.turn_index])
        index = -1 if whole_phase else _first_team(session, combat.turn_index + 1, None)
        if index >= 0:
            edit.set_combat(replace(session.combat, turn_index=index))
            _turn_start(session, edit, session.combat.order[index])
            return
        _enter(session, edit, Phase.COUNTERS)
    else:  # the Counters phase
        pending = session.combat.pending_surprise
        if pending:
            # R9/R11: joiners who surprise their foes start in the Surprise phase.
            edit.set_combat(replace(session.combat, round=combat.round + 1, acted=()))
            edit.log("phase", f"Round {combat.round + 1} begins")
            _enter_surprise(session, edit, pending)
        else:
            _enter(session, edit, Phase.ADVANTAGES, combat.round + 1)


class StartCombat(msgspec.Struct, frozen=True):
    """R6/R7/R8/R11: fix each team's initiative, order the teams (tie-breaks logged),
    mark the unaware; a surprise round follows if anyone is surprised.

    ``unaware_ids`` None takes each combatant's own *aware* flag.
    """

    unaware_ids: tuple[str, ...] | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        if session.combat.active:
            raise CombatFlowError("combat is already running")
        standings = []
        for roster_team in list(session.teams.values()):
            members = session.members(roster_team.id, present_only=True)
            if not members:
                continue
            value = team_initiative(m.initiative for m in members)
            conditions = sum(len(session.conditions_on(m.id)) for m in members)
            value = adjusted_team_initiative(value, conditions, session.options.rules())
            team = edit.put("teams", replace(roster_team, initiative=value, tiebreak=""))
            standings.append(_standing(session, team, members))
        if len(standings) < 2:
            raise CombatFlowError("combat needs at least two teams with someone present")
        present = [c for c in session.combatants.values() if c.present]
        if self.unaware_ids is None:
            unaware = tuple(c.id for c in present if not c.aware)
        else:
            for ident in self.unaware_ids:
                if not session.combatant(ident).present:
                    raise CombatFlowError(
                        f"{session.combatants[ident].name} is not in the fight yet"
                    )
            unaware = tuple(dict.fromkeys(self.unaware_ids))
        edit.set_combat(CombatState(active=True, round=1, phase=int(Phase.INITIATIVE)))
        edit.log("phase", "Combat starts. Round 1, phase 1 Initiative")
        order = order_teams(standings, edit.roller())
        for standing in standings:
            members = session.members(standing.team_id, present_only=True)
            scores = ", ".join(f"{m.name} {m.initiative}" for m in members)
            edit.log(
                "initiative",
                f"{session.teams[standing.team_id].name}: team initiative {standing.initiative} "
                f"({scores}; mean rounded up, R6)",
            )
        for tiebreak in order.tiebreaks:
            rolls = [roll.roll for rnd in tiebreak.rounds for _, roll in rnd.rolls]
            for team_id in tiebreak.team_ids:
                edit.put("teams", replace(session.teams[team_id], tiebreak=tiebreak.describe()))
            edit.log("initiative", tiebreak.describe() + " (R7)", rolls=rolls)
        names = " → ".join(session.teams[t].name for t in order.order)
        edit.log("initiative", f"Acting order: {names}")
        actors = tuple(c.id for c in present if c.id not in unaware)
        edit.set_combat(
            replace(session.combat, order=order.order, unaware=unaware, phase=int(Phase.SURPRISE))
        )
        if unaware and actors:
            _enter_surprise(session, edit, actors)
        else:
            edit.log("phase", "Phase 2 Surprise: everyone is aware, no surprise round")
        return "Start combat"


class NextTurn(msgspec.Struct, frozen=True):
    """Hand the turn to the next team; after the last, on to the next phase (R12)."""

    def perform(self, session: Session, edit: Edit) -> str:
        advance(session, edit, whole_phase=False)
        return _where(session)


class NextPhase(msgspec.Struct, frozen=True):
    """Go to the next phase at once; teams that have not acted lose their turn."""

    def perform(self, session: Session, edit: Edit) -> str:
        advance(session, edit, whole_phase=True)
        return _where(session)


class NextRound(msgspec.Struct, frozen=True):
    """Run the rest of this round's phases, Counters included, into the next round."""

    def perform(self, session: Session, edit: Edit) -> str:
        start = _require_combat(session).round
        for _ in range(12):
            if session.combat.round > start and session.combat.phase == Phase.ADVANTAGES:
                break
            advance(session, edit, whole_phase=True)
        return _where(session)


def _where(session: Session) -> str:
    combat = session.combat
    phase = Phase(combat.phase)
    if combat.surprise_round:
        return f"Surprise round: {_team_name(session, combat.acting_team)}"
    if phase is Phase.ACTION and combat.acting_team:
        return f"Round {combat.round}: {possessive(_team_name(session, combat.acting_team))} turn"
    return f"Round {combat.round}: {phase.label}"


class JoinCombat(msgspec.Struct, frozen=True):
    """R9: combatants join in the Counters phase, into an existing team (its initiative
    stays) or as a new team placed by its own initiative (R6/R7).

    ``surprise`` makes them a surprise to their foes: they act in a surprise phase
    before the next round's Advantages (R11).
    """

    combatant_ids: tuple[str, ...]
    team_id: str | None = None
    new_team: Team | None = None
    surprise: bool = False

    def perform(self, session: Session, edit: Edit) -> str:
        combat = _require_combat(session)
        if combat.phase != Phase.COUNTERS:
            raise CombatFlowError(
                f"combatants join in the Counters phase (R9); it is now {Phase(combat.phase).label}"
            )
        if (self.team_id is None) == (self.new_team is None):
            raise CommandError("join either an existing team or a new one")
        joiners = [session.combatant(i) for i in self.combatant_ids]
        if not joiners:
            raise CommandError("choose who joins")
        for joiner in joiners:
            if joiner.present:
                raise CombatFlowError(f"{joiner.name} is already in the fight")
        if self.new_team is not None:
            team = validated(Team, self.new_team)
            if team.id in session.teams:
                raise CommandError(f"a team with id {team.id!r} already exists")
            value = team_initiative(
                j.abilities.dexterity + j.abilities.wisdom + j.initiative_misc for j in joiners
            )
            team = edit.put("teams", replace(team, initiative=value))
        else:
            team = session.team(self.team_id or "")
            if team.id not in combat.order:
                raise CombatFlowError(f"{team.name} is not in this fight; join as a new team")
        for joiner in joiners:
            edit.put("combatants", replace(joiner, team_id=team.id, present=True))
        names = ", ".join(j.name for j in joiners)
        if self.new_team is not None:
            self._place(session, edit, team, joiners)
            edit.log(
                "join", f"{names} join the fight as {team.name}, initiative {team.initiative} (R9)"
            )
        else:
            edit.log(
                "join",
                f"{names} join{'s' if len(joiners) == 1 else ''} {team.name}; its initiative stays "
                f"{team.initiative} (R8, R9)",
            )
        if self.surprise:
            pending = session.combat.pending_surprise + tuple(j.id for j in joiners)
            edit.set_combat(replace(session.combat, pending_surprise=pending))
        return f"{names} join{'s' if len(joiners) == 1 else ''} the fight"

    @staticmethod
    def _place(session: Session, edit: Edit, team: Team, joiners: list[Combatant]) -> None:
        """R6/R7: the new team goes before the first team it outranks."""
        combat = session.combat
        mine = TeamStanding(
            team.id, team.initiative or 0, max(j.abilities.dexterity for j in joiners)
        )
        position = len(combat.order)
        for index, other_id in enumerate(combat.order):
            other = session.teams[other_id]
            members = session.members(other_id, present_only=True) or session.members(other_id)
            theirs = (
                _standing(session, other, members)
                if members
                else TeamStanding(other_id, other.initiative or 0, 0)
            )
            if mine.initiative > theirs.initiative:
                position = index
                break
            if mine.initiative == theirs.initiative:
                ranked = order_teams([theirs, mine], edit.roller())
                for tiebreak in ranked.tiebreaks:
                    rolls = [r.roll for rnd in tiebreak.rounds for _, r in rnd.rolls]
                    edit.log("initiative", tiebreak.describe() + " (R7)", rolls=rolls)
                if ranked.order[0] == team.id:
                    position = index
                    break
        order = list(combat.order)
        order.insert(position, team.id)
        edit.set_combat(replace(combat, order=tuple(order)))


def _acting_check(session: Session, combatant: Combatant) -> None:
    """The combatant's team must be acting (in the surprise round, the combatant must be
    one of the surprise actors, R11)."""
    combat = _require_combat(session)
    if combat.acting_team != combatant.team_id:
        raise CombatFlowError(
            f"it is not {combatant.name}'s turn: {_team_name(session, combat.acting_team)} "
            "is acting"
        )
    if combat.surprise_round and combatant.id not in combat.surprise_actors:
        raise CombatFlowError(
            f"{combatant.name} is surprised and cannot act in the surprise round (R11)"
        )
    for held in session.conditions_on(combatant.id):
        entry = CATALOG.get(held.key)
        if entry is not None and entry.effects.cannot_act:
            raise CombatFlowError(f"{combatant.name} is {held.name} and cannot act")


def declare_action(
    session: Session, edit: Edit, combatant: Combatant, name: str, target: str | None
) -> None:
    """R15-R17: record an action in the combatant's turn, or raise why it is not allowed."""
    _acting_check(session, combatant)
    spec = action_spec(name)
    for held in session.conditions_on(combatant.id):
        entry = CATALOG.get(held.key)
        if entry is None:
            continue
        if (
            entry.effects.cannot_attack
            and spec.type in (ActionType.ATTACK, ActionType.BONUS_ATTACK)
        ) or (entry.effects.cannot_attack and spec.full_attack):
            raise CombatFlowError(f"{combatant.name} is {held.name} and cannot attack")
        if entry.effects.cannot_move and spec.type is ActionType.MOVE and name != "Reload":
            raise CombatFlowError(f"{combatant.name} is {held.name} and cannot move")
    combat = session.combat
    declared = combat.turns.get(combatant.id, ())
    validate_turn(declared).declare(spec, target)
    turns = dict(combat.turns)
    turns[combatant.id] = (*declared, (name, target))
    edit.set_combat(replace(combat, turns=turns))


class DeclareAction(msgspec.Struct, frozen=True):
    """R15-R17: spend part of a combatant's turn on an action from the chapter's table."""

    combatant_id: str
    action: str
    target_id: str | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        combatant = session.combatant(self.combatant_id)
        declare_action(session, edit, combatant, self.action, self.target_id)
        target = f" at {session.combatant(self.target_id).name}" if self.target_id else ""
        edit.log("action", f"{combatant.name}: {self.action}{target}")
        return f"{combatant.name}: {self.action}"


class DelayReady(msgspec.Struct, frozen=True):
    """R18: give up the turn to act when a stated trigger happens."""

    combatant_id: str
    trigger: str
    action: str

    def perform(self, session: Session, edit: Edit) -> str:
        combatant = session.combatant(self.combatant_id)
        if not self.trigger.strip():
            raise CommandError("say what the readied action waits for")
        declare_action(session, edit, combatant, "Delay/Ready", None)
        readied = Readied(
            id=new_id("rdy"),
            combatant_id=combatant.id,
            trigger=self.trigger.strip(),
            action=self.action.strip() or "an action",
            set_round=session.combat.round,
        )
        combat = session.combat
        edit.set_combat(replace(combat, readied=(*combat.readied, readied)))
        edit.log(
            "action", f"{combatant.name} readies {readied.action} for when {readied.trigger} (R18)"
        )
        return f"{combatant.name} readies an action"


class TriggerReadied(msgspec.Struct, frozen=True):
    """R18: the trigger happened: one instant action. If it races a rolled action by
    ``racing_id``, an opposed initiative check decides who goes first (R10)."""

    readied_id: str
    racing_id: str | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        combat = _require_combat(session)
        readied = next((r for r in combat.readied if r.id == self.readied_id), None)
        if readied is None:
            raise CommandError("that readied action is not waiting any more")
        reader = session.combatant(readied.combatant_id)
        edit.set_combat(
            replace(combat, readied=tuple(r for r in combat.readied if r.id != readied.id))
        )
        if self.racing_id is None:
            edit.log(
                "action", f"{reader.name}'s readied {readied.action} goes off: {readied.trigger}"
            )
            return f"{reader.name} acts on the trigger"
        racer = session.combatant(self.racing_id)
        result = opposed_checks(
            {reader.id: reader.initiative, racer.id: racer.initiative}, edit.roller()
        )
        first = session.combatants[result.winner].name
        rolls = [roll.roll for rnd in result.rounds for _, roll in rnd.rolls]
        edit.log(
            "initiative",
            f"{reader.name}'s readied {readied.action} races {racer.name}: "
            f"{first} goes first (R10, R18)",
            rolls=rolls,
        )
        return f"{reader.name} acts on the trigger; {first} goes first"


class AdjustInitiative(msgspec.Struct, frozen=True):
    """R8: a GM adjustment of a team's initiative, logged; the order follows it."""

    team_id: str
    initiative: int
    reason: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        team = session.team(self.team_id)
        if not -100_000 <= self.initiative <= 100_000:
            raise CommandError("an initiative must be between -100000 and 100000")
        edit.put("teams", replace(team, initiative=self.initiative))
        why = f" ({self.reason})" if self.reason else ""
        edit.log(
            "initiative",
            f"GM sets {possessive(team.name)} initiative {team.initiative} → "
            f"{self.initiative}{why} (R8)",
        )
        combat = session.combat
        if combat.active and team.id in combat.order:
            acting = combat.acting_team
            order = sorted(combat.order, key=lambda t: -(session.teams[t].initiative or 0))
            index = order.index(acting) if acting else combat.turn_index
            edit.set_combat(replace(combat, order=tuple(order), turn_index=index))
        return f"{possessive(team.name)} initiative → {self.initiative}"


class ReorderTeams(msgspec.Struct, frozen=True):
    """A GM adjustment of the acting order, logged (R8)."""

    order: tuple[str, ...]
    reason: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        combat = _require_combat(session)
        if sorted(self.order) != sorted(combat.order):
            raise CommandError("the new order must list each team in the fight once")
        acting = combat.acting_team
        index = self.order.index(acting) if acting else combat.turn_index
        edit.set_combat(replace(combat, order=self.order, turn_index=index))
        names = " → ".join(session.teams[t].name for t in self.order)
        why = f" ({self.reason})" if self.reason else ""
        edit.log("initiative", f"GM reorders the teams: {names}{why} (R8)")
        return "Reorder teams"


def leftover_effects(session: Session) -> list[LeftoverEffect]:
    """R14: every counter still running, with the damage each round of it does."""
    effects = []
    for held in session.conditions.values():
        if held.remaining is None:
            continue
        entry = CATALOG.get(held.key)
        damage = entry.effects.damage_per_turn if entry else None
        bearer = session.combatants[held.bearer_id].name
        effects.append(LeftoverEffect(bearer, held.name, held.remaining, damage))
    return effects


class EndCombat(msgspec.Struct, frozen=True):
    """R14: end the fight. Leftover counters are listed; with ``resolve`` their remaining
    rounds are rolled at once and applied, and the counters end."""

    resolve: bool = True

    def perform(self, session: Session, edit: Edit) -> str:
        _require_combat(session)
        counted = [h for h in session.conditions.values() if h.remaining is not None]
        edit.log("phase", f"Combat ends after round {session.combat.round}")
        if counted and self.resolve:
            effects = leftover_effects(session)
            for held, result in zip(
                counted, resolve_leftovers(edit.roller(), effects), strict=True
            ):
                edit.log("leftover", result.describe() + " (R14)", rolls=list(result.damage))
                if result.total_damage:
                    bearer = session.combatants[held.bearer_id]
                    edit.log(
                        "damage",
                        apply_damage(session, edit, bearer, result.total_damage, held.name),
                    )
                edit.remove("conditions", held.id)
        elif counted:
            for effect in leftover_effects(session):
                edit.log(
                    "leftover",
                    f"{effect.bearer}: {effect.name}, {n_rounds(effect.rounds_left)} left (R14)",
                )
        for team in list(session.teams.values()):
            if team.initiative is not None or team.tiebreak:
                edit.put("teams", replace(team, initiative=None, tiebreak=""))
        edit.set_combat(CombatState())
        return "End combat"

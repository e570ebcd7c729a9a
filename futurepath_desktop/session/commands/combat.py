"""Commands that run the fight: start it, move through its turns, phases and rounds, let
combatants join, adjust and reorder the initiative, and end it (R6-R13). The flow itself
is ``session.combat_flow``; what a combatant does on its turn is ``commands.turn_actions``."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.core.initiative import (
    TeamStanding,
    TieBreak,
    order_teams,
    team_initiative,
)
from futurepath_desktop.core.options import adjusted_team_initiative
from futurepath_desktop.core.rounds import LeftoverEffect, Phase, resolve_leftovers
from futurepath_desktop.session.combat_flow import (
    advance,
    enter_surprise,
    require_combat,
    standing_of,
    team_name,
)
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.commands.reminders import remind_round
from futurepath_desktop.session.commands.roster import refuse_taken_team_name, validated
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.map_rules import out_of_it
from futurepath_desktop.session.recurring import tick_effect
from futurepath_desktop.session.space_rules import runs_in_space
from futurepath_desktop.session.state import ActiveCondition, CombatState, Session, Team
from futurepath_desktop.session.wording import n_rounds, possessive

replace = msgspec.structs.replace


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
        rule = session.options.initiative  # R5/R40
        for roster_team in list(session.teams.values()):
            members = session.members(roster_team.id, present_only=True)
            if not members:
                continue
            value = team_initiative(m.initiative(rule) for m in members)
            conditions = sum(len(session.conditions_on(m.id)) for m in members)
            value = adjusted_team_initiative(value, conditions, session.options.rules())
            team = edit.put("teams", replace(roster_team, initiative=value, tiebreak=""))
            standings.append(standing_of(session, team.id))
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
        remind_round(session, edit, 1)
        order = order_teams(standings, edit.roller())
        for standing in standings:
            members = session.members(standing.team_id, present_only=True)
            scores = ", ".join(f"{m.name} {m.initiative(rule):+}" for m in members)
            mean = team_initiative(m.initiative(rule) for m in members)
            lowered = ""
            if standing.initiative != mean:  # the wiki's option (R40)
                held = sum(len(session.conditions_on(m.id)) for m in members)
                lowered = f"; {mean} less {mean - standing.initiative} for {held} condition"
                lowered += "s" if held != 1 else ""
            edit.log(
                "initiative",
                f"{session.teams[standing.team_id].name}: team initiative {standing.initiative} "
                f"({scores}; mean rounded up, R6{lowered})",
            )
        for tiebreak in order.tiebreaks:
            said = log_tie(session, edit, tiebreak)
            for team_id in tiebreak.team_ids:
                edit.put("teams", replace(session.teams[team_id], tiebreak=said))
        names = " → ".join(session.teams[t].name for t in order.order)
        edit.log("initiative", f"Acting order: {names}")
        # R11 among those still in the fight: one down (dying, helpless) is surprised by
        # nothing and acts in no surprise round.
        vitality = session.options.vitality
        up = {c.id for c in present if not out_of_it(session, c, vitality)}
        actors = tuple(c.id for c in present if c.id not in unaware and c.id in up)
        edit.set_combat(
            replace(session.combat, order=order.order, unaware=unaware, phase=int(Phase.SURPRISE))
        )
        if up.intersection(unaware) and actors:
            enter_surprise(session, edit, actors)
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
        start = require_combat(session).round
        for _ in range(12):
            if session.combat.round > start and session.combat.phase == Phase.ADVANTAGES:
                break
            advance(session, edit, whole_phase=True)
        return _where(session)


def _where(session: Session) -> str:
    combat = session.combat
    phase = Phase(combat.phase)
    if combat.surprise_round:
        return f"Surprise round: {team_name(session, combat.acting_team)}"
    if phase is Phase.ACTION and combat.acting_team:
        return f"Round {combat.round}: {possessive(team_name(session, combat.acting_team))} turn"
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
        combat = require_combat(session)
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
            refuse_taken_team_name(session, team.name)
            value = team_initiative(j.initiative(session.options.initiative) for j in joiners)
            team = edit.put("teams", replace(team, initiative=value))
        else:
            team = session.team(self.team_id or "")
            if team.id not in combat.order:
                raise CombatFlowError(f"{team.name} is not in this fight; join as a new team")
        for joiner in joiners:
            edit.put("combatants", replace(joiner, team_id=team.id, present=True))
        names = ", ".join(j.name for j in joiners)
        if self.new_team is not None:
            self._place(session, edit, team)
            edit.log(
                "join", f"{names} join the fight as {team.name}, initiative {team.initiative} (R9)"
            )
        else:
            edit.log(
                "join",
                f"{names} join{'s' if len(joiners) == 1 else ''} {team.name}; the team's "
                f"initiative stays {team.initiative} (R8, R9)",
            )
        if self.surprise:
            pending = session.combat.pending_surprise + tuple(j.id for j in joiners)
            edit.set_combat(replace(session.combat, pending_surprise=pending))
        return f"{names} join{'s' if len(joiners) == 1 else ''} the fight"

    @staticmethod
    def _place(session: Session, edit: Edit, team: Team) -> None:
        """R6/R7: the new team goes before the first team it outranks."""
        combat = session.combat
        order = list(combat.order)
        order.insert(place_in_order(session, edit, standing_of(session, team.id), order), team.id)
        edit.set_combat(replace(combat, order=tuple(order)))


def log_tie(session: Session, edit: Edit, tiebreak: TieBreak) -> str:
    """R7: a tie broken, logged in the teams' names, each opposed check a line of its own;
    the words, for the teams' own note of it."""
    rolls = [check.roll for each in tiebreak.rounds for _, check in each.rolls]
    names = {ident: team.name for ident, team in session.teams.items()}
    said = tiebreak.describe(names)
    edit.log("initiative", said + " (R7)", tiebreak.roll_lines(names), rolls)
    return said


def place_in_order(session: Session, edit: Edit, mine: TeamStanding, order: list[str]) -> int:
    """R6/R7: where a team goes in an acting ``order`` of the others: before the first team
    it outranks; a tie with one is broken by the best DEX, then opposed checks (logged)."""
    for index, other_id in enumerate(order):
        theirs = standing_of(session, other_id)
        if mine.initiative > theirs.initiative:
            return index
        if mine.initiative == theirs.initiative:
            ranked = order_teams([theirs, mine], edit.roller())
            for tiebreak in ranked.tiebreaks:
                log_tie(session, edit, tiebreak)
            if ranked.order[0] == mine.team_id:
                return index
    return len(order)


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
        if len(self.reason) > 2000:
            raise CommandError("the reason is 2,000 characters at most")
        why = f" ({self.reason})" if self.reason else ""
        edit.log(
            "initiative",
            f"GM sets {possessive(team.name)} initiative {team.initiative} → "
            f"{self.initiative}{why} (R8)",
        )
        combat = session.combat
        if combat.active and team.id in combat.order:
            acting = combat.acting_team
            # The others keep their order (their ties were broken when they met); this
            # team goes where its new score puts it, a tie broken by R7.
            order = [t for t in combat.order if t != team.id]
            order.insert(
                place_in_order(session, edit, standing_of(session, team.id), order), team.id
            )
            index = order.index(acting) if acting else combat.turn_index
            edit.set_combat(replace(combat, order=tuple(order), turn_index=index))
        return f"{possessive(team.name)} initiative → {self.initiative}"


class ReorderTeams(msgspec.Struct, frozen=True):
    """A GM adjustment of the acting order, logged (R8)."""

    order: tuple[str, ...]
    reason: str = ""

    def perform(self, session: Session, edit: Edit) -> str:
        combat = require_combat(session)
        if sorted(self.order) != sorted(combat.order):
            raise CommandError("the new order must list each team in the fight once")
        acting = combat.acting_team
        index = self.order.index(acting) if acting else combat.turn_index
        edit.set_combat(replace(combat, order=self.order, turn_index=index))
        names = " → ".join(session.teams[t].name for t in self.order)
        if len(self.reason) > 2000:
            raise CommandError("the reason is 2,000 characters at most")
        why = f" ({self.reason})" if self.reason else ""
        edit.log("initiative", f"GM reorders the teams: {names}{why} (R8)")
        return "Reorder teams"


def ground_counters(session: Session) -> list[ActiveCondition]:
    """The counters the ground fight runs: every one but those the space fight does (R58)."""
    return [
        held
        for held in session.conditions.values()
        if held.remaining is not None and not runs_in_space(session, held)
    ]


def leftover_effects(session: Session) -> list[LeftoverEffect]:
    """R14: every counter the fight leaves running, with the damage each round of it does
    (the bridge's counters on crew run on while a space fight does)."""
    effects = []
    for held in ground_counters(session):
        if held.remaining is None:  # (none is: the type does not know)
            continue
        entry = CATALOG.get(held.key)
        damage = entry.effects.damage_per_turn if entry else None
        bearer = session.combatants[held.bearer_id].name
        if held.recurring is not None:  # R55: its own ticks roll it (see EndCombat)
            effects.append(LeftoverEffect(bearer, held.name, held.remaining))
            continue
        effects.append(LeftoverEffect(bearer, held.name, held.remaining, damage))
    return effects


class EndCombat(msgspec.Struct, frozen=True):
    """R14: end the fight. Leftover counters are listed; with ``resolve`` their remaining
    rounds are rolled at once and applied, and the counters end, and a grenade still
    waiting goes off (R38). Without, they stay as they are for the next fight."""

    resolve: bool = True

    def perform(self, session: Session, edit: Edit) -> str:
        require_combat(session)
        counted = ground_counters(session)
        edit.log("phase", f"Combat ends after round {session.combat.round}")
        if counted and self.resolve:
            effects = leftover_effects(session)
            roller = edit.roller()
            for held, result in zip(counted, resolve_leftovers(roller, effects), strict=True):
                if held.recurring is not None:  # R55: each round left is one more tick
                    edit.log("leftover", result.describe() + " (R14)")
                    for _ in range(held.remaining or 0):
                        tick_effect(session, edit, held, roller, "R14, R55")
                    edit.remove("conditions", held.id)
                    continue
                edit.log("leftover", result.describe() + " (R14)", rolls=list(result.damage))
                if result.total_damage:
                    bearer = session.combatants[held.bearer_id]
                    edit.log(
                        "damage",
                        apply_damage(session, edit, bearer, result.total_damage, held.name),
                    )
                edit.remove("conditions", held.id)
        elif counted:
            for held, effect in zip(counted, leftover_effects(session), strict=True):
                does = f": {held.recurring.describe()}" if held.recurring else ""
                edit.log(
                    "leftover",
                    f"{effect.bearer}: {effect.name}, {n_rounds(effect.rounds_left)} left"
                    f"{does} (R14)",
                )
        if self.resolve and session.grenades:  # R14, R38: a grenade waiting goes off now
            from futurepath_desktop.session.commands.grenades import explode

            for pending in list(session.grenades.values()):
                if pending.id in session.grenades:  # not set off by another's blast
                    explode(session, edit, pending)
        for team in list(session.teams.values()):
            if team.initiative is not None or team.tiebreak:
                edit.put("teams", replace(team, initiative=None, tiebreak=""))
        edit.set_combat(CombatState())
        return "End combat"

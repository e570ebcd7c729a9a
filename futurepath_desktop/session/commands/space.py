"""Commands that run a space fight (R41, R47): start and end it, move through its phases,
and what a station declares or does without a roll. The round's flow between phases is
``session.space_round``; the stations' rolls are ``commands.space_actions``."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session.commands.space_log import space_log
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.space_round import (
    apply_pending,
    end_round,
    put_ship,
    record_station,
    set_round,
    tick_crew_conditions,
)
from futurepath_desktop.session.space_rules import (
    chart_of,
    crew_name,
    effect_active,
    running_fight,
    station_ship,
)
from futurepath_desktop.session.space_volleys import resolve_declared
from futurepath_desktop.session.state import (
    Session,
    SpaceRound,
)

# --- the space round (R41, R45, R47) --------------------------------------------------------------


class StartSpaceCombat(msgspec.Struct, frozen=True):
    """Start a space fight. R47: ``surprise`` names enemy ships no passive sensor detects
    and no scan looks for; their Weapons Officers act once before round 1."""

    surprise: tuple[str, ...] = ()

    def perform(self, session: Session, edit: Edit) -> str:
        space = session.space
        if space.round.active:
            raise CombatFlowError("space combat is already running")
        if len(session.ships) < 2:
            raise CommandError("a space fight needs at least two ships")
        for ident in self.surprise:
            session.ship(ident)
        first = rules.SpacePhase.SURPRISE if self.surprise else rules.SpacePhase.SUPPORT
        edit.set_space(
            replace(
                space,
                chart=chart_of(space),
                round=SpaceRound(
                    active=True,
                    round=0 if self.surprise else 1,
                    phase=int(first),
                    surprise=tuple(self.surprise),
                ),
            )
        )
        if self.surprise:
            names = ", ".join(session.ship(i).name for i in self.surprise)
            verb = "fires" if len(self.surprise) == 1 else "fire"
            text = f"Space combat: {names} {verb} first, unseen (R47)"
            space_log(session, edit, "space", text)
        else:
            space_log(session, edit, "space", "Space combat: round 1, 1 Support")
        return "Start space combat"


class NextSpacePhase(msgspec.Struct, frozen=True):
    """Close the phase (its results apply now, R41) and open the next."""

    def perform(self, session: Session, edit: Edit) -> str:
        fight = running_fight(session)
        phase = rules.SpacePhase(fight.phase)
        if phase is rules.SpacePhase.SURPRISE:
            # R47, R58: the surprise shot resolves before round 1, as its own Response;
            # round 1's one Battle Damage per ship is still to come.
            resolve_declared(session, edit)  # R57: the shot's rolls, all together
            set_round(edit, session, surprise=())
            if session.space.round.pending:
                space_log(session, edit, "phase", "The surprise shot's Response")
                apply_pending(session, edit)
            end_round(session, edit)
            return "Round 1"
        if phase is rules.SpacePhase.SUPPORT:
            set_round(edit, session, phase=int(rules.SpacePhase.ACTION))
            space_log(session, edit, "phase", f"Round {fight.round}, 2 Action")
            return "2 Action"
        if phase is rules.SpacePhase.ACTION:
            # R57: every roll of the phase is in; they are worked out together, scans first.
            resolve_declared(session, edit)
            set_round(edit, session, phase=int(rules.SpacePhase.RESPONSE))
            space_log(session, edit, "phase", f"Round {fight.round}, 3 Response")
            apply_pending(session, edit)
            return "3 Response"
        end_round(session, edit)
        return f"Round {fight.round + 1}"


class EndSpaceCombat(msgspec.Struct, frozen=True):
    """End the space fight (ships keep their damage)."""

    def perform(self, session: Session, edit: Edit) -> str:
        fight = running_fight(session)
        if fight.declared:
            count = len(fight.declared)
            space_log(
                session,
                edit,
                "space",
                f"{count} roll(s) entered this phase are never rolled: the fight ends first",
            )
        tick_crew_conditions(session, edit)
        space_log(session, edit, "space", "Space combat ends")
        edit.set_space(replace(session.space, round=SpaceRound()))
        return "End space combat"


# --- stations ----------------------------------------------------------------------------------


class DeclareOptional(msgspec.Struct, frozen=True):
    """R41: at the start of the Action phase, the Science Officer (who held the Support
    action) or the Chief Engineer (who forfeits the Response phase) acts in it instead."""

    ship_id: str
    position: rules.Position

    def perform(self, session: Session, edit: Edit) -> str:
        fight = running_fight(session)
        ship = session.ship(self.ship_id)
        if self.position not in rules.OPTIONAL_ACTION:
            raise CommandError("only the Science Officer or the Chief Engineer may do this")
        if fight.phase != rules.SpacePhase.ACTION:
            raise CombatFlowError(
                "the optional officer is declared at the start of the Action phase"
            )
        if any(s.ship_id == ship.id and s.phase == rules.SpacePhase.ACTION for s in fight.stations):
            raise CombatFlowError(
                "the Action phase has begun on this ship: the optional officer is declared "
                "before any roll (R41)"
            )
        if any(s.ship_id == ship.id and s.position == self.position.value for s in fight.stations):
            raise CombatFlowError(f"the {self.position.label} has already acted this round")
        set_round(edit, session, optional={**fight.optional, ship.id: self.position.value})
        who = crew_name(session, ship, self.position)
        extra = (
            " and forfeits the Response phase" if self.position is rules.Position.ENGINEER else ""
        )
        space_log(session, edit, "space", f"{who} acts in the Action phase{extra} (R41)")
        return f"{ship.name}: {self.position.label} in the Action phase"


class CrewAction(msgspec.Struct, frozen=True):
    """A station's action for the round (an order, a boost, a manoeuvre, hacking …).

    The Helm Officer's ``flying`` sets how the ship flies this round (R42).
    """

    ship_id: str
    position: rules.Position
    action: str
    result: str = ""
    flying: rules.Flying | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        ship = station_ship(session, self.ship_id, self.position)
        if len(self.action) > 2000 or len(self.result) > 2000:
            raise CommandError("a station's action and its result are 2,000 characters at most")
        action = self.action.strip() or "acts"
        if self.flying is not None:
            if self.position is not rules.Position.HELM:
                raise CommandError("only the Helm Officer chooses how the ship flies")
            if self.flying is not rules.Flying.NORMAL and effect_active(ship, "engines"):
                raise CombatFlowError(
                    f"{ship.name}'s engines are disabled: it cannot manoeuvre, so it flies "
                    "neither offensively nor defensively (R46)"
                )
            put_ship(edit, session, replace(ship, flying=self.flying.value))
            action = (
                f"flies {self.flying.value}" if self.flying is not rules.Flying.NORMAL else action
            )
        record_station(session, edit, ship, self.position, action, self.result)
        who = crew_name(session, ship, self.position)
        result = f": {self.result}" if self.result else ""
        space_log(
            session, edit, "space", f"{ship.name} — {who} ({self.position.label}) {action}{result}"
        )
        return f"{ship.name}: {self.position.label}"

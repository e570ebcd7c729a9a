"""Commands for what a combatant does on its turn (R14-R18): declaring an action against
the action economy, readying one against a trigger, and setting a readied action off."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.actions import ActionType, validate_turn
from futurepath_desktop.core.actions import action as action_spec
from futurepath_desktop.core.initiative import (
    opposed_checks,
)
from futurepath_desktop.session.attack_plan import ATTACK_ACTIONS, condition_defs, why_cannot_act
from futurepath_desktop.session.combat_flow import require_combat, team_name
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.state import Combatant, Readied, Session, new_id
from futurepath_desktop.session.wording import not_their_turn

replace = msgspec.structs.replace


def acting_check(session: Session, combatant: Combatant) -> None:
    """The combatant's team must be acting (in the surprise round, the combatant must be
    one of the surprise actors, R11)."""
    combat = require_combat(session)
    if combat.acting_team != combatant.team_id:
        acting = combat.acting_team
        team = team_name(session, acting) if acting in session.teams else None
        raise CombatFlowError(not_their_turn(combatant.name, team))
    why = why_cannot_act(session, combatant)
    if why:
        raise CombatFlowError(why)


def declare_action(
    session: Session, edit: Edit, combatant: Combatant, name: str, target: str | None
) -> None:
    """R15-R17: record an action in the combatant's turn, or raise why it is not allowed."""
    acting_check(session, combatant)
    spec = action_spec(name)
    for entry in condition_defs(session, combatant):
        if (
            entry.effects.cannot_attack
            and spec.type in (ActionType.ATTACK, ActionType.BONUS_ATTACK)
        ) or (entry.effects.cannot_attack and spec.full_attack):
            raise CombatFlowError(f"{combatant.name} is {entry.name} and cannot attack")
        if entry.effects.cannot_move and spec.type is ActionType.MOVE and name != "Reload":
            raise CombatFlowError(f"{combatant.name} is {entry.name} and cannot move")
    combat = session.combat
    declared = combat.turns.get(combatant.id, ())
    validate_turn(declared).declare(spec, target)
    turns = dict(combat.turns)
    turns[combatant.id] = (*declared, (name, target))
    # R11: a surprised combatant is flat-footed until it has acted: its first action ends it.
    unaware = tuple(u for u in combat.unaware if u != combatant.id)
    edit.set_combat(replace(combat, turns=turns, unaware=unaware))


def roll_declared(
    session: Session, edit: Edit, attacker_id: str, action: str, target_id: str
) -> bool:
    """An attack is rolled: if the attacker declared it this turn (that action, at this
    target or at nobody in particular), the roll is that action and spends nothing more
    (R15). Returns whether it was."""
    combat = session.combat
    waiting = combat.to_roll.get(attacker_id, ())
    for index, (name, target) in enumerate(waiting):
        if name == action and target in (None, target_id):
            rest = waiting[:index] + waiting[index + 1 :]
            to_roll = {k: v for k, v in combat.to_roll.items() if k != attacker_id}
            if rest:
                to_roll[attacker_id] = rest
            edit.set_combat(replace(combat, to_roll=to_roll))
            return True
    return False


class DeclareAction(msgspec.Struct, frozen=True):
    """R15-R17: spend part of a combatant's turn on an action from the chapter's table."""

    combatant_id: str
    action: str
    target_id: str | None = None

    def perform(self, session: Session, edit: Edit) -> str:
        combatant = session.combatant(self.combatant_id)
        declare_action(session, edit, combatant, self.action, self.target_id)
        if self.action in ATTACK_ACTIONS:  # its roll, when it comes, is this action
            combat = session.combat
            to_roll = dict(combat.to_roll)
            to_roll[combatant.id] = (*to_roll.get(combatant.id, ()), (self.action, self.target_id))
            edit.set_combat(replace(combat, to_roll=to_roll))
        target = f" at {session.combatant(self.target_id).name}" if self.target_id else ""
        edit.log("action", f"{combatant.name}: {self.action}{target}")
        if self.action == "Stand Up":  # R29/R50: standing up ends Prone
            for held in session.conditions_on(combatant.id):
                if held.key == "prone":
                    edit.remove("conditions", held.id)
                    edit.log("expiry", f"{combatant.name} stands up and is no longer Prone")
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
        if len(self.trigger) > 2000 or len(self.action) > 2000:
            raise CommandError("a readied action and its trigger are 2,000 characters at most")
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
        combat = require_combat(session)
        readied = next((r for r in combat.readied if r.id == self.readied_id), None)
        if readied is None:
            raise CommandError("that readied action is not waiting any more")
        reader = session.combatant(readied.combatant_id)
        left = tuple(r for r in combat.readied if r.id != readied.id)
        triggered = (*(i for i in combat.triggered if i != reader.id), reader.id)
        edit.set_combat(replace(combat, readied=left, triggered=triggered))
        if self.racing_id is None:
            # The GM's own words for both ("a bear comes through", "shoot it"), kept apart.
            edit.log(
                "action",
                f"{reader.name}'s readied action goes off ({readied.trigger}): {readied.action}",
            )
            return f"{reader.name} acts on the trigger"
        racer = session.combatant(self.racing_id)
        result = opposed_checks(
            {
                reader.id: reader.initiative(session.options.initiative),
                racer.id: racer.initiative(session.options.initiative),
            },
            edit.roller(),
        )
        first = session.combatants[result.winner].name
        rolls = [roll.roll for rnd in result.rounds for _, roll in rnd.rolls]
        edit.log(
            "initiative",
            f"{reader.name}'s readied action ({readied.action}) races {racer.name}: "
            f"{first} goes first (R10, R18)",
            rolls=rolls,
        )
        return f"{reader.name} acts on the trigger; {first} goes first"

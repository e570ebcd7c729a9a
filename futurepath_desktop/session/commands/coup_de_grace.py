"""The coup de grace (R24): a Full-Round action on a helpless target, an automatic critical
hit; a target that lives through it saves with CON against DC = the damage, or dies."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.attack_resolution import coup_de_grace, coup_de_grace_save
from futurepath_desktop.session.attack_plan import condition_defs, plan_attack
from futurepath_desktop.session.commands.attack import _rolls, spend_ammo
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.commands.turn_actions import declare_action
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.state import Combatant, Session


def helpless(session: Session, target: Combatant) -> bool:
    """R24, R54: a condition that makes its bearer helpless (Paralyzed, Unconscious…), or
    Unconscious at 5 fatigue under Health and Fatigue."""
    if any(d.effects.helpless for d in condition_defs(session, target)):
        return True
    return session.options.health_fatigue and target.health_fatigue().unconscious


def killed(session: Session, target: Combatant) -> Combatant:
    """The target dead under the session's health rules (R26: CON gone; R27: no Health
    and 5 fatigue)."""
    if session.options.health_fatigue:
        return msgspec.structs.replace(target, health=0, fatigue=5)
    return msgspec.structs.replace(target, con_damage=target.abilities.constitution)


class CoupDeGrace(msgspec.Struct, frozen=True):
    """R24: a coup de grace with a weapon on a helpless target, in one step."""

    attacker_id: str
    target_id: str
    weapon_index: int = 0
    distance_ft: int = 5
    """How far the target is: a melee weapon reaches it, a ranged one has the range."""

    def perform(self, session: Session, edit: Edit) -> str:
        plan = plan_attack(
            session,
            self.attacker_id,
            self.target_id,
            weapon_index=self.weapon_index,
            distance_ft=self.distance_ft,
        )
        attacker, target, weapon = plan.attacker, plan.target, plan.weapon
        rule = session.options.vitality
        if target.vitality(rule).dead:
            raise CommandError(f"{target.name} is dead already")
        spend_ammo(edit, attacker, self.weapon_index, 1)
        if session.combat.active:
            declare_action(session, edit, attacker, "Coup de Grace", target.id)
        roller = edit.roller()
        result = coup_de_grace(roller, plan.setup, target_helpless=helpless(session, target))
        dealt = result.total_damage
        edit.log(
            "attack",
            f"{attacker.name} delivers a coup de grace to {target.name} with {weapon.name}: "
            f"critical hit for {dealt}",
            result.render().splitlines()[1:],
            _rolls(result),
        )
        edit.log("damage", apply_damage(session, edit, target, dealt, attacker.name))
        after = session.combatants[target.id]
        if after.vitality(rule).dead:
            return f"{attacker.name}: coup de grace on {target.name}"
        extras = attacker.extra_attacks + attacker.extra_damage
        con = after.ability_mod("constitution")  # what CON damage has left of it
        save = coup_de_grace_save(roller, con, dealt, extras, after.advantage_die)
        if save.survives:
            edit.log(
                "attack",
                f"{target.name} makes the CON save ({save.check.total} against DC {save.dc}) "
                "and lives (R24)",
                rolls=[save.check.roll],
            )
        else:
            edit.put("combatants", killed(session, after))
            edit.log(
                "attack",
                f"{target.name} fails the CON save ({save.check.total} against DC {save.dc}) "
                "and dies (R24)",
                rolls=[save.check.roll],
            )
        return f"{attacker.name}: coup de grace on {target.name}"

"""The attack command: roll a planned attack, log its breakdown, apply its damage
(R19-R25)."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.attack_resolution import (
    AttackResult,
    resolve_attack,
    resolve_full_attack,
)
from futurepath_desktop.core.dice import DiceRoll
from futurepath_desktop.core.environment import Cover, through_cover
from futurepath_desktop.session.attack_plan import AttackPlan, no_instant, plan_attack
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.commands.turn_actions import declare_action, roll_declared
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.state import Combatant, Session
from futurepath_desktop.session.wording import possessive


def _rolls(result: AttackResult) -> list[DiceRoll]:
    rolls = [result.accuracy.roll] if result.accuracy is not None else []
    rolls.extend(check.roll for check in result.checks)
    rolls.extend(damage.roll for damage in result.damage)
    return rolls


def spend_ammo(edit: Edit, attacker: Combatant, weapon_index: int, shots: int) -> None:
    """Take ``shots`` from the weapon's ammunition (nothing for a weapon without); refused
    when it has fewer left."""
    weapon = attacker.weapons[weapon_index]
    if weapon.ammo is None:
        return
    if weapon.ammo < shots:
        raise CommandError(
            f"{attacker.name}'s {weapon.name} has {weapon.ammo} shot(s) left and needs "
            f"{shots}; reload first"
        )
    weapons = list(attacker.weapons)
    weapons[weapon_index] = msgspec.structs.replace(weapon, ammo=weapon.ammo - shots)
    edit.put("combatants", msgspec.structs.replace(attacker, weapons=tuple(weapons)))


class ResolveAttack(msgspec.Struct, frozen=True):
    """Roll an attack with the full breakdown and apply its damage in the same step.

    In combat, the attack spends the attacker's action (R15-R17) when its team is acting;
    ``declare`` False skips that (a readied action's instant attack, R18).
    """

    attacker_id: str
    target_id: str
    weapon_index: int = 0
    distance_ft: int = 5
    cover: int = 0
    fiat: tuple[AdvantageSource, ...] = ()
    bonus_attack: bool = False
    full_attack: bool = False
    use_extra_damage: bool = False
    apply_damage: bool = True
    declare: bool = True
    through_cover: bool = False
    """R32: fire through full cover (an AP weapon, or a barrier the GM rules weak)."""
    weak_barrier: bool = False

    def plan(self, session: Session) -> AttackPlan:
        """The attack as it stands now: every source, the AC, the action it spends. The
        attack form shows this plan's odds; ``perform`` rolls the same plan."""
        if self.cover not in range(4):
            raise CommandError("cover is 0 (none) to 3 (full) (R32)")
        return plan_attack(
            session,
            self.attacker_id,
            self.target_id,
            weapon_index=self.weapon_index,
            distance_ft=self.distance_ft,
            cover=self.cover,
            fiat=self.fiat,
            bonus_attack=self.bonus_attack,
            full_attack=self.full_attack,
            use_extra_damage=self.use_extra_damage,
            through_cover=self.through_cover,
            weak_barrier=self.weak_barrier,
        )

    def perform(self, session: Session, edit: Edit) -> str:
        plan = self.plan(session)
        attacker, weapon = plan.attacker, plan.weapon
        if not self.declare and session.combat.active:  # R18: the readied one's instant
            refusal = no_instant(session, attacker)
            if refusal:
                raise CombatFlowError(refusal)
            spent = tuple(i for i in session.combat.triggered if i != attacker.id)
            edit.set_combat(msgspec.structs.replace(session.combat, triggered=spent))
        spend_ammo(edit, attacker, self.weapon_index, 1 + plan.extra_attacks)
        declared = self.declare and session.combat.active
        if declared and not roll_declared(session, edit, attacker.id, plan.action, plan.target.id):
            declare_action(session, edit, attacker, plan.action, plan.target.id)
        roller = edit.roller()
        if self.through_cover and self.cover == int(Cover.FULL):
            d10 = roller.roll("1d10")
            shot = through_cover(d10.total)  # R32: d10 ≥ 6 connects
            gets = "gets through" if shot.connects else "does not get through"
            edit.log(
                "attack",
                f"{attacker.name} fires {weapon.name} through {possessive(plan.target.name)} "
                f"full cover: d10 {shot.roll}, {gets} (R32)",
                rolls=[d10],
            )
            if not shot.connects:
                return f"{attacker.name}'s shot does not get through"
        if self.full_attack:
            results = resolve_full_attack(
                roller, plan.setup, plan.extra_attacks, extra_damage=plan.extra_damage
            )
        else:
            results = (resolve_attack(roller, plan.setup, extra_damage=plan.extra_damage),)
        total = 0
        for result in results:
            lines = result.render(plan.notes).splitlines()[1:]
            summary = (
                f"{attacker.name} attacks {plan.target.name} with {weapon.name}: {result.outcome}"
            )
            if result.total_damage:
                summary += f" for {result.total_damage}"
            edit.log("attack", summary, lines, _rolls(result))
            total += result.total_damage
        if total and self.apply_damage:
            target = session.combatant(plan.target.id)
            edit.log("damage", apply_damage(session, edit, target, total, attacker.name))
        outcome = results[0].outcome if len(results) == 1 else f"{len(results)} attacks"
        return f"{attacker.name} attacks {plan.target.name}: {outcome}"


class Reload(msgspec.Struct, frozen=True):
    """Reload a weapon to its full ammunition (a Standard action by default)."""

    combatant_id: str
    weapon_index: int = 0

    def perform(self, session: Session, edit: Edit) -> str:
        combatant = session.combatant(self.combatant_id)
        if not 0 <= self.weapon_index < len(combatant.weapons):
            raise CommandError(f"{combatant.name} has no weapon number {self.weapon_index + 1}")
        weapon = combatant.weapons[self.weapon_index]
        if weapon.ammo_max is None:
            raise CommandError(f"{weapon.name} does not use ammunition")
        if session.combat.active and session.combat.acting_team == combatant.team_id:
            declare_action(session, edit, combatant, "Reload", None)
        weapons = list(combatant.weapons)
        weapons[self.weapon_index] = msgspec.structs.replace(weapon, ammo=weapon.ammo_max)
        edit.put("combatants", msgspec.structs.replace(combatant, weapons=tuple(weapons)))
        edit.log("action", f"{combatant.name} reloads {weapon.name}")
        return f"{combatant.name} reloads"

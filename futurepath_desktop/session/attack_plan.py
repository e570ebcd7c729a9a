"""Setting up an attack from the session: who, with what, and every (dis)advantage source
the state implies (conditions, cover, visibility, range, fatigue) plus the GM's fiat.

The attack form shows a plan's odds before rolling; the attack command rolls the same
plan, so what the GM saw is what is rolled.
"""

from __future__ import annotations

from fractions import Fraction

import msgspec

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.attacks import AttackSetup, check_bonus_attack, range_source
from futurepath_desktop.core.condition_effects import effective_ac, roll_sources, sources_against
from futurepath_desktop.core.conditions import (
    CATALOG,
    ConditionDef,
    RollTag,
    condition,
    custom_condition,
)
from futurepath_desktop.core.environment import (
    Cover,
    CoverRule,
    FireThroughCover,
    Visibility,
    cover_effect,
    visibility_attack_source,
)
from futurepath_desktop.core.environment import (
    through_cover as d10_through_cover,
)
from futurepath_desktop.core.errors import AttackNotAllowedError, FuturePathError
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.health_track import track_conditions
from futurepath_desktop.session.map_rules import attack_context
from futurepath_desktop.session.state import (
    ActiveCondition,
    Combatant,
    CombatState,
    Session,
    WeaponSpec,
)

ALL_WEAPONS = "all weapons"
"""A proficiency that covers every weapon."""

ATTACK_ACTIONS = frozenset(
    {
        "Attack (Melee)",
        "Attack (Ranged)",
        "Class Attack Talent",
        "Combat Technique",
        "Bonus Attack",
        "Full Attack",
        "Extra Damage Attack",
    }
)
"""The actions an attack roll spends (what ``plan_attack`` names): one declared ahead of
its roll is spent by that roll (R15)."""


def condition_defs(session: Session, combatant: Combatant) -> list[ConditionDef]:
    """The rules' view of a combatant's conditions: those put on, R11's surprise as
    Flat-Footed, and what the health track and the visibility make of it (R54)."""
    found: list[ConditionDef] = []
    for held in session.conditions_on(combatant.id):
        found.append(_definition(held))
    if session.combat.active and combatant.id in session.combat.unaware:
        # R11: surprised in the surprise round; after it, flat-footed until it has acted.
        found.append(condition("surprised" if session.combat.surprise_round else "flat-footed"))
    found.extend(track_conditions(session, combatant))
    return found


def _definition(held: ActiveCondition) -> ConditionDef:
    entry = CATALOG.get(held.key)
    return entry if entry is not None else custom_condition(held.name, held.note)


def is_proficient(combatant: Combatant, weapon: WeaponSpec) -> bool:
    """R17: proficiency with a weapon by its name, or with all weapons."""
    have = {p.lower() for p in combatant.proficiencies}
    return ALL_WEAPONS in have or weapon.name.lower() in have


class AttackPlan(msgspec.Struct, frozen=True):
    """An attack ready to roll: the core's setup, the action it spends, and notes."""

    setup: AttackSetup
    action: str
    attacker: Combatant
    target: Combatant
    weapon: WeaponSpec
    notes: tuple[str, ...]
    extra_attacks: int
    extra_damage: int
    connects: Fraction = Fraction(1)
    """The chance the shot reaches the target at all (R32: through full cover, a d10)."""


def plan_attack(
    session: Session,
    attacker_id: str,
    target_id: str,
    *,
    weapon_index: int = 0,
    distance_ft: int = 5,
    cover: int = 0,
    fiat: tuple[AdvantageSource, ...] = (),
    bonus_attack: bool = False,
    full_attack: bool = False,
    use_extra_damage: bool = False,
    through_cover: bool = False,
    weak_barrier: bool = False,
) -> AttackPlan:
    """Gather everything an attack needs; raises if the attack cannot be made at all."""
    attacker = session.combatant(attacker_id)
    target = session.combatant(target_id)
    if attacker.id == target.id:
        raise CommandError(f"{attacker.name} cannot attack itself")
    if not 0 <= weapon_index < len(attacker.weapons):
        raise CommandError(f"{attacker.name} has no weapon number {weapon_index + 1}")
    if distance_ft < 0:
        raise CommandError("a distance is 0 ft or more")
    if bonus_attack and full_attack:
        raise CommandError("a Bonus Attack is its own action, not part of the Full Attack")
    weapon = attacker.weapons[weapon_index]
    core_weapon = weapon.to_core()
    notes: list[str] = []
    connects = Fraction(1)
    # Who cannot attack at all is told so first, before the range (R26, R27, R29).
    if attacker.vitality(session.options.vitality).dead:
        raise AttackNotAllowedError(f"{attacker.name} is dead and cannot attack")
    attacker_defs = condition_defs(session, attacker)
    for entry in attacker_defs:
        if entry.effects.cannot_attack or entry.effects.cannot_act:
            raise AttackNotAllowedError(f"{attacker.name} is {entry.name} and cannot attack")
    # R37: melee reaches 5 ft plus 5 ft per Reach step.
    if not weapon.ranged and distance_ft > 5 + 5 * weapon.reach:
        raise AttackNotAllowedError(
            f"{target.name} is {distance_ft} ft away, beyond the {5 + 5 * weapon.reach} ft "
            f"reach of {weapon.name} (R37)"
        )
    tags = (RollTag.ATTACK, RollTag.RANGED if weapon.ranged else RollTag.MELEE)
    sources, can_gain = roll_sources(attacker_defs, tags)
    listed = list(sources)  # R54: Fatigue 4 is among the attacker's conditions
    # R31: the session's visibility, or worse where the attacker stands in a map zone.
    seen = attack_context(session, attacker.id, target.id)
    level = Visibility(seen.visibility) if seen is not None else session.options.visibility_level
    visibility = visibility_attack_source(level)
    if visibility is not None and not any(
        e.effects.counts_as_terrible_visibility for e in attacker_defs
    ):
        listed.append(visibility)
    target_defs = condition_defs(session, target)
    listed.extend(sources_against(target_defs, ranged=weapon.ranged, distance_ft=distance_ft))
    effect = cover_effect(Cover(cover), CoverRule(session.options.cover))
    if not effect.targetable and through_cover:
        # R32: an AP weapon, or a weak barrier, may fire through full cover: a d10 of 6 or
        # more connects, then the accuracy check takes 1 disadvantage.
        if not (weapon.armor_piercing or weak_barrier):
            raise AttackNotAllowedError(
                f"only an AP weapon, or a barrier the GM rules weak, fires through full cover; "
                f"{weapon.name} is not AP (R32)"
            )
        listed.append(FireThroughCover(0, True).source())
        notes.append("Through full cover: a d10 of 6 or more connects first (R32)")
        connects = Fraction(sum(d10_through_cover(face).connects for face in range(1, 11)), 10)
    elif not effect.targetable:
        raise AttackNotAllowedError(
            f"{target.name} is in full cover and cannot be targeted directly (R32)"
        )
    cover_source = effect.source(Cover(cover))
    if cover_source is not None:
        listed.append(cover_source)
    ranged = range_source(core_weapon, distance_ft)
    if ranged is not None:
        listed.append(ranged)
    listed.extend(fiat)
    ac = effective_ac(
        target.ac, target.abilities.mod("dexterity"), target_defs, size_mod=target.size_mod
    )
    notes.extend(ac.notes)
    target_ac = ac.value
    if effect.ac_bonus:
        target_ac += effect.ac_bonus
        notes.append(f"Cover: +{effect.ac_bonus} AC (R32 option)")
    off_hand = None
    if bonus_attack:
        off_hand = check_bonus_attack(core_weapon, is_proficient(attacker, weapon), attacker.feats)
    if weapon.technique != "no" and (bonus_attack or full_attack or use_extra_damage):
        raise CommandError(f"{weapon.name} is a Combat Technique: it is its own action (R49)")
    if weapon.technique != "no":
        for entry in attacker_defs:
            if entry.key == "prone":  # R29: Prone allows no techniques
                raise AttackNotAllowedError(f"{attacker.name} is Prone and cannot use a technique")
    if weapon.technique == "full-round":
        action = "Combat Technique"  # R49: both standard actions
    elif weapon.technique == "standard":
        action = "Class Attack Talent"  # a talent makes this one Standard (R49)
    elif bonus_attack:
        action = "Bonus Attack"
    elif full_attack:
        action = "Full Attack"
    elif use_extra_damage:
        action = "Extra Damage Attack"
    else:
        action = "Attack (Ranged)" if weapon.ranged else "Attack (Melee)"
    setup = AttackSetup(
        attacker.name,
        target.name,
        core_weapon,
        attacker.abilities.mod("strength"),
        attacker.abilities.mod("dexterity"),
        target_ac,
        tuple(listed),
        attacker.advantage_die,
        can_gain_advantage=can_gain,
        off_hand=off_hand,
    )
    return AttackPlan(
        setup,
        action,
        attacker,
        target,
        weapon,
        tuple(notes),
        attacker.extra_attacks if full_attack else 0,
        attacker.extra_damage if use_extra_damage or full_attack else 0,
        connects,
    )


def no_instant(session: Session, attacker: Combatant) -> str:
    """R18: why the attacker may not attack out of turn ("" when its readied action has
    gone off and its one instant action is still to take, or no fight runs)."""
    if not session.combat.active or attacker.id in session.combat.triggered:
        return ""
    return (
        f"{attacker.name} has no readied action that has gone off: only that attacks out "
        "of turn (Delay or Ready, then set it off when its trigger comes)"
    )


def why_cannot_act(
    session: Session, combatant: Combatant, combat: CombatState | None = None
) -> str:
    """Why ``combatant``, whose team is acting, cannot act now ("" if it can): surprised in
    the surprise round (R11), or under a condition that stops it acting (R54, the health
    track's too). ``combat``: where the fight stood, if not where it stands now."""
    combat = session.combat if combat is None else combat
    if combat.surprise_round and combatant.id not in combat.surprise_actors:
        return f"{combatant.name} is surprised and cannot act in the surprise round (R11)"
    for entry in condition_defs(session, combatant):
        if entry.effects.cannot_act:
            return f"{combatant.name} is {entry.name} and cannot act"
    return ""


def turn_warning(session: Session, plan: AttackPlan, *, out_of_turn: bool = False) -> str:
    """R15-R17: why the attacker's turn has no room for this attack ("" when it has), or
    why the attacker cannot act at all (R11, R54); out of turn, R18's instant action is the
    attacker's only way in."""
    from futurepath_desktop.core.actions import action as action_spec
    from futurepath_desktop.core.actions import validate_turn

    if out_of_turn:
        return no_instant(session, plan.attacker)
    if not session.combat.active:
        return ""
    if session.combat.acting_team != plan.attacker.team_id:
        # The same words whoever acts, so the form does not redraw on every turn; the way
        # to an attack out of turn only when there is one (R18).
        combat, who = session.combat, plan.attacker
        if who.id in combat.triggered:
            return f'It is not {who.name}\'s turn. Tick "out of turn": its readied action went off.'
        if any(r.combatant_id == who.id for r in combat.readied):
            return f"It is not {who.name}'s turn. Its readied action waits for its trigger."
        return f"It is not {who.name}'s turn."
    cannot = why_cannot_act(session, plan.attacker)
    if cannot:
        return cannot
    waiting = session.combat.to_roll.get(plan.attacker.id, ())
    if any(name == plan.action and t in (None, plan.target.id) for name, t in waiting):
        return ""  # declared already: this roll is that action, it spends nothing more
    declared = session.combat.turns.get(plan.attacker.id, ())
    try:
        turn = validate_turn(declared)
    except FuturePathError:
        return ""
    why = turn.why_not(action_spec(plan.action), plan.target.id) or ""
    if why and plan.action in ("Combat Technique", "Class Attack Talent"):
        return f"{plan.weapon.name} is a {plan.action}: {why}"  # the weapon made it one (R49)
    return why

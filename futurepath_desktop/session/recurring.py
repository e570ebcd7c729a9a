"""Counters that do something (R55): each tick of a counter with a recurring effect rolls
its save (if it has one) and, unless the save is made, its damage, to HP or to an ability.
The Counters phase (R13) and the end of combat (R14) both tick through here."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core.checks import roll_check
from futurepath_desktop.core.dice import DiceRoll, Roller
from futurepath_desktop.session.commands.health import apply_damage
from futurepath_desktop.session.edit import Edit
from futurepath_desktop.session.records.combat import ABILITY_WORDS, ActiveCondition
from futurepath_desktop.session.state import Combatant, Session

replace = msgspec.structs.replace


def ability_damage(edit: Edit, target: Combatant, ability: str, amount: int) -> str:
    """Ability damage (R55): CON is kept as CON damage (R26: the bearer dies when CON
    reaches 0); any other ability's score goes down, never below 0."""
    word = ABILITY_WORDS[ability]
    if ability == "constitution":
        lost = min(amount, 1000 - target.con_damage)
        new = replace(target, con_damage=target.con_damage + lost)
        left = max(0, target.abilities.constitution - new.con_damage)
        fate = f"{target.name} dies" if left == 0 else f"CON {left} left"
        edit.put("combatants", new)
        return f"{target.name} takes {lost} CON damage → {fate}"
    score = int(getattr(target.abilities, ability))
    lost = min(amount, score)
    abilities = replace(target.abilities, **{ability: score - lost})
    edit.put("combatants", replace(target, abilities=abilities))
    return f"{target.name} takes {lost} {word} damage → {word} {score - lost}"


def tick_effect(
    session: Session, edit: Edit, held: ActiveCondition, roller: Roller, why: str = "R55"
) -> int:
    """One tick of ``held``'s recurring effect, logged; returns the damage dealt (0 when the
    save is made)."""
    effect = held.recurring
    if effect is None:
        return 0
    bearer = session.combatants[held.bearer_id]
    rolls: list[DiceRoll] = []
    if effect.save is not None:
        word = ABILITY_WORDS[effect.save]
        check = roll_check(
            roller, bearer.ability_mod(effect.save), label=f"{word} check against {held.name}"
        )
        rolls.append(check.roll)
        if check.total >= effect.dc:
            edit.log(
                "damage",
                f"{bearer.name} makes the {word} check against {held.name} "
                f"({check.total} vs DC {effect.dc}): no damage this round ({why})",
                rolls=rolls,
            )
            return 0
        failed = f"failed the {word} check, {check.total} vs DC {effect.dc}; "
    else:
        failed = ""
    damage = roller.roll(effect.dice)
    rolls.append(damage)
    amount = max(0, damage.total)  # R48: damage is floored at 0
    if effect.to == "hp":
        line = apply_damage(session, edit, bearer, amount, held.name)
    else:
        line = ability_damage(edit, bearer, effect.to, amount).replace(
            " damage →", f" damage from {held.name} →", 1
        )
    edit.log("damage", f"{line} ({failed}{why})", rolls=rolls)
    return amount

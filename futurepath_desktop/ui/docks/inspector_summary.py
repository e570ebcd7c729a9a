"""The inspector's one-line summary of a combatant under its name."""

from __future__ import annotations

from futurepath_desktop.session.state import Combatant, Session


def combatant_summary(session: Session, combatant: Combatant) -> str:
    """AC, health (with temporary HP and what CON damage has left), initiative, Advantage
    Die and the conditions held, in one line."""
    if session.options.health_fatigue:
        health = f"Health {combatant.health}/{combatant.max_health}, fatigue {combatant.fatigue}"
    else:
        health = f"HP {combatant.hp}/{combatant.max_hp}"
    if combatant.temp_hp:
        health += f" (+{combatant.temp_hp} temp)"
    if combatant.con_damage:  # R26, R55: what CON damage has left
        con = combatant.abilities.constitution
        health += f" · CON {max(0, con - combatant.con_damage)} of {con}"
    held = [
        f"{c.name} {c.remaining}" if c.remaining else c.name
        for c in session.conditions_on(combatant.id)
    ]
    bits = [
        f"AC {combatant.ac}",
        health,
        f"initiative {combatant.initiative(session.options.initiative)}",
        f"Advantage Die {combatant.advantage_die}",
    ]
    if held:
        bits.append(", ".join(held))
    return " · ".join(bits)

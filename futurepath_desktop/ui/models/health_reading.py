"""A combatant's health as the initiative panel shows it."""

from __future__ import annotations

from futurepath_desktop.session.state import Combatant, Session


def health_reading(session: Session, combatant: Combatant) -> tuple[float, str, str]:
    """What the health column shows: the fraction left, the numbers, and how bad it is
    (good, hurt or bad: the bar's colour)."""
    rule = session.options.vitality
    if session.options.health_fatigue:
        pool = combatant.health_fatigue()
        fraction = pool.health / pool.max_health
        text = f"{pool.health}/{pool.max_health}"
        if pool.fatigue:
            text += f" · F{pool.fatigue}"
    else:
        hp = combatant.hit_points()
        fraction = max(0.0, hp.hp / hp.max_hp)
        text = f"{hp.hp}/{hp.max_hp}"
    if combatant.temp_hp:
        text += f" +{combatant.temp_hp}"
    state = (
        "bad"
        if combatant.is_down(rule) or fraction <= 0.25
        else "hurt"
        if fraction <= 0.5
        else "good"
    )
    return fraction, text, state

"""The health track as conditions (R54): under either vitality option (R40) the states it
produces are conditions like any other, and No Vision (R31) makes everyone Flat-Footed.

They are not rows of the conditions table: they follow from HP, Health, fatigue and the
session's visibility, so they come and go with those numbers (and with undo). The attack
plan, the action economy, movement and the panels read them through ``track_conditions``
beside the conditions the GM put on."""

from __future__ import annotations

from futurepath_desktop.core.conditions import CATALOG, ConditionDef, ConditionEffects, RollTag
from futurepath_desktop.core.environment import Visibility
from futurepath_desktop.session.state import Combatant, Session

DYING = ConditionDef(
    "dying",
    "Dying",
    "At 0 HP or less: loses 1d4 CON at the start of each of its turns until stabilized or "
    "dead; helpless (AC 5 + size), can be coup-de-graced.",
    ConditionEffects(helpless=True, cannot_act=True, loses_dex_to_ac=True),
)
DEAD = ConditionDef(
    "dead",
    "Dead",
    "Out of the fight for good.",
    ConditionEffects(helpless=True, cannot_act=True, loses_dex_to_ac=True),
)
WORN_OUT = ConditionDef(
    "fatigue-4",
    "Fatigue 4",
    "4 or more fatigue: 1 disadvantage on every roll.",
    ConditionEffects(disadvantage=((RollTag.ANY, 1),)),
)
NO_VISION = ConditionDef(
    "no-vision",
    "Flat-Footed (no vision)",
    "No Vision: loses its DEX bonus to AC.",
    ConditionEffects(loses_dex_to_ac=True),
)


def con_left(combatant: Combatant) -> int:
    """The CON score less CON damage (R26: the bearer dies at 0)."""
    return combatant.abilities.constitution - combatant.con_damage


def sight_of(session: Session, combatant: Combatant) -> Visibility:
    """R31: the visibility where the combatant stands: the session's, or worse in a zone."""
    level = session.options.visibility
    token = session.tokens.get(combatant.id)
    if token is not None and session.map is not None:
        level = max(level, session.visibility_at(token.square))
    return Visibility(level)


def track_conditions(session: Session, combatant: Combatant) -> list[ConditionDef]:
    """R54: what the combatant's health track and the session's visibility make of it."""
    found: list[ConditionDef] = []
    if session.options.health_fatigue:
        pool = combatant.health_fatigue()
        if pool.dead or con_left(combatant) <= 0:
            found.append(DEAD)
        else:
            if pool.unconscious:
                found.append(CATALOG["unconscious"])
            elif pool.downed:
                found.append(CATALOG["downed"])
            if pool.slowed:
                found.append(CATALOG["slowed"])
            if pool.disadvantage_on_all_rolls:
                found.append(WORN_OUT)
    else:
        hp = combatant.hit_points()
        if hp.dead:
            found.append(DEAD)
        elif hp.dying:
            found.append(DYING)
    if sight_of(session, combatant) is Visibility.NO_VISION:
        found.append(NO_VISION)
    return found


def track_words(session: Session, combatant: Combatant) -> tuple[str, ...]:
    """The names of those conditions, for a log line or a panel."""
    return tuple(entry.name for entry in track_conditions(session, combatant))


def track_change(session: Session, before: Combatant, after: Combatant) -> str:
    """What a change of health did to the track, in words ("" if nothing): "Brandon is
    now Slowed, Fatigue 4"; "Brandon is no longer Downed"."""
    change = track_shift(session, before, after)
    return f"{after.name} is {change}" if change else ""


def track_shift(session: Session, before: Combatant, after: Combatant) -> str:
    """``track_change`` without the name: "now Slowed, Fatigue 4 (R54)"."""
    old, new = track_words(session, before), track_words(session, after)
    gained = [name for name in new if name not in old]
    lost = [name for name in old if name not in new]
    parts = []
    if gained:
        parts.append(f"now {', '.join(gained)}")
    if lost:
        parts.append(f"no longer {', '.join(lost)}")
    return f"{' and '.join(parts)} (R54)" if parts else ""

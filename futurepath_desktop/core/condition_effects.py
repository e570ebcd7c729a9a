"""What conditions do to rolls and AC (R29).

A roll asks which conditions touch it by its tags (an attack in melee is tagged
``attack`` and ``melee``); each condition adds the largest disadvantage among the tags it
names, as one named source (R3). On each track only the most severe condition applies.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from futurepath_desktop.core.advantage import AdvantageSource
from futurepath_desktop.core.conditions import ConditionDef, RollTag


def effective(conditions: Iterable[ConditionDef]) -> list[ConditionDef]:
    """R29: on each track only the most severe condition applies; others all apply."""
    listed = list(dict.fromkeys(conditions))
    worst: dict[str, ConditionDef] = {}
    for entry in listed:
        if entry.track is not None:
            held = worst.get(entry.track)
            if held is None or entry.severity > held.severity:
                worst[entry.track] = entry
    return [c for c in listed if c.track is None or worst[c.track] is c]


def roll_sources(
    conditions: Iterable[ConditionDef], tags: Iterable[RollTag]
) -> tuple[tuple[AdvantageSource, ...], bool]:
    """The bearer's conditions as named disadvantage sources for a roll, and whether the
    bearer can gain advantage on it at all (Dazed, Nauseated and Sickened say no).
    """
    tagset = frozenset(tags)
    sources: list[AdvantageSource] = []
    can_gain = True
    for entry in effective(conditions):
        n = entry.effects.disadvantage_for(tagset)
        if n:
            sources.append(AdvantageSource(entry.name, disadvantages=n, kind="condition"))
        if entry.effects.cannot_gain_advantage:
            can_gain = False
    return tuple(sources), can_gain


def sources_against(
    target_conditions: Iterable[ConditionDef], *, ranged: bool, distance_ft: int
) -> tuple[AdvantageSource, ...]:
    """What the target's conditions give its attackers (Entangled, Prone)."""
    sources: list[AdvantageSource] = []
    for entry in effective(target_conditions):
        gain = entry.effects.attackers_gain_advantage
        if ranged and distance_ft > 10:
            gain += entry.effects.ranged_attackers_beyond_10ft_gain_advantage
        if gain:
            sources.append(
                AdvantageSource(f"Target {entry.name}", advantages=gain, kind="condition")
            )
    return tuple(sources)


class ArmorClass(msgspec.Struct, frozen=True):
    """A target's AC after its conditions, with the reasons it changed."""

    value: int
    base: int
    notes: tuple[str, ...] = ()


def effective_ac(
    base_ac: int,
    dex_mod: int,
    conditions: Iterable[ConditionDef],
    *,
    size_mod: int = 0,
    attacker_is_grappler: bool = False,
) -> ArmorClass:
    """R29: Helpless sets AC to 5 + size modifier; losing DEX removes a DEX bonus to AC."""
    active = effective(conditions)
    helpless = [c for c in active if c.effects.helpless]
    if helpless:
        return ArmorClass(
            5 + size_mod, base_ac, (f"{helpless[0].name}: AC = 5 + size modifier {size_mod:+d}",)
        )
    loses = [
        c
        for c in active
        if c.effects.loses_dex_to_ac
        or (c.effects.loses_dex_except_vs_grappler and not attacker_is_grappler)
    ]
    bonus = max(0, dex_mod)
    if loses and bonus:
        names = ", ".join(c.name for c in loses)
        lost = f"{names}: no DEX bonus to AC (−{bonus})"
        return ArmorClass(base_ac - bonus, base_ac, (lost,))
    return ArmorClass(base_ac, base_ac)

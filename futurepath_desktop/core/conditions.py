"""The conditions of R29: the catalog, and a GM's own conditions.

The catalog is data: each condition names its track, its place on that track, its
mechanical effects and its default duration. What they do to a roll and to AC is in
:mod:`futurepath_desktop.core.condition_effects`; their round counters (R13, R30) are in
:mod:`futurepath_desktop.core.counters`.
"""

from __future__ import annotations

import re
from enum import StrEnum

import msgspec
from msgspec import field

from futurepath_desktop.core.errors import InvalidValueError


class RollTag(StrEnum):
    """What a roll is, for deciding which conditions touch it."""

    ANY = "any"
    ATTACK = "attack"
    MELEE = "melee"
    RANGED = "ranged"
    SAVE = "save"
    SKILL = "skill"
    PERCEPTION = "perception"
    NOTICE = "notice"
    INITIATIVE = "initiative"
    DEX_CHECK = "dex check"
    DEX_SAVE = "dex save"
    ATTENTION = "attention"  # actions that need the bearer's attention (R29, Nauseated)


class ConditionEffects(msgspec.Struct, frozen=True):
    """The mechanical effects of a condition, as the resolver and tracker read them."""

    disadvantage: tuple[tuple[RollTag, int], ...] = ()
    cannot_gain_advantage: bool = False
    loses_dex_to_ac: bool = False
    loses_dex_except_vs_grappler: bool = False
    cannot_act: bool = False
    cannot_attack: bool = False
    cannot_move: bool = False
    cannot_use_powers: bool = False
    helpless: bool = False
    drops_held_items: bool = False
    half_speed: bool = False
    attackers_gain_advantage: int = 0
    ranged_attackers_beyond_10ft_gain_advantage: int = 0
    damage_per_turn: str | None = None
    counts_as_terrible_visibility: bool = False

    def disadvantage_for(self, tags: frozenset[RollTag]) -> int:
        """The largest disadvantage this condition gives a roll with these tags."""
        return max(
            (n for tag, n in self.disadvantage if tag is RollTag.ANY or tag in tags), default=0
        )


class ConditionDef(msgspec.Struct, frozen=True):
    """One entry of the catalog of R29 (or a GM's custom condition)."""

    key: str
    name: str
    summary: str
    effects: ConditionEffects = field(default_factory=ConditionEffects)
    track: str | None = None
    severity: int = 0
    default_rounds: int | None = None
    custom: bool = False


def _c(
    key: str,
    name: str,
    summary: str,
    effects: ConditionEffects | None = None,
    track: str | None = None,
    severity: int = 0,
    rounds: int | None = None,
) -> ConditionDef:
    return ConditionDef(key, name, summary, effects or ConditionEffects(), track, severity, rounds)


_A = RollTag
_CATALOG: tuple[ConditionDef, ...] = (
    # The shaken track, least to most severe (R29).
    _c(
        "shaken",
        "Shaken",
        "1 disadvantage on attacks, saves and skill checks.",
        ConditionEffects(disadvantage=((_A.ATTACK, 1), (_A.SAVE, 1), (_A.SKILL, 1))),
        "shaken",
        1,
        1,
    ),
    _c(
        "dazed",
        "Dazed",
        "Cannot gain advantage; 2 disadvantage on everything.",
        ConditionEffects(disadvantage=((_A.ANY, 2),), cannot_gain_advantage=True),
        "shaken",
        2,
        1,
    ),
    _c(
        "stunned",
        "Stunned",
        "Loses DEX to AC, drops held items, cannot attack or move.",
        ConditionEffects(
            loses_dex_to_ac=True, drops_held_items=True, cannot_attack=True, cannot_move=True
        ),
        "shaken",
        3,
        1,
    ),
    _c(
        "paralyzed",
        "Paralyzed",
        "Cannot act; helpless.",
        ConditionEffects(cannot_act=True, helpless=True, loses_dex_to_ac=True),
        "shaken",
        4,
    ),
    _c(
        "flat-footed",
        "Flat-Footed",
        "Loses DEX bonus to AC.",
        ConditionEffects(loses_dex_to_ac=True),
    ),
    _c(
        "prone",
        "Prone",
        "Melee attacks take 1 disadvantage, no techniques; ranged attacks against it from "
        "beyond 10 ft gain 1 advantage; crawls at half speed; standing up is a Simple action.",
        ConditionEffects(
            disadvantage=((_A.MELEE, 1),),
            ranged_attackers_beyond_10ft_gain_advantage=1,
            half_speed=True,  # R50: it crawls until it stands
        ),
    ),
    # R48: Sickened is the milder step of its track, Sickened → Nauseated (R29 gives both
    # the same effect; the more severe one stays when both are put on).
    _c(
        "sickened",
        "Sickened",
        "Cannot gain advantage; 2 disadvantage on actions needing attention.",
        ConditionEffects(disadvantage=((_A.ATTENTION, 2),), cannot_gain_advantage=True),
        "nausea",
        1,
    ),
    _c(
        "nauseated",
        "Nauseated",
        "Cannot gain advantage; 2 disadvantage on actions needing attention.",
        ConditionEffects(disadvantage=((_A.ATTENTION, 2),), cannot_gain_advantage=True),
        "nausea",
        2,
    ),
    _c(
        "helpless",
        "Helpless",
        "AC = 5 + size modifier; can be coup-de-graced.",
        ConditionEffects(helpless=True, cannot_act=True, loses_dex_to_ac=True),
    ),
    _c(
        "unconscious",
        "Unconscious",
        "Helpless: AC = 5 + size modifier; can be coup-de-graced.",
        ConditionEffects(helpless=True, cannot_act=True, loses_dex_to_ac=True),
    ),
    _c(
        "grappled",
        "Grappled",
        "Bare hands or light weapons only; loses DEX to AC except against the grappler.",
        ConditionEffects(loses_dex_except_vs_grappler=True),
        "grapple",
        1,
    ),
    _c(
        "pinned",
        "Pinned",
        "Cannot move; loses DEX to AC against all.",
        ConditionEffects(cannot_move=True, loses_dex_to_ac=True),
        "grapple",
        2,
    ),
    _c(
        "blinded",
        "Blinded",
        "3 disadvantage on melee, Perception and DEX checks.",
        ConditionEffects(disadvantage=((_A.MELEE, 3), (_A.PERCEPTION, 3), (_A.DEX_CHECK, 3))),
    ),
    _c(
        "deafened",
        "Deafened",
        "Disadvantage on initiative and Perception.",
        ConditionEffects(disadvantage=((_A.INITIATIVE, 1), (_A.PERCEPTION, 1))),
    ),
    _c(
        "entangled",
        "Entangled",
        "Disadvantage on attacks and DEX saves, half speed; attackers gain advantage.",
        ConditionEffects(
            disadvantage=((_A.ATTACK, 1), (_A.DEX_SAVE, 1)),
            half_speed=True,
            attackers_gain_advantage=1,
        ),
    ),
    _c("winded", "Winded", "Out of breath.", None, "fatigue", 1),
    _c("fatigued", "Fatigued", "Tired and worn.", None, "fatigue", 2),
    _c("exhausted", "Exhausted", "Spent.", None, "fatigue", 3),
    _c("frightened", "Frightened", "Afraid of a source.", None, "fear", 1),
    _c(
        "cowering",
        "Cowering",
        "Frozen in fear: cannot move.",
        ConditionEffects(cannot_move=True),
        "fear",
        2,
    ),
    _c("panicked", "Panicked", "Flees in fear.", None, "fear", 3),
    _c("confused", "Confused", "Acts erratically; the GM decides each turn."),
    _c(
        "burning",
        "Burning",
        "Takes 1d6 damage each turn.",
        ConditionEffects(damage_per_turn="1d6"),
    ),
    _c(
        "bleeding",
        "Bleeding",
        "Takes 1d4 damage each turn.",
        ConditionEffects(damage_per_turn="1d4"),
    ),
    _c("hidden", "Hidden", "Unseen by foes."),
    _c("invisible", "Invisible", "Cannot be seen."),
    # From the second text (R29).
    _c("slowed", "Slowed", "Moves at half speed.", ConditionEffects(half_speed=True)),
    _c("downed", "Downed", "At 0 Health.", ConditionEffects(cannot_act=True)),
    _c(
        "dazzled",
        "Dazzled",
        "Counts as Terrible visibility: disadvantage on Notice and on attacks.",
        ConditionEffects(
            disadvantage=((_A.NOTICE, 1), (_A.PERCEPTION, 1), (_A.ATTACK, 1)),
            counts_as_terrible_visibility=True,
        ),
    ),
    _c(
        "surprised",
        "Surprised",
        "Flat-footed and cannot use powers until it has acted.",
        ConditionEffects(loses_dex_to_ac=True, cannot_use_powers=True),
    ),
)

CATALOG: dict[str, ConditionDef] = {c.key: c for c in _CATALOG}
"""R29: the conditions by key."""


def condition(key_or_name: str) -> ConditionDef:
    """Find a catalog condition by key or name, case-insensitively."""
    wanted = key_or_name.strip().lower()
    if wanted in CATALOG:
        return CATALOG[wanted]
    for entry in _CATALOG:
        if entry.name.lower() == wanted:
            return entry
    raise InvalidValueError(
        f"there is no condition called {key_or_name!r}; use one of "
        f"{', '.join(c.name for c in _CATALOG)} or add a custom condition"
    )


CUSTOM_NAME_MAX = 60
"""The longest name of a GM's own condition."""


def custom_condition(name: str, note: str = "", default_rounds: int | None = None) -> ConditionDef:
    """R29: a GM's own condition, with a note and no mechanical effect of its own."""
    cleaned = name.strip()
    if not cleaned:
        raise InvalidValueError("a custom condition needs a name")
    if len(cleaned) > CUSTOM_NAME_MAX:
        raise InvalidValueError(
            f"a condition's name can be at most {CUSTOM_NAME_MAX} characters long"
        )
    slug = re.sub(r"[^a-z0-9]+", "-", cleaned.lower()).strip("-") or "condition"
    return ConditionDef(
        f"custom:{slug}", cleaned, note.strip(), default_rounds=default_rounds, custom=True
    )

"""Importing a Future Path character sheet (docs: shared/formats/future-path-character-sheet.md)
as a player character: a :class:`Combatant` record, the conditions its sheet ticks, and a
warning for each field that could not be read.

A sheet is the game's web character sheet saved as JSON. Every number in it is text
(possibly ``""``, signed or ``"-"``); unknown cards and fields are ignored; an unreadable
field is reported by the character's name and its path and takes a safe value, so the
rest of the sheet still imports. A file that is not a sheet at all is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, get_args

from futurepath_desktop.core.abilities import ability_modifier
from futurepath_desktop.session.commands.roster import validated
from futurepath_desktop.session.records.kinds import AdvantageDie, new_id
from futurepath_desktop.session.records.roster import SHEET_TEXT_MAX, Abilities, Combatant
from futurepath_desktop.session.sheet_conditions import read_conditions
from futurepath_desktop.session.sheet_file import MAX_SHEET_BYTES, NotASheetError, read_sheet
from futurepath_desktop.session.sheet_traits import read_damage_reduction, read_skills
from futurepath_desktop.session.sheet_values import (
    SheetValues,
    UnreadableError,
    blank_word,
    is_blank,
    parse_integer,
    shown,
)
from futurepath_desktop.session.sheet_weapons import read_weapons

__all__ = [
    "MAX_SHEET_BYTES",
    "NotASheetError",
    "SheetImport",
    "import_sheet",
    "read_sheet",
]

ADVANTAGE_DICE: tuple[AdvantageDie, ...] = get_args(AdvantageDie)
"""R2: the Advantage Die ladder as the record spells it."""
_NAME_MAX = 120
_NOTES_MAX = 20_000

ABILITY_FIELDS = (
    ("STR", "strength"),
    ("DEX", "dexterity"),
    ("CON", "constitution"),
    ("INT", "intelligence"),
    ("WIS", "wisdom"),
    ("CHA", "charisma"),
)
"""The sheet's suffix of each ability (``scoreSTR``, ``modSTR``) and the record's field."""

SIZE_MODS = {
    "fine": 8,
    "diminutive": 4,
    "tiny": 2,
    "small": 1,
    "medium": 0,
    "large": -1,
    "huge": -2,
    "gargantuan": -4,
    "colossal": -8,
}
"""The size modifier to AC of each size; R29: a helpless combatant's AC is 5 + this."""


@dataclass(frozen=True)
class SheetImport:
    """One sheet read: the character, the catalog keys of the conditions its sheet ticks
    (for the caller to add), and a warning for each field that could not be read."""

    combatant: Combatant
    conditions: tuple[str, ...]
    warnings: tuple[str, ...]
    source: str


def import_sheet(data: bytes, source: str, *, team_id: str = "players") -> SheetImport:
    """Read one character sheet as a player character of team ``team_id`` (a new id), or
    raise :class:`NotASheetError`. Fields that cannot be read become warnings."""
    sheet = read_sheet(data, source)
    raw_name = sheet["identityCard"]["charName"].strip()
    values = SheetValues(sheet, raw_name[:_NAME_MAX])
    if len(raw_name) > _NAME_MAX:
        values.warn("identityCard.charName", f"is longer than {_NAME_MAX} characters; cut short")
    # Read in the sheet's own order of cards, so the warnings come in that order too.
    size_mod = _size_mod(values)
    abilities = _abilities(values)
    max_hp, hp, temp_hp = _hit_points(values)
    advantage_die = _advantage_die(values)
    extra_damage = values.integer(
        "attributesCard.extraDamage",
        values.card("attributesCard").get("extraDamage"),
        low=0,
        high=10,
        default=0,
    )
    initiative_misc = _initiative_misc(values, abilities)
    skills = read_skills(values)
    ac, flat_ac = _armor_class(values), _flat_ac(values)
    damage_reduction = read_damage_reduction(values)
    speed_ft = _speed(values)
    weapons, weapon_notes = read_weapons(values)
    combatant = Combatant(
        id=new_id("cmb"),
        name=values.name,
        team_id=team_id,
        kind="pc",
        abilities=abilities,
        ac=ac,
        flat_ac=flat_ac,
        size_mod=size_mod,
        max_hp=max_hp,
        hp=hp,
        temp_hp=temp_hp,
        advantage_die=advantage_die,
        speed_ft=speed_ft,
        initiative_misc=initiative_misc,
        weapons=weapons,
        extra_damage=extra_damage,
        skills=skills,
        damage_reduction=damage_reduction,
        notes=_notes(sheet, weapon_notes),
        sheet=_kept_text(data),
    )
    conditions = read_conditions(values, combatant.hp)
    # The guard at the door: the record passes the same checks as one read from a file.
    combatant = validated(Combatant, combatant)
    return SheetImport(combatant, conditions, tuple(values.warnings), source)


def _kept_text(data: bytes) -> str:
    """The sheet as the player's file has it, kept with the character for the export; too
    long a sheet is not kept (the export then asks for the file)."""
    text = data.decode("utf-8-sig", errors="replace")
    return text if len(text) <= SHEET_TEXT_MAX else ""


def _abilities(values: SheetValues) -> Abilities:
    """The six scores; a score that cannot be read comes from its modifier (score / 2 − 5,
    so the lower score of the two with that modifier)."""
    card = values.card("abilityScoresCard")
    scores = {}
    for short, field in ABILITY_FIELDS:
        at, mod_at = f"abilityScoresCard.score{short}", f"abilityScoresCard.mod{short}"
        raw, raw_mod = card.get(f"score{short}"), card.get(f"mod{short}")
        try:
            score = values.number(at, raw, low=0, high=99)
        except UnreadableError:
            score = None
        mod = _quiet_number(raw_mod)
        if score is None:
            if mod is not None:
                score = max(0, min(99, 10 + 2 * mod))
                values.warn(at, f"{_said(raw)}; {score} is used, from {mod_at} {mod:+d}")
            else:
                score = 10
                if not values.card_missing("abilityScoresCard"):
                    values.warn(at, f"{_said(raw)} and so is {mod_at}; 10 is used")
        elif mod is not None and mod != ability_modifier(score):
            values.warn(
                mod_at,
                f"is {shown(raw_mod)} but a score of {score} gives "
                f"{ability_modifier(score):+d}; the score is used",
            )
        scores[field] = score
    return Abilities(**scores)


def _quiet_number(raw: object) -> int | None:
    """A number read without a warning (a value that only backs up another)."""
    try:
        value = parse_integer(raw)
    except UnreadableError:
        return None
    return None if value is None or abs(value) > 1000 else value


def _said(raw: object) -> str:
    return blank_word(raw) if is_blank(raw) else f"is {shown(raw)}, not a number"


def _hit_points(values: SheetValues) -> tuple[int, int, int]:
    """Maximum, current and temporary HP (R26, R28); current never above the maximum."""
    card = values.card("healthInjuryCard")
    needed = not values.card_missing("healthInjuryCard")
    at = "healthInjuryCard"
    temp_hp = values.integer(f"{at}.tempHP", card.get("tempHP"), low=0, high=100_000, default=0)
    max_hp = values.integer(
        f"{at}.maxHP", card.get("maxHP"), low=1, high=100_000, default=10, blank_warns=needed
    )
    raw = card.get("currentHP")
    try:
        hp = parse_integer(raw)
    except UnreadableError:
        values.warn(f"{at}.currentHP", f"is {shown(raw)}, not a number; {max_hp} is used")
        return max_hp, max_hp, temp_hp
    if hp is None:
        if needed:
            values.warn(f"{at}.currentHP", f"{blank_word(raw)}; the maximum {max_hp} is used")
        hp = max_hp
    elif hp > max_hp:
        values.warn(f"{at}.currentHP", f"is {shown(raw)}, above maxHP {max_hp}; {max_hp} is used")
        hp = max_hp
    elif hp < -1_000_000_000:
        values.warn(f"{at}.currentHP", f"is {shown(raw)}, less than the tracker holds")
        hp = -1_000_000_000
    return max_hp, hp, temp_hp


def _armor_class(values: SheetValues) -> int:
    card = values.card("ArmorStatsCard")
    return values.integer(
        "ArmorStatsCard.acTotal",
        card.get("acTotal"),
        low=-1000,
        high=1000,
        default=10,
        blank_warns=not values.card_missing("ArmorStatsCard"),
    )


def _flat_ac(values: SheetValues) -> int | None:
    raw = values.card("ArmorStatsCard").get("acFlat")
    try:
        return values.number("ArmorStatsCard.acFlat", raw, low=-1000, high=1000)
    except UnreadableError:
        values.warn("ArmorStatsCard.acFlat", f"is {shown(raw)}, not a number; it is left out")
        return None


def _size_mod(values: SheetValues) -> int:
    """The size modifier (R29: a helpless AC is 5 + it): from the size's name, or the
    armour card's size modifier when the name cannot be read."""
    raw = values.card("identityCard").get("charSize")
    if isinstance(raw, str) and raw.strip().lower() in SIZE_MODS:
        return SIZE_MODS[raw.strip().lower()]
    from_ac = _quiet_number(values.card("ArmorStatsCard").get("acSizeMod"))
    if from_ac is not None and from_ac in SIZE_MODS.values():
        if raw is not None:
            values.warn(
                "identityCard.charSize", f"is {shown(raw)}, not a size; {from_ac:+d} from acSizeMod"
            )
        return from_ac
    if raw is not None:
        values.warn("identityCard.charSize", f"is {shown(raw)}, not a size; Medium (+0) is used")
    return 0


def _advantage_die(values: SheetValues) -> AdvantageDie:
    """R2: the sheet writes one die without its count (``"d2"`` is ``1d2``)."""
    raw = values.card("attributesCard").get("advantageDie")
    text = raw.strip().lower().replace(" ", "") if isinstance(raw, str) else ""
    if text.startswith("d"):
        text = "1" + text
    for die in ADVANTAGE_DICE:
        if text == die:
            return die
    if not values.card_missing("attributesCard"):
        what = (
            blank_word(raw) if raw is None or not text else f"is {shown(raw)}, not an Advantage Die"
        )
        values.warn("attributesCard.advantageDie", f"{what}; 1d2 is used (R2)")
    return "1d2"


def _speed(values: SheetValues) -> int:
    """The speed in a fight (R35), in feet; from the squares when the feet are blank."""
    card = values.card("SpeedCard")
    raw = card.get("combatSpeedFt")
    try:
        feet = values.number("SpeedCard.combatSpeedFt", raw, low=0, high=1000)
    except UnreadableError:
        feet = None
    if feet is not None:
        return feet
    squares = _quiet_number(card.get("combatSpeedSq"))
    if squares is not None and 0 <= squares <= 200:
        return squares * 5  # R34: a square is 5 ft
    if not values.card_missing("SpeedCard"):
        values.warn("SpeedCard.combatSpeedFt", f"{_said(raw)}; 30 ft is used (R35)")
    return 30


def _initiative_misc(values: SheetValues, abilities: Abilities) -> int:
    """R5: the sheet's initiative is DEX mod + WIS mod + misc; the record keeps the misc,
    so the tracker's initiative is the sheet's."""
    raw = values.card("attributesCard").get("initiative")
    mods = abilities.mod("dexterity") + abilities.mod("wisdom")
    try:
        score = values.number("attributesCard.initiative", raw, low=-1000 + mods, high=1000 + mods)
    except UnreadableError:
        score = None
    if score is None:
        if not values.card_missing("attributesCard"):
            values.warn(
                "attributesCard.initiative",
                f"{_said(raw)}; DEX mod + WIS mod ({mods:+d}) is used (R5)",
            )
        return 0
    return score - mods


def _notes(sheet: Mapping[str, Any], weapon_notes: list[str]) -> str:
    """Who the character is and what the sheet says that the record has no field for."""
    identity = sheet.get("identityCard")
    identity = identity if isinstance(identity, Mapping) else {}
    who = [
        identity[key].strip()
        for key in ("species", "charPath", "classList")
        if isinstance(identity.get(key), str) and identity[key].strip()
    ]
    level = identity.get("pathLevel")
    if isinstance(level, str) and level.strip():
        who.append(f"level {level.strip()}")
    lines = [", ".join(who)] if who else []
    if weapon_notes:
        lines.append("Weapons on the sheet: " + "; ".join(weapon_notes) + ".")
    story = sheet.get("backstoryCard")
    text = story.get("backstoryNotes") if isinstance(story, Mapping) else None
    if isinstance(text, str) and text.strip():
        lines.append(text.strip())
    notes = "\n".join(lines)
    return notes if len(notes) <= _NOTES_MAX else notes[: _NOTES_MAX - 3] + "..."

"""The weapons card of a Future Path character sheet, read into the session's weapons
(R17-R21, R37): level, accuracy, critical, melee reach or range increment, ammunition.

The damage dice follow from the weapon's level (R20), so the record keeps the level and
any flat bonus; the sheet's own dice text goes into the character's notes, and a warning
says so when it is not the level's die.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from futurepath_desktop.core.attacks import DAMAGE_DIE_BY_LEVEL
from futurepath_desktop.session.records.roster import WeaponSpec
from futurepath_desktop.session.sheet_values import SheetValues, UnreadableError, is_blank, shown

MAX_WEAPONS = 100
"""The most weapons read from one sheet; a longer list is a broken file, not an arsenal."""
DEFAULT_RANGE_FT = 30
"""The range increment a ranged weapon gets when its sheet gives none: the core needs one
(R19) to count range disadvantage."""
_NAME_MAX = 120

_DICE = re.compile(r"^([0-9]{0,4})\s*d\s*([0-9]{1,4})\s*(?:([+-])\s*([0-9]{1,6}))?$", re.IGNORECASE)
_DISTANCE = re.compile(r"^([0-9]{1,6})\s*(?:ft\.?|feet|foot|')?$", re.IGNORECASE)
_REACH_NOTE = re.compile(r"\breach\s*([0-9]{1,4})\s*(?:ft|feet|foot|')", re.IGNORECASE)
_CRIT_MULTIPLIER = re.compile(r"^[x×]\s*([0-9]{1,3})$", re.IGNORECASE)
_CRIT_RANGE = re.compile(r"^([0-9]{1,3})(?:\s*-\s*([0-9]{1,3}))?$")
_VERSATILE = re.compile(r"\bversatile\b", re.IGNORECASE)


def weapon_name(raw: object, index: int) -> str:
    """A sheet weapon's name as the record keeps it (the export matches weapons by it)."""
    if isinstance(raw, str) and raw.strip():
        return raw.strip()[:_NAME_MAX]
    return f"Weapon {index + 1}"


def weapon_entries(values: SheetValues) -> list[Mapping[str, Any]]:
    """The weapon entries of the sheet, in order; entries that are not weapons are
    reported and skipped."""
    card = values.card("weaponsCard")
    raw = card.get("weaponsList")
    if raw is None:
        if not values.card_missing("weaponsCard"):
            values.warn("weaponsCard.weaponsList", "is missing; no weapons are read")
        return []
    if not isinstance(raw, Sequence) or isinstance(raw, str):
        values.warn("weaponsCard.weaponsList", f"is {shown(raw)}, not a list; no weapons are read")
        return []
    if len(raw) > MAX_WEAPONS:
        values.warn(
            "weaponsCard.weaponsList", f"holds {len(raw)} weapons; the first {MAX_WEAPONS} are read"
        )
    found = []
    for index, entry in enumerate(raw[:MAX_WEAPONS]):
        if isinstance(entry, Mapping):
            found.append(entry)
        else:
            values.warn(f"weaponsCard.weaponsList[{index}]", f"is {shown(entry)}, not a weapon")
            found.append({})
    return found


def read_weapons(values: SheetValues) -> tuple[tuple[WeaponSpec, ...], list[str]]:
    """The sheet's weapons, and a line of notes for each (its dice, type, AP and notes as
    the sheet writes them)."""
    weapons: list[WeaponSpec] = []
    notes: list[str] = []
    for index, entry in enumerate(weapon_entries(values)):
        if not entry:
            continue
        weapon = _weapon(values, entry, index)
        weapons.append(weapon)
        notes.append(_notes_line(weapon.name, entry))
    return tuple(weapons), notes


def _weapon(values: SheetValues, entry: Mapping[str, Any], index: int) -> WeaponSpec:
    at = f"weaponsCard.weaponsList[{index}]"
    name = weapon_name(entry.get("Name"), index)
    raw_name = entry.get("Name")
    if not (isinstance(raw_name, str) and raw_name.strip()):
        values.warn(f"{at}.Name", f"{_said(raw_name)}; it is called {name!r}")
    elif len(raw_name.strip()) > _NAME_MAX:
        values.warn(f"{at}.Name", f"is longer than {_NAME_MAX} characters; it is cut short")
    dice = _dice(values, f"{at}.Damage", entry.get("Damage"))
    level = _level(values, f"{at}.Lvl", entry.get("Lvl"), dice)
    bonus = 0
    if dice is not None:
        die, bonus = dice
        if die != DAMAGE_DIE_BY_LEVEL[level]:
            # R20: the level sets the damage die; the sheet's dice stay in the notes.
            values.warn(
                f"{at}.Damage",
                f"is {shown(entry.get('Damage'))} but a level {level} weapon deals "
                f"{DAMAGE_DIE_BY_LEVEL[level]} (R20); the tracker rolls "
                f"{DAMAGE_DIE_BY_LEVEL[level]} and keeps the sheet's dice in the notes",
            )
    crit_multiplier, crit_min = _critical(values, f"{at}.Critical", entry.get("Critical"))
    distance = _distance(values, f"{at}.Range", entry.get("Range"))
    ranged = _is_ranged(values, at, entry, distance)
    notes = entry.get("Notes")
    notes_text = notes if isinstance(notes, str) else ""
    increment, reach = 0, 0
    if ranged:
        increment = _range_increment(values, f"{at}.Range", entry.get("Range"), distance)
    else:
        reach = _reach(values, at, distance, notes_text)
    ammo, ammo_max = _ammo(values, f"{at}.Ammo", entry.get("Ammo"))
    return WeaponSpec(
        name,
        level,
        ranged=ranged,
        accuracy_bonus=values.integer(
            f"{at}.Accuracy", entry.get("Accuracy"), low=-1000, high=1000, default=0
        ),
        damage_bonus=bonus,
        crit_min=crit_min,
        crit_multiplier=crit_multiplier,
        range_increment_ft=increment,
        reach=reach,
        versatile=bool(_VERSATILE.search(notes_text)),
        armor_piercing=_armor_piercing(values, f"{at}.AP", entry.get("AP")),
        ammo=ammo,
        ammo_max=ammo_max,
    )


def _said(raw: object) -> str:
    return "is missing" if raw is None else f"is {shown(raw)}"


def _dice(values: SheetValues, path: str, raw: object) -> tuple[str, int] | None:
    """The damage dice (``"1d8"``) and flat bonus of ``"d8"``, ``"1d6+2"``, ``"2d8"``."""
    if is_blank(raw):
        return None
    found = _DICE.match(raw.strip()) if isinstance(raw, str) else None
    if found is None:
        values.warn(path, f"is {shown(raw)}, not dice; the level's die is used (R20)")
        return None
    count, sides, sign, bonus = found.groups()
    amount = int(bonus or 0)
    if amount > 1000:
        values.warn(path, f"has a bonus of {amount}, more than the tracker holds; 1000 is used")
        amount = 1000
    return f"{int(count or 1)}d{int(sides)}", -amount if sign == "-" else amount


def _level(values: SheetValues, path: str, raw: object, dice: tuple[str, int] | None) -> int:
    """R20: the weapon level 0-8; when the sheet's is unreadable, the level of its dice."""
    try:
        level = values.number(path, raw, low=0, high=8)
    except UnreadableError:
        level = None
    if level is not None:
        return level
    if dice is not None and dice[0] in DAMAGE_DIE_BY_LEVEL:
        from_dice = DAMAGE_DIE_BY_LEVEL.index(dice[0])
        values.warn(path, f"{_said_blank(raw)}; level {from_dice} is used, from its {dice[0]}")
        return from_dice
    values.warn(path, f"{_said_blank(raw)}; level 0 is used")
    return 0


def _said_blank(raw: object) -> str:
    if raw is None:
        return "is missing"
    return f"is {shown(raw)}, " + ("empty" if is_blank(raw) else "not a number")


def _critical(values: SheetValues, path: str, raw: object) -> tuple[int, int]:
    """R4, R21: ``"x2/19-20"`` → multiplier 2, threat from 19 (also ``"19-20/x2"``)."""
    if is_blank(raw):
        return 2, 20
    parts = [p.strip() for p in raw.split("/")] if isinstance(raw, str) else []
    multiplier = next((m for p in parts if (m := _CRIT_MULTIPLIER.match(p))), None)
    threat = next((t for p in parts if (t := _CRIT_RANGE.match(p))), None)
    if len(parts) not in (1, 2) or (multiplier is None and threat is None):
        values.warn(path, f"is {shown(raw)}, not a critical such as 'x2/19-20'; x2/20 is used")
        return 2, 20
    times = int(multiplier.group(1)) if multiplier else 2
    low = int(threat.group(1)) if threat else 20
    if not 2 <= times <= 4:
        times = min(4, max(2, times))
        values.warn(path, f"is {shown(raw)}: a critical multiplies x2 to x4 (R21); x{times}")
    if not 17 <= low <= 20:
        low = min(20, max(17, low))
        values.warn(path, f"is {shown(raw)}: a threat range is 17-20 at widest (R4); {low}-20")
    return times, low


def _distance(values: SheetValues, path: str, raw: object) -> int | None:
    """The feet of ``"60ft"`` (``"60 ft"``, ``"60"``); None for ``"M"`` or blank."""
    if is_blank(raw) or (isinstance(raw, str) and raw.strip().lower() in ("m", "melee")):
        return None
    text = raw.strip() if isinstance(raw, str) else str(raw) if isinstance(raw, int) else ""
    found = _DISTANCE.match(text) if not isinstance(raw, bool) else None
    if found is None:
        values.warn(path, f"is {shown(raw)}, not 'M' or a distance such as '60ft'")
        return None
    return int(found.group(1))


def _is_ranged(
    values: SheetValues, at: str, entry: Mapping[str, Any], distance: int | None
) -> bool:
    raw = entry.get("isMelee")
    if raw is None:
        ranged = distance is not None
        values.warn(f"{at}.isMelee", f"is missing; read as {'ranged' if ranged else 'melee'}")
        return ranged
    return not values.flag(f"{at}.isMelee", raw, True)


def _range_increment(values: SheetValues, path: str, raw: object, distance: int | None) -> int:
    if distance is None or distance < 5:
        values.warn(
            path,
            f"is {shown(raw)} but the weapon is ranged; a range increment of "
            f"{DEFAULT_RANGE_FT} ft is used",
        )
        return DEFAULT_RANGE_FT
    if distance > 10_000:
        values.warn(path, f"is {shown(raw)}, more than the tracker holds; 10000 ft is used")
        return 10_000
    return distance


def _reach(values: SheetValues, at: str, distance: int | None, notes: str) -> int:
    """R37: a melee weapon threatens 5 ft plus 5 ft per Reach step, so a reach of 10 ft
    is one step. The reach is the Range, or a "Reach 10ft" in the notes."""
    path = f"{at}.Range"
    if distance is None:
        found = _REACH_NOTE.search(notes)
        if found is None:
            return 0
        distance, path = int(found.group(1)), f"{at}.Notes"
    steps = max(0, distance - 5) // 5
    if distance % 5:
        values.warn(path, f"gives a reach of {distance} ft, not whole squares; {steps} step(s)")
    if steps > 10:
        values.warn(path, f"gives a reach of {distance} ft, more than the tracker holds; 10")
        steps = 10
    return steps


def _armor_piercing(values: SheetValues, path: str, raw: object) -> bool:
    """R32: a weapon with any AP can fire through full cover."""
    try:
        amount = values.number(path, raw, low=0, high=1000)
    except UnreadableError:
        if isinstance(raw, str) and raw.strip().lower() in ("yes", "y", "true", "ap"):
            return True
        values.warn(path, f"is {shown(raw)}, not a number; not armour piercing")
        return False
    return bool(amount)


def _ammo(values: SheetValues, path: str, raw: object) -> tuple[int | None, int | None]:
    """Rounds in the magazine: ``"20"`` (full), ``"15/20"``, or ``"-"`` for none."""
    if is_blank(raw):
        return None, None
    text = raw.strip() if isinstance(raw, str) else raw
    left, _, full = text.partition("/") if isinstance(text, str) else (text, "", "")
    try:
        now = values.number(path, left, low=0, high=1000)
        most = values.number(path, full, low=0, high=1000) if full else now
    except UnreadableError:
        values.warn(path, f"is {shown(raw)}, not a number of rounds; no ammunition is counted")
        return None, None
    if now is None:
        return None, None
    most = now if most is None else most
    if now > most:
        values.warn(path, f"is {shown(raw)}: more rounds than the magazine holds; {most}")
        now = most
    return now, most


def _notes_line(name: str, entry: Mapping[str, Any]) -> str:
    """The sheet's words on a weapon the record has no field for (its dice, damage type,
    AP and notes), for the character's notes."""
    said = []
    for key, label in (("Damage", ""), ("Type", "type "), ("AP", "AP "), ("Notes", "")):
        raw = entry.get(key)
        if isinstance(raw, str) and raw.strip() and not is_blank(raw):
            said.append(f"{label}{raw.strip()}")
    return f"{name}: {', '.join(said)}" if said else name

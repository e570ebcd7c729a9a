"""Giving a character sheet back after a fight: the player's own file, every card and field
kept as it was (key order, spacing, the fields the tracker never reads), with only what a
fight changes written in: current and temporary HP, the condition ticks and each weapon's
ammunition."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from futurepath_desktop.session.json_spans import (
    JsonShapeError,
    Path,
    Span,
    new_member,
    rewrite,
    value_spans,
)
from futurepath_desktop.session.records.roster import Combatant, WeaponSpec
from futurepath_desktop.session.sheet_conditions import UNSTABLE, condition_key
from futurepath_desktop.session.sheet_file import NotASheetError, read_sheet
from futurepath_desktop.session.sheet_values import UnreadableError, is_blank, parse_integer
from futurepath_desktop.session.sheet_weapons import weapon_name

_BOM = b"\xef\xbb\xbf"
_DEPTH = 4
"""The deepest field written: ``weaponsCard.weaponsList[i].Ammo``."""
DYING = "dying"
"""The health track's key for a combatant at 0 HP or less (R26, R54): the sheet's
``cond_unstable``."""


def export_sheet(
    original: bytes,
    combatant: Combatant,
    conditions: Iterable[str],
    *,
    source: str = "the character sheet",
) -> bytes:
    """``original`` (the sheet the character was imported from) with the fight's changes:
    ``currentHP`` and ``tempHP``, a tick in ``conditionsCard`` for each catalog key in
    ``conditions`` (and none for the others), and the ``Ammo`` of each weapon the record has
    by the same name. A field that already says the same is left as written. Raises
    :class:`NotASheetError` if ``original`` is not a sheet."""
    sheet = read_sheet(original, source)
    text = original.removeprefix(_BOM).decode("utf-8")
    try:
        spans = value_spans(text, _DEPTH)
    except JsonShapeError as error:
        raise NotASheetError(source, f"its JSON cannot be rewritten in place ({error})") from None
    writer = _Writer(text, spans)
    _hit_points(writer, sheet, combatant)
    _condition_ticks(writer, sheet, combatant, set(conditions))
    _ammunition(writer, sheet, combatant.weapons)
    out = rewrite(text, writer.changes).encode("utf-8")
    return _BOM + out if original.startswith(_BOM) else out


class _Writer:
    """The changes to make to the sheet's text, each at one value's place."""

    def __init__(self, text: str, spans: dict[Path, Span]) -> None:
        self.text = text
        self.spans = spans
        self.changes: list[tuple[Span, str]] = []

    def put(self, path: Path, value: str) -> None:
        """Write ``value`` (JSON text) at ``path``; a missing field is added to its card."""
        if path in self.spans:
            self.changes.append((self.spans[path], value))
            return
        key = path[-1]
        if isinstance(key, str) and path[:-1] in self.spans:
            self.changes.append(new_member(self.text, self.spans, path[:-1], key, value))


def _number_text(old: object, value: int) -> str:
    """A number as the sheet wrote the old one: text (``"11"``), or a JSON number."""
    if isinstance(old, int) and not isinstance(old, bool):
        return json.dumps(value)
    return json.dumps(str(value))


def _old_number(raw: object) -> int | None:
    try:
        return parse_integer(raw)
    except UnreadableError:
        return None


def _card(sheet: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    found = sheet.get(name)
    return found if isinstance(found, Mapping) else None


def _hit_points(writer: _Writer, sheet: Mapping[str, Any], combatant: Combatant) -> None:
    card = _card(sheet, "healthInjuryCard")
    if card is None:
        return
    old = card.get("currentHP")
    if _old_number(old) != combatant.hp:
        writer.put(("healthInjuryCard", "currentHP"), _number_text(old, combatant.hp))
    old = card.get("tempHP")
    # A blank tempHP is the sheet's "none": it stays blank while there are none.
    same = _old_number(old) == combatant.temp_hp or (is_blank(old) and combatant.temp_hp == 0)
    if not same:
        writer.put(("healthInjuryCard", "tempHP"), _number_text(old, combatant.temp_hp))


def _ticked(raw: object) -> bool:
    return raw is True or (isinstance(raw, str) and raw.strip().lower() == "true")


def _condition_ticks(
    writer: _Writer, sheet: Mapping[str, Any], combatant: Combatant, keys: set[str]
) -> None:
    """R29: each tick the tracker knows says whether the character has that condition now;
    a tick for a condition the tracker does not have is left as the player set it."""
    card = _card(sheet, "conditionsCard")
    if card is None:
        return
    dying = DYING in keys or combatant.hit_points().dying
    for field, old in card.items():
        key = condition_key(field)
        if key is not None:
            wanted = key in keys
        elif field == UNSTABLE:
            wanted = dying  # R26, R54: Dying follows from HP
        else:
            continue
        if _ticked(old) != wanted:
            text = json.dumps(wanted)
            writer.put(
                ("conditionsCard", field), json.dumps(text) if isinstance(old, str) else text
            )


def _ammunition(writer: _Writer, sheet: Mapping[str, Any], weapons: tuple[WeaponSpec, ...]) -> None:
    """Each weapon's rounds left, matched by name (the first sheet weapon of a name to the
    first record weapon of that name, and so on)."""
    card = _card(sheet, "weaponsCard")
    entries = card.get("weaponsList") if card is not None else None
    if not isinstance(entries, list):
        return
    by_name: dict[str, list[WeaponSpec]] = {}
    for weapon in weapons:
        by_name.setdefault(weapon.name, []).append(weapon)
    for index, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            continue
        same = by_name.get(weapon_name(entry.get("Name"), index))
        if not same:
            continue
        weapon = same.pop(0)
        if weapon.ammo is None:
            continue
        old = entry.get("Ammo")
        left, slash, full = old.partition("/") if isinstance(old, str) else (old, "", "")
        if _old_number(left) == weapon.ammo:
            continue
        path = ("weaponsCard", "weaponsList", index, "Ammo")
        if slash:
            writer.put(path, json.dumps(f"{weapon.ammo}/{full.strip()}"))
        else:
            writer.put(path, _number_text(old, weapon.ammo))

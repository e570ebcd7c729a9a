"""Reading the values of a Future Path character sheet, where every number is text that may
be empty, signed or ``"-"``: each field that cannot be read, or is past what the tracker
holds, becomes a warning naming the character and the field, and a safe value is used."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

BLANKS = frozenset({"", "-", "–", "—", "none", "n/a"})
"""What a sheet writes for "nothing" (the sheet's own ``"-"``, and a few hand-typed ones)."""

_INTEGER = re.compile(r"^([+-]?)([0-9]+)$")
_MOST_DIGITS = 18
"""A number longer than this is past every limit anyway; reading it whole is not needed
(and Python refuses a text of more than 4,300 digits)."""


class UnreadableError(ValueError):
    """A sheet's value that is not what its field holds."""


def shown(raw: object) -> str:
    """A sheet's value as a warning quotes it: ``'lots'``, ``true``, ``[1, 2]``; long ones
    cut short."""
    text = repr(raw) if isinstance(raw, str) else _json_text(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_text(raw: object) -> str:
    try:
        return json.dumps(raw, ensure_ascii=False)
    except (TypeError, ValueError):  # not from a JSON file; say what it is
        return type(raw).__name__


def is_blank(raw: object) -> bool:
    """True for a missing value, ``""`` or ``"-"``: the sheet says nothing here."""
    return raw is None or (isinstance(raw, str) and raw.strip().lower() in BLANKS)


def parse_integer(raw: object) -> int | None:
    """A sheet's whole number (``"14"``, ``"+3"``, ``"-1"``, ``3``); None if blank;
    :class:`UnreadableError` otherwise."""
    if is_blank(raw):
        return None
    if isinstance(raw, bool):
        raise UnreadableError("not a number")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        if raw.is_integer():
            return int(raw)
        raise UnreadableError("not a whole number")
    if not isinstance(raw, str):
        raise UnreadableError("not a number")
    found = _INTEGER.match(raw.strip().replace("−", "-"))
    if found is None:
        raise UnreadableError("not a number")
    sign, digits = found.groups()
    digits = digits.lstrip("0") or "0"
    value = 10**_MOST_DIGITS if len(digits) > _MOST_DIGITS else int(digits)
    return -value if sign == "-" else value


class SheetValues:
    """One sheet's fields read with their warnings, each naming the character and the
    field's path (``Vela Korsan: healthInjuryCard.maxHP is 'lots', not a number``)."""

    def __init__(self, sheet: Mapping[str, Any], name: str) -> None:
        self.sheet = sheet
        self.name = name
        self.warnings: list[str] = []
        self._missing_cards: set[str] = set()

    def warn(self, path: str, problem: str) -> None:
        """Note that the field at ``path`` could not be read as it stands."""
        self.warnings.append(f"{self.name}: {path} {problem}")

    def card(self, name: str, *, needed: bool = True) -> Mapping[str, Any]:
        """A card of the sheet; an empty one, with a warning if ``needed``, when the sheet
        has no such card (or something that is not a card under its name)."""
        found = self.sheet.get(name)
        if isinstance(found, Mapping):
            return found
        if needed and name not in self._missing_cards:
            self._missing_cards.add(name)
            what = "is missing" if found is None else f"is {shown(found)}, not a card"
            self.warn(name, f"{what}; its fields take the tracker's defaults")
        return {}

    def card_missing(self, name: str) -> bool:
        """True when the sheet has no card ``name`` (already warned about once)."""
        return not isinstance(self.sheet.get(name), Mapping)

    def integer(
        self,
        path: str,
        raw: object,
        *,
        low: int,
        high: int,
        default: int,
        blank_warns: bool = False,
    ) -> int:
        """A whole number in ``low``..``high``: blank gives ``default`` (with a warning if
        ``blank_warns``), unreadable gives ``default`` with a warning, a number past the
        limits is clamped with a warning."""
        try:
            value = self.number(path, raw, low=low, high=high)
        except UnreadableError as problem:
            self.warn(path, f"is {shown(raw)}, {problem}; {default} is used")
            return default
        if value is None:
            if blank_warns:
                self.warn(path, f"{blank_word(raw)}; {default} is used")
            return default
        return value

    def number(self, path: str, raw: object, *, low: int, high: int) -> int | None:
        """A whole number clamped to ``low``..``high`` (with a warning when it had to be),
        None if blank; :class:`UnreadableError` for the caller to report with what it uses."""
        value = parse_integer(raw)
        if value is None:
            return None
        if value > high:
            self.warn(path, f"is {shown(raw)}, more than the tracker holds; {high} is used")
            return high
        if value < low:
            self.warn(path, f"is {shown(raw)}, less than the tracker holds; {low} is used")
            return low
        return value

    def flag(self, path: str, raw: object, default: bool) -> bool:
        """A tick box: ``true``/``false`` (or the text of either)."""
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("true", "false"):
            return raw.strip().lower() == "true"
        if raw is not None:
            self.warn(path, f"is {shown(raw)}, not true or false; {str(default).lower()} is used")
        return default


def blank_word(raw: object) -> str:
    """How a warning says a field holds nothing: missing, or empty."""
    if raw is None:
        return "is missing"
    return "is empty" if is_blank(raw) else "cannot be read"

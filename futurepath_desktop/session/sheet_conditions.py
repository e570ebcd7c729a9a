"""The conditions a Future Path character sheet ticks (``conditionsCard``), as the catalog
keys of R29."""

from __future__ import annotations

from futurepath_desktop.core.conditions import CATALOG
from futurepath_desktop.session.sheet_values import SheetValues

UNSTABLE = "cond_unstable"
"""The sheet's tick for a dying character: the tracker shows Dying from HP 0 or less
(R26, R54), so it is not a condition the GM puts on."""


def condition_key(field: str) -> str | None:
    """The catalog key (R29) of a ``conditionsCard`` tick: ``cond_flat_footed`` →
    ``flat-footed``; None if the tracker has no such condition."""
    if not field.startswith("cond_"):
        return None
    key = field.removeprefix("cond_").replace("_", "-").lower()
    return key if key in CATALOG else None


def read_conditions(values: SheetValues, hp: int) -> tuple[str, ...]:
    """The catalog keys of the conditions the sheet ticks (R29)."""
    card = values.card("conditionsCard", needed=False)
    found = []
    for field, raw in card.items():
        if not field.startswith("cond_"):
            continue
        at = f"conditionsCard.{field}"
        if not values.flag(at, raw, False):
            continue
        key = condition_key(field)
        if key is not None:
            found.append(key)
        elif field == UNSTABLE:
            if hp > 0:
                values.warn(
                    at,
                    f"is ticked but HP is {hp}; the tracker shows Dying at 0 HP or less "
                    "(R26, R54), so it is left out",
                )
        else:
            values.warn(at, "is ticked but the tracker has no such condition; it is left out")
    return tuple(dict.fromkeys(found))

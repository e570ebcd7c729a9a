"""What the initiative panel's delegates and view keep (laid-out words, size hints, cell
and row pictures): least recently used first to go, by count or by bytes."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

_Value = TypeVar("_Value")


def recall(kept: OrderedDict[tuple[Any, ...], _Value], key: tuple[Any, ...]) -> _Value | None:
    """What was kept under ``key``, now the most recently used; None if nothing was."""
    value = kept.get(key)
    if value is not None:
        kept.move_to_end(key)
    return value


def keep(
    kept: OrderedDict[tuple[Any, ...], _Value], key: tuple[Any, ...], value: _Value, most: int
) -> _Value:
    """Keep ``value`` under ``key``, forgetting the least recently used past ``most``."""
    kept[key] = value
    while len(kept) > most:
        kept.popitem(last=False)
    return value


def forget_oldest(
    kept: OrderedDict[tuple[Any, ...], _Value],
    total: int,
    most: int,
    size: Callable[[_Value], int],
) -> int:
    """Forget the least recently used of ``kept`` until their ``size``s, ``total`` in all,
    add up to no more than ``most`` (the newest stays, however big); the new total."""
    while total > most and len(kept) > 1:
        total -= size(kept.popitem(last=False)[1])
    return total

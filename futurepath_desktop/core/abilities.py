"""The six abilities and their modifiers."""

from __future__ import annotations

ABILITIES: tuple[str, ...] = ("STR", "DEX", "CON", "INT", "WIS", "CHA")


def ability_modifier(score: int) -> int:
    """The modifier of an ability score: (score - 10) / 2, rounded down (10-11 → +0)."""
    return (score - 10) // 2

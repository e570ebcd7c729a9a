"""The round of ground combat: its phases (R12) and the end of combat (R14)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

import msgspec

from futurepath_desktop.core.checks import CheckRoll, roll_check
from futurepath_desktop.core.dice import DiceRoll, Roller
from futurepath_desktop.core.errors import InvalidValueError

SECONDS_PER_ROUND = 3
"""A round is about 3 seconds in the game world (the combat chapter, "Combat Rounds")."""


class Phase(IntEnum):
    """R12: the five phases, numbered as the chapter numbers them."""

    INITIATIVE = 1
    SURPRISE = 2
    ADVANTAGES = 3
    ACTION = 4
    COUNTERS = 5

    @property
    def label(self) -> str:
        """``3 Advantages``: the number and the name, as the tracker shows them."""
        return f"{int(self)} {self.name.title()}"


def phases_of_round(round_number: int) -> tuple[Phase, ...]:
    """R12: round 1 runs all five phases; every later round runs 3 → 4 → 5."""
    if round_number < 1:
        raise InvalidValueError(f"rounds are counted from 1, not {round_number}")
    if round_number == 1:
        return tuple(Phase)
    return (Phase.ADVANTAGES, Phase.ACTION, Phase.COUNTERS)


def next_phase(round_number: int, phase: Phase) -> tuple[int, Phase]:
    """R12: the phase after ``phase``; after Counters, the next round's Advantages."""
    phases = phases_of_round(round_number)
    if phase not in phases:
        raise InvalidValueError(f"round {round_number} has no {phase.label} phase (R12)")
    index = phases.index(phase)
    if index + 1 < len(phases):
        return round_number, phases[index + 1]
    return round_number + 1, Phase.ADVANTAGES


class LeftoverEffect(msgspec.Struct, frozen=True):
    """R14: an effect still running when combat ends, with what each round of it does."""

    bearer: str
    name: str
    rounds_left: int
    damage_per_round: str | None = None
    save_dc: int | None = None
    save_bonus: int = 0

    def __post_init__(self) -> None:
        if self.rounds_left < 0:
            raise InvalidValueError(f"{self.name} on {self.bearer}: rounds left cannot be negative")


class LeftoverResolution(msgspec.Struct, frozen=True):
    """R14: the remaining rounds of one effect, resolved at once."""

    effect: LeftoverEffect
    damage: tuple[DiceRoll, ...]
    saves: tuple[CheckRoll, ...]

    @property
    def total_damage(self) -> int:
        """All the damage the remaining rounds dealt: a round whose save is made deals
        none (R55), and damage is floored at 0 (R48)."""
        dc = self.effect.save_dc
        return sum(
            max(0, roll.total)
            for index, roll in enumerate(self.damage)
            if dc is None or index >= len(self.saves) or self.saves[index].total < dc
        )

    def describe(self) -> str:
        """A log line: the effect, each round's roll and save."""
        e = self.effect
        unit = "round" if e.rounds_left == 1 else "rounds"
        parts = [f"{e.bearer}: {e.rounds_left} more {unit} of {e.name}"]
        if self.damage:
            rolls = "; ".join(r.render() for r in self.damage)
            parts.append(f"damage {rolls} → {self.total_damage}")
        if self.saves:
            made = sum(1 for s in self.saves if e.save_dc is not None and s.total >= e.save_dc)
            parts.append(f"saves {made}/{len(self.saves)} made against DC {e.save_dc}")
        return ", ".join(parts)


def resolve_leftovers(
    roller: Roller, effects: Iterable[LeftoverEffect]
) -> list[LeftoverResolution]:
    """R14: each remaining round of each effect rolls its damage and its save, now."""
    resolved = []
    for effect in effects:
        damage = tuple(
            roller.roll(effect.damage_per_round)
            for _ in range(effect.rounds_left)
            if effect.damage_per_round
        )
        saves = tuple(
            roll_check(roller, effect.save_bonus, label=f"Save against {effect.name}")
            for _ in range(effect.rounds_left)
            if effect.save_dc is not None
        )
        resolved.append(LeftoverResolution(effect, damage, saves))
    return resolved

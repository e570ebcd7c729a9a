"""Space combat (R41-R47): crew positions and phases, the BD-DC, the Weapons Officer's d10
pool with re-rolls and the scan bonus, exact Battle Damage odds, capacity by size, the
Battle Damage Chart, swarm combat and specified targeting.

Everything here is pure: dice come from a :class:`~futurepath_desktop.core.dice.Roller`
and every die and every re-roll is kept in the result.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, StrEnum
from fractions import Fraction
from functools import lru_cache

import msgspec

from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import InvalidValueError

# --- positions and phases (R41) -------------------------------------------------------------


class SpacePhase(IntEnum):
    """R41: the three phases of a space round (SURPRISE: R47's shot before round 1)."""

    SURPRISE = 0
    SUPPORT = 1
    ACTION = 2
    RESPONSE = 3

    @property
    def label(self) -> str:
        """``2 Action``."""
        return (
            "Surprise (R47)" if self is SpacePhase.SURPRISE else f"{self.value} {self.name.title()}"
        )


class Position(StrEnum):
    """R41: the seven crew positions, in the suggested order of play."""

    CAPTAIN = "captain"
    SCIENCE = "science"
    HELM = "helm"
    SENSORS = "sensors"
    WEAPONS = "weapons"
    MEDICAL = "medical"
    ENGINEER = "engineer"

    @property
    def label(self) -> str:
        """The position as the rules name it."""
        return POSITION_TITLES[self]


POSITION_TITLES = {
    Position.CAPTAIN: "Captain",
    Position.SCIENCE: "Science Officer",
    Position.HELM: "Helm Officer",
    Position.SENSORS: "Communications/Sensor Officer",
    Position.WEAPONS: "Weapons Officer",
    Position.MEDICAL: "Medical Officer",
    Position.ENGINEER: "Chief Engineer",
}

HOME_PHASE = {
    Position.CAPTAIN: SpacePhase.SUPPORT,
    Position.SCIENCE: SpacePhase.SUPPORT,
    Position.HELM: SpacePhase.ACTION,
    Position.SENSORS: SpacePhase.ACTION,
    Position.WEAPONS: SpacePhase.ACTION,
    Position.MEDICAL: SpacePhase.RESPONSE,
    Position.ENGINEER: SpacePhase.RESPONSE,
}
"""R41: where each position acts."""

OPTIONAL_ACTION = (Position.SCIENCE, Position.ENGINEER)
"""R41: who may instead act in the Action phase, declared at its start."""


def acting_phase(position: Position, optional: Position | None) -> SpacePhase:
    """R41: the phase a position acts in this round, given the Action phase's optional
    officer (the Science Officer who held its Support action, or the Chief Engineer, who
    then forfeits the Response phase)."""
    if optional is not None and position is optional:
        return SpacePhase.ACTION
    return HOME_PHASE[position]


def may_act(position: Position, phase: SpacePhase, optional: Position | None) -> bool:
    """R41: whether a position may act in this phase (once a round is checked elsewhere)."""
    if phase is SpacePhase.SURPRISE:
        return position is Position.WEAPONS  # R47: the enemy Weapons Officer, once
    return acting_phase(position, optional) is phase


# --- the BD-DC and flying (R42) ---------------------------------------------------------------


class Flying(StrEnum):
    """R42: how the Helm Officer flies this round."""

    NORMAL = "normal"
    OFFENSIVE = "offensively"
    DEFENSIVE = "defensively"


class BdDc(msgspec.Struct, frozen=True):
    """R42: ``count,threshold``: ``count`` d10s at or above ``threshold`` deal Battle Damage."""

    count: int
    threshold: int

    def __str__(self) -> str:
        return f"{self.count},{self.threshold}"


DEFAULT_BD_DC = BdDc(4, 4)


def bd_dc(structure_mod: int = 0, shield_mod: int = 0) -> BdDc:
    """R42: 4,4 with the Structure (armor) Mod added to the count and the Shield Mod to the
    threshold."""
    return BdDc(
        max(1, DEFAULT_BD_DC.count + structure_mod), max(1, DEFAULT_BD_DC.threshold + shield_mod)
    )


def flying_adjusted(dc: BdDc, attacker: Flying, target: Flying) -> BdDc:
    """R42: an attacker flying offensively needs 1 fewer success (min 1); a target flying
    defensively needs 1 more from its attackers."""
    count = dc.count
    if attacker is Flying.OFFENSIVE:
        count -= 1
    if target is Flying.DEFENSIVE:
        count += 1
    return BdDc(max(1, count), dc.threshold)


# --- the Weapons Officer's pool (R42-R44) ------------------------------------------------------


class PoolRoll(msgspec.Struct, frozen=True):
    """Every d10 of a volley: the first roll of each hard point, then each re-roll (R43),
    with the scan bonus (R44) and the threshold they were judged against."""

    dice: tuple[int, ...]
    rerolls: tuple[int, ...]
    threshold: int
    scan_bonus: int

    def hit(self, face: int) -> bool:
        """Whether one die is a success."""
        return face + self.scan_bonus >= self.threshold

    @property
    def successes(self) -> int:
        """Successes of the first dice plus the re-rolls that succeed (R43)."""
        return sum(map(self.hit, self.dice)) + sum(map(self.hit, self.rerolls))

    def render(self) -> str:
        """``d10 × 4 (9, 3, 5, 7) re-rolls (2, 8) +1 scan vs 4: 4 successes``."""

        def faces(values: tuple[int, ...]) -> str:
            return ", ".join(f"{v}✓" if self.hit(v) else str(v) for v in values)

        text = f"{len(self.dice)}d10 ({faces(self.dice)})"
        if self.rerolls:
            text += f", re-rolls ({faces(self.rerolls)})"
        if self.scan_bonus:
            text += f", +{self.scan_bonus} scan"
        word = "success" if self.successes == 1 else "successes"
        return f"{text} vs {self.threshold}+: {self.successes} {word}"


def _check_pool(hard_points: int, threshold: int, weapons_mod: int, scan_bonus: int) -> None:
    if not 1 <= hard_points <= 40:
        raise InvalidValueError("a volley uses 1 to 40 hard points")
    if not 1 <= threshold <= 30:
        raise InvalidValueError("a threshold is 1 to 30")
    if not 0 <= weapons_mod <= 10:
        raise InvalidValueError("a Weapons Mod is 0 to 10 re-rolls")
    if not 0 <= scan_bonus <= 10:
        raise InvalidValueError("a scan bonus is 0 to 10")


def roll_pool(
    roller: Roller, hard_points: int, threshold: int, weapons_mod: int = 0, scan_bonus: int = 0
) -> PoolRoll:
    """R42-R44: one d10 per hard point; then up to ``weapons_mod`` re-rolls, each of a
    success not yet re-rolled (a re-roll that succeeds adds a success that may itself be
    re-rolled). The scan bonus applies to every die, re-rolls included."""
    _check_pool(hard_points, threshold, weapons_mod, scan_bonus)
    dice = tuple(roller.die(10) for _ in range(hard_points))
    waiting = sum(1 for d in dice if d + scan_bonus >= threshold)
    rerolls: list[int] = []
    while len(rerolls) < weapons_mod and waiting:
        face = roller.die(10)
        rerolls.append(face)
        if face + scan_bonus < threshold:
            waiting -= 1  # this success was re-rolled; a new success would replace it
    return PoolRoll(dice, tuple(rerolls), threshold, scan_bonus)


@lru_cache(maxsize=4096)
def battle_damage_odds(
    hard_points: int, count: int, threshold: int, weapons_mod: int = 0, scan_bonus: int = 0
) -> float:
    """R42-R44: the exact chance a volley deals Battle Damage (at least ``count`` successes),
    worked out with icepool (loaded on first use, never at start-up)."""
    return float(battle_damage_fraction(hard_points, count, threshold, weapons_mod, scan_bonus))


def battle_damage_fraction(
    hard_points: int, count: int, threshold: int, weapons_mod: int = 0, scan_bonus: int = 0
) -> Fraction:
    """:func:`battle_damage_odds` as an exact fraction."""
    _check_pool(hard_points, threshold, weapons_mod, scan_bonus)
    distribution = success_distribution(hard_points, threshold, weapons_mod, scan_bonus)
    return sum((p for s, p in distribution.items() if s >= count), Fraction(0))


@lru_cache(maxsize=1024)
def success_distribution(
    hard_points: int, threshold: int, weapons_mod: int = 0, scan_bonus: int = 0
) -> dict[int, Fraction]:
    """The exact distribution of a volley's successes (R42-R44), by icepool: the first
    dice as a sum of Bernoulli d10s, then each re-roll as one step of a chain over
    (successes, successes not yet re-rolled)."""
    import icepool

    hit = icepool.d10 + scan_bonus >= threshold
    state = icepool.map(lambda s: (s, s), hard_points @ hit)

    def reroll(successes: int, waiting: int, success: bool) -> tuple[int, int]:
        if waiting == 0:
            return (successes, 0)
        return (successes + 1, waiting) if success else (successes, waiting - 1)

    for _ in range(weapons_mod):
        state = icepool.map(reroll, state, hit, star=True)
    totals = icepool.map(lambda s, w: s, state, star=True)
    denominator = totals.denominator()
    return {int(s): Fraction(q, denominator) for s, q in totals.items()}


# --- capacity and states (R45) ----------------------------------------------------------------


SIZES = (
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
)
CAPACITY = {
    "fine": 0,
    "diminutive": 1,
    "tiny": 2,
    "small": 2,
    "medium": 3,
    "large": 3,
    "huge": 4,
    "gargantuan": 4,
    "colossal": 5,
}
"""R45: how much Battle Damage a ship of each size can take."""


def capacity(size: str) -> int:
    """R45: Battle Damage capacity by size."""
    if size not in CAPACITY:
        raise InvalidValueError(f"a ship's size is one of {', '.join(SIZES)}, not {size!r}")
    return CAPACITY[size]


class ShipState(StrEnum):
    """R45: what Battle Damage has done to a ship."""

    OPERATIONAL = "operational"
    ADRIFT = "adrift"  # at capacity: helpless
    EXPLODING = "exploding"  # damaged while adrift: explodes within 1 round
    DESTROYED = "destroyed"


def state_after_damage(state: ShipState, damage: int, size: str) -> tuple[ShipState, bool]:
    """R45: a ship's state once new Battle Damage takes effect (Response phase).

    Returns the state and whether the ship reached capacity *now* (adrift begins next
    round, so the Chief Engineer may repair first). Damage on a ship already adrift sets
    it exploding, as does the first on a ship of capacity 0 (R59).
    """
    if state in (ShipState.ADRIFT, ShipState.EXPLODING):
        return ShipState.EXPLODING, False
    if capacity(size) == 0 and damage > 0:  # R59: never adrift; its first one blows it up
        return ShipState.EXPLODING, False
    return state, damage >= capacity(size)


# --- the Battle Damage Chart (R46) --------------------------------------------------------------


class ChartEntry(msgspec.Struct, frozen=True):
    """One line of the Battle Damage Chart: a 2d6 total, its repair DC and effect."""

    roll: int
    dc: int | None  # None: no DC, a critical fix is needed
    name: str
    effect: str
    key: str


BATTLE_DAMAGE_CHART: tuple[ChartEntry, ...] = (
    ChartEntry(2, 27, "Plasma failure", "The Chief Engineer takes damage", "plasma"),
    ChartEntry(3, 22, "Electronics short", "Electronics fail", "electronics"),
    ChartEntry(4, 18, "Life support damaged", "Gravity out: zero-G", "zero-g"),
    ChartEntry(5, 14, "Ship rocked", "Crew shaken for 1 round", "shaken"),
    ChartEntry(6, 11, "Hull punctured", "Moving between bays needs a spacesuit", "hull"),
    ChartEntry(7, 7, "Ruptured valve", "No effect", "none"),
    ChartEntry(
        8,
        10,
        "Blown capacitor",
        "d6 picks a console; it takes 4 Advantage Dice of electric damage and is shaken",
        "capacitor",
    ),
    ChartEntry(9, 13, "Misaligned actuator", "The pilot has disadvantage next round", "actuator"),
    ChartEntry(10, 17, "Engines disabled", "The ship cannot manoeuvre", "engines"),
    ChartEntry(11, 21, "Sensor array damaged", "Scans fail", "sensors"),
    ChartEntry(12, None, "Engine meltdown", "Needs a critical fix", "meltdown"),
)
"""R46, the default chart; a session keeps its own editable copy."""

CAPACITOR_CONSOLES = (
    Position.CAPTAIN,
    Position.SCIENCE,
    Position.HELM,
    Position.SENSORS,
    Position.WEAPONS,
    Position.ENGINEER,
)
"""R46: the blown capacitor's d6, 1 Captain … 6 Engineer, 2-5 in crew order."""


# --- swarm combat and specified targeting --------------------------------------------------------


def size_steps(smaller: str, larger: str) -> int:
    """How many size steps ``smaller`` is below ``larger`` (0 if not smaller)."""
    return max(0, SIZES.index(larger) - SIZES.index(smaller))


def swarm_successes(
    volleys: Sequence[tuple[str, int]], target_size: str, penalty_per_step: int = 1
) -> int:
    """Swarm combat: several ships pool their successes against one target, each losing
    ``penalty_per_step`` successes per size step it is smaller than the target (never
    below 0). The penalty is a GM-editable rule; 1 per step is the default here."""
    if penalty_per_step < 0:
        raise InvalidValueError("a swarm penalty is 0 or more successes per size step")
    return sum(
        max(0, successes - penalty_per_step * size_steps(size, target_size))
        for size, successes in volleys
    )


SYSTEMS = ("engines", "weapons", "structure", "shields", "electronics", "sensors")
SYSTEM_DISABLED_AT = 5
BAY_HP = 8
MAX_SYSTEM_DAMAGE_PER_ROUND = 5


def specified_damage(successes: int, already_this_round: int) -> int:
    """Specified targeting: each success does 1 damage to the aimed-at system or bay, at
    most 5 to one system per round."""
    room = max(0, MAX_SYSTEM_DAMAGE_PER_ROUND - already_this_round)
    return min(successes, room)

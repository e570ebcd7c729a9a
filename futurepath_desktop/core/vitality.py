"""Health: hit points (R26), the Health pool and Fatigue track (R27), damage and healing (R28).

Both models are immutable records; applying damage or healing returns the new record and
an outcome that states overkill and overhealing separately, for the log.
"""

from __future__ import annotations

from enum import StrEnum

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core.dice import DiceRoll, Roller
from futurepath_desktop.core.errors import InvalidValueError

DYING_CON_DAMAGE = "1d4"
"""R26: a dying combatant loses 1d4 CON at the start of each of its turns."""
MAX_FATIGUE = 5
"""R27: the Fatigue track runs 0 to 5."""


def _check_amount(amount: int, what: str) -> None:
    if amount < 0:
        raise InvalidValueError(f"{what} must be 0 or more, not {amount}")


class DamageOutcome(msgspec.Struct, frozen=True):
    """What a hit did: to temporary HP, to HP or Health, overkill, and the state it left."""

    amount: int
    absorbed_by_temp: int
    taken: int
    overkill: int
    fatigue_gained: int = 0


class HealOutcome(msgspec.Struct, frozen=True):
    """What a heal did: the points restored and the overhealing that was wasted."""

    amount: int
    healed: int
    overheal: int


def _absorb(temp_hp: int, amount: int) -> tuple[int, int]:
    """R28: temporary HP absorbs damage first. Returns (absorbed, remaining temp)."""
    absorbed = min(temp_hp, amount)
    return absorbed, temp_hp - absorbed


def gain_temp_hp(current: int, gained: int) -> int:
    """Temporary HP do not stack: the larger of the two amounts stays."""
    _check_amount(gained, "temporary HP")
    return max(current, gained)


class HealthWord(StrEnum):
    """How an enemy's health reads on the player view, without numbers."""

    UNHURT = "unhurt"
    WOUNDED = "wounded"
    BLOODIED = "bloodied"
    DOWN = "down"


def health_word(current: int, maximum: int) -> HealthWord:
    """Unhurt at full, bloodied at half or less, down at 0 or less, wounded between."""
    if current <= 0:
        return HealthWord.DOWN
    if current >= maximum:
        return HealthWord.UNHURT
    return HealthWord.BLOODIED if current * 2 <= maximum else HealthWord.WOUNDED


class HitPoints(msgspec.Struct, frozen=True):
    """R26: Future Path vitality. HP may fall below 0; at 0 or less the bearer is dying.

    ``con`` is the CON score; ``con_damage`` the CON lost while dying. The bearer dies
    when its CON, less that damage, reaches 0.
    """

    hp: int
    max_hp: int
    con: int
    temp_hp: int = 0
    con_damage: int = 0

    def __post_init__(self) -> None:
        if self.max_hp < 1:
            raise InvalidValueError(f"maximum HP must be at least 1, not {self.max_hp}")
        if self.hp > self.max_hp:
            raise InvalidValueError(f"HP {self.hp} cannot exceed the maximum {self.max_hp} (R26)")
        _check_amount(self.temp_hp, "temporary HP")
        _check_amount(self.con_damage, "CON damage")

    @property
    def dying(self) -> bool:
        """R26: at 0 HP or less (stabilizing sets HP to 1, which ends dying)."""
        return self.hp <= 0 and not self.dead

    @property
    def dead(self) -> bool:
        """R26: dead when CON reaches 0."""
        return self.con - self.con_damage <= 0

    @property
    def down(self) -> bool:
        """At 0 HP or less, dying, stable or dead."""
        return self.hp <= 0 or self.dead

    def damage(self, amount: int) -> tuple[HitPoints, DamageOutcome]:
        """R28: temporary HP first, then HP; overkill is what goes past 0."""
        _check_amount(amount, "damage")
        absorbed, temp_left = _absorb(self.temp_hp, amount)
        taken = amount - absorbed
        overkill = max(0, taken - max(0, self.hp))
        return (
            replace(self, hp=self.hp - taken, temp_hp=temp_left),
            DamageOutcome(amount, absorbed, taken, overkill),
        )

    def heal(self, amount: int) -> tuple[HitPoints, HealOutcome]:
        """R26/R28: HP never exceed the maximum; the excess is logged as overhealing."""
        _check_amount(amount, "healing")
        if self.dead:
            return self, HealOutcome(amount, 0, amount)
        room = self.max_hp - self.hp
        healed = min(room, amount)
        return replace(self, hp=self.hp + healed), HealOutcome(amount, healed, amount - healed)

    def bleed(self, roller: Roller) -> tuple[HitPoints, DiceRoll | None]:
        """R26: at the start of its turn a dying bearer loses 1d4 CON; nothing otherwise."""
        if not self.dying:
            return self, None
        roll = roller.roll(DYING_CON_DAMAGE)
        return replace(self, con_damage=self.con_damage + roll.total), roll

    def stabilize(self) -> HitPoints:
        """R26: a successful stabilization sets HP to 1 and stops the bleeding; CON damage stays."""
        if not self.dying:
            raise InvalidValueError("only a dying combatant can be stabilized (R26)")
        return replace(self, hp=1)

    def word(self) -> HealthWord:
        """The player view's word for this health."""
        return HealthWord.DOWN if self.dead else health_word(self.hp, self.max_hp)


class HealthFatigue(msgspec.Struct, frozen=True):
    """R27: a Health pool of 0..max and a Fatigue track of 0..5."""

    health: int
    max_health: int
    fatigue: int = 0
    temp_hp: int = 0

    def __post_init__(self) -> None:
        if self.max_health < 1:
            raise InvalidValueError(f"maximum Health must be at least 1, not {self.max_health}")
        if not 0 <= self.health <= self.max_health:
            raise InvalidValueError(
                f"Health {self.health} must be between 0 and {self.max_health} (R27)"
            )
        if not 0 <= self.fatigue <= MAX_FATIGUE:
            raise InvalidValueError(f"Fatigue {self.fatigue} must be between 0 and 5 (R27)")
        _check_amount(self.temp_hp, "temporary HP")

    @property
    def downed(self) -> bool:
        """R27: Health 0 is downed."""
        return self.health == 0

    @property
    def slowed(self) -> bool:
        """R27: 3 or more fatigue is slowed."""
        return self.fatigue >= 3

    @property
    def disadvantage_on_all_rolls(self) -> bool:
        """R27: 4 or more fatigue gives disadvantage on all rolls."""
        return self.fatigue >= 4

    @property
    def unconscious(self) -> bool:
        """R27: 5 fatigue is unconscious."""
        return self.fatigue >= MAX_FATIGUE

    @property
    def dead(self) -> bool:
        """R27: dead at 0 Health and 5 fatigue."""
        return self.health == 0 and self.fatigue >= MAX_FATIGUE

    @property
    def down(self) -> bool:
        """Downed or unconscious."""
        return self.downed or self.unconscious

    def damage(self, amount: int) -> tuple[HealthFatigue, DamageOutcome]:
        """R27/R28: falling to 0, or taking damage at 0, adds 1 fatigue; Health never below 0."""
        _check_amount(amount, "damage")
        absorbed, temp_left = _absorb(self.temp_hp, amount)
        taken = amount - absorbed
        if taken == 0:
            return replace(self, temp_hp=temp_left), DamageOutcome(amount, absorbed, 0, 0)
        lost = min(self.health, taken)
        overkill = taken - lost
        health = self.health - lost
        gained = 1 if health == 0 and self.fatigue < MAX_FATIGUE else 0
        return (
            replace(self, health=health, temp_hp=temp_left, fatigue=self.fatigue + gained),
            DamageOutcome(amount, absorbed, lost, overkill, gained),
        )

    def heal(self, amount: int) -> tuple[HealthFatigue, HealOutcome]:
        """R27/R28: Health never exceeds its maximum; fatigue is untouched by healing."""
        _check_amount(amount, "healing")
        if self.dead:
            return self, HealOutcome(amount, 0, amount)
        healed = min(self.max_health - self.health, amount)
        return (
            replace(self, health=self.health + healed),
            HealOutcome(amount, healed, amount - healed),
        )

    def word(self) -> HealthWord:
        """The player view's word for this health."""
        return HealthWord.DOWN if self.down else health_word(self.health, self.max_health)

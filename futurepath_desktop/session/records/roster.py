"""The roster's records: teams and the combatants in them, with their abilities and weapons.

No ``from __future__ import annotations`` here: msgspec reads these annotations to build
the session decoder at every start, and real objects spare it evaluating strings.
"""

from typing import TYPE_CHECKING, Annotated, Literal

from msgspec import Meta, Struct

from futurepath_desktop.core.abilities import ability_modifier
from futurepath_desktop.core.initiative import initiative_score
from futurepath_desktop.core.vitality import HealthFatigue, HealthWord, HitPoints
from futurepath_desktop.session.records.kinds import (
    AdvantageDie,
    Colour,
    Count,
    CurrentHp,
    Id,
    Kind,
    Name,
    Points,
    Score,
    Side,
    Small,
    Text,
)

if TYPE_CHECKING:
    from futurepath_desktop.core import attacks as core_attacks


class Abilities(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """The six ability scores."""

    strength: Score = 10
    dexterity: Score = 10
    constitution: Score = 10
    intelligence: Score = 10
    wisdom: Score = 10
    charisma: Score = 10

    def mod(self, ability: str) -> int:
        """The modifier of one ability by name (``"strength"``)."""
        return ability_modifier(int(getattr(self, ability)))


class WeaponSpec(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A weapon as the session stores it (R17-R21, R37 reach, ammunition)."""

    name: Name
    level: Annotated[int, Meta(ge=0, le=8)]
    ranged: bool = False
    accuracy_bonus: Small = 0
    damage_bonus: Small = 0
    crit_min: Annotated[int, Meta(ge=17, le=20)] = 20
    crit_multiplier: Annotated[int, Meta(ge=2, le=4)] = 2
    range_increment_ft: Annotated[int, Meta(ge=0, le=10_000)] = 0
    reach: Annotated[int, Meta(ge=0, le=10)] = 0
    versatile: bool = False
    armor_piercing: bool = False
    ammo: Count | None = None
    ammo_max: Count | None = None
    reload: Literal["free", "simple", "standard", "full-round"] = "standard"
    technique: Literal["no", "full-round", "standard"] = "no"
    """R49: a Combat Technique is a Full-Round action, or a Standard one when the user's
    talent makes it so; its own range (or reach) is the weapon's."""

    def to_core(self) -> "core_attacks.Weapon":
        """The rules core's view of this weapon."""
        from futurepath_desktop.core import attacks as core_attacks

        return core_attacks.Weapon(
            self.name,
            self.level,
            ranged=self.ranged,
            accuracy_bonus=self.accuracy_bonus,
            damage_bonus=self.damage_bonus,
            crit_min=self.crit_min,
            crit_multiplier=self.crit_multiplier,
            range_increment_ft=self.range_increment_ft,
            reach=self.reach,
            versatile=self.versatile,
            armor_piercing=self.armor_piercing,
        )


SkillRank = Annotated[int, Meta(ge=0, le=100)]


class SkillRanks(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """The ranks of the skills a fight asks for: Acrobatics (R36, R51), Treat Injury (R26)
    and Perception (R31)."""

    acrobatics: SkillRank = 0
    treat_injury: SkillRank = 0
    perception: SkillRank = 0


class DamageReduction(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Damage reduction by damage type, as the character sheet gives it (0: none)."""

    kinetic: Count = 0
    electric: Count = 0
    thermal: Count = 0
    chemical: Count = 0
    all: Count = 0


SHEET_TEXT_MAX = 1_000_000
"""The longest sheet kept with its character; a longer one is exported from its file."""


class Combatant(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """One combatant: a player character, an NPC or a monster."""

    id: Id
    name: Name
    team_id: Id
    kind: Kind = "npc"
    abilities: Abilities = Abilities()
    ac: Small = 10
    size_mod: Annotated[int, Meta(ge=-8, le=8)] = 0
    max_hp: Annotated[int, Meta(ge=1, le=100_000)] = 10
    hp: CurrentHp = 10
    temp_hp: Annotated[int, Meta(ge=0, le=100_000)] = 0
    con_damage: Annotated[int, Meta(ge=0, le=1000)] = 0
    max_health: Annotated[int, Meta(ge=1, le=100_000)] = 10
    health: Annotated[int, Meta(ge=0, le=100_000)] = 10
    fatigue: Annotated[int, Meta(ge=0, le=5)] = 0
    advantage_die: AdvantageDie = "1d2"
    speed_ft: Annotated[int, Meta(ge=0, le=1000)] = 30
    initiative_misc: Small = 0
    weapons: tuple[WeaponSpec, ...] = ()
    proficiencies: tuple[Name, ...] = ()
    feats: tuple[Name, ...] = ()
    extra_attacks: Annotated[int, Meta(ge=0, le=10)] = 0
    extra_damage: Annotated[int, Meta(ge=0, le=10)] = 0
    aware: bool = True
    hidden: bool = False
    present: bool = True
    notes: Text = ""
    flat_ac: Small | None = None
    """The flat-footed AC a character sheet gives (R29: without the DEX bonus); None: not known."""
    skills: SkillRanks | None = None
    """Skill ranks from a character sheet; None: not known (an NPC typed in by hand)."""
    damage_reduction: DamageReduction = DamageReduction()
    portrait: Annotated[str, Meta(max_length=1000)] | None = None
    """A picture of the combatant: a path relative to the session file (like the map's
    background), or None. A missing picture is drawn as none, never a load failure."""
    sheet: Annotated[str, Meta(max_length=SHEET_TEXT_MAX)] = ""
    """The character sheet this character was imported from, as the player's file said it,
    so the sheet can be given back after the fight with only what the fight changed."""

    def initiative(self, rule: str = "modifiers") -> int:
        """R5: the DEX and WIS modifiers + MISC; under the option ``scores`` (R40) the two
        ability scores + MISC."""
        return initiative_score(
            self.abilities.dexterity,
            self.abilities.wisdom,
            self.initiative_misc,
            scores=rule == "scores",
        )

    def ability_mod(self, ability: str) -> int:
        """The modifier of an ability as it is now: CON counts its CON damage (R26, R55)."""
        if ability == "constitution":
            return ability_modifier(max(0, self.abilities.constitution - self.con_damage))
        return self.abilities.mod(ability)

    def hit_points(self) -> HitPoints:
        """R26: this combatant's hit points as the core reads them."""
        return HitPoints(
            self.hp, self.max_hp, self.abilities.constitution, self.temp_hp, self.con_damage
        )

    def health_fatigue(self) -> HealthFatigue:
        """R27: this combatant's Health pool and Fatigue track."""
        return HealthFatigue(self.health, self.max_health, self.fatigue, self.temp_hp)

    def vitality(self, rule: str) -> HitPoints | HealthFatigue:
        """The health model the session's options choose (R40)."""
        return self.health_fatigue() if rule == "health-fatigue" else self.hit_points()

    def is_down(self, rule: str) -> bool:
        """Down under the session's health model: dying, downed, unconscious or dead."""
        return self.vitality(rule).down

    def health_word(self, rule: str) -> HealthWord:
        """Unhurt, wounded, bloodied or down, for the player view."""
        return self.vitality(rule).word()


class Team(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A team that acts together (R6); its initiative is fixed at the start of combat (R8)."""

    id: Id
    name: Name
    colour: Colour = "#4a7bd0"
    side: Side = "enemies"
    initiative: Points | None = None
    tiebreak: Text = ""

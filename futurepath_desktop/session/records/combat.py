"""The fight's records: conditions on their bearers, readied actions, where the fight stands,
and the session's rule options.

No ``from __future__ import annotations`` here: msgspec reads these annotations to build
the session decoder at every start, and real objects spare it evaluating strings.
"""

from typing import Annotated, Literal

from msgspec import Meta, Struct

from futurepath_desktop.core.environment import CoverRule, Visibility
from futurepath_desktop.core.options import InitiativeRule, RuleOptions, VitalityRule
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session.records.kinds import Count, Id, Name, Round, Text

Ability = Literal["strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"]
ABILITY_WORDS: dict[str, str] = {
    "strength": "STR",
    "dexterity": "DEX",
    "constitution": "CON",
    "intelligence": "INT",
    "wisdom": "WIS",
    "charisma": "CHA",
}


class Recurring(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """R55: what a counter does each time it ticks: damage (dice, to HP or to an ability),
    avoided for that tick by an optional save (d20 + the ability's modifier against DC)."""

    dice: Annotated[str, Meta(min_length=1, max_length=80)]
    to: Literal["hp", Ability] = "hp"
    save: Ability | None = None
    dc: Annotated[int, Meta(ge=1, le=100)] = 10

    def describe(self) -> str:
        """The effect in the game's words: "1d4 CON damage, CON check DC 12 avoids it"."""
        what = "damage" if self.to == "hp" else f"{ABILITY_WORDS[self.to]} damage"
        text = f"{self.dice} {what} each round"
        if self.save is not None:
            text += f", {ABILITY_WORDS[self.save]} check DC {self.dc} avoids it"
        return text


class ActiveCondition(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """A condition on a bearer, with its round counter anchored to that bearer (R13, R30).

    ``remaining`` is None for a condition that lasts until removed. ``armed`` turns true
    when the bearer has started a turn since the counter was set (R13). ``recurring`` is
    what each tick of the counter does (R55).
    """

    id: Id
    bearer_id: Id
    key: Annotated[str, Meta(min_length=1, max_length=80)]
    name: Name
    note: Text = ""
    custom: bool = False
    remaining: Count | None = None
    armed: bool = False
    set_round: Round = 0
    set_phase: Annotated[int, Meta(ge=0, le=5)] = 0
    set_team: Id | None = None
    source: Text = ""
    recurring: Recurring | None = None


class Readied(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """R18: an action readied against a trigger."""

    id: Id
    combatant_id: Id
    trigger: Text
    action: Text
    set_round: Round


Declared = tuple[str, str | None]


class CombatState(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Where the fight stands: round, phase (R12), team order and who has acted."""

    active: bool = False
    round: Round = 0
    phase: Annotated[int, Meta(ge=0, le=5)] = 0
    surprise_round: bool = False
    order: tuple[Id, ...] = ()
    turn_index: Annotated[int, Meta(ge=-1, le=10_000)] = -1
    surprise_actors: tuple[Id, ...] = ()
    unaware: tuple[Id, ...] = ()
    acted: tuple[Id, ...] = ()
    turns: dict[Id, tuple[Declared, ...]] = {}
    to_roll: dict[Id, tuple[Declared, ...]] = {}
    """Attacks declared this turn (R15) whose roll is still to come: the roll is the
    declared action, not a second one."""
    readied: tuple[Readied, ...] = ()
    pending_surprise: tuple[Id, ...] = ()
    triggered: tuple[Id, ...] = ()
    """Combatants whose readied action has gone off (R18), their one instant action (an
    attack out of turn) still to take; it is gone at their team's next turn."""

    @property
    def acting_team(self) -> str | None:
        """The team whose turn it is, if any."""
        if not self.active or not 0 <= self.turn_index < len(self.order):
            return None
        if self.phase == Phase.ACTION or self.surprise_round:
            return self.order[self.turn_index]
        return None


class Options(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """R40 rule options, and the session's visibility (R31)."""

    vitality: Literal["future-path", "health-fatigue"] = "future-path"
    cover: Literal["disadvantage", "defense-bonus"] = "disadvantage"
    condition_lowers_team_initiative: bool = False
    initiative: Literal["modifiers", "scores"] = "modifiers"
    visibility: Annotated[int, Meta(ge=0, le=3)] = 0
    campaign: Annotated[str, Meta(max_length=64, pattern=r"^([A-Za-z0-9][A-Za-z0-9_-]*)?$")] = ""
    """The campaign this session belongs to: the id of its party in the prep library, or
    empty. Not a rule option; kept here as one of the session's settings."""

    @property
    def health_fatigue(self) -> bool:
        """R40: whether the session uses Health and Fatigue (R27) instead of HP (R26)."""
        return self.vitality == "health-fatigue"

    def rules(self) -> RuleOptions:
        """The core's view of these options."""
        return RuleOptions(
            VitalityRule(self.vitality),
            CoverRule(self.cover),
            self.condition_lowers_team_initiative,
            InitiativeRule(self.initiative),
        )

    @property
    def visibility_level(self) -> Visibility:
        """R31: the session's visibility."""
        return Visibility(self.visibility)


ReminderWhen = Literal["turn_start", "turn_end", "round"]


class Reminder(Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Something the GM wants to be told at the table: at the start or the end of a
    combatant's turn (its team's turn, R6), or when a round begins. ``round`` 0 means
    every time; a number, only in that round. It does nothing to the rules by itself:
    it is shown and logged, and the GM acts on it."""

    id: Id
    text: Annotated[str, Meta(min_length=1, max_length=200)]
    when: ReminderWhen = "turn_start"
    combatant_id: Id | None = None
    round: Round = 0

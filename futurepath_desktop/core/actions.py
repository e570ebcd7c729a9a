"""The action economy of one turn (R15-R18).

A turn holds either one Standard + one Simple + one Free action, or one Full-Round action
with Free actions during it (R15). :class:`TurnEconomy` is an immutable record of what a
combatant has used this turn; :meth:`TurnEconomy.declare` returns the next record or
raises :class:`ActionNotAllowedError` with the reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

import msgspec
from msgspec.structs import replace

from futurepath_desktop.core.errors import ActionNotAllowedError, BonusAttackNotAllowedError


class ActionType(StrEnum):
    """The kinds of action of R15 (and the special cases of R16-R18)."""

    MOVE = "move"  # a Standard action spent moving
    ATTACK = "attack"  # a Standard action spent attacking
    SIMPLE = "simple"
    FREE = "free"
    FULL_ROUND = "full-round"
    FIVE_FOOT_STEP = "5-foot step"  # Simple, once per turn, ends the turn (R16)
    BONUS_ATTACK = "bonus attack"  # Simple, after an attack (R17)
    DELAY = "delay/ready"  # sacrifices the turn (R18)


class ActionSpec(msgspec.Struct, frozen=True):
    """One action a combatant can declare: its name, type and whether it ends the turn."""

    name: str
    type: ActionType
    ends_turn: bool = False
    full_attack: bool = False


def _spec(
    name: str, kind: ActionType, ends_turn: bool = False, full_attack: bool = False
) -> ActionSpec:
    return ActionSpec(name, kind, ends_turn, full_attack)


ACTIONS: dict[str, ActionSpec] = {
    spec.name: spec
    for spec in (
        _spec("Move", ActionType.MOVE),
        _spec("Walk", ActionType.MOVE),
        _spec("Climb, Crawl, Swim", ActionType.MOVE),
        _spec("Switch Weapons", ActionType.MOVE),
        _spec("Reload", ActionType.MOVE),
        _spec("Open a door slowly", ActionType.MOVE),
        _spec("Attack (Melee)", ActionType.ATTACK),
        _spec("Attack (Ranged)", ActionType.ATTACK),
        _spec("Attack an Object", ActionType.ATTACK),
        _spec("Throw a Grenade", ActionType.ATTACK),
        _spec("Class Attack Talent", ActionType.ATTACK),
        # R16: every Full-Round action ends the turn.
        _spec("Full Attack", ActionType.FULL_ROUND, True, full_attack=True),
        _spec("Extra Damage Attack", ActionType.FULL_ROUND, True, full_attack=True),
        _spec("Combat Technique", ActionType.FULL_ROUND, True),
        _spec("Sprint", ActionType.FULL_ROUND, True),
        _spec("Withdraw", ActionType.FULL_ROUND, True),
        _spec("Climb, Crawl, Swim (double speed)", ActionType.FULL_ROUND, True),
        _spec("Stabilize a Dying Character", ActionType.FULL_ROUND, True),
        _spec("Coup de Grace", ActionType.FULL_ROUND, True),
        _spec("Use a Feat or Talent", ActionType.FULL_ROUND, True),
        _spec("Disable a Trap", ActionType.FULL_ROUND, True),
        _spec("Bonus Attack", ActionType.BONUS_ATTACK),
        _spec("5-foot Step", ActionType.FIVE_FOOT_STEP, True),
        _spec("Draw/Holster Weapon", ActionType.SIMPLE),
        _spec("Stand Up", ActionType.SIMPLE),
        _spec("Drop Prone", ActionType.FREE),
        _spec("Drop an Object", ActionType.FREE),
        _spec("Speak", ActionType.FREE),
        _spec("Delay/Ready", ActionType.DELAY, True),
    )
}
"""The chapter's table of example actions, by name."""


def action(name: str) -> ActionSpec:
    """Look up an action of the chapter's table by name."""
    try:
        return ACTIONS[name]
    except KeyError:
        known = ", ".join(sorted(ACTIONS))
        raise ActionNotAllowedError(
            name, f"there is no such action; known actions: {known}"
        ) from None


class Declared(msgspec.Struct, frozen=True):
    """An action declared this turn, with its target where that matters (R16)."""

    spec: ActionSpec
    target: str | None = None


class TurnEconomy(msgspec.Struct, frozen=True):
    """What one combatant has used of its turn so far (R15-R18)."""

    declared: tuple[Declared, ...] = ()
    standard: ActionType | None = None  # MOVE or ATTACK once the Standard is spent
    simple_used: bool = False
    free_count: int = 0
    full_round: ActionSpec | None = None
    five_foot_step: bool = False
    bonus_attack: bool = False
    ended: bool = False
    delayed: bool = False
    attack_target: str | None = None

    # --- queries -----------------------------------------------------------------------

    def why_not(self, spec: ActionSpec, target: str | None = None) -> str | None:
        """The reason ``spec`` cannot be declared now, or None if it can."""
        try:
            self.declare(spec, target)
        except ActionNotAllowedError as error:
            return error.reason
        return None

    def available(self) -> tuple[str, ...]:
        """The names of the chapter's actions that could still be declared this turn."""
        return tuple(name for name, spec in ACTIONS.items() if self._check(spec, None) is None)

    def summary(self) -> str:
        """What is used, in a few words, for the tracker's turn column."""
        if self.delayed:
            return "delaying"
        bits: list[str] = []
        if self.full_round is not None:
            bits.append(self.full_round.name)
        if self.standard is not None:
            bits.append(f"standard ({self.standard.value})")
        if self.simple_used:
            bits.append("simple")
        if self.free_count:
            bits.append(f"free ×{self.free_count}")
        if self.ended and self.full_round is None:  # a full-round action says it (R16)
            bits.append("turn ended")
        return ", ".join(bits) if bits else "nothing yet"

    # --- the rules ---------------------------------------------------------------------

    def _check(self, spec: ActionSpec, target: str | None) -> str | None:
        kind = spec.type
        if kind is ActionType.BONUS_ATTACK:
            return self._bonus_attack_reason(target)
        if kind is ActionType.FREE:
            # R15: free actions may go on during a Full-Round action; otherwise a second
            # free action uses up the Simple, a third the Standard, a fourth the turn.
            if self.full_round is not None and not self.delayed:
                return None
            if self.ended:
                return "the turn has ended"
            return self._free_reason()
        if self.ended:
            if kind is ActionType.FIVE_FOOT_STEP and self.five_foot_step:
                return "a 5-foot step can be taken only once per turn (R16)"
            return f"the turn has ended (this turn: {self.summary()}; R16)"
        if kind is ActionType.DELAY:
            if self.declared:
                return "Delay/Ready sacrifices the whole turn, so it must come first (R18)"
            return None
        if kind is ActionType.FULL_ROUND:
            if self.standard is not None or self.simple_used:
                return (
                    "a Full-Round action takes the whole turn, and a Standard or Simple action "
                    "was already used (R15)"
                )
            return None
        if kind in (ActionType.MOVE, ActionType.ATTACK):
            if self.standard is not None:
                return "the Standard action of this turn is already used (R15)"
            return None
        if kind is ActionType.FIVE_FOOT_STEP:
            if self.standard is ActionType.MOVE:
                return "no 5-foot step after a standard move in the same turn (R16)"
            if self.simple_used:
                return "the Simple action of this turn is already used (R15)"
            return None
        if kind is ActionType.SIMPLE:
            if self.simple_used:
                return "the Simple action of this turn is already used (R15)"
            return None
        raise AssertionError(f"unhandled action type {kind}")

    def _free_reason(self) -> str | None:
        used = self.free_count + 1
        if used == 1:
            return None
        if used == 2 and self.simple_used:
            return "a second Free action needs the Simple action, which is used (R15)"
        if used == 3 and self.standard is not None:
            return "a third Free action needs the Standard action, which is used (R15)"
        if used == 4 and any(d.spec.type is not ActionType.FREE for d in self.declared):
            return "a fourth Free action takes the whole turn, which is partly used (R15)"
        if used > 4:
            return "four Free actions already took the whole turn (R15)"
        return None

    def _bonus_attack_reason(self, target: str | None) -> str | None:
        if self.bonus_attack:
            return "only one Bonus Attack per turn (R17)"
        if self.full_round is not None:
            if not self.full_round.full_attack:
                return f"{self.full_round.name} blocks the Bonus Attack (R16)"
            if (
                target is not None
                and self.attack_target is not None
                and target != self.attack_target
            ):
                return "after a Full Attack the Bonus Attack must aim at the same target (R16)"
            return None
        if self.ended:
            return "the turn has ended"
        if self.standard is not ActionType.ATTACK:
            return "a Bonus Attack needs the Standard action to have been an attack (R17)"
        if self.simple_used:
            return "the Simple action of this turn is already used (R15)"
        return None

    def declare(self, spec: ActionSpec | str, target: str | None = None) -> TurnEconomy:
        """Declare an action; returns the turn after it, or raises saying why it is not allowed."""
        if isinstance(spec, str):
            spec = action(spec)
        reason = self._check(spec, target)
        if reason is not None:
            error_type = (
                BonusAttackNotAllowedError
                if spec.type is ActionType.BONUS_ATTACK
                else ActionNotAllowedError
            )
            raise error_type(spec.name, reason)
        declared = (*self.declared, Declared(spec, target))
        kind = spec.type
        if kind is ActionType.FREE:
            count = self.free_count + 1
            inside_full_round = self.full_round is not None
            if inside_full_round:
                return replace(self, declared=declared, free_count=count)
            return replace(
                self,
                declared=declared,
                free_count=count,
                simple_used=self.simple_used or count >= 2,
                # R15: a third Free action spends the Standard; a fourth, the whole turn.
                standard=ActionType.FREE if count >= 3 else self.standard,
                ended=count >= 4,
            )
        if kind is ActionType.DELAY:
            return replace(self, declared=declared, delayed=True, ended=True)
        if kind is ActionType.FULL_ROUND:
            return replace(
                self, declared=declared, full_round=spec, ended=True, attack_target=target
            )
        if kind in (ActionType.MOVE, ActionType.ATTACK):
            return replace(
                self,
                declared=declared,
                standard=kind,
                attack_target=target if kind is ActionType.ATTACK else self.attack_target,
            )
        if kind is ActionType.FIVE_FOOT_STEP:
            return replace(
                self, declared=declared, simple_used=True, five_foot_step=True, ended=True
            )
        if kind is ActionType.BONUS_ATTACK:
            return replace(self, declared=declared, simple_used=True, bonus_attack=True)
        return replace(self, declared=declared, simple_used=True)


def validate_turn(actions: Iterable[ActionSpec | str | tuple[str, str | None]]) -> TurnEconomy:
    """Check a whole declared sequence; returns the resulting turn or raises on the first misstep.

    Each item is an action, an action name, or ``(name, target)``.
    """
    turn = TurnEconomy()
    for item in actions:
        turn = turn.declare(*item) if isinstance(item, tuple) else turn.declare(item)
    return turn

"""Resolving an attack (R19-R25): accuracy against AC, then damage, Extra Damage and
Full Attack; a coup de grace on the helpless, and attacks on objects.

Each resolver returns a structured result holding the full breakdown: every named
(dis)advantage source, every die, the total against AC, hit or miss and damage.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec import field
from msgspec.structs import replace

from futurepath_desktop.core.advantage import AdvantageSource, AdvantageTally, tally_advantage
from futurepath_desktop.core.attacks import AttackSetup, DamageRoll, roll_damage
from futurepath_desktop.core.checks import CheckRoll, roll_check
from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import AttackNotAllowedError, InvalidValueError


class AttackResult(msgspec.Struct, frozen=True):
    """A resolved attack with its full breakdown."""

    setup: AttackSetup
    tally: AdvantageTally
    accuracy: CheckRoll | None
    hit: bool
    critical: bool
    critical_failure: bool
    damage: tuple[DamageRoll, ...] = ()
    checks: tuple[CheckRoll, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def total_damage(self) -> int:
        """Every damage roll of the attack added up."""
        return sum(d.total for d in self.damage)

    @property
    def outcome(self) -> str:
        """One word: critical, hit, miss or fumble."""
        if self.critical_failure:
            return "critical failure"
        if self.critical:
            return "critical hit"
        return "hit" if self.hit else "miss"

    def render(self, ac_notes: Sequence[str] = ()) -> str:
        """The breakdown as lines for the log; ``ac_notes`` (what made the target's AC) go
        right under the roll against that AC."""
        s = self.setup
        lines = [f"{s.attacker} attacks {s.target} with {s.weapon.name}"]
        lines.append(f"  Sources: {self.tally.describe()}")
        if self.accuracy is not None:
            lines.append(
                f"  Accuracy: {self.accuracy.render()} vs AC {s.target_ac} → {self.outcome}"
            )
        else:
            lines.append(f"  No accuracy roll → {self.outcome}")
        lines.extend(f"  AC: {note}" for note in ac_notes)
        lines.extend(f"  Critical check: {c.render()} vs AC {s.target_ac}" for c in self.checks)
        lines.extend(f"  {d.render()}" for d in self.damage)
        if self.damage:
            lines.append(f"  Total damage: {self.total_damage}")
        lines.extend(f"  Note: {n}" for n in self.notes)
        return "\n".join(lines)


def roll_accuracy(
    roller: Roller, setup: AttackSetup, tally: AdvantageTally, label: str
) -> CheckRoll:
    """R19: d20 + Advantage Dice + STR/DEX mod + weapon accuracy bonus."""
    return roll_check(
        roller,
        setup.accuracy_modifier,
        tally,
        setup.advantage_die,
        crit_min=setup.weapon.crit_min,
        label=label,
    )


def _hits(check: CheckRoll, ac: int) -> bool:
    # R4: a natural critical hits whatever the AC; a natural 1 misses whatever the total.
    if check.critical_failure:
        return False
    return check.critical or check.total >= ac


def resolve_attack(roller: Roller, setup: AttackSetup, *, extra_damage: int = 0) -> AttackResult:
    """R19-R22: roll accuracy against AC, then damage; Extra Damage follows R22's chain."""
    if extra_damage < 0:
        raise InvalidValueError("Extra Damage is a count and cannot be negative")
    tally = setup.tally()
    accuracy = roll_accuracy(roller, setup, tally, "Accuracy")
    hit = _hits(accuracy, setup.target_ac)
    notes: list[str] = []
    if accuracy.critical_failure:
        notes.append("Critical failure: no damage; the GM may add a side effect (R4).")
        return AttackResult(setup, tally, accuracy, False, False, True, notes=tuple(notes))
    if not hit:
        return AttackResult(setup, tally, accuracy, False, False, False)
    first = roll_damage(roller, setup, accuracy.critical)
    extra, checks, chain_notes = extra_damage_chain(
        roller, setup, tally, accuracy.critical, extra_damage
    )
    return AttackResult(
        setup,
        tally,
        accuracy,
        True,
        accuracy.critical,
        False,
        (first, *extra),
        checks,
        tuple(chain_notes),
    )


def extra_damage_chain(
    roller: Roller,
    setup: AttackSetup,
    tally: AdvantageTally,
    first_critical: bool,
    count: int,
) -> tuple[list[DamageRoll], tuple[CheckRoll, ...], list[str]]:
    """R22: roll each Extra Damage; after a critical, each first needs a critical check.

    A hit on the check makes that die critical and the checks go on; a natural critical
    also explodes into one more normal damage roll; a miss makes it and every remaining
    extra normal with no more checks; a critical failure stops the remaining extras.
    Damage already rolled always stands.
    """
    rolls: list[DamageRoll] = []
    checks: list[CheckRoll] = []
    notes: list[str] = []
    checking = first_critical
    for index in range(1, count + 1):
        if not checking:
            rolls.append(roll_damage(roller, setup, False, f"Extra Damage {index}"))
            continue
        check = roll_accuracy(roller, setup, tally, f"Critical check {index}")
        checks.append(check)
        if check.critical_failure:
            notes.append(
                f"Critical check {index} was a critical failure: the remaining "
                f"{count - index + 1} Extra Damage are lost; damage already rolled stands (R22)."
            )
            break
        if _hits(check, setup.target_ac):
            rolls.append(roll_damage(roller, setup, True, f"Extra Damage {index}, critical"))
            if check.critical:
                rolls.append(
                    roll_damage(roller, setup, False, f"Extra Damage {index}, critical explodes")
                )
            continue
        notes.append(
            f"Critical check {index} missed: it and the remaining Extra Damage are normal (R22)."
        )
        rolls.append(roll_damage(roller, setup, False, f"Extra Damage {index}"))
        checking = False
    return rolls, tuple(checks), notes


def resolve_full_attack(
    roller: Roller, setup: AttackSetup, extra_attacks: int, *, extra_damage: int = 0
) -> tuple[AttackResult, ...]:
    """R23: a Full Attack makes the first attack and one more per Extra Attack.

    Extra Damage (R22) rides on the first attack.
    """
    if extra_attacks < 0:
        raise InvalidValueError("Extra Attacks is a count and cannot be negative")
    first = resolve_attack(roller, setup, extra_damage=extra_damage)
    rest = tuple(resolve_attack(roller, setup) for _ in range(extra_attacks))
    return (first, *rest)


# --- Coup de grace (R24) and objects (R25) ----------------------------------------------


class CoupDeGraceSave(msgspec.Struct, frozen=True):
    """R24: the helpless target's CON save against DC = damage dealt."""

    check: CheckRoll
    dc: int

    @property
    def survives(self) -> bool:
        """The save succeeds when its total is at least the DC."""
        return self.check.total >= self.dc


def coup_de_grace(roller: Roller, setup: AttackSetup, *, target_helpless: bool) -> AttackResult:
    """R24: an automatic critical hit on a helpless target (no accuracy roll)."""
    if not target_helpless:
        raise AttackNotAllowedError(
            f"{setup.attacker} cannot coup de grace {setup.target}: "
            "the target is not helpless (R24)"
        )
    tally = tally_advantage(())
    damage = roll_damage(roller, setup, True, "Coup de grace, critical")
    return AttackResult(
        setup,
        tally,
        None,
        True,
        True,
        False,
        (damage,),
        notes=("Coup de grace: automatic critical hit (R24).",),
    )


def coup_de_grace_save(
    roller: Roller, con_mod: int, damage_dealt: int, attacker_extras: int, advantage_die: str
) -> CoupDeGraceSave:
    """R24: a surviving target saves with CON, one advantage per attacker's Extra Attack/Damage."""
    sources = (
        (AdvantageSource("Attacker's Extra Attacks/Damage (R24)", advantages=attacker_extras),)
        if attacker_extras
        else ()
    )
    tally = tally_advantage(sources)
    check = roll_check(roller, con_mod, tally, advantage_die, label="CON save")
    return CoupDeGraceSave(check, damage_dealt)


class ObjectAttackResult(msgspec.Struct, frozen=True):
    """R25: damage against an object's Hardness; it breaks below zero."""

    damage: DamageRoll
    hardness_before: int
    hardness_after: int

    @property
    def broken(self) -> bool:
        """R25: an object breaks when its Hardness goes below zero."""
        return self.hardness_after < 0


def attack_object(roller: Roller, setup: AttackSetup, hardness: int) -> ObjectAttackResult:
    """R25: no accuracy check; the damage comes off the object's Hardness."""
    damage = roll_damage(roller, replace(setup, sources=()), False)
    return ObjectAttackResult(damage, hardness, hardness - damage.total)

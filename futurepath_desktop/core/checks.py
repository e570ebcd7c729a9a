"""d20 checks (R2-R4): the natural d20, the Advantage Dice, modifiers and criticals."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from msgspec import field

from futurepath_desktop.core.advantage import (
    DEFAULT_ADVANTAGE_DIE,
    NO_ADVANTAGE,
    AdvantageTally,
    advantage_die_term,
)
from futurepath_desktop.core.dice import (
    ConstantTerm,
    DiceExpression,
    DiceRoll,
    DiceTerm,
    Roller,
    Term,
)
from futurepath_desktop.core.errors import InvalidValueError


def is_critical(natural: int, crit_min: int = 20) -> bool:
    """R4: a natural roll in the critical range (``crit_min``-20) is a critical success."""
    check_crit_min(crit_min)
    return natural >= crit_min


def is_critical_failure(natural: int) -> bool:
    """R4: a natural 1 is a critical failure."""
    return natural == 1


def check_crit_min(crit_min: int) -> None:
    """R4: a critical range runs from 17-20 at the widest to 20 alone."""
    if not 17 <= crit_min <= 20:
        raise InvalidValueError(
            f"a critical range starts at 17 to 20 (R4: never wider than 17-20), not {crit_min}"
        )


class CheckRoll(msgspec.Struct, frozen=True):
    """A d20 check: the natural d20, the Advantage Dice, modifiers, total and criticals."""

    roll: DiceRoll
    tally: AdvantageTally
    crit_min: int = 20
    label: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def natural(self) -> int:
        """The face of the d20."""
        return self.roll.terms[0].faces[0]

    @property
    def total(self) -> int:
        """The check's total with every die and modifier."""
        return self.roll.total

    @property
    def critical(self) -> bool:
        """R4: a natural result in the critical range."""
        return is_critical(self.natural, self.crit_min)

    @property
    def critical_failure(self) -> bool:
        """R4: a natural 1."""
        return is_critical_failure(self.natural)

    def render(self) -> str:
        """The dice line, with a critical mark where there is one."""
        mark = ""
        if self.critical:
            mark = " — natural critical!"
        elif self.critical_failure:
            mark = " — natural 1, critical failure"
        return f"{self.roll.render()}{mark}"


def check_expression(modifiers: Sequence[int], net: int, advantage_die: str) -> DiceExpression:
    """The expression of a d20 check: ``1d20 ± Advantage Dice + modifiers``."""
    die = advantage_die_term(advantage_die)
    terms: list[Term] = [DiceTerm(1, 20)]
    terms.extend(DiceTerm(die.count, die.sides, negative=net < 0) for _ in range(abs(net)))
    total = sum(modifiers)
    if total:
        terms.append(ConstantTerm(abs(total), negative=total < 0))
    return DiceExpression(tuple(terms))


def roll_check(
    roller: Roller,
    modifier: int,
    tally: AdvantageTally = NO_ADVANTAGE,
    advantage_die: str = DEFAULT_ADVANTAGE_DIE,
    *,
    crit_min: int = 20,
    label: str = "",
) -> CheckRoll:
    """R2-R4: roll d20, add or subtract the net Advantage Dice, add the modifier and fiat."""
    check_crit_min(crit_min)
    expression = check_expression((modifier, tally.flat), tally.net, advantage_die)
    return CheckRoll(roller.roll(expression), tally, crit_min, label)

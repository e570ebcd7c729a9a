"""Exceptions the rules core raises. Each message says what is wrong and where."""

from __future__ import annotations


class FuturePathError(Exception):
    """Base of every error Future Path Desktop raises on purpose."""


class RulesError(FuturePathError, ValueError):
    """An action or a value the rules do not allow."""


class DiceExpressionError(RulesError):
    """A dice expression that cannot be read, with the position of the problem."""

    def __init__(self, expression: str, position: int, problem: str) -> None:
        self.expression = expression
        self.position = position
        self.problem = problem
        pointer = f"at character {position + 1}" if position >= 0 else "in the expression"
        super().__init__(f"Dice expression {expression!r}: {problem} ({pointer}).")


class DiceBoundError(DiceExpressionError):
    """A dice expression that asks for more dice, sides or terms than the roller allows."""


class TooMuchDisadvantageError(RulesError):
    """R2: an action that would need more than three net disadvantage dice."""

    def __init__(self, net_disadvantage: int, sources: str) -> None:
        self.net_disadvantage = net_disadvantage
        super().__init__(
            f"This action cannot be attempted: it would take {net_disadvantage} net "
            f"disadvantage dice and the most is 3 (R2). Sources: {sources}."
        )


class ActionNotAllowedError(RulesError):
    """R15-R18: an action the turn's action economy does not allow."""

    def __init__(self, action: str, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"{action} is not allowed: {reason}")


class BonusAttackNotAllowedError(ActionNotAllowedError):
    """R17: a Bonus Attack whose weapon, proficiency or preceding action rules it out."""


class AttackNotAllowedError(RulesError):
    """An attack that cannot be made at all (a target in full cover, a helpless attacker)."""


class InvalidValueError(RulesError):
    """A number outside what the rules allow (a weapon level of 9, a critical range of 15)."""

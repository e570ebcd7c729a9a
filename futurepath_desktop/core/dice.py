"""Dice: one roller, dice expressions and roll records (R1, R4).

Expressions such as ``2d8+3``, ``1d20-1d2`` or ``4d6kh3`` are read by a small
hand-written parser (never ``eval``), with bounds on the number of dice, their sides and
the number of terms, so that a typo like ``1000000d1000000`` is refused, not rolled.
"""

from __future__ import annotations

import random
from typing import Literal

import msgspec

from futurepath_desktop.core.errors import DiceBoundError, DiceExpressionError, InvalidValueError

MAX_DICE = 500
"""The most dice one expression may roll, over all its terms."""
MAX_SIDES = 1000
"""The most sides a die may have."""
MAX_TERMS = 40
"""The most terms (dice groups and numbers) in one expression."""
MAX_CONSTANT = 1_000_000
"""The largest plain number a term may be."""
MAX_EXPRESSION_LENGTH = 200
"""The longest expression text accepted."""

MINUS = "\u2212"  # the log prints a real minus sign, as a printed rulebook would

KeepMode = Literal["h", "l"]


class DiceTerm(msgspec.Struct, frozen=True):
    """``count`` dice of ``sides`` sides, optionally keeping the highest or lowest few."""

    count: int
    sides: int
    negative: bool = False
    keep: KeepMode | None = None
    keep_count: int = 0

    def text(self) -> str:
        """The term without its sign, as it would be typed: ``4d6kh3``."""
        keep = f"k{self.keep}{self.keep_count}" if self.keep else ""
        return f"{self.count}d{self.sides}{keep}"

    @property
    def minimum(self) -> int:
        """The lowest signed value this term can give."""
        kept = self.keep_count if self.keep else self.count
        return -kept * self.sides if self.negative else kept

    @property
    def maximum(self) -> int:
        """The highest signed value this term can give."""
        kept = self.keep_count if self.keep else self.count
        return -kept if self.negative else kept * self.sides


class ConstantTerm(msgspec.Struct, frozen=True):
    """A plain number in an expression (``+3``)."""

    value: int
    negative: bool = False

    def text(self) -> str:
        """The number without its sign."""
        return str(self.value)

    @property
    def minimum(self) -> int:
        """The signed value of the number."""
        return -self.value if self.negative else self.value

    maximum = minimum


Term = DiceTerm | ConstantTerm


class DiceExpression(msgspec.Struct, frozen=True):
    """A parsed dice expression: a sum of signed terms."""

    terms: tuple[Term, ...]

    def __str__(self) -> str:
        parts: list[str] = []
        for index, term in enumerate(self.terms):
            if index == 0:
                parts.append(("-" if term.negative else "") + term.text())
            else:
                parts.append(("-" if term.negative else "+") + term.text())
        return "".join(parts)

    @property
    def dice_count(self) -> int:
        """How many dice rolling this expression throws."""
        return sum(t.count for t in self.terms if isinstance(t, DiceTerm))

    @property
    def minimum(self) -> int:
        """The lowest total the expression can give."""
        return sum(t.minimum for t in self.terms)

    @property
    def maximum(self) -> int:
        """The highest total the expression can give."""
        return sum(t.maximum for t in self.terms)


def dice(count: int, sides: int, *, negative: bool = False) -> DiceExpression:
    """A one-term expression, checked against the same bounds as parsed text."""
    return parse_dice(("-" if negative else "") + f"{count}d{sides}")


class _Parser:
    """Reads ``[+-] term ((+|-) term)*`` where a term is ``[N]dS[kh|klK]``, ``d%`` or ``N``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, problem: str, position: int | None = None) -> DiceExpressionError:
        return DiceExpressionError(self.text, self.pos if position is None else position, problem)

    def bound(self, problem: str, position: int) -> DiceBoundError:
        return DiceBoundError(self.text, position, problem)

    def skip_space(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def number(self, what: str) -> int | None:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits:
            return None
        if len(digits) > 7:
            raise self.bound(f"{what} {digits} is far too large", start)
        return int(digits)

    def term(self, negative: bool) -> Term:
        start = self.pos
        count = self.number("the number")
        if self.peek() not in ("d", "D"):
            if count is None:
                found = self.peek()
                if not found:
                    raise self.fail("a term is missing at the end")
                raise self.fail(f"expected a number or a die like d6, found {found!r}")
            if count > MAX_CONSTANT:
                raise self.bound(f"the number {count} is larger than {MAX_CONSTANT}", start)
            return ConstantTerm(count, negative)
        self.pos += 1
        if count is None:
            count = 1
        if self.peek() == "%":
            self.pos += 1
            sides: int | None = 100
        else:
            sides = self.number("the die size")
        if sides is None:
            raise self.fail("a die needs a number of sides after 'd', as in 1d6")
        if count == 0:
            raise self.fail("a term must roll at least one die", start)
        if sides < 2:
            raise self.fail(f"a die needs at least 2 sides, not {sides}", start)
        if count > MAX_DICE:
            raise self.bound(f"{count} dice is more than the {MAX_DICE} one roll may throw", start)
        if sides > MAX_SIDES:
            raise self.bound(f"a d{sides} has more than the {MAX_SIDES} sides allowed", start)
        keep: KeepMode | None = None
        keep_count = 0
        if self.text[self.pos : self.pos + 2].lower() in ("kh", "kl"):
            keep = "h" if self.text[self.pos + 1].lower() == "h" else "l"
            self.pos += 2
            keep_pos = self.pos
            parsed_keep = self.number("the number kept")
            if parsed_keep is None:
                raise self.fail("'kh' or 'kl' needs how many dice to keep, as in 4d6kh3")
            if not 1 <= parsed_keep <= count:
                raise self.fail(
                    f"cannot keep {parsed_keep} of {count} dice; keep 1 to {count}", keep_pos
                )
            keep_count = parsed_keep
        return DiceTerm(count, sides, negative, keep, keep_count)

    def parse(self) -> DiceExpression:
        if len(self.text) > MAX_EXPRESSION_LENGTH:
            raise self.bound(
                f"the expression is {len(self.text)} characters long; the most is "
                f"{MAX_EXPRESSION_LENGTH}",
                MAX_EXPRESSION_LENGTH,
            )
        self.skip_space()
        if not self.peek():
            raise self.fail("the expression is empty; type something like 1d20+3", -1)
        terms: list[Term] = []
        negative = False
        if self.peek() in "+-" + MINUS:
            negative = self.peek() != "+"
            self.pos += 1
            self.skip_space()
        while True:
            terms.append(self.term(negative))
            if len(terms) > MAX_TERMS:
                raise self.bound(f"more than {MAX_TERMS} terms", self.pos)
            self.skip_space()
            operator = self.peek()
            if not operator:
                break
            if operator not in "+-" + MINUS:
                raise self.fail(f"expected + or - between terms, found {operator!r}")
            negative = operator != "+"
            self.pos += 1
            self.skip_space()
        total_dice = sum(t.count for t in terms if isinstance(t, DiceTerm))
        if total_dice > MAX_DICE:
            raise self.bound(
                f"{total_dice} dice in all is more than the {MAX_DICE} one roll may throw", -1
            )
        return DiceExpression(tuple(terms))


def parse_dice(text: str) -> DiceExpression:
    """Read a dice expression, or raise :class:`DiceExpressionError` saying what and where."""
    if not isinstance(text, str):
        raise DiceExpressionError(repr(text), -1, "a dice expression must be text")
    return _Parser(text).parse()


class TermRoll(msgspec.Struct, frozen=True):
    """What one term of an expression rolled: every face, which were kept, its value."""

    term: Term
    faces: tuple[int, ...] = ()
    kept: tuple[bool, ...] = ()
    value: int = 0

    def render(self) -> str:
        """The term and its faces, unsigned: ``1d20 (17)`` or ``4d6kh3 (6, 5, 4, 2 dropped)``."""
        if isinstance(self.term, ConstantTerm):
            return self.term.text()
        shown = [str(f) for f, k in zip(self.faces, self.kept, strict=True) if k]
        dropped = [str(f) for f, k in zip(self.faces, self.kept, strict=True) if not k]
        inner = ", ".join(shown)
        if dropped:
            inner += "; dropped " + ", ".join(dropped)
        return f"{self.term.text()} ({inner})"


class DiceRoll(msgspec.Struct, frozen=True):
    """A rolled expression with every die face, every term and the total."""

    expression: DiceExpression
    terms: tuple[TermRoll, ...]
    total: int

    @property
    def faces(self) -> tuple[int, ...]:
        """Every die face rolled, in order."""
        return tuple(face for t in self.terms for face in t.faces)

    def render(self) -> str:
        """The roll as a person reads it: ``1d20 (17) − 1d2 (1) + 3 = 19``."""
        parts: list[str] = []
        for index, term_roll in enumerate(self.terms):
            sign = MINUS if term_roll.term.negative else "+"
            if index == 0:
                parts.append((MINUS if term_roll.term.negative else "") + term_roll.render())
            else:
                parts.append(f"{sign} {term_roll.render()}")
        total = f"{MINUS}{-self.total}" if self.total < 0 else str(self.total)
        return f"{' '.join(parts)} = {total}"

    def __str__(self) -> str:
        return self.render()


class Roller:
    """R1: the one source of randomness, over an injected ``random.Random``.

    A session stores the generator's seed and state, so a fight replays exactly.
    """

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @classmethod
    def seeded(cls, seed: int) -> Roller:
        """A roller over a fresh generator with the given seed."""
        return cls(random.Random(seed))

    def die(self, sides: int) -> int:
        """One die of ``sides`` sides, 1 to ``sides``. A d2 is a fair coin of 1 or 2 (R4)."""
        if not 2 <= sides <= MAX_SIDES:
            raise InvalidValueError(f"a die needs 2 to {MAX_SIDES} sides, not {sides}")
        return self.rng.randint(1, sides)

    def d20(self) -> int:
        """One d20."""
        return self.die(20)

    def roll_term(self, term: Term) -> TermRoll:
        """Roll one term of an expression."""
        if isinstance(term, ConstantTerm):
            return TermRoll(term, value=term.minimum)
        faces = tuple(self.die(term.sides) for _ in range(term.count))
        kept = _kept_flags(faces, term.keep, term.keep_count)
        subtotal = sum(f for f, k in zip(faces, kept, strict=True) if k)
        return TermRoll(term, faces, kept, -subtotal if term.negative else subtotal)

    def roll(self, expression: str | DiceExpression) -> DiceRoll:
        """Roll an expression (text is parsed first) and keep every face."""
        parsed = parse_dice(expression) if isinstance(expression, str) else expression
        rolled = tuple(self.roll_term(term) for term in parsed.terms)
        return DiceRoll(parsed, rolled, sum(t.value for t in rolled))


def _kept_flags(faces: tuple[int, ...], keep: KeepMode | None, count: int) -> tuple[bool, ...]:
    if keep is None:
        return tuple(True for _ in faces)
    order = sorted(range(len(faces)), key=lambda i: faces[i], reverse=keep == "h")
    chosen = set(order[:count])
    return tuple(i in chosen for i in range(len(faces)))


DIE_LADDER: tuple[str, ...] = (
    "1d2",
    "1d4",
    "1d6",
    "1d8",
    "1d10",
    "1d12",
    "2d8",
    "2d10",
    "2d12",
)
"""The die ladder, smallest first: the Advantage Die (R2) and weapon damage by level (R20)."""

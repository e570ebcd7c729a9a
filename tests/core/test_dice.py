"""Dice: the roller (R1) and dice expressions."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.core import dice as dice_module
from futurepath_desktop.core.dice import (
    MAX_DICE,
    MAX_SIDES,
    ConstantTerm,
    DiceExpression,
    DiceTerm,
    Roller,
    parse_dice,
)
from futurepath_desktop.core.errors import DiceBoundError, DiceExpressionError
from tests.helpers import scripted

PACKAGE = Path(dice_module.__file__).resolve().parents[1]

# --- R1: one roller over an injected generator ------------------------------------------


def test_r1_same_seed_same_rolls() -> None:
    first = Roller(random.Random(42))
    second = Roller(random.Random(42))
    rolls_a = [first.roll("4d6kh3+1d20-2").render() for _ in range(20)]
    rolls_b = [second.roll("4d6kh3+1d20-2").render() for _ in range(20)]
    assert rolls_a == rolls_b
    assert len(set(rolls_a)) > 1, "a seeded roller still varies from roll to roll"


def test_r1_no_module_level_random_anywhere_in_the_package() -> None:
    """R1: nothing calls random.randint() and friends directly; all goes through Roller."""
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr not in {"Random"}
            ):
                offenders.append(f"{path.name}:{node.lineno} random.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.module == "random":
                offenders.append(f"{path.name}:{node.lineno} from random import ...")
    assert offenders == []


# --- expressions ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "dice_count", "minimum", "maximum"),
    [
        ("2d8+3", "2d8+3", 2, 5, 19),
        ("1d20-1d2", "1d20-1d2", 2, -1, 19),
        ("4d6kh3", "4d6kh3", 4, 3, 18),
        ("4d6kl1", "4d6kl1", 4, 1, 6),
        (" d20 + 5 ", "1d20+5", 1, 6, 25),
        ("-2+1d4", "-2+1d4", 1, -1, 2),
        ("d%", "1d100", 1, 1, 100),
        ("3D6−1", "3d6-1", 3, 2, 17),
        ("7", "7", 0, 7, 7),
    ],
)
def test_expressions_parse(
    text: str, canonical: str, dice_count: int, minimum: int, maximum: int
) -> None:
    expression = parse_dice(text)
    assert str(expression) == canonical
    assert expression.dice_count == dice_count
    assert (expression.minimum, expression.maximum) == (minimum, maximum)


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("", -1, "empty"),
        ("2d", 2, "number of sides"),
        ("3x4", 1, "expected + or -"),
        ("1d20+", 5, "missing"),
        ("1d20++2", 5, "expected a number"),
        ("4d6kh5", 5, "cannot keep 5 of 4"),
        ("0d6", 0, "at least one die"),
        ("1d1", 0, "at least 2 sides"),
        ("2d6kh", 5, "how many dice to keep"),
        ("1d20 3", 5, "expected + or -"),
        ("hello", 0, "expected a number or a die"),
    ],
)
def test_malformed_expressions_say_what_and_where(text: str, position: int, fragment: str) -> None:
    with pytest.raises(DiceExpressionError) as caught:
        parse_dice(text)
    assert caught.value.position == position
    assert fragment in str(caught.value)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(
    "text",
    ["1000000d1000000", f"{MAX_DICE + 1}d6", f"1d{MAX_SIDES + 1}", "300d6+300d6", "99999999999d6"],
)
def test_dice_over_the_bound_are_refused_not_rolled(text: str) -> None:
    with pytest.raises(DiceBoundError):
        parse_dice(text)


def test_too_many_terms_and_too_long_text_are_refused() -> None:
    with pytest.raises(DiceBoundError, match="terms"):
        parse_dice("+".join(["1"] * 41))
    with pytest.raises(DiceBoundError, match="characters long"):
        parse_dice("1" + "+1" * 150)


terms = st.one_of(
    st.builds(
        lambda count, sides, negative, keep, k: DiceTerm(
            count, sides, negative, keep, min(k, count) if keep else 0
        ),
        st.integers(1, 20),
        st.integers(2, MAX_SIDES),
        st.booleans(),
        st.sampled_from([None, "h", "l"]),
        st.integers(1, 20),
    ),
    st.builds(ConstantTerm, st.integers(0, 10_000), st.booleans()),
)
expressions = st.lists(terms, min_size=1, max_size=8).map(lambda ts: DiceExpression(tuple(ts)))


@given(expressions)
def test_parse_round_trips_the_canonical_text(expression: DiceExpression) -> None:
    assert parse_dice(str(expression)) == expression


@given(st.integers(MAX_DICE + 1, 10**9), st.integers(2, 100))
def test_any_dice_count_over_the_bound_is_refused(count: int, sides: int) -> None:
    with pytest.raises(DiceBoundError):
        parse_dice(f"{count}d{sides}")


@given(st.integers(1, 50), st.integers(MAX_SIDES + 1, 10**9))
def test_any_die_size_over_the_bound_is_refused(count: int, sides: int) -> None:
    with pytest.raises(DiceBoundError):
        parse_dice(f"{count}d{sides}")


@given(st.text(max_size=30))
def test_arbitrary_text_parses_or_raises_a_dice_error(text: str) -> None:
    try:
        expression = parse_dice(text)
    except DiceExpressionError:
        return
    assert parse_dice(str(expression)) == expression


@given(expressions, st.integers(0, 2**32))
def test_rolls_stay_within_the_expression_bounds(expression: DiceExpression, seed: int) -> None:
    roll = Roller.seeded(seed).roll(expression)
    assert expression.minimum <= roll.total <= expression.maximum
    assert roll.total == sum(t.value for t in roll.terms)
    assert len(roll.faces) == expression.dice_count


def test_keep_highest_keeps_the_highest_faces() -> None:
    roll = scripted(2, 6, 1, 5).roll("4d6kh3")
    assert roll.total == 13
    assert roll.terms[0].kept == (True, True, False, True)
    low = scripted(2, 6, 1, 5).roll("4d6kl2")
    assert low.total == 3


def test_roll_renders_every_face_term_and_total() -> None:
    roll = scripted(17, 1).roll("1d20-1d2+3")
    assert roll.render() == "1d20 (17) − 1d2 (1) + 3 = 19"
    assert roll.faces == (17, 1)
    kept = scripted(2, 6, 1, 5).roll("4d6kh3")
    assert kept.render() == "4d6kh3 (2, 6, 5; dropped 1) = 13"
    negative = scripted(1).roll("1d4-6")
    assert negative.render() == "1d4 (1) − 6 = −5"

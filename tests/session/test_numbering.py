"""Many copies of one template are numbered after the highest number already in use, and
never take a name the session has (checked against a plain search for the lowest free
run of numbers)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.session.numbering import MOST_AT_ONCE, copy_names, numbered_names, same_name

BASE = "Space Bear"


def test_four_bears_then_three_more_carry_on() -> None:
    four = numbered_names([], BASE, 4)
    assert four == [f"{BASE} {n}" for n in range(1, 5)]
    more = numbered_names(["Art", *four], BASE, 3)
    assert more == [f"{BASE} {n}" for n in range(5, 8)]


def test_one_copy_keeps_the_plain_name_until_there_are_two() -> None:
    assert numbered_names(["Art"], BASE, 1) == [BASE]
    assert numbered_names([BASE], BASE, 1) == [f"{BASE} 2"], "the plain one counts as the first"
    assert numbered_names([BASE], BASE, 2) == [f"{BASE} 2", f"{BASE} 3"]


def test_other_names_that_merely_begin_alike_do_not_count() -> None:
    taken = ["Space Bears 9", "Space Bear Cub 4", "Space Bear 3x"]
    assert numbered_names(taken, BASE, 2) == [f"{BASE} 1", f"{BASE} 2"]


def test_a_saved_bear_with_its_number_carries_on_the_bears_numbers() -> None:
    """Space Bear 1 saved to the library from the fight, added back where the four bears
    stand: Space Bear 5, not Space Bear 1 2. Alone in a new session it keeps its name."""
    bears = [f"{BASE} {n}" for n in range(1, 5)]
    assert copy_names(["Art", *bears], f"{BASE} 1", 1) == [f"{BASE} 5"]
    assert copy_names(["Art", *bears], f"{BASE} 1", 2) == [f"{BASE} 5", f"{BASE} 6"]
    assert copy_names(["Art"], f"{BASE} 1", 1) == [f"{BASE} 1"]
    assert copy_names(["Art"], f"{BASE} 1", 3) == [f"{BASE} {n}" for n in (1, 2, 3)]
    assert copy_names(["Art"], "Art", 1) == ["Art 2"]  # no number: as before


@given(
    st.lists(st.sampled_from(["Droid", "Droid 1", "Droid 2", "Droid 7", "Art", "droid  3"])),
    st.sampled_from(["Droid", "Droid 1", "Droid 2", "Droid 40"]),
    st.integers(1, 5),
)
def test_copies_never_take_a_name_in_use_nor_each_others(
    taken: list[str], name: str, count: int
) -> None:
    made = copy_names(taken, name, count)
    assert len(made) == count
    assert len({n.casefold() for n in made}) == count
    assert not any(same_name(new, old) for new in made for old in taken)


@pytest.mark.parametrize("count", [0, -1, MOST_AT_ONCE + 1])
def test_a_count_past_the_limit_is_refused_with_the_limit(count: int) -> None:
    with pytest.raises(ValueError, match=f"1 to {MOST_AT_ONCE}"):
        numbered_names([], BASE, count)


@given(
    numbers=st.lists(st.integers(1, 60), max_size=8),
    plain=st.booleans(),
    count=st.integers(1, 12),
    shout=st.lists(st.booleans(), min_size=9, max_size=9),
)
def test_new_names_are_fresh_and_follow_every_number_in_use(
    numbers: list[int], plain: bool, count: int, shout: list[bool]
) -> None:
    """Whatever the case the names in use were typed in ("space bear 3" is Space Bear 3)."""
    taken = [f"{BASE} {n}" for n in numbers] + ([BASE] if plain else [])
    taken = [
        name.upper() if loud else name.lower()
        for name, loud in zip(taken, shout[: len(taken)], strict=True)
    ]
    names = numbered_names(taken, BASE, count)
    in_use_folded = {name.casefold() for name in taken}
    assert len(names) == count and not {n.casefold() for n in names} & in_use_folded
    assert len(set(names)) == count
    if names == [BASE]:
        assert not taken and count == 1
        return
    # Oracle: the first number above everything in use, counting a plain name as 1.
    in_use = set(numbers) | ({1} if plain else set())
    first = next(n for n in range(1, 200) if all(n > used for used in in_use))
    assert names == [f"{BASE} {n}" for n in range(first, first + count)]

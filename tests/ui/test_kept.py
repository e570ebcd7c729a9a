"""The keeping helpers drop the least recently used first: checked against a plain list
of what was put in and asked for, in order."""

from __future__ import annotations

from collections import OrderedDict

from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.ui.widgets.kept import forget_oldest, recall


@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(1, 50)), max_size=40),
    st.integers(0, 200),
)
def test_the_oldest_go_first_until_the_rest_fit(puts: list[tuple[int, int]], most: int) -> None:
    kept: OrderedDict[tuple[int], int] = OrderedDict()
    oracle: list[tuple[tuple[int], int]] = []  # least recently used first, by hand
    total = 0
    for name, size in puts:
        key = (name,)
        if recall(kept, key) is not None:
            oracle.append(oracle.pop([k for k, _ in oracle].index(key)))
        else:
            kept[key] = size
            total = forget_oldest(kept, total + size, most, lambda value: value)
            oracle.append((key, size))
            while sum(s for _, s in oracle) > most and len(oracle) > 1:
                oracle.pop(0)
        assert list(kept.items()) == oracle
        assert total == sum(kept.values())

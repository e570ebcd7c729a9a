"""``breakable``: a place to break in every long run of letters, and nothing else changed."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from futurepath_desktop.ui.widgets.fitted_text import BREAK_RUN, breakable

ZWSP = "\u200b"


@given(st.text(alphabet=st.sampled_from("ab ·-9"), max_size=200))
def test_every_run_longer_than_the_limit_gets_a_break_and_nothing_else_changes(
    text: str,
) -> None:
    shown = breakable(text)
    assert shown.replace(ZWSP, "") == text
    # Between spaces and breaks, no run is longer than the limit (a brute-force walk).
    run = 0
    for char in shown:
        run = 0 if char in (" ", ZWSP) else run + 1
        assert run <= BREAK_RUN
    # A break only inside a word: never next to a space, never at either end.
    assert not shown.startswith(ZWSP) and not shown.endswith(ZWSP)
    assert f" {ZWSP}" not in shown and f"{ZWSP} " not in shown


def test_short_names_are_left_alone() -> None:
    assert breakable("Space Bear 1  ·  Space Bears") == "Space Bear 1  ·  Space Bears"

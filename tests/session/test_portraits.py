"""SetPortrait: a combatant's picture is kept as a path relative to the session file (as the
map's background is), refused otherwise, logged, undone, and saved and read back."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.store import decode, encode


def first_of(history: History) -> str:
    return next(iter(history.session.combatants))


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("faces/katie.png", "faces/katie.png"),
        ("  katie.png ", "katie.png"),  # stripped
        ("faces\\katie.png", "faces/katie.png"),  # a Windows path keeps working elsewhere
        ("../shared/katie.png", "../shared/katie.png"),  # beside the session, a folder up
    ],
)
def test_a_relative_path_is_kept_as_the_session_keeps_it(given: str, kept: str) -> None:
    history = History(demo_session())
    ident = first_of(history)
    history.push(c.SetPortrait(ident, given))
    assert history.session.combatants[ident].portrait == kept
    assert kept in history.session.log[-1].text


@pytest.mark.parametrize(
    ("given", "why"),
    [
        ("/home/gm/katie.png", "relative"),
        ("C:\\Users\\gm\\katie.png", "relative"),
        ("C:/katie.png", "relative"),
        ("   ", "empty"),
        ("x" * 1001, "1000"),
    ],
)
def test_a_path_the_file_could_not_keep_is_refused_and_changes_nothing(
    given: str, why: str
) -> None:
    history = History(demo_session())
    before = encode(history.session)
    with pytest.raises(CommandError, match=why):
        history.push(c.SetPortrait(first_of(history), given))
    assert encode(history.session) == before


def test_the_longest_path_the_file_keeps_is_accepted_and_reopens() -> None:
    history = History(demo_session())
    ident = first_of(history)
    longest = "p/" + "x" * 994 + ".png"
    assert len(longest) == 1000
    history.push(c.SetPortrait(ident, longest))
    assert decode(encode(history.session)).combatants[ident].portrait == longest


def test_a_portrait_is_undone_and_taken_away_again() -> None:
    history = History(demo_session())
    ident = first_of(history)
    name = history.session.combatants[ident].name
    before = encode(history.session)
    history.push(c.SetPortrait(ident, "katie.png"))
    reopened = decode(encode(history.session))
    assert reopened.combatants[ident].portrait == "katie.png"
    history.undo()
    assert encode(history.session) == before
    history.redo()
    history.push(c.SetPortrait(ident, None))
    assert history.session.combatants[ident].portrait is None
    assert history.session.log[-1].text == f"{name}'s portrait removed"


def test_nothing_to_change_and_nobody_to_picture_are_refused() -> None:
    history = History(demo_session())
    ident = first_of(history)
    with pytest.raises(CommandError, match="no portrait"):
        history.push(c.SetPortrait(ident, None))
    history.push(c.SetPortrait(ident, "a.png"))
    with pytest.raises(CommandError, match="already"):
        history.push(c.SetPortrait(ident, "a.png"))
    with pytest.raises(FuturePathError):
        history.push(c.SetPortrait("nobody", "a.png"))

"""R25, attacking an object: no accuracy check, the damage comes off its Hardness, and it
breaks below zero; in combat it spends the Standard action (R15)."""

from __future__ import annotations

import re

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import run
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History


@pytest.mark.parametrize("hardness", [0, 1, 4, 10, 1000])
def test_the_blow_comes_off_the_hardness_and_below_zero_it_breaks(hardness: int) -> None:
    session = demo_session()
    run(session, c.AttackObject("art", 0, "the door", hardness))
    (entry,) = [e for e in session.log if "strikes the door" in e.text]
    (roll,) = entry.rolls  # the damage only: no accuracy roll against an object
    dealt = max(0, roll.total)
    if hardness - dealt < 0:
        assert entry.text.endswith("it breaks (R25)"), entry.text
    else:
        found = re.search(r"Hardness (\d+) → (-?\d+)", entry.text)
        assert found is not None and (int(found[1]), int(found[2])) == (hardness, hardness - dealt)


def test_in_combat_it_is_the_turns_standard_action() -> None:
    session = demo_session()
    for command in (c.StartCombat(()), c.NextTurn(), c.NextTurn()):
        run(session, command)
    run(session, c.AttackObject("art", 0, "the console", 3))
    assert session.combat.turns["art"] == (("Attack an Object", None),)
    with pytest.raises(Exception, match="Standard action"):
        run(session, c.ResolveAttack("art", "bear-1", distance_ft=30))


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (c.AttackObject("art", 0, "the door", -1), "Hardness is 0 to 1000"),
        (c.AttackObject("art", 0, "the door", 1001), "Hardness is 0 to 1000"),
        (c.AttackObject("art", 0, "  ", 3), "name the object"),
        (c.AttackObject("art", 7, "the door", 3), "no weapon number 8"),
    ],
)
def test_an_impossible_blow_is_refused_and_changes_nothing(
    command: c.AttackObject, words: str
) -> None:
    session = demo_session()
    before = session.to_file()
    with pytest.raises(CommandError, match=words):
        History(session).push(command)
    assert session.to_file() == before

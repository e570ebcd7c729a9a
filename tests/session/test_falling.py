"""R33 falling as a command: 1d6 a full 10 ft (none under 10 ft), at most 50d6 at 500 ft,
half the dice onto soft ground, prone after any damage, and a fall past 500 ft takes more
than a round (the damage is the landing's, at most 50d6). Several fall in one step, as when
a floor gives way."""

from __future__ import annotations

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session

# The ruling's own examples, worked by hand: feet (and soft ground) → d6s.
DICE = {(0, False): 0, (9, False): 0, (10, False): 1, (35, False): 3, (35, True): 1,
        (500, False): 50, (600, False): 50, (600, True): 25}  # fmt: skip


def fell(session: Session, feet: int, soft: bool = False, who: str = "bear-1") -> History:
    history = History(session)
    history.push(c.Fall((who,), feet, soft))
    return history


@pytest.mark.parametrize(("feet", "soft"), list(DICE))
def test_a_fall_rolls_the_rulings_dice_and_leaves_the_faller_prone(feet: int, soft: bool) -> None:
    session = demo_session()
    before = session.combatants["bear-1"].hp
    fell(session, feet, soft)
    after = session.combatants["bear-1"]
    prone = any(h.key == "prone" for h in session.conditions_on("bear-1"))
    falls = [e for e in session.log if e.text.startswith("Space Bear 1 falls")]
    assert len(falls) == 1
    dice = DICE[feet, soft]
    if dice == 0:
        assert after.hp == before and not prone and not falls[0].rolls
        return
    (roll,) = falls[0].rolls
    assert roll.expression == f"{dice}d6"
    assert dice <= roll.total <= 6 * dice
    assert after.hp == before - roll.total  # no temporary HP on a bear
    assert prone, "any damage leaves the faller prone"
    long = [e for e in session.log if "500 ft a round" in e.text]
    assert bool(long) == (feet > 500), "a fall past 500 ft takes more than a round (R33)"
    if long:
        assert f"lasts {-(-feet // 500):,} rounds" in long[0].text


def test_a_floor_gives_way_under_two_in_one_step_and_undo_puts_it_back() -> None:
    session = demo_session()
    history = History(session)
    before = session.to_file()
    history.push(c.Fall(("bear-1", "bear-2"), 20))
    assert len(history.undo_stack) == 1
    assert all(
        any(h.key == "prone" for h in session.conditions_on(b)) for b in ("bear-1", "bear-2")
    )
    history.undo()
    assert session.to_file() == before


@pytest.mark.parametrize(
    ("fall", "words"),
    [
        (c.Fall(("bear-1",), -5), "a fall is 0 to 100,000 ft"),
        (c.Fall(("bear-1",), 200_000), "a fall is 0 to 100,000 ft"),
        (c.Fall((), 20), "choose at least one combatant"),
    ],
)
def test_an_impossible_fall_is_refused_and_changes_nothing(fall: c.Fall, words: str) -> None:
    session = demo_session()
    before = session.to_file()
    with pytest.raises(CommandError, match=words):
        History(session).push(fall)
    assert session.to_file() == before

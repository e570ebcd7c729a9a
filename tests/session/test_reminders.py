"""The GM's reminders: logged at the start or end of a combatant's turn (its team's, R6) or
when a round begins, every time or in one round only; undone with the step that brought
them; gone with their combatant; kept in the file; bad ones refused with a reason."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError, SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.records import Reminder
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.store import decode, encode


def reminders_logged(session: Session) -> list[tuple[int, str]]:
    return [(e.round, e.text) for e in session.log if e.kind == "reminder"]


def play(history: History, steps: int) -> None:
    for _ in range(steps):
        history.push(c.NextTurn())


def test_a_turn_reminder_is_logged_when_its_combatants_team_begins_and_undone_with_it() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.PutReminder(Reminder("r1", "regeneration: heal 2", "turn_start", "james")))
    history.push(c.StartCombat(unaware_ids=()))
    play(history, 1)  # Advantages
    assert reminders_logged(session) == []
    play(history, 1)  # Action phase: the players' turn first (initiative 4)
    assert session.combat.acting_team == "players"
    assert reminders_logged(session) == [(1, "James' regeneration: heal 2")]
    turn = [e.text for e in session.log[-6:]]
    assert turn.index("Players' turn") < turn.index("James' regeneration: heal 2")
    history.undo()
    assert reminders_logged(session) == []


def test_an_end_of_turn_reminder_comes_when_the_team_hands_on() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.PutReminder(Reminder("r1", "aura fades", "turn_end", "art")))
    history.push(c.StartCombat(unaware_ids=()))
    play(history, 2)
    assert reminders_logged(session) == []
    play(history, 1)  # the players' turn ends
    assert session.combat.acting_team != "players"
    assert reminders_logged(session) == [(1, "Art's aura fades")]


def test_round_reminders_every_round_and_in_one_round() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.PutReminder(Reminder("every", "check morale", "round")))
    history.push(c.PutReminder(Reminder("third", "the reinforcements arrive", "round", round=3)))
    history.push(c.StartCombat(unaware_ids=()))
    while session.combat.round < 4:
        history.push(c.NextPhase())
    said = reminders_logged(session)
    assert said == [
        (1, "Round 1: check morale"),
        (2, "Round 2: check morale"),
        (3, "Round 3: check morale"),
        (3, "Round 3: the reinforcements arrive"),
        (4, "Round 4: check morale"),
    ]


@settings(max_examples=25, deadline=None)
@given(
    steps=st.integers(min_value=1, max_value=40),
    who=st.sampled_from(["james", "art", "bear-1", "bear-3"]),
    when=st.sampled_from(["turn_start", "turn_end"]),
    only=st.integers(min_value=0, max_value=3),
)
def test_a_turn_reminder_comes_once_for_each_turn_of_its_team(
    steps: int, who: str, when: str, only: int
) -> None:
    """A second count from the log alone: each "<Team>'s turn" entry begins a turn of that
    team, which ends before the next turn or the Counters phase begins."""
    session = demo_session()
    history = History(session)
    history.push(c.PutReminder(Reminder("r", "tick", when, who, round=only)))  # type: ignore[arg-type]
    history.push(c.StartCombat(unaware_ids=()))
    play(history, steps)
    team = session.teams[session.combatants[who].team_id].name
    expected, open_turn = [], None
    for entry in session.log:
        if entry.kind == "turn" and entry.text.endswith("turn") and "'" in entry.text:
            if open_turn is not None and when == "turn_end":
                expected.append(open_turn)
            open_turn = entry.round if entry.text.startswith(team) else None
            if open_turn is not None and when == "turn_start":
                expected.append(open_turn)
        elif entry.kind == "phase" and open_turn is not None:
            if when == "turn_end":
                expected.append(open_turn)
            open_turn = None
    expected = [r for r in expected if only in (0, r)]
    assert [r for r, _ in reminders_logged(session)] == expected


def test_a_reminder_goes_with_its_combatant_and_stays_in_the_file() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.PutReminder(Reminder("r1", "regeneration: heal 2", "turn_start", "james")))
    history.push(c.PutReminder(Reminder("r2", "check morale", "round", round=2)))
    loaded = decode(encode(session))
    assert loaded.reminders == session.reminders
    history.push(c.RemoveCombatants(("james",)))
    assert list(session.reminders) == ["r2"]
    history.undo()
    assert list(session.reminders) == ["r1", "r2"]


def test_a_file_whose_reminder_names_nobody_is_refused_with_where() -> None:
    session = demo_session()
    History(session).push(c.PutReminder(Reminder("r1", "heal 2", "turn_start", "james")))
    data = msgspec.json.decode(encode(session))
    data["reminders"][0]["combatant_id"] = "ghost"
    with pytest.raises(SessionLoadError, match=r"reminder|\$\.reminders\[0\]"):
        decode(msgspec.json.encode(data))


@pytest.mark.parametrize(
    ("reminder", "match"),
    [
        (Reminder("r", "   ", "turn_start", "james"), "something to say"),
        (Reminder("r", "heal", "turn_start"), "needs the combatant"),
        (Reminder("r", "heal", "turn_end", "ghost"), "ghost"),
        (Reminder("r", "x" * 201, "round"), "200"),
    ],
)
def test_bad_reminders_are_refused_and_change_nothing(reminder: Reminder, match: str) -> None:
    session = demo_session()
    history = History(session)
    before = session.to_file()
    with pytest.raises(CommandError, match=match):
        history.push(c.PutReminder(reminder))
    assert session.to_file() == before


def test_a_reminder_is_changed_in_place_and_removed() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.PutReminder(Reminder("r1", "heal 2", "turn_start", "james")))
    applied = history.push(c.PutReminder(Reminder("r1", "heal 3", "turn_end", "james")))
    assert applied.label == "Change reminder: heal 3"
    assert session.reminders["r1"].when == "turn_end"
    history.push(c.RemoveReminder("r1"))
    assert not session.reminders
    with pytest.raises(CommandError, match="no reminder"):
        history.push(c.RemoveReminder("r1"))

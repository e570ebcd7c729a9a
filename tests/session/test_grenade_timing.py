"""R38 (amended): a grenade is timed to its targets. It explodes at the end of the next
team turn, after the throw, of a team with a member inside the blast where it lands (the
turn in which it was thrown does not count), so those inside may move away first; with
nobody inside, at the end of the thrower's team's next turn; cooked, at the start of that
turn instead.

Every throw here scatters 2d10 (5, 5): on target (R38's table), so the blast is where it
was aimed and who is inside is known from the demo's map: a 5 ft burst covers the square
and its eight neighbours (R34)."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.errors import ActionNotAllowedError
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import LogEntry, Session
from tests.helpers import ScriptedRandom

ON_TARGET = [5, 5]


def fight() -> tuple[Session, History]:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(unaware_ids=()))  # players first (R6), no surprise round
    history.push(c.PlaceToken("brandon", 8, 4))
    while session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    assert session.combat.acting_team == "players" and session.combat.phase == Phase.ACTION
    return session, history


def throw(session: Session, history: History, at: tuple[int, int], **kw: object) -> None:
    session.rng = ScriptedRandom([*kw.pop("faces", []), *ON_TARGET, 3, 3, 3])  # type: ignore[misc]
    history.push(c.ThrowGrenade("brandon", *at, damage="3d6", radius_ft=5, **kw))  # type: ignore[arg-type]


def blast(session: Session) -> LogEntry | None:
    return next((e for e in session.log if e.text.startswith("The grenade explodes")), None)


def test_thrown_at_the_bears_it_waits_for_the_end_of_their_turn_and_they_may_step_away() -> None:
    session, history = fight()
    throw(session, history, (14, 4))  # Space Bear 1 stands there
    (pending,) = session.grenades.values()
    assert pending.teams == ("bears",)
    history.push(c.NextTurn())  # the players' turn ends: the turn it was thrown in
    assert blast(session) is None and session.combat.acting_team == "bears"
    hp = session.combatants["bear-1"].hp
    history.push(c.MoveToken("bear-1", 12, 4))  # 10 ft away: out of the 5 ft burst
    history.push(c.NextTurn())  # the bears' turn ends
    entry = blast(session)
    assert entry is not None and entry.round == 1 and entry.text.endswith("to nobody")
    assert session.combatants["bear-1"].hp == hp


def test_an_ally_inside_gets_a_turn_to_move_before_it_goes_off() -> None:
    session, history = fight()
    throw(session, history, (4, 6))  # James is there: one of the thrower's own team
    (pending,) = session.grenades.values()
    assert pending.teams == ("players",)
    history.push(c.NextTurn())  # the end of the players' turn it was thrown in: not yet
    assert blast(session) is None
    while session.combat.round == 1:
        history.push(c.NextTurn())
    assert blast(session) is None, "the bears' turn and the Counters phase are not its turn"
    while session.combat.acting_team != "players":
        history.push(c.NextTurn())
    assert session.grenades, "it waits for the end of this turn, so James may move away"
    history.push(c.NextTurn())
    entry = blast(session)
    assert entry is not None and entry.round == 2 and "James" in entry.text


def test_with_nobody_inside_it_goes_off_at_the_end_of_the_throwers_next_turn() -> None:
    session, history = fight()
    throw(session, history, (8, 8))  # nobody within 5 ft
    (pending,) = session.grenades.values()
    assert pending.teams == ("players",)
    while session.combat.round == 1:
        history.push(c.NextTurn())
    assert blast(session) is None
    while session.grenades:
        history.push(c.NextTurn())
    entry = blast(session)
    assert entry is not None and entry.round == 2 and entry.team_id == "players"


def test_a_cooked_grenade_goes_off_at_the_start_of_the_targets_turn() -> None:
    session, history = fight()
    # WIS check: d20 18 + WIS +1 = 19 against DC 25 - 10 = 15: cooked (R38).
    throw(session, history, (14, 4), cooked=True, cook_misc=-10, faces=[18])
    history.push(c.NextTurn())  # the bears' turn starts: it goes off before they act
    entry = blast(session)
    assert entry is not None and entry.team_id == "bears" and "Space Bear 1" in entry.text
    turn = [e for e in session.log if e.text == "Space Bears' turn"]
    assert turn and turn[-1].seq < entry.seq


def test_a_throw_is_the_throwers_attack_action() -> None:
    """R15: throwing spends the Standard action, so a Full-Round Shock cannot follow."""
    session, history = fight()
    throw(session, history, (14, 4))
    assert session.combat.turns["brandon"] == (("Throw a Grenade", None),)
    with pytest.raises(ActionNotAllowedError, match="already used"):
        history.push(c.DeclareAction("brandon", "Attack (Ranged)"))


def test_ending_the_fight_sets_a_waiting_grenade_off_or_leaves_it_for_the_next() -> None:
    """R14, R38: End Combat resolving what is left sets off a grenade still waiting (it
    went off in the next fight before); leaving things running leaves it where it is."""
    session, history = fight()
    throw(session, history, (14, 4))
    assert session.grenades
    session.rng = ScriptedRandom([4, 4, 4])
    history.push(c.EndCombat(resolve=True))
    entry = blast(session)
    assert entry is not None and "Space Bear 1" in entry.text
    assert (len(session.grenades), session.combat.active) == (0, False)
    assert not any(h.name == "Grenade" for h in session.conditions.values())
    history.undo()
    assert (len(session.grenades), session.combat.active) == (1, True)
    history.push(c.EndCombat(resolve=False))
    assert len(session.grenades) == 1, "left for the next fight, as the GM chose"

"""R50-R52: moving on the map is part of the mover's turn. Only the acting team moves, and
never a surprised combatant in the surprise round; a move spends the Standard action (or
grows into a Sprint past speed, or is the 5-foot step); conditions stop or halve it; a
Sprint into difficult ground rolls Acrobatics and a failure leaves the mover prone about
halfway; an occupied square is difficult ground. The GM may override, and the log says so.

The feet are worked from the demo's map by hand: every step is 5 ft, a difficult square
10 ft (R34, R36); a bear's speed is 40 ft."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.errors import ActionNotAllowedError
from futurepath_desktop.core.grid import MoveType, find_path
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.map_rules import grid_for
from futurepath_desktop.session.state import Session


def fight(*, surprise: bool = False) -> tuple[Session, History]:
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat() if surprise else c.StartCombat(unaware_ids=()))
    return session, history


def to_turn(session: Session, history: History, team: str) -> None:
    while session.combat.acting_team != team or session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())


def turn_of(session: Session, ident: str) -> list[str]:
    return [name for name, _ in session.combat.turns.get(ident, ())]


def at(session: Session, ident: str) -> tuple[int, int]:
    return session.tokens[ident].square


def test_a_bear_that_moved_cannot_also_attack() -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    history.push(c.MoveToken("bear-1", 12, 4))  # two squares west: 10 ft
    assert turn_of(session, "bear-1") == ["Move"]
    assert "Space Bear 1 moves 10 ft" in session.log[-1].text
    with pytest.raises(ActionNotAllowedError, match="Standard action of this turn is already used"):
        history.push(c.ResolveAttack("bear-1", "brandon", distance_ft=5))
    # Moving on under the same Move, up to its 40 ft, is still the one action.
    history.push(c.MoveToken("bear-1", 10, 4))
    assert turn_of(session, "bear-1") == ["Move"]
    assert session.tokens["bear-1"].moved_ft == 20


def test_nobody_moves_out_of_turn_but_the_gm_may_override_and_the_log_says_so() -> None:
    session, history = fight()
    to_turn(session, history, "players")
    with pytest.raises(CommandError, match="not Space Bear 1's turn: the Players team is acting"):
        history.push(c.MoveToken("bear-1", 12, 4))
    assert at(session, "bear-1") == (14, 4)
    history.push(c.MoveToken("bear-1", 12, 4, override=True))
    assert at(session, "bear-1") == (12, 4)
    assert "rules overridden: it is not Space Bear 1's turn" in session.log[-1].text
    history.push(c.NextTurn())  # the bears' turn
    history.push(c.NextTurn())  # the Counters phase
    assert session.combat.phase == Phase.COUNTERS
    with pytest.raises(CommandError, match="nobody moves in phase 5 Counters"):
        history.push(c.MoveToken("bear-1", 12, 5))


def test_a_surprised_bear_does_not_move_in_the_surprise_round() -> None:
    session, history = fight(surprise=True)
    assert session.combat.surprise_round and session.combat.acting_team == "players"
    with pytest.raises(CommandError, match="James is surprised and cannot move"):
        history.push(c.MoveToken("james", 5, 6))
    history.push(c.MoveToken("brandon", 4, 3))  # Brandon is aware: he moves
    assert turn_of(session, "brandon") == ["Move"]


@pytest.mark.parametrize("key", ["stunned", "paralyzed", "pinned", "helpless", "cowering"])
def test_conditions_that_stop_a_mover(key: str) -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    history.push(c.AddCondition(("bear-1",), key))
    with pytest.raises(CommandError, match="cannot move"):
        history.push(c.MoveToken("bear-1", 12, 4))


@pytest.mark.parametrize("key", ["prone", "entangled", "slowed"])
def test_half_speed_makes_a_25_ft_run_a_sprint(key: str) -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    history.push(c.MoveToken("bear-4", 11, 3))  # an unhindered bear: 30 ft is its Move
    assert turn_of(session, "bear-4") == ["Move"]
    history.push(c.AddCondition(("bear-2",), key))
    history.push(c.MoveToken("bear-2", 12, 7))  # 20 ft: half of 40, still a Move
    assert turn_of(session, "bear-2") == ["Move"]
    history.push(c.MoveToken("bear-2", 11, 7))  # 5 ft more: past half speed, a Sprint
    assert turn_of(session, "bear-2") == ["Sprint"]
    assert "the move becomes a Sprint" in " ".join(e.text for e in session.log[-4:])
    # A Sprint at half speed reaches 3 × 20 = 60 ft in all; 25 are spent, 35 are left.
    with pytest.raises(CommandError, match=r"needs 40 ft .* but has 35 ft left"):
        history.push(c.MoveToken("bear-2", 3, 7))


def test_the_five_foot_step_is_once_never_after_a_move_and_ends_the_turn() -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    step = MoveType.FIVE_FOOT_STEP
    history.push(c.MoveToken("bear-1", 13, 4))
    with pytest.raises(CommandError, match="has already moved this turn"):
        history.push(c.MoveToken("bear-1", 12, 4, move=step))
    history.push(c.MoveToken("bear-2", 15, 7, move=step))
    assert turn_of(session, "bear-2") == ["5-foot Step"]
    with pytest.raises(CommandError, match="turn has ended"):
        history.push(c.MoveToken("bear-2", 14, 7))
    with pytest.raises(CommandError, match="needs 10 ft"):
        history.push(c.MoveToken("bear-3", 11, 9, move=step))


@pytest.mark.parametrize(("bonus", "falls"), [(-100, True), (100, False)])
def test_a_sprint_into_difficult_ground_rolls_acrobatics(bonus: int, falls: bool) -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    goal = (13, 12)  # the middle of the difficult patch
    path = find_path(grid_for(session, "bear-3"), (13, 9), goal)
    assert path is not None and path.cost_ft == 5 + 10 + 10  # (13, 10), then two of it
    history.push(c.MoveToken("bear-3", *goal, move=MoveType.SPRINT, acrobatics=bonus))
    (check,) = [e for e in session.log if e.kind == "check" and "Acrobatics" in e.text]
    (roll,) = check.rolls
    assert roll.total == roll.faces[0] + bonus and "vs DC 15" in check.text
    prone = any(h.key == "prone" for h in session.conditions_on("bear-3"))
    assert prone == falls
    halfway = path.squares[path.steps // 2]
    assert at(session, "bear-3") == (halfway if falls else goal)
    assert turn_of(session, "bear-3") == ["Sprint"]


def test_a_run_that_avoids_difficult_ground_needs_no_check() -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    history.push(c.MoveToken("bear-3", 13, 10, move=MoveType.SPRINT))
    assert not [e for e in session.log if e.kind == "check"]


def test_standing_up_ends_prone() -> None:
    session, history = fight()
    to_turn(session, history, "bears")
    history.push(c.AddCondition(("bear-1",), "prone"))
    history.push(c.DeclareAction("bear-1", "Stand Up"))
    assert not session.conditions_on("bear-1")
    history.push(c.MoveToken("bear-1", 8, 4))  # 30 ft: a full-speed Move once standing
    assert turn_of(session, "bear-1") == ["Stand Up", "Move"]


def test_r52_an_occupied_square_is_difficult_ground_conscious_or_not() -> None:
    session, history = fight()
    beside = (15, 4)  # east of Space Bear 1
    history.push(c.EndCombat(resolve=False))
    history.push(c.MoveToken("bear-2", *beside, override=True))
    bears = grid_for(session, "bear-2")
    assert bears.enter_cost((14, 4)) == 10, "a friend's square"
    history.push(c.Damage(("bear-1",), 100))
    assert grid_for(session, "bear-2").enter_cost((14, 4)) == 10, "conscious or not"
    players = grid_for(session, "brandon")
    assert players.enter_cost((14, 4)) == 5, "a down enemy's square may be entered"
    assert players.enter_cost(beside) is None, "a standing enemy's may not"


def test_r11_a_surprised_combatant_is_flat_footed_only_until_it_acts() -> None:
    """Its first action (a move included) ends it, not the end of its team's turn."""
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat())  # only Brandon is aware
    while session.combat.acting_team != "bears" or session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    assert {"bear-1", "bear-2"} <= set(session.combat.unaware)
    ac = session.combatants["bear-2"].ac
    from futurepath_desktop.session.attack_plan import plan_attack

    assert plan_attack(session, "art", "bear-2", distance_ft=30).setup.target_ac == ac - 1
    history.push(c.MoveToken("bear-2", 15, 7))  # it has acted
    assert "bear-2" not in session.combat.unaware
    assert plan_attack(session, "art", "bear-2", distance_ft=30).setup.target_ac == ac
    history.push(c.DeclareAction("bear-1", "Speak"))
    assert "bear-1" not in session.combat.unaware


def test_r11_a_surprised_combatant_who_could_not_act_stays_flat_footed() -> None:
    """Its team's turn ending does not count as acting for one that could not act (here
    paralyzed through it): it stays flat-footed until a turn in which it can act ends, while
    its teammates' flat-footedness ends with the turn. (Stunned would not do: a stunned
    combatant cannot attack or move but can still act otherwise.)"""
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat())  # only Brandon is aware
    history.push(c.AddCondition(("bear-2",), "paralyzed", 1))
    to_turn(session, history, "bears")
    assert {"bear-1", "bear-2"} <= set(session.combat.unaware)
    history.push(c.NextTurn())  # the bears' turn ends; bear 2 was paralyzed through it
    assert "bear-1" not in session.combat.unaware
    assert "bear-2" in session.combat.unaware
    from futurepath_desktop.session.attack_plan import plan_attack

    notes = " ".join(plan_attack(session, "art", "bear-2", distance_ft=30).notes)
    assert "Flat-Footed" in notes, notes
    # The paralysis runs out; the bears' next turn ends with bear 2 able to act.
    while any(h.key == "paralyzed" for h in session.conditions_on("bear-2")):
        history.push(c.NextTurn())
    assert "bear-2" in session.combat.unaware, "nobody has acted for it yet"
    to_turn(session, history, "bears")
    history.push(c.NextTurn())
    assert "bear-2" not in session.combat.unaware


def test_r11_who_acted_in_the_surprise_round_has_round_1_still_to_come() -> None:
    """The surprise round's actions are its own: when round 1's Action phase begins nobody
    has acted in it yet (R10), and the bears who were surprised stay flat-footed until
    their own first action (R11)."""
    session, history = fight(surprise=True)
    actors = set(session.combat.surprise_actors)
    assert actors, "someone is aware and acts in the surprise round"
    while session.combat.phase == Phase.SURPRISE:
        history.push(c.NextTurn())
    while session.combat.phase != Phase.ACTION:
        history.push(c.NextTurn())
    assert session.combat.acted == ()
    assert {"bear-1", "bear-2"} <= set(session.combat.unaware)
    from futurepath_desktop.session.attack_plan import plan_attack

    notes = " ".join(plan_attack(session, "art", "bear-2", distance_ft=30).notes)
    assert "Flat-Footed" in notes and "Surprised" not in notes, notes  # not surprised now
    # Round 1's turns mark their actors as they go: the first team's members, once done.
    first = session.combat.acting_team
    assert first is not None
    history.push(c.NextTurn())
    done = {m.id for m in session.members(first, present_only=True)}
    assert done and done <= set(session.combat.acted)

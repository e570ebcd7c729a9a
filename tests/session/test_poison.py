"""The chapter's poison (R55): 1d4 CON damage a turn for 4 turns, with CON checks, under
both vitality options (R40). The counter only moves once its bearer has started a turn
under it (R13), each tick rolls the check and, when it fails, the damage, and the rounds
left when combat ends are rolled at once, two rounds being two rolls and two checks (R14).

The oracle is the log itself: every tick's recorded rolls are re-read here and the CON
damage they must have dealt is summed by hand, against the ruling's arithmetic (a check is
d20 + the CON modifier against the DC; a made check avoids that tick's damage)."""

from __future__ import annotations

import random

import pytest

from futurepath_desktop.core.abilities import ability_modifier
from futurepath_desktop.core.rounds import Phase
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.records import Options, Recurring
from futurepath_desktop.session.state import LogEntry, Session

POISON = Recurring("1d4", to="constitution", save="constitution", dc=14)
VITALITY = ("future-path", "health-fatigue")


def fight(vitality: str, seed: int) -> tuple[Session, History]:
    session = demo_session()
    session.seed, session.rng = seed, random.Random(seed)  # R1: each seed its own dice
    history = History(session)
    history.push(c.SetOptions(Options(vitality=vitality)))  # type: ignore[arg-type]
    history.push(c.StartCombat(unaware_ids=()))  # everyone aware: no surprise round
    return session, history


def to_turn(session: Session, history: History, team: str) -> None:
    for _ in range(20):
        if session.combat.acting_team == team:
            return
        history.push(c.NextTurn())
    raise AssertionError(f"{team} never got a turn")


def ticks(session: Session, start: int = 0) -> list[LogEntry]:
    return [e for e in session.log[start:] if e.kind == "damage" and "Poison" in e.text]


def con_damage_of(entries: list[LogEntry], con: int) -> int:
    """What the recorded rolls must have dealt: a tick with a check first (d20 + the CON
    modifier of what CON damage has left so far) deals nothing if the check reaches DC 14,
    else its 1d4."""
    total = 0
    for entry in entries:
        check, *damage = entry.rolls
        natural = check.faces[0]
        left = ability_modifier(con - total)
        assert check.total == natural + left, "a CON check is d20 + the CON left's modifier"
        if check.total >= POISON.dc:
            assert damage == [] and "no damage" in entry.text
            continue
        (roll,) = damage
        assert roll.expression == "1d4" and 1 <= roll.total <= 4
        total += roll.total
    return total


@pytest.mark.parametrize("vitality", VITALITY)
@pytest.mark.parametrize("seed", [1, 2, 3, 7, 11])
def test_the_chapters_poison_ticks_four_times_end_of_combat_included(
    vitality: str, seed: int
) -> None:
    session, history = fight(vitality, seed)
    bear = session.combatants["bear-2"]
    hp, health, fatigue = bear.hp, bear.health, bear.fatigue
    # The players act first (R6). Art poisons a bear in the players' turn of round 1.
    to_turn(session, history, "players")
    history.push(c.AddCondition(("bear-2",), "custom:Poison", 4, name="Poison", recurring=POISON))
    (held,) = [h for h in session.conditions_on("bear-2") if h.name == "Poison"]
    assert held.remaining == 4 and not held.armed and held.recurring == POISON
    # R13: the bear's turn starts after it was set, so the counter moves this round.
    to_turn(session, history, "bears")
    assert session.conditions[held.id].armed
    assert ticks(session) == [], "a tick is the Counters phase's, not the turn's"
    for round_number, left in ((1, 3), (2, 2)):
        while session.combat.phase != Phase.COUNTERS:
            history.push(c.NextTurn())
        assert session.combat.round == round_number
        assert session.conditions[held.id].remaining == left
        assert len(ticks(session)) == 4 - left, "one tick each time the counter moves"
        history.push(c.NextTurn())
    # R14: two rounds are left: two checks, two damage rolls (when the check fails).
    before = len(session.log)
    history.push(c.EndCombat(resolve=True))
    assert held.id not in session.conditions
    at_end = ticks(session, before)
    assert len(at_end) == 2 and all("R14" in e.text for e in at_end)
    all_ticks = ticks(session)
    assert len(all_ticks) == 4, "1d4 a turn for 4 turns: four ticks in all"
    bear = session.combatants["bear-2"]
    assert bear.con_damage == con_damage_of(all_ticks, bear.abilities.constitution)
    # CON damage is not HP damage, under either health model.
    assert (bear.hp, bear.health, bear.fatigue) == (hp, health, fatigue)
    # Undo puts the whole fight back, poison included.
    while history.undo() is not None:
        pass
    assert session.combatants["bear-2"].con_damage == 0


def test_r13_a_counter_set_in_its_bearers_own_turn_waits_a_round() -> None:
    """The chapter's case: the bearer had not gone yet since the poison was set (set here
    during its own turn), so the counter is set up but does not move this round."""
    session, history = fight("future-path", 5)
    to_turn(session, history, "bears")
    history.push(c.AddCondition(("bear-1",), "custom:Poison", 4, name="Poison", recurring=POISON))
    (held,) = [h for h in session.conditions_on("bear-1") if h.name == "Poison"]
    while session.combat.phase != Phase.COUNTERS:
        history.push(c.NextTurn())
    assert session.conditions[held.id].remaining == 4 and ticks(session) == []
    assert "wait for their bearer's turn" in session.log[-1].text or "waits" in session.log[-1].text
    # Round 2: the bear starts a turn under it, and the counter moves.
    while not (session.combat.phase == Phase.COUNTERS and session.combat.round == 2):
        history.push(c.NextTurn())
    assert session.conditions[held.id].remaining == 3 and len(ticks(session)) == 1


def test_r55_a_tick_without_a_save_always_deals_its_damage_to_hp() -> None:
    session, history = fight("future-path", 9)
    to_turn(session, history, "players")
    fire = Recurring("2d6")
    history.push(c.AddCondition(("bear-3",), "custom:Napalm", 1, name="Napalm", recurring=fire))
    before = session.combatants["bear-3"].hp
    while session.combat.phase != Phase.COUNTERS:
        history.push(c.NextTurn())
    (tick,) = [e for e in session.log if e.kind == "damage" and "Napalm" in e.text]
    (roll,) = tick.rolls
    assert roll.expression == "2d6"
    assert session.combatants["bear-3"].hp == before - roll.total
    assert not any(h.name == "Napalm" for h in session.conditions_on("bear-3")), "1 → 0: ends"


def test_r55_refuses_nonsense_dice_and_the_file_refuses_them_too() -> None:
    session, history = fight("future-path", 1)
    with pytest.raises(CommandError, match="not a dice expression"):
        history.push(
            c.AddCondition(("bear-1",), "custom:Poison", 4, recurring=Recurring("1d4 CON"))
        )
    assert not session.conditions_on("bear-1")


def test_r14_without_resolving_lists_what_the_counter_would_do() -> None:
    session, history = fight("health-fatigue", 4)
    history.push(c.AddCondition(("bear-2",), "custom:Poison", 4, name="Poison", recurring=POISON))
    history.push(c.EndCombat(resolve=False))
    line = [e.text for e in session.log if e.kind == "leftover"][-1]
    assert "Poison, 4 rounds left: 1d4 CON damage each round, CON check DC 14 avoids it" in line
    assert session.combatants["bear-2"].con_damage == 0

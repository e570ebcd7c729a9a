"""R24, the coup de grace as a command: refused on a target that is not helpless (R54
counts Unconscious at 5 fatigue too); an automatic critical hit, no accuracy roll; a
target that lives saves with CON against DC = the damage dealt, one advantage for each of
the attacker's Extra Attacks and Extra Damage, or dies under the session's health rules."""

from __future__ import annotations

import re

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import run
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Options, Session


def fight(vitality: str = "future-path") -> Session:
    session = demo_session()
    run(session, c.SetOptions(Options(vitality=vitality)))  # type: ignore[arg-type]
    run(session, c.StartCombat(()))
    while session.combat.acting_team != "players":
        run(session, c.NextTurn())
    return session


def test_a_target_that_is_not_helpless_is_refused_and_nothing_changes() -> None:
    session = fight()
    before = session.to_file()
    with pytest.raises(Exception, match="not helpless"):
        History(session).push(c.CoupDeGrace("brandon", "bear-1"))
    assert session.to_file() == before


@pytest.mark.parametrize("vitality", ["future-path", "health-fatigue"])
def test_the_save_decides_and_a_failed_one_kills(vitality: str) -> None:
    """Over many generator states both outcomes come up; each agrees with its numbers."""
    outcomes = set()
    for tries in range(60):
        session = fight(vitality)
        for _ in range(tries):  # a different generator state for each try
            run(session, c.RollDice("1d20"))
        run(session, c.AddCondition(("bear-1",), "paralyzed"))
        hp_before = session.combatants["bear-1"]
        run(session, c.CoupDeGrace("brandon", "bear-1"))
        strike = next(e for e in reversed(session.log) if "coup de grace" in e.text)
        dealt = int(re.search(r"critical hit for (\d+)", strike.text).group(1))  # type: ignore[union-attr]
        assert len(strike.rolls) == 1, "a damage roll only: no accuracy check"
        assert strike.rolls[0].total == dealt
        bear = session.combatants["bear-1"]
        dead = bear.vitality(vitality).dead
        if vitality == "future-path":
            assert hp_before.hp - bear.hp == dealt or dead
        save = [e for e in session.log if "CON save" in e.text]
        if not save:  # killed by the blow itself
            outcomes.add("killed outright")
            assert dead
            continue
        total, dc = map(int, re.search(r"\((-?\d+) against DC (\d+)\)", save[-1].text).groups())  # type: ignore[union-attr]
        assert dc == dealt
        assert dead == (total < dc), save[-1].text
        if dead:
            if vitality == "future-path":
                assert bear.con_damage == bear.abilities.constitution  # R26: CON gone
            else:
                assert (bear.health, bear.fatigue) == (0, 5)  # R27
        outcomes.add("dies" if dead else "lives")
        if {"dies", "lives"} <= outcomes:
            break
    assert {"dies", "lives"} <= outcomes, outcomes


def test_unconscious_at_five_fatigue_is_helpless_under_health_and_fatigue() -> None:
    session = fight("health-fatigue")
    run(session, c.EditCombatant("bear-1", {"fatigue": 5, "health": 3}))
    assert not session.combatants["bear-1"].vitality("health-fatigue").dead
    run(session, c.CoupDeGrace("brandon", "bear-1"))
    assert ("Coup de Grace", "bear-1") in session.combat.turns["brandon"]  # Full-Round


def test_the_dead_are_not_struck_again() -> None:
    session = fight()
    run(session, c.AddCondition(("bear-1",), "paralyzed"))
    bear = session.combatants["bear-1"]
    run(session, c.EditCombatant("bear-1", {"con_damage": bear.abilities.constitution}))
    with pytest.raises(CommandError, match="dead already"):
        History(session).push(c.CoupDeGrace("art", "bear-1"))


def test_a_coup_de_grace_needs_the_target_in_reach_or_range() -> None:
    """Claws reach 5 ft: a paralyzed James 45 ft off is out of a bear's reach."""
    session = fight()
    run(session, c.AddCondition(("james",), "paralyzed"))
    before = session.to_file()
    with pytest.raises(Exception, match="reach"):
        History(session).push(c.CoupDeGrace("bear-3", "james", 0, distance_ft=45))
    assert session.to_file() == before

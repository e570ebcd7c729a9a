"""R15: an attack declared ahead of its roll (Declare Action, then Attack) is one action.
The roll spends the declaration, not a second action; a second roll in the same turn is
refused as the action economy says; a roll at another target than the declared one is
an action of its own. The oracle is the chapter's table through ``validate_turn``."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.actions import validate_turn
from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.state import Session
from tests.session.test_techniques import players_turn


def declared(session: Session, ident: str) -> list[str]:
    return [name for name, _ in session.combat.turns.get(ident, ())]


def test_a_declared_technique_is_rolled_once_and_ends_the_turn() -> None:
    session, history = players_turn()
    history.push(c.DeclareAction("james", "Combat Technique", "bear-1"))
    assert session.combat.to_roll["james"] == (("Combat Technique", "bear-1"),)
    history.push(c.ResolveAttack("james", "bear-1", distance_ft=50))
    assert declared(session, "james") == ["Combat Technique"], "the roll is the declared action"
    assert "james" not in session.combat.to_roll
    assert validate_turn(session.combat.turns["james"]).ended  # R16: Full-Round
    with pytest.raises(FuturePathError, match="turn has ended"):
        history.push(c.ResolveAttack("james", "bear-1", distance_ft=50))
    history.undo()
    assert session.combat.to_roll["james"] == (("Combat Technique", "bear-1"),)
    assert declared(session, "james") == ["Combat Technique"]


def test_an_attack_declared_at_nobody_is_spent_by_its_roll_at_anyone() -> None:
    session, history = players_turn()
    history.push(c.DeclareAction("art", "Attack (Ranged)"))
    history.push(c.ResolveAttack("art", "bear-2", distance_ft=70))
    assert declared(session, "art") == ["Attack (Ranged)"]
    with pytest.raises(FuturePathError, match="Standard action of this turn is already used"):
        history.push(c.ResolveAttack("art", "bear-2", distance_ft=70))


def test_a_roll_at_another_target_is_another_action() -> None:
    session, history = players_turn()
    history.push(c.DeclareAction("art", "Attack (Ranged)", "bear-1"))
    with pytest.raises(FuturePathError, match="Standard action of this turn is already used"):
        history.push(c.ResolveAttack("art", "bear-2", distance_ft=70))
    assert session.combat.to_roll["art"] == (("Attack (Ranged)", "bear-1"),)


def test_a_declaration_left_unrolled_goes_with_the_turn() -> None:
    session, history = players_turn()
    history.push(c.DeclareAction("art", "Attack (Ranged)", "bear-1"))
    history.push(c.NextTurn())  # the players' turn ends
    assert session.combat.to_roll == {}
    assert not any(e for e in session.combat.turns.get("art", ()))

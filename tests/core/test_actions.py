"""The action economy of a turn (R15-R18)."""

from __future__ import annotations

import pytest

from futurepath_desktop.core.actions import (
    ACTIONS,
    ActionType,
    TurnEconomy,
    action,
    validate_turn,
)
from futurepath_desktop.core.errors import ActionNotAllowedError, BonusAttackNotAllowedError


def test_r15_standard_simple_and_free_fit_one_turn() -> None:
    turn = validate_turn(["Move", "Draw/Holster Weapon", "Speak"])
    assert turn.standard is ActionType.MOVE and turn.simple_used and turn.free_count == 1
    assert not turn.ended
    assert "Attack (Melee)" not in turn.available()


def test_r15_a_second_standard_is_refused() -> None:
    turn = validate_turn(["Attack (Ranged)"])
    with pytest.raises(ActionNotAllowedError, match="Standard action of this turn is already used"):
        turn.declare("Move")


def test_r15_free_actions_add_up() -> None:
    turn = validate_turn(["Speak", "Drop an Object"])
    assert turn.simple_used, "a second Free action uses up the Simple"
    with pytest.raises(ActionNotAllowedError, match="Simple action"):
        turn.declare("Draw/Holster Weapon")
    turn = turn.declare("Speak")
    assert turn.standard is ActionType.FREE, "a third Free action uses up the Standard"
    with pytest.raises(ActionNotAllowedError):
        turn.declare("Move")
    turn = turn.declare("Speak")
    assert turn.ended, "a fourth Free action takes the whole turn"
    with pytest.raises(ActionNotAllowedError, match="turn has ended"):
        turn.declare("Speak")


def test_r15_a_second_free_needs_the_simple() -> None:
    turn = validate_turn(["Draw/Holster Weapon", "Speak"])
    assert turn.why_not(action("Speak")) is not None
    assert "second Free action" in (turn.why_not(action("Speak")) or "")


def test_r15_full_round_takes_the_whole_turn_with_free_actions_during_it() -> None:
    turn = validate_turn(["Full Attack", "Speak", "Speak"])
    assert turn.ended and turn.free_count == 2
    with pytest.raises(ActionNotAllowedError, match="whole turn"):
        validate_turn(["Move", "Sprint"])
    with pytest.raises(ActionNotAllowedError, match="turn has ended"):
        validate_turn(["Combat Technique", "Move"])


def test_r16_a_5_foot_step_is_once_per_turn_and_ends_it() -> None:
    turn = validate_turn(["Attack (Melee)", "5-foot Step"])
    assert turn.ended and turn.five_foot_step
    with pytest.raises(ActionNotAllowedError, match="only once per turn"):
        turn.declare("5-foot Step")


def test_r16_no_5_foot_step_after_a_standard_move() -> None:
    with pytest.raises(ActionNotAllowedError, match="after a standard move"):
        validate_turn(["Move", "5-foot Step"])


def test_r16_sprint_ends_the_turn() -> None:
    turn = validate_turn(["Sprint"])
    assert turn.ended
    assert turn.available() == ("Drop Prone", "Drop an Object", "Speak")


def test_r16_bonus_attack_may_follow_a_full_attack_at_the_same_target_only() -> None:
    turn = validate_turn([("Full Attack", "bear-2")])
    assert turn.declare("Bonus Attack", "bear-2").bonus_attack
    with pytest.raises(BonusAttackNotAllowedError, match="same target"):
        turn.declare("Bonus Attack", "bear-3")
    with pytest.raises(BonusAttackNotAllowedError, match="blocks the Bonus Attack"):
        validate_turn(["Sprint", "Bonus Attack"])


def test_r17_bonus_attack_needs_an_attack_first() -> None:
    with pytest.raises(BonusAttackNotAllowedError, match="Standard action to have been an attack"):
        validate_turn(["Move", "Bonus Attack"])
    turn = validate_turn([("Attack (Melee)", "bear-1"), ("Bonus Attack", "bear-4")])
    assert turn.bonus_attack and turn.simple_used
    with pytest.raises(BonusAttackNotAllowedError, match="only one Bonus Attack"):
        turn.declare("Bonus Attack")


def test_r16_the_summary_names_a_full_round_action_without_repeating_that_it_ends_the_turn() -> (
    None
):
    """The initiative panel's turn column shows this in two lines: a full-round action
    ends the turn by its nature (R16); another way to end it is said in words."""
    full = validate_turn([("Combat Technique", "bear-1")])
    assert full.ended and full.summary() == "Combat Technique"
    stepped = validate_turn(["5-foot Step"])
    assert stepped.ended and stepped.summary().endswith("turn ended")


def test_r18_delay_sacrifices_the_whole_turn() -> None:
    turn = validate_turn(["Delay/Ready"])
    assert turn.delayed and turn.ended
    assert turn.summary() == "delaying"
    with pytest.raises(ActionNotAllowedError, match="must come first"):
        validate_turn(["Speak", "Delay/Ready"])
    with pytest.raises(ActionNotAllowedError):
        turn.declare("Speak")


def test_unknown_action_names_list_the_known_ones() -> None:
    with pytest.raises(ActionNotAllowedError, match="no such action") as caught:
        action("Backflip")
    assert "Sprint" in str(caught.value)


def test_every_action_of_the_table_can_open_a_turn() -> None:
    for name, spec in ACTIONS.items():
        if spec.type is ActionType.BONUS_ATTACK:
            continue
        assert TurnEconomy().why_not(spec) is None, name

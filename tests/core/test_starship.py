"""Space combat rules (R41-R47): phases and positions, the BD-DC, the pool with re-rolls
and the scan bonus, exact odds against brute force, capacity, the chart, swarms."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from futurepath_desktop.core.dice import Roller
from futurepath_desktop.core.errors import InvalidValueError
from futurepath_desktop.core.starship import (
    BATTLE_DAMAGE_CHART,
    CAPACITOR_CONSOLES,
    BdDc,
    Flying,
    Position,
    ShipState,
    SpacePhase,
    battle_damage_fraction,
    battle_damage_odds,
    bd_dc,
    capacity,
    flying_adjusted,
    may_act,
    roll_pool,
    specified_damage,
    state_after_damage,
    swarm_successes,
)
from tests.helpers import scripted


def brute_force(hard_points: int, count: int, threshold: int, rerolls: int, bonus: int) -> Fraction:
    """Every sequence of success/failure for the first dice and for each possible re-roll,
    weighted by its probability, played through R43's re-roll rule one die at a time."""
    p = Fraction(sum(1 for face in range(1, 11) if face + bonus >= threshold), 10)
    q = 1 - p
    total = Fraction(0)
    for outcomes in itertools.product((True, False), repeat=hard_points + rerolls):
        first, later = outcomes[:hard_points], outcomes[hard_points:]
        successes = waiting = sum(first)
        for success in later:
            if not waiting:
                break
            if success:
                successes += 1
            else:
                waiting -= 1
        weight = Fraction(1)
        for outcome in outcomes:
            weight *= p if outcome else q
        if successes >= count:
            total += weight
    return total


def test_r41_positions_act_in_their_phase_once_and_the_optional_officer_moves() -> None:
    assert may_act(Position.CAPTAIN, SpacePhase.SUPPORT, None)
    assert not may_act(Position.WEAPONS, SpacePhase.SUPPORT, None)
    assert may_act(Position.ENGINEER, SpacePhase.RESPONSE, None)
    # The Chief Engineer who acts in the Action phase forfeits the Response phase.
    assert may_act(Position.ENGINEER, SpacePhase.ACTION, Position.ENGINEER)
    assert not may_act(Position.ENGINEER, SpacePhase.RESPONSE, Position.ENGINEER)
    assert may_act(Position.SCIENCE, SpacePhase.ACTION, Position.SCIENCE)
    assert not may_act(Position.SCIENCE, SpacePhase.SUPPORT, Position.SCIENCE)
    # R47: only the Weapons Officer acts in the surprise shot.
    assert [p for p in Position if may_act(p, SpacePhase.SURPRISE, None)] == [Position.WEAPONS]


def test_r42_bd_dc_from_structure_and_shields_and_flying() -> None:
    assert bd_dc() == BdDc(4, 4)
    assert bd_dc(2, 3) == BdDc(6, 7)  # the text's example: Armor +2, Shields +3 → 6,7
    assert flying_adjusted(BdDc(4, 4), Flying.OFFENSIVE, Flying.NORMAL) == BdDc(3, 4)
    assert flying_adjusted(BdDc(4, 4), Flying.NORMAL, Flying.DEFENSIVE) == BdDc(5, 4)
    assert flying_adjusted(BdDc(1, 4), Flying.OFFENSIVE, Flying.NORMAL) == BdDc(1, 4)


def test_r43_r44_the_pool_keeps_every_die_and_re_rolls_only_successes() -> None:
    # 4 hard points vs 4+, Weapons Mod 3, no scan: 9 2 5 1 → 2 successes (9, 5).
    # Re-roll 1 (of the 9): 7 ✓ (+1, still waiting 2); re-roll 2: 3 ✗ (waiting 1);
    # re-roll 3: 8 ✓ (+1). 4 successes in all.
    volley = roll_pool(scripted(9, 2, 5, 1, 7, 3, 8), 4, 4, weapons_mod=3)
    assert volley.dice == (9, 2, 5, 1) and volley.rerolls == (7, 3, 8)
    assert volley.successes == 4
    assert volley.render() == ("4d10 (9✓, 2, 5✓, 1), re-rolls (7✓, 3, 8✓) vs 4+: 4 successes")
    # Re-rolls stop when no success is left to re-roll: 1 2 3 → none at all.
    assert roll_pool(scripted(1, 2, 3), 3, 4, weapons_mod=3).rerolls == ()
    # A failed re-roll of the only success ends the re-rolls.
    assert roll_pool(scripted(6, 1, 2, 3), 2, 4, weapons_mod=3).rerolls == (2,)
    # R44: the scan bonus is added to each die, re-rolls included.
    scanned = roll_pool(scripted(2, 3, 2), 2, 5, weapons_mod=1, scan_bonus=2)
    assert scanned.dice == (2, 3) and scanned.rerolls == (2,) and scanned.successes == 1


@pytest.mark.parametrize("hard_points", range(1, 9))
def test_r42_r44_exact_odds_match_brute_force_enumeration(hard_points: int) -> None:
    for threshold in range(2, 11):
        for rerolls in range(4):
            for count in range(1, 8):
                exact = brute_force(hard_points, count, threshold, rerolls, 0)
                assert battle_damage_fraction(hard_points, count, threshold, rerolls) == exact
                odds = battle_damage_odds(hard_points, count, threshold, rerolls)
                assert abs(odds - float(exact)) <= 1e-12


def test_r44_exact_odds_with_a_scan_bonus_match_brute_force() -> None:
    for hard_points, threshold, rerolls, bonus in itertools.product(
        (1, 3, 5), (4, 7, 10), (0, 2, 3), (1, 2)
    ):
        for count in (1, 3, 5):
            exact = brute_force(hard_points, count, threshold, rerolls, bonus)
            assert battle_damage_fraction(hard_points, count, threshold, rerolls, bonus) == exact


def test_the_pool_roller_agrees_with_the_exact_odds_over_many_seeded_trials() -> None:
    roller = Roller(random.Random(4242))
    cases = [(4, 4, 4, 0, 0), (6, 4, 5, 3, 0), (3, 2, 7, 2, 2), (8, 6, 4, 1, 0)]
    trials = 20_000
    for hard_points, count, threshold, rerolls, bonus in cases:
        p = battle_damage_odds(hard_points, count, threshold, rerolls, bonus)
        hits = sum(
            roll_pool(roller, hard_points, threshold, rerolls, bonus).successes >= count
            for _ in range(trials)
        )
        error = math.sqrt(p * (1 - p) / trials)
        assert abs(hits / trials - p) <= 4 * error, (hard_points, count, threshold, rerolls)


def test_r45_capacity_by_size_and_the_adrift_and_exploding_states() -> None:
    assert [capacity(s) for s in ("colossal", "huge", "medium", "small", "diminutive", "fine")] == [
        5,
        4,
        3,
        2,
        1,
        0,
    ]
    with pytest.raises(InvalidValueError):
        capacity("enormous")
    assert state_after_damage(ShipState.OPERATIONAL, 2, "medium") == (ShipState.OPERATIONAL, False)
    assert state_after_damage(ShipState.OPERATIONAL, 3, "medium") == (ShipState.OPERATIONAL, True)
    assert state_after_damage(ShipState.ADRIFT, 4, "medium") == (ShipState.EXPLODING, False)


def test_r46_the_chart_line_by_line() -> None:
    expected = {2: 27, 3: 22, 4: 18, 5: 14, 6: 11, 7: 7, 8: 10, 9: 13, 10: 17, 11: 21, 12: None}
    assert {e.roll: e.dc for e in BATTLE_DAMAGE_CHART} == expected
    assert CAPACITOR_CONSOLES[0] is Position.CAPTAIN and CAPACITOR_CONSOLES[5] is Position.ENGINEER
    assert CAPACITOR_CONSOLES[1:5] == (
        Position.SCIENCE,
        Position.HELM,
        Position.SENSORS,
        Position.WEAPONS,
    )


def test_swarms_pool_successes_with_a_penalty_per_size_step() -> None:
    volleys = [("small", 3), ("small", 2), ("large", 2)]
    # Against a large target: smalls are 2 steps smaller (−2 each, floored at 0).
    assert swarm_successes(volleys, "large") == 1 + 0 + 2
    assert swarm_successes(volleys, "large", penalty_per_step=0) == 7
    assert swarm_successes(volleys, "small") == 7


def test_specified_targeting_caps_system_damage_at_five_per_round() -> None:
    assert specified_damage(3, 0) == 3
    assert specified_damage(4, 3) == 2
    assert specified_damage(2, 5) == 0

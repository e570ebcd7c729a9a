"""R57: the rolls of a space phase are entered in any order and worked out together when
the phase ends. A Scan that succeeds adds its bonus to every volley of the phase (R44), a
flying mode chosen in the phase counts for its volleys (R42: Fly Offensively is the
attacker's helm, Fly Defensively the target's), and the minimum of 1 success applies after
every adjustment."""

from __future__ import annotations

import json
import random
from itertools import permutations
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from futurepath_desktop.core import starship as rules
from futurepath_desktop.core.starship import Flying, Position, SpacePhase
from futurepath_desktop.session import store
from futurepath_desktop.session.commands import (
    AddShip,
    AssignCrew,
    CrewAction,
    EditShip,
    EndSpaceCombat,
    Fire,
    NextSpacePhase,
    RemoveShip,
    Scan,
    StartSpaceCombat,
    Swarm,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError, SessionLoadError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import Session, Ship
from tests.helpers import ScriptedRandom


def action_phase(seed: int = 7) -> tuple[Session, History]:
    """The demo's two ships, a third on the players' side, in round 1's Action phase."""
    session = demo_session()
    session.rng = random.Random(seed)
    history = History(session)
    skiff = Ship(id="skiff", name="Skiff", side="allies", size="tiny", hard_points=2, weapons=1)
    history.push(AddShip(skiff))
    history.push(AssignCrew("skiff", Position.WEAPONS, None, "Gunner Pell"))
    history.push(AssignCrew("skiff", Position.SENSORS, None, "Ensign Ro"))
    history.push(StartSpaceCombat())
    history.push(NextSpacePhase())
    assert session.space.round.phase == SpacePhase.ACTION
    return session, history


ROLLS: dict[str, Any] = {
    "scan": Scan("wayfarer", "bear-hunter"),
    "skiff scan": Scan("skiff", "bear-hunter"),
    "volley": Fire("wayfarer", "bear-hunter", 4),
    "bears fire": Fire("bear-hunter", "wayfarer", 4),
    "bears dodge": CrewAction("bear-hunter", Position.HELM, "", flying=Flying.DEFENSIVE),
    "skiff aims": Fire("skiff", "bear-hunter", 2, system="engines"),
}


def outcome(session: Session) -> tuple[object, ...]:
    """What the phase's rolls did: the ships, the crews' conditions, the scans that
    succeeded and the words of every log line (not who acted in which order)."""
    fight = session.space.round
    ships = {
        ident: msgspec.structs.replace(
            ship,  # a Battle Damage or effect gets a fresh id whenever it lands
            damage=tuple(msgspec.structs.replace(d, id="") for d in ship.damage),
            effects=tuple(msgspec.structs.replace(e, id="") for e in ship.effects),
        )
        for ident, ship in session.ships.items()
    }
    return (
        ships,
        sorted((c.bearer_id, c.name, c.remaining) for c in session.conditions.values()),
        sorted(fight.scanned),
        sorted(fight.stations, key=lambda s: (s.ship_id, s.position)),
        fight.pending,
        fight.system_hits,
        [e.text for e in session.log if e.phase != SpacePhase.ACTION or "(R57)" not in e.text],
    )


def play(order: tuple[str, ...], seed: int) -> Session:
    session, history = action_phase(seed)
    for name in order:
        history.push(ROLLS[name])
    history.push(NextSpacePhase())
    return session


def test_r57_a_scan_and_a_volley_entered_in_either_order_give_the_same_result() -> None:
    # Over many seeds, so that scans succeed and fail and volleys land and miss.
    landed = scanned = 0
    for seed in range(40):
        first = play(("scan", "volley"), seed)
        second = play(("volley", "scan"), seed)
        assert outcome(first) == outcome(second), seed
        scanned += first.space.round.scanned == ("wayfarer",)
        landed += first.ship("bear-hunter").battle_damage
    assert 0 < scanned < 40 and 0 < landed < 40, "both outcomes of each roll were seen"


@settings(max_examples=60, deadline=None)
@given(order=st.permutations(list(ROLLS)), seed=st.integers(0, 2**32 - 1))
def test_r57_every_order_of_the_phases_rolls_gives_the_same_result(
    order: list[str], seed: int
) -> None:
    assert outcome(play(tuple(order), seed)) == outcome(play(tuple(ROLLS), seed))


def test_r57_the_scan_entered_after_the_volley_adds_its_bonus_to_it() -> None:
    session, history = action_phase()
    history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(Scan("wayfarer", "bear-hunter"))
    # Nothing is rolled yet: the console shows both as waiting.
    waiting = [s for s in session.space.round.stations if s.ship_id == "wayfarer"]
    assert [s.result for s in waiting] == ["rolled when the phase ends"] * 2
    assert session.space.round.scanned == ()
    # Scan 20: success (+2, the Wayfarer's Sensor Mod). Bear Hunter is 4,5: each 3 counts
    # only with the scan's +2. 3 3 3 3 → 4 successes; the re-roll 1 fails; chart 3+4.
    script = ScriptedRandom([20, 3, 3, 3, 3, 1, 3, 4])
    session.rng = script
    history.push(NextSpacePhase())
    assert not script.faces and script.asked[0] == (1, 20), "the scan is rolled first"
    volley = next(e.text for e in session.log if e.text.startswith("Wayfarer fires"))
    assert "+2 scan vs 5+: 4 successes" in volley and "Battle Damage!" in volley
    assert session.ship("bear-hunter").battle_damage == 1


def test_r57_the_targets_defensive_flying_entered_after_the_volley_counts() -> None:
    session, history = action_phase()
    history.push(Fire("bear-hunter", "wayfarer", 4))
    history.push(CrewAction("wayfarer", Position.HELM, "", flying=Flying.DEFENSIVE))
    # The Wayfarer is 4,4; flying defensively it needs 5: four 9s are not enough.
    session.rng = ScriptedRandom([9, 9, 9, 9])
    history.push(NextSpacePhase())
    volley = next(e for e in session.log if e.text.startswith("Bear Hunter fires"))
    assert "4 of 5 successes needed (BD-DC 5,4): no Battle Damage" in volley.text
    assert any("Wayfarer flies defensively" in line for line in volley.lines)
    assert session.ship("wayfarer").battle_damage == 0


@pytest.mark.parametrize(
    ("attacker", "target", "needed"),
    [
        (Flying.NORMAL, Flying.NORMAL, 4),
        (Flying.OFFENSIVE, Flying.NORMAL, 3),  # the attacker's helm
        (Flying.NORMAL, Flying.DEFENSIVE, 5),  # the target's helm
        (Flying.DEFENSIVE, Flying.NORMAL, 4),  # the attacker's defence is not its aim
        (Flying.NORMAL, Flying.OFFENSIVE, 4),  # nor the target's offence its shield
        (Flying.OFFENSIVE, Flying.DEFENSIVE, 4),
    ],
)
def test_r57_offensive_is_the_attackers_helm_and_defensive_the_targets(
    attacker: Flying, target: Flying, needed: int
) -> None:
    session, history = action_phase()
    history.push(Fire("bear-hunter", "wayfarer", 4))
    history.push(CrewAction("bear-hunter", Position.HELM, "", flying=attacker))
    history.push(CrewAction("wayfarer", Position.HELM, "", flying=target))
    # 3 successes, no re-roll (Weapons Mod 0); a chart roll of 7 when that is enough.
    session.rng = ScriptedRandom([9, 9, 9, 1] + ([3, 4] if needed <= 3 else []))
    history.push(NextSpacePhase())
    volley = next(e.text for e in session.log if e.text.startswith("Bear Hunter fires"))
    if needed <= 3:
        assert "Battle Damage!" in volley
    else:
        assert f"3 of {needed} successes needed" in volley


def test_r57_the_minimum_of_one_success_applies_after_every_adjustment() -> None:
    # Structure −3 makes the Wayfarer's BD-DC 1,4. Offensive, the Bear Hunter would need 0;
    # with the Wayfarer flying defensively too it needs 1, not 2 (R57).
    for target, needed in ((Flying.NORMAL, 1), (Flying.DEFENSIVE, 1)):
        assert rules.flying_adjusted(rules.bd_dc(-3, 0), Flying.OFFENSIVE, target).count == needed
    session, history = action_phase()
    history.push(EditShip("wayfarer", (("structure", -3),)))
    history.push(Fire("bear-hunter", "wayfarer", 1))
    history.push(CrewAction("bear-hunter", Position.HELM, "", flying=Flying.OFFENSIVE))
    history.push(CrewAction("wayfarer", Position.HELM, "", flying=Flying.DEFENSIVE))
    session.rng = ScriptedRandom([9, 3, 4])  # one success is enough; chart 7
    history.push(NextSpacePhase())
    assert session.ship("wayfarer").battle_damage == 1


def test_r57_the_surprise_shot_is_rolled_when_it_ends() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartSpaceCombat(("bear-hunter",)))
    history.push(Fire("bear-hunter", "wayfarer", 4))
    assert session.space.round.pending == ()
    session.rng = ScriptedRandom([9, 9, 9, 9, 3, 4])
    history.push(NextSpacePhase())
    assert session.ship("wayfarer").battle_damage == 1
    assert session.space.round.declared == ()


def test_r57_a_station_enters_its_roll_once_and_swarms_wait_too() -> None:
    session, history = action_phase()
    history.push(Swarm(("wayfarer", "skiff"), "bear-hunter", (4, 2)))
    with pytest.raises(CombatFlowError, match="has acted this round"):
        history.push(Fire("skiff", "bear-hunter", 2))
    assert [r.kind for r in session.space.round.declared] == ["swarm"]
    history.push(NextSpacePhase())
    assert any(e.text.startswith("Swarm on Bear Hunter (2 ships") for e in session.log)
    stations = [s for s in session.space.round.stations if s.position == "weapons"]
    assert all(s.result != "rolled when the phase ends" for s in stations)


def test_r57_undo_takes_the_rolls_back_to_waiting_and_redo_rolls_them_alike() -> None:
    session, history = action_phase()
    history.push(Scan("wayfarer", "bear-hunter"))
    history.push(Fire("wayfarer", "bear-hunter", 4))
    waiting = session.to_file()
    history.push(NextSpacePhase())
    rolled = session.to_file()
    history.undo()
    assert session.to_file() == waiting and len(session.space.round.declared) == 2
    history.redo()
    assert session.to_file() == rolled


def test_r57_removing_a_ship_takes_its_waiting_rolls_and_its_place_in_a_swarm() -> None:
    session, history = action_phase()
    history.push(Scan("wayfarer", "bear-hunter"))
    history.push(Swarm(("wayfarer", "skiff"), "bear-hunter", (4, 2)))
    history.push(Fire("bear-hunter", "skiff", 4))
    history.push(RemoveShip("skiff"))
    declared = session.space.round.declared
    assert [(r.kind, r.ship_ids, r.hard_points) for r in declared] == [
        ("scan", ("wayfarer",), ()),
        ("swarm", ("wayfarer",), (4,)),
    ]
    history.push(NextSpacePhase())  # what is left still rolls
    assert session.space.round.declared == ()
    history.undo()
    history.undo()
    assert len(session.space.round.declared) == 3


def test_r57_ending_the_fight_says_which_rolls_were_never_rolled() -> None:
    session, history = action_phase()
    history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(EndSpaceCombat())
    assert "1 roll(s) entered this phase are never rolled" in session.log[-2].text
    assert session.space.round.declared == ()


def test_r57_a_ship_that_loses_hard_points_before_the_phase_ends_does_not_fire() -> None:
    session, history = action_phase()
    history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(EditShip("wayfarer", (("hard_points", 2),)))
    history.push(NextSpacePhase())
    volley = next(e.text for e in session.log if e.text.startswith("Wayfarer fires"))
    assert "not fired: Wayfarer has 2 hard points now" in volley


def test_r57_waiting_rolls_survive_the_file_and_a_dangling_one_is_refused(tmp_path: Path) -> None:
    session, history = action_phase()
    history.push(Scan("wayfarer", "bear-hunter"))
    history.push(Fire("bear-hunter", "wayfarer", 4))
    path = tmp_path / "waiting.fpsession"
    store.save_session(session, path)
    assert store.load_session(path).space == session.space
    for field, where in (("target_id", "target_id"), ("ship_ids", "ship_ids[0]")):
        document = json.loads(path.read_bytes())
        roll = document["space"]["round"]["declared"][1]
        roll[field] = "ghost" if field == "target_id" else ["ghost"]
        bad = tmp_path / f"bad-{field}.fpsession"
        bad.write_bytes(msgspec.json.encode(document))
        with pytest.raises(SessionLoadError) as caught:
            store.load_session(bad)
        assert f"$.space.round.declared[1].{where}" in str(caught.value)


def test_r57_each_permutation_of_three_volleys_at_one_target_lands_one_battle_damage() -> None:
    # R45 with R57: which volley lands the round's one Battle Damage does not depend on
    # the order they were entered in.
    results = set()
    for order in permutations(("volley", "skiff aims", "bears fire")):
        results.add(repr(outcome(play(order, 3))))
    assert len(results) == 1

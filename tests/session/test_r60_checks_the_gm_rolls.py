"""R60: the checks the GM rolls in a space fight. The Scan check is d20 + the Sensor
Officer's INT modifier against the session's Scan DC (15 unless the GM sets another); a
repair is d20 + the Engineer's INT modifier against the chart line's DC, a failure may be
retried next round, and a meltdown (no DC) needs a natural 20; a plasma failure and a
blown capacitor deal 4 of the crew member's own Advantage Dice; the swarm penalty is the
GM's (1 success per size step unless set)."""

from __future__ import annotations

import msgspec
import pytest

from futurepath_desktop.core.starship import Position
from futurepath_desktop.session.commands import (
    AddShip,
    AssignCrew,
    EditCombatant,
    EditShip,
    Fire,
    NextSpacePhase,
    Repair,
    Scan,
    SetChart,
    SetSpaceRules,
    StartSpaceCombat,
    Swarm,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import BattleDamage, ChartRow, Session, Ship
from tests.helpers import ScriptedRandom


def action_phase(session: Session | None = None) -> tuple[Session, History]:
    session = session or demo_session()
    history = History(session)
    history.push(StartSpaceCombat())
    history.push(NextSpacePhase())
    return session, history


@pytest.mark.parametrize("scan_dc", [15, 8, 22])
def test_r60_the_scan_is_d20_plus_the_sensor_officers_int_against_the_scan_dc(
    scan_dc: int,
) -> None:
    """Every face of the d20, against the default DC and ones the GM set."""
    for face in range(1, 21):
        session = demo_session()
        history = History(session)
        if scan_dc != 15:
            history.push(SetSpaceRules(session.space.swarm_penalty, scan_dc))
        action_phase(session)
        mod = session.combatants["james"].abilities.mod("intelligence")
        history.push(Scan("wayfarer", "bear-hunter"))
        session.rng = ScriptedRandom([face])
        history.push(NextSpacePhase())
        line = next(
            e for e in session.log if "scans Bear Hunter:" in e.text and " vs DC " in e.text
        )
        assert f"{face + mod} vs DC {scan_dc}" in line.text
        assert (session.space.round.scanned == ("wayfarer",)) == (face + mod >= scan_dc), face


def test_r60_a_sensor_officer_with_no_sheet_rolls_a_bare_d20() -> None:
    session, history = action_phase()
    history.push(AssignCrew("wayfarer", Position.SENSORS, None, "Ensign Ro"))
    history.push(Scan("wayfarer", "bear-hunter"))
    session.rng = ScriptedRandom([15])
    history.push(NextSpacePhase())
    assert session.space.round.scanned == ("wayfarer",)


def damaged_wayfarer(dc: int | None, name: str = "Ruptured valve") -> tuple[Session, History]:
    """The Wayfarer carrying one Battle Damage, in round 1's Response phase."""
    session = demo_session()
    history = History(session)
    entry = BattleDamage("bd-1", 7 if dc is not None else 12, dc, name, "", "none", 1)
    history.push(EditShip("wayfarer", (("damage", (entry,)),)))
    history.push(StartSpaceCombat())
    history.push(NextSpacePhase())
    history.push(NextSpacePhase())
    return session, history


def test_r60_a_repair_is_d20_plus_the_engineers_int_against_the_lines_dc() -> None:
    for face in range(1, 21):
        session, history = damaged_wayfarer(14)
        mod = session.combatants["katie"].abilities.mod("intelligence")
        session.rng = ScriptedRandom([face])
        history.push(Repair("wayfarer", "bd-1"))
        repaired = session.ship("wayfarer").battle_damage == 0
        assert repaired == (face + mod >= 14), face
        assert f"{face + mod} vs DC 14" in session.log[-1].text


def test_r60_a_failed_repair_is_tried_again_next_round_not_this_one() -> None:
    session, history = damaged_wayfarer(27, "Plasma failure")
    session.rng = ScriptedRandom([2])
    history.push(Repair("wayfarer", "bd-1"))
    assert "attempt 1; try again next round" in session.log[-1].text
    with pytest.raises(CombatFlowError, match="has acted this round"):
        history.push(Repair("wayfarer", "bd-1"))
    for _ in range(3):  # round 2's Response
        history.push(NextSpacePhase())
    session.rng = ScriptedRandom([3])
    history.push(Repair("wayfarer", "bd-1"))
    assert "attempt 2" in session.log[-1].text
    assert session.ship("wayfarer").damage[0].attempts == 2


def test_r60_a_meltdown_needs_a_natural_20_whatever_the_engineer_adds() -> None:
    for face in range(1, 21):
        session, history = damaged_wayfarer(None, "Engine meltdown")
        # However clever the engineer, only the natural 20 fixes it.
        katie = session.combatants["katie"]
        smart = msgspec.structs.replace(katie.abilities, intelligence=30)
        history.push(EditCombatant("katie", {"abilities": smart}))
        session.rng = ScriptedRandom([face])
        history.push(Repair("wayfarer", "bd-1"))
        assert (session.ship("wayfarer").battle_damage == 0) == (face == 20), face
        assert "vs a critical" in session.log[-1].text


@pytest.mark.parametrize("key", ["plasma", "capacitor"])
def test_r60_plasma_and_a_blown_capacitor_deal_four_of_the_crew_members_own_die(
    key: str,
) -> None:
    session, history = action_phase()
    row = ChartRow(7, 20, "Plasma failure" if key == "plasma" else "Blown capacitor", "", key)
    history.push(SetChart(tuple(msgspec.structs.replace(row, roll=n) for n in range(2, 13))))
    history.push(Fire("bear-hunter", "wayfarer", 4))
    katie = session.combatants["katie"]  # the Wayfarer's Chief Engineer (console 6)
    count, sides = (int(n) for n in katie.advantage_die.split("d"))
    assert count == 1
    faces = [sides, 1, sides, 1]
    capacitor = [6] if key == "capacitor" else []  # the d6 picks the Engineer's console
    session.rng = ScriptedRandom([10, 10, 10, 10, 3, 4, *capacitor, *faces])
    before = katie.hp
    history.push(NextSpacePhase())  # the volley, then the Response: it lands
    assert before - session.combatants["katie"].hp == sum(faces)
    hit = next(e for e in session.log if " hits the Chief Engineer" in e.text)
    assert hit.rolls[0].faces == tuple(faces)
    assert any(katie.advantage_die in line for line in hit.lines)


@pytest.mark.parametrize("penalty", [0, 1, 2, 3])
def test_r60_the_swarm_penalty_is_the_gms(penalty: int) -> None:
    session = demo_session()
    history = History(session)
    tiny = Ship(id="skiff", name="Skiff", side="players", size="tiny", hard_points=2)
    history.push(AddShip(tiny))
    history.push(AssignCrew("skiff", Position.WEAPONS, None, "Gunner Pell"))
    if penalty != 1:
        history.push(SetSpaceRules(penalty, session.space.scan_dc))
    assert session.space.swarm_penalty == penalty
    action_phase(session)
    history.push(Swarm(("wayfarer", "skiff"), "bear-hunter", (4, 2)))
    # Bear Hunter 4,5. Wayfarer (small, no step): 9 9 2 2 → 2 ✓, its re-roll 1 ✗. Skiff
    # (tiny, one step smaller): 8 9 → 2 ✓, less the penalty.
    pooled = 2 + max(0, 2 - penalty)
    chart = [3, 4] if pooled >= 4 else []  # Battle Damage at 4 successes: the chart's 2d6
    session.rng = ScriptedRandom([9, 9, 2, 2, 1, 8, 9, *chart])
    history.push(NextSpacePhase())
    assert any(
        f"−{penalty} per size step smaller): {pooled} successes" in e.text for e in session.log
    )

"""Space combat in the session (R41-R47): stations once a round in their phase, scans and
volleys, Battle Damage taking effect in the Response phase, chart effects as counters,
repairs, adrift and exploding ships, swarms, specified targeting, surprise, the file."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from futurepath_desktop.core.starship import Flying, Position, SpacePhase
from futurepath_desktop.session import store
from futurepath_desktop.session.commands import (
    AddShip,
    AssignCrew,
    CrewAction,
    DeclareOptional,
    EditShip,
    Fire,
    MedicalCare,
    NextSpacePhase,
    Repair,
    Scan,
    SetChart,
    SetChartRow,
    SetSpaceRules,
    StartSpaceCombat,
    Swarm,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.errors import CombatFlowError, CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.library import AddFromLibrary, Library, ship_template
from futurepath_desktop.session.space_rules import default_chart
from futurepath_desktop.session.state import BattleDamage, ChartRow, Session, Ship, ShipEffect
from tests.helpers import ScriptedRandom


def fight() -> tuple[Session, History]:
    session = demo_session()
    history = History(session)
    history.push(StartSpaceCombat())
    return session, history


def dice(session: Session, *faces: int) -> ScriptedRandom:
    """The next rolls fall exactly so (and the script must be used up)."""
    script = ScriptedRandom(faces)
    session.rng = script
    return script


def ship(session: Session, ident: str) -> Ship:
    return session.ship(ident)


def without_rng(session: Session) -> object:
    """The session's file record, without the generator (the tests swap it for scripts)."""
    record = session.to_file()
    return msgspec.structs.replace(record, rng=msgspec.structs.replace(record.rng, internal=()))


def test_r41_each_station_acts_once_and_only_in_its_phase() -> None:
    session, history = fight()
    assert session.space.round.phase == SpacePhase.SUPPORT
    with pytest.raises(CombatFlowError, match=r"Weapons Officer acts in the Action phase.*R41"):
        history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(CrewAction("wayfarer", Position.CAPTAIN, "orders the helm: evasive"))
    with pytest.raises(CombatFlowError, match="has acted this round"):
        history.push(CrewAction("wayfarer", Position.CAPTAIN, "again"))
    history.push(NextSpacePhase())
    # R41: the Chief Engineer may act in the Action phase, declared before any roll,
    # and then forfeits the Response phase.
    history.push(DeclareOptional("wayfarer", Position.ENGINEER))
    history.push(CrewAction("wayfarer", Position.ENGINEER, "grapples the raider"))
    history.push(CrewAction("wayfarer", Position.HELM, "", flying=Flying.DEFENSIVE))
    assert ship(session, "wayfarer").flying == "defensively"
    with pytest.raises(CombatFlowError, match="declared before any roll"):
        history.push(DeclareOptional("wayfarer", Position.SCIENCE))
    history.push(NextSpacePhase())
    with pytest.raises(CombatFlowError, match="forfeits the Response phase this round"):
        history.push(Repair("wayfarer", "nothing"))
    history.push(NextSpacePhase())  # round 2: flying is back to normal, stations reset
    assert session.space.round.round == 2 and ship(session, "wayfarer").flying == "normal"
    assert session.space.round.stations == ()


def test_r41_r54_a_crew_member_who_cannot_act_works_no_station() -> None:
    """Dying (R26) or Paralyzed, the combatant at a station cannot work it: the station's
    command is refused, naming who and why, and the bridge's check says so before a click.
    A named NPC at a station, who has no health track here, still acts."""
    from futurepath_desktop.session.commands import AddCondition, Damage
    from futurepath_desktop.session.space_rules import station_refusal

    session, history = fight()
    history.push(Damage(("james",), session.combatants["james"].hp + 5, "a hull breach"))
    assert session.combatants["james"].hit_points().dying
    history.push(AddCondition(("art",), "paralyzed"))
    history.push(NextSpacePhase())  # the Action phase: sensors and weapons act now
    steps = len(history.undo_stack)
    with pytest.raises(CombatFlowError, match="James is Dying and cannot work Wayfarer's"):
        history.push(Scan("wayfarer", "bear-hunter"))
    with pytest.raises(CombatFlowError, match="Art is Paralyzed and cannot work Wayfarer's"):
        history.push(Fire("wayfarer", "bear-hunter", 4))
    assert len(history.undo_stack) == steps
    refusal = station_refusal(session, "wayfarer", Position.SENSORS)
    assert refusal is not None and "James is Dying" in refusal
    assert station_refusal(session, "wayfarer", Position.HELM) is None  # Mara Quill, an NPC
    history.push(CrewAction("wayfarer", Position.HELM, "", flying=Flying.DEFENSIVE))
    # Someone fit at the post, and the station works again.
    history.push(AssignCrew("wayfarer", Position.SENSORS, "brandon"))
    assert station_refusal(session, "wayfarer", Position.SENSORS) is None
    history.push(Scan("wayfarer", "bear-hunter"))


def test_r42_r44_a_scan_adds_the_sensor_mod_and_flying_changes_the_count() -> None:
    session, history = fight()
    history.push(NextSpacePhase())
    james_int = session.combatants["james"].abilities.mod("intelligence")
    history.push(Scan("wayfarer", "bear-hunter"))
    history.push(Fire("wayfarer", "bear-hunter", 4))
    assert not session.space.round.scanned  # R57: nothing is rolled before the phase ends
    # The scan at exactly the Scan DC, then the volley. Bear Hunter: Shields +1 → 4,5. With
    # the +2 scan, a 3 counts. Weapons Mod 1: one re-roll of a success. 3 3 3 2 → 3
    # successes; the re-roll 1 fails: 3 < 4, no damage.
    script = dice(session, 15 - james_int, 3, 3, 3, 2, 1)
    history.push(NextSpacePhase())
    assert not script.faces
    assert session.space.round.scanned == ("wayfarer",)
    assert any("+2 to each d10 this phase (R44, R57)" in e.text for e in session.log)
    entry = next(e for e in session.log if e.text.startswith("Wayfarer fires"))
    assert "4d10 (3✓, 3✓, 3✓, 2), re-rolls (1), +2 scan vs 5+: 3 successes" in entry.text
    assert "3 of 4 successes needed (BD-DC 4,5): no Battle Damage" in entry.text


def test_the_three_round_duel_from_scan_to_explosion_and_back_by_undo() -> None:
    session = demo_session()
    history = History(session)
    start = without_rng(session)
    history.push(StartSpaceCombat())
    # --- Round 1 -----------------------------------------------------------------------
    history.push(CrewAction("wayfarer", Position.CAPTAIN, "orders: all power to weapons"))
    history.push(NextSpacePhase())
    history.push(Fire("bear-hunter", "wayfarer", 4))  # R57: entered in any order
    history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(Scan("wayfarer", "bear-hunter"))
    assert session.space.round.pending == () and len(session.space.round.declared) == 3
    dice(
        session,
        17,  # the scan first: success, +2 on every d10 of the phase
        *(9, 8, 7, 6, 5, 3, 2),  # the Wayfarer: 4 ✓, re-roll 5 ✓; chart 3+2 = 5: shaken
        *(9, 9, 9, 9, 4, 5),  # the bears: 4 successes vs 4,4; chart 9: actuator
    )
    history.push(NextSpacePhase())  # Response: the phase's rolls, then the damage lands
    texts = [e.text for e in session.log]
    assert any("Battle Damage on Bear Hunter! Chart 2d6 = 5: Ship rocked" in t for t in texts)
    assert ship(session, "bear-hunter").battle_damage == 1
    assert ship(session, "wayfarer").battle_damage == 1
    shaken = [c for c in session.conditions.values() if c.key == "shaken"]
    assert sorted(c.bearer_id for c in shaken) == ["bear-1", "bear-2", "bear-3", "bear-4"]
    actuator = [c for c in session.conditions.values() if c.name == "Misaligned actuator"]
    assert actuator == []  # the Wayfarer's pilot is an NPC: no combatant to bear it
    history.push(NextSpacePhase())  # round 2: the bears are still shaken through it (R58)
    shaken = [c for c in session.conditions.values() if c.key == "shaken"]
    assert sorted(c.bearer_id for c in shaken) == ["bear-1", "bear-2", "bear-3", "bear-4"]
    assert {c.remaining for c in shaken} == {1}
    # --- Round 2 -----------------------------------------------------------------------
    history.push(NextSpacePhase())
    history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(Fire("bear-hunter", "wayfarer", 4))
    burn = dice(
        session,
        *(9, 9, 9, 9, 9, 1, 1),  # 4 ✓, re-roll ✓; chart 1+1 = 2: plasma failure
        *(8, 8, 8, 8, 3, 4),  # chart 7: ruptured valve, DC 7
        *(2, 1, 2, 2),  # the plasma failure burns the bears' mechanic, an NPC: 4 × 1d2
    )
    history.push(NextSpacePhase())
    assert not burn.faces
    told = next(e for e in session.log if e.text.startswith("Plasma failure hits"))
    assert "Grizzled mechanic takes 7 damage" in told.text
    assert told.rolls and told.rolls[0].faces == (2, 1, 2, 2) and told.rolls[0].text in told.text
    hunter, wayfarer = ship(session, "bear-hunter"), ship(session, "wayfarer")
    assert hunter.battle_damage == 2 and hunter.adrift_from_round == 3
    assert wayfarer.battle_damage == 2 and wayfarer.adrift_from_round == 3
    # Katie repairs the ruptured valve (DC 7) and saves the Wayfarer (R45).
    valve = next(d for d in wayfarer.damage if d.name == "Ruptured valve")
    katie_int = session.combatants["katie"].abilities.mod("intelligence")
    dice(session, 7 - katie_int)
    history.push(Repair("wayfarer", valve.id))
    assert "stays in the fight (R45)" in session.log[-1].text
    # The bears' mechanic fails against DC 27 (plasma failure).
    plasma = next(d for d in hunter.damage if d.name == "Plasma failure")
    dice(session, 5)
    history.push(Repair("bear-hunter", plasma.id))
    assert "not yet (attempt 1" in session.log[-1].text
    history.push(NextSpacePhase())  # round 3
    assert not [c for c in session.conditions.values() if c.key == "shaken"], "worn off (R58)"
    assert ship(session, "wayfarer").state == "operational"
    assert ship(session, "bear-hunter").state == "adrift"
    with pytest.raises(CombatFlowError, match="adrift: its crew cannot act"):
        history.push(CrewAction("bear-hunter", Position.CAPTAIN, "rallies"))
    # --- Round 3: damage on an adrift ship: it explodes within 1 round -------------------
    history.push(NextSpacePhase())
    history.push(Fire("wayfarer", "bear-hunter", 4))
    dice(session, 9, 9, 9, 9, 9, 6, 6)
    history.push(NextSpacePhase())
    assert ship(session, "bear-hunter").state == "exploding"
    history.push(NextSpacePhase())  # round 4 begins
    history.push(NextSpacePhase())
    history.push(NextSpacePhase())
    history.push(NextSpacePhase())  # round 5: the explosion is due
    assert ship(session, "bear-hunter").state == "destroyed"
    assert any("Bear Hunter explodes (R45)" in e.text for e in session.log)
    # --- Undo all of it ------------------------------------------------------------------
    while history.undo() is not None:
        pass
    assert without_rng(session) == start


def test_r45_at_most_one_battle_damage_per_ship_per_round() -> None:
    session, history = fight()
    history.push(
        AddShip(Ship(id="skiff", name="Skiff", side="players", size="tiny", hard_points=4))
    )
    history.push(AssignCrew("skiff", Position.WEAPONS, None, "Gunner Pell"))
    history.push(NextSpacePhase())
    with pytest.raises(CommandError, match="a volley uses 1 to 4"):
        history.push(Fire("skiff", "bear-hunter", 5))
    history.push(Fire("skiff", "bear-hunter", 4))
    history.push(Fire("wayfarer", "bear-hunter", 4))
    # The ships in the session's order: the Wayfarer's volley lands, the Skiff's may not.
    dice(session, 9, 9, 9, 9, 9, 3, 4, 9, 9, 9, 9)
    before = len(session.log)
    history.push(NextSpacePhase())
    told = [e.text for e in session.log[before:]]
    assert any(
        t.startswith("Skiff fires")
        and "already takes Battle Damage this round (at most 1, R45)" in t
        for t in told
    )
    assert ship(session, "bear-hunter").battle_damage == 1


def test_swarms_pool_successes_with_the_size_penalty() -> None:
    session, history = fight()
    history.push(
        AddShip(Ship(id="skiff", name="Skiff", side="players", size="tiny", hard_points=2))
    )
    history.push(AssignCrew("skiff", Position.WEAPONS, None, "Gunner Pell"))
    history.push(NextSpacePhase())
    # Wayfarer (small) and Skiff (tiny) against the Bear Hunter (small), 4,5:
    # Wayfarer 9 9 2 2 → 2 ✓ (+ re-roll 1 ✗); Skiff 8 9 → 2 ✓ − 1 (one size step) = 1.
    history.push(Swarm(("wayfarer", "skiff"), "bear-hunter", (4, 2)))
    dice(session, 9, 9, 2, 2, 1, 8, 9)
    history.push(NextSpacePhase())
    assert any(
        "Swarm on Bear Hunter (2 ships, −1 per size step smaller): 3 successes" in e.text
        for e in session.log
    )


def test_specified_targeting_damages_a_system_at_most_five_a_round() -> None:
    session, history = fight()
    history.push(NextSpacePhase())
    history.push(Fire("wayfarer", "bear-hunter", 4, system="engines"))
    dice(session, 9, 9, 9, 9, 9, 9)  # 4 ✓, re-roll ✓ (and that one ✓ too, but the mod is 1)
    history.push(NextSpacePhase())
    assert ship(session, "bear-hunter").systems == {"engines": 5}
    assert any("5 damage to Bear Hunter's engines (disabled)" in e.text for e in session.log)


def test_r47_unseen_ships_fire_once_before_round_one() -> None:
    session = demo_session()
    history = History(session)
    history.push(StartSpaceCombat(("bear-hunter",)))
    assert session.space.round.phase == SpacePhase.SURPRISE
    with pytest.raises(CombatFlowError, match="surprise"):
        history.push(Fire("wayfarer", "bear-hunter", 4))
    history.push(Fire("bear-hunter", "wayfarer", 4))
    dice(session, 2, 2, 2, 2)
    history.push(NextSpacePhase())
    assert (session.space.round.round, session.space.round.phase) == (1, SpacePhase.SUPPORT)


def test_the_medical_officer_treats_the_crew_and_the_chart_is_editable() -> None:
    session, history = fight()
    history.push(AssignCrew("wayfarer", Position.MEDICAL, "james"))
    history.push(NextSpacePhase())
    history.push(NextSpacePhase())
    before = session.combatants["art"].hp
    with pytest.raises(CommandError, match="choose healing"):
        history.push(MedicalCare("wayfarer", "art"))
    history.push(MedicalCare("wayfarer", "art", amount=3))
    assert session.combatants["art"].hp == min(before + 3, session.combatants["art"].max_hp)
    history.push(SetChartRow(ChartRow(7, 9, "Ruptured valve", "Steam in the corridors", "none")))
    row = next(r for r in session.space.chart if r.roll == 7)
    assert (row.dc, row.effect) == (9, "Steam in the corridors")


def test_ships_and_the_round_survive_the_file(tmp_path: Path) -> None:
    session, history = fight()
    history.push(NextSpacePhase())
    history.push(Scan("wayfarer", "bear-hunter"))
    history.push(Fire("wayfarer", "bear-hunter", 4))  # R57: waiting for the phase's end
    assert len(session.space.round.declared) == 2
    path = tmp_path / "space.fpsession"
    store.save_session(session, path)
    again = store.load_session(path)
    assert again.space == session.space


def test_the_whole_chart_and_the_house_rules_are_edited_in_one_step_each(tmp_path: Path) -> None:
    session, history = fight()
    rows = tuple(msgspec.structs.replace(r, dc=12) if r.roll == 7 else r for r in default_chart())
    history.push(SetChart(rows))
    assert next(r for r in session.space.chart if r.roll == 7).dc == 12
    with pytest.raises(CommandError, match="one line for each 2d6 total"):
        history.push(SetChart(rows[:-1]))
    history.push(SetSpaceRules(2, 18))
    assert (session.space.swarm_penalty, session.space.scan_dc) == (2, 18)
    history.undo()
    history.undo()
    assert session.space.chart == default_chart() and session.space.scan_dc == 15


def test_ship_templates_live_in_the_prep_library(tmp_path: Path) -> None:
    session, history = fight()
    library = Library(tmp_path / "library")
    library.save(ship_template(session.ship("bear-hunter")))
    (template,) = library.entries("ship")
    assert template.ship is not None and template.ship.damage == ()
    # Crew positions keep NPC names only: combatants belong to their session.
    assert all(slot.combatant_id is None for slot in template.ship.crew.values())
    history.push(AddFromLibrary(template))
    added = list(session.ships.values())[-1]
    # A second Bear Hunter in the session is numbered, as a second bear is.
    assert added.name == "Bear Hunter 2" and added.id != "bear-hunter"
    history.push(AddFromLibrary(template))
    assert list(session.ships.values())[-1].name == "Bear Hunter 3"


def test_two_ships_never_share_a_name() -> None:
    """The bridge's lists, the targets and the log tell ships apart by name: a new ship
    or a renamed one with a name in use (whatever its letters' case) is refused, and a
    numbered name is offered; a ship may change the case of its own."""
    session, history = fight()
    twin = Ship(id="twin", name="wayfarer", side="players", size="small", hard_points=4)
    before = session.to_file()
    with pytest.raises(CommandError, match="a ship is already called wayfarer: call this one"):
        history.push(AddShip(twin))
    assert session.to_file() == before
    with pytest.raises(CommandError, match="already called Wayfarer"):
        history.push(EditShip("bear-hunter", (("name", "Wayfarer"),)))
    assert session.ship("bear-hunter").name == "Bear Hunter"
    history.push(EditShip("wayfarer", (("name", "WAYFARER"),)))  # its own, louder
    assert session.ship("wayfarer").name == "WAYFARER"


def test_r41_space_entries_carry_the_space_round_and_phase_not_the_grounds() -> None:
    # A ground fight in round 1 and a space fight at once (as in the demo): every entry a
    # space command writes is stamped with the space round and phase and no acting team;
    # ground entries keep the ground's stamp.
    from futurepath_desktop.core.rounds import Phase
    from futurepath_desktop.session.commands import StartCombat
    from futurepath_desktop.session.commands.space_log import base_kind, is_space_entry

    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    ground = session.combat
    assert ground.active and ground.acting_team is not None
    history.push(StartSpaceCombat())
    history.push(CrewAction("wayfarer", Position.CAPTAIN, "orders: weapons free"))
    history.push(NextSpacePhase())
    seen = len(session.log)
    history.push(Scan("wayfarer", "bear-hunter"))
    history.push(Fire("wayfarer", "bear-hunter", 4))
    # The scan succeeds; every d10 and the re-roll hit; chart 2+3: rocked.
    dice(session, 20, 10, 10, 10, 10, 10, 2, 3)
    history.push(NextSpacePhase())  # the phase's rolls, all stamped as the Action phase's
    action = [e for e in session.log[seen:] if e.phase == SpacePhase.ACTION]
    assert action and all(
        (e.round, e.phase, e.team_id) == (1, SpacePhase.ACTION, None) for e in action
    )
    assert {base_kind(e.kind) for e in action} >= {"space", "attack", "damage"}
    response = [e for e in session.log[seen:] if e.phase != SpacePhase.ACTION]
    kinds = {base_kind(e.kind) for e in response}
    assert {"phase", "damage", "condition"} <= kinds, kinds
    assert all(is_space_entry(e.kind) and e.phase == SpacePhase.RESPONSE for e in response)
    # The ground fight is where it was, and its own entries keep its stamp.
    assert session.combat.phase == ground.phase
    from futurepath_desktop.session.commands import Damage

    history.push(Damage(("bear-4",), 3, "a falling crate"))
    assert session.log[-1].kind == "damage" and session.log[-1].phase == ground.phase
    assert Phase(ground.phase) is Phase.INITIATIVE or ground.phase > 0
    # Undo removes the stamped entries with everything else.
    while history.undo() is not None:
        pass
    assert session.log == []


def test_a_plasma_failure_says_how_much_the_engineer_takes_and_the_roll() -> None:
    session, history = fight()
    plasma = tuple(
        ChartRow(n, 27, "Plasma failure", "The Chief Engineer takes damage", "plasma")
        for n in range(2, 13)
    )
    history.push(SetChart(plasma))
    history.push(NextSpacePhase())  # 2 Action
    history.push(Fire("bear-hunter", "wayfarer", 4))
    katie = session.combatants["katie"]
    assert ship(session, "wayfarer").crew["engineer"].combatant_id == "katie"
    count, sides = (int(n) for n in katie.advantage_die.split("d"))
    assert count == 1  # one die a term: the faces below are the whole roll
    faces = [sides, 1, sides, 1]
    # 4 successes: Battle Damage on the Wayfarer, then the plasma burns its engineer.
    dice(session, 10, 10, 10, 10, 3, 4, *faces)
    before = katie.hp
    history.push(NextSpacePhase())  # 3 Response: it lands and burns her
    lost = before - session.combatants["katie"].hp
    assert lost == sum(faces) > 0
    entry = next(e for e in session.log if e.text.startswith("Plasma failure hits"))
    # The amount and the roll, in the text and the breakdown.
    assert f"Katie takes {lost} damage" in entry.text
    assert "Chief Engineer" in entry.text and entry.rolls[0].text in entry.text
    assert entry.rolls[0].faces == tuple(faces) and entry.rolls[0].total == lost
    assert any(katie.advantage_die in line for line in entry.lines)


@pytest.mark.parametrize("unseen", [("bear-hunter",), ("bear-hunter", "wayfarer")])
def test_the_surprise_line_agrees_with_how_many_ships_fire_first(unseen: tuple[str, ...]) -> None:
    session = demo_session()
    History(session).push(StartSpaceCombat(unseen))
    line = next(e.text for e in session.log if "first, unseen" in e.text)
    names = [session.ship(i).name for i in unseen]
    # One ship fires; two or more fire.
    verb = "fires" if len(names) == 1 else "fire"
    assert f"{', '.join(names)} {verb} first" in line
    assert f"{names[-1]} {'fire' if verb == 'fires' else 'fires'} first" not in line


def test_r58_a_chart_effect_lasts_to_the_end_of_the_next_rounds_response() -> None:
    """Battle Damage that lands in round 1's Response phase: its effect on the ship holds
    through round 2's Support, Action and Response phases and is gone when round 3 begins."""
    session, history = fight()
    history.push(NextSpacePhase())  # 2 Action
    history.push(Fire("wayfarer", "bear-hunter", 4))
    dice(session, 9, 9, 9, 9, 9, 4, 6)  # 4 ✓, re-roll ✓; chart 4+6 = 10: engines disabled
    history.push(NextSpacePhase())  # 3 Response: it lands

    def effects() -> list[str]:
        return [e.name for e in ship(session, "bear-hunter").effects]

    assert effects() == ["Engines disabled"]
    for phase in ("Support", "Action", "Response"):  # round 2
        history.push(NextSpacePhase())
        assert session.space.round.round == 2
        assert effects() == ["Engines disabled"], phase
    history.push(NextSpacePhase())  # round 3
    assert effects() == []
    assert any("Engines disabled wears off" in e.text for e in session.log)


def test_r58_a_rocked_crew_stays_shaken_by_the_space_rounds_whatever_the_ground_does() -> None:
    """The bears' Shaken from their rocked ship runs on the space rounds: a ground fight's
    Counters phase does not move it and ending that fight leaves it (R14 resolves only the
    ground's counters); it lasts through space round 2 and is gone at round 3 (R58)."""
    from futurepath_desktop.session.commands import EndCombat, NextTurn, StartCombat

    session, history = fight()
    history.push(NextSpacePhase())  # 2 Action
    history.push(Fire("wayfarer", "bear-hunter", 4))
    dice(session, 9, 9, 9, 9, 9, 2, 3)  # 4 ✓, re-roll ✓; chart 2+3 = 5: ship rocked
    history.push(NextSpacePhase())  # 3 Response: it lands

    def shaken() -> dict[str, int | None]:
        return {c.bearer_id: c.remaining for c in session.conditions.values() if c.key == "shaken"}

    rocked = {f"bear-{n}": 2 for n in range(1, 5)}
    assert shaken() == rocked
    history.push(StartCombat(unaware_ids=()))  # the ground fight, in the same session
    while session.combat.round < 2:  # through round 1's Counters phase
        history.push(NextTurn())
    assert shaken() == rocked, "the ground's Counters phase leaves the bridge's counters"
    history.push(EndCombat(resolve=True))
    assert shaken() == rocked, "ending the ground fight leaves them too"
    assert not any("Shaken" in e.text for e in session.log if e.kind == "leftover")
    history.push(NextSpacePhase())  # space round 2: Support
    assert shaken() == {bear: 1 for bear in rocked}
    for _ in range(3):  # Action, Response, then round 3
        history.push(NextSpacePhase())
    assert shaken() == {}


def test_r58_the_surprise_shot_lands_before_round_1_and_leaves_round_1_its_own() -> None:
    """The unseen ship's shot resolves as its own Response before round 1: its Battle
    Damage is on the ship when round 1 begins, and a volley of round 1 may still deal the
    round's one Battle Damage to the same ship (R45, R47, R58)."""
    session = demo_session()
    history = History(session)
    history.push(StartSpaceCombat(("bear-hunter",)))
    history.push(Fire("bear-hunter", "wayfarer", 4))
    dice(session, 9, 9, 9, 9, 4, 6)  # 4 ✓; chart 4+6 = 10: engines disabled
    history.push(NextSpacePhase())  # the shot is rolled and lands; round 1 begins
    assert any("Battle Damage on Wayfarer" in e.text for e in session.log)
    assert (session.space.round.round, session.space.round.phase) == (1, SpacePhase.SUPPORT)
    assert ship(session, "wayfarer").battle_damage == 1, "landed before round 1"
    assert session.space.round.pending == ()
    history.push(NextSpacePhase())  # 2 Action
    history.push(Fire("bear-hunter", "wayfarer", 4))
    dice(session, 9, 9, 9, 9, 3, 4)  # 4 ✓; chart 3+4 = 7: ruptured valve
    history.push(NextSpacePhase())  # 3 Response
    assert not any("already takes Battle Damage" in e.text for e in session.log)
    assert ship(session, "wayfarer").battle_damage == 2
    # The surprise shot's effect holds through round 1 and is gone when round 2 begins.
    assert [e.name for e in ship(session, "wayfarer").effects] == ["Engines disabled"]
    history.push(NextSpacePhase())
    assert [e.name for e in ship(session, "wayfarer").effects] == []


def test_r45_more_damage_on_an_exploding_ship_does_not_put_its_explosion_off() -> None:
    session = demo_session()
    history = History(session)
    hunter = session.ship("bear-hunter")
    row = default_chart()[5]  # 7: ruptured valve, no effect
    full = tuple(
        BattleDamage(f"bd-{i}", row.roll, row.dc, row.name, row.effect, row.key, 0)
        for i in range(3)
    )
    history.push(EditShip(hunter.id, (("damage", full), ("state", "adrift"))))
    history.push(StartSpaceCombat())
    for round_number in (1, 2):
        history.push(NextSpacePhase())  # 2 Action
        history.push(Fire("wayfarer", "bear-hunter", 4))
        dice(session, 9, 9, 9, 9, 9, 3, 4)
        history.push(NextSpacePhase())  # 3 Response: it lands
        assert ship(session, "bear-hunter").state == "exploding"
        assert ship(session, "bear-hunter").explodes_round == 2, round_number
        history.push(NextSpacePhase())
    assert session.space.round.round == 3
    assert ship(session, "bear-hunter").state == "destroyed"
    assert any("already breaking apart" in e.text for e in session.log)


def test_r46_disabled_engines_keep_the_helm_from_flying_offensively_or_defensively() -> None:
    _, history = fight()
    row = next(r for r in default_chart() if r.key == "engines")
    hit = BattleDamage("bd-e", row.roll, row.dc, row.name, row.effect, row.key, 1)
    effect = ShipEffect("eff-e", row.name, row.effect, 2)
    history.push(EditShip("wayfarer", (("damage", (hit,)), ("effects", (effect,)))))
    history.push(NextSpacePhase())  # 2 Action
    for manner in (Flying.OFFENSIVE, Flying.DEFENSIVE):
        with pytest.raises(CombatFlowError, match="engines are disabled"):
            history.push(CrewAction("wayfarer", Position.HELM, "", flying=manner))
    history.push(CrewAction("wayfarer", Position.HELM, "", flying=Flying.NORMAL))

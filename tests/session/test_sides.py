"""R56: every team and ship has a side; a fight is won when every enemy-side combatant is
down (or every enemy-side ship at capacity), with allies fighting beside the players and
neutrals not counted, and the log says so once. R59: a ship of capacity 0 is not adrift
before its first Battle Damage, which makes it explode within 1 round."""

from __future__ import annotations

import msgspec

from futurepath_desktop.core import starship as rules
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.records.space import BattleDamage
from futurepath_desktop.session.space_round import at_capacity
from futurepath_desktop.session.state import Session, Ship, Team

WON = "the fight is won"


def won_lines(session: Session) -> list[str]:
    return [e.text for e in session.log if WON in e.text]


def test_r56_the_ground_fight_is_won_when_the_last_enemy_goes_down_and_said_once() -> None:
    session = demo_session()
    history = History(session)
    history.push(c.AddTeam(Team("crowd", "Onlookers", side="neutral")))
    history.push(c.StartCombat(unaware_ids=()))
    bears = [i for i, b in session.combatants.items() if b.team_id == "bears"]
    assert bears
    for bear in bears[:-1]:
        history.push(c.Damage((bear,), session.combatants[bear].hp))
        assert won_lines(session) == [], "enemies are still standing"
    last = bears[-1]
    history.push(c.Damage((last,), session.combatants[last].hp))
    assert len(won_lines(session)) == 1
    (line,) = won_lines(session)
    assert "!." not in line and line.rstrip().endswith("the fight is won (R56)"), line
    history.push(c.Damage((last,), 1))  # more on the downed: no second win
    assert len(won_lines(session)) == 1
    history.undo()
    history.undo()
    assert won_lines(session) == []


def full_of_damage(ship: Ship, count: int) -> tuple[BattleDamage, ...]:
    row = rules.BATTLE_DAMAGE_CHART[0]
    return tuple(
        BattleDamage(f"bd-{i}", row.roll, row.dc, row.name, row.effect, row.key, 0)
        for i in range(count)
    )


def test_r56_allied_ships_fight_beside_the_players_and_the_win_is_logged() -> None:
    session = demo_session()
    history = History(session)
    ally = Ship("escort", "Escort", side="allies", size="small")
    history.push(c.AddShip(ally))
    hunter = session.ship("bear-hunter")
    full = full_of_damage(hunter, rules.capacity(hunter.size))
    history.push(c.EditShip("bear-hunter", (("damage", full),)))
    assert at_capacity(session.ship("bear-hunter"))
    history.push(c.StartSpaceCombat())
    while session.space.round.round < 4:
        history.push(c.NextSpacePhase())
    assert len(won_lines(session)) == 1, "the allied escort is no enemy; said once"
    # A second enemy still flying: no win.
    session2 = demo_session()
    history2 = History(session2)
    history2.push(c.AddShip(msgspec.structs.replace(ally, id="raider", side="enemies")))
    history2.push(c.EditShip("bear-hunter", (("damage", full),)))
    history2.push(c.StartSpaceCombat())
    while session2.space.round.round < 2:
        history2.push(c.NextSpacePhase())
    assert won_lines(session2) == []


def test_r59_capacity_0_is_not_adrift_before_damage_and_explodes_after_its_first() -> None:
    fine = Ship("dart", "Dart", side="enemies", size="fine")
    assert rules.capacity("fine") == 0
    assert not at_capacity(fine), "no Battle Damage yet: not at capacity, not adrift"
    state, adrift_next = rules.state_after_damage(rules.ShipState.OPERATIONAL, 1, "fine")
    assert state is rules.ShipState.EXPLODING and not adrift_next
    # Every other size: the first Battle Damage below capacity leaves it operational.
    for size in rules.SIZES:
        if rules.capacity(size) > 1:
            state, _ = rules.state_after_damage(rules.ShipState.OPERATIONAL, 1, size)
            assert state is rules.ShipState.OPERATIONAL

"""The "Fight so far" charts count every source of damage: attacks, grenades, burning,
bleeding, falls, a coup de grace, temporary HP, a plasma failure on the bridge and the
counters left at the end of combat. Each is played with the session's own commands, and
the chart's totals are checked against HP lost, summed independently from the combatants
before and after every step. Battle Damage is charted by space round, on whole numbers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.state import ChartRow
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import ScriptedRandom

SIMILAR = ("Bear", "Space Bear", "Space Bear 1", "Space Bear 12")
SOURCES = ("", "Space Bear 1", "Bear's claws", "a fall; Space Bear 12", "Brandon")


class Ledger:
    """HP lost per team, read from the combatants around each command (the oracle)."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.lost: dict[str, int] = {}
        self.steps: dict[str, int] = {}

    def push(self, what: str, command: Command) -> int:
        session = self.window.controller.session
        before = {i: m.hp for i, m in session.combatants.items()}
        assert self.window.controller.push(command), what
        lost = 0
        for ident, hp in before.items():
            member = session.combatants[ident]
            if member.hp < hp:
                team = session.teams[member.team_id].name
                self.lost[team] = self.lost.get(team, 0) + hp - member.hp
                lost += hp - member.hp
        self.steps[what] = self.steps.get(what, 0) + lost
        return lost


def drawn_taken(window: MainWindow) -> dict[str, float]:
    """The damage chart's "taken" bars, summed per team, as drawn."""
    window.show_chart(2)
    window.odds.refresh()
    found: dict[str, float] = {}
    for name, _xs, ys in window.odds.damage.series:
        if name.endswith(" taken"):
            found[name.removesuffix(" taken")] = sum(ys)
    return found


def test_every_source_of_damage_is_in_the_fight_so_far(qtbot: QtBot, window: MainWindow) -> None:
    session = window.controller.session
    ledger = Ledger(window)
    push = ledger.push
    assert window.controller.push(c.StartCombat())
    session.rng = random.Random(7)
    # Grenade: Brandon throws at James's square (his own side: taken, never dealt).
    push("grenade throw", c.ThrowGrenade("brandon", 4, 6, damage="3d6", radius_ft=10))
    grid = session.map
    assert grid is not None and list(session.grenades.values())
    assert push("grenade", c.Detonate(next(iter(session.grenades.values())).id)) > 0
    assert push("attack", c.Damage(("bear-1",), 6, "Brandon")) == 6
    # Burning and bleeding tick at their bearers' turns (R29).
    push("burning", c.AddCondition(("bear-2",), "burning", 3))
    push("bleeding", c.AddCondition(("art",), "bleeding", 3))
    for _ in range(6):
        push("turns", c.NextTurn())
    assert ledger.steps["turns"] > 0
    assert push("fall", c.Damage(("art",), 4, "a 20 ft fall")) == 4
    assert push("coup de grace", c.Damage(("bear-3",), 14, "Brandon's coup de grace")) == 14
    push("temporary HP", c.GrantTempHP(("katie",), 5))
    assert push("rocks", c.Damage(("katie",), 8, "falling rocks")) == 3  # 5 absorbed
    push("heal", c.Heal(("art",), 2))
    # The bridge: every chart line a plasma failure, which burns the Chief Engineer.
    plasma = tuple(
        ChartRow(n, 27, "Plasma failure", "damages the Engineer", "plasma") for n in range(2, 13)
    )
    push("chart", c.SetChart(plasma))
    push("space", c.StartSpaceCombat())
    push("space", c.NextSpacePhase())
    session.rng = ScriptedRandom([10, 10, 10, 10, 3, 4])  # 4 successes; chart 7
    push("volley", c.Fire("bear-hunter", "wayfarer", 4))
    session.rng = random.Random(11)
    assert push("plasma failure", c.NextSpacePhase()) > 0
    # The end of combat rolls what the counters have left (R14).
    push("leftovers", c.EndCombat(resolve=True))
    # Each source really took HP in this fight (else the test would prove nothing).
    told = " ".join(e.text for e in session.log)
    assert "damage from Burning" in told and "damage from Bleeding" in told
    assert ledger.steps["leftovers"] > 0 and ledger.steps["turns"] > 0
    drawn = drawn_taken(window)
    assert ledger.lost and drawn == {team: float(n) for team, n in ledger.lost.items()}
    # Each line of health ends where the combatant's HP is.
    lines = {name: ys for name, _x, ys in window.odds.health.series}
    for member in session.combatants.values():
        if member.hp != member.max_hp:
            assert lines[member.name][-1] == member.hp, member.name


def test_battle_damage_is_charted_by_space_round_on_whole_numbers(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    push = window.controller.push
    # A ground fight three rounds on, and the space fight in its first round: the Battle
    # Damage belongs to space round 1.
    assert push(c.StartCombat())
    while session.combat.round < 3:
        assert push(c.NextTurn())
    assert push(c.StartSpaceCombat()) and push(c.NextSpacePhase())
    assert push(c.Fire("wayfarer", "bear-hunter", 4))
    session.rng = ScriptedRandom([10, 10, 10, 10, 10, 3, 4])  # Battle Damage; chart 7
    assert push(c.NextSpacePhase())  # R57: rolled as the Action phase ends
    session.rng = random.Random(3)
    assert session.ship("bear-hunter").battle_damage == 1
    for _ in range(3):  # on to space round 2's Response
        assert push(c.NextSpacePhase())
    window.show_chart(2)
    window.odds.refresh()
    ships = window.odds.ships
    xs, ys = next((x, y) for name, x, y in ships.series if name == "Bear Hunter")
    assert (xs, ys) == ([0, 1, 2], [0, 1, 1])  # taken in round 1, still 1 in round 2
    assert session.space.round.round == 2 and session.combat.round == 3
    axis = ships.plot.getAxis("bottom")
    assert "space round" in axis.labelText.lower()
    labels = [text for level in axis._tickLevels or [] for _pos, text in level]
    assert labels and all(text.isdigit() for text in labels)
    positions = [pos for level in axis._tickLevels or [] for pos, _text in level]
    assert positions == [int(p) for p in positions] and max(positions) >= 2
    # The bears' mechanic repairs it in round 2's Response: the line comes back down.
    damage = session.ship("bear-hunter").damage[0]
    session.rng = ScriptedRandom([20])
    assert push(c.Repair("bear-hunter", damage.id))
    assert session.ship("bear-hunter").battle_damage == 0
    window.odds.refresh()
    xs, ys = next((x, y) for name, x, y in window.odds.ships.series if name == "Bear Hunter")
    assert (xs[-1], ys[-1]) == (2, 0)


@settings(max_examples=40, deadline=None)
@given(
    blows=st.lists(
        st.tuples(st.sampled_from(SIMILAR), st.integers(0, 12), st.sampled_from(SOURCES)),
        min_size=1,
        max_size=25,
    )
)
def test_names_that_contain_each_other_are_told_apart(
    blows: list[tuple[str, int, str]],
) -> None:
    # "Bear", "Space Bear", "Space Bear 1" and "Space Bear 12" all end or begin alike; the
    # damage each took is counted for it alone, whatever the source names.
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.session.history import History
    from futurepath_desktop.ui.plots.data import fight_history

    session = demo_session()
    history = History(session)
    for ident, name in zip(("bear-1", "bear-2", "bear-3", "bear-4"), SIMILAR, strict=True):
        history.push(c.EditCombatant(ident, {"name": name, "hp": 1000, "max_hp": 1000}))
    ids = {session.combatants[i].name: i for i in ("bear-1", "bear-2", "bear-3", "bear-4")}
    lost: dict[str, int] = {}
    for name, amount, source in blows:
        before = session.combatants[ids[name]].hp
        history.push(c.Damage((ids[name],), amount, source))
        lost[name] = lost.get(name, 0) + before - session.combatants[ids[name]].hp
    read = fight_history(session)
    for name in SIMILAR:
        points = read.health[name]
        assert points[-1][1] == session.combatants[ids[name]].hp, name
        assert sum(1 for _ in points[1:]) == sum(1 for b in blows if b[0] == name), name
    assert read.total_taken() == sum(lost.values())


def test_damage_by_a_power_is_dealt_by_its_users_team(qtbot: QtBot, window: MainWindow) -> None:
    """A bear's Roar that hurts the players shows as damage the Space Bears dealt, as much
    as the players took from it (the log names whose power it was)."""
    session = window.controller.session
    ledger = Ledger(window)
    assert window.controller.push(c.StartCombat(unaware_ids=()))
    session.rng = random.Random(3)
    lost = ledger.push(
        "roar", c.UsePower("bear-1", "Roar", range_ft=60, target_id="brandon", damage="2d6")
    )
    assert lost > 0
    assert any("from Space Bear 1's Roar" in line for e in session.log for line in e.lines)
    window.show_chart(2)
    window.odds.refresh()
    dealt = {
        name.removesuffix(" dealt"): sum(ys)
        for name, _xs, ys in window.odds.damage.series
        if name.endswith(" dealt")
    }
    assert dealt.get("Space Bears") == float(lost) == ledger.lost["Players"]

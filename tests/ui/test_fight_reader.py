"""The fight's charts follow the change report: the log is read as it grows, read anew
only when a change rewrites what it was read against, and a tab is redrawn only for a
change that concerns it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.history import History
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.plots.data import fight_history
from futurepath_desktop.ui.plots.fight_reader import FightReader
from futurepath_desktop.ui.plots.odds_dock import concerns, rereads_fight

WHO = ("brandon", "james", "art", "bear-1", "bear-2", "bear-3", "bear-4")
STEPS = st.one_of(
    st.tuples(st.just("damage"), st.sampled_from(WHO), st.integers(0, 9)),
    st.tuples(st.just("heal"), st.sampled_from(WHO), st.integers(0, 9)),
    st.tuples(st.just("undo"), st.just(""), st.just(0)),
    st.tuples(st.just("rename"), st.sampled_from(WHO), st.integers(0, 3)),
    st.tuples(st.just("turn"), st.just(""), st.just(0)),
)


@settings(max_examples=40, deadline=None)
@given(steps=st.lists(STEPS, min_size=1, max_size=30))
def test_reading_as_the_log_grows_equals_reading_it_whole(
    steps: list[tuple[str, str, int]],
) -> None:
    """A second reading of the whole log, from scratch, after every step is the oracle."""
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat())
    reader = FightReader()
    for kind, who, n in steps:
        if kind == "undo":
            applied = history.undo() if len(history.undo_stack) > 1 else None  # keep the fight
        else:
            command: Command
            if kind == "damage":
                command = c.Damage((who,), n, "a blow")
            elif kind == "heal":
                command = c.Heal((who,), n)
            elif kind == "rename":
                command = c.EditCombatant(who, {"name": f"Renamed {n}"})
            else:
                command = c.NextTurn()
            try:
                applied = history.push(command)
            except FuturePathError:
                applied = None  # refused: nothing changed
        if applied is not None and rereads_fight(applied.change):
            reader.reset()
        assert reader.history(session) == fight_history(session)


def test_a_ground_command_does_not_redraw_the_volley_and_a_ship_change_does() -> None:
    session = demo_session()
    history = History(session)
    damage = history.push(c.Damage(("bear-1",), 3, "a blow")).change
    assert concerns(2, damage) and concerns(0, damage) and not concerns(1, damage)
    assert not rereads_fight(damage), "a damage line is read on its own"
    ship = history.push(c.EditShip("wayfarer", (("shields", 2),))).change
    assert concerns(1, ship)
    renamed = history.push(c.EditCombatant("bear-1", {"name": "Big Bear"})).change
    assert rereads_fight(renamed)
    assert rereads_fight(history.undo().change)  # type: ignore[union-attr]


def test_the_volley_tab_is_not_redrawn_for_a_ground_change(
    qtbot: QtBot, window: MainWindow
) -> None:
    odds = window.odds
    window.show_chart(1)
    qtbot.waitUntil(lambda: odds.built)
    qtbot.wait(50)  # the first drawing is done
    drawn: list[int] = []
    odds.draw_battle_damage = lambda: drawn.append(1)  # type: ignore[method-assign]
    window.controller.push(c.Damage(("bear-1",), 2, "a blow"))
    qtbot.wait(20)
    assert drawn == []
    window.controller.push(c.EditShip("wayfarer", (("shields", 2),)))
    qtbot.waitUntil(lambda: drawn == [1])


def test_damage_from_nobody_is_dealt_by_no_team() -> None:
    """The fight's damage chart credits the dealer: an attacker's (or a grenade thrower's)
    team; damage typed with no source, the acting team (a player's roll entered by the GM);
    a source that is nobody (the template's area, a fall, a fire), no team at all. Taken
    counts every hit to the victim's team either way."""
    session = demo_session()
    history = History(session)
    history.push(c.StartCombat(()))
    while session.combat.acting_team != "players":
        history.push(c.NextTurn())
    bear = session.combatants["bear-1"]
    history.push(c.Damage(("bear-1",), 2, "area"))  # a template's Damage inside
    history.push(c.Damage(("bear-1",), 3, "a fall"))
    read = fight_history(session)
    assert sum(read.taken["Space Bears"].values()) == 5
    assert "Players" not in read.dealt, read.dealt
    history.push(c.Damage(("bear-1",), 4))  # a player's roll, entered by the GM
    history.push(c.Damage(("bear-2",), 1, "Brandon"))
    history.push(c.Damage(("bear-2",), 2, "James's arc"))  # a technique names its user
    history.push(c.Damage(("brandon",), 3, "Space Bear 1 bites"))
    read = fight_history(session)
    assert sum(read.dealt["Players"].values()) == 7
    assert sum(read.dealt["Space Bears"].values()) == 3
    assert sum(read.taken["Space Bears"].values()) == 12
    assert session.combatants["bear-1"].hp == bear.hp - 9


def test_a_source_is_read_by_the_longest_name_it_begins_with() -> None:
    """With a "Bear" and a "Bear Hunter" in the fight, "Bear Hunter bites" is the Bear
    Hunter's damage, whichever of them the roster lists first."""
    session = demo_session()
    history = History(session)
    history.push(c.EditCombatant("brandon", {"name": "Bear"}))  # a Player, listed first
    history.push(c.EditCombatant("bear-1", {"name": "Bear Hunter"}))
    history.push(c.Damage(("james",), 2, "Bear Hunter bites"))
    read = fight_history(session)
    assert read.dealt == {"Space Bears": {0: 2}}, read.dealt

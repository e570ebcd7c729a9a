"""The Condition Counters panel says how each counter moves: a rocked crew's Shaken, which
the space fight runs (R58), moves each space round, not in the ground's Counters phase."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.models.counters_model import COLUMNS
from tests.helpers import ScriptedRandom

COUNTS = COLUMNS.index("Counts down")


def test_a_space_fights_counter_says_the_space_rounds_move_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    session = window.controller.session
    push = window.controller.push
    assert push(c.AddCondition(("james",), "stunned", 2))  # a ground counter beside it
    assert push(c.StartSpaceCombat()) and push(c.NextSpacePhase())
    assert push(c.Fire("wayfarer", "bear-hunter", 4))
    session.rng = ScriptedRandom([9, 9, 9, 9, 9, 2, 3])  # Battle Damage; chart 5: rocked
    assert push(c.NextSpacePhase())
    model = window.counters_model
    said = {
        model.index(row, 0).data(): model.index(row, COUNTS).data()
        for row in range(model.rowCount())
    }
    assert said["Space Bear 1"] == "space rounds"
    assert said["James"] == "from its turn"

"""Every item model passes qtmodeltester, before and after the fight moves on."""

from __future__ import annotations

from pytestqt.modeltest import ModelTester

from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow


def play_a_little(window: MainWindow) -> None:
    push = window.controller.push
    push(c.AddCondition(("brandon", "art"), "shaken", 1))
    push(c.StartCombat(("james", "bear-1")))
    push(c.NextTurn())
    push(c.NextTurn())
    push(c.ResolveAttack("art", "bear-2", distance_ft=40))
    push(c.AddCondition(("bear-3",), "stunned", 2))
    push(c.Damage(("bear-1", "bear-2"), 4))
    push(c.NextTurn())
    push(c.NextTurn())


def test_initiative_model(window: MainWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.initiative_model, force_py=True)
    play_a_little(window)
    qtmodeltester.check(window.initiative_model, force_py=True)
    assert window.initiative_model.rowCount() == 2


def test_counters_model(window: MainWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.counters_model, force_py=True)
    play_a_little(window)
    qtmodeltester.check(window.counters_model, force_py=True)
    assert window.counters_model.rowCount() == len(window.controller.session.conditions)


def test_log_model(window: MainWindow, qtmodeltester: ModelTester) -> None:
    qtmodeltester.check(window.log_model, force_py=True)
    play_a_little(window)
    window.controller.stack.undo()
    window.controller.stack.undo()
    qtmodeltester.check(window.log_model, force_py=True)
    assert window.log_model.rowCount() == len(window.controller.session.log)


def test_models_follow_undo_and_redo_row_for_row(window: MainWindow) -> None:
    play_a_little(window)
    session = window.controller.session
    while window.controller.stack.canUndo():
        window.controller.stack.undo()
        assert window.log_model.rowCount() == len(session.log)
        assert window.counters_model.rowCount() == len(session.conditions)
    while window.controller.stack.canRedo():
        window.controller.stack.redo()
        assert window.log_model.rowCount() == len(session.log)
        assert window.counters_model.rowCount() == len(session.conditions)

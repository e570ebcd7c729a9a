"""What the window says when the rules refuse something: the reason in the game's words,
without the rulings' numbers, which stay in the session's own message and the log."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from futurepath_desktop.core.errors import FuturePathError
from futurepath_desktop.session.commands import (
    AddCondition,
    MoveToken,
    NextSpacePhase,
    StartCombat,
    StartSpaceCombat,
    ThrowGrenade,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.errors import CommandError
from futurepath_desktop.session.history import History
from futurepath_desktop.session.space_rules import SPACE_SOURCE
from futurepath_desktop.ui.main_window import MainWindow

RULING = re.compile(r"\bR\d+\b")


@pytest.mark.parametrize(
    "command",
    [MoveToken("art", 27, 1), ThrowGrenade("art", 27, 17)],
    ids=["into a wall", "past the longest throw"],
)
def test_a_refusal_reaches_the_window_without_ruling_numbers(
    qtbot: QtBot, window: MainWindow, command: Command
) -> None:
    with pytest.raises(CommandError) as refused:
        History(demo_session()).push(command)
    assert RULING.search(str(refused.value)), "the session's own message cites its ruling"
    with qtbot.waitSignal(window.controller.failed) as said:
        assert not window.controller.push(command)
    (text,) = said.args
    assert not RULING.search(text), text
    assert text.count("(") == text.count(")"), text
    shown = window.statusBar().currentMessage()
    assert text in shown and not RULING.search(shown)


def test_a_crew_condition_ending_on_the_bridge_is_said_in_the_status_bar(
    qtbot: QtBot, window: MainWindow
) -> None:
    push = window.controller.push
    assert push(AddCondition(("james",), "shaken", 1, source=SPACE_SOURCE + "ship rocked"))
    assert push(StartSpaceCombat())
    session = window.controller.session
    for _ in range(6):  # to the space round's end, where the bridge's counters tick
        if not any(c.bearer_id == "james" for c in session.conditions.values()):
            break
        assert push(NextSpacePhase())
    ended = [e for e in session.log if e.kind.endswith("expiry")]
    assert ended and ended[-1].kind != "expiry", "logged as the space fight's"
    assert f"Ended: {ended[-1].text}" in window.statusBar().currentMessage()


def _form_texts(window: MainWindow) -> list[str]:
    from PySide6.QtWidgets import QLabel, QListWidget

    form = window.inspector.attack
    texts = [label.text() for label in form.findChildren(QLabel)]
    for view in form.findChildren(QListWidget):
        texts += [view.item(row).text() for row in range(view.count())]
    return texts


def test_the_attack_form_says_why_without_ruling_numbers(qtbot: QtBot, window: MainWindow) -> None:
    """A bear's claws reach 5 ft; Art across the room is beyond them, and the session's
    refusal cites its ruling: the form gives the reason, not the number."""
    window.initiative.select(["bear-4"])
    form = window.inspector.attack
    qtbot.waitUntil(lambda: form.attacker_id == "bear-4")
    form.target.setCurrentIndex(form.target.findData("art"))
    qtbot.waitUntil(lambda: any("reach" in t for t in _form_texts(window)))
    assert push_refused_cites_a_ruling(window)
    texts = _form_texts(window)
    assert not [t for t in texts if RULING.search(t)], texts


def push_refused_cites_a_ruling(window: MainWindow) -> bool:
    form = window.inspector.attack
    command = form.command()
    assert command is not None
    with pytest.raises(FuturePathError) as refused:
        History(demo_session()).push(command)
    return bool(RULING.search(str(refused.value)))


def test_the_logs_event_column_reads_without_ruling_numbers(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.controller.push(StartCombat())
    session = window.controller.session
    cited = [e for e in session.log if RULING.search(e.text)]
    assert cited, "the session's log cites its rulings (team initiative, the surprise round)"
    model = window.log_model
    shown = [model.index(row, 3).data() for row in range(model.rowCount())]
    assert not [text for text in shown if RULING.search(text)], shown
    tips = [
        model.index(row, 3).data(Qt.ItemDataRole.ToolTipRole) for row in range(model.rowCount())
    ]
    assert any(RULING.search(tip) for tip in tips), "the breakdown keeps them"

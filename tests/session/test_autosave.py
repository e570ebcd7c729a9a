"""Autosave journals every command; an unclean exit is found and recovered on the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from futurepath_desktop.core.grid import Terrain
from futurepath_desktop.session import autosave
from futurepath_desktop.session.autosave import Autosave, discard, find_unclean, recover
from futurepath_desktop.session.commands import (
    AddCondition,
    Damage,
    Fire,
    MoveToken,
    NextSpacePhase,
    NextTurn,
    PaintTerrain,
    ResolveAttack,
    StartCombat,
    StartSpaceCombat,
)
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import History
from futurepath_desktop.session.state import MapState, Session, SpaceState


def test_every_command_undo_and_redo_is_journaled_and_recovered(private_home: Path) -> None:
    session = demo_session()
    history = History(session)
    saver = Autosave(session, Path("fight.fpsession"))
    for command in (
        StartCombat(),
        ResolveAttack("brandon", "bear-1", distance_ft=25),
        NextTurn(),
        NextTurn(),
        AddCondition(("bear-2",), "stunned", 2),
        Damage(("bear-2", "bear-3"), 4),
    ):
        saver.record(history.push(command))
    undone = history.undo()
    assert undone is not None
    saver.record(undone)
    saver.flush()
    (found,) = find_unclean()
    assert found.session_id == session.id and found.path == "fight.fpsession"
    assert recover(found) == session
    redone = history.redo()
    assert redone is not None
    saver.record(redone)
    saver.close()
    assert find_unclean() == [], "a clean exit leaves nothing to recover"


def test_map_and_space_changes_are_journaled_and_recovered(private_home: Path) -> None:
    session = demo_session()
    history = History(session)
    saver = Autosave(session, Path("fight.fpsession"))
    for command in (
        MoveToken("brandon", 6, 4),
        PaintTerrain(((5, 5), (6, 6)), terrain=Terrain.DIFFICULT),
        StartSpaceCombat(),
        NextSpacePhase(),
        Fire("wayfarer", "bear-hunter", 4),
        NextSpacePhase(),
    ):
        saver.record(history.push(command))
    undone = history.undo()
    assert undone is not None
    saver.record(undone)
    saver.flush()
    (found,) = find_unclean()
    recovered = recover(found)
    assert recovered == session
    assert isinstance(recovered.map, MapState) and isinstance(recovered.space, SpaceState)
    saver.close()


def test_checkpoints_fold_the_journal(private_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(autosave, "CHECKPOINT_EVERY", 3)
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    for amount in range(7):
        saver.record(history.push(Damage(("bear-4",), amount)))
    saver.flush()
    assert len(saver.journal.read_bytes().splitlines()) == 1  # 7 = two checkpoints of 3, + 1
    (found,) = find_unclean()
    assert recover(found) == session
    discard(found)
    assert find_unclean() == []


def test_a_torn_last_journal_line_is_skipped(private_home: Path) -> None:
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.record(history.push(StartCombat()))
    saver.flush()
    expected = session.to_file()
    saver.record(history.push(Damage(("bear-1",), 3)))
    saver.flush()
    data = saver.journal.read_bytes()
    saver.journal.write_bytes(data[: len(data) - 25])  # the crash hit mid-line
    (found,) = find_unclean()
    assert recover(found).to_file() == expected


WRITER = """
import sys
from futurepath_desktop.session.autosave import Autosave
from futurepath_desktop.session.commands import Damage, NextTurn, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import History
from futurepath_desktop.session.state import MapState, Session, SpaceState

session = demo_session()
history = History(session)
saver = Autosave(session)
saver.record(history.push(StartCombat()))
saver.flush()
step = 0
while True:
    step += 1
    saver.record(history.push(Damage(("bear-1",), 1) if step % 3 else NextTurn()))
    saver.flush()
    print(step, flush=True)
"""


def replay(steps: int) -> Session:
    session = demo_session()
    history = History(session)
    history.push(StartCombat())
    for step in range(1, steps + 1):
        history.push(Damage(("bear-1",), 1) if step % 3 else NextTurn())
    return session


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is a POSIX signal")
def test_a_crash_loses_at_most_the_last_command(private_home: Path) -> None:
    """A process journaling commands is killed; recovery gives the state after the last
    command it reported, or the one after (written but not yet reported)."""
    env = {**os.environ, "FUTUREPATH_HOME": str(private_home)}
    child = subprocess.Popen(
        [sys.executable, "-c", WRITER], stdout=subprocess.PIPE, env=env, text=True
    )
    assert child.stdout is not None
    reported = 0
    deadline = time.monotonic() + 30
    while reported < 40 and time.monotonic() < deadline:
        reported = int(child.stdout.readline())
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    rest = child.stdout.read().split()
    reported = int(rest[-1]) if rest else reported
    (found,) = find_unclean()
    recovered = recover(found)
    assert recovered in (replay(reported), replay(reported + 1))

"""Autosave journals every command; an unclean exit is found and recovered on the next start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import msgspec
import pytest

from futurepath_desktop.core.grid import Terrain
from futurepath_desktop.session import autosave
from futurepath_desktop.session.autosave import Autosave, find_unclean
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
from futurepath_desktop.session.history import History
from futurepath_desktop.session.recovery import discard, recover
from futurepath_desktop.session.state import MapState, Session, SpaceState
from tests.session.crashes import unlock


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
    unlock(saver)
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
    unlock(saver)
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
    unlock(saver)
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
    unlock(saver)
    (found,) = find_unclean()
    assert recover(found).to_file() == expected


WRITER = """
import sys
from futurepath_desktop.session.autosave import Autosave
from futurepath_desktop.session.commands import Damage, NextTurn, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
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


def test_a_clean_close_removes_the_journal(private_home: Path) -> None:
    session = demo_session()
    history = History(session)
    saver = Autosave(session, Path("fight.fpsession"))
    saver.record(history.push(StartCombat()))
    saver.flush()
    assert saver.journal.exists() and saver.meta.exists() and saver.base.exists()
    saver.close()
    assert not saver._thread.is_alive()
    assert sorted(saver.folder.iterdir()) == [], "a clean exit leaves no files behind"


def test_a_clean_close_does_not_wait_for_queued_writes(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a slow disk each journal line costs an fsync; closing drops what is still queued
    (the journal is about to go) instead of writing it line by line."""
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.flush()
    real_fsync = os.fsync
    fsyncs: list[int] = []

    def slow_fsync(fd: int) -> None:
        fsyncs.append(fd)
        time.sleep(0.05)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", slow_fsync)
    for amount in range(40):  # 40 lines: two seconds of fsyncs, were they all written
        saver.record(history.push(Damage(("bear-1",), amount % 3)))
    started = time.perf_counter()
    saver.close()
    took = time.perf_counter() - started
    assert took < 0.5, f"closing took {took:.2f} s"
    assert len(fsyncs) < 10
    assert not saver._thread.is_alive()
    assert sorted(saver.folder.iterdir()) == []


def test_the_journal_tells_when_the_session_changed_and_its_last_action(
    private_home: Path,
) -> None:
    session = demo_session()
    history = History(session)
    before = time.time()
    saver = Autosave(session, Path("fight.fpsession"))
    saver.record(history.push(StartCombat()))
    saver.record(history.push(Damage(("bear-2",), 5)))
    saver.flush()
    after = time.time()
    unlock(saver)
    (found,) = find_unclean()
    assert found.last_action == "Space Bear 2 takes 5 damage"
    assert before <= found.changed <= after
    saver.close()


def test_the_last_action_survives_a_checkpoint_and_a_torn_line(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autosave, "CHECKPOINT_EVERY", 3)
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.record(history.push(StartCombat()))
    saver.record(history.push(Damage(("bear-1",), 2)))
    saver.record(history.push(Damage(("bear-3",), 4)))  # the third: folded into a new base
    saver.flush()
    assert saver.journal.read_bytes() == b""
    unlock(saver)
    (found,) = find_unclean()
    assert found.last_action == "Space Bear 3 takes 4 damage"
    saver.record(history.push(Damage(("bear-4",), 1)))
    saver.record(history.push(Damage(("bear-2",), 6)))
    saver.flush()
    data = saver.journal.read_bytes()
    saver.journal.write_bytes(data[: len(data) - 20])  # the crash hit mid-line
    (found,) = find_unclean()
    assert found.last_action == "Space Bear 4 takes 1 damage"


def test_an_autosave_newer_than_its_file_is_found(private_home: Path, tmp_path: Path) -> None:
    from futurepath_desktop.session.journal_scan import newer_autosave
    from futurepath_desktop.session.store import save_session

    path = tmp_path / "fight.fpsession"
    session = demo_session()
    save_session(session, path)
    an_hour_ago = time.time() - 3600
    os.utime(path, (an_hour_ago, an_hour_ago))
    history = History(session)
    saver = Autosave(session, path)
    saver.record(history.push(StartCombat()))
    saver.flush()
    assert newer_autosave(path) is None, "never offered while its window runs"
    unlock(saver)
    found = newer_autosave(path)
    assert found is not None and found.stem == saver.stem
    assert recover(found) == session
    assert newer_autosave(path, exclude=saver.stem) is None, "a run's own journal is not news"
    assert newer_autosave(tmp_path / "other.fpsession") is None
    save_session(session, path)  # saved after the last change: the file holds it all
    os.utime(path, (found.changed + 1, found.changed + 1))
    assert newer_autosave(path) is None
    saver.close()


def test_journals_of_older_versions_are_read(private_home: Path) -> None:
    """A cover sheet without the last action, a journal line without label or time."""
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.record(history.push(StartCombat()))
    saver.flush()
    old_meta = msgspec.json.decode(saver.meta.read_bytes())
    old_meta.pop("last_action")
    saver.meta.write_bytes(msgspec.json.encode(old_meta))
    line = msgspec.json.decode(saver.journal.read_bytes())
    line.pop("label")
    line.pop("at")
    saver.journal.write_bytes(msgspec.json.encode(line) + b"\n")
    unlock(saver)
    (found,) = find_unclean()
    assert found.last_action == "" and found.changed == old_meta["updated"]
    assert recover(found) == session


def test_an_undo_can_be_named_as_one(private_home: Path) -> None:
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.record(history.push(Damage(("bear-2",), 5)))
    undone = history.undo()
    assert undone is not None
    saver.record(undone, label="Undo: Space Bear 2 takes 5 damage")
    saver.flush()
    unlock(saver)
    (found,) = find_unclean()
    assert found.last_action == "Undo: Space Bear 2 takes 5 damage"
    assert recover(found) == session
    saver.close()


def test_journals_older_versions_kept_after_a_clean_exit_are_cleared(
    private_home: Path,
) -> None:
    """Older versions marked a journal clean and left it: one base snapshot per run."""
    session = demo_session()
    saver = Autosave(session)
    saver.flush()
    meta = msgspec.json.decode(saver.meta.read_bytes())
    saver.meta.write_bytes(msgspec.json.encode({**meta, "clean": True}))
    saver._queue.put(None)  # this run goes away without its own clean-up
    saver._thread.join()
    unlock(saver)
    assert find_unclean() == []
    assert sorted(saver.folder.iterdir()) == []


def test_closing_does_not_wait_on_a_write_stuck_on_a_busy_disk(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Quitting (saved or discarded) never hangs on a slow fsync: the window goes at once,
    and the journal still goes, as soon as the write under way is done."""
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.flush()
    real_fsync = os.fsync
    writing = threading.Event()

    def stuck_fsync(fd: int) -> None:
        writing.set()
        time.sleep(1.5)  # one fsync on a disk under load
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", stuck_fsync)
    saver.record(history.push(Damage(("bear-1",), 2)))
    assert writing.wait(5)
    started = time.perf_counter()
    saver.close()
    took = time.perf_counter() - started
    assert took < 0.5, f"closing took {took:.2f} s"
    saver._thread.join(5)  # what the program's end waits for
    assert not saver._thread.is_alive()
    assert sorted(saver.folder.iterdir()) == [], "the discarded session's journal goes too"
    unlock(saver)
    assert find_unclean(saver.folder) == []


@pytest.mark.parametrize("stuck_at", [0, 2, 4], ids=["base", "cover sheet", "journal"])
def test_a_clean_close_cuts_a_checkpoint_short(
    private_home: Path, monkeypatch: pytest.MonkeyPatch, stuck_at: int
) -> None:
    """A checkpoint writes three files (the new base, the cover sheet, the emptied
    journal), two fsyncs each: the file's and its folder's. A clean close that comes while
    any one file's own fsync is under way makes no fsync after it (the journal is about to
    go), so a quit on a loaded disk waits for at most one fsync, not the rest of six."""
    real_fsync = os.fsync
    gate = threading.Event()
    reached = threading.Event()
    fsyncs: list[float] = []

    def gated_fsync(fd: int) -> None:
        fsyncs.append(time.monotonic())
        if len(fsyncs) == stuck_at + 1:
            reached.set()
            gate.wait(5)  # this fsync of the checkpoint waits until the close has come
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", gated_fsync)
    session = demo_session()
    saver = Autosave(session)  # opening writes the first base: a checkpoint
    assert reached.wait(5)
    saver.close(timeout=0)
    closed = time.monotonic()
    gate.set()
    saver._thread.join(5)
    assert not saver._thread.is_alive()
    assert [t for t in fsyncs if t >= closed] == [], "no fsync once the close had come"
    assert len(fsyncs) == stuck_at + 1
    assert sorted(saver.folder.iterdir()) == [], "and the journal still goes"

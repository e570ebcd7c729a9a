"""A failing autosave says so at once and keeps trying; once the disk takes writes again
it says protection is back, and the journal holds every action, in order, whole."""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest

from futurepath_desktop.session import autosave
from futurepath_desktop.session.autosave import Autosave, find_unclean
from futurepath_desktop.session.commands import Damage, NextTurn, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.recovery import recover_all
from futurepath_desktop.session.store import encode
from tests.session.crashes import crash


class FullDisk:
    """``os.fsync`` that fails while ``full`` is set, as a full disk makes it."""

    def __init__(self) -> None:
        self.full = threading.Event()
        self.refused = 0
        self._real = os.fsync

    def __call__(self, fd: int) -> None:
        if self.full.is_set():
            self.refused += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        self._real(fd)


def test_a_full_disk_is_reported_at_once_retried_and_nothing_is_lost(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autosave, "RETRY_S", (0.01,))
    disk = FullDisk()
    monkeypatch.setattr(os, "fsync", disk)
    said: list[str | None] = []
    reported = threading.Event()

    def on_trouble(trouble: str | None) -> None:
        said.append(trouble)
        reported.set()

    session = demo_session()
    history = History(session)
    saver = Autosave(session, on_trouble=on_trouble)
    saver.record(history.push(StartCombat()))
    saver.flush()
    disk.full.set()
    for amount in (1, 2, 3):
        saver.record(history.push(Damage(("bear-1",), amount)))
    assert reported.wait(5), "the failure is reported at once"
    assert said == ["No space left on device"]
    assert saver.trouble == "No space left on device"
    saver.record(history.push(NextTurn()))
    while disk.refused < 5:  # it keeps trying
        threading.Event().wait(0.01)
    disk.full.clear()
    saver.flush()
    assert said == ["No space left on device", None], "and says when it works again"
    assert getattr(saver, "trouble") is None  # noqa: B009 - read again, after the writes
    expected = encode(session)
    crash(saver)
    (found,) = find_unclean()
    recovery = recover_all(found)
    assert recovery.lost == ""
    assert recovery.replayed == 5
    assert encode(recovery.session) == expected


def test_a_line_cut_off_by_a_failed_write_is_not_left_in_the_journal(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails after part of its line reached the file: the part is cut off,
    so the retry leaves one whole line, not a torn one in the middle."""
    monkeypatch.setattr(autosave, "RETRY_S", (0.01,))
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.flush()
    real_fsync = os.fsync
    failures = iter([True, True, False])

    def once_torn(fd: int) -> None:
        if next(failures, False):
            raise OSError(errno.EIO, "Input/output error")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", once_torn)
    saver.record(history.push(StartCombat()))
    saver.record(history.push(Damage(("bear-2",), 4)))
    saver.flush()
    lines = saver.journal.read_bytes().splitlines()
    assert len(lines) == 2
    expected = encode(session)
    crash(saver)
    (found,) = find_unclean()
    assert encode(recover_all(found).session) == expected


def test_a_line_half_written_when_the_disk_filled_is_cut_off_before_the_retry(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills part-way through a line: the part that reached the file is cut off,
    and once there is room again the line is written whole; the journal recovers every
    action, including those after protection came back."""
    monkeypatch.setattr(autosave, "RETRY_S", (0.01,))
    session = demo_session()
    history = History(session)
    saver = Autosave(session)
    saver.flush()
    real_write = os.write
    full = threading.Event()

    def write(fd: int, data: bytes | memoryview) -> int:
        if full.is_set():
            if len(data) > 8:
                return real_write(fd, bytes(data[: len(data) // 2]))  # room for half
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    saver.record(history.push(StartCombat()))
    saver.flush()
    full.set()
    saver.record(history.push(Damage(("bear-2",), 4)))
    while saver.trouble is None:
        threading.Event().wait(0.01)
    full.clear()
    saver.record(history.push(Damage(("bear-3",), 2)))  # after protection is back
    saver.flush()
    assert getattr(saver, "trouble") is None  # noqa: B009 - read again, after the writes
    expected = encode(session)
    crash(saver)
    (found,) = find_unclean()
    recovery = recover_all(found)
    assert recovery.lost == ""
    assert encode(recovery.session) == expected


def test_an_unexpected_error_in_the_writer_is_reported_retried_and_loses_nothing(
    private_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only a refused disk: whatever a write raises is said at once and tried again,
    and the writer thread never stops unseen (autosave would then protect nothing)."""
    monkeypatch.setattr(autosave, "RETRY_S", (0.01,))
    broken = threading.Event()
    raised = [0]
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        if broken.is_set():
            raised[0] += 1
            raise ValueError("a bug in the writer")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    said: list[str | None] = []
    session = demo_session()
    history = History(session)
    saver = Autosave(session, on_trouble=said.append)
    saver.record(history.push(StartCombat()))
    saver.flush()
    broken.set()
    saver.record(history.push(Damage(("bear-1",), 2)))
    while raised[0] < 3:  # reported, and tried again and again
        threading.Event().wait(0.01)
    assert said[:1] == ["ValueError: a bug in the writer"]
    assert saver._thread.is_alive()
    broken.clear()
    saver.record(history.push(NextTurn()))
    saver.flush()
    assert said[-1] is None, "it says when it works again"
    expected = encode(session)
    crash(saver)
    (found,) = find_unclean()
    recovery = recover_all(found)
    assert recovery.replayed == 3
    assert encode(recovery.session) == expected

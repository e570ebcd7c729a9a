"""The real window, autosave on, killed at random moments during a scripted fight, one
hundred times: every time the journal it leaves recovers, and at most the last command
is lost (the commands come as a game master's do, a few dozen milliseconds apart)."""

from __future__ import annotations

import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.autosave import find_unclean
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import Command
from futurepath_desktop.session.history import History
from futurepath_desktop.session.recovery import recover_all
from futurepath_desktop.session.store import encode

KILLS = 100
TOGETHER = 2  # windows running at once (two cores: each kill waits on a start-up)
# A window that has said nothing for this long is stuck: the test fails and says so,
# where a bare readline() would wait for ever and hold up the whole run.
SILENT_LIMIT_S = 120.0

FIGHT = """
import sys, time
from PySide6.QtWidgets import QApplication
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.test_window_crashes import script

app = QApplication([])
window = MainWindow(demo_session(), remember_layout=False)
window.show()
app.processEvents()
print(0, flush=True)
for step, command in enumerate(script(), start=1):
    assert window.controller.push(command)
    app.processEvents()
    print(step, flush=True)
    time.sleep(0.02)  # the next click
time.sleep(60)
"""


def script() -> list[Command]:
    """The fight the window plays: no command makes a new id, so a replay here gives the
    very same session as the window's."""
    commands: list[Command] = [c.StartCombat(())]
    for n in range(60):
        bear = f"bear-{n % 4 + 1}"
        commands += [
            c.Damage((bear,), 1 + n % 3),
            c.RollDice("1d20+2", f"check {n}"),
            c.Heal(("brandon",), 1),
            c.NextTurn(),
        ]
    return commands


def _states() -> list[bytes]:
    session = demo_session()
    history = History(session)
    states = [encode(session)]
    for command in script():
        history.push(command)
        states.append(encode(session))
    return states


def read_line(child: subprocess.Popen[bytes], limit_s: float, stderr: Path) -> str:
    """The child's next line ("" once it has ended), read a byte at a time from the bare
    pipe so that nothing waits in a buffer select() cannot see; a child silent for
    ``limit_s`` fails the test with where it was stuck (its stderr, from faulthandler)."""
    assert child.stdout is not None
    fd = child.stdout.fileno()
    line = b""
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], limit_s)
        if not ready:
            child.send_signal(signal.SIGABRT)  # -X faulthandler writes where it is stuck
            child.wait(30)
            where = stderr.read_text(errors="replace")[-4000:]
            pytest.fail(f"the window printed nothing for {limit_s:.0f} s: it is stuck\n{where}")
        byte = os.read(fd, 1)
        if not byte:
            break
        line += byte
    return line.decode()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is a POSIX signal")
def test_the_window_killed_a_hundred_times_loses_at_most_the_last_command(
    tmp_path: Path,
) -> None:
    states = _states()
    rng = random.Random(100)
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    lost_counts: list[int] = []
    started = 0
    running: list[tuple[subprocess.Popen[bytes], Path, int]] = []
    while started < KILLS or running:
        while started < KILLS and len(running) < TOGETHER:
            home = tmp_path / f"run-{started}"
            home.mkdir(parents=True)
            with (home / "stderr.txt").open("wb") as stderr:
                child = subprocess.Popen(
                    [sys.executable, "-X", "faulthandler", "-c", FIGHT],
                    stdout=subprocess.PIPE,
                    stderr=stderr,
                    env={**env, "FUTUREPATH_HOME": str(home)},
                    bufsize=0,
                    cwd=root,
                )
            running.append((child, home, rng.randint(1, len(states) - 2)))
            started += 1
        child, home, kill_after = running.pop(0)
        assert child.stdout is not None
        reported = -1
        try:
            while reported < kill_after:
                line = read_line(child, SILENT_LIMIT_S, home / "stderr.txt")
                assert line, "the window ended before it was killed"
                reported = int(line)
        except BaseException:
            for other, _, _ in running:  # a failing run leaves no window behind
                other.kill()
            raise
        time.sleep(rng.random() * 0.03)  # somewhere in the next command, or between two
        os.kill(child.pid, signal.SIGKILL)
        child.wait(30)
        rest = child.stdout.read().split()
        reported = int(rest[-1]) if rest else reported
        (found,) = find_unclean(home / "autosave")
        recovery = recover_all(found)
        assert recovery.lost == ""
        got = encode(recovery.session)
        assert got in states, "the recovered session is one the fight passed through"
        at = states.index(got)
        assert reported - 1 <= at <= reported + 1, (reported, at)
        lost_counts.append(max(0, reported - at))
    assert len(lost_counts) == KILLS
    assert max(lost_counts) <= 1

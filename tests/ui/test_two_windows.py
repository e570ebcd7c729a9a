"""Two windows on one autosave folder, in two processes: the second never offers, recovers
or discards the first's live journal; once the first is killed, its journal is offered
and recovers the session as it was at its last action."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from futurepath_desktop.session.autosave import find_unclean
from futurepath_desktop.session.recovery import discard, recover

FIRST = """
import hashlib, sys
from PySide6.QtWidgets import QApplication
from futurepath_desktop.session import commands as c, store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow

app = QApplication([])
window = MainWindow(demo_session(), remember_layout=False)
window.show()
app.processEvents()
push = window.controller.push
assert push(c.StartCombat(()))
assert push(c.Damage(("bear-2",), 5))
assert push(c.NextTurn())
window.controller.autosave.flush()
digest = hashlib.sha256(store.encode(window.controller.session)).hexdigest()
print(window.controller.autosave.stem, digest, flush=True)
for line in sys.stdin:  # until told to stop, or killed
    if line.strip() == "scan":
        print("scanned", flush=True)
"""

SECOND = """
import json
from PySide6.QtWidgets import QApplication, QMessageBox
from futurepath_desktop.session.autosave import find_unclean
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow

offered = []
QMessageBox.exec = lambda box: offered.append(box.text()) or 0  # noqa: E731
app = QApplication([])
window = MainWindow(demo_session(), remember_layout=False)
window.show()
app.processEvents()
recovered = window.files.offer_recovery()  # what the window does when it starts
seen = [f.stem for f in find_unclean(exclude=window.files._own_journal())]
print(json.dumps({"offered": offered, "recovered": recovered, "seen": seen}), flush=True)
window.controller.stack.setClean()
window.close()
"""


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "FUTUREPATH_HOME": str(home), "QT_QPA_PLATFORM": "offscreen"}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is a POSIX signal")
def test_a_second_window_leaves_the_first_windows_live_journal_alone(private_home: Path) -> None:
    import hashlib
    import json

    from futurepath_desktop.session import store

    root = Path(__file__).resolve().parents[2]
    first = subprocess.Popen(
        [sys.executable, "-c", FIRST],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=_env(private_home),
        text=True,
        cwd=root,
    )
    try:
        assert first.stdout is not None and first.stdin is not None
        stem, digest = first.stdout.readline().split()
        for _ in range(2):  # twice: a scan must not disturb the journal either
            second = subprocess.run(
                [sys.executable, "-c", SECOND],
                capture_output=True,
                env=_env(private_home),
                text=True,
                cwd=root,
                timeout=120,
                check=True,
            )
            said = json.loads(second.stdout.splitlines()[-1])
            assert said == {"offered": [], "recovered": False, "seen": []}
        first.stdin.write("scan\n")
        first.stdin.flush()
        assert first.stdout.readline().strip() == "scanned", "the first window lives on"
        # From this process too: a live window's journal is neither offered nor discarded.
        assert [f.stem for f in find_unclean()] == []
    finally:
        os.kill(first.pid, signal.SIGKILL)
        first.wait(30)
    deadline = time.monotonic() + 10
    while not find_unclean() and time.monotonic() < deadline:
        time.sleep(0.05)  # the lock goes with the process
    (found,) = find_unclean()
    assert found.stem == stem
    assert hashlib.sha256(store.encode(recover(found))).hexdigest() == digest
    assert discard(found)
    assert find_unclean() == []

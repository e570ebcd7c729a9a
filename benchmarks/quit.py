"""A clean quit: from the window's close (what Ctrl+Q does) to the end of the process, for
the installed command on the demo, against a bare PySide6 window closed the same way.

The app runs as the game master runs it: autosave on, the layout remembered, a few actions
done and undone back to the clean point (so the journal has lines to drop and no question
is asked), then closed. Each run's private home is checked afterwards: a clean quit leaves
no autosave journal behind.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SETTLE_MS = 1000
"""How long the window runs before it is closed: the odds engine has loaded by then."""
LOADED_DISK_FSYNC_S = 0.3
"""An fsync on a laptop's disk under load (ext4 flushes everything queued before it)."""

APP = f"""
import os, sys, time
from PySide6.QtCore import QTimer
from futurepath_desktop.__main__ import run_and_exit
from futurepath_desktop.session.commands import Damage
from futurepath_desktop.ui import main_window

after_first_paint = main_window.MainWindow._after_first_paint

def settle_then_close(self):
    after_first_paint(self)

    def act():
        for target in ("bear-1", "bear-2", "bear-3"):
            self.controller.push(Damage((target,), 2))
        while not self.controller.stack.isClean():
            self.controller.stack.undo()
        QTimer.singleShot(100, close)

    def close():
        print("closing", time.time(), flush=True)
        self.close()

    QTimer.singleShot({SETTLE_MS}, act)

delay = float(os.environ.get("FP_BENCH_FSYNC_S") or 0)
if delay:  # a disk under load: each fsync waits (ext4 flushes everything queued before it)
    real_fsync = os.fsync

    def slow_fsync(fd):
        time.sleep(delay)
        real_fsync(fd)

    os.fsync = slow_fsync
main_window.MainWindow._after_first_paint = settle_then_close
sys.argv = ["futurepath-desktop", "--demo"]
run_and_exit()
"""

BARE = """
import time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1280, 800)
window.show()

def close():
    print("closing", time.time(), flush=True)
    window.close()

QTimer.singleShot(200, close)
app.exec()
"""


def _quit_time(script: str, env: dict[str, str]) -> float:
    """Seconds from the close to the end of the process."""
    child = subprocess.Popen(
        [sys.executable, "-c", script],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        text=True,
    )
    assert child.stdout is not None
    said = child.stdout.read()
    code = child.wait(timeout=60)
    ended = time.time()
    if code != 0:
        raise RuntimeError(f"the quit run exited with {code}")
    closing = [line for line in said.splitlines() if line.startswith("closing ")]
    if not closing:
        raise RuntimeError("the window was never closed")
    return ended - float(closing[-1].split()[1])


def _journal_left(home: Path) -> list[str]:
    folder = home / "autosave"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def measure(repeats: int = 5, fsync_s: float = 0.0) -> dict[str, float]:
    """Median seconds from close to exit, both ways, and how many runs left a journal
    (``fsync_s``: make each of the app's fsyncs take that long, as on a loaded disk)."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    env["FP_BENCH_FSYNC_S"] = str(fsync_s)
    app_times, bare_times, left = [], [], 0
    for _ in range(repeats):
        home = Path(tempfile.mkdtemp(prefix="fp-bench-quit-"))
        env["FUTUREPATH_HOME"] = str(home)
        bare_times.append(_quit_time(BARE, env))
        app_times.append(_quit_time(APP, env))
        left += bool(_journal_left(home))
    return {
        "app": statistics.median(app_times),
        "app_worst": max(app_times),
        "baseline": statistics.median(bare_times),
        "journals_left": float(left),
    }


if __name__ == "__main__":
    for slow in (0.0, LOADED_DISK_FSYNC_S):
        figures = measure(fsync_s=slow)
        print(
            f"fsync +{slow:.1f} s: quit {figures['app'] * 1000:.0f} ms "
            f"(worst {figures['app_worst'] * 1000:.0f}), bare window "
            f"{figures['baseline'] * 1000:.0f} ms, journals left {figures['journals_left']:.0f}"
        )

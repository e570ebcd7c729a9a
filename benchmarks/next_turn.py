"""Next Turn with 500 combatants in 50 teams and 2,000 counters: the command plus every
view's update, in a real main window."""

from __future__ import annotations

import os
import statistics
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-bench-"))

from PySide6.QtWidgets import QApplication

from benchmarks.fixtures import big_session
from futurepath_desktop.session import commands as c
from futurepath_desktop.ui.main_window import MainWindow


def measure(turns: int = 60) -> dict[str, float]:
    """Median and worst milliseconds per Next Turn, views included."""
    app = QApplication.instance() or QApplication([])
    window = MainWindow(big_session(), autosave=False, remember_layout=False)
    window.resize(1280, 800)
    window.show()
    app.processEvents()
    window.controller.push(c.StartCombat(()))
    app.processEvents()
    times = []
    for _ in range(turns):
        started = time.perf_counter()
        window.controller.push(c.NextTurn())
        app.processEvents()  # the views repaint what changed
        times.append((time.perf_counter() - started) * 1000)
    window.controller.stack.setClean()
    window.close()
    return {"median_ms": statistics.median(times), "worst_ms": max(times), "frame_ms": 1000 / 60}


if __name__ == "__main__":
    figures = measure()
    print(
        f"Next Turn: median {figures['median_ms']:.2f} ms, worst {figures['worst_ms']:.2f} ms "
        f"(a 60 Hz frame is {figures['frame_ms']:.1f} ms)"
    )

"""A four-hour fight: the demo after 20,000 commands that left 50,000 log entries
(benchmarks.fight's seeded mix), saved to a file. Measured on it:

- save and load against stdlib json writing and reading the same document;
- opening it in the window: from the file to the first paint (loaded, MainWindow built
  with its autosave, as the app opens a file, and shown);
- Next Turn on it: the window's Next Turn action, views and journal included.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-bench-"))

from benchmarks.fight import four_hour_fight
from benchmarks.fixtures import settle
from futurepath_desktop.session import store

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def build(folder: Path, commands: int = 20_000, entries: int = 50_000) -> dict[str, float]:
    """Play the fight and save it as ``folder/fight.fpsession``; how long that took."""
    session, figures = four_hour_fight(commands, entries)
    path = folder / "fight.fpsession"
    store.save_session(session, path)
    return {**figures, "bytes": float(path.stat().st_size)}


def save_load(path: Path, repeats: int = 5) -> dict[str, float]:
    """Median seconds to save and load the fight, and stdlib json doing the same with the
    same document as plain dicts (encode to bytes, write, read, decode)."""
    session = store.load_session(path)
    plain = json.loads(store.encode(session))
    copy, plain_path = path.with_name("copy.fpsession"), path.with_name("plain.json")
    ours, theirs = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        store.save_session(session, copy)
        store.load_session(copy)
        ours.append(time.perf_counter() - started)
        started = time.perf_counter()
        plain_path.write_bytes(json.dumps(plain).encode())
        json.loads(plain_path.read_bytes())
        theirs.append(time.perf_counter() - started)
    return {"app_s": statistics.median(ours), "baseline_s": statistics.median(theirs)}


def open_window(path: Path, settle_s: float = 0.3) -> tuple[MainWindow, float, float]:
    """Open the file in a new window as the app does: the window, the seconds until its
    first paint, and the seconds until it was idle (no turn of the event loop longer
    than ``BUSY_S`` for ``settle_s`` after the last busy one)."""
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    painted: list[float] = []
    started = time.perf_counter()
    window = MainWindow(store.load_session(path), path, remember_layout=False)
    window.first_painted.connect(lambda: painted.append(time.perf_counter()))
    window.show()
    deadline = started + 30
    while not painted and time.perf_counter() < deadline:
        app.processEvents()
    if not painted:
        raise RuntimeError("the window never painted")
    idle = settle(app, settle_s)
    return window, painted[0] - started, max(painted[0], idle) - started


def close(window: MainWindow) -> None:
    """Close without asking and without keeping a journal."""
    from PySide6.QtWidgets import QApplication

    window.controller.stack.setClean()
    window.close()
    window.deleteLater()
    QApplication.processEvents()


def opening(path: Path, repeats: int = 3) -> dict[str, float]:
    """Median seconds from the file to the first paint and to idle, a new window each
    time, and the worst of each."""
    painted, idle = [], []
    for _ in range(repeats):
        window, first, still = open_window(path)
        painted.append(first)
        idle.append(still)
        close(window)
    return {
        "median_s": statistics.median(painted),
        "worst_s": max(painted),
        "idle_median_s": statistics.median(idle),
        "idle_worst_s": max(idle),
    }


def next_turn(path: Path, turns: int = 40) -> dict[str, float]:
    """Median and worst milliseconds per Next Turn (the window's action, views repainted)
    on the fight opened from its file."""
    from PySide6.QtWidgets import QApplication

    window, _, _ = open_window(path)  # and idle: what opening set going has run
    app = QApplication.instance()
    assert app is not None
    times = []
    for _ in range(turns):
        started = time.perf_counter()
        window.actions_by_name["actionNextTurn"].trigger()
        app.processEvents()  # the views repaint what changed
        times.append((time.perf_counter() - started) * 1000)
    close(window)
    return {"median_ms": statistics.median(times), "worst_ms": max(times)}


if __name__ == "__main__":
    folder = Path(tempfile.mkdtemp(prefix="fp-bench-"))
    print("built", build(folder))
    fight = folder / "fight.fpsession"
    print("save+load", save_load(fight))
    print("open", opening(fight))
    print("next turn", next_turn(fight))

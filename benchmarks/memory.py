"""What undo costs in memory: the process's resident memory right after the demo opens,
and again after 10,000 ordinary commands (benchmarks.fight's mix: rolls, attacks, damage
and healing, conditions set and cleared, Next Turn), each undoable.

Each figure comes from a fresh interpreter of its own, so nothing else run before it
(other benchmarks, their windows, their caches) is counted:

- ``window``: the real MainWindow on the demo, opened as the app opens it (``--demo``,
  autosave on, shown until its first paint), the commands pushed through its
  SessionController, the events processed as they come;
- ``bare``: the demo session and a ``session.edit.History``, no Qt at all.

``python -m benchmarks.memory --trace [COMMANDS]`` prints, with tracemalloc, where the
memory of the bare run goes, per command.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from futurepath_desktop.session.state import Session

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-bench-"))

BUDGET = 1.25
"""Memory after 10,000 commands, at most this many times the memory right after opening."""


def resident_bytes() -> float:
    """This process's resident memory now (Linux), or its peak so far elsewhere."""
    statm = Path("/proc/self/statm")
    if statm.exists():
        return float(int(statm.read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE"))
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return float(peak * (1 if sys.platform == "darwin" else 1024))


def open_demo() -> Session:
    """The demo as ``--demo`` opens it (from its file), or as built in code if the file
    will not load (a bundle without it, or a file format in the middle of a change)."""
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.ui.app import first_session, parse_args

    try:
        return first_session(parse_args(["--demo"]))[0]
    except Exception as error:  # the file's loader is not what this measures
        print(f"the demo file did not load ({error}); using the built-in demo", file=sys.stderr)
        return demo_session()


def _settle() -> float:
    gc.collect()
    return resident_bytes()


def _marks(play_some: Callable[[int, int], int], commands: int) -> dict[str, float]:
    """Play ``commands`` commands in tenths, with the resident memory after each tenth:
    the growth per command over the last nine tenths leaves out whatever is paid once
    (a lazily imported module, a cache filled by the first attack)."""
    tenth = max(1, commands // 10)
    refused = 0
    done = 0
    marks: list[float] = []
    while done < commands:
        step = min(tenth, commands - done)
        refused += play_some(step, done)
        done += step
        marks.append(_settle())
    slope = (marks[-1] - marks[0]) / (commands - tenth) if len(marks) > 1 else 0.0
    return {"refused": float(refused), "per_command": slope, "first_tenth": marks[0]}


def _window_run(commands: int) -> dict[str, float]:
    from PySide6.QtWidgets import QApplication

    from benchmarks.fight import SEED, play
    from benchmarks.fixtures import settle
    from futurepath_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(open_demo(), remember_layout=False)
    window.show()
    painted: list[bool] = []
    window.first_painted.connect(lambda: painted.append(True))
    while not painted:
        app.processEvents()
    settle(app, 0.5)  # what the first paint set going (the attack form's odds) is part of opening
    before = _settle()
    controller = window.controller
    done = 0

    def push(command: object) -> bool:
        nonlocal done
        ok = controller.push(command)  # type: ignore[arg-type]
        done += 1
        if done % 10 == 0:
            app.processEvents()  # the views repaint, as between a GM's clicks
        return ok

    marks = _marks(lambda n, at: play(controller.session, push, n, seed=SEED + at), commands)
    app.processEvents()
    after = _settle()
    steps = controller.stack.count()
    controller.stack.setClean()
    window.close()
    return {"before": before, "after": after, "steps": float(steps), **marks}


def _bare_run(commands: int) -> dict[str, float]:
    from benchmarks.fight import SEED, play
    from futurepath_desktop.session.history import History

    session = open_demo()
    history = History(session)
    before = _settle()
    marks = _marks(lambda n, at: play(session, history.push, n, seed=SEED + at), commands)
    after = _settle()
    steps = len(history.undo_stack)
    return {"before": before, "after": after, "steps": float(steps), **marks}


def measure(kind: str, commands: int = 10_000) -> dict[str, float]:
    """Resident bytes before and after ``commands`` commands, in a fresh interpreter
    (``kind`` ``window`` or ``bare``)."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    env["FUTUREPATH_HOME"] = tempfile.mkdtemp(prefix="fp-bench-")
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.memory", "--child", kind, str(commands)],
        check=True,
        env=env,
        capture_output=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    figures: dict[str, float] = json.loads(done.stdout.decode().splitlines()[-1])
    return figures


def trace(commands: int = 2_000, top: int = 12, window: bool = False) -> None:
    """Print where the memory goes, per command (tracemalloc, by the line in the
    project that allocated it, or called the library that did)."""
    import tracemalloc

    from benchmarks.fight import play
    from futurepath_desktop.session.history import History

    gc.collect()
    tracemalloc.start(8)
    if window:
        first = tracemalloc.take_snapshot()
        _window_run(commands)  # takes its own figures; only the trace is read here
    else:
        session = open_demo()
        history = History(session)
        gc.collect()
        first = tracemalloc.take_snapshot()
        play(session, history.push, commands)
    gc.collect()
    last = tracemalloc.take_snapshot()
    tracemalloc.stop()
    stats = last.compare_to(first, "traceback")
    total = sum(s.size_diff for s in stats)
    print(f"{commands} commands: {total / 2**20:.1f} MiB, {total / commands:.0f} bytes a command")
    by_line: dict[str, list[int]] = {}
    for stat in stats:
        frames = [f for f in stat.traceback if "futurepath_desktop" in f.filename]
        frame = frames[-1] if frames else stat.traceback[-1]
        at = f"{Path(frame.filename).name}:{frame.lineno}"
        if frame is not stat.traceback[-1]:
            at += f" ({Path(stat.traceback[-1].filename).name}:{stat.traceback[-1].lineno})"
        figures = by_line.setdefault(at, [0, 0])
        figures[0] += stat.size_diff
        figures[1] += stat.count_diff
    for where, (size, count) in sorted(by_line.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{size / commands:9.0f} B/command  {count:8d} blocks  {where}")
    if not window:
        kept = _without_undo(commands)
        print(
            f"the same commands with no undo kept: {kept / commands:.0f} bytes a command "
            f"(the log and the document); undo's own share: {(total - kept) / commands:.0f}"
        )


def _without_undo(commands: int) -> int:
    """Bytes the session grows by over the same commands, each inverse dropped at once."""
    import tracemalloc

    from benchmarks.fight import play
    from futurepath_desktop.session.edit import run

    session = open_demo()
    gc.collect()
    tracemalloc.start(1)
    first = tracemalloc.take_snapshot()
    play(session, lambda command: run(session, command), commands)
    gc.collect()
    last = tracemalloc.take_snapshot()
    tracemalloc.stop()
    return sum(s.size_diff for s in last.compare_to(first, "filename"))


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments[:1] == ["--child"]:
        run = _window_run if arguments[1] == "window" else _bare_run
        print(json.dumps(run(int(arguments[2]))))
    elif arguments[:1] == ["--trace"]:
        numbers = [int(a) for a in arguments[1:] if a.isdigit()]
        trace(numbers[0] if numbers else 2_000, window="window" in arguments)
    else:
        for kind in ("bare", "window"):
            figures = measure(kind)
            ratio = figures["after"] / figures["before"]
            print(
                f"{kind}: {figures['before'] / 2**20:.1f} → {figures['after'] / 2**20:.1f} MiB "
                f"({ratio:.2f}×, budget {BUDGET:g}×) over {figures['steps']:.0f} undo steps"
            )

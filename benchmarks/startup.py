"""Cold start to first paint: the app on the demo against a bare PySide6 window."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
window = QMainWindow()
window.resize(1280, 800)
window.show()
QTimer.singleShot(0, lambda: (window.grab(), app.quit()))
app.exec()
"""


def _time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, env=env, capture_output=True)
    return time.perf_counter() - started


def compile_package() -> None:
    """Write the package's bytecode, as an installed app has it (pip and the installers
    compile on install; a checkout run with PYTHONDONTWRITEBYTECODE would not)."""
    import compileall

    import futurepath_desktop

    compileall.compile_dir(Path(futurepath_desktop.__file__).parent, quiet=1)


LEAVE_UP = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from futurepath_desktop.ui.app import main


def raise_then_quit(step=[0]):
    windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
    if not windows or not windows[0].painted:
        QTimer.singleShot(25, raise_then_quit)
        return
    window = windows[0]
    step[0] += 1
    if step[0] == 1:
        if sys.argv[1] == "odds":
            window.show_chart(0)
        else:
            window.bridge.show()
            window.bridge.raise_()
        QTimer.singleShot(200, raise_then_quit)
        return
    window.controller.stack.setClean()
    window.close()  # the layout is kept for the next start
QTimer.singleShot(0, raise_then_quit)
sys.exit(main(["--demo"]))
"""
"""Run the app once, bring up a panel of the middle column ("odds" or "bridge") and close
it, as a GM ends a session: the next start restores that layout."""


def measure(
    repeats: int = 5, session: Path | None = None, left_up: str | None = None
) -> dict[str, float]:
    """Median seconds from process start to exit after the first paint, both ways; with
    ``left_up``, the app starts on the layout of a session closed with that panel up."""
    compile_package()
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    env.pop("FUTUREPATH_HOME", None)
    home = tempfile.mkdtemp(prefix="fp-bench-")
    if sys.platform.startswith("linux"):
        # Real user paths (platformdirs and all), only moved to a scratch folder.
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
            env[name] = str(Path(home) / name.lower())
    else:
        env["FUTUREPATH_HOME"] = home
    app = [sys.executable, "-m", "futurepath_desktop", "--smoke-test"]
    app += [str(session)] if session else ["--demo"]
    bare = [sys.executable, "-c", BARE]
    if left_up is not None:
        subprocess.run(
            [sys.executable, "-c", LEAVE_UP, left_up], check=True, env=env, capture_output=True
        )
    for _ in range(2):  # warm the disk cache for both (a fresh venv's files are cold)
        _time(bare, env)
        _time(app, env)
    app_times, bare_times = [], []
    for _ in range(repeats):
        bare_times.append(_time(bare, env))
        app_times.append(_time(app, env))
    return {"app": statistics.median(app_times), "baseline": statistics.median(bare_times)}


if __name__ == "__main__":
    figures = measure()
    print(
        f"app {figures['app'] * 1000:.0f} ms, bare window {figures['baseline'] * 1000:.0f} ms, "
        f"ratio {figures['app'] / figures['baseline']:.2f}"
    )


PEAK = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, capture_output=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(peak * (1 if sys.platform == "darwin" else 1024))
"""


def peak_memory(session: Path | None = None) -> dict[str, float]:
    """Peak resident memory (bytes) of the app's smoke test and of the bare window, each
    measured in a process of its own (POSIX only)."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    env["FUTUREPATH_HOME"] = tempfile.mkdtemp(prefix="fp-bench-")
    app = [sys.executable, "-m", "futurepath_desktop", "--smoke-test"]
    app += [str(session)] if session else ["--demo"]
    bare = [sys.executable, "-c", BARE]

    def peak(command: list[str]) -> float:
        done = subprocess.run(
            [sys.executable, "-c", PEAK, *command], check=True, env=env, capture_output=True
        )
        return float(done.stdout.decode().split()[-1])

    return {"app": peak(app), "baseline": peak(bare)}

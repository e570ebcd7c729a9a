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


def measure(repeats: int = 5, session: Path | None = None) -> dict[str, float]:
    """Median seconds from process start to exit after the first paint, both ways."""
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
    _time(bare, env)  # warm the disk cache for both
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

"""The entry point: the smoke test packagers use, bad files, and nothing heavy before the
first paint."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.store import save_session


def run_app(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FUTUREPATH_HOME": str(home)}
    return subprocess.run(
        [sys.executable, "-m", "futurepath_desktop", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_smoke_test_passes_on_the_demo_and_on_a_saved_session(
    private_home: Path, tmp_path: Path
) -> None:
    done = run_app("--demo", "--smoke-test", home=private_home)
    assert done.returncode == 0, done.stderr
    assert "smoke test passed: Space Bears" in done.stdout
    saved = tmp_path / "saved.fpsession"
    save_session(demo_session(), saved)
    done = run_app(str(saved), "--smoke-test", home=private_home)
    assert done.returncode == 0, done.stderr


def test_smoke_test_fails_on_a_corrupt_file(private_home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.fpsession"
    bad.write_text("{ this is not json")
    done = run_app(str(bad), "--smoke-test", home=private_home)
    assert done.returncode != 0
    assert "not valid JSON" in done.stderr


def test_smoke_test_fails_when_a_panel_is_empty(private_home: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.fpsession"
    empty.write_text(json.dumps({"format_version": 1, "id": "e", "name": "Empty"}))
    done = run_app(str(empty), "--smoke-test", home=private_home)
    assert done.returncode == 1
    assert "the initiative panel has no teams" in done.stderr


FIRST_PAINT = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui.main_window import MainWindow
window = MainWindow(demo_session(), autosave=False)
window.show()
while not window.painted:
    app.processEvents()
heavy = [m for m in ("pyqtgraph", "icepool") if m in sys.modules]
print("before:" + ",".join(heavy))
for _ in range(20):
    app.processEvents()
print("after:" + ",".join(m for m in ("pyqtgraph", "icepool") if m in sys.modules))
"""


def test_nothing_heavy_is_imported_before_the_first_paint(private_home: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "FUTUREPATH_HOME": str(private_home)}
    done = subprocess.run(
        [sys.executable, "-c", FIRST_PAINT],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    lines = dict(line.split(":", 1) for line in done.stdout.split())
    assert lines["before"] == "", f"imported before the first paint: {lines['before']}"
    assert "icepool" in lines["after"], "the attack odds load once the window has painted"

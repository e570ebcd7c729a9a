"""Shared test set-up: a private home for every test, and headless Qt by default."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from futurepath_desktop.ui.none_refcount import make_none_immortal

# As the ui package does on import; tests that drive Qt without it are covered too.
make_none_immortal()


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Qt draws on the X server pytest-xvfb started, if any; offscreen otherwise, on a
    screen as big as the X server's (the offscreen default is 800x800)."""
    if not os.environ.get("DISPLAY") and "QT_QPA_PLATFORM" not in os.environ:
        screen = {"name": "tests", "x": 0, "y": 0, "width": 1920, "height": 1080}
        screen_file = Path(tempfile.gettempdir()) / f"futurepath-tests-screen-{os.getpid()}.json"
        screen_file.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen_file}"


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own FUTUREPATH_HOME, so no test touches a real user's files."""
    home = tmp_path / "home"
    monkeypatch.setenv("FUTUREPATH_HOME", str(home))
    yield home

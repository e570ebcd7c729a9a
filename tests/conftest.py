"""Shared test set-up: a private home for every test, and headless Qt by default."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from futurepath_desktop.ui.none_refcount import make_none_immortal

# As the ui package does on import; tests that drive Qt without it are covered too.
make_none_immortal()


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Qt draws on the X server pytest-xvfb started, if any; offscreen otherwise."""
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own FUTUREPATH_HOME, so no test touches a real user's files."""
    home = tmp_path / "home"
    monkeypatch.setenv("FUTUREPATH_HOME", str(home))
    yield home

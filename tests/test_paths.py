"""Where files go: FUTUREPATH_HOME redirects every location."""

from __future__ import annotations

from pathlib import Path

import pytest

from futurepath_desktop import paths


def test_home_redirects_every_location(private_home: Path) -> None:
    found = {
        paths.sessions_dir(): "sessions",
        paths.autosave_dir(): "autosave",
        paths.library_dir(): "library",
        paths.logs_dir(): "logs",
        paths.settings_dir(): "settings",
    }
    for path, name in found.items():
        assert path == private_home / name
    assert not private_home.exists(), "asking for a folder does not create it"
    created = paths.autosave_dir(create=True)
    assert created.is_dir()


def test_without_the_override_platform_folders_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(paths.HOME_ENV)
    assert paths.HOME_ENV not in str(paths.library_dir())
    assert paths.APP_NAME in str(paths.library_dir())
    assert paths.APP_NAME in str(paths.autosave_dir())

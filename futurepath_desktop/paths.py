"""Where Future Path Desktop keeps its files.

The locations follow each platform's conventions (through platformdirs). Setting the
environment variable ``FUTUREPATH_HOME`` to a folder redirects every one of them below
that folder, which is what the tests do, so that no test touches a real user's files.
The environment is read on every call, never cached at import time.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import types

APP_NAME = "FuturePathDesktop"
APP_AUTHOR = "FuturePath"
HOME_ENV = "FUTUREPATH_HOME"


def home_override() -> Path | None:
    """The folder ``FUTUREPATH_HOME`` names, if it is set."""
    return _home_override()


def _home_override() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def _platformdirs() -> types.ModuleType:
    import platformdirs  # only when no override is set; keeps it off the start-up path

    return platformdirs


def _ensure(path: Path, create: bool) -> Path:
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def sessions_dir(create: bool = False) -> Path:
    """The default folder for saved sessions (the Open and Save dialogs start here)."""
    home = _home_override()
    if home is not None:
        return _ensure(home / "sessions", create)
    return _ensure(_platformdirs().user_documents_path() / "Future Path Sessions", create)


def autosave_dir(create: bool = False) -> Path:
    """The folder holding the autosave journal used for crash recovery."""
    home = _home_override()
    if home is not None:
        return _ensure(home / "autosave", create)
    return _ensure(_platformdirs().user_data_path(APP_NAME, APP_AUTHOR) / "autosave", create)


def library_dir(create: bool = False) -> Path:
    """The prep library: characters, monster and ship templates, saved encounters."""
    home = _home_override()
    if home is not None:
        return _ensure(home / "library", create)
    return _ensure(_platformdirs().user_data_path(APP_NAME, APP_AUTHOR) / "library", create)


def logs_dir(create: bool = False) -> Path:
    """The folder for the application's diagnostic logs."""
    home = _home_override()
    if home is not None:
        return _ensure(home / "logs", create)
    return _ensure(_platformdirs().user_log_path(APP_NAME, APP_AUTHOR), create)


def settings_dir(create: bool = False) -> Path:
    """The folder for window layout and preferences."""
    home = _home_override()
    if home is not None:
        return _ensure(home / "settings", create)
    return _ensure(_platformdirs().user_config_path(APP_NAME, APP_AUTHOR), create)

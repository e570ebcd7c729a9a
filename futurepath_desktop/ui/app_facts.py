"""What the app can tell about itself: its version and what it runs on, and where it keeps
its files (for Help ▸ About and the report of an unexpected error)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from futurepath_desktop import __version__, paths

FOLDERS: tuple[tuple[str, Callable[[], Path]], ...] = (
    ("Sessions", paths.sessions_dir),
    ("Autosave", paths.autosave_dir),
    ("Logs", paths.logs_dir),
    ("Prep library", paths.library_dir),
)
"""Each folder the app keeps files in, by what it holds (not the settings: Qt keeps
those where each platform wants them, the registry on Windows)."""


def folders() -> list[tuple[str, Path]]:
    """Where each kind of file lives (nothing is made by asking)."""
    return [(what, where()) for what, where in FOLDERS]


def platform_words() -> str:
    """The operating system, as the report of an error names it."""
    import platform

    from PySide6.QtGui import QGuiApplication

    shown_on = QGuiApplication.platformName() if QGuiApplication.instance() else ""
    words = platform.platform(terse=False)
    return f"{words} ({shown_on})" if shown_on else words


def facts() -> list[str]:
    """The version and what it runs on, one line each."""
    import PySide6
    from PySide6.QtCore import qVersion

    python = ".".join(str(part) for part in sys.version_info[:3])
    frozen = ", packaged" if getattr(sys, "frozen", False) else ""
    return [
        f"Future Path Desktop {__version__}{frozen}",
        f"Python {python} ({sys.implementation.name})",
        f"Qt {qVersion()}, PySide6 {PySide6.__version__}",
        f"Platform: {platform_words()}",
    ]

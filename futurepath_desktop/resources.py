"""Where the app's own files (icons, the demo session) are, frozen or not."""

from __future__ import annotations

import sys
from pathlib import Path


def resources_dir() -> Path:
    """The package's ``data/`` folder: installed with it (package data), in a checkout,
    or unpacked inside a frozen bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        return Path(bundle) / "futurepath_desktop" / "data"
    return Path(__file__).resolve().parent / "data"


def demo_path() -> Path:
    """The demo session file (the combat chapter's Space Bears)."""
    return resources_dir() / "demo" / "space-bears.fpsession"


def icon_path() -> Path:
    """The application icon (PNG, 256 px)."""
    return resources_dir() / "icons" / "futurepath-desktop-256.png"

"""Where the app's own files (icons, the demo session) are: installed, in a checkout or
inside the frozen bundle.

They live in ``resources/`` at the top of the checkout, which is installed as the package
``futurepath_desktop.resources``; ``importlib.resources`` finds it wherever it went.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

# Named, not imported: in a checkout the folder sits beside futurepath_desktop/, not in
# it, where the type checker and the import linter look for the package's modules.
RESOURCES = "futurepath_desktop.resources"


def resources_dir() -> Path:
    """The ``resources/`` folder: a checkout's (editable install), the installed package's
    ``futurepath_desktop/resources/``, or its copy unpacked inside a frozen bundle."""
    folder = files(RESOURCES)
    if not isinstance(folder, Path):  # a zipped install: the app is never shipped as one
        raise RuntimeError(f"the app's resources are not a folder on disk: {folder}")
    return folder


def demo_path() -> Path:
    """The demo session file (the combat chapter's Space Bears)."""
    return resources_dir() / "demo" / "space-bears.fpsession"


def icon_path() -> Path:
    """The application icon (PNG, 256 px)."""
    return resources_dir() / "icons" / "futurepath-desktop-256.png"

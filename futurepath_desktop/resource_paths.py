"""Where the app's own files (icons, the demo session) are: installed, in a checkout or
inside the frozen bundle.

They live in ``resources/`` at the top of the checkout, which is installed as the package
``futurepath_desktop.resources``; the import system finds its folder wherever it went.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

# Named, not imported: in a checkout the folder sits beside futurepath_desktop/, not in
# it, where the type checker and the import linter look for the package's modules.
RESOURCES = "futurepath_desktop.resources"


def resources_dir() -> Path:
    """The ``resources/`` folder: a checkout's (editable install), the installed package's
    ``futurepath_desktop/resources/``, or its copy unpacked inside a frozen bundle."""
    # The folder of the package's marker, where the import system finds it (the marker
    # itself is not run). importlib.resources gives the same folder, but loads temporary
    # file, archive and reader machinery first, which delayed the window's first frame.
    spec = find_spec(RESOURCES)
    marker = spec.origin if spec is not None else None
    folder = Path(marker).parent if marker else None
    if folder is None or not folder.is_dir():  # a zipped install: the app is never one
        raise RuntimeError(f"the app's resources are not a folder on disk: {marker}")
    return folder


def demo_path() -> Path:
    """The demo session file (the combat chapter's Space Bears)."""
    return resources_dir() / "demo" / "space-bears.fpsession"


def icon_path() -> Path:
    """The application icon (PNG, 256 px)."""
    return resources_dir() / "icons" / "futurepath-desktop-256.png"

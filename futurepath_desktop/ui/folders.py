"""Opening one of the app's folders (its logs, the sessions) in the system's file manager,
for Help ▸ About and the report of an unexpected error."""

from __future__ import annotations

import contextlib
from pathlib import Path


def open_folder(path: Path) -> bool:
    """Show ``path`` in the file manager (made first if it is not there yet: the logs
    folder, say, before anything was logged). Whether the system took the request."""
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QDesktopServices

    with contextlib.suppress(OSError):  # a read-only place: the file manager says so
        path.mkdir(parents=True, exist_ok=True)
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))))

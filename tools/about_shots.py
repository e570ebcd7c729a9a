"""Screenshots of Help ▸ About, light and dark, with the folders a GM on Linux sees.

    QT_QPA_PLATFORM=offscreen python -c "from tools.about_shots import about_shots; \
from pathlib import Path; about_shots(Path('docs/screenshots'))"

Writes about.png (light) and about-dark.png.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtWidgets import QApplication

from futurepath_desktop import paths
from futurepath_desktop.ui import theme

SHOWN_HOME = "/home/gm"
"""The home folder the pictures show (not the machine's that takes them)."""


@contextmanager
def platform_folders() -> Iterator[None]:
    """The platform's own folders under ``SHOWN_HOME``, not the screenshots' private home
    (nothing is written there: the dialog only names them)."""
    names = (paths.HOME_ENV, "HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_DOCUMENTS_DIR")
    saved = {name: os.environ.get(name) for name in names}
    for name in names:
        os.environ.pop(name, None)
    os.environ["HOME"] = SHOWN_HOME
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def about_shots(out: Path) -> None:
    """Help ▸ About as the GM sees it, in both schemes."""
    from futurepath_desktop.ui.dialogs.about_dialog import AboutDialog

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    for scheme, name in ((theme.LIGHT, "about.png"), (theme.DARK, "about-dark.png")):
        theme.apply_theme(app, scheme)
        with platform_folders():
            dialog = AboutDialog()
        dialog.show()
        for _ in range(5):
            app.processEvents()
        dialog.grab().save(str(out / name))
        dialog.close()
    theme.apply_theme(app, theme.LIGHT)


if __name__ == "__main__":
    import sys

    application = QApplication(sys.argv[:1])
    about_shots(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))

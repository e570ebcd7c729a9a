"""What Help ▸ About says about licences: the app's own (MIT), Qt's (the LGPL, with what
it asks of us), and each library the app runs on, with the version in use."""

from __future__ import annotations

import sys
from typing import NamedTuple

APP_LICENCE = """MIT License

Copyright (c) 2026 Future Path Desktop developers

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""
"""The LICENSE file's text (a test holds the two equal): a frozen bundle has no
package metadata to read it from."""


class Library(NamedTuple):
    """A library the app runs on: its name, the distribution that holds it, its licence
    and its home page."""

    name: str
    distribution: str
    licence: str
    home: str
    module: str = ""
    """Its module, if it tells its version (read only when already loaded)."""


LIBRARIES = (
    Library(
        "Qt for Python (PySide6)",
        "PySide6-Essentials",
        "LGPL-3.0-only (or GPL-2.0 / GPL-3.0)",
        "https://pyside.org",
        "PySide6",
    ),
    Library(
        "Shiboken6",
        "shiboken6",
        "LGPL-3.0-only (or GPL-2.0 / GPL-3.0)",
        "https://pyside.org",
        "shiboken6",
    ),
    Library("pyqtgraph", "pyqtgraph", "MIT", "https://www.pyqtgraph.org", "pyqtgraph"),
    Library("NumPy (for pyqtgraph)", "numpy", "BSD-3-Clause", "https://numpy.org", "numpy"),
    Library("platformdirs", "platformdirs", "MIT", "https://github.com/tox-dev/platformdirs"),
    Library("msgspec", "msgspec", "BSD-3-Clause", "https://jcristharif.com/msgspec/", "msgspec"),
    Library("Icepool", "icepool", "MIT", "https://github.com/HighDiceRoller/icepool"),
    Library("filelock", "filelock", "MIT", "https://github.com/tox-dev/filelock"),
    Library(
        "aiohttp (and the libraries it needs)", "aiohttp", "Apache-2.0", "https://docs.aiohttp.org"
    ),
    Library("segno", "segno", "BSD-3-Clause", "https://github.com/heuer/segno"),
)
"""The runtime dependencies of pyproject.toml (and NumPy, which pyqtgraph needs)."""

QT_SOURCE = "https://download.qt.io/official_releases/qt/"
PYSIDE_SOURCE = "https://code.qt.io/cgit/pyside/pyside-setup.git/"
LGPL_TEXT = "https://www.gnu.org/licenses/lgpl-3.0.html"


def version_of(library: Library) -> str:
    """The version in use, or "" if it cannot be told without loading the library (the
    odds engine and the plotting library stay unloaded for this)."""
    from importlib import metadata

    try:
        return metadata.version(library.distribution)
    except metadata.PackageNotFoundError:  # a frozen bundle may carry no metadata
        module = sys.modules.get(library.module) if library.module else None
        return str(getattr(module, "__version__", ""))


def qt_versions() -> tuple[str, str]:
    """The Qt libraries' version and the bindings' version."""
    import PySide6
    from PySide6.QtCore import qVersion

    return qVersion(), PySide6.__version__


def qt_notice() -> str:
    """What the LGPL asks the app to tell its users about Qt, as rich text."""
    qt, pyside = qt_versions()
    return (
        f"<p>Future Path Desktop uses the Qt {qt} libraries through Qt for Python "
        f"(PySide6 {pyside}), under the GNU Lesser General Public License, version 3 "
        f"(<a href='{LGPL_TEXT}'>LGPL-3.0</a>). Qt is a trademark of The Qt Company Ltd.</p>"
        "<p>Qt is linked dynamically and shipped unmodified, as separate libraries: you may "
        "replace them with your own build of the same version. Their source code is at "
        f"<a href='{QT_SOURCE}'>{QT_SOURCE}</a> and that of Qt for Python at "
        f"<a href='{PYSIDE_SOURCE}'>{PYSIDE_SOURCE}</a>.</p>"
    )


def licences_html() -> str:
    """The whole licences section: the app's, Qt's notice, the libraries' table."""
    from html import escape

    rows = "".join(
        f"<tr><td><a href='{lib.home}'>{escape(lib.name)}</a></td>"
        f"<td>{escape(version_of(lib))}</td><td>{escape(lib.licence)}</td></tr>"
        for lib in LIBRARIES
    )
    python = ".".join(str(part) for part in sys.version_info[:3])
    rows += (
        f"<tr><td><a href='https://www.python.org'>Python</a></td><td>{python}</td>"
        "<td>PSF-2.0</td></tr>"
    )
    return (
        "<p>Future Path Desktop is free software under the MIT licence (its text is at the "
        "end). It runs on the libraries below, each under its own licence.</p>"
        f"<h3>Qt</h3>{qt_notice()}"
        "<h3>Libraries</h3>"
        "<table cellspacing='0' cellpadding='3'>"
        "<tr><th align='left'>Library</th><th align='left'>Version</th>"
        f"<th align='left'>Licence</th></tr>{rows}</table>"
        "<p>Each library's licence text comes with it (in a packaged copy, beside the "
        "program's files).</p>"
        "<h3>Future Path Desktop</h3>"
        f"<pre style='white-space: pre-wrap'>{escape(APP_LICENCE)}</pre>"
    )

"""Spare PySide reading source files at every start.

Once PySide6 is loaded it watches every import: the first time it sees a module, it reads
the module's whole source file to learn whether the module mentions PySide6 (only such a
module may switch on PySide's ``__feature__`` options, snake_case names and true
properties). At every start it read the app's hundred-odd modules that way, and the
standard library modules they import, which took about as long as building the inspector.
Here the answer is given without reading when it is known from the module's name: of the
app's modules, the ``ui`` package is the one that uses Qt (core and session never import
it; the import linter holds that), and no standard library module mentions PySide6. Any
other module is still read as before. The app switches on no feature either way.

The watcher is PySide's own code, not a public API: should a later PySide not have it,
nothing is changed here and the modules are read as before.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

PACKAGE = "futurepath_desktop"
QT_LAYER = f"{PACKAGE}.ui"


def known_use(name: str) -> bool | None:
    """Whether module ``name`` mentions PySide6, if that is known from its name alone."""
    top = name.partition(".")[0]
    if top == PACKAGE:
        return name == QT_LAYER or name.startswith(f"{QT_LAYER}.")
    if top in sys.stdlib_module_names:
        return False
    return None


def skip_known_sources() -> None:
    """Let PySide (once loaded) take a module's use of it from ``known_use`` when it can."""
    watcher = sys.modules.get("PySide6.support.feature")
    scan: Callable[[ModuleType], bool] | None = getattr(watcher, "_mod_uses_pyside", None)
    if scan is None or getattr(scan, "by_name", False):
        return

    def by_name(module: ModuleType) -> bool:
        known = known_use(getattr(module, "__name__", ""))
        return scan(module) if known is None else known

    by_name.by_name = True  # type: ignore[attr-defined]
    watcher._mod_uses_pyside = by_name  # type: ignore[union-attr]

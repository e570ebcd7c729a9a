"""Take PySide's feature watcher off the app's imports.

Once PySide6 is loaded it watches every import statement, for its ``__feature__`` options
(snake_case names and true properties, which a module switches on with
``from __feature__ import …``). The watcher is Python: at each statement it looks up the
importing module, and after it it checks the module imported, the first time by reading
the module's whole source file to learn whether it mentions PySide6. The app switches on
no feature, so all of that is wasted: some 1,100 statements run before the first frame,
about 10 M instructions of a start (0.8 %).

The import the watcher wraps is the bindings' own lazy import, which lets
``from PySide6.QtWidgets import *`` see every class; that one is put back in its place.
Should a later PySide not have the watcher, or wrap something else, nothing is changed.
"""

from __future__ import annotations

import builtins

WATCHER = "__feature_import__"
LAZY = "__lazy_import__"


def plain_imports() -> bool:
    """Imports from now on skip the feature watcher; whether it was taken off."""
    current = builtins.__import__
    wrapped = getattr(builtins, "__orig_import__", None)
    if getattr(current, "__name__", "") != WATCHER or getattr(wrapped, "__name__", "") != LAZY:
        return False
    builtins.__import__ = wrapped  # type: ignore[assignment]
    return True

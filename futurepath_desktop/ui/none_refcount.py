"""A guard against a reference-counting fault in PySide6 6.12 on CPython 3.11.

Every call of a Qt method that returns nothing (``painter.save()``, ``label.setText()``)
hands Python a None it took no reference for: None loses one reference per call. A window
makes thousands of such calls while it is built and painted (the health bars alone make ten
per cell per repaint), and CPython stops with "none_dealloc: deallocating None" once None's
count runs out; it starts with only a few thousand. CPython 3.12 made None immortal, which
is why the fault only shows on 3.11. Here we give None a very large reference count, which
is what immortality amounts to; True and False leak the same way. It must happen before the
first Qt call, so the ``ui`` package does it when it is imported.
"""

from __future__ import annotations

import sys

_HEADROOM = 1 << 40


def make_none_immortal() -> None:
    """On CPython before 3.12, lift the reference counts of None, True and False (all
    immortal from 3.12) far out of reach of the leak."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return
    # ctypes' core only: the ctypes package around it sets up every C type and a cache of
    # function prototypes, which would all load before the window could start.
    from _ctypes import _SimpleCData

    class _Count(_SimpleCData):  # type: ignore[type-arg]
        """A Py_ssize_t, which is pointer-sized."""

        _type_ = "q" if sys.maxsize > 2**32 else "l"

    for singleton in (None, True, False):
        # ob_refcnt is the first field of every PyObject in a release build.
        count = _Count.from_address(id(singleton))
        if count.value < _HEADROOM:
            count.value += _HEADROOM

"""A guard against a reference-counting fault in PySide6 6.12 on CPython 3.11.

Some PySide6 calls that hand an empty QVariant back to Python give out ``None`` without
taking a reference to it. Each such call leaves None one reference short; a busy table
repaints thousands of cells, and after a while CPython frees None and stops with
"none_dealloc: deallocating None". CPython 3.12 made None immortal, which is why the
fault only shows on 3.11. Here we give None a very large reference count, which is what
immortality amounts to; True and False leak the same way. The window does this right after
its first frame (None starts with tens of thousands of references, far more than a first
frame could leak), which keeps ctypes off the way to that frame.
"""

from __future__ import annotations

import sys

_HEADROOM = 1 << 40


def make_none_immortal() -> None:
    """On CPython before 3.12, lift the reference counts of None, True and False (all
    immortal from 3.12) far out of reach of the leak."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return
    import ctypes  # only here: the window calls this after its first frame

    for singleton in (None, True, False):
        # ob_refcnt is the first field of every PyObject in a release build.
        count = ctypes.c_ssize_t.from_address(id(singleton))
        if count.value < _HEADROOM:
            count.value += _HEADROOM

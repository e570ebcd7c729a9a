"""An item view's viewport made by the app rather than by Qt.

A widget Qt made and first hands to Python (a view's viewport, asked for its size or
watched for paints) makes the bindings try every widget class for its type, building their
enums: some 5 to 20 ms at start. A viewport made here is a plain ``QWidget`` from the
start. It is filled with the base colour under the rows, as Qt's own is, and so opaque: it
is repainted alone, without the panel behind it.
"""

from __future__ import annotations

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView, QWidget


def give_own_viewport(view: QAbstractItemView) -> None:
    """Give ``view`` a viewport of the app's making, filled with the base colour."""
    viewport = QWidget()
    viewport.setBackgroundRole(QPalette.ColorRole.Base)
    viewport.setAutoFillBackground(True)
    view.setViewport(viewport)

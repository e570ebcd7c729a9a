"""What the main window is given once its panels and actions are made: files dropped on
it and the portraits' actions (``ui.drops``), and the round clock and reminder notes
(``ui.rhythm``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from futurepath_desktop.ui import drops, rhythm

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def install(window: MainWindow) -> None:
    drops.install(window)
    rhythm.install(window)

"""The window's side of Help ▸ About and the report of an unexpected error: what its actions
(``ui.desk_rows``) call, each given the main window."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow


def show_about(window: MainWindow) -> None:
    """Help ▸ About: the version, where the files are, the licences."""
    from futurepath_desktop.ui.dialogs.about_dialog import AboutDialog

    AboutDialog(window).exec()

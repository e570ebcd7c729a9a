"""What makes the main window a well-behaved desktop application, hooked in at start-up:
unexpected errors reported (``ui.error_report``), files the system hands over taken
(``ui.file_open``), and the system's light or dark scheme followed (``ui.theme``). Each
is cheap to install: the report and its dialog load with the first error."""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TYPE_CHECKING

from futurepath_desktop.ui import theme

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.ui.error_report import ErrorReporter
    from futurepath_desktop.ui.main_window import MainWindow


class ErrorHook:
    """``sys.excepthook`` until the first error, which brings the reporter in."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.previous = sys.excepthook
        self.reporter: ErrorReporter | None = None

    def __call__(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        if self.reporter is None:
            from futurepath_desktop.ui.error_report import ErrorReporter

            self.reporter = ErrorReporter(self.window)
            self.reporter.previous = self.previous
        self.reporter.hook(kind, error, trace)


def install(window: MainWindow, app: QApplication, *, report_errors: bool = True) -> None:
    """Hook ``window`` up to the desktop (``report_errors=False``: leave unexpected errors
    to Python, which prints them, as the smoke test wants)."""
    if report_errors:
        sys.excepthook = ErrorHook(window)
    if sys.platform == "darwin":  # the one system that hands files over by an event
        from futurepath_desktop.ui import file_open

        file_open.install(window, app)
    theme.follow_system(window)

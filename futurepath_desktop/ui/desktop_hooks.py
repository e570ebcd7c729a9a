"""What makes the main window a well-behaved desktop application, hooked in at start-up:
unexpected errors reported (``ui.error_report``), files the system hands over taken
(``ui.file_open``), and the system's light or dark scheme followed (``ui.theme``). Each
is cheap to install: the report and its dialog load with the first error."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
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


class ThreadErrorHook:
    """``threading.excepthook``: an error that ends a helper thread (the players' page,
    the autosave writer) goes to the app's log with its trace, not only to a console the
    game master never sees; then to whatever hook was there before."""

    def __init__(self, previous: Callable[[threading.ExceptHookArgs], object]) -> None:
        self.previous = previous

    def __call__(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not SystemExit:
            import logging

            name = args.thread.name if args.thread is not None else "a helper"
            logging.getLogger("futurepath_desktop").critical(
                "the %s thread stopped on an error",
                name,
                exc_info=(args.exc_type, args.exc_value, args.exc_traceback),  # type: ignore[arg-type]
            )
        self.previous(args)


def install(window: MainWindow, app: QApplication, *, report_errors: bool = True) -> None:
    """Hook ``window`` up to the desktop (``report_errors=False``: leave unexpected errors
    to Python, which prints them, as the smoke test wants)."""
    if report_errors:
        sys.excepthook = ErrorHook(window)
        if not isinstance(threading.excepthook, ThreadErrorHook):
            threading.excepthook = ThreadErrorHook(threading.excepthook)
    if sys.platform == "darwin":  # the one system that hands files over by an event
        from futurepath_desktop.ui import file_open

        file_open.install(window, app)
    theme.follow_system(window)

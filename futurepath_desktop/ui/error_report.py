"""The window's answer to an unexpected error (a bug, not a refused action: those are
told in the status bar). Installed as ``sys.excepthook``, where PySide6 also sends an
exception a slot or an event handler let out: the error goes to the log file, the
autosave journal is flushed so the session is kept, and a dialog gives a report to copy.
The window goes on. One dialog at a time: errors that come while it is open are counted
in it (a paint handler that fails fails at every frame)."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from futurepath_desktop.ui.dialogs.error_dialog import ErrorDialog
    from futurepath_desktop.ui.main_window import MainWindow

LOGGER = "futurepath_desktop.errors"


def install(window: MainWindow) -> ErrorReporter:
    """Report unexpected errors over ``window`` from now on."""
    reporter = ErrorReporter(window)
    reporter.install()
    return reporter


class ErrorReporter:
    """Catches what no one else caught, keeps the session and tells the game master."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.previous = sys.excepthook
        self.dialog: ErrorDialog | None = None
        self.seen: dict[tuple[str, str, str], int] = {}
        """How often each error (its kind, message and place) came since the dialog
        opened."""
        self.busy = False

    def install(self) -> None:
        """Become ``sys.excepthook``."""
        sys.excepthook = self.hook

    def uninstall(self) -> None:
        """Give ``sys.excepthook`` back to what it was (if it is still this one)."""
        if sys.excepthook == self.hook:
            sys.excepthook = self.previous

    def hook(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
    ) -> None:
        """What ``sys.excepthook`` does."""
        import shiboken6

        if (
            not issubclass(kind, Exception)  # Ctrl+C, an exit: as Python does them
            or self.busy  # the report itself failed: print it rather than loop
            or not shiboken6.isValid(self.window)
        ):
            self.previous(kind, error, trace)
            return
        self.busy = True
        try:
            self.report(kind, error, trace)
        except Exception:
            self.previous(kind, error, trace)
        finally:
            self.busy = False

    def report(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        """Log the error, keep the session, and show (or count it in) the dialog."""
        import traceback

        lines = traceback.format_exception(kind, error, trace)
        where = traceback.extract_tb(trace)[-1] if trace is not None else None
        key = (kind.__name__, str(error), f"{where.filename}:{where.lineno}" if where else "")
        repeat = key in self.seen and self.dialog is not None
        self.seen[key] = self.seen.get(key, 0) + 1
        log_error("".join(lines), repeat=repeat)
        kept = self.keep_session()
        if self.dialog is not None:
            self.dialog.again(None if repeat else "".join(lines).rstrip())
            return
        from PySide6.QtWidgets import QApplication

        from futurepath_desktop.ui.dialogs.error_dialog import ErrorDialog

        # Over the dialog that waits for an answer, if one does: else it would block this.
        parent = QApplication.activeModalWidget() or self.window
        dialog = ErrorDialog(self.report_text(lines), kept, parent)
        dialog.finished.connect(self._closed)
        dialog.destroyed.connect(self._closed)  # with the dialog it was shown over
        self.dialog = dialog
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def _closed(self, *_: object) -> None:
        self.dialog = None
        self.seen.clear()

    def keep_session(self) -> str:
        """Make sure the autosave journal holds every action so far; what to tell the GM
        about it (the last action's name, or why the journal may lack it)."""
        controller = self.window.controller
        last = controller.stack.undoText()
        saver = controller.autosave
        if saver is None:
            return ""
        try:
            saver.flush(timeout=2.0)
        except Exception as trouble:  # the disk: the status bar already says so
            return f"The autosave journal could not be written ({trouble})."
        return f"The last action in it: “{last}”." if last else ""

    def report_text(self, lines: list[str]) -> str:
        """The report to copy: when, which version on what, and what happened."""
        from futurepath_desktop.ui import app_facts

        controller = self.window.controller
        path = controller.path
        session = f"Session: {path.name if path else controller.session.name}"
        session += "" if controller.stack.isClean() else " (unsaved changes, autosaved)"
        when = time.strftime("%Y-%m-%d %H:%M:%S")
        return "\n".join([*app_facts.facts(), f"Time: {when}", session, "", *lines]).rstrip()


def log_error(text: str, *, repeat: bool) -> None:
    """Write the error to the log file (a repeat in one line)."""
    import logging

    from futurepath_desktop.ui.app import configure_logging

    configure_logging()  # an error before the first frame comes before the log is set up
    log = logging.getLogger(LOGGER)
    if repeat:
        log.error("again: %s", text.rstrip().rsplit("\n", 1)[-1])
    else:
        log.error("unexpected error\n%s", text.rstrip())

"""Files the system hands to the running app (macOS sends a QFileOpenEvent when a session
or a sheet is double-clicked, or dropped on the app's icon in the Dock): they are taken as
files dropped on the window are (``ui.drops``): a session opens, character sheets join the
players, anything else is refused with a word why. Files that come together are taken
together; while a dialog waits for an answer they wait too.

Only macOS sends the event, so only there is anything installed: subclassing the
application makes the bindings build all of its enums (some milliseconds of every start),
and a filter on it would see every event of every widget."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, QTimer
from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from futurepath_desktop.ui.main_window import MainWindow

MACOS = sys.platform == "darwin"
GATHER_MS = 150
"""How long after a file the app waits for others handed over with it (macOS sends one
event per file)."""


def opened_file(event: QEvent) -> str:
    """The file a QFileOpenEvent names ("" for none). Its class is looked up only when one
    comes: the bindings build a Qt class's Python side on first use."""
    from PySide6.QtGui import QFileOpenEvent

    if not isinstance(event, QFileOpenEvent):
        return ""
    return event.file() or event.url().toLocalFile()


@cache
def desktop_application() -> type[QApplication]:
    """The application class that tells of the files the system hands it (in its signal
    ``fileOpened``). Only events sent to the application itself reach its ``event``."""
    from PySide6.QtCore import Signal

    class DesktopApplication(QApplication):
        fileOpened = Signal(str)

        def event(self, event: QEvent) -> bool:
            if event.type() == QEvent.Type.FileOpen:
                self.fileOpened.emit(opened_file(event))
                return True
            return super().event(event)

    return DesktopApplication


def application(argv: list[str]) -> QApplication:
    """A new QApplication: on macOS, one that tells of the files handed over."""
    return desktop_application()(argv) if MACOS else QApplication(argv)


class FileOpener(QObject):
    """Takes the files the system hands over, as a drop on the window."""

    def __init__(self, window: MainWindow, app: QApplication) -> None:
        super().__init__(window)
        self.window = window
        self.waiting: list[Path] = []
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(GATHER_MS)
        self.timer.timeout.connect(self.take)
        signal = getattr(app, "fileOpened", None)
        if signal is not None:
            signal.connect(self.receive)
        else:  # an application made elsewhere (a test's): watch it for the event
            app.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The event, on an application that does not tell of it itself."""
        if event.type() == QEvent.Type.FileOpen:
            self.receive(opened_file(event))
            return True
        return False

    def receive(self, file: str) -> None:
        """Note a file handed over; take them all once no more come."""
        if file:
            self.waiting.append(Path(file))
            self.timer.start()

    def take(self) -> bool:
        """Open or import what came (later, if a dialog is waiting for an answer)."""
        if not self.waiting:
            return False
        if QApplication.activeModalWidget() is not None:
            self.timer.start()
            return False
        files, self.waiting = self.waiting, []
        from PySide6.QtCore import QUrl  # its five enums are built on first use

        from futurepath_desktop.ui.drops import Drops

        drops = self.window.findChild(Drops)
        if drops is None:
            return False
        self.window.raise_()
        self.window.activateWindow()
        urls = [QUrl.fromLocalFile(str(file)) for file in files]
        return drops.take(urls, self.window, QPoint())


def install(window: MainWindow, app: QApplication, *, watch: bool = MACOS) -> FileOpener | None:
    """Take the files the system hands the app into ``window`` (``watch``: where the
    system may hand any, macOS; a test asks for it anywhere)."""
    return FileOpener(window, app) if watch else None

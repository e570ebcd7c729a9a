"""Files the system hands to the running app (macOS: a QFileOpenEvent on the application):
a session opens, sheets join the players in one step, anything else is refused with a
word, as when they are dropped on the window."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import store
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.ui import file_open
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import run_python
from tests.ui.conftest import collect_report
from tests.ui.test_import_characters import SHEETS


@pytest.fixture
def watched(window: MainWindow) -> QApplication:
    """The application, watching for files the system hands over to ``window``."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    file_open.install(window, app, watch=True)
    return app


def test_a_session_the_system_hands_over_opens(
    qtbot: QtBot, window: MainWindow, watched: QApplication, tmp_path: Path
) -> None:
    other = demo_session()
    other.name = "The other fight"
    path = tmp_path / "other.fpsession"
    store.save_session(other, path)
    QApplication.sendEvent(watched, QFileOpenEvent(str(path)))
    qtbot.waitUntil(lambda: window.controller.path == path)
    assert window.controller.session.name == "The other fight"


MACOS_APP = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtGui import QFileOpenEvent
from futurepath_desktop.ui import file_open
app = file_open.desktop_application()(sys.argv[:1])
from futurepath_desktop.session.state import Session
from futurepath_desktop.ui.main_window import MainWindow
window = MainWindow(Session(name="New session"), autosave=False, remember_layout=False)
file_open.install(window, app, watch=True)
window.show()


def check():
    if window.controller.path is None:
        QTimer.singleShot(20, check)
        return
    print("opened: " + window.controller.session.name, flush=True)
    window.close()
    app.quit()


QTimer.singleShot(0, lambda: app.sendEvent(app, QFileOpenEvent(sys.argv[1])))
QTimer.singleShot(0, check)
QTimer.singleShot(20_000, app.quit)
app.exec()
"""


def test_the_macos_application_tells_of_the_files_handed_over(
    private_home: Path, tmp_path: Path
) -> None:
    """The application class made on macOS passes the event on itself (no filter on every
    event of every widget): checked here in a process of its own."""
    other = demo_session()
    other.name = "The other fight"
    path = tmp_path / "other.fpsession"
    store.save_session(other, path)
    done = run_python("-c", MACOS_APP, str(path), home=private_home)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "opened: The other fight" in done.stdout.splitlines()


def test_only_macos_watches_for_files(window: MainWindow) -> None:
    """No other system sends the event: nothing is installed for it there."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    opener = file_open.install(window, app)
    assert (opener is not None) == (sys.platform == "darwin")


def test_sheets_the_system_hands_over_join_the_players_together(
    qtbot: QtBot, window: MainWindow, watched: QApplication
) -> None:
    session = window.controller.session
    before, steps = set(session.combatants), window.controller.stack.count()
    said = collect_report(qtbot)
    for sheet in sorted(SHEETS.glob("*.json")):  # one event per file, as macOS sends them
        QApplication.sendEvent(watched, QFileOpenEvent(str(sheet)))
    qtbot.waitUntil(lambda: bool(said))
    new = {session.combatants[i].name for i in set(session.combatants) - before}
    assert new == {"Tomas Reyne", "Vela Korsan"} and "2 joined" in said[0]
    assert window.controller.stack.count() == steps + 1, "one import, one step"


def test_anything_else_handed_over_is_refused_with_a_word(
    qtbot: QtBot, window: MainWindow, watched: QApplication, tmp_path: Path
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("bears like honey")
    before = store.encode(window.controller.session)
    QApplication.sendEvent(watched, QFileOpenEvent(str(notes)))
    qtbot.waitUntil(lambda: "notes.txt is not a session" in window.statusBar().currentMessage())
    assert store.encode(window.controller.session) == before

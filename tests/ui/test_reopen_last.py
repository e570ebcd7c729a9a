"""Started with nothing named, the app opens the session file the GM had open when it last
quit, as the GM left it on disk; a new session if that was never saved, or if the file is
gone; and a file gone bad is explained over the window, as a bad file named is."""

from __future__ import annotations

from pathlib import Path

from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.store import save_session
from tests.helpers import run_python
from tests.ui.test_startup import ANSWER_AT_START

OPEN_AND_QUIT = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from futurepath_desktop.ui.app import main
from futurepath_desktop.ui.main_window import MainWindow


def report_and_quit():
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    if not windows or not windows[0].painted or QApplication.activeModalWidget() is not None:
        QTimer.singleShot(20, report_and_quit)
        return
    window = windows[0]
    print("session: " + window.controller.session.name)
    print("path: " + str(window.controller.path), flush=True)
    window.close()  # a clean quit: nothing unsaved


QTimer.singleShot(0, report_and_quit)
sys.exit(main(sys.argv[1:]))
"""


def start(home: Path, *args: str) -> dict[str, str]:
    """Start the app with ``args``, note what it opened, and quit it cleanly."""
    done = run_python("-c", OPEN_AND_QUIT, *args, home=home)
    assert done.returncode == 0, done.stderr[-2000:]
    return dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)


def test_the_file_open_at_the_last_quit_opens_at_the_next_start(
    private_home: Path, tmp_path: Path
) -> None:
    fight = tmp_path / "bears.fpsession"
    session = demo_session()
    session.name = "The bear fight"
    save_session(session, fight)
    assert start(private_home, str(fight)) == {"session": "The bear fight", "path": str(fight)}
    assert start(private_home) == {"session": "The bear fight", "path": str(fight)}
    assert start(private_home) == {"session": "The bear fight", "path": str(fight)}, "again"
    # Quit on a session never saved (the demo): the next start is a new session.
    assert start(private_home, "--demo")["path"] == "None"
    assert start(private_home) == {"session": "New session", "path": "None"}
    # A file gone since: a new session, without a word.
    start(private_home, str(fight))
    moved = fight.rename(tmp_path / "elsewhere.fpsession")
    assert start(private_home) == {"session": "New session", "path": "None"}
    # A file gone bad since: said over the empty window, as for a bad file named.
    start(private_home, str(moved))
    moved.write_bytes(b"[]")
    done = run_python("-c", ANSWER_AT_START, home=private_home)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    assert said["dialog"] == "openErrorDialog"
    assert said["text"] == "elsewhere.fpsession cannot be opened."
    assert said["window"] == "New session"

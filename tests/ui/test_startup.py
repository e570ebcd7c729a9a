"""The entry point: the smoke test packagers use, bad files, and nothing heavy before the
first paint."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.startup import LEAVE_UP
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.store import save_session
from futurepath_desktop.ui.app import smoke_check
from futurepath_desktop.ui.main_window import MainWindow
from tests.helpers import run_python


def run_app(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return run_python("-m", "futurepath_desktop", *args, home=home)


def test_smoke_test_passes_on_the_demo_and_on_a_saved_session(
    private_home: Path, tmp_path: Path
) -> None:
    done = run_app("--demo", "--smoke-test", home=private_home)
    assert done.returncode == 0, done.stderr
    assert "smoke test passed: Space Bears" in done.stdout
    saved = tmp_path / "saved.fpsession"
    save_session(demo_session(), saved)
    done = run_app(str(saved), "--smoke-test", home=private_home)
    assert done.returncode == 0, done.stderr


def test_smoke_test_fails_on_a_corrupt_file(private_home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.fpsession"
    bad.write_text("{ this is not json")
    done = run_app(str(bad), "--smoke-test", home=private_home)
    assert done.returncode == 2
    said = done.stderr.splitlines()
    assert said[0] == (
        "smoke test failed: The file is damaged 3 characters in: a field's name is not in "
        "double quotes."
    )
    assert "File: bad.fpsession" in said and any("not valid JSON" in line for line in said)


def test_smoke_test_without_a_session_checks_the_empty_window(private_home: Path) -> None:
    done = run_app("--smoke-test", home=private_home)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        "smoke test passed: New session (the empty window: give a file or --demo to check "
        "the panels too), first paint after "
    )


def test_smoke_test_passes_on_a_session_with_no_teams(private_home: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty.fpsession"
    empty.write_text(json.dumps({"format_version": 1, "id": "e", "name": "Empty"}))
    done = run_app(str(empty), "--smoke-test", home=private_home)
    assert done.returncode == 0, done.stderr
    assert "smoke test passed: Empty, first paint" in done.stdout


def test_the_smoke_check_fails_when_a_panel_misses_what_the_session_holds(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert smoke_check(window) == []
    session = window.controller.session
    model = window.initiative_model
    monkeypatch.setattr(model, "rowCount", lambda *_: 0)
    monkeypatch.setattr(window.inspector, "combatant", lambda: None)
    assert smoke_check(window) == [
        f"the initiative panel shows 0 teams; the session has {len(session.teams)}",
        f"the initiative panel shows 0 combatants; the session has {len(session.combatants)}",
        "the inspector shows nobody",
    ]


ANSWER_AT_START = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from futurepath_desktop.ui.app import main
from futurepath_desktop.ui.main_window import MainWindow

def answer():
    dialog = QApplication.activeModalWidget()
    if dialog is None:
        QTimer.singleShot(20, answer)
        return
    print("dialog: " + dialog.objectName())
    print("text: " + dialog.text())
    print("informative: " + dialog.informativeText().replace("\\n", " / "))
    dialog.reject()
    for window in QApplication.topLevelWidgets():
        if isinstance(window, MainWindow):
            print("window: " + window.controller.session.name, flush=True)
            QTimer.singleShot(0, window.close)

QTimer.singleShot(0, answer)
sys.exit(main(sys.argv[1:]))
"""


def test_a_bad_file_on_the_command_line_opens_the_window_and_says_why(
    private_home: Path, tmp_path: Path
) -> None:
    """The window comes up (empty), and the dialog over it speaks plainly."""
    bad = tmp_path / "bad.fpsession"
    bad.write_bytes(b"[]")
    done = run_python("-c", ANSWER_AT_START, str(bad), home=private_home)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    assert said["dialog"] == "openErrorDialog"
    assert said["text"] == "bad.fpsession cannot be opened."
    assert said["informative"] == (
        "The file is not a Future Path session (it holds a list, not a session)."
    )
    assert said["window"] == "New session"


HEAVY_WATCH = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

HEAVY = ("pyqtgraph", "icepool", "hashlib")  # hashlib: OpenSSL, some MiB of it
said = []


class Watch:
    \"\"\"Notes, as each heavy library is first looked for, whether the window had painted.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name in HEAVY and not any(item.startswith(name + ":") for item in said):
            module = sys.modules.get("futurepath_desktop.ui.main_window")
            windows = [
                w for w in QApplication.topLevelWidgets()
                if module is not None and isinstance(w, module.MainWindow)
            ]
            painted = any(w.painted for w in windows)
            said.append(f"{name}:{'after' if painted else 'before'}")
        return None


sys.meta_path.insert(0, Watch())
app = QApplication(sys.argv[:1])
from futurepath_desktop.ui.app import main


def close_once_odds_are_shown(waited=[0]):
    waited[0] += 1
    windows = [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow"]
    odds = [w.inspector.attack.odds.text() for w in windows]
    if windows and (any(odds) or waited[0] > 200):
        said.append("odds shown:" + ("yes" if any("Hit" in o for o in odds) else "no"))
        for window in windows:
            window.controller.stack.setClean()
            window.close()
        return
    QTimer.singleShot(25, close_once_odds_are_shown)


if "--smoke-test" not in sys.argv:
    QTimer.singleShot(0, close_once_odds_are_shown)
code = main(sys.argv[1:])
print("heavy=" + ",".join(said))
sys.exit(code)
"""


def heavy_imports(*args: str, home: Path) -> dict[str, str]:
    """Each heavy library the app looked for, and whether the window had painted then."""
    done = run_python("-c", HEAVY_WATCH, *args, home=home)
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("heavy="))
    found = [item.split(":") for item in line.removeprefix("heavy=").split(",") if item]
    return dict((name, when) for name, when in found)


def test_the_smoke_test_imports_nothing_heavy(private_home: Path) -> None:
    """The start-up benchmark times the smoke test from process start to the first frame:
    neither the plotting library nor the odds engine (nor OpenSSL) may be in it."""
    assert heavy_imports("--smoke-test", "--demo", home=private_home) == {}


def test_a_real_start_paints_before_it_loads_the_odds_engine(private_home: Path) -> None:
    """Through the real entry point (theme, settings, recovery, the inspected combatant):
    the odds engine is loaded only once the window has painted, and is loaded then (the
    attack form shows its odds); the plotting library waits for a chart."""
    found = heavy_imports("--demo", home=private_home)
    # Autosave locks its journal before the first command can come; its file lock brings
    # OpenSSL in (filelock imports secrets). The smoke test, without autosave, has none.
    found.pop("hashlib", None)
    assert found == {"icepool": "after", "odds shown": "yes"}


FIRST_FRAME_OF_ODDS = """
import sys
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.app import main

shown = MainWindow._after_first_paint


def after_first_paint(window):
    odds = window.odds
    picture = window.grab().toImage()
    label = odds.widget()
    room = QRect(label.mapTo(window, QPoint(0, 0)), label.size())
    ground = QColor(picture.pixelColor(room.left() + 2, room.top() + 2))
    ink = [
        (x, y)
        for y in range(room.top(), room.bottom(), 2)
        for x in range(room.left(), room.right(), 2)
        if abs(picture.pixelColor(x, y).lightness() - ground.lightness()) > 80
    ]
    xs = [x for x, _ in ink]
    middle = (min(xs) + max(xs)) / 2 - room.center().x() if ink else None
    print(f"odds up={odds.isVisible() and not odds.visibleRegion().isEmpty()}")
    print(f"odds says={odds.widget().text() if hasattr(odds.widget(), 'text') else '(charts)'}")
    print(f"ink={len(ink)} off_middle={middle}")
    print(f"pyqtgraph at first frame={'pyqtgraph' in sys.modules}")
    shown(window)


MainWindow._after_first_paint = after_first_paint
sys.exit(main(sys.argv[1:]))
"""


def test_charts_left_open_are_made_after_the_first_frame(private_home: Path) -> None:
    """A GM who closed the app with Odds and Charts up gets it up again, but the plotting
    library no longer loads before the first frame (that took the start from about a
    quarter to half a second): the frame shows the panel saying it is loading, centred,
    and a real start makes the charts right after it."""
    left = run_python("-c", LEAVE_UP, "odds", home=private_home)
    assert left.returncode == 0, left.stderr[-2000:]
    done = run_python("-c", FIRST_FRAME_OF_ODDS, "--smoke-test", "--demo", home=private_home)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    assert said["odds up"] == "True"  # the layout came back with the charts in view
    assert said["odds says"] == "Loading the charts…"
    assert int(said["ink"].split()[0]) > 20  # the words are drawn
    assert abs(float(said["ink"].split("off_middle=")[1])) < 12  # across the middle
    assert said["pyqtgraph at first frame"] == "False"
    assert heavy_imports("--smoke-test", "--demo", home=private_home) == {}
    found = heavy_imports("--demo", home=private_home)
    assert found["pyqtgraph"] == "after"  # made once the frame is up


NONE_GUARD = """
import sys
import futurepath_desktop.ui  # the guard runs here, before any Qt call
from PySide6.QtGui import QImage, QPainter
print(sys.getrefcount(None))
image = QImage(8, 8, QImage.Format.Format_ARGB32)
painter = QPainter(image)
for _ in range(20_000):  # each void call loses None a reference on CPython 3.11
    painter.save()
    painter.restore()
painter.end()
print("alive")
"""


def test_none_is_guarded_before_the_first_qt_call(private_home: Path) -> None:
    """PySide6 6.12 on CPython 3.11 drops a reference to None on every void call; 40,000
    of them would free None and kill the process without the guard in ``ui``."""
    done = run_python("-c", NONE_GUARD, home=private_home)
    assert done.returncode == 0, done.stderr[-2000:]
    refs, alive = done.stdout.split()
    assert alive == "alive"
    if sys.version_info < (3, 12):
        assert int(refs) > 1 << 40


FIRST_FRAME_WATCH = """
import sys
import PySide6.QtCore, PySide6.QtGui, PySide6.QtWidgets
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.app import main

shown = MainWindow._after_first_paint


def after_first_paint(window):
    loaded = [name for name in sys.argv[1].split(",") if name in sys.modules]
    for name in sys.argv[2].split(","):  # the bindings make a Qt class on first use
        module, qt_class = name.split(".")
        if qt_class in vars(getattr(PySide6, module)):
            loaded.append(name)
    print("loaded=" + ",".join(loaded))
    shown(window)


MainWindow._after_first_paint = after_first_paint
sys.exit(main(["--smoke-test", "--demo"]))
"""

LATER = {
    "futurepath_desktop.session.edit": "how commands run: with the first command",
    "futurepath_desktop.session.undo_steps": "the undo steps' packing: likewise",
    "futurepath_desktop.session.moving": "the movement rules: with a drag or a turn shown",
    "futurepath_desktop.session.attack_plan": "an attack's rules: once the frame is up",
    "futurepath_desktop.core.grenades": "the grenade rules: with the first throw",
    "futurepath_desktop.ui.docks.weapons_editor": "with the inspector's weapons tab",
    "futurepath_desktop.ui.player_window": "with the players' window",
    "importlib.resources": "the resources are found without it",
    "ctypes": "the None guard needs only its core",
}
LATER_QT = {
    "QtWidgets.QStyle": "asked of the style, it builds every QStyle enum (ui.fusion_metrics)",
    "QtWidgets.QMessageBox": "with the first question or reminder",
    "QtWidgets.QDialog": "with the first dialog (the focus ring asks by Qt's class name)",
    "QtCore.QRegularExpression": "with the log's first filter",
    "QtGui.QImageReader": "with the first portrait read",
    "QtGui.QIcon": "with the first portrait or dialog icon (the round timer draws its sign)",
    "QtWidgets.QTabBar": "when a tab bar is looked at (stray bars are hidden after the frame)",
    "QtGui.QTextLayout": "with the initiative panel's first repaint after the first frame",
}


def test_the_first_frame_leaves_for_later_what_it_does_not_show(private_home: Path) -> None:
    """What the first frame does not need stays unloaded until it is up (each entry of
    ``LATER`` says when it comes), and the bindings build none of the Qt classes in
    ``LATER_QT`` for it: laid out without asking the style, and no dialog, filter or
    picture reader made before it is needed."""
    done = run_python(
        "-c", FIRST_FRAME_WATCH, ",".join(LATER), ",".join(LATER_QT), home=private_home
    )
    assert done.returncode == 0, done.stderr[-2000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("loaded="))
    assert line.removeprefix("loaded=") == ""


COLLECTOR_WATCH = """
import gc, sys
from futurepath_desktop import __main__ as entry
from futurepath_desktop.ui.main_window import MainWindow

built, shown = MainWindow.__init__, MainWindow._after_first_paint


def build(window, *args, **kwargs):
    print(f"building={gc.isenabled()}")
    built(window, *args, **kwargs)


def after_first_paint(window):
    frozen = gc.get_freeze_count()
    shown(window)
    print(f"painted={gc.isenabled()} set_aside={gc.get_freeze_count() - frozen}")


MainWindow.__init__ = build
MainWindow._after_first_paint = after_first_paint
code = entry.main(["--smoke-test", "--demo"])
print(f"done={gc.isenabled()}")
sys.exit(code)
"""


def test_the_collector_waits_for_the_first_frame(private_home: Path) -> None:
    """The garbage collector is off while the window is built, and back on once it has
    painted, with what starting made set aside rather than walked (``collect_from_now_on``);
    it is on again when the run ends, whatever happened."""
    done = run_python("-c", COLLECTOR_WATCH, home=private_home)
    assert done.returncode == 0, done.stderr[-2000:]
    said = dict(
        part.split("=")
        for line in done.stdout.splitlines()
        if "=" in line and not line.startswith("smoke")
        for part in line.split()
    )
    assert said["building"] == "False"
    assert said["painted"] == "True"
    assert int(said["set_aside"]) > 10_000  # the modules', classes' and widgets' objects
    assert said["done"] == "True"

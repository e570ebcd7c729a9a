"""Another window or program at the same file: opening a file another running window has
open warns first; saving over a file that changed on disk since it was opened asks."""

from __future__ import annotations

import os
from pathlib import Path

from pytestqt.qtbot import QtBot

from futurepath_desktop.session.autosave import Autosave
from futurepath_desktop.session.commands import Damage, StartCombat
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.store import backup_path, load_session, save_session
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.test_files import Seen, answer


def _elsewhere(path: Path) -> Autosave:
    """Another running window with ``path`` open (its journal live, naming the file)."""
    other = Autosave(load_session(path), path)
    other.flush()
    return other


def test_opening_a_file_another_window_has_open_warns_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, private_home: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    other = _elsewhere(path)
    try:
        before = window.controller.session
        seen = Seen()
        answer(qtbot, seen, "Cancel")
        assert not window.files.open_path(path, ask=False)
        assert seen.name == "openElsewherePrompt"
        assert seen.text == "fight.fpsession is open in another Future Path Desktop window."
        assert "the one that saves last replaces" in seen.informative
        assert window.controller.session is before
        answer(qtbot, seen, "Open it here too")
        assert window.files.open_path(path, ask=False)
        assert window.controller.path == path
    finally:
        other.close(timeout=5)
    assert window.files.open_path(path, ask=False), "once the other window is closed: no word"


def test_saving_over_a_file_that_changed_on_disk_asks_first(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    assert window.files.open_path(path, ask=False)
    assert window.controller.push(Damage(("bear-1",), 2))
    theirs = demo_session()
    History(theirs).push(StartCombat())
    save_session(theirs, path)  # another window saves the same file meanwhile
    os.utime(path, ns=(os.stat(path).st_atime_ns, os.stat(path).st_mtime_ns + 10**9))
    written = path.read_bytes()
    seen = Seen()
    answer(qtbot, seen, "Cancel")
    assert not window.files.save()
    assert seen.name == "changedOnDiskPrompt"
    assert seen.text == "fight.fpsession changed on disk since this window opened or saved it."
    assert sorted(seen.buttons) == ["Cancel", "Save as…", "Save over it"]
    assert path.read_bytes() == written, "nothing is written on Cancel"
    answer(qtbot, seen, "Save over it")
    assert window.files.save()
    assert load_session(path) == window.controller.session
    assert backup_path(path).read_bytes() == written, "what the other saved is the backup"
    assert window.controller.push(Damage(("bear-1",), 1))
    assert window.files.save(), "saved by this window since: no question"


def test_a_file_saved_by_this_window_alone_saves_without_a_question(
    window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    assert window.files.open_path(path, ask=False)
    for amount in (1, 2, 3):
        assert window.controller.push(Damage(("bear-1",), amount))
        assert window.files.save()
    assert load_session(path) == window.controller.session


def test_a_file_given_at_start_that_another_window_has_open_is_named_and_can_be_left(
    qtbot: QtBot, tmp_path: Path, private_home: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    other = _elsewhere(path)
    main = MainWindow(load_session(path), path, remember_layout=False)
    qtbot.addWidget(main, before_close_func=lambda w: w.controller.stack.setClean())
    try:
        seen = Seen()
        answer(qtbot, seen, "Cancel")
        assert not main.files.check_open_elsewhere()
        assert seen.name == "openElsewherePrompt"
        assert main.controller.path is None, "this window starts on a new session instead"
        main.controller.replace(load_session(path), path)
        answer(qtbot, seen, "Open it here too")
        assert main.files.check_open_elsewhere()
        assert main.controller.path == path
    finally:
        other.close(timeout=5)
        assert main.controller.autosave is not None
        main.controller.autosave.close(timeout=5)
        main.controller.autosave = None

"""Files in the GM's words, through the real window: a bad file's dialog, its backup, the
recovery prompt, a newer autosave, and the question on closing."""

from __future__ import annotations

import datetime
import json
import os
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QDialog, QMessageBox
from pytestqt.qtbot import QtBot

from futurepath_desktop.session.autosave import Autosave, find_unclean
from futurepath_desktop.session.commands import Damage, StartCombat
from futurepath_desktop.session.demo import demo_file_bytes, demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.state import SessionFile
from futurepath_desktop.session.store import backup_path, load_session, save_session
from futurepath_desktop.ui.files import when
from futurepath_desktop.ui.main_window import MainWindow
from tests.session.crashes import crash, unlock
from tests.ui.conftest import answer_dialog

MARCH = datetime.datetime(2026, 3, 14, 9, 26).timestamp()
"""A moment to date files with: the dialog must say "14 March 2026 at 09:26"."""


class Seen:
    """What a message box said, and which of its buttons there were."""

    def __init__(self) -> None:
        self.name = ""
        self.text = ""
        self.informative = ""
        self.detailed = ""
        self.buttons: list[str] = []


def answer(qtbot: QtBot, seen: Seen, press: str | None) -> None:
    """Read the next message box into ``seen``, then press the button labelled ``press``
    (None: close it without choosing)."""

    def handle(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox), type(dialog)
        seen.name = dialog.objectName()
        seen.text = dialog.text()
        seen.informative = dialog.informativeText()
        seen.detailed = dialog.detailedText()
        buttons: list[QAbstractButton] = [  # not "Show Details…", which opens the details
            b for b in dialog.buttons() if dialog.buttonRole(b) != QMessageBox.ButtonRole.ActionRole
        ]
        seen.buttons = [b.text().replace("&", "") for b in buttons]
        if press is None:
            dialog.reject()
            return
        (button,) = [b for b in buttons if b.text().replace("&", "") == press]
        button.click()

    answer_dialog(qtbot, handle)


def demo_with(change: object) -> bytes:
    document = json.loads(demo_file_bytes())
    change(document)  # type: ignore[operator]
    return json.dumps(document, indent=2).encode()


def test_a_bad_file_says_what_is_wrong_in_plain_words(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.fpsession"
    bad.write_bytes(demo_with(lambda d: d["combatants"][0].__setitem__("hp", "lots")))
    before = window.controller.session
    seen = Seen()
    answer(qtbot, seen, "Close")
    assert not window.files.open_path(bad, ask=False)
    assert window.controller.session is before, "a bad file opens nothing"
    assert seen.name == "openErrorDialog"
    assert seen.text == "bad.fpsession cannot be opened."
    assert seen.informative == "Combatant 1 (Brandon): HP must be a whole number, not text."
    assert "$.combatants[0].hp" in seen.detailed
    assert "Expected `int`, got `str`" in seen.detailed
    assert seen.buttons == ["Close"], "no backup to offer"


def test_a_file_cut_short_offers_its_backup_with_its_date(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    good = demo_session()
    save_session(good, path)
    later = demo_session()
    History(later).push(StartCombat())
    save_session(later, path)  # the second save keeps the first as fight.fpsession.bak
    os.utime(backup_path(path), (MARCH, MARCH))
    damaged = path.read_bytes()[:300]  # the disk filled up mid-write, say
    path.write_bytes(damaged)
    seen = Seen()
    answer(qtbot, seen, "Open the backup from 14 March 2026 at 09:26")
    assert window.files.open_path(path, ask=False)
    assert seen.informative.startswith("The file is cut short after 300 characters.")
    assert "There is a backup: the version before the last save, from 14 March 2026" in (
        seen.informative
    )
    assert seen.buttons == ["Open the backup from 14 March 2026 at 09:26", "Cancel"]
    assert window.controller.session.to_file() == good.to_file()
    assert window.controller.path is None, "saving asks where: never over the damaged file"
    assert path.read_bytes() == damaged, "the damaged file is left as it was"
    assert load_session(backup_path(path)).to_file() == good.to_file()
    assert "Opened the backup of fight.fpsession" in window.statusBar().currentMessage()


def test_declining_the_backup_opens_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    later = demo_session()
    History(later).push(StartCombat())
    save_session(later, path)  # the first is kept as the backup
    path.write_bytes(b"[]")
    before = window.controller.session
    seen = Seen()
    answer(qtbot, seen, "Cancel")
    assert not window.files.open_path(path, ask=False)
    assert window.controller.session is before
    assert seen.informative.startswith(
        "The file is not a Future Path session (it holds a list, not a session)."
    )


def test_a_damaged_backup_is_not_offered(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "fight.fpsession"
    path.write_bytes(b"")
    backup_path(path).write_bytes(b"{")
    seen = Seen()
    answer(qtbot, seen, "Close")
    assert not window.files.open_path(path, ask=False)
    assert seen.informative == (
        "The file is empty.\n\nIts backup (the version before the last save) is damaged too."
    )
    assert seen.buttons == ["Close"]


def crashed_run(path: Path | None) -> tuple[Autosave, SessionFile]:
    """A run that journaled a fight and never closed (it crashed)."""
    session = demo_session()
    history = History(session)
    saver = Autosave(session, path)
    saver.record(history.push(StartCombat()))
    saver.record(history.push(Damage(("bear-2",), 5)))
    crash(saver)  # the writer stops as a crash would, leaving the journal
    return saver, session.to_file()


def test_the_recovery_prompt_says_when_and_what_was_done_last(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _, state = crashed_run(tmp_path / "fight.fpsession")
    (found,) = find_unclean()
    changed = when(found.changed)
    seen = Seen()
    answer(qtbot, seen, "Recover")
    assert window.files.offer_recovery()
    assert seen.name == "recoveryPrompt"
    assert seen.text.startswith("Space Bears (chapter example) was not closed cleanly.")
    assert f"Last changed {changed}." in seen.informative
    assert "Last action: Space Bear 2 takes 5 damage." in seen.informative
    assert "Saved as fight.fpsession." in seen.informative
    assert window.controller.session.to_file() == state
    assert window.isWindowModified(), "recovered changes are not saved yet"
    assert find_unclean() == [], "the crashed run's journal is gone once recovered"


def test_the_recovery_prompt_dates_an_old_crash(qtbot: QtBot, window: MainWindow) -> None:
    saver, _ = crashed_run(None)
    # An old journal: its last line is rewritten as if done on 14 March.
    lines = saver.journal.read_bytes().splitlines()
    last = json.loads(lines[-1])
    last["at"] = MARCH
    saver.journal.write_bytes(b"\n".join([*lines[:-1], json.dumps(last).encode()]) + b"\n")
    meta = json.loads(saver.meta.read_bytes())
    meta["updated"] = MARCH - 60
    saver.meta.write_bytes(json.dumps(meta).encode())
    seen = Seen()
    answer(qtbot, seen, "Not now")
    assert not window.files.offer_recovery()
    assert "Last changed 14 March 2026 at 09:26." in seen.informative
    assert len(find_unclean()) == 1, "not now: it is offered again next time"


def test_opening_a_file_with_a_newer_autosave_offers_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    os.utime(path, (MARCH, MARCH))
    _, state = crashed_run(path)
    seen = Seen()
    answer(qtbot, seen, "Open the autosave")
    assert window.files.open_path(path, ask=False)
    assert seen.name == "newerAutosavePrompt"
    assert seen.text == "There is an autosave of fight.fpsession that is newer than the file."
    assert "the file was saved 14 March 2026 at 09:26" in seen.informative
    assert "Its last action: Space Bear 2 takes 5 damage." in seen.informative
    assert window.controller.session.to_file() == state
    assert window.controller.path == path
    assert window.isWindowModified(), "the autosave's changes are not in the file yet"
    assert path.stat().st_mtime == MARCH, "the file is not touched"


def test_choosing_the_file_over_a_newer_autosave_keeps_the_autosave(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    save_session(demo_session(), path)
    os.utime(path, (MARCH, MARCH))
    crashed_run(path)
    seen = Seen()
    answer(qtbot, seen, "Open the file")
    assert window.files.open_path(path, ask=False)
    assert window.controller.session.to_file() == demo_session().to_file()
    assert not window.isWindowModified()
    assert len(find_unclean(exclude=window.files._own_journal())) == 1


def test_an_autosave_older_than_the_file_is_not_mentioned(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "fight.fpsession"
    crashed_run(path)
    time.sleep(0.01)
    save_session(demo_session(), path)  # saved after the crash's last change
    later = time.time() + 60
    os.utime(path, (later, later))
    assert window.files.open_path(path, ask=False)  # no dialog: it would block here
    assert window.controller.path == path


def test_undoing_back_to_the_clean_point_closes_without_a_question(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.controller.push(Damage(("bear-1",), 3))
    assert window.isWindowModified()
    window.controller.stack.undo()
    assert not window.isWindowModified()
    assert window.files.may_discard()  # returns at once: a question would block here
    window.close()
    assert not window.isVisible()


def test_closing_away_from_the_clean_point_asks(qtbot: QtBot, window: MainWindow) -> None:
    window.controller.push(Damage(("bear-1",), 3))
    window.controller.push(Damage(("bear-2",), 2))
    window.controller.stack.undo()  # one change still unsaved
    seen = Seen()
    answer(qtbot, seen, "Cancel")
    window.close()
    assert seen.name == "unsavedPrompt"
    assert seen.text == "Save the changes to Space Bears (chapter example) before closing it?"
    assert {"Save", "Discard", "Cancel"} <= set(seen.buttons)
    assert window.isVisible(), "cancel keeps the window open"
    seen = Seen()
    answer(qtbot, seen, "Discard")
    window.close()
    assert seen.name == "unsavedPrompt"
    assert not window.isVisible()


@pytest.mark.parametrize(
    ("moment", "said"),
    [
        (datetime.datetime(2026, 3, 14, 9, 26), "today at 09:26"),
        (datetime.datetime(2026, 3, 13, 23, 5), "yesterday at 23:05"),
        (datetime.datetime(2026, 3, 12, 8, 0), "12 March 2026 at 08:00"),
        (datetime.datetime(2025, 12, 31, 18, 30), "31 December 2025 at 18:30"),
    ],
)
def test_moments_are_said_as_a_gm_says_them(moment: datetime.datetime, said: str) -> None:
    assert when(moment.timestamp(), now=datetime.datetime(2026, 3, 14, 20, 0)) == said


def test_a_quit_with_the_layout_unchanged_does_not_rewrite_the_settings(
    qtbot: QtBot, private_home: Path
) -> None:
    """Each write of the settings file costs two fdatasyncs; a quit with the same layout
    as last time writes nothing."""

    def run(change: bool = False) -> Path:
        window = MainWindow(demo_session(), autosave=False)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitUntil(lambda: window.painted)
        if change:
            window.resize(window.width() - 40, window.height() - 30)
            qtbot.wait(50)
        window.close()
        return Path(window.settings.fileName())

    run()
    ini = run()  # the second run restores the first's layout, fitted to this screen
    assert ini.is_file() and ini.is_relative_to(private_home)
    written = ini.stat().st_mtime_ns, ini.read_bytes()
    time.sleep(0.02)  # a rewrite would show in the file's time
    run()
    assert (ini.stat().st_mtime_ns, ini.read_bytes()) == written
    run(change=True)
    assert ini.read_bytes() != written[1], "a changed layout is remembered"


def test_an_undo_in_the_window_is_journaled_as_the_undo_of_its_command(
    qtbot: QtBot, window: MainWindow
) -> None:
    controller = window.controller
    controller.start_autosave()
    try:
        assert controller.push(Damage(("bear-2",), 5))
        controller.stack.undo()
        assert controller.autosave is not None
        unlock(controller.autosave)  # as a crash at this moment would leave the journal
        (found,) = find_unclean()
        assert found.last_action == "Undo: Space Bear 2 takes 5 damage"
    finally:
        assert controller.autosave is not None
        controller.autosave.close()
        controller.autosave = None


def test_after_one_journal_is_discarded_the_next_is_offered(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    _, older = crashed_run(None)
    time.sleep(0.05)
    crashed_run(tmp_path / "fight.fpsession")  # the newest: offered first
    seen = Seen()
    answer(qtbot, seen, "Discard it")
    second = Seen()
    answer(qtbot, second, "Recover")
    assert window.files.offer_recovery()
    assert second.name == "recoveryPrompt"
    assert window.controller.session.to_file() == older


def test_the_unsaved_question_answers_to_its_letters(qtbot: QtBot, window: MainWindow) -> None:
    """Alt+D discards and Alt+S saves, as the buttons' underlined letters say."""
    window.controller.push(Damage(("bear-1",), 3))
    letters: dict[str, str] = {}

    def press_alt_d(dialog: QDialog) -> None:
        assert isinstance(dialog, QMessageBox) and dialog.objectName() == "unsavedPrompt"
        for button in dialog.buttons():
            letters[button.text()] = button.shortcut().toString()
        dialog.activateWindow()
        qtbot.waitUntil(dialog.isActiveWindow)
        target = QApplication.focusWidget() or dialog
        qtbot.keyClick(target, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)

    answer_dialog(qtbot, press_alt_d)
    window.close()
    assert letters["&Discard"] == "Alt+D" and letters["&Save"] == "Alt+S"
    assert not window.isVisible(), "discarded and closed"


def test_open_starts_where_the_gm_last_saved(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+O opens the file dialog in the folder of the open file, or of the file last
    saved or opened, not back in the app's own sessions folder."""
    from PySide6.QtWidgets import QFileDialog

    folder = tmp_path / "tonight"
    folder.mkdir()
    target = folder / "fight.fpsession"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.actions_by_name["actionSaveAs"].trigger()
    assert target.exists()
    starts: list[str] = []

    def ask(_parent: object, _title: str, start: str, _filter: str) -> tuple[str, str]:
        starts.append(start)
        return "", ""  # the GM cancels

    monkeypatch.setattr(QFileDialog, "getOpenFileName", ask)
    window.actions_by_name["actionOpen"].trigger()
    window.actions_by_name["actionNew"].trigger()  # no file now: the last one's folder
    window.actions_by_name["actionOpen"].trigger()
    assert starts == [str(folder), str(folder)]

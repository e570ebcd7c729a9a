"""A well-behaved desktop app: Help ▸ About tells the version, the licences and where the
files are; an unexpected error is reported without losing the session or the window;
the window follows the system's light or dark scheme when asked to (files the system
hands over: test_file_open)."""

from __future__ import annotations

import logging
import sys
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from futurepath_desktop import __version__, paths
from futurepath_desktop.session.autosave import Autosave
from futurepath_desktop.session.journal_patch import Stamp
from futurepath_desktop.ui import desktop_hooks, error_report, folders, licences, theme
from futurepath_desktop.ui.dialogs.about_dialog import AboutDialog
from futurepath_desktop.ui.dialogs.error_dialog import ErrorDialog
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.operations import health
from tests.ui.conftest import answer_dialog, find, shown_demo

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders the app asked the file manager to show (none is shown)."""
    shown: list[Path] = []

    def show(path: Path) -> bool:
        shown.append(path)
        return True

    monkeypatch.setattr(folders, "open_folder", show)
    return shown


# --- Help ▸ About ---------------------------------------------------------------------------


def test_about_tells_the_version_the_licences_and_where_the_files_are(
    qtbot: QtBot, window: MainWindow, opened: list[Path]
) -> None:
    seen: list[AboutDialog] = []

    def read(dialog: QDialog) -> None:
        assert isinstance(dialog, AboutDialog)
        seen.append(dialog)
        assert __version__ in find(dialog, QLabel, "aboutVersion").text()
        facts = find(dialog, QLabel, "aboutFacts").text()
        assert "Python 3." in facts and "Qt 6." in facts and "Platform:" in facts
        licence_text = dialog.licences.toPlainText()
        assert "GNU Lesser General Public License" in licence_text and "LGPL-3.0" in licence_text
        assert "replace them with your own build" in licence_text
        assert "Permission is hereby granted, free of charge" in licence_text  # MIT, in full
        for library in licences.LIBRARIES:
            assert library.name in licence_text and library.licence in licence_text
        # Every folder is named, can be selected, and opens when its link is clicked.
        for what, where in (("Sessions", paths.sessions_dir()), ("Logs", paths.logs_dir())):
            link = dialog.folder_links[what]
            assert str(where) in link.text()
            assert link.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
            link.linkActivated.emit(where.as_uri())
        assert opened == [paths.sessions_dir(), paths.logs_dir()]
        for name in ("aboutVersion", "aboutFacts"):
            flags = find(dialog, QLabel, name).textInteractionFlags()
            assert flags & Qt.TextInteractionFlag.TextSelectableByMouse
        # Good at 1280x800: it fits the screen, and nothing in it is squeezed below its
        # smallest size (the licences scroll).
        size = dialog.size()
        assert size.width() <= 1280 and size.height() <= 760
        assert dialog.minimumSizeHint().boundedTo(size) == dialog.minimumSizeHint()
        assert dialog.licences.width() >= 500 and dialog.licences.height() >= 200
        find(dialog, QPushButton, "aboutCopy").click()
        copied = QGuiApplication.clipboard().text()
        assert copied.startswith(f"Future Path Desktop {__version__}")
        assert f"Logs: {paths.logs_dir()}" in copied
        dialog.reject()

    answer_dialog(qtbot, read)
    window.actions_by_name["actionAbout"].trigger()
    assert seen, "the About box opened"


def test_the_about_box_lists_every_dependency_and_the_licence_file() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = {
        dependency.split(">")[0].split("=")[0].split("<")[0].strip().lower()
        for dependency in project["dependencies"]
    }
    listed = {library.distribution.lower() for library in licences.LIBRARIES}
    assert wanted <= listed, "a dependency of pyproject.toml is missing from Help ▸ About"
    assert (ROOT / "LICENSE").read_text(encoding="utf-8") == licences.APP_LICENCE
    assert project["license"] == "MIT"


def test_the_about_box_fits_a_laptop_in_both_themes(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    try:
        for scheme in (theme.LIGHT, theme.DARK):
            theme.apply_theme(app, scheme)
            dialog = AboutDialog()
            qtbot.addWidget(dialog)
            dialog.show()
            qtbot.waitExposed(dialog)
            assert dialog.size().boundedTo(QSize(1280, 760)) == dialog.size()
            assert not dialog.licences.horizontalScrollBar().isVisible()
            assert not dialog.grab().isNull()
            dialog.close()
    finally:
        theme.apply_theme(app, theme.LIGHT)


# --- an unexpected error ---------------------------------------------------------------------


@pytest.fixture
def logged(private_home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The app's log as a fresh file in this test's home (as at a real start)."""
    log = logging.getLogger("futurepath_desktop")
    monkeypatch.setattr(log, "handlers", [])
    yield private_home / "logs" / "futurepath-desktop.log"
    for handler in log.handlers:
        handler.close()


@pytest.fixture
def autosaved(qtbot: QtBot) -> Iterator[MainWindow]:
    """The demo in a window with autosave on, as the GM runs it."""
    yield from shown_demo(qtbot, autosave=True)


def last_journal_label(saver: Autosave) -> str:
    lines = saver.journal.read_bytes().splitlines()
    return msgspec.json.decode(lines[-1], type=Stamp).label if lines else ""


def error_dialogs() -> list[ErrorDialog]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, ErrorDialog)]


def test_an_error_in_a_slot_is_reported_and_the_session_and_window_go_on(
    qtbot: QtBot,
    autosaved: MainWindow,
    logged: Path,
    opened: list[Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = autosaved
    saver = window.controller.autosave
    assert saver is not None
    flushed: list[float] = []
    real_flush = Autosave.flush

    def flush(self: Autosave, timeout: float = 10.0) -> None:
        flushed.append(timeout)
        real_flush(self, timeout)

    monkeypatch.setattr(Autosave, "flush", flush)
    reporter = error_report.install(window)
    try:
        assert sys.excepthook == reporter.hook
        assert health.damage(window.controller, ["bear-2"], 5)
        action = window.actions_by_name["actionAbout"]

        def broken() -> None:
            raise ValueError("the bears ate the dice")

        # A slot that fails, as an action's handler would.
        action.triggered.disconnect()
        action.triggered.connect(broken)
        QTimer.singleShot(0, action.trigger)
        qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible())
        dialog = reporter.dialog
        assert dialog is not None
        report = dialog.report.toPlainText()
        assert report.startswith(f"Future Path Desktop {__version__}")
        assert "Platform: " in report and "Qt 6." in report
        assert "Traceback (most recent call last)" in report
        assert "ValueError: the bears ate the dice" in report
        assert "Space Bear 2 takes 5 damage" in dialog.kept.text()
        # The session is kept: the journal was flushed and holds the last action.
        assert flushed
        assert last_journal_label(saver) == "Space Bear 2 takes 5 damage"
        # The log file has the whole story.
        qtbot.waitUntil(logged.exists)
        text = logged.read_text(encoding="utf-8")
        assert "unexpected error" in text and "ValueError: the bears ate the dice" in text
        # A storm of the same error: one dialog, the errors counted.
        QTimer.singleShot(0, action.trigger)
        QTimer.singleShot(0, action.trigger)
        qtbot.waitUntil(lambda: dialog.errors == 3)
        assert [d for d in error_dialogs() if d.isVisible()] == [dialog]
        assert "3 times" in dialog.count.text() and dialog.count.isVisibleTo(dialog)
        assert dialog.report.toPlainText() == report, "a repeat is counted, not added"
        find(dialog, QPushButton, "errorCopy").click()
        assert QGuiApplication.clipboard().text() == report
        find(dialog, QPushButton, "errorLogs").click()
        assert opened == [paths.logs_dir()]
        dialog.reject()
        qtbot.waitUntil(lambda: reporter.dialog is None)
        # The window goes on: the next action works and is journaled.
        assert window.isVisible()
        assert health.damage(window.controller, ["bear-3"], 2)
        saver.flush()
        assert last_journal_label(saver) == "Space Bear 3 takes 2 damage"
        # A later error gets a dialog of its own.
        QTimer.singleShot(0, action.trigger)
        qtbot.waitUntil(lambda: reporter.dialog is not None and reporter.dialog.isVisible())
        later = reporter.dialog
        assert later is not None and later is not dialog and later.errors == 1
        later.reject()
    finally:
        reporter.uninstall()
    assert sys.excepthook != reporter.hook


def test_interrupts_and_errors_in_the_report_itself_go_to_python(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    passed: list[type[BaseException]] = []
    reporter = error_report.ErrorReporter(window)
    reporter.previous = lambda kind, error, trace: passed.append(kind)
    reporter.hook(KeyboardInterrupt, KeyboardInterrupt(), None)
    monkeypatch.setattr(reporter, "report", lambda *_: 1 / 0)
    reporter.hook(ValueError, ValueError("x"), None)
    assert passed == [KeyboardInterrupt, ValueError]
    assert reporter.dialog is None


def loaded(hook: desktop_hooks.ErrorHook) -> bool:
    return hook.reporter is not None


def test_the_hooks_installed_at_start_up(qtbot: QtBot, window: MainWindow, logged: Path) -> None:
    """At start-up a light hook stands in: the first error brings the reporter in."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = sys.excepthook
    desktop_hooks.install(window, app)
    try:
        hook = sys.excepthook
        assert isinstance(hook, desktop_hooks.ErrorHook)
        assert not loaded(hook), "nothing of the report loaded before an error"
        assert window.findChild(theme.SchemeFollower) is not None
        QTimer.singleShot(0, lambda: 1 / 0)
        qtbot.waitUntil(lambda: loaded(hook))
        reporter = hook.reporter
        assert reporter is not None and reporter.previous is before
        qtbot.waitUntil(lambda: reporter.dialog is not None)
        dialog = reporter.dialog
        assert dialog is not None and "ZeroDivisionError" in dialog.report.toPlainText()
        dialog.reject()
    finally:
        sys.excepthook = before


def test_an_error_that_ends_a_helper_thread_goes_to_the_log_with_its_trace(
    qtbot: QtBot, window: MainWindow, caplog: pytest.LogCaptureFixture
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before, before_threads = sys.excepthook, threading.excepthook
    passed_on: list[str] = []
    threading.excepthook = lambda args: passed_on.append(args.thread.name if args.thread else "")
    desktop_hooks.install(window, app)
    try:
        assert isinstance(threading.excepthook, desktop_hooks.ThreadErrorHook)

        def work() -> None:
            raise RuntimeError("the page's server broke")

        helper = threading.Thread(target=work, name="players-page")
        with caplog.at_level(logging.CRITICAL, logger="futurepath_desktop"):
            helper.start()
            helper.join(5)
        (record,) = [r for r in caplog.records if "players-page" in r.getMessage()]
        assert record.exc_info is not None and record.exc_info[0] is RuntimeError
        assert "the page's server broke" in caplog.text  # the trace, in the log
        assert passed_on == ["players-page"], "and on to the hook that was there"
    finally:
        sys.excepthook, threading.excepthook = before, before_threads


# --- the system's light or dark scheme ----------------------------------------------------------


def dark_map(window: MainWindow) -> bool:
    return window.map.scene.dark


def test_the_window_follows_the_system_scheme_only_when_asked(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    hints = QGuiApplication.styleHints()
    theme.follow_system(window)
    try:
        window.set_theme(theme.SYSTEM)
        monkeypatch.setattr(theme, "system_is_dark", lambda: True)
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert app.palette().color(QPalette.ColorRole.Window).name() == theme.DARK_COLOURS["Window"]
        assert dark_map(window), "the panels' own colours follow"
        monkeypatch.setattr(theme, "system_is_dark", lambda: False)
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert (
            app.palette().color(QPalette.ColorRole.Window).name() == theme.LIGHT_COLOURS["Window"]
        )
        assert not dark_map(window)
        # An explicit choice stays put whatever the system does.
        window.set_theme(theme.DARK)
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert theme.is_dark(app)
        window.set_theme(theme.LIGHT)
        monkeypatch.setattr(theme, "system_is_dark", lambda: True)
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert not theme.is_dark(app)
    finally:
        window.set_theme(theme.LIGHT)

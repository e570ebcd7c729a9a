"""Starting the application: arguments, the QApplication, the first session, the smoke test."""

from __future__ import annotations

import gc
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from futurepath_desktop import __version__, paths
from futurepath_desktop.resource_paths import demo_path, icon_path
from futurepath_desktop.session.errors import SessionLoadError
from futurepath_desktop.session.state import Session
from futurepath_desktop.session.store import load_session

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.ui.main_window import MainWindow


class Arguments(NamedTuple):
    """What the command line asks for."""

    file: Path | None = None
    demo: bool = False
    smoke_test: bool = False
    smoke_charts: bool = False
    theme: str | None = None
    player_page: str | None = None
    """``HOST:PORT``: turn the players' page on at start and print its link."""


THEMES = ("system", "light", "dark")
FLAGS = {"--demo": "demo", "--smoke-test": "smoke_test", "--smoke-charts": "smoke_charts"}


def parse_args(argv: list[str]) -> Arguments:
    """``futurepath-desktop [FILE] [--demo] [--smoke-test] [--theme …]``.

    Everyday command lines are read directly; anything else (``--help``, ``--version``,
    an abbreviation, a mistake) goes to argparse, which explains or complains. argparse is
    not used every time because its first use looks up message catalogues, ~6 ms of
    every start. A test holds both readings equal.
    """
    plain = parse_plain(argv)
    return plain if plain is not None else parse_with_argparse(argv)


def parse_plain(argv: list[str]) -> Arguments | None:
    """The everyday command lines, or None for anything argparse should look at."""
    values: dict[str, object] = {}
    items = iter(argv)
    for item in items:
        if item in FLAGS:
            values[FLAGS[item]] = True
        elif item == "--theme" or item.startswith("--theme="):
            choice = item.partition("=")[2] if "=" in item else next(items, None)
            if choice not in THEMES:
                return None
            values["theme"] = choice
        elif item == "--player-page" or item.startswith("--player-page="):
            where = item.partition("=")[2] if "=" in item else next(items, None)
            if not where or where.startswith("-"):
                return None
            values["player_page"] = where
        elif item.startswith("-") or "file" in values:
            return None
        else:
            values["file"] = Path(item)
    return Arguments(**values)  # type: ignore[arg-type]


def parse_with_argparse(argv: list[str]) -> Arguments:
    """The full parser, with help, version and error messages."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="futurepath-desktop", description="A battle tracker for Future Path game masters."
    )
    parser.add_argument("file", nargs="?", type=Path, help="a session file (.fpsession) to open")
    parser.add_argument(
        "--demo", action="store_true", help="open the demo session (the chapter's Space Bears)"
    )
    parser.add_argument(
        "--smoke-test", action="store_true", help="open, paint one frame, check the panels, exit"
    )
    parser.add_argument(
        "--smoke-charts",
        action="store_true",
        help="with --smoke-test: also draw every chart (loads the odds engine and pyqtgraph)",
    )
    parser.add_argument("--theme", choices=THEMES, help="colour scheme (default: as last chosen)")
    parser.add_argument(
        "--player-page",
        metavar="HOST:PORT",
        help="serve the read-only players' page there (0.0.0.0:8765 for the local network) "
        "and print its link",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return Arguments(**vars(parser.parse_args(argv)))


def first_session(args: Arguments, last: Path | None = None) -> tuple[Session, Path | None]:
    """The session to open: the given file, the demo, the file open at the last quit
    (``last``, if it is still there), or a new one."""
    if args.file is not None:
        return load_session(args.file), args.file
    if args.demo:
        path = demo_path()
        if path.exists():
            return load_session(path), None
        from futurepath_desktop.session.demo import demo_session  # a bundle without the file

        return demo_session(), None
    if last is not None and last.is_file():
        return load_session(last), last
    return Session(name="New session"), None


def new_application(argv: list[str]) -> QApplication:
    """The QApplication; on macOS, one that tells of the files the system hands over (a
    session double-clicked in the Finder)."""
    from PySide6.QtWidgets import QApplication

    if sys.platform == "darwin":
        from futurepath_desktop.ui.file_open import application

        return application(argv)
    return QApplication(argv)


def configure_logging() -> None:
    """Log to a file in the platform's log folder (after the first paint: nothing is
    logged before it, and the logging module is not needed to show the window)."""
    import logging

    log = logging.getLogger("futurepath_desktop")
    if log.handlers:
        return
    try:
        handler: logging.Handler = logging.FileHandler(
            paths.logs_dir(create=True) / "futurepath-desktop.log"
        )
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def set_window_icon() -> None:
    """The application's icon on every window (taskbar, title bar, dialogs)."""
    from PySide6.QtGui import QGuiApplication, QIcon

    icon = icon_path()
    if icon.exists():
        QGuiApplication.setWindowIcon(QIcon(str(icon)))


def collect_from_now_on() -> None:
    """The garbage collector back on (``__main__`` turns it off while the app starts),
    with what starting made set aside for good: the modules, classes, widgets and the
    session live as long as the window, and the first pass would otherwise walk every one
    of them, which takes as long as painting a frame."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def smoke_check(window: object) -> list[str]:
    """What is wrong with a freshly shown window (empty if nothing): every panel shows what
    the session holds, and an empty session (no file given) an empty window."""
    from futurepath_desktop.ui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    problems = []
    session = window.controller.session
    model = window.initiative_model
    teams = model.rowCount()
    if teams != len(session.teams):
        problems.append(
            f"the initiative panel shows {teams} teams; the session has {len(session.teams)}"
        )
    members = sum(model.rowCount(model.index(r, 0)) for r in range(teams))
    if members != len(session.combatants):
        problems.append(
            f"the initiative panel shows {members} combatants; the session has "
            f"{len(session.combatants)}"
        )
    if session.combatants and window.inspector.combatant() is None:
        problems.append("the inspector shows nobody")
    if session.map is not None and session.tokens and not window.map.scene.tokens:
        problems.append("the map shows no tokens")
    if not window.phase_indicator.round_label.text():
        problems.append("the combat bar is empty")
    for name in (
        "initiativeDock",
        "mapDock",
        "bridgeDock",
        "oddsDock",
        "countersDock",
        "inspectorDock",
        "logDock",
        "historyDock",
        "combatBar",
    ):
        if name not in window.widgets():
            problems.append(f"{name} is missing")
    # The first frame itself was painted (window.painted); a small grab also proves that
    # widgets render off-screen, without drawing the whole window a second time.
    image = window.phase_indicator.grab()
    if not window.painted or image.isNull() or image.width() < 100:
        problems.append("the window did not paint")
    return problems


def chart_check(window: object) -> list[str]:
    """Draw every chart of the Odds and Charts panel; what is wrong (empty if nothing).

    This is what proves that a bundle carries the odds engine and the plotting library.
    """
    from futurepath_desktop.ui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    problems = []
    combatants = list(window.controller.session.combatants)
    if combatants:
        window.initiative.select([combatants[0]])
        window.inspector.attack.set_ready()
        window.inspector.attack.recompute()
    window.bridge.show()
    window.bridge.raise_()
    if not window.bridge.built:
        window.bridge.build()
    for tab in range(3):
        window.show_chart(tab)
        window.odds.refresh()
    drawn = sum(len(chart.series) for chart in window.odds.charts())
    if drawn == 0:
        problems.append("no chart drew anything")
    if window.odds.grab().isNull():
        problems.append("the charts did not paint")
    return problems


def start_player_page(window: MainWindow, where: str) -> bool:
    """``--player-page HOST:PORT``: the page on, its link on standard output (or why not
    on standard error)."""
    from futurepath_desktop.ui.web_prompts import start_for_window

    try:
        url = start_for_window(window, where)
    except (ValueError, OSError) as error:
        print(f"futurepath-desktop: the players' page cannot start: {error}", file=sys.stderr)
        return False
    print(f"Players' page: {url}", flush=True)
    return True


def main(argv: list[str] | None = None) -> int:
    """Run the app; returns the exit code."""
    started = time.perf_counter()
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.ui.plain_imports import plain_imports

    plain_imports()  # before the window's modules load
    from futurepath_desktop.ui import desktop_hooks, theme
    from futurepath_desktop.ui.main_window import MainWindow
    from futurepath_desktop.ui.window_settings import settings

    existing = QApplication.instance()
    app = existing or new_application(sys.argv[:1] + theme.STYLE_ARGS)
    assert isinstance(app, QApplication)
    app.setApplicationName("Future Path Desktop")
    app.setOrganizationName("FuturePath")
    app.setApplicationVersion(__version__)
    theme.apply_theme(
        app,
        args.theme or str(settings().value("theme", theme.SYSTEM)),
        set_style=existing is not None,
    )
    failed: tuple[Path, SessionLoadError] | None = None
    # Started with nothing named: the session the GM had open at the last quit, saved.
    kept = "" if args.smoke_test else str(settings().value("lastSession", "") or "")
    last = Path(kept) if kept else None
    try:
        session, path = first_session(args, last)
    except SessionLoadError as error:
        if args.smoke_test:
            from futurepath_desktop.session.load_errors import details, explain

            print(f"smoke test failed: {explain(error)}", file=sys.stderr)
            print(details(error), file=sys.stderr)
            return 2
        # The window opens empty and says why over it, offering the file's backup.
        failed = (args.file or (demo_path() if args.demo or last is None else last), error)
        session, path = Session(name="New session"), None
    # The smoke test (packagers, CI) leaves no trace: no journal, no saved layout, no log.
    # The bindings' watcher read the sources of the modules loaded before it was taken off
    # (`plain_imports`) and the lines stay cached, nobody reads them again. A traceback
    # reads them anew.
    import linecache

    linecache.clearcache()
    window = MainWindow(
        session, path, autosave=not args.smoke_test, remember_layout=not args.smoke_test
    )
    desktop_hooks.install(window, app, report_errors=not args.smoke_test)
    if args.theme:
        window.settings.setValue("theme", args.theme)
        window.apply_palette()
    window.show()
    if args.player_page and not start_player_page(window, args.player_page):
        window.controller.stack.setClean()
        window.close()
        return 2
    window.first_painted.connect(collect_from_now_on)
    QTimer.singleShot(10_000, collect_from_now_on)  # should no frame ever come
    if args.smoke_test:
        result: list[int] = []

        def check() -> None:
            if result:
                return
            problems = smoke_check(window)
            if args.smoke_charts and not problems:
                try:
                    problems = chart_check(window)
                except Exception as error:  # a missing library in a bundle, say
                    problems = [f"the charts failed: {type(error).__name__}: {error}"]
            for problem in problems:
                print(f"smoke test failed: {problem}", file=sys.stderr)
            if not problems:
                elapsed = time.perf_counter() - started
                what = session.name
                if args.file is None and not args.demo:
                    what += " (the empty window: give a file or --demo to check the panels too)"
                print(f"smoke test passed: {what}, first paint after {elapsed * 1000:.0f} ms")
            result.append(1 if problems else 0)
            window.controller.stack.setClean()
            window.close()
            app.quit()

        window.first_painted.connect(check)
        QTimer.singleShot(10_000, check)  # report, rather than hang, if no frame ever comes
        app.exec()
        return result[0] if result else 1
    window.first_painted.connect(configure_logging)
    window.first_painted.connect(set_window_icon)  # the title bar can wait one frame for it
    if failed is not None:
        QTimer.singleShot(
            0, lambda: window.files.open_failed(*failed) or window.files.offer_recovery()
        )
    else:
        QTimer.singleShot(
            0, lambda: window.files.check_open_elsewhere() and window.files.offer_recovery()
        )
    return int(app.exec())

"""Entry point: ``futurepath-desktop [FILE]`` and ``python -m futurepath_desktop [FILE]``;
``futurepath-desktop import SHEET…`` adds character sheets to the prep library without a
window."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start Future Path Desktop (or, with ``import``, read character sheets)."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["import"]:
        return import_sheets(args[1:])
    import gc

    # Starting creates objects that live as long as the window (modules, classes, Qt
    # wrappers, the session): the collector's passes over them until the first frame find
    # nothing to free. The window switches it back on once it has painted.
    gc.disable()
    try:
        from futurepath_desktop.ui.app import main as run

        return run(args)
    finally:
        gc.enable()


def import_sheets(paths: list[str]) -> int:
    """``import SHEET…``: each character into the prep library, a line each on standard
    output; non-zero only when no file could be read. No Qt is loaded."""
    from futurepath_desktop.session.library import Library
    from futurepath_desktop.session.sheet_cli import run_import

    if not paths or paths[0] in ("-h", "--help"):
        print("usage: futurepath-desktop import SHEET.json [SHEET.json …]")
        print("Adds each Future Path character sheet to the prep library.")
        return 0 if paths else 2
    return run_import(paths, Library(), sys.stdout)


def run_and_exit() -> None:
    """The installed command: run, then leave without tearing down every Qt object.

    By the time the event loop returns, the window has saved its layout, autosave has
    closed its journal and nothing is left unwritten; flushing the logs and the standard
    streams is all that matters. Python's own teardown of thousands of Qt wrappers would
    only make the GM wait for a window that has already gone.
    """
    import os

    code = main()
    autosave = sys.modules.get("futurepath_desktop.session.autosave")
    if autosave is not None:  # os._exit runs no atexit hooks: a closed journal's last removal
        autosave.finish_at_exit()
    logging = sys.modules.get("logging")  # loaded once the window has painted, if at all
    if logging is not None:
        logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    run_and_exit()

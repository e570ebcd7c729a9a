"""Entry point: ``futurepath-desktop [FILE]`` and ``python -m futurepath_desktop [FILE]``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start Future Path Desktop."""
    from futurepath_desktop.ui.app import main as run

    return run(sys.argv[1:] if argv is None else argv)


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

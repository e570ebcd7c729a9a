"""Entry point: ``futurepath-desktop [FILE]`` and ``python -m futurepath_desktop [FILE]``."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start Future Path Desktop."""
    from futurepath_desktop.ui.app import main as run

    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())

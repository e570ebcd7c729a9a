"""Entry point: ``futurepath-desktop`` and ``python -m futurepath_desktop``.

Until the main window lands, this runs the rules demo: the combat chapter's example
encounter replayed by the rules core.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start Future Path Desktop."""
    from futurepath_desktop.core import demo

    return demo.main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    raise SystemExit(main())

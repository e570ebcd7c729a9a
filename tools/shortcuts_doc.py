"""Write docs/shortcuts.md from the window's actions table: ``python -m tools.shortcuts_doc``
(``--check`` only says whether the committed page is up to date)."""

from __future__ import annotations

import sys
from pathlib import Path

from futurepath_desktop.ui.dialogs.shortcuts_dialog import shortcuts_markdown

PAGE = Path(__file__).resolve().parent.parent / "docs" / "shortcuts.md"


def main(argv: list[str] | None = None) -> int:
    """Write the page (or, with ``--check``, compare it); 1 if it was out of date."""
    args = sys.argv[1:] if argv is None else argv
    text = shortcuts_markdown()
    current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
    if "--check" in args:
        if current != text:
            print(f"{PAGE.name} is out of date: run python -m tools.shortcuts_doc")
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Regenerate the files derived from code: the demo session and the session JSON Schema.

    python tools/regenerate.py

Tests check that the committed files match what this writes.
"""

from __future__ import annotations

import json
from pathlib import Path

from futurepath_desktop.session.demo import demo_file_bytes
from futurepath_desktop.session.store import export_schema

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "resources" / "demo" / "space-bears.fpsession"
SCHEMA = ROOT / "docs" / "session-format.schema.json"


def schema_text() -> str:
    """The schema as committed: sorted keys, two-space indent, final newline."""
    return json.dumps(export_schema(), indent=2, sort_keys=True) + "\n"


SHORTCUTS = ROOT / "docs" / "shortcuts.md"


def shortcuts_text() -> str:
    """docs/shortcuts.md, read off a real main window's actions."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from futurepath_desktop.session.state import Session
    from futurepath_desktop.ui.dialogs.shortcuts_dialog import shortcuts_markdown
    from futurepath_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(Session(name="shortcuts"), autosave=False)
    text = shortcuts_markdown()
    window.deleteLater()
    del app
    return text


def main() -> None:
    DEMO.parent.mkdir(parents=True, exist_ok=True)
    DEMO.write_bytes(demo_file_bytes())
    SCHEMA.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA.write_text(schema_text(), encoding="utf-8")
    SHORTCUTS.write_text(shortcuts_text(), encoding="utf-8")
    print(
        f"wrote {DEMO.relative_to(ROOT)}, {SCHEMA.relative_to(ROOT)}, {SHORTCUTS.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()

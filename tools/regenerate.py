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


def main() -> None:
    DEMO.parent.mkdir(parents=True, exist_ok=True)
    DEMO.write_bytes(demo_file_bytes())
    SCHEMA.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA.write_text(schema_text(), encoding="utf-8")
    print(f"wrote {DEMO.relative_to(ROOT)} and {SCHEMA.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

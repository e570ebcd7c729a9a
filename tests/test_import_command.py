"""``futurepath-desktop import SHEET…``: the players' character sheets go into the prep
library from the command line, a line each, with no window and no Qt loaded; the exit code
is non-zero only when no file could be read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SHEETS = Path(__file__).parent / "session" / "sheets"


def run(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "FUTUREPATH_HOME": str(home)}
    code = (
        "import sys; from futurepath_desktop.__main__ import main; "
        "code = main(sys.argv[1:]); "
        "assert 'PySide6' not in sys.modules, 'no Qt for the command line'; "
        "sys.exit(code)"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_both_sample_sheets_go_into_the_library_a_line_each(tmp_path: Path) -> None:
    sheets = sorted(str(p) for p in SHEETS.glob("*.json"))
    done = run("import", *sheets, home=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if not line.startswith("  ")]
    names = [json.loads(Path(s).read_bytes())["identityCard"]["charName"] for s in sheets]
    assert [line.split(":")[0] for line in lines] == names
    vela = next(line for line in lines if line.startswith("Vela Korsan"))
    assert "HP 9/9" in vela and "AC 15" in vela and "initiative +5" in vela
    assert "Advantage Die 1d2" in vela and "Needle Carbine" in vela
    saved = list((tmp_path).rglob("*.json"))
    assert any("vela" in p.name.lower() for p in saved), saved


def test_the_command_fails_only_when_no_file_could_be_read(tmp_path: Path) -> None:
    junk = tmp_path / "notes.json"
    junk.write_text('{"shopping": ["milk"]}', encoding="utf-8")
    alone = run("import", str(junk), home=tmp_path)
    assert alone.returncode != 0 and "notes.json" in alone.stdout
    vela = str(SHEETS / "vela-korsan.json")
    mixed = run("import", str(junk), vela, home=tmp_path)
    assert mixed.returncode == 0 and "error:" in mixed.stdout and "Vela Korsan" in mixed.stdout

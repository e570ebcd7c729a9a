"""The layers hold: core and session import no Qt (checked by import-linter), and every
ruling in scope is cited by a test."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

# Rulings the rules core covers (ground combat and the grid); space combat joins later.
CORE_RULINGS = [*range(1, 48)]


def run_lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(project / "pyproject.toml")],
        cwd=project,
        env={"PYTHONPATH": str(project), "PATH": str(LINT_IMPORTS.parent)},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    copy.mkdir()
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    shutil.copytree(
        ROOT / "futurepath_desktop",
        copy / "futurepath_desktop",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    return copy


@pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter is part of the test extra")
def test_lint_imports_keeps_qt_out_of_core(project_copy: Path) -> None:
    clean = run_lint_imports(project_copy)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    dice = project_copy / "futurepath_desktop" / "core" / "dice.py"
    dice.write_text(
        dice.read_text(encoding="utf-8") + "\nimport PySide6  # noqa\n", encoding="utf-8"
    )
    broken = run_lint_imports(project_copy)
    assert broken.returncode != 0
    assert "futurepath_desktop.core.dice -> PySide6" in broken.stdout


def test_every_ruling_in_scope_is_cited_by_a_test() -> None:
    cited: set[int] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        cited.update(
            int(n) for n in re.findall(r"\bR(\d{1,2})\b", path.read_text(encoding="utf-8"))
        )
        cited.update(
            int(n) for n in re.findall(r"\btest_r(\d{1,2})_", path.read_text(encoding="utf-8"))
        )
    missing = [f"R{n}" for n in CORE_RULINGS if n not in cited]
    assert missing == []

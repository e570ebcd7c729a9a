"""The release workflow is valid YAML, runs on the three systems, and every script it
calls is in the repository."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def test_the_workflow_parses_and_covers_the_three_systems() -> None:
    document = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    job = document["jobs"]["package"]
    assert job["strategy"]["matrix"]["os"] == ["ubuntu-22.04", "windows-2022", "macos-14"]
    names = [step.get("name", step.get("uses", "")) for step in job["steps"]]
    assert "Smoke-test the frozen app" in names
    assert any(str(n).startswith("actions/upload-artifact") for n in names)


def test_every_script_the_workflow_calls_exists() -> None:
    document = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    called = set()
    for step in document["jobs"]["package"]["steps"]:
        called.update(re.findall(r"packaging/[\w./-]+", step.get("run", "")))
    assert called >= {
        "packaging/linux/build.sh",
        "packaging/windows/build.ps1",
        "packaging/macos/build.sh",
    }
    for script in called:
        assert (ROOT / script).is_file(), script
    for referenced in ("packaging/futurepath.spec", "packaging/windows/futurepath.iss"):
        assert (ROOT / referenced).is_file()

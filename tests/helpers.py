"""Test helpers: a scripted random generator for dice that must fall a certain way, and a
fresh interpreter for what only a new process shows (start-up, imports, the first screen)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from futurepath_desktop.core.dice import Roller


class ScriptedRandom(random.Random):
    """A generator whose ``randint`` returns the given faces in order.

    Each face is checked against the range asked for, so a script that does not fit the
    dice the code rolls fails loudly instead of passing by accident.
    """

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.asked: list[tuple[int, int]] = []

    def randint(self, a: int, b: int) -> int:
        self.asked.append((a, b))
        if not self.faces:
            raise AssertionError(f"the script ran out of faces (asked for {a}..{b})")
        face = self.faces.pop(0)
        if not a <= face <= b:
            raise AssertionError(f"scripted face {face} does not fit a roll of {a}..{b}")
        return face


def scripted(*faces: int) -> Roller:
    """A roller that rolls exactly these faces, in order."""
    return Roller(ScriptedRandom(faces))


def run_python(
    *args: str, home: Path, platform: str = "offscreen"
) -> subprocess.CompletedProcess[str]:
    """A fresh interpreter on Qt's ``platform`` (offscreen by default), with the test's
    private home."""
    env = {**os.environ, "QT_QPA_PLATFORM": platform, "FUTUREPATH_HOME": str(home)}
    env.pop("DISPLAY", None)  # the platform named here, never the X server of the tests
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )

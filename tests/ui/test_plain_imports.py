"""The app takes PySide's feature watcher off its imports (``ui.plain_imports``): what the
watcher decides is moot for a module that switches on no feature, it is no longer run at
each import, and imports from the bindings still see every class."""

from __future__ import annotations

import builtins
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import futurepath_desktop
from futurepath_desktop.ui import plain_imports

PACKAGE = Path(futurepath_desktop.__file__).parent


def test_no_module_of_the_app_switches_on_a_pyside_feature() -> None:
    """What the watcher is for (modules that switch PySide's features on) is not in the app."""
    switch = re.compile(r"^\s*(from __feature__ import|import __feature__)", re.MULTILINE)
    for path in sorted(PACKAGE.rglob("*.py")):
        assert not switch.search(path.read_text(encoding="utf-8")), path


def test_the_watcher_is_taken_off_and_the_lazy_import_put_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import PySide6.QtCore  # noqa: F401  (the bindings put the watcher in place)

    watcher = builtins.__import__
    if getattr(watcher, "__name__", "") != plain_imports.WATCHER:
        pytest.fail(f"PySide no longer wraps imports the same way: {watcher!r}")
    monkeypatch.setattr(builtins, "__import__", watcher)
    assert plain_imports.plain_imports() is True
    assert builtins.__import__ is builtins.__orig_import__  # type: ignore[attr-defined]
    assert builtins.__import__.__name__ == plain_imports.LAZY
    assert plain_imports.plain_imports() is False  # a second call changes nothing


def test_something_else_in_place_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    def own_import(*args: object, **kwargs: object) -> object:
        raise AssertionError("not called")

    monkeypatch.setattr(builtins, "__import__", own_import)
    assert plain_imports.plain_imports() is False
    assert builtins.__import__ is own_import


def run_in_a_fresh_interpreter(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_after_it_no_import_runs_the_watcher_and_star_imports_see_every_class() -> None:
    """In a fresh interpreter: the watcher's Python (the feature check at each statement
    and the source reading after it) is called before and never after, and a star import
    from a bindings module still gives its classes, which the lazy import makes."""
    out = run_in_a_fresh_interpreter(
        """
        import sys
        import PySide6.QtWidgets
        watcher = sys.modules["PySide6.support.feature"]
        calls = []
        checked, imported = watcher.feature_import, watcher.feature_imported
        def check(*args, **kwargs):
            calls.append("check")
            return checked(*args, **kwargs)
        def after(module):
            calls.append("after")
            return imported(module)
        watcher.feature_import, watcher.feature_imported = check, after
        import json.decoder
        before = len(calls)
        from futurepath_desktop.ui.plain_imports import plain_imports
        assert plain_imports()
        calls.clear()
        import csv
        from futurepath_desktop.session import wording
        names = {}
        exec("from PySide6.QtWidgets import *", names)
        print(before, len(calls), "QLabel" in names, "QTreeView" in names)
        """
    )
    before, after, label, tree = out.split()
    assert int(before) >= 2  # both parts of the watcher ran for one statement
    assert int(after) == 0
    assert label == tree == "True"


def test_the_app_starts_with_plain_imports() -> None:
    out = run_in_a_fresh_interpreter(
        """
        import builtins, sys
        from futurepath_desktop.ui import app
        seen = []
        real = app.smoke_check
        def check(window):
            seen.append(builtins.__import__.__name__)
            return real(window)
        app.smoke_check = check
        code = app.main(["--smoke-test", "--demo"])
        print(code, seen[0])
        """
    )
    assert out.split()[-2:] == ["0", plain_imports.LAZY]

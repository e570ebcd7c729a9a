"""PySide learns from a module's name, not by reading its source, whether the module uses it
(``ui.import_scan``), for the app's own modules and the standard library's; and that makes
no difference to what any module can do with Qt."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

import futurepath_desktop
from futurepath_desktop.ui import import_scan
from futurepath_desktop.ui.import_scan import known_use

PACKAGE = Path(futurepath_desktop.__file__).parent


def module_names() -> dict[str, Path]:
    """Every module of the app, by its dotted name."""
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def test_no_module_of_the_app_switches_on_a_pyside_feature() -> None:
    """What the answer decides (which modules may switch PySide's features on) is moot."""
    switch = re.compile(r"^\s*(from __feature__ import|import __feature__)", re.MULTILINE)
    for name, path in module_names().items():
        assert not switch.search(path.read_text(encoding="utf-8")), name


def test_the_app_s_modules_are_answered_by_their_layer() -> None:
    for name, path in module_names().items():
        answer = known_use(name)
        if name.startswith("futurepath_desktop.ui.") or name == "futurepath_desktop.ui":
            assert answer is True, name
        else:
            assert answer is False, name
            assert "PySide6" not in path.read_text(encoding="utf-8"), name


@pytest.mark.parametrize("name", ["typing", "re", "collections.abc", "pathlib", "json.decoder"])
def test_the_standard_library_is_answered_as_reading_it_would(name: str) -> None:
    assert known_use(name) is False
    assert "PySide6" not in inspect.getsource(importlib.import_module(name))


@pytest.mark.parametrize("name", ["msgspec", "shiboken6", "pytestqt.qtbot"])
def test_any_other_module_is_still_read(name: str) -> None:
    assert known_use(name) is None


def test_once_in_place_the_watcher_reads_no_known_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    watcher = sys.modules["PySide6.support.feature"]
    monkeypatch.setattr(watcher, "_mod_uses_pyside", watcher._mod_uses_pyside)
    read: list[str] = []
    real = inspect.getsource

    def reading(module: ModuleType) -> str:
        read.append(module.__name__)
        return real(module)

    monkeypatch.setattr(inspect, "getsource", reading)
    import_scan.skip_known_sources()
    import_scan.skip_known_sources()  # a second call wraps nothing again
    ask = watcher._mod_uses_pyside
    assert ask(sys.modules["futurepath_desktop.ui.main_window"]) is True
    assert ask(sys.modules["futurepath_desktop.session.state"]) is False
    assert ask(sys.modules["typing"]) is False
    assert read == []
    assert ask(sys.modules["msgspec"]) is False  # read, as before
    assert read == ["msgspec"]

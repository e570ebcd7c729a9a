"""Every command the session exports has a way in from the window: an operation of
``ui.operations`` pushes it (only operations push), and an action of the window's table
or one of its panels calls that operation.

A few space commands have none yet; they are listed here by name,
so that a new command without a way in fails this test, and so does one of these the
window learns to reach (take it off the list then)."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from futurepath_desktop.session import commands
from futurepath_desktop.ui import action_builder

UI = Path(action_builder.__file__).parent

NOT_YET: frozenset[str] = frozenset()
"""Commands not in the window yet: none."""


def exported() -> set[str]:
    return {
        name
        for name in commands.__all__
        if inspect.isclass(getattr(commands, name)) and hasattr(getattr(commands, name), "perform")
    }


def pushed_by(path: Path) -> dict[str, set[str]]:
    """For each function of an operations module, the commands it builds (``c.Name(…)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            built = {
                call.func.attr
                for call in ast.walk(node)
                if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id in {"c", "commands"}
            }
            built |= {
                call.func.id
                for call in ast.walk(node)
                if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            }
            # An operation handed a command its widget built (an attack) names its type.
            built |= {
                arg.annotation.id for arg in node.args.args if isinstance(arg.annotation, ast.Name)
            }
            found[node.name] = built
    return found


def imports(text: str, module: str) -> bool:
    """Whether window code imports an operations module (by any name) or a function of it."""
    return bool(
        re.search(rf"operations import [^\n]*\b{module}\b", text)
        or re.search(rf"^\s+{module},$", text, re.MULTILINE)  # in a wrapped import list
        or f"operations.{module} import" in text
    )


def called_from_the_window(module: str, function: str) -> bool:
    """Whether the window calls the operation: an action's handler names it
    (``"module.function"``), or code that imports its module uses it."""
    for path in UI.rglob("*.py"):
        if path.parent.name == "operations":
            continue
        text = path.read_text(encoding="utf-8")
        if f'"{module}.{function}"' in text:
            return True
        if imports(text, module) and re.search(rf"\b{function}\(", text):
            return True
    return False


def test_every_exported_command_has_a_way_in_from_the_window() -> None:
    reachable: set[str] = set()
    for path in (UI / "operations").glob("*.py"):
        for function, built in pushed_by(path).items():
            if called_from_the_window(path.stem, function):
                reachable |= built
    missing = exported() - reachable
    assert missing == NOT_YET, (
        f"without a way in from the window: {sorted(missing - NOT_YET)}; "
        f"reachable now, take off NOT_YET: {sorted(NOT_YET - missing)}"
    )


def test_the_check_finds_a_command_with_no_way_in(tmp_path: Path) -> None:
    """The check itself: an operation nothing calls does not count as a way in."""
    module = tmp_path / "orphans.py"
    module.write_text(
        "from futurepath_desktop.session import commands as c\n"
        "def lonely(controller):\n"
        "    return controller.push(c.RenameSession('x'))\n",
        encoding="utf-8",
    )
    assert pushed_by(module) == {"lonely": {"RenameSession"}}
    assert not called_from_the_window("orphans", "lonely")
    assert called_from_the_window("teams", "rename_session")

"""The app's own files (the demo session, the icons) live in ``resources/`` at the top of
the checkout and ship as package data: a built wheel and a plain ``pip install .`` carry
them inside the package, and the installed copy finds them from anywhere.

The builds go through pip as a user's would (build isolation fetches the setuptools that
pyproject.toml asks for; the app's own dependencies are not installed: finding the files
needs none of them).
"""

from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from futurepath_desktop.resource_paths import demo_path, icon_path, resources_dir

ROOT = Path(__file__).resolve().parents[1]
RESOURCES = ROOT / "resources"
PACKAGE = "futurepath_desktop.resources"
# What a checkout holds that a fresh clone does not, or that a build never reads.
NOT_SOURCE = (
    ".git .venv build dist *.egg-info __pycache__ .*_cache .hypothesis .ci screenshots".split()
)
NOT_SOURCE += (".hypothesis", ".ci", "screenshots")

# Run by the installed copy's own interpreter, from a folder outside the checkout.
PROBE = """
import json, futurepath_desktop, futurepath_desktop.resource_paths as r
print(json.dumps({"package": futurepath_desktop.__file__, "resources": str(r.resources_dir()),
                  "demo": str(r.demo_path()), "icon": str(r.icon_path())}))
"""


def resource_files() -> dict[str, str]:
    """Every file in the checkout's resources/ (not its package marker), by its path inside
    the folder, with the SHA-256 of its bytes."""
    return {
        path.relative_to(RESOURCES).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(RESOURCES.rglob("*"))
        if path.is_file() and path.name != "__init__.py" and "__pycache__" not in path.parts
    }


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*command: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        env={k: v for k, v in os.environ.items() if not k.startswith("PYTHON")},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The checkout as a fresh clone has it: without an earlier build's leftovers (an old
    build/lib would slip stale files into the wheel), caches or the virtual environment."""
    copy = tmp_path_factory.mktemp("checkout") / "futurepath-desktop"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(*NOT_SOURCE),
    )
    return copy


def fresh_venv(folder: Path) -> Path:
    """A new virtual environment with nothing in it; its interpreter."""
    venv.create(folder, with_pip=False)
    return folder / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")


def pip(*arguments: str | Path, cwd: Path) -> str:
    """This environment's pip (``--python`` points it at another environment)."""
    return run(sys.executable, "-m", "pip", *arguments, cwd=cwd)


def probe(python: Path, elsewhere: Path) -> dict[str, Path]:
    out = run(python, "-I", "-c", PROBE, cwd=elsewhere)
    return {key: Path(value) for key, value in json.loads(out).items()}


def assert_installed_copy_finds_its_files(python: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = probe(python, elsewhere)
    package = found["package"].parent
    assert package.parent.name == "site-packages", f"not the installed copy: {package}"
    assert not package.is_relative_to(ROOT)
    assert found["resources"] == package / "resources"
    installed = {
        path.relative_to(found["resources"]).as_posix(): digest(path)
        for path in found["resources"].rglob("*")
        if path.is_file() and path.name != "__init__.py" and "__pycache__" not in path.parts
    }
    assert installed == resource_files()
    assert digest(found["demo"]) == digest(RESOURCES / "demo" / "space-bears.fpsession")
    assert digest(found["icon"]) == digest(RESOURCES / "icons" / "futurepath-desktop-256.png")


def test_every_resource_file_is_declared_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    assert setuptools["package-dir"][PACKAGE] == "resources"
    patterns = setuptools["package-data"][PACKAGE]
    files = resource_files()
    assert files, "no resource files found"
    missing = [f for f in files if not any(fnmatch.fnmatch(f, pattern) for pattern in patterns)]
    assert not missing, f"not installed with the package: {missing}"


def test_a_checkout_finds_its_resources_at_the_top() -> None:
    assert resources_dir() == RESOURCES
    assert demo_path().parent.parent == icon_path().parent.parent == RESOURCES
    assert demo_path().is_file() and icon_path().is_file()


def test_a_built_wheel_carries_the_resources_inside_the_package(
    source: Path, tmp_path: Path
) -> None:
    pip("wheel", "--no-deps", "-q", "-w", tmp_path / "wheels", ".", cwd=source)
    (wheel,) = (tmp_path / "wheels").glob("futurepath_desktop-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        carried = {
            name.removeprefix("futurepath_desktop/resources/"): hashlib.sha256(
                archive.read(name)
            ).hexdigest()
            for name in names
            if name.startswith("futurepath_desktop/resources/")
            and not name.endswith("/__init__.py")
        }
    assert carried == resource_files()
    # Nothing lands beside the package (a top-level resources/ in site-packages), nothing
    # of the old layout, and every module of the checkout is there (the list of packages
    # in setup.py finds them all).
    beside = {name.split("/")[0] for name in names} - {"futurepath_desktop"}
    assert all(top.endswith(".dist-info") for top in beside), beside
    assert not any(name.startswith("futurepath_desktop/data/") for name in names)
    modules = {
        path.relative_to(source).as_posix()
        for path in (source / "futurepath_desktop").rglob("*.py")
    }
    assert modules <= set(names), f"missing from the wheel: {sorted(modules - set(names))}"
    # The wheel, installed into a fresh environment, finds them too.
    python = fresh_venv(tmp_path / "venv")
    pip("--python", python, "install", "--no-deps", "-q", wheel, cwd=tmp_path)
    assert_installed_copy_finds_its_files(python, tmp_path)


def test_a_plain_pip_install_carries_the_resources_and_finds_them(
    source: Path, tmp_path: Path
) -> None:
    python = fresh_venv(tmp_path / "venv")
    pip("--python", python, "install", "--no-deps", "-q", ".", cwd=source)
    assert_installed_copy_finds_its_files(python, tmp_path)

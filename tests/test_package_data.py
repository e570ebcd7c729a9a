"""The demo session and the icons are package data: an installed copy has them."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from futurepath_desktop.resources import demo_path, icon_path, resources_dir

ROOT = Path(__file__).resolve().parents[1]


def test_every_data_file_is_declared_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["futurepath_desktop"]
    package = ROOT / "futurepath_desktop"
    files = [
        p.relative_to(package).as_posix() for p in (package / "data").rglob("*") if p.is_file()
    ]
    assert files, "no data files found"
    missing = [f for f in files if not any(fnmatch.fnmatch(f, pattern) for pattern in patterns)]
    assert not missing, f"not installed with the package: {missing}"


def test_the_app_finds_its_data_inside_the_package() -> None:
    assert resources_dir() == ROOT / "futurepath_desktop" / "data"
    assert demo_path().is_file() and icon_path().is_file()

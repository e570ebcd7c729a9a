"""The Linux installer, end to end: build the bundle, the .tar.gz and the .deb, unpack the
.deb into a scratch root, run the unpacked app's smoke test offscreen and on Xvfb, and
validate the desktop entry and the AppStream metainfo.

Slow (a PyInstaller build): run alone with ``python -m pytest -m packaging``; ``.ci/run``
does. Set FUTUREPATH_PACKAGE_OUT to keep the outputs somewhere (CI then installs the .deb).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .deb is built on Linux"),
]


def run(*command: str | Path, env: dict[str, str] | None = None, timeout: int = 900) -> str:
    done = subprocess.run(
        [str(c) for c in command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build once for the module; the tools a stranger's machine needs must be there."""
    for tool in ("dpkg-deb", "desktop-file-validate", "appstreamcli", "xvfb-run", "strip"):
        assert shutil.which(tool), f"{tool} is missing (see .ci/run for the packages)"
    out = Path(os.environ.get("FUTUREPATH_PACKAGE_OUT") or tmp_path_factory.mktemp("dist"))
    out.mkdir(parents=True, exist_ok=True)
    run(ROOT / "packaging" / "linux" / "build.sh", env={**os.environ, "OUT": str(out)})
    return out


def the(folder: Path, pattern: str) -> Path:
    found = sorted(folder.glob(pattern))
    assert len(found) == 1, f"expected one {pattern} in {folder}, found {found}"
    return found[0]


@pytest.fixture(scope="module")
def unpacked(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("deb-root")
    run("dpkg-deb", "-x", the(built, "*.deb"), root)
    return root


def smoke(app: Path, home: Path, *extra: str, xvfb: bool = False) -> str:
    env = {**os.environ, "FUTUREPATH_HOME": str(home)}
    command: list[str | Path] = [app, "--smoke-test", *extra]
    if xvfb:
        env.pop("QT_QPA_PLATFORM", None)
        env.pop("DISPLAY", None)
        command = ["xvfb-run", "-a", *command]
    else:
        env["QT_QPA_PLATFORM"] = "offscreen"
    return run(*command, env=env, timeout=120)


def test_the_deb_holds_the_bundle_launcher_desktop_entry_icons_and_mime_type(
    unpacked: Path, built: Path
) -> None:
    assert (unpacked / "opt/futurepath-desktop/futurepath-desktop").is_file()
    launcher = unpacked / "usr/bin/futurepath-desktop"
    assert launcher.is_symlink()
    assert os.readlink(launcher) == "/opt/futurepath-desktop/futurepath-desktop"
    assert (unpacked / "usr/share/icons/hicolor/256x256/apps/futurepath-desktop.png").is_file()
    assert (unpacked / "usr/share/icons/hicolor/scalable/apps/futurepath-desktop.svg").is_file()
    mime = (unpacked / "usr/share/mime/packages/futurepath-desktop.xml").read_text()
    assert 'glob pattern="*.fpsession"' in mime
    info = run("dpkg-deb", "-f", the(built, "*.deb"), "Depends")
    assert "libxcb-cursor0" in info and "libxkbcommon-x11-0" in info
    with tarfile.open(the(built, "*.tar.gz")) as archive:
        assert "futurepath-desktop/futurepath-desktop" in archive.getnames()


BUNDLE_MB = 165
"""The bundle's budget: 150 MB until the players' page and printing came; the page's server
(stripped) and Qt's print support with the system's printing libraries add about 12 MB."""


def test_the_bundle_stays_within_its_budget_unpacked(unpacked: Path) -> None:
    bundle = unpacked / "opt/futurepath-desktop"
    size = sum(f.stat().st_size for f in bundle.rglob("*") if f.is_file() and not f.is_symlink())
    print(f"bundle: {size / 1e6:.1f} MB unpacked")
    assert size <= BUNDLE_MB * 1_000_000, f"the bundle is {size / 1e6:.1f} MB"


def test_the_unpacked_app_passes_its_smoke_test_offscreen_and_on_xvfb(
    unpacked: Path, tmp_path: Path
) -> None:
    app = unpacked / "opt/futurepath-desktop/futurepath-desktop"
    assert "smoke test passed" in smoke(app, tmp_path, "--demo")
    # The charts too: the bundle carries the odds engine, numpy and pyqtgraph.
    assert "smoke test passed" in smoke(app, tmp_path, "--demo", "--smoke-charts")
    assert "smoke test passed" in smoke(app, tmp_path, "--demo", xvfb=True)
    # The players' page: its server library, QR codes and page files are in the bundle.
    said = smoke(app, tmp_path, "--demo", "--player-page", "127.0.0.1:0")
    assert "Players' page: http://" in said and "smoke test passed" in said
    saved = tmp_path / "round-1.fpsession"
    shutil.copy(ROOT / "tests/session/golden/v1-space-bears-round-1.fpsession", saved)
    assert "smoke test passed" in smoke(app, tmp_path, str(saved))


def test_the_desktop_entry_and_the_metainfo_validate(unpacked: Path) -> None:
    run("desktop-file-validate", unpacked / "usr/share/applications/futurepath-desktop.desktop")
    metainfo = unpacked / "usr/share/metainfo/io.github.futurepath.FuturePathDesktop.metainfo.xml"
    run("appstreamcli", "validate", "--no-net", metainfo)


def test_the_bundle_carries_the_resources_where_an_installed_copy_has_them(
    unpacked: Path,
) -> None:
    """Every file of resources/ sits in the bundle as in site-packages, under
    futurepath_desktop/resources/ beside its package marker (the wheel and ``pip install
    .`` are checked in tests/test_package_data.py)."""
    resources = ROOT / "resources"
    frozen = unpacked / "opt/futurepath-desktop/_internal/futurepath_desktop/resources"
    wanted = [p.relative_to(resources) for p in resources.rglob("*") if is_resource(p)]
    assert wanted, "no resource files found"
    for name in wanted:
        assert (frozen / name).read_bytes() == (resources / name).read_bytes(), name
    assert (frozen / "__init__.py").is_file()


def is_resource(path: Path) -> bool:
    return path.is_file() and path.name != "__init__.py" and "__pycache__" not in path.parts


def test_the_frozen_app_opens_the_demo_from_its_resources_file(
    unpacked: Path, tmp_path: Path
) -> None:
    """The frozen app reads the demo from the bundle's resources/: spoil that one file in a
    copy of the bundle and ``--demo`` fails to load it (with the file intact, the smoke
    test above passes), instead of building the demo in code."""
    bundle = tmp_path / "bundle"
    shutil.copytree(
        unpacked / "opt/futurepath-desktop", bundle, symlinks=True, copy_function=os.link
    )
    demo = bundle / "_internal/futurepath_desktop/resources/demo/space-bears.fpsession"
    demo.unlink()  # a hard link: write a new file, not through to the unpacked bundle
    demo.write_text("{ this is not a session", encoding="utf-8")
    env = {**os.environ, "FUTUREPATH_HOME": str(tmp_path / "home"), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [str(bundle / "futurepath-desktop"), "--smoke-test", "--demo"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0, done.stdout
    assert "smoke test failed" in done.stderr, done.stderr

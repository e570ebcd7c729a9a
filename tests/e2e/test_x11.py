"""The installed app as a process on a real X server, driven by xdotool."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.edit import History
from futurepath_desktop.session.store import save_session

pytestmark = pytest.mark.e2e
TOOLS = ("Xvfb", "xdotool", "xwd")
APP = Path(sys.executable).with_name("futurepath-desktop")


def missing() -> list[str]:
    found = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not APP.exists():
        found.append(str(APP))
    return found


@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb server."""
    if missing():
        if os.environ.get("CI"):
            pytest.fail(f"CI must install {', '.join(missing())} (see .ci/run)")
        pytest.skip(f"needs {', '.join(missing())}")
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    number = os.read(read, 16).decode().strip()
    os.close(read)
    name = f":{number}"

    def accepts_clients() -> bool:  # a loaded machine can be slow to open the new display
        assert server.poll() is None, "Xvfb exited"
        try:
            x(name, "xdotool", "getdisplaygeometry")
        except subprocess.CalledProcessError:
            return False
        return True

    wait_for(accepts_clients, what="the X server")
    yield name
    server.terminate()
    server.wait(timeout=10)


def x(display: str, *args: str) -> str:
    done = subprocess.run(
        args,
        capture_output=True,
        text=True,
        env={**os.environ, "DISPLAY": display},
        timeout=30,
        check=True,
    )
    return done.stdout.strip()


def wait_for(check: Callable[[], bool], timeout: float = 20.0, what: str = "the window") -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def screenshot(display: str) -> bytes:
    done = subprocess.run(
        ["xwd", "-root", "-silent"],
        capture_output=True,
        env={**os.environ, "DISPLAY": display},
        timeout=30,
        check=True,
    )
    return done.stdout


def test_keys_change_the_window_and_undo_restores_it(display: str, tmp_path: Path) -> None:
    session = demo_session()
    History(session).push(c.StartCombat(()))
    path = tmp_path / "fight.fpsession"
    save_session(session, path)
    env = {
        **os.environ,
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "FUTUREPATH_HOME": str(tmp_path / "home"),
    }
    app = subprocess.Popen([str(APP), str(path), "--theme", "light"], env=env)
    try:
        window = ""

        def found() -> bool:
            nonlocal window
            assert app.poll() is None, f"the app exited with {app.returncode}"
            try:
                window = x(
                    display, "xdotool", "search", "--onlyvisible", "--name", "Future Path Desktop"
                ).split()[0]
            except (subprocess.CalledProcessError, IndexError):
                return False
            return True

        wait_for(found)
        title = lambda: x(display, "xdotool", "getwindowname", window)  # noqa: E731
        assert title() == "fight.fpsession — Future Path Desktop"
        time.sleep(1.0)  # let the first paints settle
        x(display, "xdotool", "windowfocus", "--sync", window)
        before = screenshot(display)

        x(display, "xdotool", "key", "n")  # Next Turn: phase 2 → 3 Advantages
        wait_for(lambda: title().startswith("fight.fpsession*"))
        time.sleep(0.5)
        after = screenshot(display)
        assert after != before, "the window shows the new phase"
        (tmp_path / "after-next-turn.xwd").write_bytes(after)

        x(display, "xdotool", "key", "ctrl+z")
        wait_for(lambda: title() == "fight.fpsession — Future Path Desktop")
        time.sleep(0.5)
        undone = screenshot(display)
        assert undone != after

        x(display, "xdotool", "key", "ctrl+q")
        assert app.wait(timeout=20) == 0
    finally:
        if app.poll() is None:
            app.kill()

"""The installed app as a process on a real X server, driven by xdotool."""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from futurepath_desktop.session import commands as c
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.session.history import History
from futurepath_desktop.session.store import save_session

pytestmark = pytest.mark.e2e
TOOLS = ("Xvfb", "xdotool", "xwd")
APP = Path(sys.executable).with_name("futurepath-desktop")


def missing() -> list[str]:
    found = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not APP.exists():
        found.append(str(APP))
    return found


SERVER_STARTS = 3
"""How many times the X server's start is tried: only a server that exits at once (before
it accepts a client) is started again; nothing else in the test is ever retried."""


class ServerExitedError(Exception):
    """Xvfb exited before it accepted a client."""


def start_xvfb(log: Path) -> tuple[subprocess.Popen[bytes], str, int]:
    """One try at a private Xvfb: the server, its display name, and the pipe it told us
    the name through (kept open while the server runs).

    ``-displayfd`` lets the server pick a free display itself, so two test runs (or a
    leftover server) never collide on a number. The server writes the number and its
    newline separately: a reader that takes the digits and closes the pipe kills the
    server when the newline comes ("Cannot write display number to fd"), which is how a
    first run once saw "Xvfb exited". So the number is read up to its newline, and the
    pipe stays open as long as the server runs. ``-noreset``: the server stays as it is
    between its clients (the readiness probe, then the app).
    """
    read, write = os.pipe()
    with open(log, "ab") as errors:
        server = subprocess.Popen(
            [
                "Xvfb",
                "-displayfd",
                str(write),
                "-screen",
                "0",
                "1280x800x24",
                "-nolisten",
                "tcp",
                "-noreset",
            ],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=errors,
        )
    os.close(write)
    number = b""
    deadline = time.monotonic() + 20
    while not number.endswith(b"\n"):
        ready, _, _ = select.select([read], [], [], 0.1)
        if ready:
            chunk = os.read(read, 16)
            if not chunk:  # the server closed its end: it has exited
                break
            number += chunk
        elif server.poll() is not None or time.monotonic() > deadline:
            break
    if not number.strip().isdigit():
        os.close(read)
        stop(server)
        raise ServerExitedError("Xvfb exited before it named its display")
    name = f":{number.decode().strip()}"

    def accepts_clients() -> bool:  # a loaded machine can be slow to open the new display
        if server.poll() is not None:
            raise ServerExitedError(
                f"Xvfb exited with {server.returncode} before accepting clients"
            )
        try:
            x(name, "xdotool", "getdisplaygeometry")
        except subprocess.CalledProcessError:
            return False
        return True

    try:
        wait_for(accepts_clients, what="the X server to accept clients")
    except BaseException:
        os.close(read)
        stop(server)
        raise
    return server, name, read


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def xvfb_with_retries(log: Path) -> tuple[subprocess.Popen[bytes], str, int]:
    """A private Xvfb, its start tried again (up to SERVER_STARTS times) if it exits at
    once."""
    for attempt in range(1, SERVER_STARTS + 1):
        try:
            return start_xvfb(log)
        except ServerExitedError:
            if attempt == SERVER_STARTS:
                said = log.read_text(errors="replace")[-2000:] if log.exists() else ""
                raise ServerExitedError(
                    f"Xvfb exited at once, {SERVER_STARTS} times:\n{said}"
                ) from None
            time.sleep(0.2 * attempt)
    raise AssertionError("unreachable")


@pytest.fixture
def display(tmp_path: Path) -> Iterator[str]:
    """A private Xvfb server, on a display it picked itself."""
    if missing():
        if os.environ.get("CI"):
            pytest.fail(f"CI must install {', '.join(missing())} (see .ci/run)")
        pytest.skip(f"needs {', '.join(missing())}")
    server, name, pipe = xvfb_with_retries(tmp_path / "xvfb.log")
    try:
        yield name
    finally:
        stop(server)
        os.close(pipe)


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

        # Back at the clean point: Ctrl+Q quits at once, with no question about saving.
        asked = time.perf_counter()
        x(display, "xdotool", "key", "ctrl+q")
        assert app.wait(timeout=20) == 0
        took = time.perf_counter() - asked
        assert took < 2.0, f"quitting took {took:.2f} s"  # the benchmark holds it to 0.5 s
        journal = tmp_path / "home" / "autosave"
        assert sorted(p.name for p in journal.iterdir()) == [], "a clean quit leaves no journal"
    finally:
        if app.poll() is None:
            app.kill()


FLAKY_XVFB = """#!/bin/sh
# Exits at once on the first {fails} starts (as a server that lost a race would), then
# runs the real one.
count=$(cat "{counter}" 2>/dev/null || echo 0)
echo $((count + 1)) > "{counter}"
if [ "$count" -lt {fails} ]; then echo "server already running" >&2; exit 1; fi
exec "{real}" "$@"
"""


@pytest.mark.parametrize("fails", [1, SERVER_STARTS])
def test_only_the_servers_start_is_retried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: int
) -> None:
    if missing():
        pytest.skip(f"needs {', '.join(missing())}")
    real = shutil.which("Xvfb")
    assert real is not None
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    counter = tmp_path / "starts"
    fake = bin_dir / "Xvfb"
    fake.write_text(FLAKY_XVFB.format(fails=fails, counter=counter, real=real))
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    log = tmp_path / "xvfb.log"
    if fails >= SERVER_STARTS:
        with pytest.raises(ServerExitedError, match="exited at once, 3 times"):
            xvfb_with_retries(log)
        assert counter.read_text().strip() == str(SERVER_STARTS)
        assert "server already running" in log.read_text()
        return
    server, name, pipe = xvfb_with_retries(log)
    try:
        assert counter.read_text().strip() == str(fails + 1)
        assert x(name, "xdotool", "getdisplaygeometry") == "1280 800"
        time.sleep(0.3)  # the newline after the display number has long been written
        x(name, "xdotool", "getdisplaygeometry")  # and the server outlives its clients
        assert server.poll() is None
    finally:
        stop(server)
        os.close(pipe)

"""``futurepath-desktop --demo --player-page HOST:PORT``: the page is on from the start and
its link is printed on standard output; the link works, the bare address is refused; a bad
address stops the app with a word why."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest


def app(tmp_path: Path, *argv: str) -> subprocess.Popen[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FUTUREPATH_HOME=str(tmp_path))
    return subprocess.Popen(
        [sys.executable, "-m", "futurepath_desktop", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_the_link_is_printed_and_serves_the_page(tmp_path: Path) -> None:
    running = app(tmp_path, "--demo", "--player-page", "127.0.0.1:0")
    try:
        assert running.stdout is not None
        line = running.stdout.readline().strip()
        assert line.startswith("Players' page: http://"), line
        url = line.removeprefix("Players' page: ")
        with urllib.request.urlopen(url, timeout=20) as answer:
            assert answer.status == 200 and b"<html" in answer.read().lower()
        parts = urlsplit(url)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{parts.scheme}://{parts.netloc}/state.json", timeout=20)
        assert refused.value.code == 403
    finally:
        running.terminate()
        running.wait(timeout=30)


def test_a_bad_address_is_refused_with_why(tmp_path: Path) -> None:
    running = app(tmp_path, "--demo", "--player-page", "nowhere")
    _out, err = running.communicate(timeout=120)
    assert running.returncode == 2
    assert "players' page" in err and "HOST:PORT" in err

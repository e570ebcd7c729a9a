"""The players' page tests: a real main window on the demo (the UI tests' own fixture), and
the page turned on for it on a free loopback port, turned off again after each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from futurepath_desktop.ui import web_prompts
from futurepath_desktop.ui.main_window import MainWindow
from tests.ui.conftest import window

__all__ = ["page", "window"]


@pytest.fixture
def page(window: MainWindow) -> Iterator[web_prompts.PageFeed]:
    """The demo's players' page, on; its feed (with the server)."""
    web_prompts.start_page(window, "127.0.0.1", 0)
    feed = web_prompts.running_page(window)
    assert feed is not None
    yield feed
    web_prompts.stop_page(window)
    assert not feed.server.running

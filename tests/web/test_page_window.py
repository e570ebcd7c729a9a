"""The players' page with the GM's window: off until turned on (the View menu's dialog, or at
start), it follows every change live, its map is the players' map, and nothing sent to it
changes the session."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import pytest
from pytestqt.qtbot import QtBot

from futurepath_desktop.session import commands as c
from futurepath_desktop.session import store
from futurepath_desktop.session.history import History
from futurepath_desktop.session.player_info import player_info
from futurepath_desktop.ui import web_prompts
from futurepath_desktop.ui.main_window import MainWindow
from futurepath_desktop.ui.player_view import PlayerView
from futurepath_desktop.ui.undo import SessionController
from futurepath_desktop.web.links import AddressError
from futurepath_desktop.web.page_data import decode
from futurepath_desktop.web.server import PageServer
from tests.web.clients import METHODS, PATHS, EventReader, local, request

PNG = b"\x89PNG\r\n\x1a\n"


def base(feed: web_prompts.PageFeed) -> str:
    return f"http://127.0.0.1:{feed.server.port}"


def listening(server: PageServer) -> bool:
    """Whether the page is being served (asked afresh each time)."""
    return server.running


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_page_is_off_until_the_gm_turns_it_on(qtbot: QtBot, window: MainWindow) -> None:
    assert web_prompts.running_page(window) is None
    window.actions_by_name["actionPlayersPage"].trigger()
    dialog = window.findChild(web_prompts.PlayersPageDialog, "playersPageDialog")
    assert dialog is not None and dialog.isVisible()
    assert dialog.switch.text() == "Turn On" and not dialog.copy.isEnabled()
    assert "off" in dialog.status.text() and dialog.url == ""
    dialog.port.setValue(free_port())
    dialog.switch.click()
    feed = web_prompts.running_page(window)
    assert feed is not None
    server = feed.server
    assert listening(server)
    try:
        assert dialog.switch.text() == "Turn Off"
        assert dialog.url == feed.server.url() and f"token={feed.server.token}" in dialog.url
        assert dialog.url in dialog.link.text()
        code = dialog.code.pixmap()
        assert not code.isNull() and code.width() >= 150, "a QR code big enough to scan"
        address = local(dialog.url)
        assert request(address, "/", "GET") == 403
        assert request(address, "/", "GET", feed.server.token) == 200
        qtbot.waitUntil(lambda: "0 devices" in dialog.status.text())
        dialog.copy.click()
    finally:
        dialog.switch.click()
    assert web_prompts.running_page(window) is None
    assert not listening(server), "turned off: nothing listens"
    assert dialog.switch.text() == "Turn On" and dialog.code.pixmap().isNull()
    dialog.close()


def test_a_taken_port_is_said_and_the_page_stays_off(window: MainWindow) -> None:
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        dialog = web_prompts.toggle_page(window)
        dialog.port.setValue(int(taken.getsockname()[1]))
        dialog.switch.click()
        assert web_prompts.running_page(window) is None
        assert "cannot use port" in dialog.status.text()
        assert dialog.switch.text() == "Turn On"
    dialog.close()


def test_nothing_sent_to_the_page_changes_the_session(
    window: MainWindow, page: web_prompts.PageFeed
) -> None:
    session = window.controller.session
    before, steps = store.encode(session), window.controller.stack.count()
    for path in PATHS:
        for method in METHODS:
            assert request(base(page), path, method) == 403, (method, path)
            answer = request(base(page), path, method, page.server.token)
            if path == "/nothing":
                assert answer == 404, (method, path)  # no such page, whatever the method
            elif method in {"GET", "HEAD"}:
                assert answer in {200, 404}, (method, path)  # 404: /map.png without a map
            else:
                assert answer == 405, (method, path)
    assert store.encode(window.controller.session) == before
    assert window.controller.stack.count() == steps
    assert window.controller.session is session


def test_the_page_follows_next_turn_within_half_a_second(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed
) -> None:
    reader = EventReader(base(page), page.server.token)
    try:
        _, first = reader.next()
        assert first.info == player_info(window.controller.session)
        assert first.map_version >= 1, "the demo has a map"
        for command in (c.StartCombat(()), c.NextTurn(), c.NextTurn()):
            sent = time.monotonic()
            assert window.controller.push(command)
            qtbot.waitUntil(lambda: not reader.states.empty(), timeout=2000)
            came, state = reader.next()
            assert came - sent < 0.5, f"{command}: {came - sent:.3f} s"
            assert state.info == player_info(window.controller.session)
            assert state.info.header.startswith("Round 1")
        assert page.server.clients == 1
    finally:
        reader.close()


def test_the_page_map_is_the_players_map(
    qtbot: QtBot, window: MainWindow, page: web_prompts.PageFeed
) -> None:
    """R61: a hidden bear is not on the page's map at all: the picture is the one drawn with
    that bear gone from the session."""
    seen = page.server.picture
    assert seen is not None and seen.startswith(PNG)
    version = page.map_version
    window.controller.push(c.EditCombatant("bear-1", {"hidden": True}))
    qtbot.waitUntil(lambda: page.map_version > version)
    # The server takes the new picture on its own thread: wait for it there.
    qtbot.waitUntil(lambda: page.server.picture != seen)
    hidden = page.server.picture
    assert hidden is not None
    qtbot.waitUntil(lambda: decode(page.server.state).map_version == page.map_version)
    gone = store.decode(store.encode(window.controller.session))
    History(gone).push(c.RemoveCombatants(("bear-1",)))
    view = PlayerView(SessionController(gone))
    try:
        assert web_prompts.map_png(view.map_scene) == hidden
    finally:
        view.deleteLater()
    # A change the map does not show sends the same picture again, not a new one.
    version, pushed = page.map_version, page.version
    window.controller.push(c.EditCombatant("bear-2", {"notes": "sleepy"}))
    qtbot.waitUntil(lambda: page.version > pushed)
    assert page.map_version == version


def test_start_for_window_turns_it_on_from_the_command_line(window: MainWindow) -> None:
    with pytest.raises(AddressError):
        web_prompts.start_for_window(window, "not an address")
    assert web_prompts.running_page(window) is None
    url = web_prompts.start_for_window(window, "127.0.0.1:0")
    try:
        feed = web_prompts.running_page(window)
        assert feed is not None
        assert url == f"http://127.0.0.1:{feed.server.port}/?token={feed.server.token}"
        assert len(feed.server.token) >= 20
        assert web_prompts.start_for_window(window, "127.0.0.1:0") == url, "already on"
    finally:
        web_prompts.stop_page(window)
    assert web_prompts.running_page(window) is None


def test_start_up_loads_neither_the_server_nor_the_qr_code() -> None:
    probe = (
        "import sys, futurepath_desktop.ui.main_window, futurepath_desktop.ui.web_prompts, "
        "futurepath_desktop.ui.web_rows; "
        "print([m for m in ('aiohttp', 'segno', 'futurepath_desktop.web.server') "
        "if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"

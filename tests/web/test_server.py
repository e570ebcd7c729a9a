"""The players' page's server on its own (no window): the token guards every request, only
GET and HEAD are answered, the files ship with the package, and a phone following the
events is sent each new state at once."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from futurepath_desktop.resource_paths import resources_dir
from futurepath_desktop.session.demo import demo_session
from futurepath_desktop.web.links import AddressError, page_url, parse_address, qr_png
from futurepath_desktop.web.page_data import decode, page_state
from futurepath_desktop.web.server import PageServer
from tests.web.clients import METHODS, PATHS, EventReader, fetch, request

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def server() -> Iterator[PageServer]:
    """A page on a free loopback port, with the demo's first state and a stand-in map."""
    page = PageServer("127.0.0.1", 0)
    page.publish(page_state(demo_session(), 1, 1), PNG + b"stand-in")
    page.start()
    yield page
    page.stop()


def base(server: PageServer) -> str:
    return f"http://127.0.0.1:{server.port}"


def test_a_request_without_the_token_gets_403(server: PageServer) -> None:
    for path in PATHS:
        for method in METHODS:
            assert request(base(server), path, method) == 403, (method, path)
            assert request(base(server), path, method, token="guess") == 403, (method, path)
            wrong = server.token[:-1] + ("A" if server.token[-1] != "A" else "B")
            assert request(base(server), path, method, token=wrong) == 403, (method, path)


def test_only_get_and_head_are_answered(server: PageServer) -> None:
    for path in PATHS[:-1]:
        assert request(base(server), path, "GET", server.token) == 200, path
        assert request(base(server), path, "HEAD", server.token) == 200, path
        for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
            assert request(base(server), path, method, server.token) == 405, (method, path)
    assert request(base(server), "/nothing", "GET", server.token) == 404


def test_the_page_files_ship_with_the_package_and_carry_the_token(server: PageServer) -> None:
    folder = resources_dir() / "players"
    assert {p.name for p in folder.iterdir()} >= {"index.html", "page.css", "page.js"}
    page, kind = fetch(base(server), "/", server.token)
    assert kind.startswith("text/html")
    assert f"page.css?token={server.token}".encode() in page
    assert f"page.js?token={server.token}".encode() in page
    assert b"__TOKEN__" not in page
    script, kind = fetch(base(server), "/page.js", server.token)
    assert kind.startswith("text/javascript") and b"EventSource" in script
    # Read-only: the page's script only ever asks (GET), and never builds HTML from text.
    for word in (b"POST", b"PUT", b"DELETE", b"PATCH", b"innerHTML", b"eval("):
        assert word not in script, word
    style, kind = fetch(base(server), "/page.css", server.token)
    assert kind.startswith("text/css") and b"prefers-color-scheme: dark" in style
    state, kind = fetch(base(server), "/state.json", server.token)
    assert kind.startswith("application/json") and decode(state).version == 1
    picture, kind = fetch(base(server), "/map.png", server.token)
    assert kind == "image/png" and picture.startswith(PNG)


def test_every_answer_keeps_the_token_to_itself(server: PageServer) -> None:
    import urllib.request

    with urllib.request.urlopen(f"{base(server)}/?token={server.token}", timeout=5) as answer:
        headers = answer.headers
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["Cache-Control"] == "no-store"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert "form-action 'none'" in headers["Content-Security-Policy"]


def test_a_phone_is_sent_each_new_state_at_once(server: PageServer) -> None:
    reader = EventReader(base(server), server.token)
    assert reader.content_type.startswith("text/event-stream")
    _, first = reader.next()
    assert (
        reader.status == 200 and first.version == 1 and first.info.header == "Waiting for the fight"
    )
    assert server.clients == 1
    for version in range(2, 12):
        sent = time.monotonic()
        server.publish(page_state(demo_session(), version, 1), PNG)
        came, state = reader.next()
        assert state.version == version
        assert came - sent < 0.5, "live within half a second"
    other = EventReader(base(server), server.token)
    assert other.next()[1].version == 11, "a phone that comes late is sent the newest state"
    reader.close()
    deadline = time.monotonic() + 5
    while server.clients != 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert server.clients == 1, "a phone that hangs up is let go"
    server.stop()
    assert other.ended.wait(5), "turning the page off ends every phone's stream"
    assert not server.running


def test_a_taken_port_is_refused_with_an_os_error(server: PageServer) -> None:
    second = PageServer("127.0.0.1", server.port)
    second.publish(b"{}", None)
    with pytest.raises(OSError):
        second.start()
    assert not second.running


def test_no_map_no_picture(server: PageServer) -> None:
    server.publish(page_state(demo_session(), 2, 0), None)
    deadline = time.monotonic() + 5
    while server.version < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert request(base(server), "/map.png", "GET", server.token) == 404


def test_addresses() -> None:
    assert parse_address("0.0.0.0:8765") == ("0.0.0.0", 8765)
    assert parse_address(":9000") == ("0.0.0.0", 9000)
    assert parse_address("[::1]:8000") == ("::1", 8000)
    assert parse_address("gm-laptop.local:80") == ("gm-laptop.local", 80)
    for bad in ("8765", "host:", "host:port", "host:70000", ""):
        with pytest.raises(AddressError):
            parse_address(bad)
    assert page_url("127.0.0.1", 8765, "a-b_c") == "http://127.0.0.1:8765/?token=a-b_c"
    assert page_url("::1", 8000, "t") == "http://[::1]:8000/?token=t"
    every = page_url("0.0.0.0", 8765, "t")
    host = every.split("//")[1].split(":")[0]
    socket.inet_aton(host)  # the laptop's own address, which a phone can open
    assert host != "0.0.0.0"


def test_the_qr_code_is_a_png() -> None:
    picture = qr_png("http://192.168.1.20:8765/?token=abc")
    assert picture.startswith(PNG) and len(picture) > 200

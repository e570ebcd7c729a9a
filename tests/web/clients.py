"""A phone's side of the players' page, for the tests: plain HTTP requests and an
event-stream reader that follows the page in a thread of its own."""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

from futurepath_desktop.web.page_data import PageState, decode

METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS")
PATHS = ("/", "/state.json", "/map.png", "/events", "/page.css", "/page.js", "/nothing")


def local(url: str) -> str:
    """The page's link as this machine reaches it (the server listens on loopback)."""
    parts = urlsplit(url)
    return f"http://127.0.0.1:{parts.port}"


def request(base: str, path: str, method: str = "GET", token: str | None = None) -> int:
    """The status a request gets (its body read and dropped; an event stream not waited on)."""
    target = base + path + (f"?token={token}" if token is not None else "")
    body = b'{"round": 99}' if method in {"POST", "PUT", "PATCH"} else None
    call = urllib.request.Request(target, data=body, method=method)
    try:
        with urllib.request.urlopen(call, timeout=5) as answer:
            if path != "/events":
                answer.read()
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def fetch(base: str, path: str, token: str) -> tuple[bytes, str]:
    """A page file's bytes and content type."""
    with urllib.request.urlopen(f"{base}{path}?token={token}", timeout=5) as answer:
        return answer.read(), str(answer.headers["Content-Type"])


class EventReader:
    """Follows ``/events`` as a phone's browser does; every state it is sent, with the
    time it came, lands in ``states``. (HTTP/1.0, so the stream is plain lines.)"""

    def __init__(self, base: str, token: str) -> None:
        self.states: queue.Queue[tuple[float, PageState]] = queue.Queue()
        parts = urlsplit(base)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
        ask = f"GET /events?token={token} HTTP/1.0\r\nAccept: text/event-stream\r\n\r\n"
        self.sock.sendall(ask.encode())
        self.stream = self.sock.makefile("rb")
        self.status = int(self.stream.readline().split()[1])
        self.headers: dict[str, str] = {}
        while line := self.stream.readline().strip():
            name, _, value = line.decode().partition(":")
            self.headers[name.lower()] = value.strip()
        self.content_type = self.headers.get("content-type", "")
        self.sock.settimeout(None)
        self.ended = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        event = ""
        try:
            for raw in self.stream:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("event: "):
                    event = line[len("event: ") :]
                elif line.startswith("data: ") and event == "state":
                    self.states.put((time.monotonic(), decode(line[len("data: ") :].encode())))
        except (OSError, ValueError):
            pass
        finally:
            self.ended.set()

    def next(self, timeout: float = 5.0) -> tuple[float, PageState]:
        """The next state sent (and when it came)."""
        return self.states.get(timeout=timeout)

    def close(self) -> None:
        """Hang up."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)
        self.sock.close()

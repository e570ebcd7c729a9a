"""PageServer: the players' page served over HTTP by aiohttp, on an event loop in a thread of
its own, so the GM's window never waits for a phone.

Read-only by construction: only GET (and HEAD) routes exist, so any other method gets 405,
and every request without the page's token gets 403 before it reaches a route. What it
serves is what the window hands it (``publish``): the players' description as JSON (see
``web.page_data``) and the players' map as a PNG. Phones follow changes live through
server-sent events; each is sent the newest state, never a queue of stale ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import secrets
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

from aiohttp import web

from futurepath_desktop.resource_paths import resources_dir
from futurepath_desktop.web.links import page_url

KEEP_ALIVE_S = 15.0  # a comment line this often keeps a quiet connection open through Wi-Fi
_TYPES = {".css": "text/css", ".js": "text/javascript"}
_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the token is in the address: never pass it on
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def page_files() -> Path:
    """The page's HTML, CSS and JavaScript (shipped with the package)."""
    return resources_dir() / "players"


class PageServer:
    """The players' page on ``host:port`` (port 0: any free one), guarded by a random token."""

    def __init__(self, host: str, port: int, token: str | None = None) -> None:
        self.host = host
        self.port = port
        self.token = token or secrets.token_urlsafe(16)
        self.state = b"{}"
        self.picture: bytes | None = None
        self.version = 0
        self.clients = 0  # phones following the page now
        files = page_files()
        self._index = (files / "index.html").read_text(encoding="utf-8")
        self._assets = {name: (files / name).read_bytes() for name in ("page.css", "page.js")}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._changed: asyncio.Event | None = None
        self._closing = False
        self._thread: threading.Thread | None = None

    # --- the window's side (any thread) ---------------------------------------------------

    def start(self) -> None:
        """Listen, in a daemon thread; raises OSError when the address cannot be used."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def serve() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._listen())
            except BaseException as error:  # told to the caller, which shows it
                failure.append(error)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(self._close())
                loop.close()

        self._thread = threading.Thread(target=serve, name="players-page", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            self._thread.join()
            error = failure[0]
            raise error if isinstance(error, OSError) else OSError(str(error))

    def url(self, host: str | None = None) -> str:
        """The link with the token: the one to show, or to print at start."""
        return page_url(host or self.host, self.port, self.token)

    def publish(self, state: bytes, picture: bytes | None) -> None:
        """The page's new state (and the map's picture, None without a map), to every phone."""
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(self._set, state, picture)
        elif self._thread is None:
            self.state, self.picture = state, picture  # the first, before it listens
            self.version += 1

    def stop(self) -> None:
        """Close every connection and stop listening (waits for the thread, briefly)."""
        loop, thread = self._loop, self._thread
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if thread is not None:
            thread.join(timeout=5)
        self._thread = None
        self._loop = None

    @property
    def running(self) -> bool:
        """Whether the page is being served."""
        return self._thread is not None and self._thread.is_alive()

    # --- the event loop's side ------------------------------------------------------------

    async def _listen(self) -> None:
        self._changed = asyncio.Event()
        app = web.Application(middlewares=[self._guard])
        app.on_response_prepare.append(self._headers)
        app.router.add_get("/", self._page)
        app.router.add_get("/state.json", self._state)
        app.router.add_get("/map.png", self._map)
        app.router.add_get("/events", self._events)
        app.router.add_get("/{name:page\\.(css|js)}", self._asset)
        # A phone that hangs up ends its event stream at once (the count of watchers is true).
        self._runner = web.AppRunner(
            app, access_log=None, shutdown_timeout=1.0, handler_cancellation=True
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        for address in self._runner.addresses:
            if isinstance(address, tuple):
                self.port = int(address[1])  # the one the system chose for port 0
                break

    async def _close(self) -> None:
        self._closing = True
        if self._changed is not None:
            self._changed.set()  # every event stream sees the page closing and ends
        if self._runner is not None:
            await self._runner.cleanup()

    def _set(self, state: bytes, picture: bytes | None) -> None:
        self.state, self.picture = state, picture
        self.version += 1
        changed, self._changed = self._changed, asyncio.Event()
        if changed is not None:
            changed.set()

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.query.get("token", "")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            raise web.HTTPForbidden(text="This page needs the link shown on the GM's screen.")
        return await handler(request)

    @staticmethod
    async def _headers(_request: web.Request, response: web.StreamResponse) -> None:
        response.headers.update(_HEADERS)

    async def _page(self, _request: web.Request) -> web.Response:
        token = html.escape(self.token, quote=True)
        text = self._index.replace("__TOKEN__", token)
        return web.Response(text=text, content_type="text/html", charset="utf-8")

    async def _asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        body = self._assets[name]
        kind = _TYPES[Path(name).suffix]
        return web.Response(body=body, content_type=kind, charset="utf-8")

    async def _state(self, _request: web.Request) -> web.Response:
        return web.Response(body=self.state, content_type="application/json")

    async def _map(self, _request: web.Request) -> web.Response:
        if self.picture is None:
            raise web.HTTPNotFound(text="No map is shown now.")
        return web.Response(body=self.picture, content_type="image/png")

    async def _events(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        response.headers["X-Accel-Buffering"] = "no"
        await response.prepare(request)
        self.clients += 1
        sent = -1
        try:
            while not self._closing:
                if sent != self.version:
                    sent = self.version
                    await response.write(b"event: state\ndata: " + self.state + b"\n\n")
                    continue
                changed = self._changed
                assert changed is not None
                try:
                    await asyncio.wait_for(changed.wait(), KEEP_ALIVE_S)
                except TimeoutError:
                    await response.write(b": still here\n\n")
        except ConnectionResetError:
            return response  # the phone went away
        finally:
            self.clients -= 1
        with contextlib.suppress(ConnectionResetError):
            await response.write_eof()  # the page was turned off
        return response

"""The players' page with 30 phones on loopback: the time from a Next Turn on the GM's
window until every phone has the new state, and what it costs the laptop's CPU (the whole
app: the command, the window's views, the page's state and map picture, and sending it to
every phone), against the same Next Turn with the page off.

The phones are a separate process (aiohttp clients reading the event stream), so their
own work is not counted as the laptop's. Times are the system's monotonic clock, which
both processes read alike.
"""

from __future__ import annotations

import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FUTUREPATH_HOME", tempfile.mkdtemp(prefix="fp-bench-"))

PHONES = 30


def phones(url: str, count: int) -> None:
    """The phones' process: ``count`` event streams; when all of them have a state, print
    its number and the time the last one came. Ends when its standard input closes."""
    import asyncio

    import aiohttp

    from futurepath_desktop.web.page_data import decode

    async def follow(session: aiohttp.ClientSession, seen: dict[int, int]) -> None:
        async with session.get(url.replace("/?", "/events?")) as answer:
            async for raw in answer.content:
                if raw.startswith(b"data: "):
                    version = decode(raw[len(b"data: ") :]).version  # read as a phone does
                    seen[version] = seen.get(version, 0) + 1
                    if seen[version] == count:
                        print(version, time.monotonic(), flush=True)

    async def main() -> None:
        seen: dict[int, int] = {}
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None)) as session:
            streams = [asyncio.ensure_future(follow(session, seen)) for _ in range(count)]
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)

    asyncio.run(main())


def measure(turns: int = 30, count: int = PHONES) -> dict[str, float]:
    """Milliseconds from Next Turn to every phone updated (median, worst) and the app's CPU
    milliseconds per Next Turn with the page on and off; the CPU share when idle."""
    from PySide6.QtWidgets import QApplication

    from benchmarks.fixtures import settle
    from futurepath_desktop.session import commands as c
    from futurepath_desktop.session.demo import demo_session
    from futurepath_desktop.ui import web_prompts
    from futurepath_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow(demo_session(), autosave=False, remember_layout=False)
    window.resize(1280, 800)
    window.show()
    settle(app)  # what the first paint sets going (the attack form, the odds) has run
    window.controller.push(c.StartCombat(()))
    # Both phases are measured once the fight's turns repeat, so that neither pays for
    # rows and tokens drawn for the first time: the ratio is the page's own cost.
    for _ in range(turns):
        window.controller.push(c.NextTurn())
        app.processEvents()
    settle(app)

    off = []
    for _ in range(turns):
        started = time.process_time()
        window.controller.push(c.NextTurn())
        app.processEvents()
        off.append((time.process_time() - started) * 1000)

    url = web_prompts.start_page(window, "127.0.0.1", 0)
    feed = web_prompts.running_page(window)
    assert feed is not None
    child = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.players_page", url, str(count)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    arrived: queue.Queue[tuple[int, float]] = queue.Queue()
    out = child.stdout

    def listen() -> None:
        for line in out:
            version, when = line.split()
            arrived.put((int(version), float(when)))

    threading.Thread(target=listen, daemon=True).start()

    def every_phone_has(version: int) -> float:
        while True:
            got, when = arrived.get(timeout=30)
            if got >= version:
                return when

    try:
        every_phone_has(feed.version)  # all of them are following
        idle_started, idle_cpu = time.monotonic(), time.process_time()
        while time.monotonic() - idle_started < 2.0:
            app.processEvents()
            time.sleep(0.01)
        idle = (time.process_time() - idle_cpu) / (time.monotonic() - idle_started)
        latency, on = [], []
        for _ in range(turns):
            before = feed.version
            started, cpu = time.monotonic(), time.process_time()
            window.controller.push(c.NextTurn())
            while feed.version == before:  # the page's update is made on the next tick
                app.processEvents()
            came = every_phone_has(feed.version)
            latency.append((came - started) * 1000)
            on.append((time.process_time() - cpu) * 1000)
            app.processEvents()
        clients = feed.server.clients
    finally:
        child.stdin.close()
        child.wait(timeout=30)
        web_prompts.stop_page(window)
        window.controller.stack.setClean()
        window.close()
    return {
        "phones": float(clients),
        "median_ms": statistics.median(latency),
        "worst_ms": max(latency),
        "cpu_on_ms": statistics.median(on),
        "cpu_off_ms": statistics.median(off),
        "idle_cpu_share": idle,
    }


if __name__ == "__main__":
    if len(sys.argv) == 3:
        phones(sys.argv[1], int(sys.argv[2]))
    else:
        figures = measure()
        print(
            f"players' page, {figures['phones']:.0f} phones: Next Turn to every phone "
            f"median {figures['median_ms']:.1f} ms, worst {figures['worst_ms']:.1f} ms; "
            f"CPU per Next Turn {figures['cpu_on_ms']:.1f} ms with the page, "
            f"{figures['cpu_off_ms']:.1f} ms without; idle {figures['idle_cpu_share']:.1%}"
        )

"""The players' page's address: where it listens (``HOST:PORT``), the link a phone on the
local network opens, and that link as a QR code to scan."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import quote

DEFAULT_PORT = 8765
ANY_HOST = "0.0.0.0"  # every network the laptop is on: the players' phones reach it


class AddressError(ValueError):
    """A ``HOST:PORT`` the page cannot listen on, with what is wrong with it."""


def parse_address(spec: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8765`` for IPv6, ``:8765`` for every network) as a host and a
    port number."""
    host, colon, port_text = spec.strip().rpartition(":")
    if not colon or not port_text.isdigit():
        raise AddressError(f"the players' page needs HOST:PORT, such as 0.0.0.0:8765, not {spec!r}")
    port = int(port_text)
    if not 0 <= port <= 65535:
        raise AddressError(f"the port {port} is not between 0 and 65535")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host or ANY_HOST, port


def lan_address() -> str:
    """This laptop's address on the local network, as a phone there would reach it (the
    loopback address when it is on no network)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # Connecting a UDP socket sends nothing: it only asks the system which of its
        # addresses it would send from towards a (private, unrouted) address.
        probe.connect(("10.255.255.255", 1))
        found = str(probe.getsockname()[0])
    except OSError:
        found = "127.0.0.1"
    finally:
        probe.close()
    return found


def page_url(host: str, port: int, token: str) -> str:
    """The link to the page. Listening on every network, it names the laptop's address on
    the local one, which a phone can open."""
    if host in {ANY_HOST, "::", ""}:
        host = lan_address()
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass  # a name, such as gm-laptop.local
    return f"http://{host}:{port}/?token={quote(token)}"


def qr_png(url: str, scale: int = 6) -> bytes:
    """The link as a QR code (PNG), for a phone's camera."""
    import io

    import segno  # loads only when the page is turned on

    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="png", scale=scale, border=2)
    return out.getvalue()

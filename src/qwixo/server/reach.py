"""Who can open this server's links: the address invite links and QR codes carry
(``GET /api/reach``, ``docs/web-protocol.md``; ``qwixo serve --lan``, ``docs/web.md``).

The links follow the address the host's browser used (its ``Host`` header and scheme, which
a proxy named by ``--forwarded-allow-ips`` passes on: ``docs/deploy.md``), except when that
address is this computer's own (``127.0.0.1``, ``localhost``, ``::1``) and the server listens
on the local network too: then the links carry the machine's address on that network, which a
friend's phone at the same table can open. When the server listens on this computer only and
the browser used a loopback address, the answer says so (``local_only``): the invite panel
then tells how to open the server to the local network.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass, field

from fastapi import APIRouter, Request

router = APIRouter()


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name, without port) names this computer only.

    >>> [is_loopback(h) for h in ("127.0.0.1", "::1", "localhost", "10.1.2.3", "0.0.0.0", "a.b")]
    [True, True, True, False, False, False]
    """
    h = host.strip().strip("[]").lower()
    if h == "localhost" or h.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(h).is_loopback
    except ValueError:
        return False


def split_host(host_header: str) -> tuple[str, str]:
    """``(host, ":port" or "")`` of a ``Host`` header.

    >>> split_host("10.0.0.5:8000"), split_host("[::1]:80"), split_host("a.example")
    (('10.0.0.5', ':8000'), ('[::1]', ':80'), ('a.example', ''))
    """
    h = host_header.strip()
    if h.startswith("["):
        end = h.find("]")
        return h[:end + 1], h[end + 1:]
    if h.count(":") == 1:
        name, port = h.split(":")
        return name, ":" + port
    return h, ""


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the one of the default route first
    (a UDP socket "connected" to an address outside: no packet is sent), then those its host
    name resolves to."""
    out: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.255", 9))  # TEST-NET-1: only the route is looked up
            out.append(s.getsockname()[0])
        except OSError:
            pass  # no route out: the host name's addresses below
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        a = str(info[4][0])
        if a not in out:
            out.append(a)
    return [a for a in out if not is_loopback(a) and a != "0.0.0.0"]


@dataclass
class Listen:
    """Where ``qwixo serve`` listens: ``host`` as bound (``0.0.0.0`` for every address),
    ``port``, and ``lan``: the addresses on the local network invite links use (empty when
    it listens on this computer only)."""

    host: str = "127.0.0.1"
    port: int = 8000
    lan: list[str] = field(default_factory=list)

    @classmethod
    def of(cls, host: str, port: int, lan: str | None = None) -> Listen:
        """``lan``: None (not on the local network, unless ``host`` is not a loopback
        address), ``"auto"`` (the addresses :func:`lan_addresses` finds) or one address."""
        if lan and lan != "auto":
            addresses = [lan]
        elif lan == "auto" or not is_loopback(host):
            addresses = (lan_addresses() if host in ("0.0.0.0", "::", "")
                         else [host.strip("[]")])
        else:
            addresses = []
        return cls(host, port, [a for a in addresses if not is_loopback(a)])

    def url(self, address: str) -> str:
        a = f"[{address}]" if ":" in address else address
        return f"http://{a}:{self.port}/"


def reach(listen: Listen | None, scheme: str, host_header: str | None) -> dict:
    """The answer of ``GET /api/reach`` for a request with ``scheme`` and ``host_header``.

    >>> lan = Listen("0.0.0.0", 8000, ["10.0.0.5"])
    >>> reach(lan, "http", "127.0.0.1:8000")["base"], reach(lan, "http", "a.example")["base"]
    ('http://10.0.0.5:8000/', 'http://a.example/')
    >>> r = reach(Listen("127.0.0.1", 8000), "http", "localhost:8000")
    >>> r["base"], r["local_only"], r["lan"]
    ('http://localhost:8000/', True, False)
    >>> reach(Listen("127.0.0.1", 8000), "https", "play.example")["local_only"]
    False
    """
    listen = listen or Listen()
    host, port = split_host(host_header or "")
    plain = bool(host) and len(host) <= 255 and all(
        c.isascii() and (c.isalnum() or c in ".-[]:") for c in host + port)
    scheme = scheme if scheme in ("http", "https") else "http"
    local = not plain or is_loopback(host)
    if local and listen.lan:
        base = listen.url(listen.lan[0])
    elif plain:
        base = f"{scheme}://{host}{port}/"
    else:
        base = listen.url("127.0.0.1")
    return {"base": base, "local_only": local and not listen.lan, "lan": bool(listen.lan),
            "addresses": [listen.url(a) for a in listen.lan]}


@router.get("/api/reach")
async def get_reach(request: Request) -> dict:
    """The address invite links and QR codes carry, and whether only this computer can
    open them (``local_only``): see the module's description."""
    return reach(getattr(request.app.state, "listen", None), request.url.scheme,
                 request.headers.get("host"))

"""What stands between the web app and hostile or slow clients (``docs/deploy.md``):

- **security headers** on every HTTP response: a Content-Security-Policy with no inline script
  (``script-src 'self'``), ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY``,
  ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (seat tokens travel in
  URLs), ``Cross-Origin-Opener-Policy: same-origin``;
- **origins**: a WebSocket handshake or a state-changing request (POST...) whose ``Origin``
  header is not allowed is refused (HTTP 403; a refused WebSocket handshake never opens).
  Allowed: the server's own origin when the server is reached by an IP address or
  ``localhost`` (the ``Origin`` names the same host and port as the ``Host`` header, which is
  then an address: :func:`literal_host`; a DNS name is never believed from the Host header
  alone — DNS rebinding), and the origins given to ``qwixo serve --allowed-origins`` (a
  server reached by a name lists its own origin there). A request
  without ``Origin`` (not a browser: scripts, bots, curl) is let through — browsers always
  send it on WebSocket handshakes and cross-origin POSTs;
- **JSON only**: a POST body must be ``Content-Type: application/json`` (HTTP 415 otherwise):
  a cross-origin page can send ``text/plain`` without asking (no CORS preflight), never JSON;
- **slow clients**: a whole request body must arrive within :data:`BODY_TIMEOUT` seconds of
  its first read (HTTP 408 otherwise), one client address has at most
  :data:`REQUESTS_PER_ADDRESS` requests in progress (HTTP 429 beyond), the request headers within :data:`HEADER_TIMEOUT` seconds of the connection (or
  of the previous response) — see :func:`http_protocol`; a client that goes away in the middle
  of its body is logged as one line at INFO, not as an ERROR with a traceback.

Client addresses (for the rate limits) come from the socket; ``X-Forwarded-For`` is believed
only from the proxies named by ``qwixo serve --forwarded-allow-ips`` (uvicorn's
``forwarded_allow_ips``), never by default.

>>> same_origin("https://play.example.org", "play.example.org")
True
>>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8001"), same_origin("null", "x")
(False, False)
>>> policy = OriginPolicy(["https://club.example.org/"])
>>> policy.allows("https://club.example.org", "qwixo.internal:8000"), policy.allows(None, "h")
(True, True)
>>> policy.allows("https://evil.example", "qwixo.internal:8000")
False
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect

from qwixo.i18n import LANGS
from qwixo.server.protocol import ServerError, error_payload

log = logging.getLogger("qwixo.server")

#: seconds a client has to send a whole request body once its headers are in
BODY_TIMEOUT = 10.0
#: HTTP requests one client address may have in progress at once (more: 429 at once); the
#: WebSockets have their own cap (``qwixo serve --ws-per-address``)
REQUESTS_PER_ADDRESS = 64
#: seconds a client has to send complete request headers after connecting (or after the
#: previous response on a kept-alive connection)
HEADER_TIMEOUT = 10.0
#: seconds an idle kept-alive connection stays open (uvicorn's ``timeout_keep_alive``)
KEEP_ALIVE = 5
#: bytes of an incomplete HTTP event (request line + headers) before uvicorn refuses it
MAX_HEADER_BYTES = 16_384

#: pages that are not the game (FastAPI's API documentation pages need inline script)
DOC_PAGES = ("/docs", "/redoc")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def content_security_policy(host: str | None) -> str:
    """The CSP of the front end: only the server's own scripts, styles, images and sockets;
    no inline script, no framing, no plug-ins. (``style-src-attr 'unsafe-inline'``: the page
    sets a few CSS variables through ``style`` attributes; no script can run from them.)

    >>> "script-src 'self';" in content_security_policy("h:1")
    True
    >>> "connect-src 'self' ws://h:1 wss://h:1;" in content_security_policy("h:1")
    True
    """
    sockets = f" ws://{host} wss://{host}" if host and _plain_host(host) else ""
    return ("default-src 'self'; script-src 'self'; style-src 'self'; "
            "style-src-attr 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
            f"connect-src 'self'{sockets}; worker-src 'self'; manifest-src 'self'; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")


def _plain_host(host: str) -> bool:
    """A Host header safe to copy into a header value (letters, digits, ``.:-[]``)."""
    return len(host) <= 255 and all(c.isascii() and (c.isalnum() or c in ".:-[]") for c in host)


def security_headers(path: str, host: str | None) -> list[tuple[bytes, bytes]]:
    """The headers added to the response of ``path``."""
    out = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin")]
    if not path.startswith(DOC_PAGES):
        out.append((b"content-security-policy", content_security_policy(host).encode()))
    else:
        out.append((b"content-security-policy", b"frame-ancestors 'none'"))
    return out


def _netloc(origin: str) -> tuple[str, str] | None:
    """``(scheme, host:port)`` of an origin, default ports removed; None when malformed."""
    try:
        u = urlsplit(origin.strip())
        port = u.port
    except ValueError:
        return None
    if u.scheme not in ("http", "https") or not u.hostname:
        return None
    host = u.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is not None and port != {"http": 80, "https": 443}[u.scheme]:
        host = f"{host}:{port}"
    return u.scheme, host


def same_origin(origin: str, host_header: str | None) -> bool:
    """Whether ``origin`` names the host (and port) the request was sent to.

    >>> same_origin("http://localhost:8000", "LOCALHOST:8000"), same_origin("https://a", "a:443")
    (True, True)
    """
    o = _netloc(origin)
    if o is None or not host_header:
        return False
    h = host_header.strip().lower()
    for default in (":80", ":443"):
        if h.endswith(default) and not h.endswith("]" + default[1:]):
            scheme_port = {"http": ":80", "https": ":443"}[o[0]]
            if default == scheme_port:
                h = h[: -len(default)]
    return o[1] == h


class OriginPolicy:
    """Which ``Origin`` headers are allowed: the server's own, ``allowed`` (exact origins such
    as ``https://club.example.org``; ``*`` allows any), and none at all (not a browser)."""

    def __init__(self, allowed: Iterable[str] | None = None) -> None:
        self.any = False
        self.allowed: set[tuple[str, str]] = set()
        for a in allowed or ():
            a = a.strip()
            if not a:
                continue
            if a == "*":
                self.any = True
                continue
            n = _netloc(a.rstrip("/"))
            if n is None:
                raise ValueError(f"not an origin (scheme://host[:port]): {a!r}")
            self.allowed.add(n)

    def allows(self, origin: str | None, host_header: str | None) -> bool:
        if origin is None or self.any:
            return True
        if same_origin(origin, host_header) and literal_host(host_header):
            return True
        n = _netloc(origin)
        return n is not None and n in self.allowed


def literal_host(host_header: str | None) -> bool:
    """Whether a ``Host`` header names the server by an IP address or ``localhost`` — the
    only names the server believes without being told: a page of a rebound DNS
    name (``rebind.example`` pointed at a LAN address) sends that name as Host *and* Origin,
    so "Origin = Host" alone proves nothing; a name the server answers to is listed in
    ``--allowed-origins``.

    >>> [literal_host(h) for h in ("127.0.0.1:8000", "[::1]:8000", "LOCALHOST", "a.example")]
    [True, True, True, False]
    """
    import ipaddress

    if not host_header:
        return False
    h = host_header.strip().lower()
    if h.startswith("["):
        h = h[1:].split("]", 1)[0]
    elif h.count(":") == 1:
        h = h.split(":", 1)[0]
    if h == "localhost":
        return True
    try:
        ipaddress.ip_address(h)
    except ValueError:
        return False
    return True


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for k, v in scope.get("headers") or ():
        if k == name:
            return v.decode("latin-1")
    return None


def _lang(scope: dict[str, Any]) -> str:
    from urllib.parse import parse_qs

    q = parse_qs((scope.get("query_string") or b"").decode("latin-1")).get("lang", [""])[0]
    lang = q or (_header(scope, b"accept-language") or "")[:2]
    return lang if lang in LANGS else "en"


def _is_json(content_type: str | None) -> bool:
    if not content_type:
        return False
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/")
                                           and media.endswith("+json"))


class _BodyTimeout(Exception):
    pass


class SecurityMiddleware:
    """Pure ASGI middleware applying the module's rules (see the module docstring)."""

    def __init__(self, app: Any, allowed_origins: Iterable[str] | None = None,
                 body_timeout: float = BODY_TIMEOUT,
                 requests_per_address: int = REQUESTS_PER_ADDRESS) -> None:
        self.app = app
        self.origins = OriginPolicy(allowed_origins)
        self.body_timeout = body_timeout
        self.requests_per_address = requests_per_address
        #: HTTP requests in progress per client address
        self.in_progress: dict[str, int] = {}

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket":
            origin = _header(scope, b"origin")
            if not self.origins.allows(origin, _header(scope, b"host")):
                log.info("refused a WebSocket from origin %r", origin)
                await send({"type": "websocket.close", "code": 4403})
                return
            await self.app(scope, receive, send)
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        extra = security_headers(scope.get("path", ""), host)
        started = False

        async def send_with_headers(message: dict[str, Any]) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", ())}
                message = {**message, "headers": [*message.get("headers", ()),
                                                  *(h for h in extra if h[0] not in names)]}
            await send(message)

        async def refuse(err: ServerError) -> None:
            body = json.dumps(error_payload(err, _lang(scope))).encode()
            await send_with_headers({"type": "http.response.start", "status": err.status,
                                     "headers": [(b"content-type", b"application/json"),
                                                 (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})

        method = scope.get("method", "GET")
        if method not in SAFE_METHODS:
            origin = _header(scope, b"origin")
            if not self.origins.allows(origin, host):
                await refuse(ServerError("bad_origin", status=403, origin=origin[:100]))
                return
            if method in ("POST", "PUT", "PATCH") and scope.get("path", "").startswith(
                    "/api/") and not _is_json(
                    _header(scope, b"content-type")):
                await refuse(ServerError("bad_content_type", status=415))
                return

        receive_in_time = self._timed(receive)

        client = scope.get("client") or ("?", 0)
        address = client[0]
        if not self._enter(address):
            await refuse(ServerError("rate_limited", status=429))
            return
        try:
            await self.app(scope, receive_in_time, send_with_headers)
        except ClientDisconnect:
            log.info("client %s went away during its request %s %s", client[0], method,
                     scope.get("path", "")[:80])
        except _BodyTimeout:
            log.info("client %s too slow sending its request body (%s %s)", client[0], method,
                     scope.get("path", "")[:80])
            if not started:
                await refuse(ServerError("request_timeout", status=408,
                                         seconds=self.body_timeout))
        finally:
            self._leave(address)

    def _timed(self, receive: Any) -> Any:
        """``receive`` with the body deadline: the whole body within ``body_timeout`` of its
        first read (not each piece: a client sending a byte now and then would hold the
        connection for ever); after the body, no deadline (a listener for
        ``http.disconnect``)."""
        body_done = False
        body_deadline: float | None = None

        async def receive_in_time() -> dict[str, Any]:
            nonlocal body_done, body_deadline
            if body_done:
                return await receive()
            loop = asyncio.get_running_loop()
            if body_deadline is None:
                body_deadline = loop.time() + self.body_timeout
            try:
                message = await asyncio.wait_for(receive(), max(0.0, body_deadline - loop.time()))
            except TimeoutError:
                raise _BodyTimeout from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_done = True
            return message
        return receive_in_time

    def _enter(self, address: str) -> bool:
        """Count a request of ``address`` in progress; False (refused) past the cap."""
        if self.in_progress.get(address, 0) >= self.requests_per_address:
            log.info("refused a request from %s: %d already in progress", address,
                     self.requests_per_address)
            return False
        self.in_progress[address] = self.in_progress.get(address, 0) + 1
        return True

    def _leave(self, address: str) -> None:
        left = self.in_progress.get(address, 1) - 1
        if left > 0:
            self.in_progress[address] = left
        else:
            self.in_progress.pop(address, None)


# -- secrets kept out of the logs ---------------------------------------------
_SECRETS = ("token", "csrf", "password", "session")
_SECRET_PARAM = re.compile(r"(?i)\b(token|csrf|password|session)=[^&\s#\"']+")
#: one query parameter: after ``?``, ``&`` or ``;``, up to the next separator
_QUERY_PARAM = re.compile(r"(?<=[?&;])[^&;\s#\"']+")


def _decoded(text: str) -> str:
    """``text`` percent-decoded until it no longer changes (``%2574`` is ``%74`` is ``t``)."""
    from urllib.parse import unquote_plus

    for _ in range(4):
        plain = unquote_plus(text)
        if plain == text:
            break
        text = plain
    return text


def _redact_param(m: re.Match) -> str:
    raw = m[0]
    name, eq, _ = raw.partition("=")
    plain = _decoded(name)
    if eq:  # name=value, the name perhaps percent-encoded (``%74oken=``)
        return f"{name}=***" if plain.strip().casefold() in _SECRETS else raw
    key, eq, _ = plain.partition("=")  # an encoded "=" (``token%3D...``)
    return f"{key.strip()}%3D***" if eq and key.strip().casefold() in _SECRETS else raw


def redact(text: str) -> str:
    """``text`` with the values of secret query parameters (a seat token in an invitation
    link, ``/api/games/ID?token=...``) replaced by ``***``, however the parameter's name is
    percent-encoded.

    >>> redact('"GET /?game=ab&token=s3cr3t HTTP/1.1" 200')
    '"GET /?game=ab&token=*** HTTP/1.1" 200'
    >>> redact("/?%74oken=s3cr3t&x=1 /?token%3Ds3cr3t /?TOK%2545N=s3cr3t token=s3cr3t")
    '/?%74oken=***&x=1 /?token%3D*** /?TOK%2545N=*** token=***'
    """
    if "%" in text or "+" in text:
        text = _QUERY_PARAM.sub(_redact_param, text)
    return _SECRET_PARAM.sub(r"\1=***", text)


class RedactSecrets(logging.Filter):
    """A logging filter that passes every record with its secrets redacted (:func:`redact`):
    the access log's path and any message or argument that carries one."""

    def filter(self, record: logging.LogRecord) -> bool:
        if _may_hold(record.msg):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if _may_hold(a) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(a) if _may_hold(a) else a for k, a in record.args.items()}
        return True


def _may_hold(value: Any) -> bool:
    """Whether ``value`` is a text that may hold a secret parameter (a ``=``, perhaps encoded)."""
    return isinstance(value, str) and ("=" in value or "%" in value)


def redact_logs() -> None:
    """Install :class:`RedactSecrets` on every handler of the root logger and of uvicorn's
    loggers, and on those loggers themselves (call it once logging is configured)."""
    flt = RedactSecrets()
    for name in (None, "uvicorn", "uvicorn.access", "uvicorn.error", "qwixo", "qwixo.server"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactSecrets) for f in logger.filters):
            logger.addFilter(flt)
        for h in logger.handlers:
            if not any(isinstance(f, RedactSecrets) for f in h.filters):
                h.addFilter(flt)


def install(app: Any, allowed_origins: Iterable[str] | None = None,
            body_timeout: float = BODY_TIMEOUT) -> None:
    """Add :class:`SecurityMiddleware` to a Starlette/FastAPI ``app``."""
    OriginPolicy(allowed_origins)  # a malformed origin fails here, at start
    app.add_middleware(SecurityMiddleware, allowed_origins=list(allowed_origins or ()),
                       body_timeout=body_timeout)


# -- slow headers ---------------------------------------------------------------------------
def http_protocol(header_timeout: float = HEADER_TIMEOUT) -> type:
    """uvicorn's HTTP protocol class (httptools when installed, else h11) with a deadline for
    the request headers: uvicorn itself only times out *idle* kept-alive connections, so a
    client sending one header byte every few seconds would hold a socket for ever."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol as base
    except ImportError:  # pragma: no cover - uvicorn without httptools
        from uvicorn.protocols.http.h11_impl import H11Protocol as base

    class HeaderDeadline(base):  # type: ignore[valid-type, misc]
        def connection_made(self, transport):  # type: ignore[no-untyped-def]
            super().connection_made(transport)
            self._qwixo_arm()

        def _qwixo_arm(self) -> None:
            old = getattr(self, "_qwixo_timer", None)
            if old is not None:
                old.cancel()
            self._qwixo_cycle = self.cycle
            self._qwixo_timer = self.loop.call_later(header_timeout, self._qwixo_expired)

        def _qwixo_expired(self) -> None:
            t = self.transport
            # headers in (a new request cycle), upgraded to a WebSocket, or already closing
            if (self.cycle is not self._qwixo_cycle or t.is_closing()
                    or t.get_protocol() is not self):
                return
            log.info("closed a connection from %s: no complete request headers in %.0f s",
                     (self.client or ("?",))[0], header_timeout)
            t.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._qwixo_arm()

        def connection_lost(self, exc):  # type: ignore[no-untyped-def]
            timer = getattr(self, "_qwixo_timer", None)
            if timer is not None:
                timer.cancel()
            super().connection_lost(exc)

    HeaderDeadline.__name__ = HeaderDeadline.__qualname__ = f"HeaderDeadline{base.__name__}"
    return HeaderDeadline


def uvicorn_options(forwarded_allow_ips: str | None,
                    header_timeout: float = HEADER_TIMEOUT) -> dict[str, Any]:
    """The uvicorn.Config arguments of these rules: proxy headers believed only from the
    named proxies (none by default), time limits, header size limit.

    >>> uvicorn_options(None)["proxy_headers"], uvicorn_options("10.0.0.2")["forwarded_allow_ips"]
    (False, '10.0.0.2')
    """
    ips = (forwarded_allow_ips or "").strip()
    return {"proxy_headers": bool(ips), "forwarded_allow_ips": ips or None,
            "timeout_keep_alive": KEEP_ALIVE, "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
            "http": http_protocol(header_timeout)}

"""The first security probe's proxy and slow-client checks against a real ``qwixo serve``:
X-Forwarded-For is believed only
from the proxies named by ``--forwarded-allow-ips`` (so the rate limit holds), slow clients
lose their socket, a client gone in the middle of its body is no ERROR traceback."""

from __future__ import annotations

import json
import socket
import time

import httpx
import pytest

from qwixo.server.serve_process import ServeProcess

GAME = {"game": "quixo", "settings": {"size": 3}, "seats": [{"kind": "human"}, {"kind": "human"}]}


class Serve(ServeProcess):
    def __init__(self, tmp_path, *extra):
        super().__init__("--db", str(tmp_path / "s.sqlite"), "--bot-processes", "0", *extra,
                         env={"QWIXO_DATA": str(tmp_path)})


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Serve(tmp_path_factory.mktemp("plain"), "--http-rate", "1", "--request-timeout", "1.5",
              "--log-level", "info")
    yield s
    s.stop()


def _post_many(url, n, forwarded=True):
    codes = []
    with httpx.Client(base_url=url, timeout=30) as c:
        for i in range(n):
            headers = {"x-forwarded-for": f"198.51.100.{i}"} if forwarded else {}
            codes.append(c.post("/api/games", json=GAME, headers=headers).status_code)
    return codes


def test_forwarded_for_is_not_believed_by_default(server):
    codes = _post_many(server.url, 25)
    # burst 10 (10 x the rate of 1/s): one address for all, whatever X-Forwarded-For says
    assert codes.count(201) <= 13 and codes.count(429) >= 12, codes


def test_forwarded_for_is_believed_from_a_named_proxy(tmp_path):
    s = Serve(tmp_path, "--http-rate", "1", "--forwarded-allow-ips", "127.0.0.1")
    try:
        assert _post_many(s.url, 25) == [201] * 25     # each forwarded address has its bucket
        assert 429 in _post_many(s.url, 25, forwarded=False)
    finally:
        s.stop()


def _connect(server):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.settimeout(10)
    return sock


def _closed_after(sock) -> float:
    """Seconds until the server closes ``sock`` (reading whatever it sends)."""
    t0 = time.monotonic()
    data = b""
    try:
        while chunk := sock.recv(4096):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    sock.close()
    return time.monotonic() - t0, data


def test_slow_headers_lose_the_socket(server):
    sock = _connect(server)
    sock.sendall(b"GET /api/meta HTTP/1.1\r\nHost: x\r\n")
    for _ in range(3):           # one header byte now and then keeps no socket open for ever
        time.sleep(0.4)
        sock.sendall(b"X")
    took, data = _closed_after(sock)
    assert took < 5 and data == b""


def test_slow_body_gets_408(server):
    sock = _connect(server)
    sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 100\r\n\r\n{\"game\"")
    took, data = _closed_after(sock)
    assert took < 8 and data.startswith(b"HTTP/1.1 408"), data[:200]
    body = json.loads(data.split(b"\r\n\r\n", 1)[1])
    assert body["key"] == "request_timeout"


def test_idle_keep_alive_is_closed(server):
    sock = _connect(server)
    sock.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
    took, data = _closed_after(sock)
    assert data.startswith(b"HTTP/1.1 200") and took < 12


def test_client_gone_mid_body_is_no_traceback(server):
    sock = _connect(server)
    sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Content-Length: 1000\r\n\r\n{\"game\": \"quixo\"")
    time.sleep(0.3)
    sock.close()
    deadline = time.time() + 15  # (the server logs it when it sees the socket close)
    while "went away" not in "".join(server.output) and time.time() < deadline:
        time.sleep(0.1)
    with httpx.Client(base_url=server.url, timeout=30) as c:   # still serving
        assert c.get("/api/health").status_code == 200
    out = "".join(server.output)
    assert "Traceback" not in out and "ERROR" not in out, out[-3000:]
    assert "went away" in out, out[-3000:]

"""The deployment of docs/deploy.md, for real: Debian's nginx with the shipped configuration
(deploy/nginx/qwixo.conf, only its addresses, ports and certificate changed) as a TLS proxy on
loopback in front of ``qwixo serve --forwarded-allow-ips``; a game played through it over https
and wss; X-Forwarded-For believed only from that proxy.

Loopback has many addresses: nginx talks to the server from 127.0.0.2 (the named proxy), the
test's clients connect from 127.0.0.1, 127.0.0.3, 127.0.0.4... so the server's rate limit (per
client address, a burst of 2 here) shows which address it believed."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import InvalidStatus

from qwixo.server.serve_process import die_with_parent

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "deploy" / "nginx" / "qwixo.conf"
GAME = {"game": "quixo", "settings": {"size": 3},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}


def _nginx() -> str:
    path = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx")
                                     else None)
    if path is None:
        pytest.fail("Debian's nginx is needed for this test: `make nginx` installs it")
    return path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 30) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if proc.poll() is not None:
            raise AssertionError(f"{what} exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{what} is not listening on {port}")


def site_config(app_port: int, tls_port: int, http_port: int, cert: Path, key: Path) -> str:
    """The shipped site configuration with this test's addresses, ports and certificate."""
    text = CONF.read_text()
    subs = [
        (r"server 127\.0\.0\.1:8000;", f"server 127.0.0.1:{app_port};"),
        (r"listen \[::\]:\d+[^;]*;\n", ""),
        (r"listen 80;", f"listen 127.0.0.1:{http_port};"),
        (r"listen 443 ssl http2;", f"listen 127.0.0.1:{tls_port} ssl http2;"),
        (r"ssl_certificate +\S+;", f"ssl_certificate {cert};"),
        (r"ssl_certificate_key +\S+;", f"ssl_certificate_key {key};"),
        (r"proxy_pass http://qwixo_app;", "proxy_pass http://qwixo_app;\n        proxy_bind 127.0.0.2;"),
    ]
    for pat, rep in subs:
        text, n = re.subn(pat, rep, text)
        assert n >= 1 or "::" in pat, f"deploy/nginx/qwixo.conf no longer has {pat!r}"
    return text


@pytest.fixture(scope="module")
def deployment(tmp_path_factory):
    nginx = _nginx()
    tmp = tmp_path_factory.mktemp("deploy")
    cert, key = tmp / "cert.pem", tmp / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    # the game server, believing only the proxy's address 127.0.0.2
    app_port = _free_port()
    env = dict(os.environ, QWIXO_DATA=str(tmp), QWIXO_LANG="en")
    app = subprocess.Popen(
        [sys.executable, "-m", "qwixo", "serve", "--host", "127.0.0.1", "--port", str(app_port),
         "--db", str(tmp / "qwixo.sqlite"), "--bot-delay", "0", "--bot-processes", "0",
         "--http-rate", "0.2", "--forwarded-allow-ips", "127.0.0.2"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        preexec_fn=die_with_parent())
    out: list[str] = []
    threading.Thread(target=lambda: out.extend(app.stdout), daemon=True).start()
    tls_port, http_port = _free_port(), _free_port()
    (tmp / "logs").mkdir()
    main = f"""
{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/logs/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {tmp}/logs/access.log;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/qwixo.conf;
}}
"""
    (tmp / "qwixo.conf").write_text(site_config(app_port, tls_port, http_port, cert, key))
    (tmp / "nginx.conf").write_text(main)
    test = subprocess.run([nginx, "-t", "-p", str(tmp), "-c", str(tmp / "nginx.conf")],
                          capture_output=True, text=True)
    assert test.returncode == 0, test.stderr
    proxy = subprocess.Popen([nginx, "-p", str(tmp), "-c", str(tmp / "nginx.conf"),
                              "-g", "daemon off;"], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, preexec_fn=die_with_parent())
    try:
        _wait_port(app_port, app, "qwixo serve", timeout=180)
        _wait_port(tls_port, proxy, "nginx")
        ctx = ssl.create_default_context(cafile=str(cert))
        yield {"tls": tls_port, "http": http_port, "app": app_port, "ctx": ctx, "out": out,
               "cert": cert}
    finally:
        proxy.terminate()
        app.terminate()
        for p in (proxy, app):
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def _client(dep, source: str, direct: bool = False) -> httpx.Client:
    if direct:
        return httpx.Client(base_url=f"http://127.0.0.1:{dep['app']}", timeout=30,
                            transport=httpx.HTTPTransport(local_address=source))
    return httpx.Client(base_url=f"https://127.0.0.1:{dep['tls']}", timeout=30,
                        transport=httpx.HTTPTransport(local_address=source, verify=dep["ctx"]))


def test_plays_a_game_over_https_and_wss(deployment):
    dep = deployment
    with _client(dep, "127.0.0.6") as c:
        page = c.get("/")
        assert page.status_code == 200 and "<script" in page.text
        assert page.headers["strict-transport-security"].startswith("max-age=")
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        g = c.post("/api/games", json=GAME).json()
        # invite links follow the proxy: its Host and X-Forwarded-Proto
        assert c.get("/api/reach").json()["base"] == f"https://127.0.0.1:{dep['tls']}/"
    origin = f"https://127.0.0.1:{dep['tls']}"
    url = f"wss://127.0.0.1:{dep['tls']}/ws/{g['id']}"
    view, moves = asyncio.run(_play_over_wss(url, dep["ctx"], origin, g["seats"][0]["token"]))
    assert view is not None and view["is_over"] and moves >= 2
    # the page of another origin cannot open the socket, even through the proxy: refused with 403
    with pytest.raises(InvalidStatus) as refused:
        asyncio.run(_open(url, dep["ctx"], "https://evil.example"))
    assert refused.value.response.status_code == 403


# websockets' asyncio client, not its sync one: the sync client reads the TLS socket in a thread
# of its own from the start while the caller's thread writes the handshake, and an OpenSSL
# connection is not safe to read and write from two threads at once: now and then the request
# was lost (3 of 3,000 sync handshakes through this deployment, none of 3,000 async ones), nginx
# waited for it until its client_header_timeout, 10 s, and closed without a response
async def _open(url: str, ctx: ssl.SSLContext, origin: str) -> None:
    async with ws_connect(url, ssl=ctx, origin=origin, open_timeout=30) as ws:
        async with asyncio.timeout(10):
            await ws.recv()


async def _play_over_wss(url: str, ctx: ssl.SSLContext, origin: str, token: str):
    view, moves, acted_at = None, 0, -1
    async with ws_connect(url, ssl=ctx, origin=origin, open_timeout=30) as ws, \
            asyncio.timeout(120):
        await ws.send(json.dumps({"type": "auth", "token": token}))
        while True:
            async with asyncio.timeout(30):
                m = json.loads(await ws.recv())
            assert m["type"] != "error", m
            if m["type"] in ("welcome", "state"):
                view = m["view"]
                if view["is_over"]:
                    return view, moves
                if 0 in view["to_act"] and view.get("options") and view["version"] > acted_at:
                    acted_at = view["version"]  # one decision per position (states repeat)
                    await ws.send(json.dumps({"type": "choose", "decision": view["options"][0],
                                              "id": moves}))
                    moves += 1


def test_plain_http_is_redirected_to_https(deployment):
    r = httpx.get(f"http://127.0.0.1:{deployment['http']}/?game=x", follow_redirects=False)
    assert r.status_code == 301 and r.headers["location"].startswith("https://127.0.0.1")


def test_forwarded_for_is_believed_only_from_the_named_proxy(deployment):
    dep = deployment
    # directly from 127.0.0.1: the X-Forwarded-For it makes up is ignored, one bucket (burst 2)
    with _client(dep, "127.0.0.1", direct=True) as c:
        codes = [c.post("/api/games", json=GAME,
                        headers={"x-forwarded-for": f"198.51.100.{i}"}).status_code
                 for i in range(6)]
    assert codes.count(429) >= 3, codes
    # through nginx (which connects from 127.0.0.2): each client address has its own bucket,
    # so 3 addresses x 2 games pass although the proxy's own address made 6
    for source in ("127.0.0.3", "127.0.0.4", "127.0.0.5"):
        with _client(dep, source) as c:
            assert [c.post("/api/games", json=GAME).status_code for _ in range(2)] == [201, 201]
    # a client of the proxy cannot choose its address either: nginx replaces the header
    with _client(dep, "127.0.0.3") as c:
        codes = [c.post("/api/games", json=GAME,
                        headers={"x-forwarded-for": f"203.0.113.{i}"}).status_code
                 for i in range(3)]
    assert codes.count(429) >= 2, codes

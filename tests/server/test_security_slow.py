"""A slow body is cut at a deadline for the whole body, and one client address
has a bounded number of requests in progress (the security middleware driven directly, as
ASGI)."""

from __future__ import annotations

import asyncio
import json
import time

from qwixo.server.security import SecurityMiddleware


async def _read_all(scope, receive, send):
    body = b""
    while True:
        m = await receive()
        body += m.get("body", b"")
        if not m.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": body})


def _scope(host="198.51.100.1"):
    return {"type": "http", "method": "POST", "path": "/api/games", "query_string": b"",
            "client": (host, 1234), "headers": [(b"content-type", b"application/json"),
                                                (b"host", b"127.0.0.1:8000")]}


def test_a_body_sent_a_byte_at_a_time_is_cut_at_the_whole_body_deadline():
    mw = SecurityMiddleware(_read_all, body_timeout=1.0)
    sent: list[dict] = []

    async def trickle():  # one byte every 0.2 s, for ever: each piece well within 1 s
        await asyncio.sleep(0.2)
        return {"type": "http.request", "body": b" ", "more_body": True}

    async def send(m):
        sent.append(m)

    async def run():
        t0 = time.monotonic()
        await asyncio.wait_for(mw(_scope(), trickle, send), 10)
        return time.monotonic() - t0

    took = asyncio.run(run())
    assert sent[0]["status"] == 408 and json.loads(sent[1]["body"])["key"] == "request_timeout"
    assert took < 2.0, took


def test_requests_in_progress_per_address_are_capped():
    mw = SecurityMiddleware(_read_all, body_timeout=30.0, requests_per_address=3)

    async def run():
        gate = asyncio.Event()
        statuses: list[int] = []

        async def held():
            await gate.wait()
            return {"type": "http.request", "body": b"{}", "more_body": False}

        async def one(host):
            out: list[dict] = []

            async def send(m):
                out.append(m)
            await mw(_scope(host), held, send)
            statuses.append(out[0]["status"])

        tasks = [asyncio.create_task(one("198.51.100.1")) for _ in range(5)]
        tasks.append(asyncio.create_task(one("198.51.100.2")))  # another address: its own
        await asyncio.sleep(0.2)
        refused_early = sorted(statuses)
        gate.set()
        await asyncio.gather(*tasks)
        return refused_early, sorted(statuses), dict(mw.in_progress)

    early, final, left = asyncio.run(run())
    assert early == [429, 429]  # the 4th and 5th of one address, at once
    assert final == [200, 200, 200, 200, 429, 429] and left == {}

"""Helpers of the web server tests."""

from __future__ import annotations


def create(client, game="quixo", settings=None, seats=None, **extra):
    body = {"game": game, "settings": settings if settings is not None else (
        {"size": 3} if game == "quixo" else {}),
        "seats": seats or [{"kind": "human"}, {"kind": "human"}]}
    body.update(extra)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def recv_until(ws, pred, limit=200):
    """Read messages until ``pred(msg)``; returns (that message, the ones before)."""
    seen = []
    for _ in range(limit):
        m = ws.receive_json()
        if pred(m):
            return m, seen
        seen.append(m)
    raise AssertionError(f"no matching message in {limit}: {seen[-5:]}")


def auth(ws, token, **kw):
    ws.send_json({"type": "auth", "token": token, **kw})
    m, _ = recv_until(ws, lambda m: m["type"] in ("welcome", "error"))
    return m

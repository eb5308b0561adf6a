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


def play_to_end(client, g):
    """Both seats of a 3x3 Quixo game played by random options, over one WebSocket each; the
    number of moves and the final view."""
    import random

    rng = random.Random(5)
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{g['id']}") as w0, \
            client.websocket_connect(f"/ws/{g['id']}") as w1:
        view = auth(w0, t0)["view"]
        auth(w1, t1)
        conns = {0: w0, 1: w1}
        moves = 0
        while not view["is_over"]:
            p = view["to_act"][0]
            ws = conns[p]
            options = client.get(f"/api/games/{g['id']}",
                                 params={"token": g["seats"][p]["token"]}).json()["options"]
            ws.send_json({"type": "choose", "decision": rng.choice(sorted(options)), "id": moves})
            ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
            assert ok["type"] == "ok", ok
            moves += 1
            view = client.get(f"/api/games/{g['id']}").json()
        return moves, view


def move_while_held(client, path, hold):
    """``GET path`` while one of its steps is held: ``hold(wrap)`` installs ``wrap(fn)`` (fn
    made to wait until released) where that step runs. Another game's move is answered
    before the step is released — the step runs off the event loop. Returns the response."""
    import threading

    started, release = threading.Event(), threading.Event()

    def wrap(fn):
        def slow(*args, **kw):
            started.set()
            release.wait(10)
            return fn(*args, **kw)
        return slow

    hold(wrap)
    page = {}
    reader = threading.Thread(target=lambda: page.update(r=client.get(path)))
    reader.start()
    try:
        assert started.wait(10)
        g = create(client)
        with client.websocket_connect(f"/ws/{g['id']}") as ws:
            view = auth(ws, g["seats"][0]["token"])["view"]
            ws.send_json({"type": "choose", "decision": view["options"][0], "id": 1})
            ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok" and not release.is_set() and reader.is_alive()
    finally:
        release.set()
        reader.join(30)
    return page["r"]

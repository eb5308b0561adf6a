"""Helpers of the account tests: sign up, claim a seat, play a game against a bot."""

from __future__ import annotations

import random
import time

from server_helpers import auth, recv_until

PASSWORD = "correct horse battery"


def sign_up(client, name, password=PASSWORD):
    r = client.post("/api/account/signup", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()["csrf"]


def rated_vs_bot(client, csrf, bot="random", size=3, claim=True, **extra):
    """A rated Quixo game, seat 0 a person (claimed by the signed-in account), seat 1 a bot."""
    r = client.post("/api/games", json={
        "game": "quixo", "settings": {"size": size}, "rated": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot, "seconds": 0.05}], **extra})
    assert r.status_code == 201, r.text
    g = r.json()
    if claim:
        r = client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                        json={"seats": [{"game": g["id"], "token": g["seats"][0]["token"]}]})
        assert r.status_code == 200 and r.json()["seats"][0]["claimed"], r.text
    return g


def play_to_end(client, g, seed=1):
    """Seat 0 plays random legal moves over the WebSocket until the game is over."""
    rng = random.Random(seed)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        view = auth(ws, g["seats"][0]["token"])["view"]
        n = 0
        while not view["is_over"]:
            if 0 in view["to_act"] and view["options"]:
                ws.send_json({"type": "choose", "decision": rng.choice(view["options"]),
                              "id": n})
                n += 1
                ok, seen = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
                if ok.get("key") == "rate_limited":  # the connection's message budget
                    time.sleep(0.5)
                    views = [m["view"] for m in seen if m["type"] == "state"]
                    view = views[-1] if views else view
                    continue
                assert ok["type"] == "ok", ok
                views = [m["view"] for m in seen if m["type"] == "state"
                         and m["view"]["version"] >= ok["version"]]
                if views:
                    view = views[-1]
                    continue
                v = ok["version"]
                m, _ = recv_until(ws, lambda m, v=v: m["type"] == "state"
                                  and m["view"]["version"] >= v)
            else:
                m, _ = recv_until(ws, lambda m: m["type"] == "state")
            view = m["view"]
    return view


def establish(client, name, cls, rating=1500.0, deviation=120.0):
    """Give the account ``name`` an established rating in class ``cls`` (as many rated games
    as ``PROVISIONAL_GAMES``): from then on it rates and is rated against other people."""
    from qwixo.server.accounts import PROVISIONAL_GAMES
    from qwixo.server.protocol import name_key
    from qwixo.server.store_accounts import AccountStore

    st = client.app.state.qwixo

    async def run():
        db = AccountStore(st.store)
        account = await db.account_by_key(name_key(name))
        await st.store.write([db.op(
            "INSERT INTO ratings (player, class, rating, deviation, volatility, games, system, "
            "updated) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
            ("a:" + account[0], cls, rating, deviation, 0.06, PROVISIONAL_GAMES, "glicko2",
             time.time()))])

    client.portal.call(run)

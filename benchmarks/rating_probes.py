"""Rating probes (in one process, a throwaway SQLite database, the TestClient): what a rated
game's creator, one resigner and a ring of accounts can do to ratings.

- a rated Quixo game with ``"ply_limit": 1`` against ``strong`` (refused: the end rules are
  fixed for rated games);
- kingmaking: three established accounts in a rated 3-player Qwixx game, one resigns at once;
- sybils: two new accounts, three rated games each, resigning to one established account at
  once, then after five of their own moves; then two established accounts doing the same.

Usage (from the repository's root)::

    PYTHONPATH=src .venv/bin/python benchmarks/rating_probes.py
"""

from __future__ import annotations

import os
import random
import tempfile
import time
import warnings
from pathlib import Path

os.environ["QWIXO_RATED_MIN_AGE"] = "0"
warnings.filterwarnings("ignore")

from fastapi.testclient import TestClient  # noqa: E402

from qwixo.server import accounts  # noqa: E402
from qwixo.server.app import create_app  # noqa: E402
from qwixo.server.protocol import name_key  # noqa: E402
from qwixo.server.store_accounts import AccountStore  # noqa: E402

# (one client address signs everyone in: no sign-in limit in this probe)
accounts.SIGNIN_RATE = {"address": (1000.0, 1000.0), "name": (1000.0, 1000.0)}
accounts.SIGNUP_RATE = (1000.0, 1000.0)
QUIXO, QWIXX = "quixo-3x3-2p", "qwixx-classic-3p"
PASSWORD = "correct horse battery"


def establish(c, name, cls):
    """``name`` rated 1500 (deviation 120) in ``cls`` with as many games as make a rating
    established: written into the throwaway database."""
    store = c.app.state.qwixo.store
    db = AccountStore(store)

    async def run():
        player = "a:" + (await db.account_by_key(name_key(name)))[0]
        row = (player, cls, 1500.0, 120.0, 0.06, accounts.PROVISIONAL_GAMES, "glicko2", time.time())
        await store.write([db.op("INSERT INTO ratings (player, class, rating, deviation, "
                                 "volatility, games, system, updated) VALUES "
                                 "(%s, %s, %s, %s, %s, %s, %s, %s)", row)])

    c.portal.call(run)


def until(ws, pred):
    """The next message ``pred`` accepts (within 200)."""
    for _ in range(200):
        if pred(m := ws.receive_json()):
            return m
    raise AssertionError("no such message")


def auth(ws, token):
    ws.send_json({"type": "auth", "token": token})
    return until(ws, lambda m: m["type"] in ("welcome", "error"))


def sign_up(c, name, cls=None):
    c.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    if cls:
        establish(c, name, cls)


def claim(c, name, g, seat):
    r = c.post("/api/account/signin", json={"name": name, "password": PASSWORD})
    r = c.post("/api/account/seats", headers={"x-csrf-token": r.json()["csrf"]},
               json={"seats": [{"game": g["id"], "token": g["seats"][seat]["token"]}]})
    assert r.json()["seats"][0]["claimed"], r.text


def rating(c, name, cls):
    r = c.get(f"/api/players/{name}").json()["ratings"].get(cls)
    return None if r is None else round(r["rating"], 1)


def resigned_game(c, target, sybil, seed, moves):
    """A rated 3x3 Quixo game: random moves, the sybil resigns after ``moves`` of its own."""
    g = c.post("/api/games", json={"game": "quixo", "settings": {"size": 3}, "rated": True,
                                   "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    claim(c, target, g, 0)
    claim(c, sybil, g, 1)
    rng = random.Random(seed)
    with c.websocket_connect(f"/ws/{g['id']}") as w0, \
            c.websocket_connect(f"/ws/{g['id']}") as w1:
        ws = (w0, w1)
        views = [auth(w, g["seats"][i]["token"])["view"] for i, w in enumerate(ws)]
        mine = 0
        while not views[0]["is_over"] and mine < moves:
            p = views[0]["to_act"][0]
            mine += p == 1
            ws[p].send_json({"type": "choose", "decision": rng.choice(views[p]["options"])})
            for i in (0, 1):
                views[i] = until(ws[i], lambda m, v=views[i]["version"]: m["type"] ==
                                 "state" and m["view"]["version"] > v)["view"]
        if not views[0]["is_over"]:
            w1.send_json({"type": "resign"})
            until(w0, lambda m: m["type"] == "state" and m["view"]["is_over"])


def main() -> None:
    app = create_app(Path(tempfile.mkdtemp()) / "q.sqlite", warm_up=False, bot_delay=0.0,
                     http_rate=1000, http_burst=1000)
    with TestClient(app) as c:
        r = c.post("/api/games", json={
            "game": "quixo", "settings": {"size": 5, "ply_limit": 1}, "rated": True,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "strong"}]})
        print("rated ply_limit 1 against strong:", r.status_code, r.json().get("key"))
        for name in ("Ada", "Bo", "Cy"):
            sign_up(c, name, QWIXX)
        g = c.post("/api/games", json={"game": "qwixx", "settings": {"players": 3},
                                       "rated": True, "auto_roll": True,
                                       "seats": [{"kind": "human"}] * 3}).json()
        for i, name in enumerate(("Ada", "Bo", "Cy")):
            claim(c, name, g, i)
        with c.websocket_connect(f"/ws/{g['id']}") as w:
            auth(w, g["seats"][2]["token"])
            w.send_json({"type": "resign"})
            until(w, lambda m: m["type"] == "state" and m["view"]["is_over"])
        print("3-player Qwixx, Cy resigns at once: Ada, Bo, Cy from 1500 ->",
              [rating(c, n, QWIXX) for n in ("Ada", "Bo", "Cy")])
        sign_up(c, "Vic", QUIXO)
        print("Vic (established):", rating(c, "Vic", QUIXO))
        for tag, established, moves in (("new", False, 0), ("new5", False, 5),
                                        ("old5", True, 5)):
            for s in range(2):
                sybil = f"Syb{tag}{s}"
                sign_up(c, sybil, QUIXO if established else None)
                for n in range(3):
                    resigned_game(c, "Vic", sybil, n, moves)
            print(f"2 {'established' if established else 'new'} accounts x 3 games, "
                  f"resigning after {moves} moves: Vic", rating(c, "Vic", QUIXO))


if __name__ == "__main__":
    main()

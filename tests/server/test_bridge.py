"""``qwixo bridge`` against a real ``qwixo serve``: the Node.js example engine plays, as a bot
account, a whole rated Quixo game (the server killed and restarted in the middle: the bridge
reconnects) and a whole Qwixx game with hidden choices, against a person; it never receives
the person's hidden choice; the bot account is marked and ranked apart; a revoked token ends
the bridge."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from qwixo.server.serve_process import ServeProcess, die_with_parent

ROOT = Path(__file__).resolve().parents[2]
NODE = ["node", str(ROOT / "examples/engines/random-engine.js")]
TEE = [sys.executable, str(ROOT / "tests/engines/tee_engine.py")]
PASSWORD = "a long enough secret 7"


class Srv(ServeProcess):
    def __init__(self, db, data, port=0):
        # (no bot worker process: the server's bots are not in these games)
        super().__init__("--db", str(db), "--bot-delay", "0.05", "--http-rate", "200",
                         "--bot-processes", "0",
                         env={"QWIXO_DATA": str(data), "QWIXO_RATED_MIN_AGE": "0"},
                         port=port)


class Person:
    """An account signed in with a session (cookie and CSRF header)."""

    def __init__(self, base, name):
        self.http = httpx.Client(base_url=base, timeout=30)
        r = self.http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.csrf = r.json()["csrf"]

    def post(self, url, body):
        r = self.http.post(url, json=body, headers={"x-csrf-token": self.csrf})
        assert r.status_code in (200, 201), r.text
        return r.json()


def _establish(db, name, cls):
    """Give ``name`` an established rating in ``cls``: a new account's games against it are
    rated (two new accounts rate nobody: docs/web.md, "Accounts and ratings")."""
    from qwixo.server.accounts import PROVISIONAL_GAMES

    with sqlite3.connect(db) as conn:
        (aid,) = conn.execute("SELECT id FROM accounts WHERE name = ?", (name,)).fetchone()
        conn.execute("INSERT INTO ratings (player, class, rating, deviation, volatility, games, "
                     "system, updated) VALUES (?, ?, 1500, 120, 0.06, ?, 'glicko2', ?)",
                     ("a:" + aid, cls, PROVISIONAL_GAMES, time.time()))


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("bridge")
    srv = Srv(tmp / "db.sqlite", tmp / "data")
    ada = Person(srv.url, "Ada")
    robo = Person(srv.url, "Robo")
    made = robo.post("/api/account/tokens", {"description": "bridge", "scopes": ["bot:play"]})
    token = made["token"]
    _establish(tmp / "db.sqlite", "Ada", "quixo-5x5-2p")
    r = httpx.post(srv.url + "api/bot/account/upgrade", json={},
                   headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200 and r.json()["bot"] is True
    log = tmp / "engine-input.jsonl"
    out = open(tmp / "bridge.out", "w")  # noqa: SIM115 - closed below
    bridge = subprocess.Popen(
        [sys.executable, "-m", "qwixo", "bridge", "--server", srv.url, "--token", token,
         "--seconds", "0.2", "--", *TEE, str(log), *NODE],
        stdout=out, stderr=subprocess.STDOUT, preexec_fn=die_with_parent(),
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    w = {"srv": srv, "ada": ada, "robo": robo, "token": token, "token_id": made["id"],
         "log": log, "bridge": bridge, "tmp": tmp, "out": tmp / "bridge.out"}
    yield w
    if bridge.poll() is None:
        bridge.terminate()
        bridge.wait(20)
    out.close()
    w["srv"].stop()
    (tmp / "server.out").write_text("".join(w["srv"].output))


def _challenge(w, body):
    c = w["ada"].post("/api/challenges", {"to": "Robo", **body})
    end = time.time() + 120
    while time.time() < end:  # the bridge accepts it (its event stream)
        out = w["ada"].http.get("/api/challenges").json()["outgoing"]
        mine = next(x for x in out if x["id"] == c["id"])
        if mine["status"] == "accepted":
            return mine
        assert mine["status"] == "pending", (mine, w["out"].read_text())
        time.sleep(0.1)
    raise AssertionError("not accepted: " + w["out"].read_text())


def _play(w, challenge, seed, on_decision=None):
    """Ada's seat (0) plays random options until the game is over, reconnecting after
    drops; ``on_decision(n)`` after her n-th decision. The final view."""
    gid, token = challenge["game_id"], challenge["url"].split("token=")[1]
    rng, n, end = random.Random(seed), 0, time.time() + 600
    while time.time() < end:
        base = w["srv"].url.replace("http://", "ws://")
        try:
            with connect(f"{base}ws/{gid}", open_timeout=30) as ws:
                ws.send(json.dumps({"type": "auth", "token": token}))
                chosen = rolled = -1
                while True:
                    m = json.loads(ws.recv(timeout=120))
                    if m["type"] not in ("welcome", "state"):
                        continue
                    v = m["view"]
                    if v["is_over"]:
                        return v
                    if v["needs_roll"] and v["roller"] == 0 and rolled != v["version"]:
                        rolled = v["version"]
                        ws.send(json.dumps({"type": "roll"}))
                    if 0 in v["to_act"] and v["options"] and chosen != v["version"]:
                        chosen = v["version"]
                        ws.send(json.dumps({"type": "choose",
                                            "decision": rng.choice(v["options"])}))
                        n += 1
                        if on_decision is not None:
                            on_decision(n)
        except (ConnectionClosed, OSError, TimeoutError):
            time.sleep(0.5)
    raise AssertionError("the game did not end: " + w["out"].read_text())


def test_the_node_engine_plays_a_rated_quixo_game_through_the_bridge_across_a_restart(world):
    w = world
    c = _challenge(w, {"game": "quixo", "settings": {"size": 5}, "rated": True})

    def restart(n):
        if n == 4:  # the server killed and started again on the same address and database
            srv = w["srv"]
            srv.proc.kill()
            srv.proc.wait(30)
            w["srv"] = Srv(w["tmp"] / "db.sqlite", w["tmp"] / "data", port=srv.port)

    view = _play(w, c, seed=1, on_decision=restart)
    assert view["is_over"] and view["unrated"] is None
    assert [(s["name"], s["bot_account"]) for s in view["seats"]] == [
        ("Ada", False), ("Robo", True)]
    http = httpx.Client(base_url=w["srv"].url, timeout=30)
    history = http.get(f"/api/games/{c['game_id']}/history").json()["events"]
    bot_moves = [e for e in history if e.get("kind") == "choose" and e.get("seat") == 1]
    assert len(bot_moves) > 4
    out = w["out"].read_text()
    assert "event stream lost" in out or "connection lost" in out  # it did reconnect
    end = time.time() + 60
    while f"game {c['game_id']} finished" not in w["out"].read_text():  # its gameFinish
        assert time.time() < end, w["out"].read_text()
        time.sleep(0.1)
    # rated: both rated in the class, the bot account listed apart from the people
    history = http.get("/api/players/Robo").json()["ratings"]["quixo-5x5-2p"]["history"]
    assert [h["game"] for h in history] == [c["game_id"]]  # the bot account's first rating
    board = http.get("/api/leaderboard/quixo-5x5-2p").json()
    assert [p["name"] for p in board["players"]] == ["Ada"], (board, view.get("unrated"))
    assert [(p["name"], p["bot"]) for p in board["bot_accounts"]] == [("Robo", True)]
    assert http.get("/api/players/Robo").json()["bot"] is True


def test_the_node_engine_plays_qwixx_with_hidden_choices_and_never_sees_them(world):
    w = world
    start = len(w["log"].read_text().splitlines()) if w["log"].exists() else 0
    c = _challenge(w, {"game": "qwixx", "settings": {"players": 2}})
    view = _play(w, c, seed=2)
    assert view["is_over"]
    http = httpx.Client(base_url=w["srv"].url, timeout=30)
    events = http.get(f"/api/games/{c['game_id']}/history").json()["events"]
    assert sum(e["kind"] == "choose" and e.get("seat") == 1 for e in events) > 5
    got = [json.loads(x) for x in w["log"].read_text().splitlines()[start:]]
    positions = [m for m in got if m["type"] == "position" and m.get("game_id") == c["game_id"]]
    assert positions and any(m["type"] == "newgame" and m["game"] == "qwixx" for m in got)
    for m in positions:  # (test_botapi: a position made after the other seat's hidden choice)
        save = m["save"]
        assert "rng" not in save and save.get("seed") is None  # nor the coming dice
        history = save["history"]
        last_roll = max(i for i, h in enumerate(history) if h[0] == "roll")
        if m["view"]["phase"] != "action1":
            continue
        assert [h for h in history[last_roll:] if h[0] == "choose"] == []
        assert m["view"]["decided"] == [] and m["view"].get("pending") is None
    assert sum(m["view"]["phase"] == "action1" for m in positions) > 5


def test_the_event_stream_tells_challenges_their_answers_and_games(world):
    w = world
    srv = w["srv"]
    cleo = Person(srv.url, "Cleo")
    token = w["ada"].post("/api/account/tokens", {"description": "watch",
                                                  "scopes": ["challenge:read",
                                                             "challenge:write"]})["token"]
    auth = {"Authorization": f"Bearer {token}"}
    with httpx.stream("GET", srv.url + "api/stream/event", headers=auth, timeout=60) as r:
        assert r.headers["content-type"].startswith("application/x-ndjson")
        lines = r.iter_lines()

        def next_event():
            for line in lines:
                if line.strip():
                    return json.loads(line)
            raise AssertionError("the stream ended")

        c = httpx.post(srv.url + "api/challenges", headers=auth, json={
            "to": "Cleo", "game": "quixo", "settings": {"size": 3}}).json()
        ev = next_event()
        assert ev["type"] == "challenge" and ev["challenge"]["id"] == c["id"]
        assert ev["challenge"]["direction"] == "out"
        cleo.post(f"/api/challenges/{c['id']}/decline", {})
        ev = next_event()
        assert (ev["type"], ev["challenge"]["status"]) == ("challengeDeclined", "declined")
        c = httpx.post(srv.url + "api/challenges", headers=auth, json={
            "to": "Cleo", "game": "quixo", "settings": {"size": 3}}).json()
        assert next_event()["type"] == "challenge"
        r2 = httpx.post(srv.url + f"api/challenges/{c['id']}/cancel", headers=auth, json={})
        assert r2.status_code == 200
        ev = next_event()
        assert (ev["type"], ev["challenge"]["id"]) == ("challengeCanceled", c["id"])
        c = httpx.post(srv.url + "api/challenges", headers=auth, json={
            "to": "Cleo", "game": "quixo", "settings": {"size": 3}}).json()
        assert next_event()["type"] == "challenge"
        game = cleo.post(f"/api/challenges/{c['id']}/accept", {})
        ev = next_event()
        assert ev["type"] == "gameStart" and ev["game"]["id"] == game["game_id"]
        assert ev["game"]["seat"] == 0
        with connect(srv.url.replace("http://", "ws://") + f"ws/{game['game_id']}") as ws:
            ws.send(json.dumps({"type": "auth", "token": game["token"]}))
            ws.send(json.dumps({"type": "resign"}))
            ev = next_event()
        assert ev["type"] == "gameFinish" and ev["game"]["winners"] == [0]


def test_a_revoked_token_ends_the_bridge(world):
    w = world
    w["robo"].post(f"/api/account/tokens/{w['token_id']}/revoke", {})
    assert w["bridge"].wait(120) == 2
    assert "refuses the token" in w["out"].read_text()
    r = httpx.get(w["srv"].url + "api/stream/event",
                  headers={"Authorization": f"Bearer {w['token']}"})
    assert r.status_code == 401 and r.json()["key"] == "bad_api_token"

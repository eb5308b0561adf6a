"""Durability: ``qwixo serve`` killed with SIGKILL in the middle of games, restarted on the same
database, loses nothing — every move a client saw is still there, games continue where they
were, and bot games resume by themselves."""

from __future__ import annotations

import json
import time

import pytest
from proc_helpers import Server, ws_recv
from websockets.sync.client import connect


@pytest.fixture
def paths(tmp_path):
    return tmp_path / "games.sqlite", tmp_path / "data"


def test_sigkill_mid_game_loses_nothing_and_bots_resume(paths):
    db, data = paths
    srv = Server(db, data)
    try:
        # game A: two people playing Quixo 5x5
        a = srv.http.post("/api/games", json={
            "game": "quixo", "seats": [{"kind": "human", "name": "Ada"},
                                       {"kind": "human", "name": "Bo"}]}).json()
        # game B: two Qwixx bots playing each other (slowly: bot delay 0.1 s)
        b = srv.http.post("/api/games", json={
            "game": "qwixx", "settings": {"seed": 3},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]}).json()
        # game C: a person against a Quixo bot; the person moved last before the kill
        c = srv.http.post("/api/games", json={
            "game": "quixo", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}).json()
        tok = [s.get("token") for s in a["seats"]]
        moves = ["a1e1", "e5a5", "b1b5", "d5d1", "c1c5", "a5e5"]
        acked = []
        with connect(f"{srv.ws_base}ws/{a['id']}") as w0, \
                connect(f"{srv.ws_base}ws/{a['id']}") as w1:
            for ws, t in ((w0, tok[0]), (w1, tok[1])):
                ws.send(json.dumps({"type": "auth", "token": t}))
                ws_recv(ws, lambda m: m["type"] == "welcome")
            for i, mv in enumerate(moves):
                ws = (w0, w1)[i % 2]
                ws.send(json.dumps({"type": "choose", "decision": mv, "id": i}))
                ok = ws_recv(ws, lambda m: m["type"] in ("ok", "error"))
                assert ok["type"] == "ok", ok
                acked.append(ok["version"])
        assert acked == list(range(1, 7))
        position_a = srv.http.get(f"/api/games/{a['id']}").json()["quixo"]["position"]
        # a spectator of the bot game records every state it is sent
        seen_b: dict[int, dict] = {}
        with connect(f"{srv.ws_base}ws/{b['id']}") as spec:
            spec.send(json.dumps({"type": "spectate"}))
            ws_recv(spec, lambda m: m["type"] == "welcome")
            end = time.time() + 2.0
            while time.time() < end or len(seen_b) < 3:
                m = json.loads(spec.recv(timeout=30))
                if m["type"] == "state" and m["event"]:
                    seen_b[m["event"]["n"]] = m["event"]
        with connect(f"{srv.ws_base}ws/{c['id']}") as wc:
            wc.send(json.dumps({"type": "auth", "token": c["seats"][0]["token"]}))
            ws_recv(wc, lambda m: m["type"] == "welcome")
            wc.send(json.dumps({"type": "choose", "decision": "c1c5", "id": 1}))
            ws_recv(wc, lambda m: m["type"] == "ok")
            # kill the server right now: the bot of game C has 0.1 s thinking delay
            srv.kill9()
    finally:
        srv.stop()

    srv = Server(db, data)
    try:
        # game A: exactly where it was, and playable with the same tokens
        va = srv.http.get(f"/api/games/{a['id']}", params={"token": tok[0]}).json()
        assert va["version"] == 6 and va["quixo"]["position"] == position_a
        assert va["to_act"] == [0] and va["you"] == 0
        hist = srv.http.get(f"/api/games/{a['id']}/history").json()["events"]
        assert [e["decision"] for e in hist] == moves
        with connect(f"{srv.ws_base}ws/{a['id']}") as w0:
            w0.send(json.dumps({"type": "auth", "token": tok[0]}))
            welcome = ws_recv(w0, lambda m: m["type"] == "welcome")
            assert welcome["seat"] == 0 and welcome["view"]["version"] == 6
            w0.send(json.dumps({"type": "choose", "decision": "e1e5", "id": 7}))
            ok = ws_recv(w0, lambda m: m["type"] in ("ok", "error"))
            assert ok["type"] == "ok" and ok["version"] == 7
        # game B: every event a client was shown is in the log, unchanged
        hist_b = {e["n"]: e for e in
                  srv.http.get(f"/api/games/{b['id']}/history").json()["events"]}
        for n, ev in seen_b.items():
            assert n in hist_b, f"event {n} was broadcast but lost"
            for key in ("kind", "seat", "dice"):
                assert hist_b[n].get(key) == ev.get(key)
            if "decision" in ev and "decision" in hist_b[n]:
                assert hist_b[n]["decision"] == ev["decision"]
        # ... and its bots resume by themselves
        vb = srv.http.get(f"/api/games/{b['id']}").json()
        assert not vb["is_over"]  # it was killed in the middle of that game
        v0 = vb["version"]
        end = time.time() + 60
        while time.time() < end:
            vb = srv.http.get(f"/api/games/{b['id']}").json()
            if vb["version"] > v0 + 3 or vb["is_over"]:
                break
            time.sleep(0.2)
        assert vb["version"] > v0 or vb["is_over"], "the bots did not resume"
        # game C: the person's move survived; the bot answers after the restart
        end = time.time() + 30
        while time.time() < end:
            vc = srv.http.get(f"/api/games/{c['id']}").json()
            if vc["version"] >= 2:
                break
            time.sleep(0.1)
        hist_c = srv.http.get(f"/api/games/{c['id']}/history").json()["events"]
        assert hist_c[0]["decision"] == "c1c5" and hist_c[1]["seat"] == 1
    finally:
        srv.stop()

"""The data export (``GET /api/account/export``) holds the chat lines the person wrote (public
and team lines, from the seats the account holds), and no one else's — on SQLite and on a real
PostgreSQL. The public profile shows no chat."""

from __future__ import annotations

import pytest
from accounts_helpers import sign_up
from fastapi.testclient import TestClient
from server_helpers import auth, create, recv_until

from qwixo.server.app import create_app


def _say(client, gid, token, lines):
    with client.websocket_connect(f"/ws/{gid}") as ws:
        auth(ws, token)
        for i, (text, to) in enumerate(lines):
            ws.send_json({"type": "chat", "text": text, "to": to, "id": i})
            assert recv_until(ws, lambda m: m["type"] in ("ok", "error"))[0]["type"] == "ok"


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_the_export_holds_the_persons_chat_lines(backend, tmp_path, request):
    db = (request.getfixturevalue("pg").new_database() if backend == "postgresql"
          else tmp_path / "export.sqlite")
    with TestClient(create_app(db, warm_up=False, http_rate=1000, http_burst=1000)) as client:
        # 4-player Quixo with team chat: Ada holds seat 0
        g = create(client, settings={"players": 4, "size": 5}, confer=True,
                   seats=[{"kind": "human", "name": n} for n in ("N", "E", "S", "W")])
        tok = [s["token"] for s in g["seats"]]
        quiet = create(client)  # a game of hers where she says nothing
        csrf = sign_up(client, "Ada")
        r = client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                        json={"seats": [{"game": g["id"], "token": tok[0]},
                                        {"game": quiet["id"], "token": quiet["seats"][1]["token"]}]})
        assert all(s["claimed"] for s in r.json()["seats"]), r.text
        _say(client, g["id"], tok[0], [("hello all", "all"), ("take a1", "team")])
        _say(client, g["id"], tok[1], [("not hers", "all")])
        _say(client, quiet["id"], quiet["seats"][0]["token"], [("nor this", "all")])
        _say(client, g["id"], tok[0], [("good game", "all")])
        export = client.get("/api/account/export").json()
        games = {rec["id"]: rec for rec in export["games"]}
        assert [(m["seat"], m["text"], m["to"]) for m in games[g["id"]]["chat"]] == [
            (0, "hello all", "all"), (0, "take a1", "team"), (0, "good game", "all")]
        line = games[g["id"]]["chat"][0]
        assert line["type"] == "chat" and line["name"] == "N" and line["time"] > 0
        assert games[quiet["id"]]["chat"] == []
        # the chat is the person's own data: not in the public profile
        profile = client.get("/api/players/Ada").json()
        assert all("chat" not in rec for rec in profile["games"])

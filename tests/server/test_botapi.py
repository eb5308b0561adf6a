"""Bot accounts and API tokens (qwixo.server.botapi): tokens stored hashed, sent as a bearer,
their scopes enforced, useless once revoked; an account becomes a bot account only without
rated games as a person, and every seat and profile says so; a token plays its account's seat
over the game WebSocket and gets the engine protocol's positions."""

from __future__ import annotations

import hashlib
import sqlite3

from accounts_helpers import play_to_end, rated_vs_bot, sign_up
from server_helpers import recv_until as _recv_until
from test_server_challenges import As


def recv_until(ws, pred):
    return _recv_until(ws, pred)[0]


def _token(person, scopes, description="my bot"):
    r = person.post("/api/account/tokens", json={"description": description, "scopes": scopes})
    assert r.status_code == 201, r.text
    return r.json()


def _bearer(client, token, method, url, json=None):
    client.cookies.clear()
    headers = {"Authorization": f"Bearer {token}"}
    if method == "GET":
        return client.get(url, headers=headers)
    return client.post(url, json=json if json is not None else {}, headers=headers)


def test_tokens_hashed_scoped_and_revoked(client, db_path):
    ada, _ = As(client, "Ada"), As(client, "Bo")
    read = _token(ada, ["challenge:read"], "reader")
    assert read["token"].startswith("qwx_") and read["scopes"] == ["challenge:read"]
    listed = ada.get("/api/account/tokens").json()["tokens"]
    assert [t["id"] for t in listed] == [read["id"]] and "token" not in listed[0]
    with sqlite3.connect(db_path) as db:  # only the token's SHA-256 is kept
        rows = db.execute("SELECT * FROM api_tokens").fetchall()
    assert rows and not any(read["token"] in str(r) for r in rows)
    assert rows[0][2] == hashlib.sha256(read["token"].encode()).hexdigest()
    # the scope it has, and not the others
    assert _bearer(client, read["token"], "GET", "/api/challenges").status_code == 200
    r = _bearer(client, read["token"], "POST", "/api/challenges",
                {"to": "Bo", "game": "quixo", "settings": {"size": 3}})
    assert r.status_code == 403 and r.json()["key"] == "token_scope"
    r = _bearer(client, read["token"], "GET", "/api/account")  # a session's only
    assert r.status_code == 403 and r.json()["key"] == "token_session_only"
    r = _bearer(client, read["token"], "POST", "/api/account/tokens",
                {"description": "x", "scopes": ["bot:play"]})
    assert r.status_code == 403 and r.json()["key"] == "token_session_only"
    write = _token(ada, ["challenge:write"])
    r = _bearer(client, write["token"], "POST", "/api/challenges",
                {"to": "Bo", "game": "quixo", "settings": {"size": 3}})
    assert r.status_code == 201 and r.json()["from"] == "Ada"
    # bot:play plays for a bot account only
    play = _token(ada, ["bot:play"])
    r = _bearer(client, play["token"], "GET", "/api/challenges")
    assert r.status_code == 403 and r.json()["key"] == "bot_account_only"
    r = ada.post("/api/account/tokens", json={"description": "x", "scopes": ["admin"]})
    assert r.status_code == 400 and r.json()["key"] == "bad_setting"
    # revoked: opens nothing any more
    assert ada.post(f"/api/account/tokens/{read['id']}/revoke", json={}).status_code == 200
    r = _bearer(client, read["token"], "GET", "/api/challenges")
    assert r.status_code == 401 and r.json()["key"] == "bad_api_token"
    assert [t["id"] for t in ada.get("/api/account/tokens").json()["tokens"]] == [
        play["id"], write["id"]]
    r = ada.post(f"/api/account/tokens/{read['id']}/revoke", json={})
    assert r.status_code == 404 and r.json()["key"] == "token_unknown"
    r = _bearer(client, "qwx_not-a-token", "GET", "/api/challenges")
    assert r.status_code == 401 and r.json()["key"] == "bad_api_token"


def test_a_bot_account_plays_its_seat_by_token_and_is_marked(client):
    ada, bot = As(client, "Ada"), As(client, "Robo")
    token = _token(bot, ["bot:play"])["token"]
    r = _bearer(client, token, "POST", "/api/bot/account/upgrade")
    assert r.status_code == 200 and r.json() == {"name": "Robo", "bot": True}
    assert bot.get("/api/account").json()["bot"] is True
    assert client.get("/api/players/Robo").json()["bot"] is True
    assert client.get("/api/players/Ada").json()["bot"] is False
    c = ada.post("/api/challenges", json={"to": "Robo", "game": "quixo",
                                          "settings": {"size": 3}}).json()
    inc = _bearer(client, token, "GET", "/api/challenges").json()["incoming"]
    assert [x["id"] for x in inc] == [c["id"]]
    no = ada.post("/api/challenges", json={"to": "Robo", "game": "quixo",
                                           "settings": {"size": 3}}).json()
    r = _bearer(client, token, "POST", f"/api/challenges/{no['id']}/decline")
    assert r.json() == {"id": no["id"], "status": "declined"}
    mine = _bearer(client, token, "POST", f"/api/challenges/{c['id']}/accept").json()
    gid = mine["game_id"]
    view = client.get(f"/api/games/{gid}").json()
    assert [(s["name"], s["bot_account"]) for s in view["seats"]] == [
        ("Ada", False), ("Robo", True)]
    # the token plays the account's seat; a program's connection gets positions
    out = next(x for x in ada.get("/api/challenges").json()["outgoing"] if x["id"] == c["id"])
    with ada.websocket_connect(f"/ws/{gid}") as ws_ada:
        ws_ada.send_json({"type": "auth", "token": out["url"].split("token=")[1]})
        v = recv_until(ws_ada, lambda m: m["type"] == "welcome")["view"]
        ws_ada.send_json({"type": "choose", "decision": v["options"][0]})
        recv_until(ws_ada, lambda m: m["type"] == "ok")
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{gid}",
                                  headers={"Authorization": f"Bearer {token}"}) as ws:
        ws.send_json({"type": "auth"})
        assert recv_until(ws, lambda m: m["type"] == "welcome")["seat"] == 1
        pos = recv_until(ws, lambda m: m["type"] == "position")
        assert pos["seat"] == 1 and pos["options"] and pos["game_id"] == gid
        assert set(pos) >= {"view", "save", "clock", "version"}
        ws.send_json({"type": "choose", "decision": pos["options"][0]})
        assert recv_until(ws, lambda m: m["type"] == "ok")["version"] == 2
    # another account's token holds no seat there; a seat token still works as before
    other = As(client, "Cleo")
    other_token = _token(other, ["board:play"])["token"]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{gid}",
                                  headers={"Authorization": f"Bearer {other_token}"}) as ws:
        ws.send_json({"type": "auth"})
        assert recv_until(ws, lambda m: m["type"] == "error")["key"] == "no_account_seat"


def test_an_account_with_rated_games_as_a_person_cannot_become_a_bot(client):
    csrf = sign_up(client, "Dana")
    play_to_end(client, rated_vs_bot(client, csrf))
    r = client.post("/api/bot/account/upgrade", json={}, headers={"x-csrf-token": csrf})
    assert r.status_code == 409 and r.json()["key"] == "bot_has_rated_games"
    assert r.json()["params"]["games"] == 1
    assert client.get("/api/players/Dana").json()["bot"] is False


def test_a_position_made_after_the_other_seats_hidden_choice_does_not_show_it(client):
    ada, bot = As(client, "Ada"), As(client, "Robo")
    token = _token(bot, ["bot:play"])["token"]
    _bearer(client, token, "POST", "/api/bot/account/upgrade")
    c = ada.post("/api/challenges", json={"to": "Robo", "game": "qwixx",
                                          "settings": {"players": 2}}).json()
    gid = _bearer(client, token, "POST", f"/api/challenges/{c['id']}/accept").json()["game_id"]
    out = next(x for x in ada.get("/api/challenges").json()["outgoing"] if x["id"] == c["id"])
    with ada.websocket_connect(f"/ws/{gid}") as ws_ada:
        ws_ada.send_json({"type": "auth", "token": out["url"].split("token=")[1]})
        v = recv_until(ws_ada, lambda m: m["type"] == "welcome")["view"]
        assert v["needs_roll"] and v["roller"] == 0
        ws_ada.send_json({"type": "roll", "id": 1})
        v = recv_until(ws_ada, lambda m: m["type"] == "state" and m["view"]["options"])["view"]
        mine = v["options"][-1]  # Ada decides first: hidden from the bot until it decides
        ws_ada.send_json({"type": "choose", "decision": mine, "id": 2})
        recv_until(ws_ada, lambda m: m["type"] == "ok" and m["id"] == 2)
        client.cookies.clear()
        with client.websocket_connect(f"/ws/{gid}",
                                      headers={"Authorization": f"Bearer {token}"}) as ws:
            ws.send_json({"type": "auth"})
            pos = recv_until(ws, lambda m: m["type"] == "position")
    assert pos["view"]["phase"] == "action1" and pos["version"] == 2
    assert pos["view"]["decided"] == [] and pos["view"].get("pending") is None
    history = pos["save"]["history"]
    assert [h[0] for h in history] == ["roll"] and "rng" not in pos["save"]
    assert pos["save"].get("seed") is None

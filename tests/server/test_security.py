"""The first security probe replayed against the app (TestClient): security headers, origins,
JSON-only POSTs, duplicate keys, message ids in schema errors, names, ASCII/canonical Quixo
moves, games from finished positions. (The real ``qwixo serve`` probes — proxy headers, slow
clients — are in test_security_serve.py.)"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth, create, recv_until
from starlette.websockets import WebSocketDisconnect

from qwixo.server.app import create_app

GAME = {"game": "quixo", "settings": {"size": 3}, "seats": [{"kind": "human"}, {"kind": "open"}]}


# -- 4. security headers ------------------------------------------------------------------
@pytest.mark.parametrize("path", ["/", "/index.html", "/js/app.js", "/api/meta", "/api/nope"])
def test_security_headers_on_every_response(client, path):
    r = client.get(path)
    csp = r.headers["content-security-policy"]
    assert "script-src 'self';" in csp and "'unsafe-inline'" not in csp.split("script-src")[1][:20]
    assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_front_end_has_no_inline_script():
    """The CSP forbids inline script: the page must not need any."""
    from qwixo.server.app import WEB_DIR

    html = (WEB_DIR / "index.html").read_text()
    import re

    for tag in re.findall(r"<script\b[^>]*>", html):
        assert "src=" in tag, tag
    assert not re.search(r"\son[a-z]+\s*=", html)           # no onclick="..."
    assert "javascript:" not in html


def test_error_responses_also_carry_the_headers(client):
    r = client.post("/api/games", content=b"{}", headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.headers["x-frame-options"] == "DENY"


# -- 5. origins and content types ---------------------------------------------------------
def test_cross_origin_text_plain_post_is_refused(client):
    body = json.dumps(GAME)
    r = client.post("/api/games", content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415 and r.json()["key"] == "bad_content_type"
    r = client.post("/api/games", content=body,
                    headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415
    r = client.post("/api/games", content=body, headers={"content-type": "application/json",
                                                         "origin": "https://evil.example"})
    assert r.status_code == 403 and r.json()["key"] == "bad_origin"
    r = client.post("/api/games?lang=pl", content=body, headers={"content-type": "text/plain"})
    assert r.json()["text"].startswith("Wyślij")
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_same_origin_and_originless_posts_work(client):
    body = json.dumps(GAME)
    r = client.post("/api/games", content=body, headers={
        "content-type": "application/json; charset=utf-8", "origin": "http://127.0.0.1:8000",
        "host": "127.0.0.1:8000"})
    assert r.status_code == 201
    r = client.post("/api/games", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 201


def test_websocket_checks_the_origin(client):
    g = create(client)
    with pytest.raises(WebSocketDisconnect) as e, client.websocket_connect(
            f"/ws/{g['id']}", headers={"origin": "https://evil.example"}) as ws:
        ws.receive_json()
    assert e.value.code == 4403
    with client.websocket_connect(f"/ws/{g['id']}", headers={
            "origin": "http://localhost:8000", "host": "localhost:8000"}) as ws:
        assert auth(ws, g["seats"][0]["token"])["type"] == "welcome"


def test_allowed_origins_option(db_path):
    app = create_app(db_path, warm_up=False, allowed_origins=["https://club.example.org"])
    with TestClient(app) as c:
        g = create(c)
        with c.websocket_connect(f"/ws/{g['id']}",
                                 headers={"origin": "https://club.example.org"}) as ws:
            assert auth(ws, g["seats"][0]["token"])["type"] == "welcome"
        with pytest.raises(WebSocketDisconnect), c.websocket_connect(
                f"/ws/{g['id']}", headers={"origin": "https://other.example.org"}) as ws:
            ws.receive_json()
    with pytest.raises(ValueError):
        create_app(db_path, warm_up=False, allowed_origins=["not an origin"])


# -- 7. duplicate keys, ids in schema errors -----------------------------------------------
def test_duplicate_json_keys_are_refused(client):
    r = client.post("/api/games", content=b'{"game": "qwixx", "game": "quixo", "seats": []}',
                    headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["key"] == "duplicate_key"
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_text('{"type": "choose", "decision": "a1a3", "decision": "c1a1", "id": 9}')
        m, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert m["key"] == "duplicate_key" and m["id"] == 9
        # nested objects too
        ws.send_text('{"type": "ping", "id": {"a": 1, "a": 2}}')
        m, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert m["key"] == "duplicate_key"


def test_schema_errors_echo_the_message_id(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        for bad, key in [({"type": "choose", "decision": 7, "id": "m-1"}, "bad_message"),
                         ({"type": "fly", "id": 12}, "unknown_type"),
                         ({"type": "ping", "extra": 1, "id": 13}, "bad_message"),
                         ({"id": 14}, "bad_message")]:
            ws.send_json(bad)
            m, _ = recv_until(ws, lambda m: m["type"] == "error")
            assert m["key"] == key and m["id"] == bad["id"], (bad, m)
        ws.send_json({"type": "fly", "id": {"not": "an id"}})
        m, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert "id" not in m


# -- 8. names -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["Ada\u202e", "A\u200bda", "Ada\u0085", "\u2066Ada\u2069",
                                  "Ada\ufeff", "A\u200dda", "  ", "Ada\u2028"])
def test_names_with_invisible_or_control_characters_are_refused(client, name):
    r = client.post("/api/games", json={**GAME, "seats": [{"kind": "human", "name": name},
                                                          {"kind": "open"}]})
    assert r.status_code == 400 and r.json()["key"] in ("bad_name", "bad_message"), r.json()
    g = create(client, seats=[{"kind": "human"}, {"kind": "open"}])
    r = client.post(f"/api/games/{g['id']}/join", json={"name": name})
    assert r.status_code == 400


def test_duplicate_names_in_a_game_are_refused(client):
    r = client.post("/api/games", json={**GAME, "seats": [{"kind": "human", "name": "Ada"},
                                                          {"kind": "human", "name": "ADA"}]})
    assert r.status_code == 400 and r.json()["key"] == "duplicate_name"
    assert r.json()["text"] == "Another player of this game is already called 'ADA'."
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "open"}])
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "ａｄａ"})  # fullwidth
    assert r.status_code == 409 and r.json()["key"] == "duplicate_name"
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Bea"})
    assert r.status_code == 200


def test_default_names_are_distinct(client):
    g = create(client, game="qwixx", settings={"players": 4},
               seats=[{"kind": "human", "name": "random 2"}] + [{"kind": "bot", "bot": "random"}] * 3)
    names = [s["name"] for s in g["seats"]]
    assert names == ["random 2", "random", "random 3", "random 4"]


def test_a_seat_names_itself_once(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}])
    tok = g["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        assert auth(ws, tok, name="Bea")["key"] == "duplicate_name"
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        w = auth(ws, tok, name="Ada L.")
        assert w["view"]["seats"][0]["name"] == "Ada L."
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        w = auth(ws, tok, name="Someone else")   # a reconnect keeps the name
        assert w["type"] == "welcome" and w["view"]["seats"][0]["name"] == "Ada L."


# -- 6. move text ---------------------------------------------------------------------------
def test_quixo_move_text_ascii_only_and_stored_canonical(client):
    g = create(client, settings={"size": 5})
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"], lang="tr")
        ws.send_json({"type": "choose", "decision": "a\u0661a5", "id": 1})
        m, _ = recv_until(ws, lambda m: m["type"] == "error")
        assert m["key"] == "quixo_not_ascii" and m["id"] == 1 and "ASCII" in m["text"]
        ws.send_json({"type": "choose", "decision": " A1A5 ", "id": 2})
        m, _ = recv_until(ws, lambda m: m["type"] == "state")
        assert m["event"]["decision"] == "a1a5"
    hist = client.get(f"/api/games/{g['id']}/history").json()
    assert [e["decision"] for e in hist["events"]] == ["a1a5"]


# -- 9. finished positions ------------------------------------------------------------------
def test_a_game_from_a_finished_position_is_refused(client):
    r = client.post("/api/games", json={**GAME, "settings": {"size": 3,
                                                             "position": "xxx/.../... o"}})
    assert r.status_code == 400 and r.json()["key"] == "finished_position"
    assert client.get("/api/games?status=finished").json()["games"] == []


@pytest.mark.parametrize("name", ["qwixo.server.security", "qwixo.server.names",
                                  "qwixo.server.store_backup"])
def test_docstring_examples(name):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("query", ["%74oken={t}", "tok%65n={t}", "TOK%2545N={t}", "token%3D{t}",
                                   "x=1&%74oken={t}", "token={t}"])
def test_the_log_redacts_a_token_however_its_name_is_encoded(query):
    import logging

    from qwixo.server.security import RedactSecrets

    secret = "Zq7s3cr3tT0k3n"
    # the shape of uvicorn's access line: (client, method, path with query, version, status)
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET",
                                "/api/games/ab12?" + query.format(t=secret), "1.1", 200), None)
    assert RedactSecrets().filter(record)
    line = record.getMessage()
    assert secret not in line and "***" in line and "/api/games/ab12?" in line, line

"""Challenges (``/api/challenges``, qwixo.server.challenges): one account challenges another by
name to a game with settings; accept (the game, both seats linked), decline, cancel, expiry;
one answer only."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import auth

from qwixo.server.app import create_app


class As:
    """The one test client, signed in as one person (its session cookie and CSRF header)."""

    def __init__(self, client, name):
        self.client = client
        client.cookies.clear()
        r = client.post("/api/account/signup",
                        json={"name": name, "password": "a long enough secret 7"})
        assert r.status_code == 201, r.text
        self.cookies, self.csrf = dict(client.cookies), r.json()["csrf"]

    def _on(self):
        self.client.cookies.clear()
        self.client.cookies.update(self.cookies)
        return self.client

    def get(self, url):
        return self._on().get(url)

    def post(self, url, json):
        return self._on().post(url, json=json, headers={"x-csrf-token": self.csrf})

    def websocket_connect(self, url):
        return self._on().websocket_connect(url)


def test_a_challenge_accepted_declined_cancelled_or_expired(client, app):
    ada, bo = As(client, "Ada"), As(client, "Bo")
    body = {"to": "bo", "game": "quixo", "settings": {"size": 3}, "clock": 60}
    c = ada.post("/api/challenges", json=body).json()
    assert (c["from"], c["to"], c["status"], c["settings"]["size"]) == ("Ada", "Bo", "pending", 3)
    assert bo.get("/api/challenges").json()["incoming"][0]["id"] == c["id"]
    # only the challenged player accepts; then the game exists, both seats linked
    assert ada.post(f"/api/challenges/{c['id']}/accept", json={}).status_code == 403
    mine = bo.post(f"/api/challenges/{c['id']}/accept", json={}).json()
    assert mine["status"] == "accepted" and mine["seat"] == 1
    view = bo.get(f"/api/games/{mine['game_id']}").json()
    assert [(s["name"], s["linked"]) for s in view["seats"]] == [("Ada", True), ("Bo", True)]
    assert view["clock"]["limit"] == 60
    out = ada.get("/api/challenges").json()["outgoing"][0]
    assert out["status"] == "accepted" and "token=" in out["url"] and out["seat"] == 0
    with ada.websocket_connect(f"/ws/{mine['game_id']}") as ws:
        assert auth(ws, out["url"].split("token=")[1])["seat"] == 0
    # one answer only
    r = bo.post(f"/api/challenges/{c['id']}/decline", json={})
    assert r.status_code == 409 and r.json()["key"] == "challenge_not_pending"
    # declined, cancelled, expired
    d = ada.post("/api/challenges", json=body).json()
    assert bo.post(f"/api/challenges/{d['id']}/decline", json={}).json()["status"] == "declined"
    e = ada.post("/api/challenges", json=body).json()
    assert bo.post(f"/api/challenges/{e['id']}/cancel", json={}).status_code == 403
    assert ada.post(f"/api/challenges/{e['id']}/cancel", json={}).json()["status"] == "cancelled"
    assert bo.post(f"/api/challenges/{e['id']}/accept", json={}).status_code == 409
    f = ada.post("/api/challenges", json={**body, "expires_in": 60}).json()
    store = app.state.qwixo.lobby.store
    from qwixo.server.store_accounts import AccountStore

    AccountStore(store).store.write_sync([("UPDATE challenges SET expires = 0 WHERE id = ?",
                                           (f["id"],))])  # (its time ran out)
    assert bo.post(f"/api/challenges/{f['id']}/accept", json={}).status_code == 409
    states = {x["id"]: x["status"] for x in bo.get("/api/challenges").json()["incoming"]}
    assert states == {c["id"]: "accepted", d["id"]: "declined", e["id"]: "cancelled",
                      f["id"]: "expired"}
    # refused: nobody of that name, oneself, a game not for two, signed out
    assert ada.post("/api/challenges", json={**body, "to": "Nobody"}).status_code == 404
    assert ada.post("/api/challenges", json={**body, "to": "Ada"}).json()["key"] == "challenge_self"
    r = ada.post("/api/challenges", json={**body, "settings": {"players": 4, "size": 5}})
    assert r.json()["key"] == "challenge_two_players"
    client.cookies.clear()
    assert client.get("/api/challenges").status_code == 401
    assert "/api/challenges" in client.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_follow_a_player_and_see_them_online_with_their_games(backend, tmp_path, request):
    db = (request.getfixturevalue("pg").new_database() if backend == "postgresql"
          else tmp_path / "follows.sqlite")
    with TestClient(create_app(db, warm_up=False, http_rate=1000, http_burst=1000)) as client:
        _follows(client)


def _follows(client):
    ada, bo = As(client, "Ada"), As(client, "Bo")
    assert ada.post("/api/follows", json={"name": "BO"}).json() == {"name": "Bo",
                                                                    "following": True}
    assert ada.get("/api/follows").json() == {"follows": [
        {"name": "Bo", "online": False, "games": []}]}
    # Bo sits down in a game (a challenge from Cy, accepted): online, with that game
    cy = As(client, "Cy")
    c = cy.post("/api/challenges", json={"to": "Bo", "game": "quixo", "settings": {"size": 3}})
    game = bo.post(f"/api/challenges/{c.json()['id']}/accept", json={}).json()
    with bo.websocket_connect(f"/ws/{game['game_id']}") as ws:
        auth(ws, game["token"])
        f = ada.get("/api/follows").json()["follows"][0]
        assert f["online"] and [g["id"] for g in f["games"]] == [game["game_id"]]
        assert f["games"][0]["url"].endswith("&watch=1")  # to watch, never a seat token
    assert ada.post("/api/follows", json={"name": "Ada"}).json()["key"] == "follow_self"
    assert ada.post("/api/follows", json={"name": "Nobody"}).status_code == 404
    assert ada.post("/api/follows/bo/unfollow", json={}).json()["following"] is False
    assert ada.get("/api/follows").json() == {"follows": []}

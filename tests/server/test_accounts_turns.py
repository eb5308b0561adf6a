"""Turn-based games (hours per decision) and the signed-in person's "your turn" list."""

from __future__ import annotations

import time

from accounts_helpers import sign_up
from server_helpers import auth, recv_until


def test_turn_based_game_and_your_turn_list(client):
    assert client.get("/api/account/turns").status_code == 401
    csrf = sign_up(client, "Ada")
    r = client.post("/api/games", json={
        "game": "quixo", "settings": {"size": 3}, "turn_hours": 48,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    assert r.status_code == 201, r.text
    g = r.json()
    assert g["view"]["clock"]["limit"] == 48 * 3600  # the turn clock, in seconds
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                json={"seats": [{"game": g["id"], "token": t1}]})
    # seat 0 (not mine) acts first: nothing for me yet
    assert client.get("/api/account/turns").json()["games"] == []
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        view = auth(ws, t0)["view"]
        ws.send_json({"type": "choose", "decision": view["options"][0], "id": 1})
        ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok", ok
    turns = client.get("/api/account/turns").json()["games"]
    assert [(x["id"], x["seat"]) for x in turns] == [(g["id"], 1)]
    # who else sits there, for the page to say in words
    assert turns[0]["opponents"] == [{"seat": 0, "kind": "human", "bot": None,
                                      "name": g["view"]["seats"][0]["name"]}]
    # the clock gives days, not seconds
    assert 47 * 3600 < turns[0]["deadline"] - time.time() <= 48 * 3600
    # hours and seconds together are refused; so is a week too long
    for extra in ({"turn_hours": 2, "clock": 60}, {"turn_hours": 24 * 15}):
        r = client.post("/api/games", json={
            "game": "quixo", "seats": [{"kind": "human"}, {"kind": "human"}], **extra})
        assert r.status_code == 400, r.text

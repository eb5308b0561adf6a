"""Quick pairing (``/api/pairing``, qwixo.server.pairing): two players asking for the same
settings and time control are seated together; other settings wait; bots fill in after the
chosen wait; a cancelled request is gone; a signed-in player's rating range."""

from __future__ import annotations

from accounts_helpers import sign_up
from server_helpers import auth


def _seek(client, **body):
    r = client.post("/api/pairing", json={"game": "quixo", "settings": {"size": 3}, **body})
    assert r.status_code == 201, r.text
    return r.json()


def test_two_players_with_the_same_settings_are_seated_together(client):
    a = _seek(client, name="Ada", clock=60)
    assert a["status"] == "waiting" and a["waiting"] == 0 and a["players"] == 2
    other = _seek(client, name="Cy", clock=30)  # another time control: another pool
    assert other["status"] == "waiting" and other["waiting"] == 0
    b = _seek(client, name="Bo", clock=60)
    assert b["status"] == "paired"
    a = client.get(f"/api/pairing/{a['id']}").json()
    assert a["status"] == "paired" and a["game"] == b["game"] and {a["seat"], b["seat"]} == {0, 1}
    view = client.get(f"/api/games/{a['game']}").json()
    assert [s["name"] for s in view["seats"]] == ["Ada", "Bo"]
    assert view["clock"]["limit"] == 60 and view["settings"]["size"] == 3
    with client.websocket_connect(f"/ws/{a['game']}") as ws:  # each token opens its seat
        assert auth(ws, a["token"])["seat"] == a["seat"]
    c = _seek(client, name="Di", clock=30)
    assert c["status"] == "paired"
    assert client.get(f"/api/pairing/{other['id']}").json()["status"] == "paired"
    # a game of four: each waiting player sees how many others wait, the fourth seats all
    four = {"players": 4, "size": 5}
    seen = [_seek(client, name=n, settings=four)["waiting"] for n in ("N", "E", "S")]
    assert seen == [0, 1, 2]
    last = _seek(client, name="W", settings=four)
    assert last["status"] == "paired"
    assert len(client.get(f"/api/games/{last['game']}").json()["seats"]) == 4


def test_bots_fill_in_after_the_chosen_wait_and_a_request_can_be_cancelled(client):
    a = _seek(client, name="Ada", bots_after=0)
    assert a["status"] == "paired"
    seats = client.get(f"/api/games/{a['game']}").json()["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot"]
    b = _seek(client, name="Bo")  # never with bots: waits
    waiting = _seek(client, name="Cy", settings={"size": 4})
    assert client.get(f"/api/pairing/{b['id']}").json()["status"] == "waiting"
    r = client.post(f"/api/pairing/{b['id']}/cancel", json={})
    assert r.json()["status"] == "cancelled"
    assert client.get(f"/api/pairing/{b['id']}").status_code == 404
    assert client.post(f"/api/pairing/{a['id']}/cancel", json={}).status_code == 409
    assert waiting["status"] == "waiting"
    # bad settings: the game's own error, nothing waits
    r = client.post("/api/pairing", json={"game": "quixo", "settings": {"size": 99}})
    assert r.status_code == 400 and r.json()["key"] == "bad_setting"
    assert "/api/pairing" in client.get("/openapi.json").json()["paths"]


def test_a_rating_range_needs_an_account_and_pairs_within_it(client):
    r = client.post("/api/pairing", json={"game": "quixo", "rating_range": 100})
    assert r.status_code == 401 and r.json()["key"] == "signed_out"
    sign_up(client, "Ada")
    a = _seek(client, rating_range=100)
    saved = dict(client.cookies)
    client.cookies.clear()  # a guest
    guest = _seek(client, name="Gus")
    client.cookies.update(saved)
    assert guest["status"] == "waiting"  # a guest has no rating: not in Ada's range
    assert client.get(f"/api/pairing/{a['id']}").json()["waiting"] == 1

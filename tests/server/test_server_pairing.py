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


def test_a_waiting_look_answers_the_moment_its_game_is_made(client, monkeypatch):
    """A look with ``?wait=`` is answered when the pairing is made by another player's
    request, not when it next pairs the pool itself (here: never within its wait)."""
    import threading

    from qwixo.server import pairing

    monkeypatch.setattr(pairing, "REPAIR", 60.0)
    a = _seek(client, name="Ada", settings={"size": 4})
    looked = {}
    look = threading.Thread(target=lambda: looked.update(r=client.get(
        f"/api/pairing/{a['id']}", params={"wait": 10}).json()))
    look.start()
    lobby = client.app.state.qwixo.lobby
    for _ in range(1000):  # (the look is waiting on the server)
        if lobby.seek_waits.get(a["id"]):
            break
        threading.Event().wait(0.01)
    b = _seek(client, name="Bo", settings={"size": 4})
    look.join(30)
    assert b["status"] == "paired" and looked["r"]["status"] == "paired"
    assert looked["r"]["game"] == b["game"] and not lobby.seek_waits


def test_players_who_ask_for_a_rated_game_get_one(client):
    """Two signed-in players who ask for a rated game are paired in a rated game with their
    seats linked to their accounts, rated as a created rated game is; one who asks for an
    unrated game is not paired with them; a rated game of guests says why it is not rated."""
    from test_server_challenges import As

    ada, bo, cy = As(client, "Ada"), As(client, "Bo"), As(client, "Cy")
    body = {"game": "quixo", "settings": {"size": 5}, "rated": True}
    a = ada.post("/api/pairing", json=body).json()
    assert a["status"] == "waiting" and a["rated"] is True
    c = cy.post("/api/pairing", json={**body, "rated": False}).json()
    assert c["status"] == "waiting" and c["rated"] is False  # another pool
    b = bo.post("/api/pairing", json=body).json()
    assert b["status"] == "paired"
    view = client.get(f"/api/games/{b['game']}").json()
    assert view["rated"] is True and view["unrated"] is None
    assert [(s["name"], s["linked"]) for s in view["seats"]] == [("Ada", True), ("Bo", True)]
    assert view["clock"]["limit"]  # a rated game's clock, as a created one gets
    # refused settings are refused as for a created rated game
    r = ada.post("/api/pairing", json={**body, "settings": {"size": 5, "seed": 3}})
    assert r.status_code == 400 and r.json()["key"] == "rated_setting"
    # guests: the game is made rated, and says why it is not
    client.cookies.clear()
    g1 = _seek(client, name="Gus", settings={"size": 4}, rated=True)
    g2 = _seek(client, name="Guy", settings={"size": 4}, rated=True)
    assert g2["status"] == "paired" and g1["status"] == "waiting"
    view = client.get(f"/api/games/{g2['game']}").json()
    assert view["rated"] is True and view["unrated"] is not None

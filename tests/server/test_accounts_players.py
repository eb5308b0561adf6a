"""What the lobby needs to pick an opponent (the bot levels' shipped ratings per rating class)
and the Quixo statistic "lines of one's symbol made by the opponent's push"."""

from __future__ import annotations

from accounts_helpers import sign_up
from server_helpers import auth, create, recv_until

from qwixo.tournament import ratings as R


def test_bot_ratings_of_a_class_come_from_the_shipped_file(client):
    shipped = R.bot_ratings()["classes"]
    for query, cls in (({"game": "quixo", "size": 5, "players": 2}, "quixo-5x5-2p"),
                       ({"game": "qwixx", "edition": "classic", "players": 2},
                        "qwixx-classic-2p")):
        r = client.get("/api/bot-ratings", params=query)
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["class"] == cls and body["system"] == shipped[cls]["system"]
        assert set(body["bots"]) == set(shipped[cls]["bots"])
        for bot, x in body["bots"].items():
            want = shipped[cls]["bots"][bot]
            assert (x["rating"], x["deviation"], x["games"]) == (
                want["rating"], want["deviation"], want["games"])
            assert x["games"] > 0 and x["deviation"] > 0
        assert body["measured"]["games"] == shipped[cls]["tournament"]["games"]
    # a class nobody measured: no bots, no error
    r = client.get("/api/bot-ratings", params={"game": "qwixx", "edition": "longo"}).json()
    assert r == {"class": "qwixx-longo-2p", "system": None, "bots": {}, "measured": None}
    bad = client.get("/api/bot-ratings", params={"game": "chess"})
    assert bad.status_code == 400 and bad.json()["key"] == "bad_setting"
    paths = client.get("/openapi.json").json()["paths"]
    assert "BotRatings" in str(paths["/api/bot-ratings"]["get"]["responses"]["200"])


def _finish_by_push(client, csrf, position, move, mine):
    """A Quixo game from ``position``; seat ``mine`` is Ada's; seat 0 plays ``move``."""
    g = create(client, settings={"position": position},
               seats=[{"kind": "human"}, {"kind": "human"}])
    r = client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                    json={"seats": [{"game": g["id"], "token": g["seats"][mine]["token"]}]})
    assert r.json()["seats"][0]["claimed"], r.text
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_json({"type": "choose", "decision": move, "id": 1})
        ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok", ok
    return g


def test_lines_made_by_the_opponents_push_are_counted(client):
    csrf = sign_up(client, "Ada")
    # X (seat 0) pushes e5 in from e1: O's top rank fills up — O's line made by X's push
    g1 = _finish_by_push(client, csrf, "oooo./....o/...../...../..... x", "e5e1", mine=1)
    prof = client.get("/api/players/Ada").json()
    st = prof["statistics"]["quixo-5x5-2p"]
    assert st["lines_by_opponent_push"] == 1 and st["wins_by_opponent_line"] == 1
    rec = next(x for x in prof["games"] if x["id"] == g1["id"])
    assert rec["won"] and rec["details"]["lines_by_opponent"] == 1
    # the record in words for the page: the result, what a score means, the other seat
    assert rec["result"] == "won" and rec["utility"] == "win_loss" == st["utility"]
    assert "position" in rec["settings"] and "seed" not in rec["settings"]
    assert [o["seat"] for o in rec["opponents"]] == [0] and st["draws"] == 0
    # Ada (X) makes her own line: not one made by the opponent
    _finish_by_push(client, csrf, "xxxx./...../...../...../oooo. x", "e1e5", mine=0)
    st = client.get("/api/players/Ada").json()["statistics"]["quixo-5x5-2p"]
    assert st["games"] == 2 and st["lines_by_opponent_push"] == 1
    assert st["wins_by_opponent_line"] == 1 and st["wins"] == 2


def test_rated_and_turn_based_games_say_so_in_the_view_and_the_lists(client):
    sign_up(client, "Ada")
    g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random",
                                                  "seconds": 0.05}],
               rated=True, turn_hours=48)
    view = client.get(f"/api/games/{g['id']}").json()
    assert view["rated"] is True and view["turn_hours"] == 48
    assert view["hint_available"] is False  # rated games refuse hints
    plain = create(client)
    v2 = client.get(f"/api/games/{plain['id']}").json()
    assert (v2["rated"], v2["turn_hours"], v2["hint_available"]) == (False, None, True)
    listed = {x["id"]: x for x in client.get("/api/games").json()["games"]}
    assert (listed[g["id"]]["rated"], listed[g["id"]]["turn_hours"]) == (True, 48)
    assert listed[plain["id"]]["rated"] is False


def test_a_player_page_is_read_off_the_event_loop(client, monkeypatch):
    """Reading a player's games (each game's snapshot is loaded) runs off the event loop:
    while a page takes long, another game's move is answered."""
    import sys

    from accounts_helpers import rated_vs_bot
    from server_helpers import move_while_held

    from qwixo.server import accounts, accounts_api

    csrf = sign_up(client, "Ada")
    rated_vs_bot(client, csrf)  # a game of Ada's: her page reads its record

    def hold(wrap):
        slow = wrap(accounts.game_record)
        for mod in (accounts_api, sys.modules.get("qwixo.server.reads")):  # where it is read
            if mod is not None:
                monkeypatch.setattr(mod, "game_record", slow, raising=False)

    r = move_while_held(client, "/api/players/Ada", hold)
    assert r.status_code == 200 and r.json()["games"]

"""Table etiquette over the WebSocket (``docs/web-protocol.md``, "Resign, draw, hand a seat to
a bot"): resigning, a draw offer, a seat handed to a bot, the rematch's starter, the end rule
of a game against a bot."""

from __future__ import annotations

import pytest
from server_helpers import auth, create, recv_until

from qwixo.i18n import t


def _over(m):
    return m["type"] == "state" and m["view"]["is_over"]


def test_resign_ends_a_two_player_quixo_game_as_a_loss(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1:
        auth(p0, g["seats"][0]["token"])
        auth(p1, g["seats"][1]["token"])
        p1.send_json({"type": "resign", "id": 7})
        state, before = recv_until(p0, _over)
        view = state["view"]
        assert view["end_reason"] == "resign" and view["resigned"] == [1]
        assert view["winners"] == [0] and view["places"] == [1, 2] and view["status"] == "finished"
        news, _ = recv_until(p0, lambda m: m["type"] == "announce" and m["key"] == "announce_resigned")
        assert news["params"]["name"] == "Bo" and "Bo" in news["text"]
        ok, _ = recv_until(p1, lambda m: m["type"] == "ok" and m["id"] == 7)
        p0.send_json({"type": "resign", "id": 8})
        err, _ = recv_until(p0, lambda m: m["type"] == "error")
        assert err["key"] == "game_over" and err["id"] == 8
    events = client.get(f"/api/games/{g['id']}/history").json()["events"]
    assert events[-1]["kind"] == "resign" and events[-1]["seat"] == 1
    # the replay of the finished game replays the resignation
    last = client.get(f"/api/games/{g['id']}/replay/{len(events)}").json()
    assert last["is_over"] and last["end_reason"] == "resign"


def test_draw_offer_declined_then_accepted(client):
    g = create(client)
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1:
        assert auth(p0, g["seats"][0]["token"])["view"]["draws"] is True
        auth(p1, g["seats"][1]["token"])
        p1.send_json({"type": "draw", "accept": False, "id": 1})
        assert recv_until(p1, lambda m: m["type"] == "error")[0]["key"] == "no_draw_pending"
        p0.send_json({"type": "draw"})
        offer, _ = recv_until(p1, lambda m: m["type"] == "draw_offer")
        assert offer["by"] == 0 and offer["accepted"] == [0] and offer["waiting"] == [1]
        p1.send_json({"type": "draw", "accept": False})
        c, _ = recv_until(p0, lambda m: m["type"] == "draw_cancelled")
        assert c == {"type": "draw_cancelled", "seat": 1, "reason": "declined"}
        # an offer, then the other side moves: withdrawn
        p0.send_json({"type": "choose", "decision": "a1c1"})
        p0.send_json({"type": "draw"})
        recv_until(p1, lambda m: m["type"] == "draw_offer")
        p1.send_json({"type": "choose", "decision": "a3c3"})
        c, _ = recv_until(p0, lambda m: m["type"] == "draw_cancelled")
        assert c["reason"] == "moved" and c["seat"] == 1
        p1.send_json({"type": "draw"})
        recv_until(p0, lambda m: m["type"] == "draw_offer")
        p0.send_json({"type": "draw"})
        state, _ = recv_until(p1, _over)
    assert state["view"]["end_reason"] == "agreed_draw" and state["view"]["winners"] == []
    assert state["view"]["scores"] == [0, 0] and state["view"]["draw_offer"] is None


def test_bots_decline_a_draw_and_qwixx_has_none(client):
    g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/{g['id']}") as p0:
        auth(p0, g["seats"][0]["token"])
        p0.send_json({"type": "draw"})
        c, _ = recv_until(p0, lambda m: m["type"] == "draw_cancelled")
        assert c["seat"] == 1 and c["reason"] == "declined"
    q = create(client, game="qwixx", settings={"players": 2})
    with client.websocket_connect(f"/ws/{q['id']}") as p0:
        assert auth(p0, q["seats"][0]["token"])["view"]["draws"] is False
        p0.send_json({"type": "draw", "id": 3})
        assert recv_until(p0, lambda m: m["type"] == "error")[0]["key"] == "no_draw_offer"


def test_an_idle_absent_seat_can_be_handed_to_a_bot(client, app):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    room = app.state.qwixo.lobby.rooms[g["id"]]
    with client.websocket_connect(f"/ws/{g['id']}") as p0:
        auth(p0, g["seats"][0]["token"])
        p0.send_json({"type": "choose", "decision": "a1c1"})
        recv_until(p0, lambda m: m["type"] == "state" and m["view"]["to_act"] == [1])
        # Bo is away, but not for long enough yet
        p0.send_json({"type": "hand_to_bot", "seat": 1, "id": 1})
        err, _ = recv_until(p0, lambda m: m["type"] == "error")
        assert err["key"] == "seat_not_idle" and err["id"] == 1
        p0.send_json({"type": "hand_to_bot", "seat": 0, "id": 2})
        assert recv_until(p0, lambda m: m["type"] == "error")[0]["key"] == "cannot_hand_seat"
        room.hand_over_seconds = 0.0
        p0.send_json({"type": "hand_to_bot", "seat": 1, "bot": "random", "id": 3})
        news, _ = recv_until(p0, lambda m: m["type"] == "announce" and m["key"] == "announce_handed")
        assert news["params"]["name"] == "Bo"
        # the bot plays on for Bo: the game comes back to Ada
        state, _ = recv_until(p0, lambda m: m["type"] == "state" and m["view"]["to_act"] == [0]
                              and m["view"]["version"] >= 3)
        seat = state["view"]["seats"][1]
        assert seat["kind"] == "bot" and seat["bot"] == "random" and seat["name"] == "Bo"
        # it goes by the bot's name now (default_name: its level in words), Bo's is kept
        assert seat["default_name"] and seat["handed_from"] == "Bo"
        level = t("web_botname_quixo_random", "en")
        assert room.display_name(1, "en") == t("web_bot_named", "en", level=level)
        # a rematch seats the bot under its own name, not Bo's
        from qwixo.server.rematch import _spec

        assert [(x.kind, x.name) for x in _spec(room).seats] in (
            [("human", "Ada"), ("bot", None)], [("bot", None), ("human", "Ada")])
    # Bo's old token opens nothing any more
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        assert auth(ws, g["seats"][1]["token"])["type"] == "error"
    kinds = [e["kind"] for e in client.get(f"/api/games/{g['id']}/history").json()["events"]]
    assert kinds[:3] == ["choose", "seat", "choose"]


def test_a_dropped_connection_counts_as_away_from_the_drop_not_from_the_last_move(client, app):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    room = app.state.qwixo.lobby.rooms[g["id"]]
    with client.websocket_connect(f"/ws/{g['id']}") as p0:
        auth(p0, g["seats"][0]["token"])
        with client.websocket_connect(f"/ws/{g['id']}") as p1:
            auth(p1, g["seats"][1]["token"])
            p0.send_json({"type": "choose", "decision": "a1c1"})
            recv_until(p1, lambda m: m["type"] == "state" and m["view"]["to_act"] == [1])
            # Bo thinks, connected, for longer than the hand-over time...
            room.updated -= 2 * room.hand_over_seconds
        # ... then his connection drops: he has been away for no time at all
        recv_until(p0, lambda m: m.get("key") == "announce_left")
        p0.send_json({"type": "hand_to_bot", "seat": 1, "id": 1})
        err, _ = recv_until(p0, lambda m: m["type"] in ("error", "ok") and m["id"] == 1)
        assert err.get("key") == "seat_not_idle", err
        # the view tells when: from the drop, not from the last change
        view = client.get(f"/api/games/{g['id']}").json()
        assert view["hand_over"]["seats"] == [1]
        assert view["hand_over"]["at"][0] > view["hand_over"]["since"] + view["hand_over"]["after"]
        assert client.get(f"/api/games/{g['id']}").json()["seats"][1]["kind"] == "human"
        # once he has been away for the hand-over time, the seat may be handed over
        room.seats[1].seen -= room.hand_over_seconds
        p0.send_json({"type": "hand_to_bot", "seat": 1, "bot": "random", "id": 2})
        recv_until(p0, lambda m: m.get("key") == "announce_handed")


def test_a_game_against_a_bot_has_an_end_rule_unless_its_creator_says_otherwise(client):
    g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert g["view"]["settings"]["ply_limit"] == 200 and g["view"]["settings"]["repetition"] == 3
    g = create(client, settings={"size": 3, "ply_limit": None, "repetition": None},
               seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert g["view"]["settings"]["ply_limit"] is None
    g = create(client)  # people only: offered in the form, off unless asked for
    assert g["view"]["settings"].get("ply_limit") is None


def test_a_qwixx_rematch_turns_the_seats_so_the_next_player_starts(client):
    g = create(client, game="qwixx", settings={"players": 2},
               seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1:
        v = auth(p0, g["seats"][0]["token"])["view"]
        auth(p1, g["seats"][1]["token"])
        assert v["roller"] == 0 and v["rematch_first"] == 1
        p0.send_json({"type": "resign"})
        recv_until(p1, _over)
        p0.send_json({"type": "rematch"})
        recv_until(p1, lambda m: m["type"] == "rematch_offer")
        p1.send_json({"type": "rematch"})
        r0, _ = recv_until(p0, lambda m: m["type"] == "rematch_ready")
        r1, _ = recv_until(p1, lambda m: m["type"] == "rematch_ready")
    assert r0["seat"] == 1 and r1["seat"] == 0
    new = client.get(f"/api/games/{r0['game']}").json()
    assert [s["name"] for s in new["seats"]] == ["Bo", "Ada"]
    with client.websocket_connect(f"/ws/{r1['game']}") as ws:
        welcome = auth(ws, r1["token"])
        assert welcome["seat"] == 0 and welcome["view"]["roller"] == 0


def test_a_resignation_of_a_rated_game_is_rated(client):
    from accounts_helpers import rated_vs_bot, sign_up

    from qwixo.tournament import ratings as R

    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf, bot="greedy", size=5)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_json({"type": "resign"})
        state, _ = recv_until(ws, _over)
    assert state["view"]["winners"] == [1] and state["view"]["rated"]
    mine = client.get("/api/players/Ada").json()["ratings"]["quixo-5x5-2p"]
    assert mine["games"] == 1 and mine["rating"] < 1500
    # the result card's rating change: in the final state, and when the game is read again
    change = state["view"]["rating_change"]
    assert change[0]["before"] == 1500 and change[0]["after"] == round(mine["rating"], 1)
    assert change[0]["provisional"]
    assert client.get(f"/api/games/{g['id']}").json()["rating_change"] == change
    # resigned before making RESIGN_RATED_DECISIONS decisions: only the
    # resigner is rated — the bot gained nothing from a game that hardly began (it did:
    # a fresh account resigning at once handed its opponent a win)
    assert [c["seat"] for c in change] == [0]
    shipped = R.bot_ratings()["classes"]["quixo-5x5-2p"]["bots"]["greedy"]
    board = client.get("/api/leaderboard/quixo-5x5-2p").json()["bots"]["greedy"]
    assert board["games"] == shipped["games"]
    assert abs(board["rating"] - shipped["rating"]) < 0.01


def test_a_process_that_learns_a_rated_end_from_another_shows_the_rating_change(client):
    """The result card on the process that learned the end from the other
    process (a notification's events, or a read of the database) had rating_change null."""
    from accounts_helpers import rated_vs_bot, sign_up

    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf, bot="greedy", size=5)
    lobby = client.app.state.qwixo.lobby

    async def stale():  # the game as another process holds it, before the end
        return lobby._room_from_row(await lobby.store.load_game(g["id"]))

    by_events, by_read = client.portal.call(stale), client.portal.call(stale)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_json({"type": "resign"})
        state, _ = recv_until(ws, _over)
    change = state["view"]["rating_change"]
    assert change
    events = lobby.rooms[g["id"]].events

    async def learn():
        await lobby.sync(by_events, list(events))  # the notification carried the events
        await lobby.sync(by_read)  # (or the database is read)

    client.portal.call(learn)
    for room in (by_events, by_read):
        assert room.public["is_over"] and room.rating_change == change
        assert room.view(0)["rating_change"] == change


def test_news_of_a_player_coming_and_going_name_them_without_a_seat_number(client):
    g = create(client, seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    with client.websocket_connect(f"/ws/{g['id']}") as p0:
        auth(p0, g["seats"][0]["token"])
        with client.websocket_connect(f"/ws/{g['id']}") as p1:
            auth(p1, g["seats"][1]["token"])
            came, _ = recv_until(p0, lambda m: m.get("key") == "announce_joined"
                                 and m["params"]["player"] == 1)
        went, _ = recv_until(p0, lambda m: m.get("key") == "announce_left")
    # (was "Bo is here (seat 1)": a number the page shows nowhere else)
    assert came["text"] == "Bo is here." and went["text"] == "Bo left."


def test_news_name_a_bot_by_its_level_in_the_readers_language(client):
    from qwixo.i18n import t

    g = create(client, game="quixo", settings={"size": 3, "players": 4},
               seats=[{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "greedy"},
                      {"kind": "human", "name": "Cy"}, {"kind": "bot", "bot": "greedy"}])
    view = client.get(f"/api/games/{g['id']}").json()
    assert [s["default_name"] for s in view["seats"]] == [False, True, False, True]
    assert view["seats"][3]["name"] == "greedy 2"  # the id stays in the API
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"], lang="pl")
        ws.send_json({"type": "resign"})
        won, _ = recv_until(ws, lambda m: m.get("key") == "announce_game_won")
    level = t("web_botname_quixo_greedy", "pl")
    names = [t("web_bot_named_n", "pl", level=level, n=n) for n in (2, 4)]
    assert won["params"]["winners"] == ", ".join(names)
    assert "greedy" not in won["text"] and "Scores" not in won["text"]


def test_a_roll_the_server_makes_for_a_bot_names_its_roller(client):
    import time

    g = create(client, game="qwixx", settings={"players": 2},
               seats=[{"kind": "bot", "bot": "gap", "seconds": 0.05}, {"kind": "human"}])
    for _ in range(100):
        events = client.get(f"/api/games/{g['id']}/history").json()["events"]
        if events:
            break
        time.sleep(0.05)
    assert events[0]["kind"] == "roll" and events[0]["seat"] is None and events[0]["roller"] == 0


def test_a_signed_in_players_seat_shows_the_account_name(client):
    from accounts_helpers import rated_vs_bot, sign_up

    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf, bot="greedy", size=5)  # claims seat 0 for Ada
    seats = client.get(f"/api/games/{g['id']}").json()["seats"]
    assert seats[0]["name"] == "Ada"
    # a name the creator gave stays
    r = client.post("/api/games", json={
        "game": "quixo", "settings": {"size": 5}, "rated": True,
        "seats": [{"kind": "human", "name": "Lovelace"}, {"kind": "bot", "bot": "greedy"}]})
    g = r.json()
    client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                json={"seats": [{"game": g["id"], "token": g["seats"][0]["token"]}]})
    assert client.get(f"/api/games/{g['id']}").json()["seats"][0]["name"] == "Lovelace"


def test_in_a_rated_game_an_absent_seat_forfeits_and_is_rated(client, app):
    from accounts_helpers import sign_up

    r = client.post("/api/games", json={
        "game": "quixo", "settings": {"size": 5}, "rated": True,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    g = r.json()
    for name, seat in (("Ada", 0), ("Bo", 1)):
        csrf = sign_up(client, name)
        r = client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                        json={"seats": [{"game": g["id"], "token": g["seats"][seat]["token"]}]})
        assert r.json()["seats"][0]["claimed"], r.text
    room = app.state.qwixo.lobby.rooms[g["id"]]
    room.hand_over_seconds = 0.0
    with client.websocket_connect(f"/ws/{g['id']}") as bo:
        auth(bo, g["seats"][1]["token"])  # Ada (to move first) never comes
        # away long enough, but her clock still runs: in a rated game only the clock forfeits
        bo.send_json({"type": "hand_to_bot", "seat": 0, "id": 1})
        err, _ = recv_until(bo, lambda m: m["type"] in ("error", "ok") and m["id"] == 1)
        assert err.get("key") == "seat_clock_runs", err
        assert 200 < err["params"]["seconds"] <= 300 and err["params"]["seat"] == 1
        assert not client.get(f"/api/games/{g['id']}").json()["is_over"]
        assert room.view(1)["hand_over"]["at"] == [room.deadline]
        room.deadline -= 301  # her time has run out (before the server's clock acted)
        bo.send_json({"type": "hand_to_bot", "seat": 0})
        news, _ = recv_until(bo, lambda m: m.get("key") == "announce_forfeit")
    assert news["params"]["name"] == "Ada"
    view = client.get(f"/api/games/{g['id']}").json()
    assert view["is_over"] and view["winners"] == [1] and view["end_reason"] == "resign"
    assert [s["kind"] for s in view["seats"]] == ["human", "human"]  # no bot in a rated game
    ada = client.get("/api/players/Ada").json()["ratings"]["quixo-5x5-2p"]
    assert ada["rating"] < 1500  # the forfeit counts for Ada (before a decision of hers:
    # for Bo the game never began, his rating stays)
    assert client.get("/api/players/Bo").json()["ratings"] == {}
    events = client.get(f"/api/games/{g['id']}/history").json()["events"]
    assert events[-1]["kind"] == "resign" and events[-1]["forfeit"] and events[-1]["by"] == 1


def test_the_leaderboard_lists_the_classes_the_games_ship(client):
    """On a server with no game played yet: the classes of every game's shipped bot ratings
    (the page listed some by hand)."""
    from qwixo.tournament import ratings as R

    shipped = R.bot_ratings()["classes"]
    listed = client.get("/api/leaderboard").json()["classes"]
    assert shipped and set(shipped) <= set(listed) and listed == sorted(listed)


def test_the_leaderboard_counts_a_bots_games_from_its_shipped_rating(client):
    from qwixo.tournament import ratings as R

    shipped = R.bot_ratings()["classes"]["quixo-5x5-2p"]["bots"]
    board = client.get("/api/leaderboard/quixo-5x5-2p").json()["bots"]
    # (was 0 for every bot not played on this server, beside 145 for one that was)
    assert {b: x["games"] for b, x in board.items()} == {b: r["games"] for b, r in shipped.items()}


@pytest.mark.parametrize("mode,why", [("crash", "it crashed"),
                                      ("hang", "timeout: it did not answer in time"),
                                      ("illegal", "it chose an illegal move")])
def test_a_failing_engine_is_said_in_words_and_a_named_bot_plays_on(client, caplog, mode,
                                                                    why):
    """No silent failure: a bot engine that crashes, hangs or answers an illegal move is
    announced to every seat with the reason, the game's fallback bot takes the seat (its
    ``bot``), the log has the reason."""
    import logging
    import shlex
    import sys
    from pathlib import Path

    from qwixo.bots import fallback_bot, register_engine, unregister_engine
    from qwixo.engine import EngineSpec

    bad = Path(__file__).resolve().parent.parent / "engines" / "bad_engine.py"
    register_engine(EngineSpec.parse(f"crasher={shlex.quote(sys.executable)} {bad} {mode}",
                                     grace_seconds=0.2 if mode == "hang" else 30.0))
    try:
        g = create(client, seats=[{"kind": "human", "name": "Ada"},
                                  {"kind": "bot", "bot": "crasher", "name": "Zed",
                                   "seconds": 0.1}])
        with caplog.at_level(logging.ERROR, logger="qwixo.server"), \
                client.websocket_connect(f"/ws/{g['id']}") as p0:
            auth(p0, g["seats"][0]["token"])
            p0.send_json({"type": "choose", "decision": "a1c1"})
            news, _ = recv_until(p0, lambda m: m["type"] == "announce"
                                 and m["key"] == "announce_bot_failed")
            assert news["text"] == (f"Zed's bot crasher failed: {why}. Beginner (bot) "
                                    "plays on for Zed.")
            state, _ = recv_until(p0, lambda m: m["type"] == "state"
                                  and m["view"]["to_act"] == [0] and m["view"]["version"] >= 3)
        seat = client.get(f"/api/games/{g['id']}").json()["seats"][1]
        assert seat["bot"] == fallback_bot("quixo") and seat["name"] == "Zed"
        code = {"crash": "crashed", "hang": "timeout", "illegal": "illegal"}[mode]
        assert any(f"bot crasher of seat 1 in game {g['id']} failed ({code})" in r.getMessage()
                   for r in caplog.records)
    finally:
        unregister_engine("crasher")


def test_a_person_seat_named_by_the_server_reads_in_the_readers_language(client):
    # an Italian visitor's game: the server names the seats "Giocatore N"; a Polish reader
    # reads "Gracz N", and a name a person chose stays as it is
    g = create(client, seats=[{"kind": "human"}, {"kind": "human", "name": "Giocatore 2"}],
               lang="it")
    view = client.get(f"/api/games/{g['id']}").json()
    assert [s["name"] for s in view["seats"]] == ["Giocatore 1", "Giocatore 2"]  # the API keeps it
    # seat 2 chose the name the server would give seat 2: it counts as given too
    assert [s["default_name"] for s in view["seats"]] == [True, True]
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][1]["token"], lang="pl")
        ws.send_json({"type": "resign"})
        won, _ = recv_until(ws, lambda m: m.get("key") == "announce_game_won")
    assert won["params"]["winners"] == t("seat_default_name", "pl", n=1) == "Gracz 1"
    g = create(client, seats=[{"kind": "human", "name": "Giocatore 7"}, {"kind": "human"}])
    view = client.get(f"/api/games/{g['id']}").json()
    assert [s["default_name"] for s in view["seats"]] == [False, True]

"""A rematch between two people on two connections (``docs/web-protocol.md``, "Rematch")."""

from __future__ import annotations

import random
import time

from server_helpers import auth, create, recv_until


def _play_to_end(client, g, p0, p1):
    rng = random.Random(3)
    socks = [p0, p1]
    views = [auth(p0, g["seats"][0]["token"])["view"], auth(p1, g["seats"][1]["token"])["view"]]
    while not views[0]["is_over"]:
        seat = views[0]["to_act"][0]
        socks[seat].send_json({"type": "choose", "decision": rng.choice(views[seat]["options"])})
        n = views[0]["version"] + 1

        def moved(m, n=n):
            return m["type"] == "state" and m["view"]["version"] == n

        views = [recv_until(w, moved)[0]["view"] for w in socks]
    return views[0]


def test_rematch_offer_accept_gives_each_seat_its_own_token(client):
    g = create(client, settings={"size": 3, "ply_limit": 12},
               seats=[{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1, \
            client.websocket_connect(f"/ws/{g['id']}") as spec:
        spec.send_json({"type": "spectate"})
        recv_until(spec, lambda m: m["type"] == "welcome")
        view = _play_to_end(client, g, p0, p1)
        assert view["is_over"]
        spec.send_json({"type": "rematch", "id": 1})
        assert recv_until(spec, lambda m: m["type"] == "error")[0]["key"] == "spectator_cannot_act"
        p0.send_json({"type": "rematch", "id": 2})
        offer, _ = recv_until(p1, lambda m: m["type"] == "rematch_offer")
        assert offer["by"] == 0 and offer["accepted"] == [0] and offer["waiting"] == [1]
        p1.send_json({"type": "rematch", "id": 3})
        r0, _ = recv_until(p0, lambda m: m["type"] == "rematch_ready")
        r1, _ = recv_until(p1, lambda m: m["type"] == "rematch_ready")
        rs, _ = recv_until(spec, lambda m: m["type"] == "rematch_ready")
    assert r0["game"] == r1["game"] == rs["game"] != g["id"]
    assert r0["seat"] == 0 and r1["seat"] == 1 and r0["token"] != r1["token"]
    assert "token" not in rs and rs["url"] == f"/?game={rs['game']}"
    assert r0["url"].endswith(r0["token"]) and r1["token"] not in r0["url"]
    new = client.get(f"/api/games/{r0['game']}").json()
    assert [s["name"] for s in new["seats"]] == ["Ada", "Bo"]
    first = str(view.get("settings", {}).get("first") or "x").lower()
    assert str(new["settings"]["first"]).lower() == ("o" if first == "x" else "x")
    # each token opens its own seat of the new game
    with client.websocket_connect(f"/ws/{r1['game']}") as ws:
        assert auth(ws, r1["token"])["seat"] == 1


def test_rematch_refused_while_running_and_cancelled_by_decline_or_leave(client):
    g = create(client, settings={"size": 3, "ply_limit": 12})
    with client.websocket_connect(f"/ws/{g['id']}") as p0:
        auth(p0, g["seats"][0]["token"])
        p0.send_json({"type": "rematch", "id": 1})
        assert recv_until(p0, lambda m: m["type"] == "error")[0]["key"] == "rematch_not_over"
    g = create(client, settings={"size": 3, "ply_limit": 12})
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1:
        _play_to_end(client, g, p0, p1)
        p0.send_json({"type": "rematch"})
        recv_until(p1, lambda m: m["type"] == "rematch_offer")
        p1.send_json({"type": "rematch", "accept": False})
        c, _ = recv_until(p0, lambda m: m["type"] == "rematch_cancelled")
        assert c == {"type": "rematch_cancelled", "seat": 1, "reason": "declined"}
        p1.send_json({"type": "rematch"})  # a new offer, by seat 1 this time
        o, _ = recv_until(p0, lambda m: m["type"] == "rematch_offer")
        assert o["by"] == 1 and o["waiting"] == [0]
        p1.close()
        c, _ = recv_until(p0, lambda m: m["type"] == "rematch_cancelled")
        assert c["seat"] == 1 and c["reason"] == "left"


def test_bots_accept_at_once(client):
    g = create(client, settings={"size": 3, "ply_limit": 12},
               seats=[{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    rng = random.Random(5)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        view = auth(ws, g["seats"][0]["token"])["view"]
        while not view["is_over"]:
            if view["to_act"] == [0]:
                ws.send_json({"type": "choose", "decision": rng.choice(view["options"])})
            view = recv_until(ws, lambda m: m["type"] == "state" and (
                m["view"]["to_act"] == [0] or m["view"]["is_over"]))[0]["view"]
        ws.send_json({"type": "rematch"})
        ready, seen = recv_until(ws, lambda m: m["type"] == "rematch_ready")
        assert ready["seat"] == 0 and not any(m["type"] == "rematch_offer" for m in seen)
    new = client.get(f"/api/games/{ready['game']}").json()
    assert [(s["kind"], s["bot"]) for s in new["seats"]] == [("human", None), ("bot", "random")]


def test_an_offer_nobody_answers_expires_for_everyone(client, monkeypatch):
    """The offer waits ``OFFER_SECONDS`` (shortened here), then every connection hears it
    expired; the next ``rematch`` is a new offer. A turn-based game's offer waits its time
    per decision, and its rematch is turn-based too."""
    from qwixo.server import rematch

    monkeypatch.setattr(rematch, "OFFER_SECONDS", 0.5)
    g = create(client, settings={"size": 3, "ply_limit": 12})
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1, \
            client.websocket_connect(f"/ws/{g['id']}") as spec:
        spec.send_json({"type": "spectate"})
        recv_until(spec, lambda m: m["type"] == "welcome")
        _play_to_end(client, g, p0, p1)
        asked = time.time()
        p0.send_json({"type": "rematch"})
        offer, _ = recv_until(p1, lambda m: m["type"] == "rematch_offer")
        assert asked + 0.5 <= offer["expires"] <= time.time() + 0.5  # made at the request
        for ws in (p0, p1, spec):
            c, _ = recv_until(ws, lambda m: m["type"] == "rematch_cancelled")
            assert c == {"type": "rematch_cancelled", "seat": None, "reason": "expired"}
        assert time.time() >= offer["expires"]
        p1.send_json({"type": "rematch"})  # too late to accept: a new offer, by seat 1
        o, _ = recv_until(p0, lambda m: m["type"] == "rematch_offer")
        assert o["by"] == 1 and o["accepted"] == [1] and o["waiting"] == [0]
        p0.send_json({"type": "rematch"})
        ready, seen = recv_until(p0, lambda m: m["type"] == "rematch_ready")
        time.sleep(0.7)  # the accepted offer's timer was stopped: nothing expires later
        p0.send_json({"type": "ping", "id": "p"})
        _, later = recv_until(p0, lambda m: m["type"] == "pong")
        assert not any(m["type"] == "rematch_cancelled" for m in seen + later)
    turn = create(client, settings={"size": 3, "ply_limit": 12}, turn_hours=2)
    room = client.app.state.qwixo.lobby.rooms[turn["id"]]
    assert rematch.offer_seconds(room) == 7200
    spec = rematch._spec(room)
    assert spec.turn_hours == 2 and spec.clock is None


def test_a_rematch_takes_a_new_game_from_the_limits_and_is_made_once(client):
    """A rematch is a new game: it passes the new-game limits of the connection completing
    it (refused, the offer stays pending), and a finished game has one rematch at most."""
    from qwixo.server.ratelimit import KeyedLimiter

    st = client.app.state.qwixo
    g = create(client, settings={"size": 3, "ply_limit": 12},
               seats=[{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_json({"type": "resign"})
        recv_until(ws, lambda m: m["type"] == "state" and m["view"]["is_over"])
        st.game_limiter = KeyedLimiter(1e-6, 1)
        assert st.game_limiter.take("address testclient")  # this address's budget is used
        ws.send_json({"type": "rematch", "id": 1})
        err, seen = recv_until(ws, lambda m: m["type"] in ("error", "rematch_ready"))
        assert err["type"] == "error" and err["key"] == "too_many_games", err
        assert len(client.app.state.qwixo.lobby.rooms) == 1
        st.game_limiter = KeyedLimiter(1.0, 100)
        ws.send_json({"type": "rematch", "id": 2})
        ready, _ = recv_until(ws, lambda m: m["type"] == "rematch_ready")
        for n in range(3):  # again after rematch_ready: refused, no other game
            ws.send_json({"type": "rematch", "id": 3 + n})
            err, _ = recv_until(ws, lambda m: m["type"] == "error")
            assert err["key"] == "rematch_done" and err["params"] == {"game": ready["game"]}
    assert len(client.app.state.qwixo.lobby.rooms) == 2
    room = client.app.state.qwixo.lobby.rooms[ready["game"]]
    assert room.options["creator"] == client.app.state.qwixo.lobby.rooms[g["id"]].options[
        "creator"]  # made by the same address: its bots share that creator's turn


def test_the_rematch_of_a_rated_game_is_rated_between_the_same_accounts(client):
    """A rated game's rematch was silently unrated. It is rated, each seat
    linked to the account of its player in the first game, and rematch_ready says so."""
    from accounts_helpers import rated_vs_bot, sign_up

    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf, bot="greedy", size=3)
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_json({"type": "resign"})
        recv_until(ws, lambda m: m["type"] == "state" and m["view"]["is_over"])
        ws.send_json({"type": "rematch"})  # the bot accepts at once
        ready, _ = recv_until(ws, lambda m: m["type"] in ("rematch_ready", "error"))
    assert ready["type"] == "rematch_ready" and ready["rated"] is True, ready
    view = client.get(f"/api/games/{ready['game']}").json()
    # (the seats turn: the bot, second last time, starts; a rated game has no `first`)
    assert ready["seat"] == 1 and [s["kind"] for s in view["seats"]] == ["bot", "human"]
    assert view["rated"] and [s["linked"] for s in view["seats"]] == [False, True]
    assert view["settings"]["ply_limit"] == 200  # the rated end rules again
    prof = client.get("/api/players/Ada").json()
    assert ready["game"] in [x["id"] for x in prof["games"]]

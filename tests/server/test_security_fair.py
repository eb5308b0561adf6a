"""The second security probe: fair ratings — a creator cannot
choose or foresee how a rated game goes, and who is rated does not depend on when seats are
claimed."""

from __future__ import annotations

import pytest
from accounts_helpers import sign_up
from server_helpers import create

from qwixo.server.accounts import RATED_BOT_SECONDS


def _rated(client, game, settings, seats=None, **extra):
    return client.post("/api/games", json={
        "game": game, "settings": settings, "rated": True,
        "seats": seats or [{"kind": "human"}, {"kind": "bot", "bot": "random"}], **extra})


@pytest.mark.parametrize(("game", "settings", "name"), [
    ("quixo", {"size": 3, "position": "xx./oo./... x"}, "position"),
    ("quixo", {"size": 3, "first": 1}, "first"),
    ("qwixx", {"players": 2, "seed": 7}, "seed"),
    ("qwixx", {"edition": "longo", "players": 2, "lucky": [[5, 9], [6, 8]]}, "lucky"),
])
def test_rated_games_refuse_settings_that_choose_or_reveal_the_game(client, game, settings,
                                                                      name):
    sign_up(client, "Ada")
    r = _rated(client, game, settings)
    assert r.status_code == 400, r.text
    assert r.json()["key"] == "rated_setting" and r.json()["params"] == {"name": name}
    # the same game unrated is accepted (the setting itself is valid), and null is no choice
    r = client.post("/api/games", json={"game": game, "settings": settings, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    r = _rated(client, game, {**settings, name: None})
    assert r.status_code == 201, r.text


def test_the_end_rules_of_a_rated_game_are_fixed_for_its_class(client):
    """A rated game with "ply_limit": 1 against a strong bot was drawn after one
    move. The settings that can decide a game are read from the game's settings metadata:
    each is part of the rating class, fixed for every rated game, or refused."""
    import qwixo

    sign_up(client, "Ada")
    for bad in ({"ply_limit": 1}, {"repetition": 2}, {"ply_limit": 10_000},
                {"repetition": None, "ply_limit": 3}):
        r = _rated(client, "quixo", {"size": 3, **bad})
        assert r.status_code == 400, (bad, r.text)
        assert r.json()["key"] == "rated_setting_fixed", r.text
    # unrated, the creator's rule stands; rated, null (or the fixed value) plays the fixed one
    assert create(client, settings={"size": 3, "ply_limit": 1})["view"]["settings"][
        "ply_limit"] == 1
    fixed = {s.name: s.rated_value for s in qwixo.game_info("quixo").settings
             if qwixo.game_info("quixo").rated_kind(s) == "fixed"}
    assert set(fixed) == {"ply_limit", "repetition"}
    for given in ({}, {"ply_limit": None, "repetition": None}, dict(fixed)):
        r = _rated(client, "quixo", {"size": 3, **given},
                   seats=[{"kind": "human"}, {"kind": "human"}])
        assert r.status_code == 201, r.text
        got = r.json()["view"]["settings"]
        assert {k: got[k] for k in fixed} == fixed
    # every setting of every game says how a rated game takes it, and /api/meta shows it
    meta = client.get("/api/meta").json()
    for name in qwixo.game_names():
        info = qwixo.game_info(name)
        for s in info.settings:
            kind = info.rated_kind(s)
            assert kind in ("class", "fixed", "refused")
            assert (kind == "class") == ("{" + s.name + "}" in info.rating_class_template) \
                or s.room
    shown = {s["name"]: s["rated"] for s in meta["games"]["quixo"]["info"]["settings"]}
    assert shown == {"size": "class", "ply_limit": "fixed", "repetition": "fixed"}


def test_bots_of_a_rated_game_think_at_the_rated_budget(client):
    sign_up(client, "Ada")
    r = _rated(client, "quixo", {"size": 3}, seats=[
        {"kind": "human"}, {"kind": "bot", "bot": "random", "seconds": 0.05}])
    assert r.status_code == 201, r.text
    room = client.app.state.qwixo.lobby.rooms[r.json()["id"]]
    assert room.seats[1].seconds == RATED_BOT_SECONDS
    g = create(client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random",
                                                  "seconds": 0.05}])
    assert client.app.state.qwixo.lobby.rooms[g["id"]].seats[1].seconds == 0.05


def test_a_rated_game_always_has_a_clock_and_running_out_of_time_forfeits(client):
    import time

    from accounts_helpers import rated_vs_bot

    from qwixo.server.accounts import RATED_CLOCK

    csrf = sign_up(client, "Ada")
    g = rated_vs_bot(client, csrf)
    assert g["view"]["clock"]["limit"] == RATED_CLOCK  # none asked: the rated default
    # Ada (to move first) never moves: her 5 seconds run out, she forfeits, it is rated
    g = rated_vs_bot(client, csrf, clock=5)
    end = time.time() + 30
    while time.time() < end:
        view = client.get(f"/api/games/{g['id']}").json()
        if view["is_over"]:
            break
        time.sleep(0.2)
    assert view["is_over"] and view["winners"] == [1], view
    events = client.get(f"/api/games/{g['id']}/history").json()["events"]
    assert events[-1]["kind"] == "resign" and events[-1]["forfeit"] and events[-1]["auto"]
    prof = client.get("/api/players/Ada").json()
    assert [x["rated"] for x in prof["games"] if x["id"] == g["id"]] == [True], prof["games"]


def test_seats_of_a_rated_game_are_linked_before_the_first_decision_only(client):
    from server_helpers import auth, recv_until

    csrf = sign_up(client, "Ada")
    r = _rated(client, "quixo", {"size": 3}, seats=[{"kind": "human"}, {"kind": "human"}])
    g = r.json()
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        view = auth(ws, g["seats"][0]["token"])["view"]
        ws.send_json({"type": "choose", "decision": view["options"][0], "id": 1})
        recv_until(ws, lambda m: m["type"] == "ok")
    r = client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                    json={"seats": [{"game": g["id"], "token": g["seats"][1]["token"]}]})
    assert r.json()["seats"][0] == {"game": g["id"], "claimed": False, "seat": 1,
                                    "error": "claim_too_late"}


def test_seats_of_finished_unrated_games_add_nothing_to_statistics(client):
    from server_helpers import auth, recv_until

    csrf = sign_up(client, "Ada")
    # a Quixo position one push from X's line; X (seat 0) wins, unrated, nobody linked
    g = create(client, settings={"position": "xxxx./....o/...../...../..... x"},
               seats=[{"kind": "human"}, {"kind": "human"}])
    with client.websocket_connect(f"/ws/{g['id']}") as ws:
        auth(ws, g["seats"][0]["token"])
        ws.send_json({"type": "choose", "decision": "e1e5", "id": 1})
        m, _ = recv_until(ws, lambda m: m["type"] == "state" and m["view"]["is_over"])
    r = client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                    json={"seats": [{"game": g["id"], "token": g["seats"][0]["token"]}]})
    assert r.json()["seats"][0]["error"] == "game_finished"
    assert client.get("/api/players/Ada").json()["games"] == []


def test_an_undone_hidden_choice_stays_hidden_after_the_action(client):
    from server_helpers import auth, recv_until

    g = create(client, game="qwixx", settings={"players": 2}, undo=True)
    t0, t1 = (s["token"] for s in g["seats"])
    with client.websocket_connect(f"/ws/{g['id']}") as p0, \
            client.websocket_connect(f"/ws/{g['id']}") as p1:
        auth(p0, t0)
        v1 = auth(p1, t1)["view"]
        p0.send_json({"type": "roll", "id": 1})
        m, _ = recv_until(p1, lambda m: m["type"] == "state" and 1 in m["view"]["to_act"])
        options = [o for o in m["view"]["options"] if o != "pass"] or m["view"]["options"]
        tried = options[0]
        p1.send_json({"type": "choose", "decision": tried, "id": 2})
        recv_until(p1, lambda m: m["type"] in ("ok", "error") and m.get("id") == 2)
        p1.send_json({"type": "undo", "id": 3})
        ok, _ = recv_until(p1, lambda m: m["type"] in ("ok", "error") and m.get("id") == 3)
        assert ok["type"] == "ok", ok
        p1.send_json({"type": "choose", "decision": "pass", "id": 4})
        recv_until(p1, lambda m: m["type"] in ("ok", "error") and m.get("id") == 4)
        m, _ = recv_until(p0, lambda m: m["type"] == "state" and 0 in m["view"]["to_act"]
                          and m["view"]["options"])
        p0.send_json({"type": "choose", "decision": "pass", "id": 5})
        recv_until(p0, lambda m: m["type"] in ("ok", "error") and m.get("id") == 5)
    assert v1 is not None
    events = client.get(f"/api/games/{g['id']}/history", params={"token": t0}).json()["events"]
    tried_ev = next(e for e in events if e["kind"] == "choose" and e["seat"] == 1)
    assert "decision" not in tried_ev and tried_ev.get("hidden"), events
    # its author still sees it, and the choice that stood is shown to everyone
    mine = client.get(f"/api/games/{g['id']}/history", params={"token": t1}).json()["events"]
    assert next(e for e in mine if e["n"] == tried_ev["n"])["decision"] == tried
    assert [e.get("decision") for e in events if e["kind"] == "choose" and e["seat"] == 1][-1] \
        == "pass"


def test_every_seat_sees_which_seats_of_a_rated_game_are_linked(client):
    from server_helpers import auth, recv_until

    csrf = sign_up(client, "Ada")
    g = _rated(client, "quixo", {"size": 3}, seats=[{"kind": "human"}, {"kind": "human"}]).json()
    assert [s["linked"] for s in g["view"]["seats"]] == [False, False]
    with client.websocket_connect(f"/ws/{g['id']}") as other:
        auth(other, g["seats"][1]["token"])
        client.post("/api/account/seats", headers={"x-csrf-token": csrf},
                    json={"seats": [{"game": g["id"], "token": g["seats"][0]["token"]}]})
        m, _ = recv_until(other, lambda m: m["type"] == "state"
                          and m["view"]["seats"][0]["linked"])
        assert [s["linked"] for s in m["view"]["seats"]] == [True, False]
    # read again from the database (a new server process would show the same)
    lobby = client.app.state.qwixo.lobby
    del lobby.rooms[g["id"]]
    view = client.get(f"/api/games/{g['id']}").json()
    assert [s["linked"] for s in view["seats"]] == [True, False]


@pytest.mark.parametrize(("cap", "value"), [("PAIR_GAMES_PER_DAY", 1),
                                            ("PAIR_GAIN_CAP", 1e-6)])
def test_rated_games_between_the_same_two_accounts_are_capped(client, monkeypatch, cap,
                                                              value):
    """Rated games a day between two accounts, and the rating one may gain from the other
    (a few accounts losing to one lift it by PAIR_GAIN_CAP at most)."""
    import random

    from accounts_helpers import PASSWORD, establish
    from server_helpers import auth, recv_until

    from qwixo.server import accounts

    monkeypatch.setattr(accounts, cap, value)
    for name in ("Bo", "Ada"):
        sign_up(client, name)
        establish(client, name, "quixo-3x3-2p")
    rated, winners = [], []
    for n in range(2):
        g = _rated(client, "quixo", {"size": 3},
                   seats=[{"kind": "human"}, {"kind": "human"}]).json()
        for seat, name in ((0, "Ada"), (1, "Bo")):
            client.post("/api/account/signin", json={"name": name, "password": PASSWORD})
            csrf = client.get("/api/account").json()["csrf"]
            r = client.post("/api/account/seats", headers={"x-csrf-token": csrf}, json={
                "seats": [{"game": g["id"], "token": g["seats"][seat]["token"]}]})
            assert r.json()["seats"][0]["claimed"], r.text
        rng = random.Random(n)
        with client.websocket_connect(f"/ws/{g['id']}") as w0, \
                client.websocket_connect(f"/ws/{g['id']}") as w1:
            views = [auth(w0, g["seats"][0]["token"])["view"],
                     auth(w1, g["seats"][1]["token"])["view"]]
            ws = (w0, w1)
            while not views[0]["is_over"]:
                p = views[0]["to_act"][0]
                ws[p].send_json({"type": "choose", "id": 1,
                                 "decision": rng.choice(views[p]["options"])})
                for i in (0, 1):
                    m, _ = recv_until(ws[i], lambda m, v=views[i]["version"]: m["type"] ==
                                      "state" and m["view"]["version"] > v)
                    views[i] = m["view"]
        prof = client.get("/api/players/Ada").json()
        rated.append(next(x["rated"] for x in prof["games"] if x["id"] == g["id"]))
        winners.append(views[0]["winners"])
    assert rated == [True, False]
    assert winners[0]  # (a decisive first game: its winner gained, past the tiny gain cap)


def test_a_new_account_plays_unrated_until_it_is_old_enough(client, monkeypatch):
    """M1: accounts made to feed another one a rating are new; their games are played, not
    rated, until the account is QWIXO_RATED_MIN_AGE seconds old (an hour by default)."""
    from accounts_helpers import play_to_end, rated_vs_bot, sign_up

    from qwixo.server import accounts

    monkeypatch.delenv("QWIXO_RATED_MIN_AGE", raising=False)
    assert accounts.rated_min_age() == accounts.RATED_MIN_AGE == 3600.0
    monkeypatch.setenv("QWIXO_RATED_MIN_AGE", "600")
    csrf = sign_up(client, "Ada")
    rated_from = client.get("/api/session").json()["rated_from"]
    assert rated_from > accounts.time.time() + 590  # said before any game
    g = rated_vs_bot(client, csrf)
    # the table says so before the game, the result card after it: the same reason
    why = client.get(f"/api/games/{g['id']}").json()["unrated"]
    assert why["key"] == "why_unrated_new_account"
    assert why["params"]["from"] == round(rated_from) and why["params"]["name"] == "Ada"
    assert play_to_end(client, g)["unrated"] == why
    prof = client.get("/api/players/Ada").json()
    assert prof["ratings"] == {} and [x["rated"] for x in prof["games"]] == [False]
    # once the account is older than the limit, its next rated game counts
    monkeypatch.setenv("QWIXO_RATED_MIN_AGE", "1")
    accounts.time.sleep(1.1)
    g = rated_vs_bot(client, csrf)
    assert client.get(f"/api/games/{g['id']}").json()["unrated"] is None
    assert play_to_end(client, g)["unrated"] is None
    prof = client.get("/api/players/Ada").json()
    assert sum(c["games"] for c in prof["ratings"].values()) == 1

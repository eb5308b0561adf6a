"""Tournaments on the server (/api/tournaments, qwixo.server.tournaments): a whole 5-round
Swiss of Quixo 5x5 with 9 entrants — 3 people playing through the HTTP/WS protocol, 6 bots —
to a podium; the host's and the entrants' refusals; the same pairings as the command line's
planner for the same games."""

from __future__ import annotations

import json
import random
import time
from collections import Counter

import pytest
from accounts_helpers import PASSWORD
from server_helpers import auth, recv_until

from qwixo.server.accounts import SESSION_COOKIE
from qwixo.server.tournaments import TICK
from qwixo.tournament import formats


class Person:
    """A signed-in person on the shared TestClient: their own session cookie and CSRF."""

    def __init__(self, client, name):
        self.client, self.name = client, name
        client.cookies.clear()
        r = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        self.csrf = r.json()["csrf"]
        self.cookie = client.cookies.get(SESSION_COOKIE)
        client.cookies.clear()

    def _as_me(self):
        self.client.cookies.clear()
        self.client.cookies.set(SESSION_COOKIE, self.cookie)

    def get(self, path):
        self._as_me()
        return self.client.get(path)

    def post(self, path, body=None):
        self._as_me()
        return self.client.post(path, json={} if body is None else body,
                                headers={"x-csrf-token": self.csrf})


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    from fastapi.testclient import TestClient

    from qwixo.server import accounts
    from qwixo.server.app import create_app

    db = tmp_path_factory.mktemp("tourney") / "qwixo.sqlite"
    rate, accounts.SIGNUP_RATE = accounts.SIGNUP_RATE, (10.0, 50.0)  # (one address signs up all)
    try:
        app = create_app(db, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000,
                         ws_rate=1000, ws_burst=1000)
        with TestClient(app) as c:
            yield c
    finally:
        accounts.SIGNUP_RATE = rate


def wait_tournament(person, tid, pred, tries=3000):
    """The tournament once ``pred`` holds (its step runs every half second)."""
    for _ in range(tries):
        t = person.get(f"/api/tournaments/{tid}").json()
        if pred(t):
            return t
        time.sleep(0.05)
    raise AssertionError(f"tournament {tid} never got there: {t['status']} round {t['round']}")


def play_rounds(client, people, tid, rng):
    """The people play every game of theirs (random legal moves over the WebSocket) until
    the tournament ends; the games each played."""
    played: dict[str, set] = {p.name: set() for p in people}
    conns: dict[str, tuple] = {}
    try:
        while True:
            t = people[0].get(f"/api/tournaments/{tid}").json()
            if t["status"] == "finished":
                return t, played
            for p in people:
                game = (p.get(f"/api/tournaments/{tid}").json().get("you") or {}).get("game")
                if game and game["id"] not in played[p.name]:
                    played[p.name].add(game["id"])
                    ws = client.websocket_connect(f"/ws/{game['id']}").__enter__()
                    assert auth(ws, game["token"])["type"] == "welcome"
                    conns[p.name] = (ws, game)
            moved = False
            for name, (ws, game) in list(conns.items()):
                view = client.get(f"/api/games/{game['id']}",
                                  params={"token": game["token"]}).json()
                if view["is_over"]:
                    ws.__exit__(None, None, None)
                    del conns[name]
                    continue
                if game["seat"] in view["to_act"] and view["options"]:
                    ws.send_json({"type": "choose", "decision": rng.choice(view["options"]),
                                  "id": rng.randrange(10**6)})
                    ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
                    assert ok["type"] == "ok" or ok.get("key") == "game_over", ok
                    moved = True
            if not moved:
                time.sleep(0.05)
    finally:
        for ws, _ in conns.values():
            ws.__exit__(None, None, None)


def test_a_swiss_of_quixo_with_three_people_and_six_bots_runs_to_a_podium(client):
    host, bea, cem = (Person(client, n) for n in ("Hostess", "Bea", "Cem"))
    bots = [{"bot": b, "seconds": 0.05} for b in ("random", "greedy") * 3]
    r = host.post("/api/tournaments", {
        "name": "Friday Swiss", "game": "quixo", "settings": {"size": 5, "ply_limit": 120},
        "format": "swiss", "rounds": 5, "clock": 120, "bots": bots, "join": True,
        "max_entrants": 9})
    assert r.status_code == 201, r.text
    t = r.json()
    tid = t["id"]
    assert t["status"] == "upcoming" and t["entrants"] == 7 and t["rounds"] == 5
    assert [e["name"] for e in t["entrant_list"]][:3] == ["random 1", "greedy 1", "random 2"]
    assert host.post(f"/api/tournaments/{tid}/join").json()["key"] == "tournament_entered"
    assert bea.post(f"/api/tournaments/{tid}/start").status_code == 403  # not the host
    for p in (bea, cem):
        assert p.post(f"/api/tournaments/{tid}/join").status_code == 200
    late = Person(client, "Dora")
    full = late.post(f"/api/tournaments/{tid}/join")
    assert full.status_code == 409 and full.json()["key"] == "tournament_full"
    listed = client.get("/api/tournaments").json()
    assert tid in [x["id"] for x in listed["upcoming"]]

    r = host.post(f"/api/tournaments/{tid}/start")
    assert r.status_code == 200 and r.json()["status"] == "running", r.text
    t, played = play_rounds(client, [host, bea, cem], tid, random.Random(3))

    assert t["status"] == "finished" and len(t["round_list"]) == 5
    assert [p["place"] for p in t["podium"]][:1] == [1] and len(t["podium"]) >= 3
    assert all(len(v) >= 4 for v in played.values())  # (a bye is a round without a game)
    pairs, byes = Counter(), []
    for rnd in t["round_list"]:
        seen = [n for b in rnd["boards"] for n in b["players"]]
        assert sorted(seen) == sorted(e["name"] for e in t["entrant_list"])  # everyone, once
        for b in rnd["boards"]:
            if "bye" in b:
                byes.append(b["players"][0])
            else:
                pairs[frozenset(b["players"])] += 1
                assert b["places"] and b["url"] == f"/?game={b['game_id']}&watch=1"
    assert max(pairs.values()) == 1  # 9 entrants, 5 rounds: no pair twice
    assert len(byes) == 5 and len(set(byes)) == 5  # each bye to a different entrant
    points = {r["name"]: r["points"] for r in t["standings"]}
    assert sum(points.values()) == 4 * 5 + 0.5 * 5  # a point a game, half a point a bye
    # the command line's planner gives the same pairings from the same games
    names = {r["name"] for r in t["standings"]}
    assert names == {e["name"] for e in t["entrant_list"]}
    assert client.get("/api/tournaments").json()["finished"][0]["id"] == tid


def test_the_same_games_give_the_same_pairings_as_the_command_line(client):
    host = Person(client, "Planner")
    r = host.post("/api/tournaments", {
        "name": "Bots only", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
        "rounds": 3, "bots": [{"bot": b, "seconds": 0.05} for b in
                              ("random", "greedy", "easy", "random", "greedy")]})
    tid = r.json()["id"]
    host.post(f"/api/tournaments/{tid}/start")
    t = wait_tournament(host, tid, lambda t: t["status"] == "finished")
    number = {e["name"]: i for i, e in enumerate(t["entrant_list"])}
    records, byes = [], []
    for rnd in t["round_list"]:
        tables, out = formats.next_round(
            "swiss", 5, rnd["round"], records, byes, lambda a, b: a != b, 2, (2,))
        got = [[number[n] for n in b["players"]] for b in rnd["boards"] if "bye" not in b]
        assert got == tables, rnd["round"]
        assert [number[b["players"][0]] for b in rnd["boards"] if "bye" in b] == out
        for b in rnd["boards"]:
            if "bye" in b:
                byes.append((number[b["players"][0]], b["bye"]))
            else:
                records.append({"lineup": [number[n] for n in b["players"]],
                                "places": b["places"], "scores": [0, 0]})
    assert t["podium"][0]["name"] == t["standings"][0]["name"]


def test_refusals_withdraw_pause_and_the_next_game_from_the_lobby(client):
    host, eve = Person(client, "Hoster"), Person(client, "Eve")
    bad = host.post("/api/tournaments", {"name": "x", "game": "qwixx", "format": "swiss",
                                         "settings": {"players": 3}})
    assert bad.status_code == 400 and bad.json()["key"] == "tournament_two_players"
    bad = host.post("/api/tournaments", {"name": "x", "game": "quixo", "format": "arena"})
    assert bad.json()["key"] == "tournament_bad_number"
    bad = host.post("/api/tournaments", {"name": "x", "game": "quixo", "format": "swiss",
                                         "bots": [{"bot": "nobody"}]})
    assert bad.json()["key"] == "unknown_bot"
    client.cookies.clear()
    assert client.post("/api/tournaments", json={"name": "x", "game": "quixo",
                                                 "format": "swiss"}).status_code == 401
    r = host.post("/api/tournaments", {
        "name": "Slow", "game": "quixo", "settings": {"size": 3}, "format": "round-robin",
        "no_show_seconds": 1, "bots": [{"bot": "random", "seconds": 0.05}]})
    tid = r.json()["id"]
    few = host.post(f"/api/tournaments/{tid}/start")
    assert few.status_code == 409 and few.json()["key"] == "tournament_few"  # one entrant
    # (a fresh one for eve: join, leave before the start, join again, then play nothing)
    r = host.post("/api/tournaments", {
        "name": "No-show", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
        "rounds": 1, "no_show_seconds": 1, "bots": [{"bot": "random", "seconds": 0.05}]})
    tid = r.json()["id"]
    assert eve.post(f"/api/tournaments/{tid}/join").status_code == 200
    left = eve.post(f"/api/tournaments/{tid}/withdraw").json()
    assert left["entrants"] == 1 and left["you"] is None
    assert eve.post(f"/api/tournaments/{tid}/join").status_code == 200
    assert eve.get("/api/tournaments/next").json()["game"] is None
    host.post(f"/api/tournaments/{tid}/start")
    t = wait_tournament(eve, tid, lambda t: (t.get("you") or {}).get("game") is not None
                        or t["status"] == "finished")
    nxt = eve.get("/api/tournaments/next").json()
    if t["status"] != "finished":  # (the bot may start and win before eve looks)
        assert nxt["game"]["url"].startswith(f"/?game={nxt['game']['id']}&token=")
        assert nxt["tournament"]["id"] == tid
    assert host.post(f"/api/tournaments/{tid}/pause").status_code in (200, 409)
    host.post(f"/api/tournaments/{tid}/resume")
    # eve never moves: she forfeits her game after the no-show time and the bot wins it
    t = wait_tournament(eve, tid, lambda t: t["status"] == "finished")
    assert t["podium"][0]["name"] == "random"
    board = t["round_list"][0]["boards"][0]
    assert board["points"][board["players"].index("random")] == 1.0
    assert eve.post(f"/api/tournaments/{tid}/withdraw").json()["key"] == "tournament_over"
    codes = [host.post("/api/tournaments", {"name": f"More {i}", "game": "quixo",
                                            "format": "swiss"}).status_code for i in range(5)]
    assert codes == [201, 201, 201, 201, 429]  # five upcoming or running at once, one each
    missing = client.get("/api/tournaments/nope")
    assert missing.status_code == 404 and missing.json()["key"] == "tournament_unknown"
    spec = client.get("/openapi.json").json()["paths"]
    assert {"/api/tournaments", "/api/tournaments/{tid}/join"} <= set(spec)
    assert json.dumps(spec["/api/tournaments"]["post"]).count("max_entrants")


def test_an_arena_and_a_round_robin_of_bots_run_to_their_podiums(client):
    host = Person(client, "Arenas")
    r = host.post("/api/tournaments", {
        "name": "Quick arena", "game": "quixo", "settings": {"size": 3}, "format": "arena",
        "minutes": 0.05, "bots": [{"bot": b, "seconds": 0.05} for b in
                                  ("random", "greedy", "easy", "random")]})
    arena = r.json()["id"]
    r = host.post("/api/tournaments", {
        "name": "All play all", "game": "quixo", "settings": {"size": 3},
        "format": "round-robin", "bots": [{"bot": b, "seconds": 0.05} for b in
                                          ("random", "greedy", "easy")]})
    rr = r.json()["id"]
    assert r.json()["rounds"] is None  # (fixed at the start: one cycle)
    for tid in (arena, rr):
        host.post(f"/api/tournaments/{tid}/start")
    a = wait_tournament(host, arena, lambda t: t["status"] == "finished")
    assert a["round_list"] and a["podium"]
    assert all(r["points"] % 1 == 0 for r in a["standings"])  # arena points: 2 a win, 1 a draw
    games = [b for rnd in a["round_list"] for b in rnd["boards"]]
    assert games and all("game_id" in b for b in games)  # waves, no byes (4 entrants)
    t = wait_tournament(host, rr, lambda t: t["status"] == "finished")
    assert t["rounds"] == 3 and len(t["round_list"]) == 3
    met = Counter(frozenset(b["players"]) for rnd in t["round_list"] for b in rnd["boards"]
                  if "bye" not in b)
    assert len(met) == 3 and set(met.values()) == {1}


def test_a_stalled_game_ends_at_the_rounds_clock(client):
    host, sam = Person(client, "Clocker"), Person(client, "Sam")
    r = host.post("/api/tournaments", {
        "name": "Short rounds", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
        "rounds": 1, "round_minutes": 0.05, "bots": [{"bot": "random", "seconds": 0.05}]})
    tid = r.json()["id"]
    sam.post(f"/api/tournaments/{tid}/join")
    host.post(f"/api/tournaments/{tid}/start")
    t = wait_tournament(sam, tid, lambda t: (t.get("you") or {}).get("game") is not None)
    game = t["you"]["game"]
    with client.websocket_connect(f"/ws/{game['id']}") as ws:  # sam moves once, then stalls
        view = auth(ws, game["token"])["view"]
        while game["seat"] not in view["to_act"]:  # (the bot's first move)
            time.sleep(0.05)
            view = client.get(f"/api/games/{game['id']}").json()
        view = client.get(f"/api/games/{game['id']}", params={"token": game["token"]}).json()
        ws.send_json({"type": "choose", "decision": view["options"][0], "id": 1})
        ok, _ = recv_until(ws, lambda m: m["type"] in ("ok", "error"))
        assert ok["type"] == "ok", ok
    t = wait_tournament(sam, tid, lambda t: t["status"] == "finished")
    board = t["round_list"][0]["boards"][0]
    assert board["points"][board["players"].index("random")] == 1.0  # sam forfeited
    events = client.get(f"/api/games/{game['id']}/history").json()["events"]
    assert events[-1]["kind"] == "resign" and events[-1]["tournament"] == tid


def test_a_paused_tournament_records_results_but_starts_no_round_until_it_resumes(client):
    host = Person(client, "Pauser")
    r = host.post("/api/tournaments", {
        "name": "Paused", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
        "rounds": 2, "bots": [{"bot": b, "seconds": 0.05} for b in
                              ("random", "greedy", "easy", "random")]})
    tid = r.json()["id"]
    assert host.post(f"/api/tournaments/{tid}/pause").json()["key"] == "tournament_not_running"
    host.post(f"/api/tournaments/{tid}/start")
    assert host.post(f"/api/tournaments/{tid}/pause").json()["paused"] is True
    t = wait_tournament(host, tid, lambda t: t["round_list"][0]["finished"] is not None)
    assert all("places" in b for b in t["round_list"][0]["boards"])  # recorded while paused
    for _ in range(3):  # (a few of the server's steps: none starts a round)
        t = wait_tournament(host, tid, lambda t: True)
        time.sleep(TICK)
    assert t["round"] == 1 and t["paused"] and t["status"] == "running"
    assert host.post(f"/api/tournaments/{tid}/resume").json()["paused"] is False
    t = wait_tournament(host, tid, lambda t: t["status"] == "finished")
    assert len(t["round_list"]) == 2


def test_a_person_named_like_a_bot_entrant_plays_it(client):
    rnd = Person(client, "Random")  # the bot level "random" at the same table
    r = rnd.post("/api/tournaments", {
        "name": "Names", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
        "rounds": 1, "no_show_seconds": 1, "join": True,
        "bots": [{"bot": "random", "seconds": 0.05}]})
    tid = r.json()["id"]
    rnd.post(f"/api/tournaments/{tid}/start")
    t = wait_tournament(rnd, tid, lambda t: t["status"] == "finished")
    assert t["podium"][0]["name"] == "random"  # the person never moved: a forfeit


def test_withdrawing_mid_tournament_forfeits_the_game_and_ends_the_pairings(client):
    host, wes = Person(client, "Withdrawer"), Person(client, "Wes")
    r = host.post("/api/tournaments", {
        "name": "Leaving", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
        "rounds": 2, "bots": [{"bot": b, "seconds": 0.05} for b in
                              ("random", "greedy", "easy")]})
    tid = r.json()["id"]
    wes.post(f"/api/tournaments/{tid}/join")
    host.post(f"/api/tournaments/{tid}/start")
    t = wait_tournament(wes, tid, lambda t: (t.get("you") or {}).get("game") is not None)
    gid = t["you"]["game"]["id"]
    t = wes.post(f"/api/tournaments/{tid}/withdraw").json()
    assert t["you"]["withdrawn"] and [e["withdrawn"] for e in t["entrant_list"]] == [
        False, False, False, True]
    t = wait_tournament(wes, tid, lambda t: t["status"] == "finished")
    first = next(b for b in t["round_list"][0]["boards"] if "Wes" in b["players"])
    assert first["game_id"] == gid and first["points"][first["players"].index("Wes")] == 0
    assert all("Wes" not in b["players"] for b in t["round_list"][1]["boards"])
    assert "Wes" in [r["name"] for r in t["standings"]]

"""Two ``qwixo serve`` processes on one real PostgreSQL: players connected to different
processes play whole Qwixx and Quixo games with bots; one process killed with SIGKILL in the
middle of games — its players reconnect to the other, nothing acknowledged is lost, bots and
the turn clock go on."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time

import pytest
from proc_helpers import Server, ws_recv
from websockets.sync.client import connect

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # connect() outside with


@pytest.fixture(scope="module")
def two(pg, tmp_path_factory):
    """Two processes on one new database, for the module: each test plays its own games
    (and accounts of its own names) on them; the test that kills process A comes last."""
    url = pg.new_database()
    tmp = tmp_path_factory.mktemp("two")
    servers = [Server(url, tmp / f"data{i}", "--bot-processes", "0") for i in range(2)]
    yield servers
    for s in servers:
        s.stop()


class Player(threading.Thread):
    """A person at one seat, on one server: rolls when it is their roll, picks a random option
    when it is their decision, until the game is over (or ``stop_at`` acknowledged moves)."""

    def __init__(self, server: Server, game_id: str, token: str, seed: int,
                 stop_at: int | None = None) -> None:
        super().__init__(daemon=True)
        self.ws = connect(f"{server.ws_base}ws/{game_id}")
        self.ws.send(json.dumps({"type": "auth", "token": token}))
        welcome = ws_recv(self.ws, lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        self.seat = welcome["seat"]
        self.view = welcome["view"]
        self.rng = random.Random(seed)
        self.stop_at = stop_at
        self.acked: list[tuple[int, str]] = []  # (version, decision) the server confirmed
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self._play()
        except BaseException as e:  # noqa: BLE001 - reported by the test
            self.error = e

    def _recv(self, pred, timeout: float = 60.0) -> dict:
        """The next message matching ``pred``; every state seen on the way is taken."""
        end = time.time() + timeout
        while True:
            m = json.loads(self.ws.recv(timeout=max(0.01, end - time.time())))
            if m["type"] == "state" and m["view"]["version"] >= self.view["version"]:
                self.view = m["view"]
            if pred(m):
                return m

    def _play(self) -> None:
        end = time.time() + 240
        while not self.view["is_over"] and time.time() < end:
            if self.stop_at is not None and len(self.acked) >= self.stop_at:
                return
            v = self.view
            msg = None
            if v["needs_roll"] and v["roller"] == self.seat:
                msg = {"type": "roll"}
            elif self.seat in v["to_act"] and v["options"]:
                msg = {"type": "choose", "decision": self.rng.choice(v["options"])}
            if msg is None:  # wait for a newer state (a bot, another player, the clock)
                self._newer(v["version"])
                continue
            msg["id"] = v["version"]
            self.ws.send(json.dumps(msg))
            reply = self._recv(lambda m, i=msg["id"]: m["type"] in ("ok", "error")
                               and m.get("id") == i)
            if reply["type"] == "ok":
                self.acked.append((reply["version"], msg.get("decision", "roll")))
            elif self.view["version"] == v["version"]:  # refused: a state is on its way
                self._newer(v["version"])

    def _newer(self, version: int) -> None:
        self._recv(lambda m: m["type"] == "state" and m["view"]["version"] > version)

    def close(self) -> None:
        self.ws.close()


def _create(server: Server, body: dict) -> dict:
    r = server.http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def _history(server: Server, game_id: str) -> list[dict]:
    return server.http.get(f"/api/games/{game_id}/history").json()["events"]


def test_players_on_two_processes_play_whole_games_with_bots(two):
    a, b = two
    qwixx = _create(a, {"game": "qwixx", "settings": {"seed": 11, "players": 3}, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"},
        {"kind": "bot", "bot": "random"}]})
    quixo = _create(b, {"game": "quixo", "settings": {"size": 4, "ply_limit": 40}, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    players = [Player(a, qwixx["id"], qwixx["seats"][0]["token"], 1),
               Player(b, qwixx["id"], qwixx["seats"][1]["token"], 2),
               Player(a, quixo["id"], quixo["seats"][0]["token"], 3)]
    for p in players:
        p.start()
    for p in players:
        p.join(timeout=300)
    for p in players:
        p.close()
        assert p.error is None, p.error
        assert p.view["is_over"]
    for game in (qwixx, quixo):
        va = a.http.get(f"/api/games/{game['id']}").json()
        vb = b.http.get(f"/api/games/{game['id']}").json()
        assert va["is_over"] and va["version"] == vb["version"]
        assert va["scores"] == vb["scores"]
        assert _history(a, game["id"]) == _history(b, game["id"])
    kinds = {(e["seat"], e["kind"]) for e in _history(a, qwixx["id"])}
    assert (2, "choose") in kinds and (0, "choose") in kinds and (1, "choose") in kinds


@pytest.fixture
def two_handing(pg, tmp_path):
    """Two processes whose seats may be handed over as soon as nobody is connected there."""
    url = pg.new_database()
    servers = [Server(url, tmp_path / f"data{i}", "--bot-processes", "0",
                      env={"QWIXO_HAND_OVER_SECONDS": "0"}) for i in range(2)]
    yield servers
    for s in servers:
        s.stop()


def _seat_online(seat: int, online: bool):
    def pred(m: dict) -> bool:
        view = m.get("view")
        return view is not None and view["seats"][seat]["online"] is online
    return pred


def test_a_seat_connected_on_the_other_process_is_not_away_until_that_process_dies(two_handing):
    a, b = two_handing
    g = _create(a, {"game": "quixo", "settings": {"size": 5}, "seats": [
        {"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]})
    ada = connect(f"{a.ws_base}ws/{g['id']}")
    ada.send(json.dumps({"type": "auth", "token": g["seats"][0]["token"]}))
    welcome = ws_recv(ada, lambda m: m["type"] == "welcome")
    assert welcome["view"]["seats"][1]["online"] is False
    bo = connect(f"{b.ws_base}ws/{g['id']}")
    bo.send(json.dumps({"type": "auth", "token": g["seats"][1]["token"]}))
    ws_recv(bo, lambda m: m["type"] == "welcome")
    # process A hears that Bo is connected on B: the seat shows online there too
    ws_recv(ada, _seat_online(1, True))
    ada.send(json.dumps({"type": "choose", "decision": welcome["view"]["options"][0], "id": 1}))
    ws_recv(ada, lambda m: m["type"] == "ok" and m["id"] == 1)
    # the game waits on Bo, connected on B: his seat is not handed over behind his back
    ada.send(json.dumps({"type": "hand_to_bot", "seat": 1, "id": 2}))
    reply = ws_recv(ada, lambda m: m["type"] in ("ok", "error") and m.get("id") == 2)
    assert reply.get("key") == "seat_not_idle", reply
    view = a.http.get(f"/api/games/{g['id']}").json()
    assert view["seats"][1] == {**view["seats"][1], "kind": "human", "online": True}
    assert view["hand_over"]["seats"] == []
    # his move, made on B, still counts (was: not_your_turn, the seat a bot's)
    state = ws_recv(bo, lambda m: m["type"] == "state" and m["view"]["to_act"] == [1])
    bo.send(json.dumps({"type": "choose", "decision": state["view"]["options"][0], "id": 3}))
    assert ws_recv(bo, lambda m: m["type"] in ("ok", "error") and m.get("id") == 3)["type"] == "ok"
    state = ws_recv(ada, lambda m: m["type"] == "state" and m["view"]["to_act"] == [0])
    ada.send(json.dumps({"type": "choose", "decision": state["view"]["options"][0], "id": 4}))
    ws_recv(ada, lambda m: m["type"] == "ok" and m["id"] == 4)
    # a rated game between two accounts, the same way: Bo, connected on B, is not forfeited
    rated = _create(a, {"game": "quixo", "settings": {"size": 5}, "rated": True, "seats": [
        {"kind": "human"}, {"kind": "human"}]})
    for server, name, seat in ((a, "Ada", 0), (b, "Bo", 1)):
        r = server.http.post("/api/account/signup", json={"name": name,
                                                          "password": "correct horse battery"})
        assert r.status_code == 201, r.text
        r = server.http.post("/api/account/seats", headers={"x-csrf-token": r.json()["csrf"]},
                             json={"seats": [{"game": rated["id"],
                                              "token": rated["seats"][seat]["token"]}]})
        assert r.json()["seats"][0]["claimed"], r.text
    ada_r = connect(f"{a.ws_base}ws/{rated['id']}")
    ada_r.send(json.dumps({"type": "auth", "token": rated["seats"][0]["token"]}))
    view = ws_recv(ada_r, lambda m: m["type"] == "welcome")["view"]
    assert view["rated"]
    bo_r = connect(f"{b.ws_base}ws/{rated['id']}")
    bo_r.send(json.dumps({"type": "auth", "token": rated["seats"][1]["token"]}))
    ws_recv(bo_r, lambda m: m["type"] == "welcome")
    ws_recv(ada_r, _seat_online(1, True))
    ada_r.send(json.dumps({"type": "choose", "decision": view["options"][0], "id": 1}))
    ws_recv(ada_r, lambda m: m["type"] == "ok" and m["id"] == 1)
    ada_r.send(json.dumps({"type": "hand_to_bot", "seat": 1, "id": 2}))
    reply = ws_recv(ada_r, lambda m: m["type"] in ("ok", "error") and m.get("id") == 2)
    assert reply.get("key") == "seat_not_idle", reply  # (was: a forfeit, 1500 -> 1337.7)
    view = a.http.get(f"/api/games/{rated['id']}").json()
    assert not view["is_over"] and view["to_act"] == [1]
    ada_r.close()
    bo_r.close()
    # B is killed with Bo's connection on it: once B's heartbeats have stopped for the lease
    # time his connection stops counting, and his seat may be handed over
    b.kill9()
    killed = time.time()
    with contextlib.suppress(Exception):
        bo.close()
    ws_recv(ada, _seat_online(1, False), timeout=30)
    print(f"a killed process's connection stopped counting after {time.time() - killed:.1f} s")
    ada.send(json.dumps({"type": "hand_to_bot", "seat": 1, "bot": "random", "id": 5}))
    reply = ws_recv(ada, lambda m: m["type"] in ("ok", "error") and m.get("id") == 5)
    assert reply["type"] == "ok", reply
    assert a.http.get(f"/api/games/{g['id']}").json()["seats"][1]["kind"] == "bot"
    ada.close()


def _until_paired(*asking: tuple[Server, dict], timeout: float = 60) -> list[dict]:
    """Waiting players' answers, each asked again on its server until all are paired (as
    their pages ask again: a player who stops asking leaves the pool)."""
    deadline = time.monotonic() + timeout
    answers = [a for _, a in asking]
    while any(a["status"] != "paired" for a in answers):
        assert time.monotonic() < deadline, answers
        time.sleep(0.05)
        answers = [a if a["status"] == "paired" else
                   srv.http.get(f"/api/pairing/{a['id']}").json()
                   for (srv, _), a in zip(asking, answers, strict=True)]
    return answers


def test_quick_pairing_across_two_processes_pairs_each_waiting_player_once(two):
    """Two players asking different processes for the same settings are seated together;
    then many at once on both processes (a 2-player pool and a 4-player one): every one is
    paired once, every game has its full number of players."""
    a, b = two
    body = {"game": "quixo", "settings": {"size": 3}, "clock": 60}
    t0 = time.monotonic()
    first = a.http.post("/api/pairing", json={**body, "name": "Ada"}).json()
    second = b.http.post("/api/pairing", json={**body, "name": "Bo"}).json()
    assert first["status"] == "waiting"
    # (Bo is paired at once, or the other process is creating their game right now: then
    # Bo's page asks again, as it does)
    second, first = _until_paired((b, second), (a, first))
    took = time.monotonic() - t0
    assert first["status"] == "paired" and first["game"] == second["game"]
    assert {first["seat"], second["seat"]} == {0, 1}
    t0 = time.monotonic()  # again, on warm processes
    x = b.http.post("/api/pairing", json={**body, "name": "Cy"}).json()
    y = a.http.post("/api/pairing", json={**body, "name": "Di"}).json()
    y, x = _until_paired((a, y), (b, x))
    assert x["status"] == y["status"] == "paired" and x["game"] == y["game"]
    print(f"paired across two processes in {took * 1000:.0f} ms (first game of each), "
          f"then {(time.monotonic() - t0) * 1000:.0f} ms")
    # load: 48 players at once, half on each process, in two pools
    pools = [{"game": "quixo", "settings": {"size": 3}},
             {"game": "quixo", "settings": {"size": 5, "players": 4}}]
    ids: list[tuple[int, str]] = []
    lock = threading.Lock()

    def ask(i: int) -> None:
        srv = two[i % 2]
        pool = pools[1] if i < 32 and i % 4 >= 2 else pools[0]  # 16 in fours, 32 in twos
        r = srv.http.post("/api/pairing", json={**pool, "name": f"P{i}"})
        assert r.status_code == 201, r.text
        with lock:
            ids.append((i, r.json()["id"]))

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(48)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(ids) == 48
    answers: dict[str, dict] = {}
    deadline = time.monotonic() + 60
    while len(answers) < len(ids) and time.monotonic() < deadline:
        for i, sid in ids:  # each player looks at their request (as the page does)
            if sid not in answers:
                r = two[(i + 1) % 2].http.get(f"/api/pairing/{sid}").json()
                if r["status"] == "paired":
                    answers[sid] = r
        time.sleep(0.05)
    assert len(answers) == 48, f"{48 - len(answers)} still waiting"
    games: dict[str, list[int]] = {}
    for r in answers.values():
        games.setdefault(r["game"], []).append(r["seat"])
    sizes = sorted(len(s) for s in games.values())
    assert all(sorted(s) == list(range(len(s))) for s in games.values())  # one player a seat
    assert sizes.count(4) == 4 and sizes.count(2) == 16 and len(sizes) == 20


def test_follows_online_and_the_sat_down_notice_work_across_processes(two):
    """Bo, connected to a game on process B, is online for Ada asking process A (the
    presence table; the game has not moved for an hour), with that game; once he leaves, he
    is not. The creator of an open seat, connected on A, is told when Bo sits down on B."""
    import httpx
    import psycopg

    a, b = two
    people = {}
    for server, name in ((a, "Ada"), (b, "Bo")):
        http = httpx.Client(base_url=server.url, timeout=30)
        r = http.post("/api/account/signup", json={"name": name,
                                                   "password": "correct horse battery"})
        assert r.status_code == 201, r.text
        people[name] = (http, {"x-csrf-token": r.json()["csrf"]})
    ada, ada_csrf = people["Ada"]
    bo, bo_csrf = people["Bo"]
    assert ada.post("/api/follows", json={"name": "Bo"}, headers=ada_csrf).status_code == 201
    g = _create(a, {"game": "quixo", "settings": {"size": 5}, "seats": [
        {"kind": "human", "name": "Cy"}, {"kind": "open"}]})
    cy = connect(f"{a.ws_base}ws/{g['id']}")
    cy.send(json.dumps({"type": "auth", "token": g["seats"][0]["token"]}))
    ws_recv(cy, lambda m: m["type"] == "welcome")
    joined = bo.post(f"/api/games/{g['id']}/join", json={"name": "Bo"}).json()
    news = ws_recv(cy, lambda m: m["type"] == "announce" and m["key"] == "announce_seat_taken")
    assert news["text"] == "Bo sat down in the free seat."
    r = bo.post("/api/account/seats", headers=bo_csrf,
                json={"seats": [{"game": g["id"], "token": joined["token"]}]})
    assert r.json()["seats"][0]["claimed"], r.text
    with psycopg.connect(a.db) as conn:  # (the game has not moved for an hour)
        conn.execute("UPDATE games SET updated = updated - 3600 WHERE id = %s", (g["id"],))

    def bo_followed() -> dict:
        return ada.get("/api/follows").json()["follows"][0]

    assert bo_followed() == {**bo_followed(), "name": "Bo", "online": False}
    seat = connect(f"{b.ws_base}ws/{g['id']}")
    seat.send(json.dumps({"type": "auth", "token": joined["token"]}))
    ws_recv(seat, lambda m: m["type"] == "welcome")
    ws_recv(cy, _seat_online(1, True))  # (A has heard of Bo's connection on B)
    f = bo_followed()
    assert f["online"] is True and [x["id"] for x in f["games"]] == [g["id"]]
    seat.close()
    ws_recv(cy, _seat_online(1, False))
    assert bo_followed()["online"] is False
    cy.close()


def test_a_killed_process_loses_nothing_and_the_other_goes_on(two):
    # (the module's last test on ``two``: it kills A; the others' games, finished or not,
    # are B's to take over too)
    a, b = two
    # a Qwixx game of two people (one on each process) and a bot, created on the doomed one
    qwixx = _create(a, {"game": "qwixx", "settings": {"seed": 4, "players": 3}, "seats": [
        {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    # a Quixo game against a bot, with a turn clock, its person on the doomed process
    quixo = _create(a, {"game": "quixo", "settings": {"size": 4}, "clock": 5, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    first = [Player(a, qwixx["id"], qwixx["seats"][0]["token"], 5, stop_at=6),
             Player(b, qwixx["id"], qwixx["seats"][1]["token"], 6, stop_at=6),
             Player(a, quixo["id"], quixo["seats"][0]["token"], 7, stop_at=3)]
    for p in first:
        p.start()
    for p in first:
        p.join(timeout=240)
        assert p.error is None, p.error
    acked = [(g["id"], v, d) for g, p in zip((qwixx, qwixx, quixo), first, strict=True)
             for v, d in p.acked]
    a.kill9()
    killed = time.time()
    for p in first:
        p.close()
    # everything a player was told was accepted is on the surviving process
    for gid, version, decision in acked:
        events = _history(b, gid)
        assert len(events) >= version
        ev = events[version - 1]
        if decision == "roll":
            assert ev["kind"] == "roll"
        else:  # (a choice still hidden from the others is masked in the history)
            assert ev["kind"] == "choose" and ev.get("decision", decision) == decision
    # the Quixo person reconnects to B and lets the clock run out: the surviving process
    # takes the game over (lease), the clock decides for them and the bot answers
    before = b.http.get(f"/api/games/{quixo['id']}").json()["version"]
    with connect(f"{b.ws_base}ws/{quixo['id']}") as ws:
        ws.send(json.dumps({"type": "auth", "token": quixo["seats"][0]["token"]}))
        ws_recv(ws, lambda m: m["type"] == "welcome")
        back = time.time() - killed
        auto = ws_recv(ws, lambda m: m["type"] == "state" and m["event"] is not None
                       and m["event"].get("auto") and m["view"]["version"] > before, timeout=30)
        clock_back = time.time() - killed
        bot = ws_recv(ws, lambda m: m["type"] == "state" and m["event"] is not None
                      and m["event"]["seat"] == 1 and m["view"]["version"] > auto["view"]["version"],
                      timeout=30)
        assert bot["event"]["kind"] == "choose"
        print(f"failover after kill -9: client back on the other process {back:.1f} s, the "
              f"clock's move {clock_back:.1f} s, the bot's answer {time.time() - killed:.1f} s")
    # the Qwixx players: both now on B, play the game to its end with the bot
    second = [Player(b, qwixx["id"], qwixx["seats"][i]["token"], 8 + i) for i in range(2)]
    for p in second:
        p.start()
    for p in second:
        p.join(timeout=300)
        p.close()
        assert p.error is None, p.error
        assert p.view["is_over"]
    assert clock_back < 25  # lease expiry (3 s) + the 5 s clock, with room for a busy machine

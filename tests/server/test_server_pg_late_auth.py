"""A WebSocket that authenticates late on one process while another process
commits moves of its game. The connection holds its room from the handshake to the end of
its authentication; a move notified in that window must not leave it in a room this process
no longer follows (frozen views), and a process must never keep a game's lease for a room it
does not follow (the bots and the server's rolls would stop)."""

from __future__ import annotations

import json
import random
import threading
import time

import pytest
from proc_helpers import Server, ws_recv
from test_server_pg_processes import Player
from websockets.sync.client import connect

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def two(pg, tmp_path_factory):
    """Two processes on one new database, for the module (each test plays its own games)."""
    url = pg.new_database()
    tmp = tmp_path_factory.mktemp("two")
    servers = [Server(url, tmp / f"data{i}", "--bot-processes", "0") for i in range(2)]
    yield servers
    for s in servers:
        s.stop()


def _create(server: Server, body: dict) -> dict:
    r = server.http.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def _version(server: Server, game_id: str) -> int:
    return server.http.get(f"/api/games/{game_id}").json()["version"]


def _wait_version(server: Server, game_id: str, above: int, timeout: float = 20) -> int:
    end = time.time() + timeout
    while time.time() < end:
        v = _version(server, game_id)
        if v > above:
            return v
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} stayed at version {above}")


def test_late_authentication_with_moves_in_the_window_neither_freezes_nor_stalls(two):
    a, b = two
    # three seats: a person on A (authenticating late), a person on B, a bot; the server rolls
    game = _create(b, {"game": "qwixx", "settings": {"seed": 29, "players": 3},
                       "auto_roll": True, "seats": [
                           {"kind": "human"}, {"kind": "human"},
                           {"kind": "bot", "bot": "random", "seconds": 0.05}]})
    gid = game["id"]
    on_b = Player(b, gid, game["seats"][1]["token"], 2)
    _wait_version(b, gid, 0)  # B took the work and rolled
    # A: a player and two spectators open their WebSockets and wait before authenticating
    late = [connect(f"{a.ws_base}ws/{gid}") for _ in range(3)]
    time.sleep(0.5)  # A has loaded the game for them, nobody is in its room yet
    # B's person decides in the window: A hears it while its room has no connection
    v = on_b.view
    while not (on_b.seat in v["to_act"] and v["options"]):
        on_b._newer(v["version"])
        v = on_b.view
    on_b.ws.send(json.dumps({"type": "choose", "decision": v["options"][0], "id": 1}))
    on_b._recv(lambda m: m["type"] in ("ok", "error") and m.get("id") == 1)
    time.sleep(0.5)  # the notification reaches A
    late[0].send(json.dumps({"type": "auth", "token": game["seats"][0]["token"]}))
    for ws in late[1:]:
        ws.send(json.dumps({"type": "spectate"}))
    welcomes = [ws_recv(ws, lambda m: m["type"] in ("welcome", "error")) for ws in late]
    assert all(w["type"] == "welcome" for w in welcomes), welcomes
    # both people play the game to its end (the bot and the server's rolls between them):
    # without every change reaching A, its player waits for a state that never comes
    on_a = LatePlayer(late[0], welcomes[0], 3)
    for p in (on_a, on_b):
        p.start()
    for p in (on_a, on_b):
        p.join(timeout=300)
        assert p.error is None, p.error
        assert p.view["is_over"], p.view["version"]
    final = _version(b, gid)
    assert _version(a, gid) == final
    # and the spectators who came in the window saw the end too
    for ws in late[1:]:
        m = ws_recv(ws, lambda m: m["type"] == "state" and m["view"]["is_over"], timeout=30)
        assert m["view"]["version"] == final
    for ws in late:
        ws.close()
    on_b.close()


class LatePlayer(Player):
    """A :class:`Player` on a WebSocket that has already authenticated."""

    def __init__(self, ws, welcome: dict, seed: int) -> None:
        threading.Thread.__init__(self, daemon=True)
        self.ws, self.seat, self.view = ws, welcome["seat"], welcome["view"]
        self.rng = random.Random(seed)
        self.stop_at = None
        self.acked = []
        self.error = None


def test_a_process_lets_go_of_the_lease_of_a_finished_game(two):
    """The renewal kept every lease of a process for ever: a finished game's room could never
    leave memory. Now the lease goes within a renewal or two."""
    import psycopg

    a = two[0]  # (on one process: B, on the same database, takes no part)
    url = a.db
    game = _create(a, {"game": "quixo", "settings": {"size": 3, "ply_limit": 20}, "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    p = Player(a, game["id"], game["seats"][0]["token"], 5)
    p.start()
    p.join(timeout=120)
    p.close()
    assert p.error is None and p.view["is_over"], p.error

    def leases() -> int:
        with psycopg.connect(url) as conn:
            return conn.execute("SELECT count(*) FROM leases WHERE game_id = %s",
                                (game["id"],)).fetchone()[0]
    end = time.time() + 20
    while leases() and time.time() < end:
        time.sleep(0.5)
    assert leases() == 0

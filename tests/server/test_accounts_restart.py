"""A rated game's result counts exactly once, whatever the moment the server is killed
(kill -9 of a real ``qwixo serve``) around the games' ends — on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3
import time

import pytest
from proc_helpers import Server

GAMES = 5
#: the bots play in the server's threads (no worker process: its start is ~0.8 CPU-s a server)
BOTS = ("--bot-processes", "0")


def _create(srv: Server) -> str:
    r = srv.http.post("/api/games", json={
        "game": "quixo", "settings": {"size": 3}, "rated": True,
        "seats": [{"kind": "bot", "bot": "random", "seconds": 0.05},
                  {"kind": "bot", "bot": "greedy", "seconds": 0.05}]})
    assert r.status_code == 201, r.text
    return r.json()["id"]


def _wait_finished(srv: Server, ids: list[str], timeout: float = 120) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if all(srv.http.get(f"/api/games/{g}").json()["is_over"] for g in ids):
            return
        time.sleep(0.1)
    raise AssertionError("the games did not finish")


def _count(db, sql: str) -> int:
    if str(db).startswith("postgresql://"):
        import psycopg

        with psycopg.connect(str(db)) as conn:
            return conn.execute(sql).fetchone()[0]
    with sqlite3.connect(str(db)) as conn:
        return conn.execute(sql).fetchone()[0]


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill9_around_the_end_of_rated_games_counts_each_once(backend, tmp_path, request):
    db = (request.getfixturevalue("pg").new_database() if backend == "postgresql"
          else tmp_path / "games.sqlite")
    data = tmp_path / "data"
    ids: list[str] = []
    # games created a little apart, the server killed while some are ending
    for delay in (0.9, 0.5):
        srv = Server(db, data, *BOTS)
        try:
            for _ in range(GAMES):
                ids.append(_create(srv))
                time.sleep(0.12)
            time.sleep(delay)
            srv.kill9()
        finally:
            srv.stop()
    srv = Server(db, data, *BOTS)  # resumes the unfinished games: they end now
    try:
        _wait_finished(srv, ids)
        board = srv.http.get("/api/leaderboard/quixo-3x3-2p").json()
        assert board["bots"]["random"]["games"] == len(ids)
        assert board["bots"]["greedy"]["games"] == len(ids)
        srv.kill9()  # once more, right after the ends
    finally:
        srv.stop()
    srv = Server(db, data, *BOTS)
    try:
        board = srv.http.get("/api/leaderboard/quixo-3x3-2p").json()
        assert board["bots"]["random"]["games"] == len(ids)
    finally:
        srv.stop()
    assert _count(db, "SELECT COUNT(*) FROM rated_games") == len(ids)
    assert _count(db, "SELECT COUNT(*) FROM rating_history") == 2 * len(ids)
    assert _count(db, "SELECT COUNT(*) FROM games WHERE status = 'finished'") == len(ids)

"""A tournament survives kill -9 of a real ``qwixo serve`` mid-round with nothing lost (a
3-round Qwixx table-rounds tournament of 8 entrants, to a podium), and runs on two server
processes sharing one PostgreSQL database: each round planned once, each game made once,
each result recorded once."""

from __future__ import annotations

import sqlite3
import time

from accounts_helpers import PASSWORD
from proc_helpers import Server

ENV = {"QWIXO_TOURNAMENT_LEASE": "1"}
#: the bots play in the server's threads (no worker process: its start is ~0.8 CPU-s a server)
FAST = ("--bot-delay", "0.01", "--bot-processes", "0")


def _host(srv: Server, name: str = "Host") -> str:
    r = srv.http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
    if r.status_code == 409:  # (a second process: sign in)
        r = srv.http.post("/api/account/signin", json={"name": name, "password": PASSWORD})
    assert r.status_code in (200, 201), r.text
    return r.json()["csrf"]


def _wait(srv: Server, tid: str, pred, tries: int = 6000) -> dict:
    for _ in range(tries):
        t = srv.http.get(f"/api/tournaments/{tid}").json()
        if pred(t):
            return t
        time.sleep(0.05)
    raise AssertionError(f"tournament {tid}: {t['status']}, round {t['round']}")


def _rows(db, sql: str) -> list[tuple]:
    if str(db).startswith("postgresql://"):
        import psycopg

        with psycopg.connect(str(db)) as conn:
            return conn.execute(sql).fetchall()
    with sqlite3.connect(str(db)) as conn:
        return conn.execute(sql).fetchall()


def _check_once(db, tid: str, rounds: int, games_per_round: int) -> None:
    boards = _rows(db, f"SELECT round, board, game_id, result FROM tournament_boards "
                       f"WHERE tournament_id = '{tid}' ORDER BY round, board")
    assert len({(r, b) for r, b, _, _ in boards}) == len(boards)
    assert sorted({r for r, _, _, _ in boards}) == list(range(1, rounds + 1))
    gids = [g for _, _, g, _ in boards if g]
    assert len(gids) == rounds * games_per_round == len(set(gids))
    assert all(res for *_, res in boards)
    made = _rows(db, "SELECT id, status FROM games")
    assert sorted(g for g, _ in made) == sorted(gids)  # no game made twice, none left over
    assert {s for _, s in made} == {"finished"}


def test_kill9_mid_round_of_a_qwixx_table_rounds_tournament_loses_nothing(tmp_path):
    db, data = tmp_path / "games.sqlite", tmp_path / "data"
    srv = Server(db, data, *FAST, env=ENV)
    try:
        csrf = _host(srv)
        bots = [{"bot": b, "seconds": 0.05} for b in ("random", "race", "gap", "ev") * 2]
        r = srv.http.post("/api/tournaments", headers={"x-csrf-token": csrf}, json={
            "name": "Qwixx night", "game": "qwixx", "settings": {"players": 4},
            "format": "tables", "rounds": 3, "bots": bots, "starts_at": time.time()})
        assert r.status_code == 201, r.text
        tid = r.json()["id"]
        # the start time has come: the server starts it; killed while round 2 is played
        _wait(srv, tid, lambda t: t["status"] == "running" and t["round"] >= 2
              and t["round_list"][-1]["finished"] is None
              and any("game_id" in b for b in t["round_list"][-1]["boards"]))
        srv.kill9()
    finally:
        srv.stop()
    srv = Server(db, data, *FAST, env=ENV)
    try:
        t = _wait(srv, tid, lambda t: t["status"] == "finished")
    finally:
        srv.stop()
    assert len(t["round_list"]) == 3 and len(t["podium"]) >= 3
    for rnd in t["round_list"]:
        assert sorted(len(b["players"]) for b in rnd["boards"]) == [4, 4]
        assert sorted(n for b in rnd["boards"] for n in b["players"]) == sorted(
            e["name"] for e in t["entrant_list"])
    # points by place: 6 pairs of opponents at a table of four, a point each
    assert sum(r["points"] for r in t["standings"]) == 3 * 2 * 6
    _check_once(db, tid, 3, 2)


def test_two_processes_on_postgresql_run_one_tournament_once(pg, tmp_path):
    db = pg.new_database()
    a = Server(db, tmp_path / "a", "--bot-processes", "0", env=ENV)
    b = Server(db, tmp_path / "b", "--bot-processes", "0", env=ENV)
    try:
        csrf = _host(a)
        r = a.http.post("/api/tournaments", headers={"x-csrf-token": csrf}, json={
            "name": "Shared", "game": "quixo", "settings": {"size": 3}, "format": "swiss",
            "rounds": 3, "bots": [{"bot": x, "seconds": 0.05} for x in
                                  ("random", "greedy", "random", "greedy", "easy", "easy")]})
        tid = r.json()["id"]
        assert b.http.get(f"/api/tournaments/{tid}").json()["status"] == "upcoming"
        a.http.post(f"/api/tournaments/{tid}/start", headers={"x-csrf-token": csrf}, json={})
        t = _wait(b, tid, lambda t: t["status"] == "finished")
    finally:
        a.stop()
        b.stop()
    assert len(t["round_list"]) == 3
    _check_once(db, tid, 3, 3)


def test_joins_at_once_on_two_postgresql_stores_never_pass_the_entry_limit(pg):
    import asyncio

    results = asyncio.run(_joins(pg.new_database()))
    assert results.count(True) == 5


async def _joins(url: str) -> list[bool]:
    """Twelve accounts join a tournament of five entries at once, through two stores
    (processes) on one database."""
    import asyncio

    from qwixo.server.store_accounts import AccountStore
    from qwixo.server.store_pg import PgStore
    from qwixo.server.store_tournaments import TournamentStore

    a, b = PgStore(url), PgStore(url)
    await a.open()
    await b.open()
    try:
        acc = AccountStore(a)
        ids = [f"acc{i}" for i in range(12)]
        for i in ids:
            assert await acc.create_account(i, f"P{i}", f"p{i}", "x")
        now = time.time()
        await TournamentStore(a).add("T", ids[0], "Cup", "quixo", "swiss", {"max_entrants": 5},
                                     None, None, now, [])
        joins = [TournamentStore(s).join("T", (f"e{i}", acc_id, None, f"P{i}"), now, 5)
                 for i, (acc_id, s) in enumerate(zip(ids, [a, b] * 6, strict=True))]
        out = await asyncio.gather(*joins)
        assert len(await TournamentStore(b).entrants("T")) == 5
        return list(out)
    finally:
        await a.aclose()
        await b.aclose()

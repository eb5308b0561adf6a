"""A finished game's analysis is stored with the game (table ``analyses``, migration 0006), on
SQLite and on PostgreSQL: computed once, read back after a restart, replaced only by an analysis
of another version or a larger budget; two requests at once compute it once."""

from __future__ import annotations

import asyncio

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, play_to_end

from qwixo.server import botrunner
from qwixo.server.app import create_app
from qwixo.server.store import GameRow, Store
from qwixo.server.store_analysis import AnalysisStore, analysis_of
from qwixo.server.store_pg import PgStore


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path):
    """The place of a fresh database of each store: a file, or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "qwixo.sqlite")
    return request.getfixturevalue("pg").new_database()


def _app(db: str):
    return create_app(db, warm_up=False, bot_delay=0.0, http_rate=1000, http_burst=1000)


def test_the_analysis_survives_a_restart_and_is_computed_once(database, monkeypatch):
    calls = []
    real = botrunner.analyse_game

    def counted(game, seconds, progress=None):
        calls.append(seconds)
        return real(game, seconds, progress)

    monkeypatch.setattr(botrunner, "analyse_game", counted)
    with TestClient(_app(database)) as client:
        g = create(client, settings={"size": 3, "ply_limit": 40})
        play_to_end(client, g)
        first = client.get(f"/api/games/{g['id']}/analysis")
        assert first.status_code == 200, first.text
        assert len(calls) == 1
    assert first.json()["analysis"]["points"]

    def refused(game, seconds, progress=None):  # the restarted server must not compute it again
        raise AssertionError("the analysis was computed again")

    monkeypatch.setattr(botrunner, "analyse_game", refused)
    with TestClient(_app(database)) as client:
        again = client.get(f"/api/games/{g['id']}/analysis")
        assert again.status_code == 200, again.text
        assert again.json() == first.json()


async def _open(database: str):
    if database.startswith("postgresql"):
        store = PgStore(database)
        await store.open()
        return store
    return Store(database)


def test_what_is_kept_and_what_replaces_it(database):
    async def main():
        store = await _open(database)
        try:
            await store.create_game(GameRow(
                id="g1", game="quixo", settings={}, options={}, initial="{}", snapshot="{}",
                version=7, status="finished", summary={}, created=1.0, updated=1.0), [])
            db = AnalysisStore(store)
            assert await db.get("g1", 7, 10.0) is None
            await db.put("g1", 7, 10.0, {"points": [1], "budget": 10})
            assert await db.get("g1", 7, 10.0) == {"points": [1], "budget": 10}
            assert await db.get("g1", 7, 5.0) == {"points": [1], "budget": 10}
            assert await db.get("g1", 7, 20.0) is None  # made with less time than asked
            assert await db.get("g1", 8, 10.0) is None  # of another version
            await db.put("g1", 7, 5.0, {"points": [2]})  # a smaller budget: the first stays
            assert await db.get("g1", 7, 10.0) == {"points": [1], "budget": 10}
            await db.put("g1", 7, 20.0, {"points": [3]})  # a larger one replaces it
            assert await db.get("g1", 7, 20.0) == {"points": [3]}
            await db.put("g1", 8, 1.0, {"points": [4]})  # another version replaces it
            assert await db.get("g1", 8, 1.0) == {"points": [4]}
            assert await db.get("g1", 7, 1.0) is None
            return await db.sql.fetch("SELECT COUNT(*) FROM analyses")
        finally:
            await store.aclose()

    assert asyncio.run(main()) == [(1,)]


def test_two_requests_at_once_compute_once(tmp_path):
    calls = []

    async def main():
        store = Store(tmp_path / "q.sqlite")
        try:
            await store.create_game(GameRow(
                id="g2", game="quixo", settings={}, options={}, initial="{}", snapshot="{}",
                version=3, status="finished", summary={}, created=1.0, updated=1.0), [])
            gate = asyncio.Event()

            async def compute():
                calls.append(1)
                await gate.wait()
                return {"points": ["x"]}

            both = asyncio.gather(*(analysis_of(store, "g2", 3, 10.0, compute)
                                    for _ in range(2)))
            await asyncio.sleep(0.05)
            gate.set()
            results = await both
            later = await analysis_of(store, "g2", 3, 10.0, compute)
            return results, later
        finally:
            store.close()

    results, later = asyncio.run(main())
    assert results == [{"points": ["x"]}] * 2 and later == {"points": ["x"]}
    assert calls == [1]

"""The PostgreSQL store on a real PostgreSQL, and the schema migrations of both stores: two
lobbies on one database behave as two server processes (one winner per race, every change
reaches the other, leases), and a database of the first release is upgraded and played on."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from qwixo.core import IllegalMove
from qwixo.server.lobby import Lobby
from qwixo.server.protocol import CreateGame
from qwixo.server.rooms import Conn
from qwixo.server.sharing import Sharing
from qwixo.server.store import (
    MIGRATIONS,
    SCHEMA_VERSION,
    GameRow,
    Store,
    StoreConflict,
    StoreError,
    migration_files,
)
from qwixo.server.store_pg import PgStore

QUIXO = {"game": "quixo", "settings": {"size": 3},
         "seats": [{"kind": "human"}, {"kind": "human"}]}


async def _two(url: str):
    """Two lobbies ("processes") on one PostgreSQL database, each with its background work."""
    out = []
    for _ in range(2):
        store = PgStore(url)
        await store.open()
        lobby = Lobby(store)
        sharing = Sharing(lobby)
        await sharing.start()
        out.append((lobby, sharing))
    return out


async def _close(pairs) -> None:
    for lobby, sharing in pairs:
        await sharing.stop()
        await lobby.close()
        await lobby.store.aclose()


def _drain(conn: Conn) -> list[dict]:
    out = []
    while not conn.out.empty():
        m = conn.out.get_nowait()
        if m is not None:
            out.append(json.loads(m))
    return out


def test_migrations_run_once_and_record_their_version(pg):
    url = pg.new_database()

    async def main():
        for _ in range(2):  # the second start finds everything done
            s = PgStore(url)
            await s.open()
            async with s.pool.connection() as conn:
                cur = await conn.execute("SELECT version FROM schema_version ORDER BY version")
                versions = [r[0] for r in await cur.fetchall()]
            await s.aclose()
        return versions

    assert asyncio.run(main()) == [n for n, _ in migration_files("postgresql")]


def test_two_processes_one_winner_and_every_change_reaches_both(pg):
    async def main():
        (a, _), (b, _) = pairs = await _two(pg.new_database())
        try:
            room_a, _tokens = await a.create(CreateGame.model_validate(QUIXO))
            room_b = await b.get(room_a.id)
            watcher = Conn()
            watcher.seat = 1
            room_b.conns.add(watcher)
            # the same seat decides on both processes at once: exactly one decision wins
            results = await asyncio.gather(a.act(room_a, 0, "choose", "a1c1"),
                                           b.act(room_b, 0, "choose", "a1a3"),
                                           return_exceptions=True)
            for _ in range(100):  # the loser's process has taken the winner's move
                if room_a.version == room_b.version == 1:
                    break
                await asyncio.sleep(0.02)
            views = room_a.view(None), room_b.view(None)
            # a move on B reaches A's room (LISTEN/NOTIFY)
            await b.act(room_b, 1, "choose", room_b.game.options(1)[0])
            for _ in range(100):
                if room_a.version == 2:
                    break
                await asyncio.sleep(0.02)
            return results, views, room_a.version, _drain(watcher)
        finally:
            await _close(pairs)

    results, (va, vb), version_a, sent = asyncio.run(main())
    wins = [r for r in results if isinstance(r, dict)]
    losses = [r for r in results if isinstance(r, Exception)]
    assert len(wins) == 1 and len(losses) == 1
    assert isinstance(losses[0], IllegalMove) and losses[0].key == "not_your_turn"
    assert va["quixo"]["position"] == vb["quixo"]["position"] and va["version"] == 1
    assert version_a == 2
    assert [m["view"]["version"] for m in sent if m["type"] == "state"][-1] == 2


def test_a_stale_version_is_refused_by_both_stores(pg, tmp_path):
    async def main(store):
        await store.open()
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateGame.model_validate(QUIXO))
        await lobby.act(room, 0, "choose", "a1c1")
        ev = {"n": 1, "kind": "choose", "seat": 0, "time": 0.0, "decision": "a1a3"}
        with pytest.raises(StoreConflict):
            await store.add_event(room.id, ev, room.snapshot, "running", {})
        row = await store.load_game(room.id)
        await lobby.close()
        await store.aclose()
        return row

    for store in (Store(tmp_path / "v.sqlite"), PgStore(pg.new_database())):
        row = asyncio.run(main(store))
        assert row["version"] == 1 and [e["decision"] for e in row["events"]] == ["a1c1"]


def test_leases_expire_and_orphans_are_found(pg):
    async def main():
        s = PgStore(pg.new_database())
        await s.open()
        gid = "g1"
        await s.create_game(GameRow(gid, "quixo", {}, {}, "", "", 0, "running", {}, 0.0, 0.0,
                                    due=True), [])
        out = [await s.take_lease(gid, "A", 0.3), await s.take_lease(gid, "B", 0.3),
               await s.take_lease(gid, "A", 0.3), await s.orphans("B")]
        await asyncio.sleep(0.5)
        out += [await s.orphans("B"), await s.take_lease(gid, "B", 5),
                await s.renew_leases("B", 5), await s.renew_leases("A", 5)]
        await s.aclose()
        return gid, out

    gid, out = asyncio.run(main())
    assert out == [True, False, True, [], [gid], True, {gid}, set()]


def test_sqlite_is_one_process_per_file(tmp_path):
    path = tmp_path / "one.sqlite"
    first = Store(path, single_process=True)
    try:
        with pytest.raises(StoreError, match="another qwixo server"):
            Store(path, single_process=True)
    finally:
        first.close()
    Store(path, single_process=True).close()  # free again once the first has closed


def _first_release_database(path, rows_from) -> None:
    """An SQLite database exactly as the first release made it: its schema (migration 1),
    ``PRAGMA user_version = 1``, no version table, holding the games of ``rows_from``."""
    db = sqlite3.connect(path)
    db.executescript((MIGRATIONS / "sqlite" / "0001_initial.sql").read_text())
    db.execute("PRAGMA user_version=1")
    src = sqlite3.connect(rows_from)
    cols = ("id, game, settings, options, initial, snapshot, version, status, summary, "
            "created, updated")
    for table, select in (("games", cols), ("seats", "*"), ("events", "*")):
        for row in src.execute(f"SELECT {select} FROM {table}"):
            marks = ",".join("?" * len(row))
            names = f"({cols})" if table == "games" else ""
            db.execute(f"INSERT INTO {table} {names} VALUES ({marks})", row)
    db.commit()
    db.close()
    src.close()


def test_a_first_release_sqlite_database_is_upgraded_and_played_on(tmp_path):
    made = tmp_path / "made.sqlite"

    async def make():
        store = Store(made)
        lobby = Lobby(store)
        q, _ = await lobby.create(CreateGame.model_validate(
            dict(QUIXO, settings={"size": 3, "ply_limit": 30})))
        await lobby.act(q, 0, "choose", "a1c1")
        x, _ = await lobby.create(CreateGame.model_validate(
            {"game": "qwixx", "settings": {"seed": 5},
             "seats": [{"kind": "human"}, {"kind": "human"}]}))
        await lobby.act(x, 0, "roll")
        await lobby.act(x, 1, "choose", "pass")  # a hidden action-1 choice in progress
        await lobby.close()
        store.close()
        return q.id, x.id

    qid, xid = asyncio.run(make())
    old = tmp_path / "old.sqlite"
    _first_release_database(old, made)

    async def play_on():
        store = Store(old)
        lobby = Lobby(store)
        q, x = await lobby.get(qid), await lobby.get(xid)
        assert q.version == 1 and x.version == 2 and x.public["decided"] == [1]
        while not q.public["is_over"]:
            p = q.public["to_act"][0]
            await lobby.act(q, p, "choose", q.game.options(p)[0])
        await lobby.act(x, 0, "choose", "pass")
        versions = store.call(lambda db: [r[0] for r in db.execute(
            "SELECT version FROM schema_version ORDER BY version")])
        # 0004: the games have a deadline column (none runs without a clock), and a chat table
        kept = store.call(lambda db: (db.execute("SELECT deadline FROM games").fetchall(),
                                      db.execute("SELECT COUNT(*) FROM chat").fetchone()))
        await lobby.close()
        store.close()
        return q.public, x.public, versions, kept

    qv, xv, versions, kept = asyncio.run(play_on())
    assert qv["is_over"] and xv["phase"] == "action2"
    assert kept == ([(None,), (None,)], (0,))
    # the first release counts as version 1: every later migration ran once
    assert versions == list(range(2, SCHEMA_VERSION + 1)) and SCHEMA_VERSION >= 2

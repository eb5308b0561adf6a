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



def test_times_keep_their_fractions_and_a_seek_asked_now_waits(pg):
    """No column of the schema is PostgreSQL's REAL (a 4-byte float: an epoch time in
    128-second steps): a seek added now is waiting for a pairing at once and keeps its time
    to the millisecond (with REAL its ``seen`` could be rounded down past ``STALE``: hidden
    from every pairing for up to half a minute)."""
    import time

    from qwixo.server.pairing import STALE
    from qwixo.server.store_pairing import PairingStore

    async def main():
        store = PgStore(pg.new_database())
        await store.open()
        try:
            async with store.pool.connection() as conn:
                cur = await conn.execute(
                    "SELECT table_name, column_name FROM information_schema.columns "
                    "WHERE table_schema = current_schema() AND data_type = 'real'")
                real = await cur.fetchall()
            seeks = PairingStore(store)
            # the worst moment for REAL: 63 seconds past one of its steps (rounded down 63 s)
            now = (time.time() // 128) * 128 + 63.25
            await seeks.add(("s1", "pool", "{}", 2, "Ada", None, 1500.5, None, None, None, now))
            return real, await seeks.waiting("pool", now - STALE), await seeks.get("s1")
        finally:
            await store.aclose()

    real, waiting, row = asyncio.run(main())
    assert real == []
    assert [w[0] for w in waiting] == ["s1"]
    assert abs(row[10] - row[11]) < 1e-9 and abs(row[10] % 128 - 63.25) < 1e-3
    assert row[6] == 1500.5

def test_two_processes_one_winner_and_every_change_reaches_both(pg):
    async def main():
        (a, _), (b, _) = pairs = await _two(pg.new_database())
        try:
            room_a, _tokens = await a.create(CreateGame.model_validate(QUIXO))
            room_b = await b.get(room_a.id)
            watcher = Conn()
            watcher.seat = 1
            room_b.conns.add(watcher)
            room_a.conns.add(Conn())  # watched on A too (else A would drop the game)
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
    # (the numbers are shared by both stores: SQLite has none for what only PostgreSQL keeps)
    assert versions == [n for n, _ in migration_files("sqlite")][1:] and SCHEMA_VERSION >= 2
    assert versions[-1] == SCHEMA_VERSION


def test_a_notified_move_is_taken_without_reading_the_database(pg):
    """A move's notification carries its event: the other process applies it to its own copy
    (a roll made again with the game's generator gives the same dice, so its copy equals the
    stored snapshot) and reads nothing; a seat change still makes it read the game."""
    qwixx = {"game": "qwixx", "settings": {"players": 2},
             "seats": [{"kind": "human"}, {"kind": "human"}]}

    async def main():
        (a, _), (b, _) = pairs = await _two(pg.new_database())
        try:
            room_a, tokens = await a.create(CreateGame.model_validate(qwixx))
            room_b = await b.get(room_a.id)
            watcher = Conn()  # someone watches the game on B (else B would drop it)
            room_b.conns.add(watcher)
            reads = []
            real_load = b.store.load_game

            async def counting_load(game_id, since=0):
                reads.append((game_id, since))
                return await real_load(game_id, since)

            b.store.load_game = counting_load
            await a.act(room_a, room_a.public["roller"], "roll")
            for p in list(room_a.public["to_act"]):
                await a.act(room_a, p, "choose", "pass")
            for _ in range(200):
                if room_b.version == room_a.version:
                    break
                await asyncio.sleep(0.02)
            moves_read = list(reads)
            stored = await real_load(room_a.id)
            await a.claim(room_a, 1, "Bea")  # a seat: version 0, no event
            for _ in range(200):
                if room_b.seats[1].name == "Bea":
                    break
                await asyncio.sleep(0.02)
            return room_a, room_b, stored, moves_read, reads
        finally:
            await _close(pairs)

    room_a, room_b, stored, moves_read, reads = asyncio.run(main())
    assert room_a.version >= 3 and room_b.version == room_a.version
    assert moves_read == []
    assert room_b.snapshot == stored["snapshot"] == room_a.snapshot
    assert room_b.events == room_a.events
    assert room_b.seats[1].name == "Bea" and len(reads) == 1


def test_a_write_whose_version_check_fails_commits_none_of_its_statements(pg):
    async def main():
        store = PgStore(pg.new_database())
        await store.open()
        lobby = Lobby(store)
        room, _ = await lobby.create(CreateGame.model_validate(QUIXO))
        await lobby.act(room, 0, "choose", "a1c1")
        ev = {"n": 1, "kind": "choose", "seat": 0, "time": 0.0, "decision": "a1a3"}
        extra = [("UPDATE games SET summary = %s WHERE id = %s", ('{"x": 1}', room.id), None)]
        with pytest.raises(StoreConflict):
            await store.add_event(room.id, ev, room.snapshot, "running", {}, extra=extra)
        async with store.pool.connection() as conn:
            cur = await conn.execute("SELECT summary FROM games WHERE id = %s", (room.id,))
            summary = json.loads((await cur.fetchone())[0])
        await lobby.close()
        await store.aclose()
        return summary

    assert asyncio.run(main()) != {"x": 1}


def test_the_work_follows_the_people_and_an_unwatched_game_is_dropped(pg):
    """A person connecting on B takes the game's server work from A (the bot then moves on B;
    A gives it up at its next renewal); A, which nobody watches, drops the game at the next
    notification and reads it again when it is asked for it."""
    spec = {"game": "quixo", "settings": {"size": 3},
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}]}

    async def main():
        (a, _), (b, _) = pairs = await _two(pg.new_database())
        try:
            room_a, _tokens = await a.create(CreateGame.model_validate(spec))
            for _ in range(200):  # A runs the bot's first move
                if room_a.id in a.scheduler.held and room_a.version == 1:
                    break
                await asyncio.sleep(0.02)
            held_by_a = room_a.id in a.scheduler.held
            room_b = await b.get(room_a.id)
            person = Conn()
            person.seat = 1
            room_b.conns.add(person)
            await b.take_work(room_b)
            for _ in range(150):  # A's renewal (every second) tells it the lease is gone
                if room_a.id not in a.scheduler.held:
                    break
                await asyncio.sleep(0.02)
            await b.act(room_b, 1, "choose", room_b.game.options(1)[0])
            for _ in range(200):  # the bot answers, on B
                if room_b.version >= 3:
                    break
                await asyncio.sleep(0.02)
            for _ in range(100):  # A heard of it and dropped the game nobody watches there
                if room_a.id not in a.rooms:
                    break
                await asyncio.sleep(0.02)
            dropped = room_a.id not in a.rooms
            again = await a.get(room_a.id)
            return (held_by_a, room_b.id in b.scheduler.held, room_a.id in a.scheduler.held,
                    room_b.events, dropped, again.events, again is room_a)
        finally:
            await _close(pairs)

    held_by_a, held_by_b, still_a, events_b, dropped, events_again, same = asyncio.run(main())
    assert held_by_a and held_by_b and not still_a
    assert [e["seat"] for e in events_b[:3]] == [0, 1, 0]
    assert dropped and not same and events_again == events_b


def test_the_work_moves_with_the_turn_clocks_stored_deadline(pg):
    """A process that reads a game takes its running deadline from the database (stored with
    the decision that started it), so a person's connection may bring the work there without
    restarting the clock; a game whose deadline it does not know (stored before deadlines
    were kept) leaves its clock with the process that runs it."""
    spec = {"game": "quixo", "settings": {"size": 3}, "clock": 60,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}

    async def main():
        (a, _), (b, _) = pairs = await _two(pg.new_database())
        try:
            room_a, _tokens = await a.create(CreateGame.model_validate(spec))
            deadline = room_a.deadline
            room_b = await b.get(room_a.id)
            await b.take_work(room_b)
            known = (room_b.deadline, room_a.id in b.scheduler.held)
            room_c, _tokens = await a.create(CreateGame.model_validate(spec))
            room_d = await b.get(room_c.id)
            room_d.deadline = None  # as a game stored before deadlines were kept
            await b.take_work(room_d)
            return deadline, known, room_c.id in b.scheduler.held
        finally:
            await _close(pairs)

    deadline, (deadline_b, taken), unknown_taken = asyncio.run(main())
    assert deadline is not None and deadline_b == pytest.approx(deadline, abs=1e-3) and taken
    assert not unknown_taken


def test_moves_of_many_games_commit_together_and_a_stale_one_alone_is_refused(pg):
    """Group commit: with one transaction at a time, the moves waiting meanwhile go in one
    transaction; a stale version among them is refused alone, the others are committed and
    notified."""
    async def main():
        store = PgStore(pg.new_database())
        await store.open()
        store.writers = 1
        lobby = Lobby(store)
        rooms = [(await lobby.create(CreateGame.model_validate(QUIXO)))[0] for _ in range(8)]
        heard = []
        await store.listen(lambda gid, version, owner, event: heard.append((gid, version)))
        commits = store.commits
        stale = {"n": 1, "kind": "choose", "seat": 0, "time": 0.0, "decision": "a1a3"}
        await lobby.act(rooms[0], 0, "choose", "a1c1")
        results = await asyncio.gather(
            *(lobby.act(r, 0, "choose", "a1c1") for r in rooms[1:]),
            store.add_event(rooms[0].id, stale, rooms[0].snapshot, "running", {}),
            return_exceptions=True)
        for _ in range(100):
            if len(heard) >= 8:
                break
            await asyncio.sleep(0.02)
        rows = [await store.load_game(r.id) for r in rooms]
        used = store.commits - commits
        await lobby.close()
        await store.aclose()
        return results, rows, used, heard

    results, rows, used, heard = asyncio.run(main())
    assert all(isinstance(r, dict) for r in results[:-1])
    assert isinstance(results[-1], StoreConflict)
    assert [r["version"] for r in rows] == [1] * 8
    assert [e["decision"] for e in rows[0]["events"]] == ["a1c1"]
    assert used <= 3  # the first move alone, then the seven waiting in one or two
    assert sorted(v for _, v in heard) == [1] * 8


def test_two_processes_groups_on_the_same_games_have_one_winner_each_and_no_deadlock(pg):
    """Two stores ("processes") commit, at the same time and each as one group, a move of the
    same games in opposite orders: the rows are locked in one order, so no deadlock makes a
    group fail; every game takes exactly one of the two moves, the loser is refused with
    :class:`StoreConflict`, and each stored move is the winner's."""
    async def main():
        url = pg.new_database()
        stores = [PgStore(url), PgStore(url)]
        for s in stores:
            await s.open()
            s.writers = 1
        lobby = Lobby(stores[0])
        rooms = [(await lobby.create(CreateGame.model_validate(QUIXO)))[0] for _ in range(12)]
        ids = [r.id for r in rooms]
        snap = rooms[0].snapshot
        rounds = []
        for k in range(3):  # version k + 1 of every game, raced by both stores
            def move(i, who, k=k):
                ev = {"n": k + 1, "kind": "choose", "seat": 0, "time": float(k),
                      "decision": f"p{who}"}
                return stores[who].add_event(ids[i], ev, snap, "running", {})
            # store 0 takes the games in one order, store 1 in the other
            order = [(i, 0) for i in range(len(ids))] + [(i, 1) for i in reversed(range(len(ids)))]
            results = await asyncio.gather(*(move(i, who) for i, who in order),
                                           return_exceptions=True)
            rounds.append(dict(zip(order, results, strict=True)))
        rows = [await stores[0].load_game(i) for i in ids]
        grouped = all(s.commits < s.writes for s in stores)
        await lobby.close()
        for s in stores:
            await s.aclose()
        return rounds, rows, grouped

    rounds, rows, grouped = asyncio.run(main())
    for k, results in enumerate(rounds):
        for i, row in enumerate(rows):
            outcome = [results[(i, who)] for who in (0, 1)]
            won = [who for who, r in enumerate(outcome) if r is None]
            assert len(won) == 1, (k, i, outcome)
            assert isinstance(outcome[1 - won[0]], StoreConflict)
            assert row["events"][k]["decision"] == f"p{won[0]}"
    assert all(r["version"] == 3 for r in rows)
    assert grouped  # the moves did go in groups (fewer transactions than moves)

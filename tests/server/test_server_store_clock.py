"""The SQLite store (group commit, failure isolation, reopening), the rate-limit buckets and the
turn clock."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from qwixo.server.lobby import Lobby
from qwixo.server.protocol import CreateGame
from qwixo.server.ratelimit import KeyedLimiter, TokenBucket
from qwixo.server.rooms import Conn
from qwixo.server.store import Store, StoreError, token_hash

INSERT = ("INSERT INTO games (id, game, settings, options, initial, snapshot, version, status, "
          "summary, created, updated) VALUES (?, 'quixo', '{}', '{}', '', '', 0, 'open', '{}', 0, 0)")


@pytest.mark.parametrize("sync,level", [("normal", 1), ("full", 2)])
def test_store_commits_and_survives_reopening(tmp_path, sync, level):
    path = tmp_path / "s.sqlite"
    s = Store(path, sync=sync)
    s.write_sync([(INSERT, ("g1",))])
    s.close()
    s = Store(path, sync=sync)
    try:
        assert s.call(lambda db: db.execute("SELECT id FROM games").fetchall()) == [("g1",)]
        assert s.call(lambda db: db.execute("PRAGMA synchronous").fetchone()[0]) == level
        assert s.call(lambda db: db.execute("PRAGMA journal_mode").fetchone()[0]) == "wal"
    finally:
        s.close()
    with pytest.raises(ValueError):
        Store(path, sync="off")


def test_committed_writes_are_visible_to_another_process_at_once(tmp_path):
    """What kill -9 relies on: a write is in the database file set (WAL) when write returns,
    readable by a separate connection without any close/checkpoint."""
    import sqlite3

    path = tmp_path / "v.sqlite"
    s = Store(path)
    try:
        s.write_sync([(INSERT, ("seen",))])
        other = sqlite3.connect(path)
        assert other.execute("SELECT id FROM games").fetchall() == [("seen",)]
        other.close()
    finally:
        s.close()


@pytest.mark.parametrize("sync", ["normal", "full"])
def test_a_failing_write_is_isolated_in_its_batch(tmp_path, sync):
    s = Store(tmp_path / "s.sqlite", sync=sync)
    assert s.inline == (sync == "normal")
    try:
        s.write_sync([(INSERT, ("dup",))])

        async def many():
            ok = [s.write([(INSERT, (f"g{i}",))]) for i in range(50)]
            bad = s.write([(INSERT, ("new",)), (INSERT, ("dup",))])  # second op fails
            results = await asyncio.gather(*ok, bad, return_exceptions=True)
            return results

        results = asyncio.run(many())
        assert all(r is None for r in results[:50])
        assert isinstance(results[50], StoreError)
        ids = {r[0] for r in s.call(lambda db: db.execute("SELECT id FROM games").fetchall())}
        assert ids == {"dup"} | {f"g{i}" for i in range(50)}  # "new" was rolled back
        assert s.writes == 52 and s.commits <= 52
    finally:
        s.close()


def test_store_refuses_after_close(tmp_path):
    s = Store(tmp_path / "s.sqlite")
    s.close()
    with pytest.raises(StoreError):
        s.write_sync([(INSERT, ("x",))])


def test_tokens_are_stored_hashed(tmp_path):
    async def main():
        store = Store(tmp_path / "t.sqlite")
        lobby = Lobby(store)
        spec = CreateGame.model_validate({"game": "quixo", "settings": {"size": 3},
                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
        room, tokens = await lobby.create(spec)
        rows = store.call(lambda db: db.execute("SELECT token_hash FROM seats").fetchall())
        dump = store.call(lambda db: "\n".join(db.iterdump()))
        await lobby.close()
        store.close()
        return tokens, rows, dump

    tokens, rows, dump = asyncio.run(main())
    assert sorted(r[0] for r in rows) == sorted(token_hash(t) for t in tokens)
    assert not any(t in dump for t in tokens)


def test_token_bucket_refills():
    now = [0.0]
    b = TokenBucket(rate=10, burst=5, clock=lambda: now[0])
    assert sum(b.take() for _ in range(10)) == 5
    now[0] = 0.3
    assert sum(b.take() for _ in range(10)) == 3
    assert b.refused == 12
    with pytest.raises(ValueError):
        TokenBucket(rate=0, burst=1)
    lim = KeyedLimiter(rate=1, burst=1, max_keys=2, clock=lambda: 0.0)
    assert lim.take("a") and lim.take("b") and lim.take("c") and len(lim.buckets) == 2


def _drain(conn: Conn) -> list[dict]:
    out = []
    while not conn.out.empty():
        m = conn.out.get_nowait()
        if m is not None:
            out.append(json.loads(m))
    return out


def test_turn_clock_plays_for_late_players(tmp_path):
    async def main():
        store = Store(tmp_path / "c.sqlite")
        lobby = Lobby(store)
        spec = CreateGame.model_validate({"game": "qwixx", "settings": {"seed": 1},
                                          "seats": [{"kind": "human"}, {"kind": "human"}],
                                          "clock": 30})
        room, _ = await lobby.create(spec)
        # the roll is due for seat 0: its 30 s started
        assert room.deadline is not None and 29 < room.deadline - time.time() <= 30
        view = room.view(0)
        assert view["clock"]["limit"] == 30 and view["clock"]["deadline"] == room.deadline
        conn = Conn()
        conn.seat = 1
        room.conns.add(conn)
        room.options["clock"] = 0.2  # (the API allows 5 s at least; shortened for the test)
        room.deadline = None
        lobby.kick(room)
        for _ in range(100):
            await asyncio.sleep(0.05)
            if room.version >= 4:
                break
        events = list(room.events)
        msgs = _drain(conn)
        await lobby.close()
        store.close()
        return events, msgs

    events, msgs = asyncio.run(main())
    assert events[0]["kind"] == "roll" and events[0]["auto"] is True
    a1 = [e for e in events[1:3]]
    assert {e["seat"] for e in a1} == {0, 1}
    assert all(e["decision"] == "pass" and e["auto"] for e in a1)
    assert events[3]["seat"] == 0 and events[3]["decision"] == "pass"  # action 2: a penalty
    keys = [m["key"] for m in msgs if m["type"] == "announce"]
    assert "announce_timeout" in keys and "announce_penalty" in keys


def test_clock_keeps_running_within_one_action(tmp_path):
    """In Qwixx action 1 a decision by one player does not give the others new time."""
    async def main():
        store = Store(tmp_path / "k.sqlite")
        lobby = Lobby(store)
        spec = CreateGame.model_validate({"game": "qwixx", "settings": {"seed": 1, "players": 3},
                                          "seats": [{"kind": "human"}] * 3, "clock": 60})
        room, _ = await lobby.create(spec)
        await lobby.act(room, 0, "roll")
        d1 = room.deadline
        await asyncio.sleep(0.05)
        await lobby.act(room, 1, "choose", "pass")
        d2 = room.deadline
        await lobby.act(room, 2, "choose", "pass")
        await asyncio.sleep(0.01)
        await lobby.act(room, 0, "choose", "pass")  # the last one: action 2 for seat 0
        d3 = room.deadline
        await lobby.close()
        store.close()
        return d1, d2, d3

    d1, d2, d3 = asyncio.run(main())
    assert d1 == d2 and d3 > d2  # the active player who decided last gets new time


@pytest.mark.parametrize("sync", ["normal", "full"])
def test_a_failed_commit_changes_nothing(tmp_path, sync):
    """When the database cannot take a move, the player gets ``server_error`` and the game, its
    log and what clients were sent stay exactly as they were."""
    from qwixo.core import IllegalMove

    async def main():
        store = Store(tmp_path / "f.sqlite", sync=sync)
        lobby = Lobby(store)
        spec = CreateGame.model_validate({"game": "quixo", "settings": {"size": 3},
                                          "seats": [{"kind": "human"}, {"kind": "human"}]})
        room, _ = await lobby.create(spec)
        await lobby.act(room, 0, "choose", "a1c1")
        conn = Conn()
        conn.seat = 1
        room.conns.add(conn)
        before = (room.version, room.game.position, room.snapshot, list(room.events))
        store.close()  # the disk is gone
        with pytest.raises(IllegalMove) as err:
            await lobby.act(room, 1, "choose", "c3a3")
        after = (room.version, room.game.position, room.snapshot, list(room.events))
        sent = _drain(conn)
        await lobby.close()
        return err.value, before, after, sent

    err, before, after, sent = asyncio.run(main())
    assert err.key == "server_error" and err.status == 500
    assert after == before and before[0] == 1
    assert sent == []  # nothing was broadcast


def test_qwixx_row_lock_is_announced(tmp_path):
    """Score pad, one player: red 2..6 then red 12 locks the red row (announced, die removed)."""
    async def main():
        store = Store(tmp_path / "a.sqlite")
        lobby = Lobby(store)
        spec = CreateGame.model_validate({"game": "qwixx",
                                          "settings": {"players": 1, "scorepad": True},
                                          "seats": [{"kind": "human", "name": "Ada"}]})
        room, _ = await lobby.create(spec)
        conn = Conn(lang="en")
        conn.seat = 0
        room.conns.add(conn)
        for total in (2, 3, 4, 5, 6, 12):
            w1 = min(6, total - 1)
            await lobby.act(room, 0, "roll", [w1, total - w1, 1, 1, 1, 1])
            await lobby.act(room, 0, "choose", f"r{total}")
            if not room.game.is_over:
                await lobby.act(room, 0, "choose", "pass")
        view = room.view(0)
        msgs = _drain(conn)
        await lobby.close()
        store.close()
        return view, msgs

    view, msgs = asyncio.run(main())
    announce = [m for m in msgs if m["type"] == "announce"]
    locks = [m for m in announce if m["key"] == "announce_row_locked"]
    assert len(locks) == 1 and locks[0]["params"] == {"row": "R", "name": "Ada"}
    assert locks[0]["text"] == "Ada locked the red row."
    assert view["qwixx"]["removed"] == ["r"] and view["qwixx"]["dice"]["r"] is None
    red = view["qwixx"]["sheets"][0]["rows"][0]
    assert red["lock"]["crossed"] and red["closed"] and red["crosses"] == 7
    assert not any(m["key"] == "announce_penalty" for m in announce)

"""PostgreSQL persistence of the web app, for several server processes sharing every game.

The same typed methods as :class:`qwixo.server.store.Store` (SQLite), on psycopg 3 with an
async connection pool. What several processes need on top of a one-process store:

- **Decisions are serialised by the database**: :meth:`PgStore.add_event` updates the game only
  if it is still at the version the process saw (``UPDATE ... WHERE version = n - 1``) and
  inserts event ``n`` (primary key ``(game_id, n)``) in the same transaction; a process that
  lost the race gets :class:`~qwixo.server.store.StoreConflict`, reloads and tries again (so
  exactly one of two racing decisions wins, as within one process).
- **Every process hears every change** through PostgreSQL's ``LISTEN``/``NOTIFY``: the
  transaction that commits a change also runs ``pg_notify('qwixo', 'GAME VERSION OWNER')``
  (delivered at commit, never for a rolled-back change), and :meth:`PgStore.listen` calls back
  with each notification. PostgreSQL already holds the state, so no other server (such as
  Redis) has to be run, secured and kept consistent with it.
- **Server work runs once**: a process runs a game's bots, rolls and clock only while it holds
  that game's row in ``leases`` (:meth:`take_lease`), renewed every second; when a process dies
  its leases expire and another process takes the games over (:meth:`orphans`). Times are the
  database's clock, so the processes' own clocks need not agree.

The schema is migrated at start (``migrations/postgresql/NNNN_*.sql``, recorded in
``schema_version``), under an advisory lock so that processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

from qwixo.server.store import (
    GameRow,
    SeatRow,
    StoreConflict,
    StoreError,
    _statements,
    migration_files,
)

log = logging.getLogger("qwixo.server")

CHANNEL = "qwixo"
_NOW = "extract(epoch from clock_timestamp())"
_MIGRATION_LOCK = 0x71776978  # pg_advisory_xact_lock key of the migrations


def is_postgres_url(db: str) -> bool:
    return str(db).startswith(("postgresql://", "postgres://"))


class PgStore:
    """The database of several server processes (``qwixo serve --db postgresql://...``)."""

    shared = True

    def __init__(self, url: str, *, min_size: int = 2, max_size: int = 20) -> None:
        from psycopg_pool import AsyncConnectionPool

        self.url = url
        self.pool = AsyncConnectionPool(url, min_size=min_size, max_size=max_size, open=False,
                                        kwargs={"autocommit": True})
        self.writes = 0
        self.commits = 0
        self.write_times: deque[tuple[float, float]] = deque(maxlen=10_000)
        self._listener: asyncio.Task | None = None

    async def open(self) -> None:
        await self.pool.open(wait=True, timeout=30)
        await self._migrate()

    async def _migrate(self) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER "
                               "NOT NULL, applied DOUBLE PRECISION NOT NULL)")
            cur = await conn.execute("SELECT MAX(version) FROM schema_version")
            current = (await cur.fetchone())[0] or 0
            files = migration_files("postgresql")
            if current > files[-1][0]:
                raise StoreError(f"database schema {current} is newer than this qwixo")
            for number, sql in files:
                if number > current:
                    for statement in _statements(sql):
                        await conn.execute(statement)
                    await conn.execute("INSERT INTO schema_version VALUES (%s, %s)",
                                       (number, time.time()))

    async def aclose(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        await self.pool.close()

    def close(self) -> None:
        """(Closing is asynchronous: :meth:`aclose`.)"""

    # -- writes -----------------------------------------------------------------------
    async def _write(self, statements: Sequence[tuple[str, Sequence[Any], int | None]]) -> None:
        """Run the statements in one transaction (a count: the rows they must change)."""
        import psycopg

        t0 = time.perf_counter()
        try:
            async with self.pool.connection() as conn, conn.transaction():
                for sql, params, rows in statements:
                    cur = await conn.execute(sql, params)
                    if rows is not None and cur.rowcount != rows:
                        raise StoreConflict("the game moved on")
        except StoreError:
            raise
        except (psycopg.Error, OSError) as e:
            raise StoreError(f"{type(e).__name__}: {e}") from None
        self.writes += 1
        self.commits += 1
        self.write_times.append((time.time(), time.perf_counter() - t0))

    @staticmethod
    def _notify(game_id: str, version: int, owner: str = "") -> tuple[str, Sequence[Any], None]:
        return ("SELECT pg_notify(%s, %s)", (CHANNEL, f"{game_id} {version} {owner}"), None)

    async def create_game(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        ops: list[tuple[str, Sequence[Any], int | None]] = [(
            "INSERT INTO games (id, game, settings, options, initial, snapshot, version, "
            "status, summary, created, updated, due, deadline) "
            "VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)",
            (game.id, game.game, json.dumps(game.settings), json.dumps(game.options),
             game.initial, game.snapshot, game.version, game.status, json.dumps(game.summary),
             game.created, game.updated, int(game.due), game.deadline), None)]
        for s in seats:
            ops.append(("INSERT INTO seats (game_id, seat, kind, bot, seconds, name, "
                        "token_hash, claimed) VALUES (%s,%s,%s,%s,%s,%s,%s,%s)",
                        (game.id, s.seat, s.kind, s.bot, s.seconds, s.name, s.token_hash,
                         int(s.claimed)), None))
        await self._write(ops)

    async def add_event(self, game_id: str, event: dict[str, Any], snapshot: str, status: str,
                        summary: dict[str, Any], due: bool = True, owner: str = "",
                        extra: Sequence[tuple[str, Sequence[Any], int | None]] = (),
                        deadline: float | None = None) -> None:
        blob = {k: v for k, v in event.items() if k not in ("n", "kind", "seat", "time")}
        n = event["n"]
        # one statement (its own transaction: one round trip): the version check, the event
        # and the notification, which PostgreSQL delivers only once this has committed
        await self._write([(
            "WITH u AS (UPDATE games SET snapshot = %s, version = %s, status = %s, "
            "summary = %s, updated = %s, due = %s, deadline = %s WHERE id = %s AND version = %s "
            "RETURNING id), "
            "e AS (INSERT INTO events (game_id, n, kind, seat, data, time) "
            "SELECT id, %s, %s, %s, %s, %s FROM u RETURNING game_id) "
            "SELECT pg_notify(%s, %s) FROM e",
            (snapshot, n, status, json.dumps(summary), event["time"], int(due), deadline,
             game_id, n - 1, n, event["kind"], event["seat"], json.dumps(blob), event["time"],
             CHANNEL, f"{game_id} {n} {owner}"), 1), *extra])

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str | None,
                         status: str, summary: dict[str, Any], owner: str = "") -> None:
        if token_hash is None:
            op = ("UPDATE seats SET claimed = 1, name = %s WHERE game_id = %s AND seat = %s",
                  (name, game_id, seat), None)
        else:
            op = ("UPDATE seats SET claimed = 1, name = %s, token_hash = %s WHERE game_id = %s "
                  "AND seat = %s", (name, token_hash, game_id, seat), None)
        await self._write([op, ("UPDATE games SET summary = %s, status = %s WHERE id = %s",
                                (json.dumps(summary), status, game_id), None),
                           self._notify(game_id, 0, owner)])

    # -- reads ------------------------------------------------------------------------
    async def _read(self, fn: Callable) -> Any:
        """Run ``fn(connection)``: reads of one statement each (autocommit: a statement sees
        one snapshot of the database, and costs one round trip)."""
        import psycopg

        try:
            async with self.pool.connection() as conn:
                return await fn(conn)
        except (psycopg.Error, OSError) as e:
            raise StoreError(f"{type(e).__name__}: {e}") from None

    async def load_game(self, game_id: str, since: int = 0) -> dict[str, Any] | None:
        async def run(conn) -> dict[str, Any] | None:
            cur = await conn.execute(
                "SELECT id, game, settings, options, initial, snapshot, version, status, "
                "created, updated, deadline, "
                "(SELECT json_agg(json_build_array(seat, kind, bot, seconds, name, token_hash, "
                " claimed) ORDER BY seat) FROM seats WHERE game_id = g.id), "
                "(SELECT json_agg(json_build_array(n, kind, seat, data, time) ORDER BY n) "
                " FROM events WHERE game_id = g.id AND n > %s) "
                "FROM games g WHERE id = %s", (since, game_id))
            row = await cur.fetchone()
            if row is None:
                return None
            keys = ("id", "game", "settings", "options", "initial", "snapshot", "version",
                    "status", "created", "updated", "deadline")
            data = dict(zip(keys, row[:11], strict=True))
            data["settings"] = json.loads(data["settings"])
            data["options"] = json.loads(data["options"])
            data["seats"] = [
                {"seat": st, "kind": k, "bot": b, "seconds": sec, "name": nm, "token_hash": th,
                 "claimed": bool(c)} for st, k, b, sec, nm, th, c in row[11] or []]
            events = []
            for n, kind, seat, blob, when in row[12] or []:
                ev = {"n": n, "kind": kind, "seat": seat, "time": when}
                ev.update(json.loads(blob))
                events.append(ev)
            data["events"] = events
            return data
        return await self._read(run)

    async def unfinished_ids(self) -> list[str]:
        async def run(conn) -> list[str]:
            cur = await conn.execute(
                "SELECT id FROM games WHERE status <> 'finished' ORDER BY created")
            return [r[0] for r in await cur.fetchall()]
        return await self._read(run)

    async def summaries(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        async def run(conn) -> list[dict[str, Any]]:
            if status:
                cur = await conn.execute("SELECT summary FROM games WHERE status = %s "
                                         "ORDER BY updated DESC LIMIT %s", (status, limit))
            else:
                cur = await conn.execute("SELECT summary FROM games ORDER BY updated DESC "
                                         "LIMIT %s", (limit,))
            return [json.loads(r[0]) for r in await cur.fetchall()]
        return await self._read(run)

    # -- leases: which process does a game's server work ----------------------------------
    async def take_lease(self, game_id: str, owner: str, seconds: float) -> bool:
        """Take (or keep) the lease of ``game_id`` for ``seconds``: True when ``owner`` has
        it now (it was free, expired, or already its own)."""
        import psycopg

        try:
            async with self.pool.connection() as conn:
                cur = await conn.execute(
                    f"INSERT INTO leases (game_id, owner, until) VALUES (%s, %s, {_NOW} + %s) "
                    "ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, "
                    f"until = EXCLUDED.until WHERE leases.owner = EXCLUDED.owner "
                    f"OR leases.until < {_NOW} RETURNING owner", (game_id, owner, seconds))
                return await cur.fetchone() is not None
        except (psycopg.Error, OSError):
            log.warning("could not take the lease of game %s", game_id, exc_info=True)
            return False

    async def renew_leases(self, owner: str, seconds: float) -> set[str]:
        """Extend every live lease of ``owner``; returns the games it still holds."""
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                f"UPDATE leases SET until = {_NOW} + %s WHERE owner = %s AND until > {_NOW} "
                "RETURNING game_id", (seconds, owner))
            held = {r[0] for r in await cur.fetchall()}
            await conn.execute(f"DELETE FROM leases WHERE until < {_NOW} - 60")
            return held

    async def orphans(self, owner: str, limit: int = 100) -> list[str]:
        """Unfinished games that wait for server work and whose lease is free or expired."""
        async def run(conn) -> list[str]:
            cur = await conn.execute(
                "SELECT g.id FROM games g WHERE g.status <> 'finished' AND g.due = 1 "
                "AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = g.id "
                f"AND l.until > {_NOW}) ORDER BY g.updated LIMIT %s", (limit,))
            return [r[0] for r in await cur.fetchall()]
        return await self._read(run)

    # -- notifications ----------------------------------------------------------------
    async def listen(self, callback: Callable[[str, int, str], Any]) -> None:
        """Call ``callback(game_id, version, owner)`` for every change any process commits
        (version 0: a seat changed; ``game_id`` ``"*"``: notifications may have been missed —
        the connection was lost — so everything should be reloaded)."""
        ready = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(callback, ready))
        await ready

    async def _listen(self, callback: Callable[[str, int, str], Any],
                      ready: asyncio.Future) -> None:
        import psycopg

        first = True
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if first:
                        ready.set_result(None)
                        first = False
                    else:
                        callback("*", 0, "")
                    async for note in conn.notifies():
                        game_id, version, owner = (note.payload.split(" ") + ["", ""])[:3]
                        callback(game_id, int(version or 0), owner)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - the database restarts: listen again
                if first and not ready.done():
                    ready.set_exception(StoreError(f"cannot listen: {e}"))
                    return
                log.warning("lost the notification connection (%s); reconnecting", e)
                await asyncio.sleep(0.5)

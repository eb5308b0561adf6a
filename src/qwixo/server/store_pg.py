"""PostgreSQL persistence of the web app, for several server processes sharing every game.

The same typed methods as :class:`qwixo.server.store.Store` (SQLite), on psycopg 3 with an
async connection pool. What several processes need on top of a one-process store:

- **Decisions are serialised by the database**: :meth:`PgStore.add_event` updates the game only
  if it is still at the version the process saw (``UPDATE ... WHERE version = n - 1``) and
  inserts event ``n`` (primary key ``(game_id, n)``) in the same transaction; a process that
  lost the race gets :class:`~qwixo.server.store.StoreConflict`, reloads and tries again (so
  exactly one of two racing decisions wins, as within one process).
- **Every process hears every change** through PostgreSQL's ``LISTEN``/``NOTIFY``: the
  transaction that commits a change also runs ``pg_notify('qwixo', 'GAME VERSION OWNER
  EVENT')`` (delivered at commit, never for a rolled-back change; a move carries its event as
  JSON, so the other processes need not read it back), and :meth:`PgStore.listen` calls back
  with each notification. PostgreSQL already holds the state, so no other server (such as
  Redis) has to be run, secured and kept consistent with it.
- **Server work runs once**: a process runs a game's bots, rolls and clock only while it holds
  that game's row in ``leases`` (:meth:`take_lease`), renewed every second; when a process dies
  its leases expire and another process takes the games over (:meth:`orphans`). Times are the
  database's clock, so the processes' own clocks need not agree.
- **Presence is shared**: a process with a connection on a seat holds a row of ``presence``
  (:meth:`set_presence`, notified as it commits) and renews it every second with a heartbeat
  every process hears (:meth:`renew_presence`); a killed process's rows and heartbeats stop,
  so its connections stop counting within the lease time. A seat is away only when no process
  has a connection on it (``qwixo.server.etiquette``: a hand-over).

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

from qwixo.core import compact_json
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


_ADD_EVENT = (
    "WITH u AS (UPDATE games SET snapshot = %s, version = %s, status = %s, "
    "summary = %s, updated = %s, due = %s, deadline = %s WHERE id = %s AND version = %s "
    "RETURNING id), "
    "e AS (INSERT INTO events (game_id, n, kind, seat, data, time) "
    "SELECT id, %s, %s, %s, %s, %s FROM u RETURNING game_id) "
    "SELECT pg_notify(%s, %s) FROM e")

#: several games' moves in one statement (a group commit, :meth:`PgStore._grouped`): the
#: moves come as one JSON array of objects (:data:`_MOVE_KEYS`; made by orjson and read by
#: PostgreSQL in C: no per-value work in the driver); the games' rows are locked in the order
#: of their ids (no deadlock with another process's group) and each one's version checked
#: once its lock is held; the moves whose check passed are stored and notified, and their
#: games' ids returned (a move missing from them lost a race: :class:`StoreConflict`)
_ADD_EVENTS = (
    "WITH b AS (SELECT * FROM json_to_recordset(%s::json) AS b(id text, n int, snapshot text, "
    "status text, summary text, updated float8, due int, deadline float8, kind text, seat int, "
    "data text, payload text)), "
    "l AS MATERIALIZED (SELECT g.id FROM games g JOIN b ON g.id = b.id AND g.version = b.n - 1 "
    "ORDER BY g.id FOR UPDATE OF g), "
    "u AS (UPDATE games g SET snapshot = b.snapshot, version = b.n, status = b.status, "
    "summary = b.summary, updated = b.updated, due = b.due, deadline = b.deadline "
    "FROM b JOIN l ON l.id = b.id WHERE g.id = b.id RETURNING g.id), "
    "e AS (INSERT INTO events (game_id, n, kind, seat, data, time) "
    "SELECT b.id, b.n, b.kind, b.seat, b.data, b.updated FROM b JOIN u ON u.id = b.id "
    "RETURNING game_id) "
    "SELECT e.game_id, pg_notify(%s, b.payload) FROM e JOIN b ON b.id = e.game_id")

#: the fields of a move in :data:`_ADD_EVENTS`, in the order of :meth:`PgStore.add_event`'s rows
_MOVE_KEYS = ("id", "n", "snapshot", "status", "summary", "updated", "due", "deadline", "kind",
              "seat", "data", "payload")

#: the presence notifications (:meth:`PgStore.set_presence`, :meth:`PgStore.renew_presence`)
PRESENCE, ALIVE = "@presence", "@alive"
#: ``@paired OWNER SEEK...``: quick pairing's requests were paired (their looks answer now)
PAIRED = "@paired"

#: a notification's event is left out past this size (PostgreSQL takes 8000 bytes)
MAX_PAYLOAD = 7000


def _payload(game_id: str, version: int, owner: str, event: dict[str, Any]) -> str:
    """A move's notification: ``GAME VERSION OWNER EVENT-JSON`` (the event left out when too
    long: the listeners then read the game from the database).

    >>> _payload("g1", 3, "ab", {"n": 3, "kind": "choose", "seat": 0, "decision": "a1a5"})
    'g1 3 ab {"n":3,"kind":"choose","seat":0,"decision":"a1a5"}'
    >>> _parse_payload(_payload("g1", 3, "ab", {"n": 3, "kind": "roll", "dice": [1, 2]}))
    ('g1', 3, 'ab', {'n': 3, 'kind': 'roll', 'dice': [1, 2]})
    >>> _parse_payload("g1 0 ab")
    ('g1', 0, 'ab', None)
    """
    text = f"{game_id} {version} {owner} {compact_json(event)}"
    return text if len(text.encode()) <= MAX_PAYLOAD else f"{game_id} {version} {owner}"


def _parse_payload(payload: str) -> tuple[str, int, str, dict[str, Any] | None]:
    """``(game_id, version, owner, event or None)`` of a notification's payload."""
    parts = payload.split(" ", 3)
    game_id, version, owner = (parts + ["", ""])[:3]
    event = None
    if len(parts) > 3:
        try:
            event = json.loads(parts[3])
        except ValueError:
            event = None
        if not isinstance(event, dict) or event.get("n") != int(version or 0):
            event = None
    return game_id, int(version or 0), owner, event


def _one(move: tuple) -> tuple:
    """The parameters of :data:`_ADD_EVENT` for one move (a row of :data:`_ADD_EVENTS`)."""
    (game_id, n, snapshot, status, summary, updated, due, deadline, kind, seat, data,
     payload) = move
    return (snapshot, n, status, summary, updated, due, deadline, game_id, n - 1, n, kind, seat,
            data, updated, CHANNEL, payload)



#: the characters of a stored game's events parsed on the event loop itself (more: in a thread)
PARSE_INLINE = 20_000


def _game_data(row: tuple) -> dict[str, Any]:
    """``PgStore.load_game``'s row as the store's game (:meth:`Store.load_game`)."""
    keys = ("id", "game", "settings", "options", "initial", "snapshot", "version",
            "status", "created", "updated", "deadline")
    data = dict(zip(keys, row[:11], strict=True))
    data["settings"] = json.loads(data["settings"])
    data["options"] = json.loads(data["options"])
    data["seats"] = [
        {"seat": st, "kind": k, "bot": b, "seconds": sec, "name": nm, "token_hash": th,
         "claimed": bool(c)} for st, k, b, sec, nm, th, c in json.loads(row[11] or "[]")]
    events = []
    for n, kind, seat, blob, when in json.loads(row[12] or "[]"):
        ev = {"n": n, "kind": kind, "seat": seat, "time": when}
        ev.update(json.loads(blob))
        events.append(ev)
    data["events"] = events
    return data

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
        #: group commit of moves: transactions at once, moves per transaction at most
        self.writers = 4
        self.batch = 64
        #: the moves waiting for a group commit (rows of _ADD_EVENTS) and their futures
        self._waiting: list[tuple[tuple, asyncio.Future]] = []
        self._running = 0
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
            row = await cur.fetchone()
            current = (row[0] if row else 0) or 0
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
        """Run the statements in one transaction (a count: the rows they must change).

        One statement runs alone in autocommit — its own transaction, **one** round trip (a
        move: :meth:`add_event`); several are sent together in pipeline mode between
        ``BEGIN`` and ``COMMIT`` (two round trips however many they are), and a count that
        does not match rolls them all back."""
        import psycopg

        t0 = time.perf_counter()
        try:
            async with self.pool.connection() as conn:
                if len(statements) == 1:
                    sql, params, rows = statements[0]
                    cur = await conn.execute(sql, params)
                    if rows is not None and cur.rowcount != rows:
                        raise StoreConflict("the game moved on")
                else:
                    async with conn.transaction():
                        async with conn.pipeline():
                            curs = [await conn.execute(sql, params)
                                    for sql, params, _ in statements]
                        for cur, (_, _, rows) in zip(curs, statements, strict=True):
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
        blob = compact_json({k: v for k, v in event.items()
                             if k not in ("n", "kind", "seat", "time")})
        n = event["n"]
        # the move as one row of _ADD_EVENTS (_MOVE_KEYS)
        move = (game_id, n, snapshot, status, compact_json(summary), event["time"], int(due),
                deadline, event["kind"], event["seat"], blob, _payload(game_id, n, owner, event))
        if extra:  # a rated game's end: the ratings in the same transaction
            await self._write([(_ADD_EVENT, _one(move), 1), *extra])
            return
        await self._grouped(move)

    # -- group commit of moves ------------------------------------------------------------
    async def _grouped(self, move: tuple) -> None:
        """Commit one move, together with the moves of other games waiting at the same time.

        Up to :attr:`writers` transactions run at once; a move that comes while they are all
        busy waits for the next one, which takes every move then waiting (up to
        :attr:`batch`) in **one statement** (:data:`_ADD_EVENTS`: the moves as one JSON
        document; one round trip, one transaction, one ``NOTIFY`` lock however many moves). Under light
        load every move is its own one-statement transaction (:data:`_ADD_EVENT`); under
        heavy load the database and the driver do less work per move instead of queueing. A
        move whose version check fails is refused alone (:class:`StoreConflict`); a group that
        fails as a whole (an error) is tried again move by move."""
        fut = asyncio.get_running_loop().create_future()
        self._waiting.append((move, fut))
        if self._running < self.writers:
            self._running += 1
            asyncio.get_running_loop().create_task(self._commit_waiting())
        await fut

    async def _commit_waiting(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting[:self.batch], self._waiting[self.batch:]
                try:
                    await self._commit_batch(batch)
                except StoreError:
                    for item in batch:
                        try:
                            await self._commit_batch([item])
                        except StoreError as e:
                            if not item[1].done():
                                item[1].set_exception(e)
        finally:
            self._running -= 1

    async def _commit_batch(self, batch: list[tuple[tuple, asyncio.Future]]) -> None:
        import psycopg

        t0 = time.perf_counter()
        try:
            async with self.pool.connection() as conn:
                if len(batch) == 1:
                    cur = await conn.execute(_ADD_EVENT, _one(batch[0][0]))
                    done = {batch[0][0][0]} if cur.rowcount == 1 else set()
                else:
                    moves = compact_json([dict(zip(_MOVE_KEYS, move, strict=True))
                                          for move, _ in batch])
                    cur = await conn.execute(_ADD_EVENTS, (moves, CHANNEL))
                    done = {row[0] for row in await cur.fetchall()}
        except (psycopg.Error, OSError) as e:
            raise StoreError(f"{type(e).__name__}: {e}") from None
        seconds = time.perf_counter() - t0
        self.commits += 1
        for move, fut in batch:
            self.writes += 1
            self.write_times.append((time.time(), seconds))
            if fut.done():
                continue
            if move[0] in done:
                fut.set_result(None)
            else:
                fut.set_exception(StoreConflict("the game moved on"))

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str | None,
                         status: str, summary: dict[str, Any], owner: str = "") -> None:
        op: tuple[str, tuple[Any, ...], None]
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
                " claimed) ORDER BY seat)::text FROM seats WHERE game_id = g.id), "
                "(SELECT json_agg(json_build_array(n, kind, seat, data, time) ORDER BY n)::text "
                " FROM events WHERE game_id = g.id AND n > %s) "
                "FROM games g WHERE id = %s", (since, game_id))
            return await cur.fetchone()
        row = await self._read(run)
        if row is None:
            return None
        # (a long game's events are parsed off the event loop: the other games' moves go on)
        return await asyncio.to_thread(_game_data, row) if len(row[12] or "") > PARSE_INLINE \
            else _game_data(row)

    async def unfinished_ids(self) -> list[str]:
        async def run(conn) -> list[str]:
            cur = await conn.execute(
                "SELECT id FROM games WHERE status <> 'finished' ORDER BY created")
            return [r[0] for r in await cur.fetchall()]
        return await self._read(run)

    async def working_ids(self) -> list[str]:
        """Unfinished games with server work or a running turn clock (see ``Store``)."""
        async def run(conn) -> list[str]:
            cur = await conn.execute(
                "SELECT id FROM games WHERE status <> 'finished' AND (due = 1 OR deadline IS "
                "NOT NULL) ORDER BY created")
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
    async def take_lease(self, game_id: str, owner: str, seconds: float,
                         force: bool = False) -> bool:
        """Take (or keep) the lease of ``game_id`` for ``seconds``: True when ``owner`` has
        it now (it was free, expired, or already its own). ``force``: take it even from a live
        holder (which learns it at its next renewal, within a second)."""
        import psycopg

        when = "" if force else (f"WHERE leases.owner = EXCLUDED.owner "
                                 f"OR leases.until < {_NOW} ")
        try:
            async with self.pool.connection() as conn:
                cur = await conn.execute(
                    f"INSERT INTO leases (game_id, owner, until) VALUES (%s, %s, {_NOW} + %s) "
                    "ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, "
                    f"until = EXCLUDED.until {when}RETURNING owner", (game_id, owner, seconds))
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

    async def release_leases(self, owner: str, game_ids: set[str]) -> None:
        """Give up ``owner``'s leases of ``game_ids`` (a renewal would keep them for ever)."""
        async with self.pool.connection() as conn:
            await conn.execute("DELETE FROM leases WHERE owner = %s AND game_id = ANY(%s)",
                               (owner, sorted(game_ids)))

    async def orphans(self, owner: str, limit: int = 100) -> list[str]:
        """Unfinished games that wait for server work and whose lease is free or expired."""
        async def run(conn) -> list[str]:
            cur = await conn.execute(
                "SELECT g.id FROM games g WHERE g.status <> 'finished' AND g.due = 1 "
                "AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = g.id "
                f"AND l.until > {_NOW}) ORDER BY g.updated LIMIT %s", (limit,))
            return [r[0] for r in await cur.fetchall()]
        return await self._read(run)

    # -- presence: which process has a connection on which seat ---------------------------
    async def set_presence(self, game_id: str, seat: int, owner: str, online: bool,
                           seconds: float) -> None:
        """``owner`` has a connection on ``seat`` of ``game_id`` (for ``seconds`` unless
        renewed), or no longer (``online`` false); the other processes hear it in the same
        statement (``@presence OWNER GAME SEAT 1|0``, at commit)."""
        import psycopg

        note = f"{PRESENCE} {owner} {game_id} {int(seat)} {int(bool(online))}"
        if online:
            sql = ("WITH p AS (INSERT INTO presence (game_id, seat, owner, until) VALUES "
                   f"(%s, %s, %s, {_NOW} + %s) ON CONFLICT (game_id, seat, owner) DO UPDATE "
                   "SET until = EXCLUDED.until RETURNING 1) SELECT pg_notify(%s, %s) FROM p")
            params: tuple[Any, ...] = (game_id, seat, owner, seconds, CHANNEL, note)
        else:
            sql = ("WITH p AS (DELETE FROM presence WHERE game_id = %s AND seat = %s AND "
                   "owner = %s) SELECT pg_notify(%s, %s)")
            params = (game_id, seat, owner, CHANNEL, note)
        try:
            async with self.pool.connection() as conn:
                await conn.execute(sql, params)
        except (psycopg.Error, OSError) as e:
            raise StoreError(f"{type(e).__name__}: {e}") from None

    async def renew_presence(self, owner: str, seconds: float,
                             seats: Sequence[tuple[str, int]]) -> None:
        """``owner``'s heartbeat: its rows of ``seats`` (game id, seat: where it has a
        connection) live ``seconds`` more, and every process hears it is alive (``@alive
        OWNER``); rows long run out are deleted."""
        import psycopg

        keys = [f"{g} {s}" for g, s in seats]
        try:
            async with self.pool.connection() as conn:
                if keys:
                    await conn.execute(
                        f"UPDATE presence SET until = {_NOW} + %s WHERE owner = %s AND "
                        "game_id || ' ' || seat = ANY(%s)", (seconds, owner, keys))
                await conn.execute(f"DELETE FROM presence WHERE until < {_NOW} - 60")
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{ALIVE} {owner}"))
        except (psycopg.Error, OSError) as e:
            raise StoreError(f"{type(e).__name__}: {e}") from None

    async def notify_others(self, note: str) -> None:
        import psycopg

        try:
            async with self.pool.connection() as conn:
                await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, note))
        except (psycopg.Error, OSError) as e:
            raise StoreError(f"{type(e).__name__}: {e}") from None

    async def presence(self, game_ids: Sequence[str],
                       owner: str) -> list[tuple[str, int, str, float]]:
        """The other processes' live connections on the seats of ``game_ids``: (game id,
        seat, their owner, seconds they still count unless renewed)."""
        async def run(conn) -> list[tuple[str, int, str, float]]:
            cur = await conn.execute(
                f"SELECT game_id, seat, owner, until - {_NOW} FROM presence WHERE "
                f"game_id = ANY(%s) AND owner <> %s AND until > {_NOW}",
                (list(game_ids), owner))
            return [(g, int(s), o, float(left)) for g, s, o, left in await cur.fetchall()]
        return await self._read(run)

    # -- notifications ----------------------------------------------------------------
    async def listen(self, callback: Callable[..., Any],
                     presence: Callable[..., Any] | None = None) -> None:
        """Call ``callback(game_id, version, owner, event)`` for every change any process
        commits (version 0: a seat changed; ``game_id`` ``"*"``: notifications may have been
        missed — the connection was lost — so everything should be reloaded; ``event``: the
        committed event of a move, or None); and ``presence(kind, owner, *rest)`` for each
        presence notification (:data:`PRESENCE`: ``game_id, seat, "1" | "0"``;
        :data:`ALIVE`: a process's heartbeat)."""
        ready = asyncio.get_running_loop().create_future()
        self._listener = asyncio.create_task(self._listen(callback, ready, presence))
        await ready

    async def _listen(self, callback: Callable[..., Any], ready: asyncio.Future,
                      presence: Callable[..., Any] | None = None) -> None:
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
                        if note.payload.startswith("@"):  # presence (never a game id)
                            if presence is not None:
                                presence(*note.payload.split(" "))
                        else:
                            callback(*_parse_payload(note.payload))
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - the database restarts: listen again
                if first and not ready.done():
                    ready.set_exception(StoreError(f"cannot listen: {e}"))
                    return
                log.warning("lost the notification connection (%s); reconnecting", e)
                await asyncio.sleep(0.5)

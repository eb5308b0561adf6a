"""SQLite persistence of the web app: games, seats and the event log.

One database file (WAL mode) holds every game. All access goes through one dedicated thread that
owns the connection; writes queued at the same moment are committed together in **one**
transaction (group commit), so many games can move at once while every accepted decision is
committed before :meth:`Store.write` returns — the server broadcasts a move only after that.
Durability level: :data:`SYNC_MODES` (``normal`` by default: survives kill -9 of the server;
``full``: also fsync'ed, survives power loss). WAL checkpoints run on their own thread.

Tables:

- ``games``: one row per game — settings, room options, the game's ``to_json`` at creation
  (``initial``) and now (``snapshot``), ``version`` (number of events), ``status``, a JSON
  ``summary`` for the lobby.
- ``seats``: one row per seat — kind, bot name and budget, shown name, the SHA-256 of its secret
  token (tokens themselves are never stored), claimed flag.
- ``events``: the log — ``(game_id, n)`` with kind, seat, JSON data, time.
- ``leases`` (several processes, :mod:`qwixo.server.store_pg`), ``schema_version``.

The schema is migrated at start from the numbered files in ``migrations/sqlite/``
(:func:`migrate_sqlite`). One server process per file: :class:`SingleProcess`. All of the
server's SQL is here and in :mod:`qwixo.server.store_pg`, behind the same typed methods
(``create_game``, ``add_event``, ``claim_seat``, ``load_game``, ``summaries``...).

>>> import tempfile, os
>>> d = tempfile.TemporaryDirectory()
>>> s = Store(os.path.join(d.name, "t.sqlite"))
>>> s.call(lambda db: db.execute("PRAGMA journal_mode").fetchone()[0])
'wal'
>>> s.close()
>>> d.cleanup()
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import json
import logging
import queue
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("qwixo.server")

#: ``normal``: WAL + synchronous=NORMAL — a commit is in the WAL file (the OS has it) when it
#: returns: nothing is lost when the server process dies (kill -9), the last moments may be
#: lost if the whole machine crashes. ``full``: every commit is also fsync'ed (survives power
#: loss; each commit then waits for the disk, group commit keeps the throughput).
SYNC_MODES = ("normal", "full")

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def migration_files(backend: str) -> list[tuple[int, str]]:
    """The numbered schema migrations of ``backend`` (``sqlite`` or ``postgresql``), in order:
    ``(number, SQL text)`` from ``migrations/<backend>/NNNN_name.sql``."""
    out = []
    for f in sorted((MIGRATIONS / backend).glob("*.sql")):
        out.append((int(f.name.split("_", 1)[0]), f.read_text(encoding="utf-8")))
    return out


#: the schema version this qwixo writes (the number of the last migration)
SCHEMA_VERSION = migration_files("sqlite")[-1][0]

#: a statement and its parameters, and optionally the rows it must change (else
#: :class:`StoreConflict`)
Op = tuple[str, Sequence[Any]] | tuple[str, Sequence[Any], int]


@dataclass
class GameRow:
    """One row of ``games`` (settings, options and summary as Python data)."""

    id: str
    game: str
    settings: dict[str, Any]
    options: dict[str, Any]
    initial: str
    snapshot: str
    version: int
    status: str
    summary: dict[str, Any]
    created: float
    updated: float
    due: bool = True
    deadline: float | None = None  # the turn clock's (epoch seconds), None without one


@dataclass
class SeatRow:
    """One row of ``seats``."""

    seat: int
    kind: str
    name: str
    bot: str | None = None
    seconds: float | None = None
    token_hash: str | None = None
    claimed: bool = False


def token_hash(token: str) -> str:
    """The stored form of a seat token.

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class StoreError(RuntimeError):
    """The database refused a write (disk full, file gone...)."""


class StoreConflict(StoreError):
    """The game moved on meanwhile (another process committed that version first)."""


def migrate_sqlite(db: sqlite3.Connection, path: str) -> int:
    """Bring an SQLite database to :data:`SCHEMA_VERSION` (numbered migrations, each in its
    own transaction, recorded in ``schema_version``); returns the version it had. A database
    of the first release has no version table but ``PRAGMA user_version = 1``."""
    db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, "
               "applied REAL NOT NULL)")
    row = db.execute("SELECT MAX(version) FROM schema_version").fetchone()
    current = row[0] or db.execute("PRAGMA user_version").fetchone()[0]
    if current > SCHEMA_VERSION:
        raise StoreError(f"{path}: database schema {current} is newer than this qwixo")
    for number, sql in migration_files("sqlite"):
        if number <= current:
            continue
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(sql):
                db.execute(statement)
            db.execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)",
                       (number, time.time()))
            db.execute(f"PRAGMA user_version={number}")
            db.execute("COMMIT")
        except Exception:
            db.execute("ROLLBACK")
            raise
    return current


def _statements(sql: str) -> list[str]:
    """The statements of a migration file (``;`` ends a statement; ``--`` comments)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [st.strip() for st in "\n".join(lines).split(";") if st.strip()]


class SingleProcess:
    """An exclusive lock (``flock``) next to an SQLite database: one server process per file.
    The lock goes with the process (also on kill -9)."""

    def __init__(self, path: str) -> None:
        import fcntl

        self.file = open(path + ".server-lock", "a+b")  # noqa: SIM115 - held until close
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.file.close()
            raise StoreError(f"{path}: another qwixo server uses this SQLite database (one "
                             "process per file; use PostgreSQL for several)") from None

    def close(self) -> None:
        self.file.close()


class Store:
    """The database. ``write`` = a list of SQL statements committed atomically together;
    ``call`` = any function of the connection (reads). With ``sync="full"`` everything runs on
    the database thread (group commit); with ``"normal"`` inline, under a lock (see
    ``inline``)."""

    #: several server processes may share this store (PostgreSQL: yes; SQLite: no)
    shared = False

    def __init__(self, path: str | Path, *, batch: int = 512, sync: str = "normal",
                 inline: bool | None = None, single_process: bool = False) -> None:
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self.sync = sync
        self.path = str(path)
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._single = SingleProcess(self.path) if single_process else None
        self.batch = batch
        self._q: queue.Queue = queue.Queue()
        self._closed = False
        self.commits = 0  # transactions committed (for the figures: writes per commit)
        self.writes = 0
        #: (epoch, seconds) of the last async writes
        self.write_times: deque[tuple[float, float]] = deque(maxlen=10_000)
        #: inline: statements run in the caller's thread (under a lock). Without fsync a commit
        #: takes microseconds, and handing it to another thread costs more (two GIL handoffs,
        #: which a loaded machine can stretch to many milliseconds). With fsync (``full``) the
        #: database thread and its group commit keep the event loop free while the disk works.
        self.inline = (sync == "normal") if inline is None else inline
        self._lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        ready: concurrent.futures.Future = concurrent.futures.Future()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="qwixo-db",
                                        daemon=True)
        if self.inline:
            self._db = self._open()
        else:
            self._thread.start()
            ready.result()  # raise here if the database cannot be opened
        # WAL checkpoints (copying the log into the database file, with its own fsync) run on
        # their own thread and connection, never inside a player's commit
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="qwixo-db-ckpt",
                                              daemon=True)
        self._checkpointer.start()

    # -- the database thread ----------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={self.sync.upper()}")
        db.execute("PRAGMA foreign_keys=ON")
        db.execute("PRAGMA busy_timeout=5000")
        db.execute("PRAGMA wal_autocheckpoint=0")  # see _checkpoints
        migrate_sqlite(db, self.path)
        return db

    def _run(self, ready: concurrent.futures.Future) -> None:
        try:
            db = self._open()
        except Exception as e:  # noqa: BLE001 - reported to the opener
            ready.set_exception(e)
            return
        ready.set_result(None)
        while True:
            item = self._q.get()
            if item is None:
                with contextlib.suppress(sqlite3.Error):
                    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                break
            items = [item]
            while len(items) < self.batch:
                try:
                    nxt = self._q.get_nowait()
                except queue.Empty:
                    break
                if nxt is None:
                    self._q.put(None)
                    break
                items.append(nxt)
            writes = [it for it in items if it[0] == "w"]
            if writes:
                self._commit(db, writes)
            for kind, payload, fut in items:
                if kind == "r" and not fut.cancelled():
                    try:
                        fut.set_result(payload(db))
                    except Exception as e:  # noqa: BLE001 - handed to the caller
                        fut.set_exception(e)
        db.close()

    def _commit(self, db: sqlite3.Connection, writes: list) -> None:
        """One transaction for the whole batch; a failing write is rolled back alone (its
        savepoint) and reported to its caller, the others still commit."""
        results: list[Exception | None] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            for i, (_, ops, _) in enumerate(writes):
                db.execute(f"SAVEPOINT w{i}")
                try:
                    for op in ops:
                        cur = db.execute(op[0], op[1])
                        if len(op) > 2 and cur.rowcount != op[2]:
                            raise StoreConflict("the game moved on")
                    db.execute(f"RELEASE w{i}")
                    results.append(None)
                except Exception as e:  # noqa: BLE001
                    db.execute(f"ROLLBACK TO w{i}")
                    db.execute(f"RELEASE w{i}")
                    results.append(e if isinstance(e, StoreError)
                                   else StoreError(f"{type(e).__name__}: {e}"))
            db.execute("COMMIT")
            self.commits += 1
            self.writes += len(writes)
        except Exception as e:  # noqa: BLE001 - the whole transaction failed
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            results = [StoreError(f"{type(e).__name__}: {e}")] * len(writes)
        for (_, _, fut), err in zip(writes, results, strict=True):
            if fut.cancelled():
                continue
            if err is None:
                fut.set_result(None)
            else:
                fut.set_exception(err)

    def _checkpoints(self, every: float = 1.0) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error:  # pragma: no cover - the main connection opened it just now
            log.exception("no checkpoint connection")
            return
        try:
            while not self._stop.wait(every):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
                except sqlite3.Error:
                    log.warning("WAL checkpoint failed", exc_info=True)
        finally:
            db.close()

    # -- the API ----------------------------------------------------------------------
    def _submit(self, kind: str, payload: Any) -> concurrent.futures.Future:
        if self._closed:
            raise StoreError("the database is closed")
        fut: concurrent.futures.Future = concurrent.futures.Future()
        if self._db is not None:  # inline
            with self._lock:
                if kind == "w":
                    self._commit(self._db, [(kind, payload, fut)])
                else:
                    try:
                        fut.set_result(payload(self._db))
                    except Exception as e:  # noqa: BLE001 - handed to the caller
                        fut.set_exception(e)
            return fut
        self._q.put((kind, payload, fut))
        return fut

    def write_sync(self, ops: list[Op]) -> None:
        """Commit ``ops`` (one transaction, durable when this returns)."""
        self._submit("w", ops).result()

    async def write(self, ops: list[Op]) -> None:
        """Commit ``ops``; returns once they are committed."""
        t0 = time.perf_counter()
        fut = self._submit("w", ops)
        if fut.done():
            fut.result()
        else:
            await asyncio.wrap_future(fut)
        self.write_times.append((time.time(), time.perf_counter() - t0))

    def call(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        """Run ``fn(connection)`` on the database thread and return its result."""
        return self._submit("r", fn).result()

    async def acall(self, fn: Callable[[sqlite3.Connection], Any]) -> Any:
        fut = self._submit("r", fn)
        return fut.result() if fut.done() else await asyncio.wrap_future(fut)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._stop.set()
            self._checkpointer.join(timeout=10)
            if self._db is not None:
                with self._lock:
                    with contextlib.suppress(sqlite3.Error):
                        self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                    self._db.close()
                    self._db = None
            else:
                self._q.put(None)
                self._thread.join(timeout=10)
            if self._single is not None:
                self._single.close()

    # -- the typed methods the server uses (the only SQL of the server is in this module) ----
    async def create_game(self, game: GameRow, seats: Sequence[SeatRow]) -> None:
        """Insert a new game and its seats (one transaction)."""
        ops: list[Op] = [(
            "INSERT INTO games (id, game, settings, options, initial, snapshot, version, "
            "status, summary, created, updated, due, deadline) "
            "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (game.id, game.game, json.dumps(game.settings), json.dumps(game.options),
             game.initial, game.snapshot, game.version, game.status, json.dumps(game.summary),
             game.created, game.updated, int(game.due), game.deadline))]
        for s in seats:
            ops.append(("INSERT INTO seats (game_id, seat, kind, bot, seconds, name, "
                        "token_hash, claimed) VALUES (?,?,?,?,?,?,?,?)",
                        (game.id, s.seat, s.kind, s.bot, s.seconds, s.name, s.token_hash,
                         int(s.claimed))))
        await self.write(ops)

    async def add_event(self, game_id: str, event: dict[str, Any], snapshot: str, status: str,
                        summary: dict[str, Any], due: bool = True, owner: str = "",
                        extra: Sequence[Op] = (), deadline: float | None = None) -> None:
        """Append event ``event["n"]`` (keys ``n``, ``kind``, ``seat``, ``time`` + its data)
        and the game's new snapshot, status, lobby summary, ``due`` (the server has work in
        it) and turn-clock ``deadline`` (None: no clock runs), in one transaction — only if the game is still at version ``n - 1``, else
        :class:`StoreConflict` and nothing is written. ``extra``: more statements of the same
        transaction (a rated game's ratings, :mod:`qwixo.server.store_accounts`)."""
        blob = {k: v for k, v in event.items() if k not in ("n", "kind", "seat", "time")}
        await self.write([
            ("UPDATE games SET snapshot = ?, version = ?, status = ?, summary = ?, "
             "updated = ?, due = ?, deadline = ? WHERE id = ? AND version = ?",
             (snapshot, event["n"], status, json.dumps(summary), event["time"], int(due),
              deadline, game_id, event["n"] - 1), 1),
            ("INSERT INTO events (game_id, n, kind, seat, data, time) VALUES (?,?,?,?,?,?)",
             (game_id, event["n"], event["kind"], event["seat"], json.dumps(blob),
              event["time"])),
            *extra,
        ])

    async def claim_seat(self, game_id: str, seat: int, name: str, token_hash: str | None,
                         status: str, summary: dict[str, Any], owner: str = "") -> None:
        """Mark a seat claimed with its shown name (and a new token hash when given)."""
        if token_hash is None:
            op: Op = ("UPDATE seats SET claimed = 1, name = ? WHERE game_id = ? AND seat = ?",
                      (name, game_id, seat))
        else:
            op = ("UPDATE seats SET claimed = 1, name = ?, token_hash = ? WHERE game_id = ? "
                  "AND seat = ?", (name, token_hash, game_id, seat))
        await self.write([op, ("UPDATE games SET summary = ?, status = ? WHERE id = ?",
                               (json.dumps(summary), status, game_id))])

    async def load_game(self, game_id: str, since: int = 0) -> dict[str, Any] | None:
        """The stored game (columns of ``games`` — with ``deadline``, the turn clock's —,
        ``seats``, and ``events`` after number ``since``), or None."""
        return await self.acall(Store.q_game(game_id, since))

    # one process per SQLite file: it owns every game's server work, nobody else announces
    async def open(self) -> None:
        """Ready the store (PostgreSQL: the pool, migrations); SQLite is ready at once."""

    async def take_lease(self, game_id: str, owner: str, seconds: float,
                         force: bool = False) -> bool:
        return True

    async def renew_leases(self, owner: str, seconds: float) -> set[str]:
        return set()

    async def release_leases(self, owner: str, game_ids: set[str]) -> None:
        return None

    async def aclose(self) -> None:
        self.close()

    async def orphans(self, owner: str, limit: int = 100) -> list[str]:
        return []

    async def listen(self, callback: Callable[[str, int], Any],
                     presence: Callable[..., Any] | None = None) -> None:
        return None

    async def notify_others(self, note: str) -> None:
        return None  # (one process: nobody else to tell)

    # one process: its connections are every connection (Room: Seat.online)
    async def set_presence(self, game_id: str, seat: int, owner: str, online: bool,
                           seconds: float) -> None:
        return None

    async def renew_presence(self, owner: str, seconds: float,
                             seats: Sequence[tuple[str, int]]) -> None:
        return None

    async def presence(self, game_ids: Sequence[str],
                       owner: str) -> list[tuple[str, int, str, float]]:
        return []

    async def unfinished_ids(self) -> list[str]:
        return await self.acall(Store.q_unfinished_ids)

    async def working_ids(self) -> list[str]:
        """Unfinished games in which the server has work (bots, rolls: ``due``) or a turn
        clock runs: what a starting server loads (the others load when someone opens them)."""
        return await self.acall(Store.q_working_ids)

    async def summaries(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        """Lobby summaries, most recently updated first."""
        return await self.acall(Store.q_list(status, limit))

    # -- queries (run through ``call``/``acall``) ---------------------------------------
    @staticmethod
    def q_unfinished_ids(db: sqlite3.Connection) -> list[str]:
        return [r[0] for r in db.execute(
            "SELECT id FROM games WHERE status != 'finished' ORDER BY created")]

    @staticmethod
    def q_working_ids(db: sqlite3.Connection) -> list[str]:
        return [r[0] for r in db.execute(
            "SELECT id FROM games WHERE status != 'finished' AND (due = 1 OR deadline IS NOT "
            "NULL) ORDER BY created")]

    @staticmethod
    def q_game(game_id: str, since: int = 0
               ) -> Callable[[sqlite3.Connection], dict[str, Any] | None]:
        def run(db: sqlite3.Connection) -> dict[str, Any] | None:
            row = db.execute(
                "SELECT id, game, settings, options, initial, snapshot, version, status, "
                "created, updated, deadline FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            keys = ("id", "game", "settings", "options", "initial", "snapshot", "version",
                    "status", "created", "updated", "deadline")
            data = dict(zip(keys, row, strict=True))
            data["settings"] = json.loads(data["settings"])
            data["options"] = json.loads(data["options"])
            data["seats"] = [
                {"seat": s, "kind": k, "bot": b, "seconds": sec, "name": nm, "token_hash": th,
                 "claimed": bool(c)}
                for s, k, b, sec, nm, th, c in db.execute(
                    "SELECT seat, kind, bot, seconds, name, token_hash, claimed FROM seats "
                    "WHERE game_id = ? ORDER BY seat", (game_id,))]
            data["events"] = Store.events_of(db, game_id, since)
            return data
        return run

    @staticmethod
    def events_of(db: sqlite3.Connection, game_id: str, since: int = 0
                  ) -> list[dict[str, Any]]:
        out = []
        for n, kind, seat, blob, when in db.execute(
                "SELECT n, kind, seat, data, time FROM events WHERE game_id = ? AND n > ? "
                "ORDER BY n", (game_id, since)):
            ev = {"n": n, "kind": kind, "seat": seat, "time": when}
            ev.update(json.loads(blob))
            out.append(ev)
        return out

    @staticmethod
    def q_list(status: str | None, limit: int) -> Callable[[sqlite3.Connection], list[dict]]:
        def run(db: sqlite3.Connection) -> list[dict]:
            sql = "SELECT id, summary FROM games"
            params: list[Any] = []
            if status:
                sql += " WHERE status = ?"
                params.append(status)
            sql += " ORDER BY updated DESC LIMIT ?"
            params.append(limit)
            return [json.loads(s) for _, s in db.execute(sql, params)]
        return run

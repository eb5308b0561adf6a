"""The SQL of tournaments (tables of migration ``0013``), on either store (SQLite or
PostgreSQL) through the plumbing of :class:`~qwixo.server.store_accounts.AccountStore`.

Every step that runs a tournament changes rows only from the state before it, so that
repeating it (another process, or the same after a restart) changes nothing twice:

- the start numbers the entrants and moves ``upcoming`` → ``running`` in one transaction
  (``WHERE status = 'upcoming'``: the row must change);
- a round is planned in one transaction: its row (primary key ``(tournament, round)``) with
  all its boards — a second plan of the same round fails on the key and nothing of it stays;
- a board's game has the id written in its plan (unique), so it is made once;
- a result is recorded ``WHERE result IS NULL``.

Who advances a tournament holds its lease (:meth:`TournamentStore.lease`: taken only when
free or expired, renewed by its holder).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from qwixo.server.store import StoreConflict, StoreError
from qwixo.server.store_accounts import AccountStore

#: (id, host id, name, game, format, spec, status, starts at, created, started, finished,
#: paused at, rounds, updated, host name)
COLUMNS = ("t.id, t.host_id, t.name, t.game, t.format, t.spec, t.status, t.starts_at, "
           "t.created, t.started, t.finished, t.paused_at, t.rounds, t.updated, a.name")
_FROM = "FROM tournaments t JOIN accounts a ON a.id = t.host_id"
#: (entrant id, account id, bot, name, joined, number, withdrawn)
ENTRANT = "id, account_id, bot, name, joined, number, withdrawn"
#: (round, board, lineup, game id, tokens, made, result, recorded)
BOARD = "round, board, lineup, game_id, tokens, made, result, recorded"


class TournamentStore:
    """The tournament queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    # -- tournaments ------------------------------------------------------------------
    async def add(self, tid: str, host_id: str, name: str, game: str, fmt: str,
                  spec: dict[str, Any], starts_at: float | None, rounds: int | None,
                  now: float, entrants: Sequence[tuple[str, str | None, str | None, str]]
                  ) -> None:
        """A new tournament (``upcoming``) with its first entrants ``(id, account id, bot,
        name)``, in that order."""
        await self.sql.write([self.sql.op(
            "INSERT INTO tournaments (id, host_id, name, game, format, spec, status, "
            "starts_at, created, rounds, updated) VALUES (%s, %s, %s, %s, %s, %s, 'upcoming', "
            "%s, %s, %s, %s)", (tid, host_id, name, game, fmt, json.dumps(spec), starts_at,
                                now, rounds, now))] + [self._entrant(tid, e, now + i * 1e-6)
                                                       for i, e in enumerate(entrants)])

    def _entrant(self, tid: str, e: tuple, now: float) -> tuple:
        return self.sql.op(
            "INSERT INTO tournament_entrants (tournament_id, id, account_id, bot, name, joined) "
            "VALUES (%s, %s, %s, %s, %s, %s)", (tid, *e, now))

    async def get(self, tid: str) -> tuple | None:
        rows = await self.sql.fetch(f"SELECT {COLUMNS} {_FROM} WHERE t.id = %s", (tid,))
        return rows[0] if rows else None

    async def listing(self, status: str, limit: int = 100) -> list[tuple]:
        """Tournaments of one status: upcoming soonest first, the others newest first."""
        order = ("COALESCE(t.starts_at, t.created)" if status == "upcoming"
                 else "COALESCE(t.finished, t.started, t.created) DESC")
        return await self.sql.fetch(f"SELECT {COLUMNS} {_FROM} WHERE t.status = %s "
                                    f"ORDER BY {order} LIMIT %s", (status, limit))

    async def hosted(self, host_id: str) -> int:
        """How many tournaments ``host_id`` hosts that are upcoming or running."""
        rows = await self.sql.fetch("SELECT COUNT(*) FROM tournaments WHERE host_id = %s AND "
                                    "status IN ('upcoming', 'running')", (host_id,))
        return int(rows[0][0])

    async def to_advance(self, now: float) -> list[str]:
        """The tournaments some process should look at: running, or due to start."""
        rows = await self.sql.fetch(
            "SELECT id FROM tournaments WHERE status = 'running' OR (status = 'upcoming' "
            "AND starts_at IS NOT NULL AND starts_at <= %s) ORDER BY updated LIMIT 500",
            (now,))
        return [r[0] for r in rows]

    async def lease(self, tid: str, owner: str, now: float, seconds: float) -> bool:
        """Take (or renew) the right to advance ``tid`` for ``seconds``: only when nobody
        else holds it."""
        try:
            await self.sql.write([self.sql.op(
                "UPDATE tournaments SET lease_owner = %s, lease_until = %s WHERE id = %s AND "
                "(lease_owner = %s OR lease_owner IS NULL OR lease_until < %s)",
                (owner, now + seconds, tid, owner, now), 1)])
        except StoreConflict:
            return False
        return True

    async def release(self, tid: str, owner: str) -> None:
        await self.sql.write([self.sql.op(
            "UPDATE tournaments SET lease_owner = NULL, lease_until = 0 WHERE id = %s "
            "AND lease_owner = %s", (tid, owner))])

    async def move(self, tid: str, before: Sequence[str], status: str, now: float,
                   **columns: Any) -> bool:
        """``status`` (and ``columns``) when the tournament is in one of ``before``; False
        when it was not (nothing changed)."""
        sets = "".join(f", {k} = %s" for k in columns)
        marks = ", ".join(["%s"] * len(before))
        try:
            await self.sql.write([self.sql.op(
                f"UPDATE tournaments SET status = %s, updated = %s{sets} WHERE id = %s AND "
                f"status IN ({marks})", (status, now, *columns.values(), tid, *before), 1)])
        except StoreConflict:
            return False
        return True

    async def set(self, tid: str, now: float, **columns: Any) -> None:
        sets = "".join(f", {k} = %s" for k in columns)
        await self.sql.write([self.sql.op(f"UPDATE tournaments SET updated = %s{sets} "
                                          "WHERE id = %s", (now, *columns.values(), tid))])

    async def start(self, tid: str, order: Sequence[str], rounds: int, now: float) -> bool:
        """``upcoming`` → ``running``: the entrants numbered in ``order`` (ids), the number
        of rounds fixed, in one transaction; False when it was not upcoming."""
        ops = [self.sql.op(
            "UPDATE tournaments SET status = 'running', started = %s, rounds = %s, "
            "updated = %s WHERE id = %s AND status = 'upcoming'", (now, rounds, now, tid), 1)]
        ops += [self.sql.op("UPDATE tournament_entrants SET number = %s WHERE tournament_id = "
                            "%s AND id = %s", (i, tid, eid)) for i, eid in enumerate(order)]
        try:
            await self.sql.write(ops)
        except StoreConflict:
            return False
        return True

    # -- entrants ---------------------------------------------------------------------
    async def entrants(self, tid: str) -> list[tuple]:
        """The entrants, by number (then by when they joined)."""
        return await self.sql.fetch(
            f"SELECT {ENTRANT} FROM tournament_entrants WHERE tournament_id = %s "
            "ORDER BY COALESCE(number, 1000000), joined, id", (tid,))

    async def join(self, tid: str, entrant: tuple, now: float, limit: int) -> bool:
        """Add an entrant while the tournament is upcoming and below ``limit`` entrants (in
        one transaction holding the tournament's row: two joins at once, on one process or
        several, never pass the limit); False when refused (full or started); a second entry
        of one account fails on its key (StoreError)."""
        eid, account_id, bot, name = entrant
        try:
            await self.sql.write([self.sql.op(
                # the tournament's row locked first (PostgreSQL): joins at once count in turn
                "UPDATE tournaments SET updated = updated WHERE id = %s", (tid,)), self.sql.op(
                "INSERT INTO tournament_entrants (tournament_id, id, account_id, bot, name, "
                "joined) SELECT %s, %s, %s, %s, %s, %s WHERE EXISTS (SELECT 1 FROM tournaments "
                "WHERE id = %s AND status = 'upcoming') AND (SELECT COUNT(*) FROM "
                "tournament_entrants WHERE tournament_id = %s) < %s",
                (tid, eid, account_id, bot, name, now, tid, tid, limit), 1)])
        except StoreConflict:
            return False
        return True

    async def leave(self, tid: str, eid: str) -> None:
        """An entrant leaves before the start (its row goes)."""
        await self.sql.write([self.sql.op(
            "DELETE FROM tournament_entrants WHERE tournament_id = %s AND id = %s AND "
            "number IS NULL", (tid, eid))])

    async def withdraw(self, tid: str, eid: str, now: float) -> None:
        """A numbered entrant withdraws: no further pairing (its results stay)."""
        await self.sql.write([self.sql.op(
            "UPDATE tournament_entrants SET withdrawn = %s WHERE tournament_id = %s AND "
            "id = %s AND withdrawn IS NULL", (now, tid, eid))])

    async def of_account(self, account_id: str) -> list[tuple]:
        """``(tournament id, entrant id, number, withdrawn)`` of an account's entries in
        tournaments not finished."""
        return await self.sql.fetch(
            "SELECT e.tournament_id, e.id, e.number, e.withdrawn FROM tournament_entrants e "
            "JOIN tournaments t ON t.id = e.tournament_id WHERE e.account_id = %s AND "
            "t.status IN ('upcoming', 'running') ORDER BY t.created", (account_id,))

    # -- rounds and boards ------------------------------------------------------------
    async def rounds(self, tid: str) -> list[tuple]:
        """``(round, started, deadline, finished)`` in order."""
        return await self.sql.fetch(
            "SELECT round, started, deadline, finished FROM tournament_rounds WHERE "
            "tournament_id = %s ORDER BY round", (tid,))

    async def boards(self, tid: str) -> list[tuple]:
        return await self.sql.fetch(
            f"SELECT {BOARD} FROM tournament_boards WHERE tournament_id = %s "
            "ORDER BY round, board", (tid,))

    async def plan(self, tid: str, rnd: int, now: float, deadline: float,
                   boards: Sequence[tuple[list[int], str | None, list[str | None] | None,
                                          dict[str, Any] | None]]) -> bool:
        """Round ``rnd`` with its boards ``(lineup, game id, seat tokens, result)`` (a bye:
        no game, its result at once) in one transaction; False when it was planned already
        (by another process, or before a restart)."""
        ops = [self.sql.op("INSERT INTO tournament_rounds (tournament_id, round, started, "
                           "deadline) VALUES (%s, %s, %s, %s)", (tid, rnd, now, deadline))]
        for i, (lineup, gid, tokens, result) in enumerate(boards):
            ops.append(self.sql.op(
                "INSERT INTO tournament_boards (tournament_id, round, board, lineup, game_id, "
                "tokens, result, recorded) VALUES (%s, %s, %s, %s, %s, %s, %s, %s)",
                (tid, rnd, i, json.dumps(lineup), gid,
                 json.dumps(tokens) if tokens is not None else None,
                 json.dumps(result) if result is not None else None,
                 now if result is not None else None)))
        try:
            await self.sql.write(ops)
        except StoreError:
            if any(r[0] == rnd for r in await self.rounds(tid)):
                return False
            raise
        return True

    async def made(self, tid: str, rnd: int, board: int, now: float) -> None:
        await self.sql.write([self.sql.op(
            "UPDATE tournament_boards SET made = %s WHERE tournament_id = %s AND round = %s "
            "AND board = %s AND made IS NULL", (now, tid, rnd, board))])

    async def record(self, tid: str, rnd: int, board: int, result: dict[str, Any],
                     now: float) -> bool:
        """A board's result, once (False: it had one)."""
        try:
            await self.sql.write([self.sql.op(
                "UPDATE tournament_boards SET result = %s, recorded = %s WHERE tournament_id = "
                "%s AND round = %s AND board = %s AND result IS NULL",
                (json.dumps(result), now, tid, rnd, board), 1)])
        except StoreConflict:
            return False
        return True

    async def end_round(self, tid: str, rnd: int, now: float) -> None:
        await self.sql.write([self.sql.op(
            "UPDATE tournament_rounds SET finished = %s WHERE tournament_id = %s AND "
            "round = %s AND finished IS NULL", (now, tid, rnd))])

    async def shift_deadlines(self, tid: str, by: float) -> None:
        """Move the clocks of the rounds being played on by ``by`` seconds (a pause)."""
        await self.sql.write([self.sql.op(
            "UPDATE tournament_rounds SET deadline = deadline + %s WHERE tournament_id = %s "
            "AND finished IS NULL", (by, tid))])

    async def games(self, game_ids: Sequence[str]) -> dict[str, tuple[str, str]]:
        """``game id -> (status, snapshot)`` of the stored games among ``game_ids``."""
        out: dict[str, tuple[str, str]] = {}
        ids = list(game_ids)
        for i in range(0, len(ids), 200):
            part = ids[i:i + 200]
            marks = ", ".join(["%s"] * len(part))
            for gid, status, snap in await self.sql.fetch(
                    f"SELECT id, status, snapshot FROM games WHERE id IN ({marks})", part):
                out[gid] = (status, snap)
        return out

    async def seat_events(self, game_id: str) -> set[int]:
        """The seats of a game that made a decision of their own (not the clock's for
        them: an event marked ``auto``)."""
        rows = await self.sql.fetch("SELECT seat, data FROM events WHERE game_id = %s AND "
                                    "kind = 'choose' AND seat IS NOT NULL", (game_id,))
        return {int(seat) for seat, data in rows if not json.loads(data).get("auto")}

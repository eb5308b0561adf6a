"""The SQL of accounts, sessions, seat ownership and ratings (tables of migration
``0003_accounts``), on either store: SQLite (:class:`~qwixo.server.store.Store`) or PostgreSQL
(:class:`~qwixo.server.store_pg.PgStore`).

Statements are written once with ``%s`` placeholders (PostgreSQL's); for SQLite they become
``?``. Reads run through the store's read path, writes through its transaction path; the rating
statements of a finished game are handed to the store's ``add_event`` (``extra``) so that they
commit **in the same transaction** as the game's last event.

>>> AccountStore.sqlite_sql("SELECT a FROM t WHERE b = %s")
'SELECT a FROM t WHERE b = ?'
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from qwixo.server.store import Store, StoreError

Op = tuple


class AccountStore:
    """The account queries of one store."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.pg = not isinstance(store, Store)

    @staticmethod
    def sqlite_sql(sql: str) -> str:
        return sql.replace("%s", "?")

    # -- plumbing ---------------------------------------------------------------------
    def op(self, sql: str, params: Sequence[Any], rows: int | None = None) -> Op:
        """A write statement in the store's form (``rows``: the rows it must change, else
        :class:`~qwixo.server.store.StoreConflict`)."""
        if self.pg:
            return (sql, tuple(params), rows)
        return ((self.sqlite_sql(sql), tuple(params)) if rows is None
                else (self.sqlite_sql(sql), tuple(params), rows))

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        if self.pg:
            async def run(conn) -> list[tuple]:
                cur = await conn.execute(sql, tuple(params))
                return list(await cur.fetchall())
            return await self.store._read(run)
        q = self.sqlite_sql(sql)
        return await self.store.acall(lambda db: db.execute(q, tuple(params)).fetchall())

    async def write(self, ops: list[Op]) -> None:
        if self.pg:
            await self.store._write(ops)
        else:
            await self.store.write(ops)

    # -- accounts ---------------------------------------------------------------------
    async def create_account(self, account_id: str, name: str, key: str, password: str,
                             skeleton: str | None = None) -> bool:
        """Insert an account; False when the name is taken: the same ``key``, or the same
        ``skeleton`` (:func:`qwixo.server.chars.name_skeleton`, default: of ``name``) as a
        live account's name."""
        from qwixo.server.chars import name_skeleton

        skeleton = name_skeleton(name) if skeleton is None else skeleton
        await self._fill_skeletons()
        try:
            await self.write([self.op(
                "INSERT INTO accounts (id, name, name_key, password, created, name_skeleton) "
                "SELECT %s, %s, %s, %s, %s, %s WHERE NOT EXISTS (SELECT 1 FROM accounts "
                "WHERE name_skeleton = %s AND deleted = 0) ON CONFLICT DO NOTHING",
                (account_id, name, key, password, time.time(), skeleton, skeleton), 1)])
        except StoreError:
            return False
        return True

    async def _fill_skeletons(self) -> None:
        """Give the live accounts made before the skeletons were kept theirs (once)."""
        if getattr(self.store, "_skeletons_filled", False):
            return
        from qwixo.server.chars import name_skeleton

        rows = await self.fetch("SELECT id, name FROM accounts WHERE name_skeleton IS NULL "
                                "AND deleted = 0")
        if rows:
            await self.write([self.op("UPDATE accounts SET name_skeleton = %s WHERE id = %s",
                                      (name_skeleton(name), account_id))
                              for account_id, name in rows])
        self.store._skeletons_filled = True

    async def account_by_key(self, key: str) -> tuple[str, str, str] | None:
        """``(id, name, password hash)`` of the live account with this name key."""
        rows = await self.fetch("SELECT id, name, password FROM accounts WHERE name_key = %s "
                                "AND deleted = 0", (key,))
        return tuple(rows[0]) if rows else None  # type: ignore[return-value]

    async def account_by_id(self, account_id: str) -> tuple[str, str, str] | None:
        rows = await self.fetch("SELECT id, name, password FROM accounts WHERE id = %s "
                                "AND deleted = 0", (account_id,))
        return tuple(rows[0]) if rows else None  # type: ignore[return-value]

    async def set_password(self, account_id: str, password: str) -> None:
        await self.write([self.op("UPDATE accounts SET password = %s WHERE id = %s",
                                  (password, account_id))])

    async def delete_account(self, account_id: str, anonymous: str) -> None:
        """Anonymise an account: no name, no password, no session; its seats in games keep
        their place under the name ``anonymous``, and so do their chat lines; its ratings
        leave the leaderboards."""
        await self.write([
            self.op("DELETE FROM sessions WHERE account_id = %s", (account_id,)),
            self.op("UPDATE seats SET name = %s WHERE EXISTS (SELECT 1 FROM seat_accounts a "
                    "WHERE a.game_id = seats.game_id AND a.seat = seats.seat "
                    "AND a.account_id = %s)", (anonymous, account_id)),
            self.op("UPDATE chat SET name = %s WHERE EXISTS (SELECT 1 FROM seat_accounts a "
                    "WHERE a.game_id = chat.game_id AND a.seat = chat.seat "
                    "AND a.account_id = %s)", (anonymous, account_id)),
            self.op("UPDATE accounts SET name = '', name_key = NULL, password = '', "
                    "deleted = 1 WHERE id = %s", (account_id,)),
        ])

    # -- sessions ---------------------------------------------------------------------
    async def add_session(self, token_hash: str, account_id: str,
                          replaces: str | None = None) -> None:
        ops = []
        if replaces:
            ops.append(self.op("DELETE FROM sessions WHERE token_hash = %s", (replaces,)))
        ops.append(self.op("INSERT INTO sessions (token_hash, account_id, created) "
                           "VALUES (%s, %s, %s)", (token_hash, account_id, time.time())))
        await self.write(ops)

    async def session(self, token_hash: str, max_age: float) -> tuple[str, str] | None:
        """``(account id, name)`` of a live session."""
        rows = await self.fetch(
            "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id "
            "WHERE s.token_hash = %s AND s.created > %s AND a.deleted = 0",
            (token_hash, time.time() - max_age))
        return tuple(rows[0]) if rows else None  # type: ignore[return-value]

    async def end_session(self, token_hash: str) -> None:
        await self.write([self.op("DELETE FROM sessions WHERE token_hash = %s", (token_hash,))])

    async def end_sessions(self, account_id: str) -> None:
        await self.write([self.op("DELETE FROM sessions WHERE account_id = %s", (account_id,))])

    # -- seats ------------------------------------------------------------------------
    async def claim_seat(self, game_id: str, seat: int, account_id: str) -> bool:
        """Link a seat to an account (once: False when the seat already has one)."""
        try:
            await self.write([self.op(
                "INSERT INTO seat_accounts (game_id, seat, account_id) VALUES (%s, %s, %s) "
                "ON CONFLICT DO NOTHING", (game_id, seat, account_id), 1)])
        except StoreError:
            return False
        return True

    async def seat_accounts(self, game_id: str) -> dict[int, str]:
        rows = await self.fetch("SELECT seat, account_id FROM seat_accounts WHERE game_id = %s",
                                (game_id,))
        return {int(s): a for s, a in rows}

    async def games_of(self, account_id: str, limit: int = 1000) -> list[tuple]:
        """``(game id, seat, game, settings, snapshot, status, version, created, updated)`` of
        the account's games, newest first."""
        return await self.fetch(
            "SELECT g.id, s.seat, g.game, g.settings, g.snapshot, g.status, g.version, "
            "g.created, g.updated FROM seat_accounts s JOIN games g ON g.id = s.game_id "
            "WHERE s.account_id = %s ORDER BY g.updated DESC LIMIT %s", (account_id, limit))

    async def seats_of(self, game_ids: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
        """``game id -> [{seat, kind, bot, name}]`` (seat order) of the games ``game_ids``."""
        if not game_ids:
            return {}
        marks = ", ".join(["%s"] * len(game_ids))
        rows = await self.fetch(f"SELECT game_id, seat, kind, bot, name FROM seats WHERE game_id "
                                f"IN ({marks}) ORDER BY game_id, seat", tuple(game_ids))
        out: dict[str, list[dict[str, Any]]] = {}
        for gid, seat, kind, bot, name in rows:
            out.setdefault(gid, []).append({"seat": seat, "kind": kind, "bot": bot, "name": name})
        return out

    async def rated_ids(self, game_ids: Sequence[str]) -> set[str]:
        if not game_ids:
            return set()
        marks = ", ".join(["%s"] * len(game_ids))
        rows = await self.fetch(f"SELECT game_id FROM rated_games WHERE game_id IN ({marks})",
                                tuple(game_ids))
        return {r[0] for r in rows}

    # -- ratings ----------------------------------------------------------------------
    async def ratings(self, players: Sequence[str], cls: str) -> dict[str, tuple]:
        """``player -> (rating, deviation, volatility, games, system)`` in class ``cls``."""
        if not players:
            return {}
        marks = ", ".join(["%s"] * len(players))
        rows = await self.fetch(
            "SELECT player, rating, deviation, volatility, games, system FROM ratings "
            f"WHERE class = %s AND player IN ({marks})", (cls, *players))
        return {r[0]: tuple(r[1:]) for r in rows}

    async def ratings_of(self, player: str) -> list[tuple]:
        """``(class, rating, deviation, volatility, games, system)`` of every class."""
        return await self.fetch("SELECT class, rating, deviation, volatility, games, system "
                                "FROM ratings WHERE player = %s ORDER BY class", (player,))

    async def game_ratings(self, game_id: str) -> list[tuple]:
        """The rating change of each seat of one rated game: ``(seat, previous, rating,
        deviation)``, by seat (``[]`` when the game was not rated)."""
        return await self.fetch("SELECT seat, previous, rating, deviation FROM rating_history "
                                "WHERE game_id = %s ORDER BY seat", (game_id,))

    async def pair_games(self, a: str, b: str, since: float) -> int:
        """Rated games of both players ``a`` and ``b`` since the time ``since``."""
        rows = await self.fetch(
            "SELECT count(DISTINCT h1.game_id) FROM rating_history h1 JOIN rating_history h2 "
            "ON h1.game_id = h2.game_id WHERE h1.player = %s AND h2.player = %s "
            "AND h1.time > %s", (a, b, since))
        return int(rows[0][0]) if rows else 0

    async def pair_gain(self, a: str, b: str, since: float) -> float:
        """The rating ``a`` gained (net) in the rated games since ``since`` that ``b`` took
        part in (rated or not in them)."""
        rows = await self.fetch(
            "SELECT coalesce(sum(h1.rating - h1.previous), 0) FROM rating_history h1 "
            "WHERE h1.player = %s AND h1.time > %s AND EXISTS (SELECT 1 FROM "
            "rating_history h2 WHERE h2.game_id = h1.game_id AND h2.player = %s)",
            (a, since, b))
        return float(rows[0][0]) if rows else 0.0

    async def created_of(self, account_id: str) -> float | None:
        """When the account was created (None when there is no such account)."""
        rows = await self.fetch("SELECT created FROM accounts WHERE id = %s", (account_id,))
        return float(rows[0][0]) if rows else None

    async def history_of(self, player: str) -> list[tuple]:
        """``(class, game id, previous, previous deviation, rating, deviation, time)``,
        oldest first."""
        return await self.fetch("SELECT class, game_id, previous, previous_deviation, rating, "
                                "deviation, time "
                                "FROM rating_history WHERE player = %s ORDER BY time, game_id",
                                (player,))

    async def rating_rows(self, game_id: str) -> list[tuple]:
        """``(seat, player, previous, rating)`` of a rated game (empty when not rated)."""
        return await self.fetch("SELECT seat, player, previous, rating FROM rating_history "
                                "WHERE game_id = %s ORDER BY seat", (game_id,))

    async def leaderboard(self, cls: str, limit: int, bots: bool = False) -> list[tuple]:
        """``(name, rating, deviation, games)`` of the accounts of a class — the people's, or
        (``bots``) the bot accounts' —, best first (by the conservative rating ``rating -
        2 deviation``)."""
        return await self.fetch(
            "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a "
            "ON r.player = 'a:' || a.id WHERE r.class = %s AND a.deleted = 0 AND a.bot = %s "
            "ORDER BY r.rating - 2 * r.deviation DESC, a.name LIMIT %s",
            (cls, 1 if bots else 0, limit))

    async def bot_board(self, cls: str) -> list[tuple]:
        return await self.fetch(
            "SELECT player, rating, deviation, games FROM ratings WHERE class = %s "
            "AND substr(player, 1, 2) = 'b:' ORDER BY rating DESC", (cls,))

    async def classes(self) -> list[str]:
        return [r[0] for r in await self.fetch("SELECT DISTINCT class FROM ratings "
                                               "ORDER BY class")]

    def rating_ops(self, game_id: str, cls: str, now: float,
                   changes: Sequence[tuple[int, str, tuple | None, Any, Any]]) -> list[Op]:
        """The statements rating one finished game: its unique ``rated_games`` row (a second
        rating of the same game conflicts), each player's new rating — an update only if the
        rating is still the one read (its game count), else a conflict and the whole game end
        is decided again — and the history rows. ``changes``: ``(seat, player, old row or
        None, the Rating before, the Rating after)``."""
        ops = [self.op("INSERT INTO rated_games (game_id, class, time) VALUES (%s, %s, %s) "
                       "ON CONFLICT DO NOTHING", (game_id, cls, now), 1)]
        for seat, player, old, previous, new in changes:
            values = (new.rating, new.deviation, new.volatility, new.games, new.system, now)
            if old is None:
                ops.append(self.op(
                    "INSERT INTO ratings (rating, deviation, volatility, games, system, "
                    "updated, player, class) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) "
                    "ON CONFLICT DO NOTHING", (*values, player, cls), 1))
            else:
                ops.append(self.op(
                    "UPDATE ratings SET rating = %s, deviation = %s, volatility = %s, "
                    "games = %s, system = %s, updated = %s WHERE player = %s AND class = %s "
                    "AND games = %s", (*values, player, cls, old[3]), 1))
            ops.append(self.op(
                "INSERT INTO rating_history (game_id, seat, player, class, previous, "
                "previous_deviation, rating, deviation, time) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (game_id, seat, player, cls, previous.rating, previous.deviation, new.rating,
                 new.deviation, now)))
        return ops

"""The SQL of challenges (table ``challenges`` of migration ``0008``), on either store (SQLite
or PostgreSQL) through the plumbing of :class:`~qwixo.server.store_accounts.AccountStore`.

A challenge changes state only from ``pending`` (``WHERE status = 'pending'``, the row must
change, else :class:`~qwixo.server.store.StoreConflict`): an accept and a cancel at once, on
one process or two, leave exactly one of them done.
"""

from __future__ import annotations

from typing import Any

from qwixo.server.store_accounts import AccountStore

#: (id, from id, to id, spec, status, created, expires, updated, game id, from token,
#: from name, to name)
COLUMNS = ("c.id, c.from_id, c.to_id, c.spec, c.status, c.created, c.expires, c.updated, "
           "c.game_id, c.from_token, f.name, t.name")
_FROM = ("FROM challenges c JOIN accounts f ON f.id = c.from_id "
         "JOIN accounts t ON t.id = c.to_id")


class ChallengeStore:
    """The challenge queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def add(self, cid: str, from_id: str, to_id: str, spec: str, now: float,
                  expires: float) -> None:
        await self.sql.write([self.sql.op(
            "INSERT INTO challenges (id, from_id, to_id, spec, status, created, expires, "
            "updated) VALUES (%s, %s, %s, %s, 'pending', %s, %s, %s)",
            (cid, from_id, to_id, spec, now, expires, now))])

    async def get(self, cid: str) -> tuple | None:
        rows = await self.sql.fetch(f"SELECT {COLUMNS} {_FROM} WHERE c.id = %s", (cid,))
        return rows[0] if rows else None

    async def of(self, account_id: str, since: float) -> list[tuple]:
        """The challenges from or to ``account_id`` still pending or changed since
        ``since``, newest first."""
        return await self.sql.fetch(
            f"SELECT {COLUMNS} {_FROM} WHERE (c.from_id = %s OR c.to_id = %s) "
            "AND (c.status = 'pending' OR c.updated >= %s) ORDER BY c.created DESC LIMIT 100",
            (account_id, account_id, since))

    async def pending_from(self, from_id: str, now: float) -> int:
        rows = await self.sql.fetch(
            "SELECT COUNT(*) FROM challenges WHERE from_id = %s AND status = 'pending' "
            "AND expires > %s", (from_id, now))
        return int(rows[0][0])

    async def move(self, cid: str, status: str, now: float) -> None:
        """``pending`` (not expired) → ``status``; StoreConflict when it was not pending."""
        await self.sql.write([self.sql.op(
            "UPDATE challenges SET status = %s, updated = %s WHERE id = %s "
            "AND status = 'pending' AND expires > %s", (status, now, cid, now), 1)])

    async def accepted(self, cid: str, game_id: str, from_token: str, now: float) -> None:
        await self.sql.write([self.sql.op(
            "UPDATE challenges SET status = 'accepted', game_id = %s, from_token = %s, "
            "updated = %s WHERE id = %s", (game_id, from_token, now, cid))])

    async def back(self, cid: str, now: float) -> None:
        """An accept whose game could not be made: pending again."""
        await self.sql.write([self.sql.op(
            "UPDATE challenges SET status = 'pending', updated = %s WHERE id = %s "
            "AND status = 'accepting'", (now, cid))])


class FollowStore:
    """Who an account follows (table ``follows``)."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def follow(self, follower: str, followed: str, now: float) -> None:
        await self.sql.write([self.sql.op(
            "INSERT INTO follows (follower_id, followed_id, created) VALUES (%s, %s, %s) "
            "ON CONFLICT DO NOTHING", (follower, followed, now))])

    async def unfollow(self, follower: str, followed: str) -> None:
        await self.sql.write([self.sql.op(
            "DELETE FROM follows WHERE follower_id = %s AND followed_id = %s",
            (follower, followed))])

    async def followed(self, follower: str) -> list[tuple[str, str]]:
        """``(account id, name)`` of the accounts ``follower`` follows, by name."""
        return await self.sql.fetch(
            "SELECT a.id, a.name FROM follows f JOIN accounts a ON a.id = f.followed_id "
            "WHERE f.follower_id = %s AND a.deleted = 0 ORDER BY a.name_key", (follower,))

    async def current_games(self, account_id: str) -> list[tuple]:
        """``(game id, seat, game, settings, updated)`` of the account's unfinished games,
        last moved first."""
        return await self.sql.fetch(
            "SELECT g.id, s.seat, g.game, g.settings, g.updated FROM seat_accounts s "
            "JOIN games g ON g.id = s.game_id WHERE s.account_id = %s AND g.status <> "
            "'finished' ORDER BY g.updated DESC LIMIT 20", (account_id,))

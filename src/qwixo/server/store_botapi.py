"""The SQL of bot accounts and API tokens (migration ``0012``: ``accounts.bot`` and table
``api_tokens``), on either store (SQLite or PostgreSQL) through the plumbing of
:class:`~qwixo.server.store_accounts.AccountStore`.

A token is kept by its SHA-256 only (:func:`qwixo.server.store.token_hash`): the database
never holds a token that opens anything.
"""

from __future__ import annotations

from typing import Any

from qwixo.server.store_accounts import AccountStore


class BotStore:
    """The bot account and API token queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    # -- bot accounts -------------------------------------------------------------------
    async def is_bot(self, account_id: str) -> bool:
        rows = await self.sql.fetch("SELECT bot FROM accounts WHERE id = %s", (account_id,))
        return bool(rows and rows[0][0])

    async def bots_among(self, account_ids: list[str]) -> set[str]:
        """The bot accounts of ``account_ids``."""
        if not account_ids:
            return set()
        marks = ", ".join(["%s"] * len(account_ids))
        rows = await self.sql.fetch(
            f"SELECT id FROM accounts WHERE bot = 1 AND id IN ({marks})", tuple(account_ids))
        return {r[0] for r in rows}

    async def rated_games_of(self, player: str) -> int:
        """Rated games the rating player ``player`` (``a:ID``) took part in."""
        rows = await self.sql.fetch("SELECT COUNT(*) FROM rating_history WHERE player = %s",
                                    (player,))
        return int(rows[0][0])

    async def make_bot(self, account_id: str) -> None:
        """Mark the account a bot account, only while it has no rated game as a person
        (the row must change: else StoreConflict)."""
        await self.sql.write([self.sql.op(
            "UPDATE accounts SET bot = 1 WHERE id = %s AND bot = 0 AND deleted = 0 AND "
            "NOT EXISTS (SELECT 1 FROM rating_history WHERE player = %s)",
            (account_id, "a:" + account_id), 1)])

    async def names_bots(self, names: list[str]) -> set[str]:
        """The names of ``names`` that are bot accounts' (live accounts)."""
        if not names:
            return set()
        marks = ", ".join(["%s"] * len(names))
        rows = await self.sql.fetch(
            f"SELECT name FROM accounts WHERE bot = 1 AND deleted = 0 AND name IN ({marks})",
            tuple(names))
        return {r[0] for r in rows}

    async def running_games(self, account_id: str) -> int:
        rows = await self.sql.fetch(
            "SELECT COUNT(*) FROM seat_accounts s JOIN games g ON g.id = s.game_id "
            "WHERE s.account_id = %s AND g.status <> 'finished'", (account_id,))
        return int(rows[0][0])

    async def games_since(self, account_id: str, since: float) -> list[tuple]:
        """``(game id, seat, game, settings, status, updated)`` of the account's unfinished
        games and those changed since ``since``, last changed first."""
        return await self.sql.fetch(
            "SELECT g.id, s.seat, g.game, g.settings, g.status, g.updated FROM seat_accounts s "
            "JOIN games g ON g.id = s.game_id WHERE s.account_id = %s AND "
            "(g.status <> 'finished' OR g.updated >= %s) ORDER BY g.updated DESC LIMIT 200",
            (account_id, since))

    # -- tokens -------------------------------------------------------------------------
    async def add_token(self, tid: str, account_id: str, hashed: str, description: str,
                        scopes: str, now: float) -> None:
        await self.sql.write([self.sql.op(
            "INSERT INTO api_tokens (id, account_id, token_hash, description, scopes, created) "
            "VALUES (%s, %s, %s, %s, %s, %s)", (tid, account_id, hashed, description, scopes,
                                                now))])

    async def tokens_of(self, account_id: str) -> list[tuple]:
        """``(id, description, scopes, created, last used)`` of the account's live tokens,
        newest first."""
        return await self.sql.fetch(
            "SELECT id, description, scopes, created, last_used FROM api_tokens "
            "WHERE account_id = %s AND revoked IS NULL ORDER BY created DESC", (account_id,))

    async def token(self, hashed: str) -> tuple | None:
        """``(token id, account id, name, scopes, bot)`` of a live token of a live account."""
        rows = await self.sql.fetch(
            "SELECT t.id, a.id, a.name, t.scopes, a.bot FROM api_tokens t JOIN accounts a "
            "ON a.id = t.account_id WHERE t.token_hash = %s AND t.revoked IS NULL "
            "AND a.deleted = 0", (hashed,))
        return tuple(rows[0]) if rows else None

    async def used(self, tid: str, now: float) -> None:
        await self.sql.write([self.sql.op(
            "UPDATE api_tokens SET last_used = %s WHERE id = %s", (now, tid))])

    async def revoke(self, account_id: str, tid: str, now: float) -> None:
        """Revoke a live token of the account (StoreConflict when there is none)."""
        await self.sql.write([self.sql.op(
            "UPDATE api_tokens SET revoked = %s WHERE id = %s AND account_id = %s "
            "AND revoked IS NULL", (now, tid, account_id), 1)])

    async def revoke_all(self, account_id: str, now: float) -> None:
        await self.sql.write([self.sql.op(
            "UPDATE api_tokens SET revoked = %s WHERE account_id = %s AND revoked IS NULL",
            (now, account_id))])

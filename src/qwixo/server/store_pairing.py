"""The SQL of quick pairing (table ``seeks`` of migration ``0008``), on either store: SQLite
or PostgreSQL, through the plumbing of :class:`~qwixo.server.store_accounts.AccountStore`.

A waiting player is paired once: :meth:`PairingStore.take` marks the seeks of one new game in
one transaction, each only if it still waits (``game_id IS NULL``), else the transaction
fails with :class:`~qwixo.server.store.StoreConflict` and nothing is taken — whichever
process (of several on one PostgreSQL database) pairs first wins, the other tries again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qwixo.server.store_accounts import AccountStore

#: (id, pool, spec, players, name, account id, rating, lo, hi, bots after, created, seen,
#: game id, seat, token)
Seek = tuple

COLUMNS = ("id, pool, spec, players, name, account_id, rating, lo, hi, bots_after, created, "
           "seen, game_id, seat, token")


class PairingStore:
    """The pairing queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def add(self, seek: Sequence[Any]) -> None:
        """A new waiting player: ``(id, pool, spec, players, name, account id, rating, lo,
        hi, bots after, created)``."""
        values = (*seek, seek[-1])  # seen = created
        await self.sql.write([self.sql.op(
            "INSERT INTO seeks (id, pool, spec, players, name, account_id, rating, lo, hi, "
            "bots_after, created, seen) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            values)])

    async def get(self, seek_id: str) -> Seek | None:
        rows = await self.sql.fetch(f"SELECT {COLUMNS} FROM seeks WHERE id = %s", (seek_id,))
        return rows[0] if rows else None

    async def seen(self, seek_id: str, now: float) -> None:
        await self.sql.write([self.sql.op("UPDATE seeks SET seen = %s WHERE id = %s",
                                          (now, seek_id))])

    async def waiting(self, pool: str, since: float) -> list[Seek]:
        """The players waiting in ``pool`` who asked after their seek since ``since``,
        longest wait first."""
        return await self.sql.fetch(
            f"SELECT {COLUMNS} FROM seeks WHERE pool = %s AND game_id IS NULL AND seen >= %s "
            "ORDER BY created, id", (pool, since))

    async def take(self, seek_ids: Sequence[str], mark: str) -> None:
        """Mark these seeks as being paired (``mark``) — all of them, or none
        (``StoreConflict`` when one was taken meanwhile)."""
        await self.sql.write([self.sql.op(
            "UPDATE seeks SET game_id = %s WHERE id = %s AND game_id IS NULL", (mark, sid), 1)
            for sid in sorted(seek_ids)])  # (one order for all: no deadlock between processes)

    async def seat(self, seats: Sequence[tuple[str, str, int, str | None]]) -> None:
        """The game of paired seeks: ``(seek id, game id, seat, token)`` each."""
        await self.sql.write([self.sql.op(
            "UPDATE seeks SET game_id = %s, seat = %s, token = %s WHERE id = %s",
            (gid, seat, token, sid)) for sid, gid, seat, token in seats])

    async def release(self, seek_ids: Sequence[str], mark: str) -> None:
        """Seeks marked ``mark`` wait again (their game could not be made)."""
        await self.sql.write([self.sql.op(
            "UPDATE seeks SET game_id = NULL WHERE id = %s AND game_id = %s", (sid, mark))
            for sid in seek_ids])

    async def cancel(self, seek_id: str) -> bool:
        """Stop waiting (only while not paired); True when it was waiting."""
        before = await self.get(seek_id)
        await self.sql.write([self.sql.op(
            "DELETE FROM seeks WHERE id = %s AND game_id IS NULL", (seek_id,))])
        return before is not None and before[12] is None

    async def forget(self, before: float) -> None:
        """Drop the seeks nobody asked after since ``before`` (waiting or paired)."""
        await self.sql.write([self.sql.op("DELETE FROM seeks WHERE seen < %s", (before,))])

"""The SQL of the games' chat (table ``chat`` of migration ``0004``), on either store: SQLite
(:class:`~qwixo.server.store.Store`) or PostgreSQL (:class:`~qwixo.server.store_pg.PgStore`),
through the plumbing of :class:`~qwixo.server.store_accounts.AccountStore` (statements written
once with ``%s``).

A line is committed before anyone is sent it (as a move): what a client saw acknowledged
survives a restart. ``team`` is ``''`` for a public line, else the team's seats (``"0,2"``).
When an account is deleted its lines stay under the anonymous name, as its seats do
(:meth:`~qwixo.server.store_accounts.AccountStore.delete_account`).

>>> team_key([2, 0])
'0,2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qwixo.server.store_accounts import AccountStore


def team_key(team: Sequence[int] | None) -> str:
    """How a line's audience is stored: ``''`` everyone, else the team's seats in order."""
    return ",".join(str(s) for s in sorted(team)) if team else ""


class ChatStore:
    """The chat queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def add(self, game_id: str, line: dict[str, Any], team: Sequence[int] | None) -> None:
        """Commit one chat line (``seat``, ``name``, ``text``, ``time``) of ``game_id``."""
        await self.sql.write([self.sql.op(
            "INSERT INTO chat (game_id, seat, name, text, team, time) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            (game_id, line["seat"], line["name"], line["text"], team_key(team),
             line["time"]))])

    async def history(self, game_id: str, team: Sequence[int] | None,
                      limit: int) -> list[dict[str, Any]]:
        """The last ``limit`` public lines of ``game_id`` and (``team``) the last ``limit``
        lines of that team, oldest first, as the ``chat`` messages they were sent as."""
        keys = [""] + ([team_key(team)] if team else [])
        rows: list[tuple] = []
        for key in keys:
            rows += await self.sql.fetch(
                "SELECT id, seat, name, text, team, time FROM chat WHERE game_id = %s "
                "AND team = %s ORDER BY id DESC LIMIT %s", (game_id, key, limit))
        rows.sort(key=lambda r: r[0])
        return [{"type": "chat", "seat": seat, "name": name, "text": text,
                 "to": "team" if key else "all", "time": when}
                for _id, seat, name, text, key, when in rows]

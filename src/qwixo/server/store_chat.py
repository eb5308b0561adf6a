"""The SQL of the games' chat (table ``chat`` of migration ``0004``), on either store: SQLite
(:class:`~qwixo.server.store.Store`) or PostgreSQL (:class:`~qwixo.server.store_pg.PgStore`),
through the plumbing of :class:`~qwixo.server.store_accounts.AccountStore` (statements written
once with ``%s``).

A line is committed before anyone is sent it (as a move): what a client saw acknowledged
survives a restart. ``team`` is ``''`` for a public line, else the team's seats (``"0,2"``).
On PostgreSQL the insert also notifies the other processes (``pg_notify('qwixo', 'GAME -ID
OWNER')``: a negative version is chat line ``ID``), which read the line (:meth:`ChatStore.line`)
and pass it to their own connections.
When an account is deleted its lines stay under the anonymous name, as its seats do
(:meth:`~qwixo.server.store_accounts.AccountStore.delete_account`).

>>> team_key([2, 0])
'0,2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qwixo.server.store_accounts import AccountStore
from qwixo.server.store_pg import CHANNEL

Line = tuple[int, str, dict[str, Any]]  # (id, team key, the ``chat`` message)


def team_key(team: Sequence[int] | None) -> str:
    """How a line's audience is stored: ``''`` everyone, else the team's seats in order."""
    return ",".join(str(s) for s in sorted(team)) if team else ""


class ChatStore:
    """The chat queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def add(self, game_id: str, line: dict[str, Any], team: Sequence[int] | None,
                  owner: str = "") -> None:
        """Commit one chat line (``seat``, ``name``, ``text``, ``time``) of ``game_id``
        (PostgreSQL: and tell the other processes, ``owner`` being this one)."""
        values = (game_id, line["seat"], line["name"], line["text"], team_key(team),
                  line["time"])
        insert = ("INSERT INTO chat (game_id, seat, name, text, team, time) "
                  "VALUES (%s, %s, %s, %s, %s, %s)")
        if self.sql.pg:  # one statement: the line and its notification, at commit
            op = self.sql.op(f"WITH c AS ({insert} RETURNING id) SELECT pg_notify(%s, "
                             "%s::text || ' -' || c.id || ' ' || %s::text) FROM c",
                             (*values, CHANNEL, game_id, owner))
        else:
            op = self.sql.op(insert, values)
        await self.sql.write([op])

    async def history(self, game_id: str, team: Sequence[int] | None,
                      limit: int) -> list[Line]:
        """The last ``limit`` public lines of ``game_id`` and (``team``) the last ``limit``
        lines of that team, oldest first."""
        keys = [""] + ([team_key(team)] if team else [])
        rows: list[tuple] = []
        for key in keys:
            rows += await self.sql.fetch(
                "SELECT id, seat, name, text, team, time FROM chat WHERE game_id = %s "
                "AND team = %s ORDER BY id DESC LIMIT %s", (game_id, key, limit))
        return [_line(r) for r in sorted(rows, key=lambda r: r[0])]

    async def line(self, line_id: int) -> Line | None:
        """Chat line ``line_id`` (another process wrote it)."""
        rows = await self.sql.fetch("SELECT id, seat, name, text, team, time FROM chat "
                                    "WHERE id = %s", (line_id,))
        return _line(rows[0]) if rows else None

    async def lines_of(self, account_id: str) -> dict[tuple[str, int], list[dict[str, Any]]]:
        """The lines written from the seats account ``account_id`` holds (public and team
        lines; the data export), per ``(game id, seat)``, oldest first."""
        rows = await self.sql.fetch(
            "SELECT c.id, c.seat, c.name, c.text, c.team, c.time, c.game_id FROM chat c "
            "JOIN seat_accounts s ON s.game_id = c.game_id AND s.seat = c.seat "
            "WHERE s.account_id = %s ORDER BY c.id", (account_id,))
        out: dict[tuple[str, int], list[dict[str, Any]]] = {}
        for row in rows:
            out.setdefault((row[6], int(row[1])), []).append(_line(row[:6])[2])
        return out


def _line(row: tuple) -> Line:
    line_id, seat, name, text, key, when = row
    return int(line_id), key, {"type": "chat", "seat": seat, "name": name, "text": text,
                               "to": "team" if key else "all", "time": when}

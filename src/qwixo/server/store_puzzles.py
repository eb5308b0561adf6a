"""The SQL of signed-in players' puzzle ratings (tables ``puzzle_ratings`` and
``puzzle_attempts`` of migration ``0007``), on either store through the plumbing of
:class:`~qwixo.server.store_accounts.AccountStore` (statements written once with ``%s``).

One attempt per puzzle and account counts: the first one that ends (solved, or a wrong move /
the solution asked for). A rated attempt is followed from its first ply (table
``puzzle_progress`` of migration ``0010``: the line it has played so far), and a puzzle whose
solution was shown to the account (an unrated request that ended with it) no longer counts. Counting it writes, in one transaction, the attempt (refused when that
puzzle already counted) and the new rating — only if the rating is still the one it was computed
from (``attempts`` unchanged; else, another attempt of the same player just counted: read again
and retry), so two attempts at once never lose an update.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from qwixo.server.store import StoreConflict
from qwixo.server.store_accounts import AccountStore

#: a new player's puzzle rating
START = 1500.0


class PuzzleStore:
    """The puzzle-rating queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def rating(self, account_id: str, game: str) -> dict[str, Any]:
        """``{"rating", "attempts", "solved"}`` of an account in ``game``'s puzzles (a new
        player: :data:`START`, 0, 0)."""
        rows = await self.sql.fetch(
            "SELECT rating, attempts, solved FROM puzzle_ratings WHERE account_id = %s "
            "AND game = %s", (account_id, game))
        if not rows:
            return {"rating": START, "attempts": 0, "solved": 0}
        rating, attempts, solved = rows[0]
        return {"rating": float(rating), "attempts": int(attempts), "solved": int(solved)}

    async def counted(self, account_id: str, game: str, puzzle: str) -> bool:
        rows = await self.sql.fetch(
            "SELECT 1 FROM puzzle_attempts WHERE account_id = %s AND game = %s AND puzzle = %s",
            (account_id, game, puzzle))
        return bool(rows)

    async def progress(self, account_id: str, game: str, puzzle: str
                       ) -> tuple[list[str] | None, bool]:
        """``(line, shown)`` of an account's puzzle: the moves (the player's and the defender's)
        its rated attempt going on has played (None: none going on), and whether the solution
        was shown to the account."""
        rows = await self.sql.fetch(
            "SELECT line, shown FROM puzzle_progress WHERE account_id = %s AND game = %s "
            "AND puzzle = %s", (account_id, game, puzzle))
        if not rows:
            return None, False
        line, shown = rows[0]
        return (None if line is None else list(json.loads(line))), bool(shown)

    async def follow(self, account_id: str, game: str, puzzle: str, line: list[str] | None,
                     shown: bool = False) -> None:
        """Keep the line of the rated attempt going on (None: it ended); ``shown``: the
        solution was shown to the account (kept once set)."""
        text = None if line is None else json.dumps(list(line))
        await self.sql.write([self.sql.op(
            "INSERT INTO puzzle_progress (account_id, game, puzzle, line, shown, time) "
            "VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (account_id, game, puzzle) DO UPDATE "
            "SET line = excluded.line, shown = CASE WHEN puzzle_progress.shown = 1 THEN 1 "
            "ELSE excluded.shown END, time = excluded.time", (account_id, game, puzzle, text, int(shown), time.time()))])

    async def attempt(self, account_id: str, game: str, puzzle: str, puzzle_rating: float,
                      solved: bool, rate: Callable[[float, float, bool], float]
                      ) -> dict[str, Any]:
        """Count an attempt of ``puzzle`` (its rating ``puzzle_rating``): the new rating is
        ``rate(rating, puzzle_rating, solved)``. Returns ``{"before", "after", "counted"}``
        (``counted`` False, ratings unchanged, when that puzzle already counted)."""
        for _ in range(20):
            now = await self.rating(account_id, game)
            if await self.counted(account_id, game, puzzle):
                return {"before": now["rating"], "after": now["rating"], "counted": False}
            after = float(rate(now["rating"], puzzle_rating, solved))
            won = 1 if solved else 0
            if now["attempts"] == 0:
                save = self.sql.op(
                    "INSERT INTO puzzle_ratings (account_id, game, rating, attempts, solved, "
                    "updated) VALUES (%s, %s, %s, 1, %s, %s) ON CONFLICT DO NOTHING",
                    (account_id, game, after, won, time.time()), 1)
            else:
                save = self.sql.op(
                    "UPDATE puzzle_ratings SET rating = %s, attempts = attempts + 1, "
                    "solved = solved + %s, updated = %s WHERE account_id = %s AND game = %s "
                    "AND attempts = %s",
                    (after, won, time.time(), account_id, game, now["attempts"]), 1)
            try:
                await self.sql.write([
                    self.sql.op(
                        "INSERT INTO puzzle_attempts (account_id, game, puzzle, solved, "
                        "puzzle_rating, previous, rating, time) VALUES (%s, %s, %s, %s, %s, %s, "
                        "%s, %s) ON CONFLICT DO NOTHING",
                        (account_id, game, puzzle, won, puzzle_rating, now["rating"], after,
                         time.time()), 1),
                    save])
            except StoreConflict:
                continue  # counted meanwhile, or another attempt moved the rating: again
            return {"before": now["rating"], "after": after, "counted": True}
        raise StoreConflict("the puzzle rating kept moving")  # pragma: no cover

    async def of_account(self, account_id: str) -> list[dict[str, Any]]:
        """An account's puzzle ratings and counted attempts (the account's export): per game
        ``{"game", "rating", "attempts", "solved", "tries": [{"puzzle", "solved",
        "puzzle_rating", "previous", "rating", "time"}]}``, the tries oldest first."""
        out = []
        for game, rating, attempts, solved in await self.sql.fetch(
                "SELECT game, rating, attempts, solved FROM puzzle_ratings WHERE account_id = %s "
                "ORDER BY game", (account_id,)):
            tries = await self.sql.fetch(
                "SELECT puzzle, solved, puzzle_rating, previous, rating, time FROM "
                "puzzle_attempts WHERE account_id = %s AND game = %s ORDER BY time",
                (account_id, game))
            out.append({"game": game, "rating": float(rating), "attempts": int(attempts),
                        "solved": int(solved), "tries": [
                            {"puzzle": p, "solved": bool(s), "puzzle_rating": float(pr),
                             "previous": float(b), "rating": float(a), "time": float(t)}
                            for p, s, pr, b, a, t in tries]})
        return out

"""The SQL of finished games' analyses (table ``analyses`` of migration ``0006``), on either
store: SQLite (:class:`~qwixo.server.store.Store`) or PostgreSQL
(:class:`~qwixo.server.store_pg.PgStore`), through the plumbing of
:class:`~qwixo.server.store_accounts.AccountStore` (statements written once with ``%s``).

A game's analysis (``GET /api/games/ID/analysis``) is computed once, in the hints' workers,
and kept with the game: a restarted server, or another process on the same PostgreSQL, reads
it instead of computing it again. A row holds the game's version (number of events) the
analysis was made from and the time budget it had; a row of another version or of a smaller
budget is not used (then the new analysis replaces it). The first analysis stored for a
version wins (two processes computing at once store one).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from qwixo.server.store import StoreError
from qwixo.server.store_accounts import AccountStore

log = logging.getLogger("qwixo.server")


class AnalysisStore:
    """The analysis queries of one store."""

    def __init__(self, store: Any) -> None:
        self.sql = AccountStore(store)

    async def get(self, game_id: str, version: int, seconds: float) -> dict[str, Any] | None:
        """The stored analysis of ``game_id`` at ``version`` made with a budget of at least
        ``seconds``, or None."""
        rows = await self.sql.fetch(
            "SELECT data FROM analyses WHERE game_id = %s AND version = %s AND seconds >= %s",
            (game_id, version, seconds))
        return json.loads(rows[0][0]) if rows else None

    async def put(self, game_id: str, version: int, seconds: float,
                  analysis: dict[str, Any]) -> None:
        """Keep ``analysis`` of ``game_id`` at ``version`` (budget ``seconds``); a stored one of
        the same version and at least that budget stays."""
        await self.sql.write([self.sql.op(
            "INSERT INTO analyses (game_id, version, seconds, data, created) "
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (game_id) DO UPDATE SET "
            "version = EXCLUDED.version, seconds = EXCLUDED.seconds, data = EXCLUDED.data, "
            "created = EXCLUDED.created WHERE analyses.version <> EXCLUDED.version "
            "OR analyses.seconds < EXCLUDED.seconds",
            (game_id, version, seconds, json.dumps(analysis), time.time()))])


#: analyses being computed in this process: (store, game, version, budget) -> its task (two
#: requests at once wait for one computation)
_RUNNING: dict[tuple[int, str, int, float], asyncio.Future] = {}


class Progress:
    """How far the analysis of one game has gone, as its reports come
    (:func:`qwixo.analysis.analyse`'s ``progress``): the decisions analysed (``done``) of
    ``total`` (None before the first report), and the points and graph rows made so far, each
    point with its replay ``step`` (``steps``: the replay step of each history index)."""

    def __init__(self, steps: list[int], version: int) -> None:
        self.steps = steps
        self.version = version
        self.metric: str | None = None
        self.done = 0
        self.total: int | None = None
        self.points: list[dict[str, Any]] = []
        self.series: list[Any] = []

    def update(self, report: dict[str, Any]) -> None:
        """One report ``{"metric", "done", "total", "points", "series"}`` (the new points and
        rows)."""
        self.metric = report.get("metric") or self.metric
        self.done = int(report.get("done") or 0)
        total = report.get("total")
        self.total = None if total is None else int(total)
        for p in report.get("points") or []:
            i = p.get("index", 0)
            self.points.append(dict(p, step=self.steps[i] if i < len(self.steps)
                                    else self.version))
        self.series.extend(report.get("series") or [])

    def to_dict(self) -> dict[str, Any]:
        """``{"state": "running", "metric", "done", "total", "percent", "points", "series"}``
        (``percent`` 0..100, None before the first report)."""
        percent = None
        if self.total is not None:
            percent = 100 if self.total == 0 else int(100 * self.done / self.total)
        return {"state": "running", "metric": self.metric, "done": self.done, "total": self.total,
                "percent": percent, "points": self.points, "series": self.series}


#: the progress of the analyses being computed in this process: (store, game, version) -> it
_PROGRESS: dict[tuple[int, str, int], Progress] = {}


def progress_of(store: Any, game_id: str, version: int) -> Progress | None:
    """The progress of the analysis of ``game_id`` at ``version`` being computed in this
    process, or None (none running here)."""
    return _PROGRESS.get((id(store), game_id, version))


async def analysis_of(store: Any, game_id: str, version: int, seconds: float,
                      compute: Callable[[], Awaitable[dict[str, Any]]],
                      progress: Progress | None = None) -> dict[str, Any]:
    """The analysis of finished game ``game_id`` at ``version``: the stored one, else
    ``compute()`` (once in this process however many ask at the same time), then stored. A
    store that refuses the write is logged: the analysis is still returned. ``progress``: the
    :class:`Progress` that ``compute`` reports to, readable meanwhile (:func:`progress_of`)."""
    db = AnalysisStore(store)
    found = await db.get(game_id, version, seconds)
    if found is not None:
        return found
    key = (id(store), game_id, version, seconds)
    running = _RUNNING.get(key)
    if running is not None:
        return await asyncio.shield(running)
    where = (id(store), game_id, version)

    async def run() -> dict[str, Any]:
        if progress is not None:
            _PROGRESS[where] = progress
        try:
            result = await compute()
            try:
                await db.put(game_id, version, seconds, result)
            except StoreError:
                log.warning("could not store the analysis of game %s", game_id, exc_info=True)
            return result
        finally:
            _RUNNING.pop(key, None)
            if _PROGRESS.get(where) is progress:
                _PROGRESS.pop(where, None)

    task = asyncio.ensure_future(run())
    _RUNNING[key] = task
    return await asyncio.shield(task)

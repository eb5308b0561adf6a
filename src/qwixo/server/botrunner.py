"""Bots and hints on the server, off the event loop.

Bot decisions and hints run in worker processes (or threads) on a **copy** of the game, so the
event loop keeps serving every other game while a bot thinks; the room applies the decision
afterwards through the normal (validated, committed) path. One bot object per (game, seat) is
kept where possible, so bots with memory (search trees, random state) keep it between moves.

Hints come from each game's own hint (:func:`qwixo.bots.hint_lines`) and otherwise from the
strongest listed bot's choice ("Suggestion (strong bot): b1b5").

Hints never hold up a bot: they run in a pool of their own (one worker), behind a bounded queue
(:class:`HintQueue`: one hint at a time per seat, a few per game, per client address and in
all; past that the request is refused with ``hint_busy``), and a hint for a position already
hinted is answered from a cache.

Workers import the engines only (never the web framework): see :mod:`qwixo.server.warmup`.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from collections import OrderedDict
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import qwixo
from qwixo.bots import hint_lines as game_hint
from qwixo.core import Game, IllegalMove, load_game
from qwixo.i18n import t

log = logging.getLogger("qwixo.server")

HINT_SECONDS = 1.0
MAX_BOTS = 4096


class HintBusy(IllegalMove):
    """Too many hints asked at once (HTTP 429): the seat, the game, the client address or the
    server already has as many waiting as it takes."""

    status = 429

    def __init__(self) -> None:
        super().__init__("hint_busy")


class HintQueue:
    """Admission and caching of hints, so that hints never queue in front of bots.

    At most ``per_seat`` hints in flight for one (game, seat), ``per_game`` for one game,
    ``per_client`` for one client address and ``total`` in all; a request past a limit raises
    :class:`HintBusy` at once (nothing waits unboundedly). A hint for a position (the game's
    saved text), seat and language already answered comes from an LRU cache of ``cache`` entries.

    >>> q = HintQueue(per_seat=1, per_game=2, per_client=2, total=3)
    >>> q.admit("g1", 0, "1.2.3.4"); q.admit("g1", 1, "1.2.3.4")
    >>> q.admit("g1", 0, "5.6.7.8")
    Traceback (most recent call last):
    ...
    qwixo.server.botrunner.HintBusy: The server is busy with other hints; try again in a moment.
    >>> q.release("g1", 0, "1.2.3.4"); q.admit("g1", 0, "5.6.7.8")
    """

    def __init__(self, *, per_seat: int = 1, per_game: int = 2, per_client: int = 2,
                 total: int = 8, cache: int = 512) -> None:
        self.limits = {"seat": per_seat, "game": per_game, "client": per_client,
                       "total": total}
        self.busy: dict[tuple, int] = {}
        self.cache: OrderedDict[tuple[str, int, str], list[str]] = OrderedDict()
        self.cache_size = cache

    def _keys(self, game_id: str, seat: int, client: str | None) -> list[tuple]:
        keys = [("seat", game_id, seat), ("game", game_id), ("total",)]
        if client:
            keys.append(("client", client))
        return keys

    def admit(self, game_id: str, seat: int, client: str | None) -> None:
        keys = self._keys(game_id, seat, client)
        if any(self.busy.get(k, 0) >= self.limits[k[0]] for k in keys):
            raise HintBusy()
        for k in keys:
            self.busy[k] = self.busy.get(k, 0) + 1

    def release(self, game_id: str, seat: int, client: str | None) -> None:
        for k in self._keys(game_id, seat, client):
            n = self.busy.get(k, 0) - 1
            if n > 0:
                self.busy[k] = n
            else:
                self.busy.pop(k, None)

    def cached(self, key: tuple[str, int, str]) -> list[str] | None:
        lines = self.cache.get(key)
        if lines is not None:
            self.cache.move_to_end(key)
        return lines

    def remember(self, key: tuple[str, int, str], lines: list[str]) -> None:
        self.cache[key] = lines
        if len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)


class BotRunner:
    """Runs bot decisions and hints off the event loop.

    ``processes=0``: a thread pool in the server process (bots keep their memory between moves;
    fine for light bots). ``processes=N``: N worker processes (``spawn``) — the default of
    ``qwixo serve``, because a search running in compiled (numba) code holds the GIL for its
    whole budget and would freeze every other game for that long. A worker receives the game as
    its ``to_json`` text, keeps one bot per (game, seat) while it can, and answers with the
    decision text; a crashed worker pool is replaced.
    """

    def __init__(self, workers: int = 2, processes: int = 0) -> None:
        self.processes = max(0, processes)
        self.workers = max(1, workers)
        self._bots: OrderedDict[tuple[str, int, str], Any] = OrderedDict()
        self.pool: Executor = self._new_pool()
        self.hint_pool: Executor = self._new_pool(hints=True)
        self.hints = HintQueue()

    def _new_pool(self, hints: bool = False) -> Executor:
        """The bots' pool, or (``hints``) the hints' own pool of one worker."""
        if self.processes:
            ctx = multiprocessing.get_context("spawn")
            return ProcessPoolExecutor(max_workers=1 if hints else self.processes,
                                       mp_context=ctx, initializer=_worker_init)
        return ThreadPoolExecutor(max_workers=1 if hints else self.workers,
                                  thread_name_prefix="qwixo-hint" if hints else "qwixo-bot")

    def warm_up(self) -> None:
        """Start the worker processes now (they import the engines), not at the first move."""
        if self.processes:
            for _ in range(self.processes):
                self.pool.submit(_ping)
            self.hint_pool.submit(_ping)

    def bot(self, game_id: str, seat: int, game_name: str, name: str,
            seconds: float | None) -> Any:
        return _cached_bot(self._bots, game_id, seat, game_name, name, seconds)

    async def _run(self, fn, *args, hints: bool = False) -> Any:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.hint_pool if hints else self.pool, fn, *args)
        except BrokenExecutor:
            log.error("the %s workers died; starting new ones", "hint" if hints else "bot")
            if hints:
                self.hint_pool = self._new_pool(hints=True)
            else:
                self.pool = self._new_pool()
            raise

    async def decide(self, game_id: str, name: str, seconds: float | None, game: Game,
                     seat: int) -> str:
        """The bot's decision for ``seat`` (computed on a copy, in the pool)."""
        if self.processes:
            return str(await self._run(_decide_in_worker, game_id, seat, name, seconds,
                                       fair_copy(game).to_json()))
        bot = self.bot(game_id, seat, game.name, name, seconds)
        return str(await self._run(bot.decide, fair_copy(game), seat))

    async def hint(self, game: Game, seat: int, lang: str, *, game_id: str = "",
                   client: str | None = None) -> list[str]:
        """Hint lines for ``seat`` now (empty when it has nothing to decide), computed in the
        hints' own pool; raises :class:`HintBusy` past the :class:`HintQueue` limits."""
        fair = fair_copy(game)
        text = fair.to_json()
        key = (text, seat, lang)
        lines = self.hints.cached(key)
        if lines is not None:
            return list(lines)
        self.hints.admit(game_id, seat, client)
        try:
            if self.processes:
                lines = await self._run(_hint_in_worker, text, seat, lang, hints=True)
            else:
                lines = await self._run(hint_lines, fair, seat, lang, hints=True)
        finally:
            self.hints.release(game_id, seat, client)
        self.hints.remember(key, list(lines))
        return lines

    def close(self) -> None:
        for pool in (self.pool, self.hint_pool):
            workers = dict(getattr(pool, "_processes", None) or {}) if self.processes else {}
            pool.shutdown(wait=False, cancel_futures=True)
            for proc in workers.values():  # a worker in a long search is not waited for
                if proc is not None and proc.is_alive():
                    proc.terminate()


def fair_copy(game: Game) -> Game:
    """A copy of ``game`` for a bot or a hint: the other players' hidden decisions
    (``game.decided``, e.g. Qwixx action 1) are taken back, so a bot decides on exactly what
    a person would see.

    >>> import qwixo
    >>> g = qwixo.new_game("qwixx", seed=2)
    >>> _ = g.roll([3, 4, 1, 1, 1, 1]); g.choose(1, "r7")
    >>> g.decided, fair_copy(g).decided, fair_copy(g).options(0) == g.options(0)
    ([1], [], True)
    """
    copy = game.copy()
    for _ in range(game.num_players):
        if not copy.decided:
            break
        copy.undo()
    return copy


def _cached_bot(cache: OrderedDict, game_id: str, seat: int, game_name: str, name: str,
                seconds: float | None) -> Any:
    key = (game_id, seat, name)
    b = cache.get(key)
    if b is None:
        b = qwixo.make_bot(game_name, name, seconds=seconds)
        cache[key] = b
        if len(cache) > MAX_BOTS:
            cache.popitem(last=False)
    else:
        cache.move_to_end(key)
    return b


# -- the worker processes ------------------------------------------------------------------
_WORKER_BOTS: OrderedDict[tuple[str, int, str], Any] = OrderedDict()
#: the last state of each game this worker decided in: the next decision's save usually
#: continues it by a few moves, which are played on it instead of the whole history
#: (:func:`qwixo.core.load_game` ``base=``; a Qwixx game of 100 moves loads in ~1 ms, its
#: next state from the last one in ~0.05 ms)
_WORKER_GAMES: OrderedDict[str, Game] = OrderedDict()
MAX_WORKER_GAMES = 1024


def _worker_init() -> None:
    import os
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    parent = os.getppid()

    def watch() -> None:  # the server was killed (kill -9 leaves no goodbye): leave too
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, daemon=True, name="qwixo-parent-watch").start()


def _ping() -> bool:
    from qwixo.server.warmup import warm_up

    warm_up()
    return True


def _decide_in_worker(game_id: str, seat: int, name: str, seconds: float | None,
                      text: str) -> str:
    game = load_game(text, base=_WORKER_GAMES.pop(game_id, None))
    _WORKER_GAMES[game_id] = game
    if len(_WORKER_GAMES) > MAX_WORKER_GAMES:
        _WORKER_GAMES.popitem(last=False)
    bot = _cached_bot(_WORKER_BOTS, game_id, seat, game.name, name, seconds)
    return str(bot.decide(game.copy(), seat))


def _hint_in_worker(text: str, seat: int, lang: str) -> list[str]:
    return hint_lines(load_game(text), seat, lang)


def hint_lines(game: Game, seat: int, lang: str = "en") -> list[str]:
    """Hint for ``seat``: the game's own hint, else the strongest bot's choice.

    >>> import qwixo
    >>> g = qwixo.new_game("quixo", size=3)
    >>> lines = hint_lines(g, 0)
    >>> len(lines) >= 1
    True
    >>> hint_lines(g, 1)
    []
    """
    if game.is_over or seat not in game.to_act:
        return []
    try:
        lines = game_hint(game, seat, lang, seconds=HINT_SECONDS)
    except Exception:  # noqa: BLE001 - fall back to a bot suggestion
        log.exception("hint function failed")
        lines = None
    if lines:
        return lines
    for name in reversed(qwixo.list_bots(game.name)):  # the strongest bot that works
        try:
            bot = qwixo.make_bot(game.name, name, seconds=HINT_SECONDS)
            decision = bot.decide(game.copy(), seat)
        except Exception:  # noqa: BLE001 - a bot being written, a missing database...
            log.warning("hint: bot %s failed", name, exc_info=True)
            continue
        return [t("hint_suggest", lang, bot=name, decision=decision)]
    return []

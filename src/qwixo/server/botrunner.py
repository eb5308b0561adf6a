"""Bots and hints on the server, off the event loop.

Bot decisions and hints run in worker processes (or threads) on a **copy** of the game, so the
event loop keeps serving every other game while a bot thinks; the room applies the decision
afterwards through the normal (validated, committed) path. One bot object per (game, seat) is
kept where possible, so bots with memory (search trees, random state) keep it between moves.

Hints come from each game's own hint (:func:`qwixo.bots.hint`: lines of text and the ranked
moves as data) and otherwise from the strongest listed bot's choice ("Suggestion (strong bot):
b1b5").

Hints never hold up a bot: they run in a pool of their own (one worker), behind a bounded queue
(:class:`HintQueue`: one hint at a time per seat, a few per game, per client address and in
all; past that the request is refused with ``hint_busy``), and a hint for a position already
hinted is answered from a cache. Analyses never hold up a hint: they run in a pool of their
own (one worker, at a lower CPU priority), one at a time, the client addresses in turn
(:class:`~qwixo.server.fairshare.FairShare`; an address with two analyses running or waiting
already is refused with ``analysis_busy``). The bots' workers are shared the same way
between the games' creators (:meth:`BotRunner.decide`), one of them kept for decisions of
short budgets (the fast lane, :data:`FAST_LANE_SECONDS`: long searches never take it, and
run at a lower CPU priority, :data:`LONG_SEARCH_NICE`), and
the heavy reads of finished games (replays, player pages: :meth:`BotRunner.read`) run off the
event loop in a worker of their own, the client addresses in turn.

Workers import the engines only (never the web framework): see :mod:`qwixo.server.warmup`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import pickle
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ThreadPoolExecutor
from typing import Any

import qwixo
from qwixo.bots import (
    budget_of,
    fair_copy,
    is_light,
    register_engine,
    registered_engines,
    shipped_bots,
)
from qwixo.bots import hint as game_hint
from qwixo.core import Game, IllegalMove, load_game
from qwixo.engine import EngineFailure
from qwixo.i18n import t
from qwixo.server.fairshare import FairShare

log = logging.getLogger("qwixo.server")

HINT_SECONDS = 1.0
#: the default time budget of a game's analysis (``GET /api/games/ID/analysis``; ``qwixo serve
#: --analysis-seconds`` sets a server's own)
ANALYSIS_SECONDS = 10.0
MAX_BOTS = 4096
#: analyses of one client address running or waiting their turn (past it: ``analysis_busy``)
ANALYSIS_QUEUED = 2
#: heavy reads of one client address running or waiting their turn (past it: 429)
READS_QUEUED = 4
#: how much lower the CPU priority of the analysis worker is (``os.nice``): bots, hints and
#: the event loop go first
ANALYSIS_NICE = 10
#: the longest budget of a decision that may run in the bots' fast lane (seconds): a worker
#: kept for such decisions, which longer searches never take (:meth:`BotRunner.decide`)
FAST_LANE_SECONDS = 2.0
#: workers of the fast lane, beside ``--bot-processes`` (or the bot threads)
FAST_LANE_WORKERS = 1
#: how much lower the CPU priority of a long search is (the nice value of the worker thread
#: that runs it, Linux): the event loops, the moves and the short-budget bots go first on a
#: busy machine; a search stops at its time budget whatever CPU it got, so a long search
#: still answers in time (it looks less deep while the machine is busy). Above the analyses
#: (:data:`ANALYSIS_NICE`)
LONG_SEARCH_NICE = 5
#: engine bots kept per process (each holds an engine's process; the least recently used is
#: stopped, and started again with the whole position if its game goes on)
MAX_ENGINE_BOTS = 64

__all__ = ["BotRunner", "HintBusy", "HintQueue", "WorkerPool", "fair_copy", "hint_answer"]


class HintBusy(IllegalMove):
    """Too many hints asked at once (HTTP 429): the seat, the game, the client address or the
    server already has as many waiting as it takes."""

    status = 429

    def __init__(self) -> None:
        super().__init__("hint_busy")


class AnalysisBusy(IllegalMove):
    """This client address has :data:`ANALYSIS_QUEUED` analyses running or waiting
    (HTTP 429)."""

    status = 429

    def __init__(self) -> None:
        super().__init__("analysis_busy")


class ReadsBusy(IllegalMove):
    """This client address has as many heavy reads waiting as it may (HTTP 429)."""

    status = 429

    def __init__(self) -> None:
        super().__init__("rate_limited")


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

    def cached(self, key: tuple[str, int, str]) -> dict[str, list] | None:
        answer = self.cache.get(key)
        if answer is not None:
            self.cache.move_to_end(key)
        return answer

    def remember(self, key: tuple[str, int, str], answer: dict[str, list]) -> None:
        self.cache[key] = answer
        if len(self.cache) > self.cache_size:
            self.cache.popitem(last=False)

#: requests sent to one worker process before it has answered: the rest wait in the server
#: (a worker busy with a long search does not collect a queue; a pipe never fills up)
WORKER_IN_FLIGHT = 2
#: games whose last worker is remembered (its copy of the game continues from there)
MAX_STICKY = 8192


class WorkerPool:
    """Worker processes (:func:`_context`: forked from a fork server that loaded the engines
    once) fed from the event loop itself, one socket pair each.

    A request is written to a worker by the event loop and its answer read by the loop when
    the socket is readable (``add_reader``): no helper threads (a ``ProcessPoolExecutor``
    hands each call through two of them, which then compete with the event loop for the
    GIL at every bot decision). A request goes to the worker that served the same ``key``
    (game) last — its copy of that game continues from there — when that worker is free,
    else to a free one; at most :data:`WORKER_IN_FLIGHT` requests are with one worker, the
    others wait in order, and a request that is not a long search never waits in a worker
    behind one (``call(..., long=)``: the fast lane's decisions stay fast). A worker that dies fails its requests with
    :class:`~concurrent.futures.BrokenExecutor` and is replaced.
    """

    def __init__(self, workers: int) -> None:
        self.size = max(1, workers)
        self._ctx = _context()
        self._workers: list[dict[str, Any] | None] = [None] * self.size
        self._queue: deque[tuple[bytes, Any, asyncio.Future, bool | None]] = deque()
        self._sticky: OrderedDict[Any, int] = OrderedDict()
        #: a request's ``progress`` callback, by its future (:meth:`call`)
        self._progress: dict[asyncio.Future, Callable[[Any], None]] = {}
        self._closed = False

    # -- the workers --------------------------------------------------------------------
    def _start(self, i: int) -> dict[str, Any]:
        """A new worker: requests may be written to it at once (they wait in its socket);
        the process itself starts in a thread, since the first start waits for the fork
        server to load the engines (a minute of compiling on a fresh install), which the
        event loop must not."""
        mine, theirs = self._ctx.Pipe()
        proc = self._ctx.Process(target=_worker_main, args=(theirs,), daemon=True,
                                 name=f"qwixo-bot-{i}")
        loop = asyncio.get_running_loop()
        w = {"proc": proc, "conn": mine, "pending": deque(), "i": i, "loop": loop,
             "long": deque()}
        loop.add_reader(mine.fileno(), self._readable, w)
        self._workers[i] = w

        def start() -> None:
            try:
                proc.start()
            finally:
                theirs.close()

        def started(fut: asyncio.Future) -> None:
            why = None if fut.cancelled() else fut.exception()
            if why is not None and not self._closed and self._workers[i] is w:
                self._lost(w, why)

        loop.run_in_executor(None, start).add_done_callback(started)
        return w

    def _worker(self, i: int) -> dict[str, Any]:
        w = self._workers[i]
        return w if w is not None else self._start(i)

    def _readable(self, w: dict[str, Any]) -> None:
        try:
            ok, value = pickle.loads(w["conn"].recv_bytes())
        except (EOFError, OSError, pickle.UnpicklingError) as e:
            self._lost(w, e)
            return
        if ok == "progress":  # a report of the request being answered, not its answer
            cb = self._progress.get(w["pending"][0]) if w["pending"] else None
            if cb is not None:
                try:
                    cb(value)
                except Exception:  # noqa: BLE001 - a report must not break the pool
                    log.warning("a progress report failed", exc_info=True)
            return
        fut = w["pending"].popleft()
        w["long"].popleft()
        if not fut.done():
            if ok:
                fut.set_result(value)
            else:
                fut.set_exception(value)
        self._dispatch()

    def _lost(self, w: dict[str, Any], why: BaseException) -> None:
        """A worker died (or its socket broke): its requests fail, a new one starts."""
        w["loop"].remove_reader(w["conn"].fileno())
        w["conn"].close()
        if w["proc"].is_alive():
            w["proc"].terminate()
        if self._workers[w["i"]] is w:
            self._workers[w["i"]] = None
        if not self._closed:
            log.error("a bot worker process died (%s); starting a new one", why)
        w["long"].clear()
        while w["pending"]:
            fut = w["pending"].popleft()
            if not fut.done():
                fut.set_exception(BrokenExecutor("the bot worker process died"))
        if not self._closed:
            self._dispatch()

    # -- requests -----------------------------------------------------------------------
    def warm_up(self, fn: Any = None) -> list[asyncio.Future]:
        """Start every worker now (each imports the engines and compiles or loads their
        kernels; ``fn``: a module-level function of this module run instead, a warm-up of
        its own), not at the first move; returns the futures of their answers (not waited
        for here)."""
        futs = []
        for _ in range(self.size):
            fut = asyncio.get_running_loop().create_future()
            fut.add_done_callback(lambda f: f.cancelled() or f.exception())
            self._queue.append((pickle.dumps((fn or _ping, ())), None, fut, False))
            futs.append(fut)
        self._dispatch(spread=True)
        return futs

    async def call(self, fn: Any, *args: Any, key: Any = None, long: bool | None = False,
                   progress: Callable[[Any], None] | None = None) -> Any:
        """``fn(*args)`` in a worker (``fn`` a module-level function of this module).
        ``long``: a long search (a request that is not waits behind none: a worker with a
        long search gets no other request but long ones); None: a request that may wait
        behind one (it is not urgent). ``progress``: called in the event loop with each
        report the function sends while it runs (:func:`report`)."""
        if self._closed:
            raise BrokenExecutor("the bot workers are closed")
        fut = asyncio.get_running_loop().create_future()
        if progress is not None:
            self._progress[fut] = progress
            fut.add_done_callback(lambda f: self._progress.pop(f, None))
        self._queue.append((pickle.dumps((fn, args, long is True)), key, fut, long))
        self._dispatch()
        return await fut

    def _dispatch(self, spread: bool = False) -> None:
        """Send the waiting requests, in order, to the workers that may take them (one that
        may go nowhere yet does not hold up those behind it that may)."""
        left: deque[tuple[bytes, Any, asyncio.Future, bool | None]] = deque()
        while self._queue:
            data, key, fut, long = item = self._queue.popleft()
            if fut.done():  # its caller was cancelled
                continue
            i = self._choose(key, spread, long)
            if i is None:
                left.append(item)
                continue
            w = self._worker(i)
            try:
                w["conn"].send_bytes(data)
            except OSError as e:
                self._queue.appendleft(item)
                self._lost(w, e)
                continue
            w["pending"].append(fut)
            w["long"].append(bool(long))
            if key is not None:
                self._sticky[key] = i
                self._sticky.move_to_end(key)
                if len(self._sticky) > MAX_STICKY:
                    self._sticky.popitem(last=False)
        self._queue = left

    def _choose(self, key: Any, spread: bool, long: bool | None = False) -> int | None:
        """The worker for a request: the key's last one when free, else a free one, else
        the key's last one or the least busy while under :data:`WORKER_IN_FLIGHT` — never,
        for a request that is not ``long`` (nor may wait), one with a long search."""
        load = [0 if w is None else len(w["pending"]) for w in self._workers]
        last = self._sticky.get(key) if key is not None else None
        if last is not None and load[last] == 0:
            return last
        free = [i for i, n in enumerate(load) if n == 0]
        if free:
            return free[0]
        if spread:
            return None
        takes = [i for i, (n, w) in enumerate(zip(load, self._workers, strict=True))
                 if n < WORKER_IN_FLIGHT and (long is not False or w is None
                                              or not any(w["long"]))]
        if last in takes:
            return last
        return min(takes, key=load.__getitem__) if takes else None

    def close(self) -> None:
        """Stop every worker at once (one in a long search is not waited for)."""
        self._closed = True
        for fut in (item[2] for item in self._queue):
            if not fut.done():
                fut.cancel()
        self._queue.clear()
        for w in self._workers:
            if w is None:
                continue
            if not w["loop"].is_closed():
                w["loop"].remove_reader(w["conn"].fileno())
            w["conn"].close()
            if w["proc"].is_alive():
                w["proc"].terminate()
            for fut in w["pending"]:
                if not fut.done():
                    fut.cancel()
        self._workers = [None] * self.size


class BotRunner:
    """Runs bot decisions and hints off the event loop.

    ``processes=0``: a thread pool in the server process (bots keep their memory between moves;
    fine for light bots). ``processes=N``: N worker processes — the default of ``qwixo serve``,
    because a search running in compiled (numba) code holds the GIL for its
    whole budget and would freeze every other game for that long (:class:`WorkerPool`). A
    worker receives the game as its ``to_json`` text, keeps one bot per (game, seat) and the
    game's last state while it can, and answers with the decision text; a crashed worker is
    replaced. Light bots (:func:`qwixo.bots.is_light`: rules, well under a millisecond a
    decision) decide in the server process at once, on the same fair copy.
    """

    def __init__(self, workers: int = 2, processes: int = 0,
                 analysis_seconds: float = ANALYSIS_SECONDS) -> None:
        self.processes = max(0, processes)
        self.workers = max(1, workers)
        #: the time budget of a game's analysis on this server (``qwixo serve
        #: --analysis-seconds``); passed to the worker with each analysis
        self.analysis_seconds = float(analysis_seconds)
        #: build every game's tables (``GameInfo.tables``) in the analyses' worker at the
        #: warm-up (:meth:`warm_up`), not at the first analysis that needs one; the future of
        #: that build once started
        self.tables = False
        self.tables_ready: asyncio.Future | None = None
        self._bots: OrderedDict[tuple[str, int, str], Any] = OrderedDict()
        self.pool: Executor | WorkerPool = self._new_pool()
        self.hint_pool: Executor | WorkerPool = self._new_pool("hint")
        self.analysis_pool: Executor | WorkerPool = self._new_pool("analysis")
        self.read_pool: Executor | WorkerPool = self._new_pool("read")
        self.hints = HintQueue()
        #: every bot worker (the long searches' and the fast lane's), shared between the
        #: games' creators in turn: one creator's requests hold all the workers but one at most
        self.bot_share = FairShare(self.bot_workers)
        #: the workers long searches may hold (all but the fast lane's), shared the same way:
        #: a decision of a budget up to :data:`FAST_LANE_SECONDS` finds a worker however
        #: many long searches wait
        self.long_share = FairShare(self.processes or self.workers)
        #: (epoch, seconds) a decision of each lane waited for its worker (``/api/health``)
        self.waits: dict[str, deque[tuple[float, float]]] = {
            "fast": deque(maxlen=10_000), "long": deque(maxlen=10_000)}
        #: the analysis worker: one analysis at a time, the client addresses in turn
        self.analysis_share = FairShare(1, queued=ANALYSIS_QUEUED, busy=AnalysisBusy)
        #: the heavy reads' worker: one at a time, the client addresses in turn
        self.read_share = FairShare(1, queued=READS_QUEUED, busy=ReadsBusy)

    @property
    def bot_workers(self) -> int:
        """The bots' workers: ``processes`` (or ``workers`` threads) for every decision, and
        :data:`FAST_LANE_WORKERS` more that only decisions of short budgets take."""
        return (self.processes or self.workers) + FAST_LANE_WORKERS

    def _new_pool(self, kind: str = "bot") -> Executor | WorkerPool:
        """The bots' pool, or the hints', analyses' or heavy reads' own pool of one
        worker."""
        size = self.bot_workers if kind == "bot" else 1
        if self.processes:
            return WorkerPool(size)
        return ThreadPoolExecutor(max_workers=size, thread_name_prefix=f"qwixo-{kind}")

    @staticmethod
    def is_long(game_name: str, name: str, seconds: float | None) -> bool:
        """Whether a decision of bot ``name`` with ``seconds`` is a long search, kept out of
        the fast lane: its budget (:func:`qwixo.bots.budget_of`) is over
        :data:`FAST_LANE_SECONDS`, or it declares none and is not one of the game's own bots
        (another package's bot, an operator's engine: nothing says how long it takes)."""
        budget = budget_of(game_name, name, seconds)
        if budget is None:
            return name not in shipped_bots(game_name)
        return budget > FAST_LANE_SECONDS

    def warm_up(self) -> list[asyncio.Future]:
        """Start the worker processes now (they import the engines), not at the first move
        (called in the event loop); returns the futures of their warm-ups (none without
        worker processes). With :attr:`tables`, the analyses' worker builds the games' tables
        meanwhile (:attr:`tables_ready`; not among the returned futures: the bots are ready
        before)."""
        if self.tables:  # in the analyses' worker, at its low priority: not waited for
            self.tables_ready = asyncio.ensure_future(self._run(_prepare_analysis,
                                                                pool=self.analysis_pool))
            self.tables_ready.add_done_callback(lambda f: f.cancelled() or f.exception())
        if self.processes:
            return self.pool.warm_up() + self.hint_pool.warm_up()
        return []  # (the reads' worker starts at its first request)

    def bot(self, game_id: str, seat: int, game_name: str, name: str,
            seconds: float | None) -> Any:
        return _cached_bot(self._bots, game_id, seat, game_name, name, seconds)

    async def _run(self, fn, *args, hints: bool = False, key: Any = None,
                   pool: Executor | WorkerPool | None = None, long: bool = False,
                   progress: Callable[[Any], None] | None = None) -> Any:
        pool = pool or (self.hint_pool if hints else self.pool)
        if isinstance(pool, WorkerPool):  # a dead worker is replaced by the pool itself
            return await pool.call(fn, *args, key=key, long=long, progress=progress)
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    async def decide(self, game_id: str, name: str, seconds: float | None, game: Game,
                     seat: int, owner: Any = None) -> str:
        """The bot's decision for ``seat`` (computed on a copy, in the pool), in the turn of
        the game's ``owner`` (its creator; None: the game itself) among the others waiting
        for the bots' workers (:attr:`bot_share`). Only a listed bot of the game (its own, an
        installed package's, an operator's ``--engine``): never a name that starts a program
        or loads a module (``engine:CMD``, ``module:Class``)."""
        if name not in qwixo.list_bots(game.name):
            raise EngineFailure("refused", f"{name!r} is not a bot of this server")
        if self.processes and is_light(game.name, name):  # a rule, no search: here, at
            # once — cheaper than sending the game to a worker and reading the answer back
            bot = self.bot(game_id, seat, game.name, name, seconds)
            return str(bot.decide(fair_copy(game), seat))
        owner = game_id if owner is None else owner
        long = self.is_long(game.name, name, seconds)
        if self.processes:  # (the slot is held until the worker answers, even when the game
            # ends meanwhile: an abandoned search still occupies its worker)
            return str(await self._in_lane(owner, long, self._run(
                _decide_in_worker, game_id, seat, name, seconds, fair_copy(game).to_json(),
                registered_engines(), key=game_id, long=long)))
        bot = self.bot(game_id, seat, game.name, name, seconds)
        try:
            return str(await self._in_lane(owner, long, self._run(bot.decide,
                                                                  fair_copy(game), seat)))
        except Exception:
            forget_bot(self._bots, game_id, seat, name)
            raise

    async def _in_lane(self, owner: Any, long: bool, job: Any) -> Any:
        """``job`` in a bot worker, in ``owner``'s turn: a long search holds a slot of
        :attr:`long_share` too (taken first, given back when its worker answers), so it never
        takes the fast lane's worker."""
        asked = time.perf_counter()
        waits = self.waits["long" if long else "fast"]

        def granted() -> None:
            waits.append((time.time(), time.perf_counter() - asked))

        if not long:
            return await self.bot_share.run(owner, job, granted=granted)
        try:
            await self.long_share.acquire(owner)
        except BaseException:
            job.close()
            raise
        inner = asyncio.ensure_future(self.bot_share.run(owner, job, granted=granted))

        def done(t: asyncio.Future) -> None:
            if not t.cancelled():
                t.exception()  # (retrieved: an abandoned search's failure is not logged)
            self.long_share.release(owner)

        inner.add_done_callback(done)
        return await asyncio.shield(inner)

    async def release(self, game_id: str) -> None:
        """A game is over: its bots are dropped (an engine's process stops now, not when the
        cache is full) — here, and in the worker that served the game last."""
        for key in [k for k in self._bots if k[0] == game_id]:
            _drop(self._bots.pop(key))
        if isinstance(self.pool, WorkerPool) and game_id in self.pool._sticky:
            await self.pool.call(_release_in_worker, game_id, key=game_id, long=None)

    async def read(self, fn: Any, *args: Any, client: str | None = None) -> Any:
        """``fn(*args)`` (a module-level function; its arguments and result pickle) in the
        heavy reads' worker, off the event loop, in the turn of the ``client`` address
        (:attr:`read_share`; :class:`ReadsBusy` past its waiting requests)."""
        return await self.read_share.run(client or "?", self._run(fn, *args,
                                                                 pool=self.read_pool))

    async def hint(self, game: Game, seat: int, lang: str, *, game_id: str = "",
                   client: str | None = None) -> dict[str, list]:
        """The hint for ``seat`` now (:func:`hint_answer`: ``lines`` and ``moves``, empty when
        it has nothing to decide), computed in the hints' own pool; raises :class:`HintBusy`
        past the :class:`HintQueue` limits."""
        fair = fair_copy(game)
        text = fair.to_json()
        key = (text, seat, lang)
        answer = self.hints.cached(key)
        if answer is not None:
            return dict(answer)
        self.hints.admit(game_id, seat, client)
        try:
            if self.processes:
                answer = await self._run(_hint_in_worker, text, seat, lang, hints=True)
            else:
                answer = await self._run(hint_answer, fair, seat, lang, hints=True)
        finally:
            self.hints.release(game_id, seat, client)
        self.hints.remember(key, dict(answer))
        return answer

    async def analyse(self, game: Game, *, game_id: str = "", client: str | None = None,
                      seconds: float | None = None,
                      progress: Callable[[dict[str, Any]], None] | None = None
                      ) -> dict[str, Any]:
        """The analysis of a game (:mod:`qwixo.analysis`), computed in the analyses' own pool
        (never in the bots' or the hints': a running game's bots and hints do not wait for
        it; its worker runs at a lower CPU priority) within ``seconds`` (default
        :attr:`analysis_seconds`), one at a time, the client addresses in turn
        (:attr:`analysis_share`; :class:`AnalysisBusy` when the address has
        :data:`ANALYSIS_QUEUED` running or waiting already). ``progress``: called in the event
        loop with the analysis' reports as it goes (:func:`qwixo.analysis.analyse`). Kept with
        the game by the caller (:func:`qwixo.server.store_analysis.analysis_of`), not here."""
        seconds = self.analysis_seconds if seconds is None else float(seconds)
        if self.processes:
            job = self._run(_analyse_in_worker, game.to_json(), seconds, progress is not None,
                            pool=self.analysis_pool, progress=progress)
        else:
            report = None
            if progress is not None:
                loop = asyncio.get_running_loop()

                def report(value: dict[str, Any]) -> None:  # (in the pool's thread)
                    loop.call_soon_threadsafe(progress, value)
            job = self._run(analyse_game, game.copy(), seconds, report, pool=self.analysis_pool)
        return await self.analysis_share.run(client or "?", job)

    def close(self) -> None:
        while self._bots:  # an engine's process stops with the server (a worker's, with it)
            _drop(self._bots.popitem()[1])
        for pool in (self.pool, self.hint_pool, self.analysis_pool, self.read_pool):
            if isinstance(pool, WorkerPool):
                pool.close()  # a worker in a long search is not waited for
            else:
                pool.shutdown(wait=False, cancel_futures=True)


def _cached_bot(cache: OrderedDict, game_id: str, seat: int, game_name: str, name: str,
                seconds: float | None) -> Any:
    key = (game_id, seat, name)
    b = cache.get(key)
    if b is None:
        b = qwixo.make_bot(game_name, name, seconds=seconds)
        cache[key] = b
        engines = [k for k, v in cache.items() if hasattr(v, "close")]
        while len(cache) > MAX_BOTS or len(engines) > MAX_ENGINE_BOTS:
            old_key = engines.pop(0) if len(engines) > MAX_ENGINE_BOTS else next(iter(cache))
            old = cache.pop(old_key)
            if old_key in engines:
                engines.remove(old_key)
            if hasattr(old, "close"):
                old.close()
    else:
        cache.move_to_end(key)
    return b


def _drop(bot: Any) -> None:
    if hasattr(bot, "close"):
        bot.close()


def _release_in_worker(game_id: str) -> None:
    for key in [k for k in _WORKER_BOTS if k[0] == game_id]:
        _drop(_WORKER_BOTS.pop(key))
    _WORKER_GAMES.pop(game_id, None)


def forget_bot(cache: OrderedDict, game_id: str, seat: int, name: str) -> None:
    """Drop (and stop, for an engine) the bot of a seat whose bot failed."""
    b = cache.pop((game_id, seat, name), None)
    if b is not None and hasattr(b, "close"):
        b.close()


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


def _worker_main(conn: Any) -> None:
    """A worker process: answers ``(fn, args)`` requests with ``(True, result)`` or
    ``(False, exception)`` until the server's end of the socket closes."""
    global _CONN
    _worker_init()
    _CONN = conn
    low = None
    while True:
        try:
            fn, args, *flags = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            if flags and flags[0]:  # a long search: in the thread of a lower priority
                if low is None:
                    low = ThreadPoolExecutor(1, thread_name_prefix="qwixo-long",
                                             initializer=_lower_this_thread)
                answer = (True, low.submit(fn, *args).result())
            else:
                answer = (True, fn(*args))
        except Exception as e:  # noqa: BLE001 - the server decides what a failure means
            answer = (False, e)
        try:
            data = pickle.dumps(answer)
        except Exception:  # noqa: BLE001 - an exception that does not pickle
            data = pickle.dumps((False, RuntimeError(repr(answer[1])[:2000])))
        try:
            conn.send_bytes(data)
        except OSError:
            return


def _lower_this_thread() -> None:
    """Lower the calling thread's CPU priority by :data:`LONG_SEARCH_NICE` (Linux, where a
    nice value is a thread's; the threads it starts inherit it; elsewhere nothing changes)."""
    import os
    import sys
    import threading

    if not sys.platform.startswith("linux"):
        return
    tid = threading.get_native_id()
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, tid,
                       min(19, os.getpriority(os.PRIO_PROCESS, tid) + LONG_SEARCH_NICE))


#: the engines are loaded in this process already (a worker forked from the fork server after
#: :mod:`qwixo.server.worker_preload`)
_WARMED = False


def _context() -> Any:
    """The workers' start method: ``forkserver`` where there is one (each worker a fork of a
    server process that loaded the engines once: :mod:`qwixo.server.worker_preload`), else
    ``spawn`` (each worker a new interpreter that loads them itself)."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload(["qwixo.server.worker_preload"])
    return ctx


def _ping() -> bool:
    if not _WARMED:
        from qwixo.server.warmup import warm_up

        warm_up()
    return True


def _decide_in_worker(game_id: str, seat: int, name: str, seconds: float | None,
                      text: str, engines: tuple = ()) -> str:
    for spec in engines:  # the server's ``--engine``s (a worker is forked before they exist)
        if spec not in registered_engines():
            register_engine(spec)
    game = load_game(text, base=_WORKER_GAMES.pop(game_id, None))
    _WORKER_GAMES[game_id] = game
    if len(_WORKER_GAMES) > MAX_WORKER_GAMES:
        _WORKER_GAMES.popitem(last=False)
    bot = _cached_bot(_WORKER_BOTS, game_id, seat, game.name, name, seconds)
    try:
        return str(bot.decide(game.copy(), seat))
    except Exception:
        forget_bot(_WORKER_BOTS, game_id, seat, name)
        raise


def analyse_game(game: Game, seconds: float,
                 progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The analysis of ``game`` (:func:`qwixo.analysis.analyse`)."""
    from qwixo.analysis import analyse

    return analyse(game, seconds=seconds, progress=progress)


_NICED = False


def _analyse_in_worker(text: str, seconds: float, reports: bool = False) -> dict[str, Any]:
    _nice()
    return analyse_game(load_game(text), seconds, report if reports else None)


def _nice() -> None:
    global _NICED
    if not _NICED:  # (this worker does analyses only: the bots and hints go first)
        import os

        with contextlib.suppress(OSError):
            os.nice(ANALYSIS_NICE)
        _NICED = True


def _prepare_analysis() -> bool:
    """The analysis worker's warm-up: every game's tables
    (:func:`qwixo.server.warmup.prepare_tables`), at the worker's low priority."""
    _nice()
    from qwixo.server.warmup import prepare_tables

    prepare_tables()
    return True


#: this worker process's socket to the server (:func:`report` writes to it)
_CONN: Any = None


def report(value: Any) -> None:
    """In a worker: send ``value`` to the server as a report of the request being answered
    (the ``progress`` callback of :meth:`WorkerPool.call` receives it). A report that cannot be
    sent is dropped: the answer still comes."""
    if _CONN is None:
        return
    try:
        _CONN.send_bytes(pickle.dumps(("progress", value)))
    except (OSError, pickle.PicklingError):
        pass


def _hint_in_worker(text: str, seat: int, lang: str) -> dict[str, list]:
    return hint_answer(load_game(text), seat, lang)


def hint_answer(game: Game, seat: int, lang: str = "en") -> dict[str, list]:
    """Hint for ``seat``: the game's own hint (:func:`qwixo.bots.hint`: ``lines`` in ``lang``
    and ``moves``, the ranked moves as data), else the strongest bot's choice (one line, and
    that move without figures).

    A seat that is not to act gets none (any registered game; a hint for the seat to act:
    tests/server/test_server_examples.py):

    >>> import qwixo
    >>> g = qwixo.new_game(qwixo.game_names()[0])
    >>> [hint_answer(g, seat) for seat in range(g.num_players) if seat not in g.to_act][:1]
    [{'lines': [], 'moves': []}]
    """
    if game.is_over or seat not in game.to_act:
        return {"lines": [], "moves": []}
    try:
        answer = game_hint(game, seat, lang, seconds=HINT_SECONDS)
    except Exception:  # noqa: BLE001 - fall back to a bot suggestion
        log.exception("hint function failed")
        answer = None
    if answer and answer["lines"]:
        return answer
    for name in reversed(qwixo.bots.shipped_bots(game.name)):  # the strongest that works
        try:
            bot = qwixo.make_bot(game.name, name, seconds=HINT_SECONDS)
            decision = bot.decide(game.copy(), seat)
        except Exception:  # noqa: BLE001 - a bot being written, a missing database...
            log.warning("hint: bot %s failed", name, exc_info=True)
            continue
        return {"lines": [t("hint_suggest", lang, bot=name, decision=decision)],
                "moves": [{"move": decision, "outcome": None, "plies": None, "chance": None,
                           "score": None}]}
    return {"lines": [], "moves": []}

"""The FastAPI application of ``qwixo serve``: the HTTP API (:mod:`qwixo.server.http_api`), the
WebSocket (:mod:`qwixo.server.ws`) and the front end.

A game of any registered game (here the first one, with its default settings), and its view
with the game's own part under ``board`` (tests/server/test_server_examples.py: one game's):

>>> import tempfile, os
>>> from fastapi.testclient import TestClient
>>> from qwixo.core import game_names
>>> name = game_names()[0]
>>> d = tempfile.TemporaryDirectory()
>>> app = create_app(os.path.join(d.name, "doc.sqlite"))
>>> with TestClient(app) as client:
...     r = client.post("/api/games", json={"game": name, "settings": {},
...                     "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human"}]})
...     game = r.json()
...     view = client.get(f"/api/games/{game['id']}").json()
>>> r.status_code, view["game"] == name, "board" in view
(201, True, True)
>>> d.cleanup()

The protocol is described in ``docs/web-protocol.md``.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import html
import logging
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import asynccontextmanager, suppress
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import qwixo
from qwixo.core import GAME_NAMES, IllegalMove
from qwixo.i18n import t
from qwixo.server import (
    accounts_api,
    botapi,
    challenges,
    gamefiles,
    http_api,
    pairing,
    puzzles_api,
    qr,
    reach,
    security,
    tables,
    tournaments,
    ws,
)
from qwixo.server.botrunner import ANALYSIS_SECONDS
from qwixo.server.http_api import ServerState, lang_of
from qwixo.server.lobby import Lobby
from qwixo.server.protocol import ServerError, error_payload, validation_reason
from qwixo.server.sharing import Sharing
from qwixo.server.storage import GameStore
from qwixo.server.store import Store
from qwixo.server.store_pg import PgStore, is_postgres_url
from qwixo.server.warmup import warm_up as _warm_up
from qwixo.server.ws import WS_MAX_SIZE

log = logging.getLogger("qwixo.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
# the account page's three addresses (account, profile, leaderboard) are one file: its script
# picks the view from the address
ACCOUNT_PAGE = "account.html"
ACCOUNT_VIEWS = ("account.html", "profile.html", "leaderboard.html")

__all__ = ["WEB_DIR", "WS_MAX_SIZE", "create_app"]


async def _warm_up_then_ready(state: ServerState, pings: list[asyncio.Future],
                              bot_processes: int) -> None:
    """Load or compile the kernels this process runs, in a thread (the rules; the bots' too
    when they play in this process), while the bot worker processes warm up (each step
    compiled by one process, the others wait for it and load its cache:
    :func:`qwixo.server.warmup.compile_lock`; this process takes the games in the other order,
    so that on a fresh install both cores compile), then, when both are done, mark the server
    ready. The pages answer meanwhile."""
    t0 = time.perf_counter()
    own = asyncio.get_running_loop().run_in_executor(
        None, functools.partial(_warm_up, bots=not bot_processes, reverse=bool(bot_processes)))
    await asyncio.gather(*pings, return_exceptions=True)
    await own
    state.ready = True
    log.info("bots and hints ready (%.1f s)", time.perf_counter() - t0)


def create_app(db_path: str | Path | None = None, *, bot_delay: float = 0.0,
               http_rate: float = 2.0, http_burst: float = 20.0,
               ws_rate: float = 15.0, ws_burst: float = 30.0, bot_workers: int = 2,
               bot_processes: int = 0, ws_per_address: int = 256,
               web_dir: str | Path | None = None, warm_up: bool = True, sync: str = "normal",
               on_ready: Callable[[], None] | None = None, allowed_origins: list[str] | None = None,
               request_timeout: float = security.BODY_TIMEOUT,
               analysis_seconds: float = ANALYSIS_SECONDS, tables: bool = False) -> FastAPI:
    """The web app on the SQLite database ``db_path`` (default
    ``qwixo.paths.data_dir() / "qwixo.sqlite"``) or, with a ``postgresql://`` URL, on
    PostgreSQL (several server processes may then share every game; see ``docs/web.md``).

    ``bot_delay``: seconds a bot waits before acting (lets people see bot moves one by one);
    ``http_rate``/``http_burst``: POST rate limit per client address; ``ws_rate``/``ws_burst``:
    message rate limit per WebSocket connection; ``ws_per_address``: open WebSocket
    connections allowed per client address; ``bot_processes``: worker processes for bots
    and hints (0: ``bot_workers`` threads in the server process); ``sync``: ``normal`` or
    ``full`` (see :data:`qwixo.server.store.SYNC_MODES`); ``allowed_origins``: pages of other
    origins allowed to use the WebSocket and the POSTs, ``request_timeout``: seconds to send a
    request body (:mod:`qwixo.server.security`); ``analysis_seconds``: an analysis' budget;
    ``tables``: build every game's tables (the analyses' databases) in the analyses' worker at
    the start, not at the first analysis that needs one (``qwixo serve`` does, unless
    ``--no-tables``).
    """
    if db_path is None:
        from qwixo.paths import data_dir

        db_path = data_dir() / "qwixo.sqlite"
    state = ServerState(http_rate=http_rate, http_burst=http_burst, ws_rate=ws_rate,
                        ws_burst=ws_burst, ws_per_address=ws_per_address)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = open_store(db_path, sync=sync)
        await store.open()
        lobby = Lobby(store, bot_delay=bot_delay, bot_workers=bot_workers,
                      bot_processes=bot_processes, analysis_seconds=analysis_seconds)
        lobby.bots.tables = tables
        pings = lobby.bots.warm_up()
        state.store, state.lobby = store, lobby
        lobby.admit_game = state.admit_new_game  # (a rematch passes the new-game limits)
        # the page answers at once; the kernels compile (or load) meanwhile: ``ready`` in
        # /api/health and /api/meta says when the bots and hints answer without waiting
        state.ready = not warm_up
        warming = (asyncio.create_task(_warm_up_then_ready(state, pings, bot_processes))
                   if warm_up else None)
        lag_task = asyncio.create_task(_loop_lag(state.lag))
        evict_task = asyncio.create_task(_evict_idle(lobby))
        tournament_task = asyncio.create_task(tournaments.run(lobby))
        sharing = Sharing(lobby)
        await sharing.start()
        if not store.shared:  # (several processes: the lease sweep takes the games over)
            resumed = await lobby.resume()
            if resumed:
                log.info("resumed %d unfinished games", resumed)
        restore_gc = _quiet_collector(state.gc_pauses)
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            if warming is not None:
                warming.cancel()
            lag_task.cancel()
            evict_task.cancel()
            tournament_task.cancel()
            restore_gc()
            await sharing.stop()
            await lobby.close()
            await store.aclose()

    app = FastAPI(title="qwixo", version=qwixo.__version__, lifespan=lifespan,
                  description=" and ".join(n.capitalize() for n in GAME_NAMES)
                  + " in the browser: HTTP API (the live game runs over the WebSocket "
                    "`/ws/{id}`, see docs/web-protocol.md).")
    app.state.qwixo = state
    security.install(app, allowed_origins, body_timeout=request_timeout)
    _error_handlers(app)
    _routes(app, web_dir)
    return app


def _routes(app: FastAPI, web_dir: str | Path | None) -> None:
    """The API, the read-only edition tables of the rules pages, invite links' QR codes and
    address (reach: app.state.listen), the games' own browser files (gamefiles), the puzzles
    of the games that have them, the WebSocket, the accounts, quick pairing, challenges, bot
    accounts and API tokens, tournaments; the front end's files."""
    for part in (http_api, tables, qr, reach, puzzles_api, ws, accounts_api, pairing,
                 challenges, botapi, tournaments, gamefiles):
        app.include_router(part.router)
    app.mount("/", WebFiles(directory=str(web_dir or WEB_DIR), html=True, check_dir=False),
              name="web")


class WebFiles(StaticFiles):
    """The front end's files, the account page's file under each of :data:`ACCOUNT_VIEWS`.

    A page (``.html``) comes in the reader's language (``?lang=``, else the browser's first
    language): its ``<html lang>`` and every element marked ``data-i18n="key"`` hold the
    catalogue's text, so what shows before the script runs (or without it: ``<noscript>``) is
    translated too."""

    def get_path(self, scope) -> str:
        path = super().get_path(scope)
        return ACCOUNT_PAGE if path in ACCOUNT_VIEWS else path

    async def get_response(self, path: str, scope) -> Response:
        response = await super().get_response(path, scope)
        file = getattr(response, "path", None)
        if response.status_code != 200 or not str(file or "").endswith(".html"):
            return response
        lang = lang_of(Request(scope))
        page = translated_page(Path(file).read_text(encoding="utf-8"), lang)
        return HTMLResponse(page, headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})


_MARKED = re.compile(r'(<(\w+)\b[^>]*\sdata-i18n="([a-z0-9_]+)"[^>]*>)([^<]*)(</\2>)')


def translated_page(page: str, lang: str) -> str:
    """``page`` with its ``data-i18n`` elements' text and its ``<html lang>`` in ``lang``."""
    page = re.sub(r'<html lang="[a-z]+"', f'<html lang="{lang}"', page, count=1)
    return _MARKED.sub(lambda m: m[1] + html.escape(t(m[3], lang), quote=False) + m[5], page)


def open_store(db: str | Path, sync: str = "normal") -> GameStore:
    """The store of ``db``: a ``postgresql://`` URL (several processes may share it), else an
    SQLite file (one server process per file: a second one is refused)."""
    if is_postgres_url(str(db)):
        return PgStore(str(db))
    return Store(db, sync=sync, single_process=True)


def _error_handlers(app: FastAPI) -> None:
    """Every refusal in the protocol's one error shape."""

    def reply(e: IllegalMove, lang: str | None = "en") -> JSONResponse:
        return JSONResponse(error_payload(e, lang), status_code=getattr(e, "status", 400))

    @app.exception_handler(IllegalMove)
    async def illegal(request: Request, exc: IllegalMove) -> JSONResponse:
        return reply(exc, lang_of(request))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = dict(exc.errors()[0]) if exc.errors() else {}
        first["loc"] = tuple(first.get("loc", ()))[1:]  # ("body", field, ...): the field
        return reply(ServerError("bad_message", **validation_reason(first)), lang_of(request))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            e = ServerError("not_found", status=404, path=request.url.path[:80])
        else:
            e = ServerError("bad_message", status=exc.status_code, why="why_v_http",
                            status_code=exc.status_code)
        return reply(e, lang_of(request))


#: :func:`gc.set_threshold` of a running server (generation 0, 1, 2)
GC_THRESHOLDS = (50_000, 20, 10)


def _trim_malloc() -> None:
    with suppress(Exception):  # glibc only
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)


async def _evict_idle(lobby: Lobby) -> None:
    """Every minute, the rooms nobody uses leave memory (:meth:`Lobby.evict_idle`)."""
    while True:
        await asyncio.sleep(60)
        try:
            dropped = lobby.evict_idle()
        except Exception:  # noqa: BLE001 - try again next minute
            log.warning("evicting idle games failed", exc_info=True)
            continue
        if dropped:
            log.info("%d idle games left memory (%d stay)", dropped, len(lobby.rooms))
        if dropped >= 100:  # give the freed memory back to the system
            gc.collect()
            _trim_malloc()


def _quiet_collector(pauses: deque) -> Callable[[], None]:
    """Keep the garbage collector from stalling every game; record its pauses in ``pauses``.
    Returns what puts the process's collector back as it was."""
    # the imports (numba, FastAPI, the engines) leave ~10^5 long-lived objects: a full
    # garbage collection over them takes ~0.1-0.3 s and stalls every game; keep them out
    # of the collector's sight (what is created from now on is collected as usual)
    gc.collect()
    gc.freeze()
    # and collect the young objects less often: a move makes thousands of short-lived
    # containers (a game's copy, views, messages), and with the default thresholds (700,
    # 10, 10) enough of them outlive a pass to bring a full pass over every game's objects
    # about once a second (0.1-0.2 s each at 1,000 games: the p99 of every move); at
    # 50,000 they are freed before a young pass sees them (docs/web.md)
    thresholds = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    watch = _gc_pauses(pauses)
    gc.callbacks.append(watch)

    def restore() -> None:
        if watch in gc.callbacks:
            gc.callbacks.remove(watch)
        gc.set_threshold(*thresholds)

    return restore


def _gc_pauses(out: deque) -> Callable[[str, dict[str, int]], None]:
    """A :data:`gc.callbacks` entry that records how long each pass of the garbage collector
    over generation 1 or 2 takes (``(epoch, seconds)`` in ``out``)."""
    started = [0.0]

    def watch(phase: str, info: dict[str, int]) -> None:
        if info.get("generation", 0) < 1:
            return
        if phase == "start":
            started[0] = time.perf_counter()
        elif started[0]:
            out.append((time.time(), time.perf_counter() - started[0]))
            started[0] = 0.0

    return watch


async def _loop_lag(out: deque, every: float = 0.05) -> None:
    """Record how late the event loop wakes up (a blocked loop delays every game).

    With ``QWIXO_WATCHDOG=SECONDS`` in the environment, a thread also logs the stack of the
    event loop's thread whenever the loop has not woken up for that long (diagnosis)."""
    beat = [time.perf_counter()]
    limit = os.environ.get("QWIXO_WATCHDOG")
    if limit:
        loop_thread = threading.get_ident()
        threading.Thread(target=_watchdog, args=(beat, float(limit), loop_thread),
                         daemon=True, name="qwixo-watchdog").start()
    while True:
        t = time.perf_counter()
        await asyncio.sleep(every)
        beat[0] = time.perf_counter()
        out.append((time.time(), beat[0] - t - every))


def _watchdog(beat: list[float], limit: float, loop_thread: int) -> None:
    import sys
    import traceback

    reported = 0.0
    while True:
        time.sleep(limit / 4)
        stalled = time.perf_counter() - beat[0]
        if stalled > limit + 0.05 and beat[0] != reported:
            frame = sys._current_frames().get(loop_thread)
            stack = "".join(traceback.format_stack(frame)) if frame else "?"
            log.warning("event loop stalled for %.0f ms at:\n%s", 1000 * stalled, stack)
            reported = beat[0]

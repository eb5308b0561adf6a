"""The FastAPI application of ``qwixo serve``: HTTP API, WebSocket, the front end.

>>> import tempfile, os
>>> from fastapi.testclient import TestClient
>>> app = create_app(os.path.join(tempfile.mkdtemp(), "doc.sqlite"))
>>> with TestClient(app) as client:
...     r = client.post("/api/games", json={"game": "quixo", "settings": {"size": 3},
...                     "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human"}]})
...     game = r.json()
...     view = client.get(f"/api/games/{game['id']}").json()
>>> r.status_code, view["to_act"], view["quixo"]["rows"]
(201, [0], ['...', '...', '...'])

The protocol is described in ``docs/web-protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

import qwixo
from qwixo.core import GAME_NAMES, IllegalMove
from qwixo.i18n import LANG_NAMES, LANGS, catalog
from qwixo.server import protocol as P
from qwixo.server import security
from qwixo.server.protocol import ServerError, error_payload
from qwixo.server.ratelimit import KeyedLimiter
from qwixo.server.rooms import Conn, Lobby, Room
from qwixo.server.store import Store

log = logging.getLogger("qwixo.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
AUTH_TIMEOUT = 30.0          # seconds to send auth/spectate after connecting
PRE_AUTH_ERRORS = 10         # bad messages before auth that close the connection
FLOOD_CLOSE = 100            # refused (rate-limited) messages that close the connection
HINT_COST = 10               # tokens a hint takes from the connection's bucket
WS_MAX_SIZE = 65_536         # frames larger than this are refused by the WebSocket layer


def _body_schema(model: type) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return {"requestBody": {"required": True,
                            "content": {"application/json": {"schema": schema}}}}


def _err(e: IllegalMove, lang: str | None = "en") -> JSONResponse:
    status = getattr(e, "status", 400)
    return JSONResponse(error_payload(e, lang), status_code=status)


def _lang_of(request: Request) -> str:
    lang = request.query_params.get("lang") or request.headers.get("accept-language", "")[:2]
    return lang if lang in LANGS else "en"


async def _read_body(request: Request) -> bytes:
    size = request.headers.get("content-length")
    if size is not None and size.isdigit() and int(size) > P.MAX_HTTP_BODY:
        raise ServerError("too_large", status=413, limit=P.MAX_HTTP_BODY)
    chunks, total = [], 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > P.MAX_HTTP_BODY:
            raise ServerError("too_large", status=413, limit=P.MAX_HTTP_BODY)
        chunks.append(chunk)
    return b"".join(chunks)


def _warm_up() -> None:
    """Compile the engines' kernels (numba, cached on disk) before the first request."""
    for name, settings in (("quixo", {"size": 3}), ("quixo", {"size": 3, "players": 4}),
                           ("qwixx", {})):
        try:
            g = qwixo.new_game(name, **settings)
            if g.needs_roll:
                g.roll()
            for p in g.to_act:
                g.options(p)
            g.copy().to_json()
        except Exception:  # noqa: BLE001 - an engine still being written: serve the rest
            log.warning("warm-up of %s failed", name, exc_info=True)
    # the search and rollout kernels behind bots and hints: compiled (or loaded from numba's
    # disk cache) now, so the first hint or bot move of a fresh install does not wait for it
    for name, settings in (("quixo", {"size": 6}), ("qwixx", {"seed": 0})):
        try:
            g = qwixo.new_game(name, **settings)
            if g.needs_roll:
                g.roll()
            qwixo.make_bot(name, "strong", seconds=0.05, seed=0).decide(g, g.to_act[0])
        except Exception:  # noqa: BLE001 - warming up is best effort
            log.warning("warm-up of the %s bots failed", name, exc_info=True)


def create_app(db_path: str | Path | None = None, *, bot_delay: float = 0.0,
               http_rate: float = 2.0, http_burst: float = 20.0,
               ws_rate: float = 15.0, ws_burst: float = 30.0, bot_workers: int = 2,
               bot_processes: int = 0, ws_per_address: int = 256,
               web_dir: str | Path | None = None, warm_up: bool = True, sync: str = "normal",
               on_ready: Callable[[], None] | None = None,
               allowed_origins: list[str] | None = None,
               request_timeout: float = security.BODY_TIMEOUT) -> FastAPI:
    """The web app on the SQLite database ``db_path`` (default
    ``qwixo.paths.data_dir() / "qwixo.sqlite"``).

    ``bot_delay``: seconds a bot waits before acting (lets people see bot moves one by one);
    ``http_rate``/``http_burst``: POST rate limit per client address; ``ws_rate``/``ws_burst``:
    message rate limit per WebSocket connection; ``ws_per_address``: open WebSocket
    connections allowed per client address; ``bot_processes``: worker processes for bots
    and hints (0: ``bot_workers`` threads in the server process); ``sync``: ``normal`` or ``full`` (see
    :data:`qwixo.server.store.SYNC_MODES`); ``allowed_origins``: pages of other origins allowed
    to use the WebSocket and the POSTs, ``request_timeout``: seconds to send a request body
    (:mod:`qwixo.server.security`).
    """
    if db_path is None:
        from qwixo.paths import data_dir

        db_path = data_dir() / "qwixo.sqlite"
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = Store(db_path, sync=sync)
        lobby = Lobby(store, bot_delay=bot_delay, bot_workers=bot_workers,
                      bot_processes=bot_processes)
        lobby.bots.warm_up()
        state["store"], state["lobby"] = store, lobby
        if warm_up:
            await asyncio.get_running_loop().run_in_executor(None, _warm_up)
        state["lag"] = deque(maxlen=10_000)
        lag_task = asyncio.create_task(_loop_lag(state["lag"]))
        resumed = await lobby.resume()
        if resumed:
            log.info("resumed %d unfinished games", resumed)
        # the imports (numba, FastAPI, the engines) leave ~10^5 long-lived objects: a full
        # garbage collection over them takes ~0.1-0.3 s and stalls every game; keep them out
        # of the collector's sight (what is created from now on is collected as usual)
        gc.collect()
        gc.freeze()
        if on_ready is not None:
            on_ready()
        try:
            yield
        finally:
            lag_task.cancel()
            await lobby.close()
            store.close()

    app = FastAPI(title="qwixo", version=qwixo.__version__, lifespan=lifespan,
                  description="Qwixx and Quixo in the browser: HTTP API (the live game runs "
                              "over the WebSocket `/ws/{id}`, see docs/web-protocol.md).")
    app.state.qwixo = state
    security.install(app, allowed_origins, body_timeout=request_timeout)
    limiter = KeyedLimiter(http_rate, http_burst)

    def lobby() -> Lobby:
        return state["lobby"]

    replay_limiter = KeyedLimiter(max(20.0, 10 * http_rate), max(100.0, 10 * http_burst))

    def check_rate(request: Request, which: KeyedLimiter = limiter) -> None:
        host = request.client.host if request.client else "?"
        if not which.take(host):
            raise ServerError("rate_limited", status=429)

    # -- errors in the protocol's shape ------------------------------------------------
    @app.exception_handler(IllegalMove)
    async def illegal(request: Request, exc: IllegalMove) -> JSONResponse:
        return _err(exc, _lang_of(request))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        why = f"{'.'.join(str(p) for p in first.get('loc', ()))}: {first.get('msg', '?')}"
        return _err(ServerError("bad_message", why=why[:200]), _lang_of(request))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            e = ServerError("not_found", status=404, path=request.url.path[:80])
        else:
            e = ServerError("bad_message", status=exc.status_code, why=str(exc.detail)[:200])
        return _err(e, _lang_of(request))

    # -- HTTP API ---------------------------------------------------------------------
    @app.get("/api/health")
    async def health(since: float = 0.0) -> dict[str, Any]:
        """Liveness and figures: writes/commits, and the p50/p99/max (ms) of the decision time
        (request to broadcast), the database commit time and the event-loop lag — over the
        last 10,000 samples, or those after ``since`` (epoch seconds)."""
        store = state["store"]

        def figures(samples) -> dict[str, Any]:
            v = sorted(x for t, x in samples if t >= since)
            def pct(q: float) -> float | None:
                return round(1000 * v[int(q * (len(v) - 1))], 2) if v else None
            return {"n": len(v), "p50": pct(0.5), "p99": pct(0.99),
                    "max": round(1000 * v[-1], 2) if v else None}

        return {"ok": True, "games": len(lobby().rooms), "writes": store.writes,
                "commits": store.commits, "act_ms": figures(lobby().act_times),
                "commit_ms": figures(store.write_times), "loop_lag_ms": figures(state["lag"])}

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        games: dict[str, Any] = {}
        for name in GAME_NAMES:
            try:
                bots = qwixo.list_bots(name)
            except Exception:  # noqa: BLE001 - bots not written yet
                bots = []
            games[name] = {"bots": bots}
        games["quixo"]["settings"] = {"size": {"min": 3, "max": 7, "default": 5},
                                      "players": [2, 4], "ply_limit": "int >= 1 or null",
                                      "repetition": "int >= 2, true or null"}
        try:
            from qwixo.qwixx.editions import EDITIONS

            editions = list(EDITIONS)
        except ImportError:  # pragma: no cover
            editions = ["classic"]
        games["qwixx"]["settings"] = {"edition": editions, "players": {"min": 1, "max": 5},
                                      "scorepad": "bool", "seed": "int", "lucky": "pairs"}
        return {"version": qwixo.__version__, "games": games,
                "langs": [{"code": c, "name": LANG_NAMES[c]} for c in LANGS],
                "limits": {"ws_message": P.MAX_WS_MESSAGE, "http_body": P.MAX_HTTP_BODY,
                           "name": P.MAX_NAME, "ws_rate": ws_rate, "ws_burst": ws_burst,
                           "clock": {"min": 5, "max": 3600},
                           "bot_seconds": {"min": 0.05, "max": 30}}}

    @app.get("/api/i18n/{lang}")
    async def i18n(lang: str) -> dict[str, str]:
        if lang not in LANGS:
            raise ServerError("bad_setting", status=404, name="lang", value=lang[:10],
                              why="one of " + ", ".join(LANGS))
        return catalog(lang)

    @app.post("/api/games", status_code=201,
              openapi_extra=_body_schema(P.CreateGame))
    async def create_game(request: Request) -> JSONResponse:
        check_rate(request)
        spec = P.parse_body(P.CreateGame, await _read_body(request))
        room, tokens = await lobby().create(spec)
        seats = []
        for s, token in zip(room.seats, tokens, strict=True):
            entry = s.public()
            if token:
                entry["token"] = token
                entry["url"] = f"/?game={room.id}&token={token}"
            seats.append(entry)
        return JSONResponse({"id": room.id, "game": room.game_name,
                             "url": f"/?game={room.id}", "seats": seats,
                             "view": room.view(None)}, status_code=201)

    @app.get("/api/games")
    async def list_games(status: str | None = None, limit: int = 50) -> dict[str, Any]:
        if status not in (None, "", "open", "running", "finished"):
            raise ServerError("bad_message", why="status: open, running or finished")
        return {"games": await lobby().list(status or None, max(1, min(200, limit)))}

    def seat_from(room: Room, request: Request) -> int | None:
        token = request.query_params.get("token") or request.headers.get("x-seat-token")
        if not token:
            return None
        if len(token) > 64:
            raise ServerError("bad_token", status=403)
        return lobby().seat_of(room, token)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request) -> dict[str, Any]:
        room = await lobby().get(game_id)
        return room.view(seat_from(room, request))

    @app.post("/api/games/{game_id}/join", openapi_extra=_body_schema(P.JoinGame))
    async def join(game_id: str, request: Request) -> dict[str, Any]:
        check_rate(request)
        body = P.parse_body(P.JoinGame, await _read_body(request))
        room = await lobby().get(game_id)
        seat, token = await lobby().join(room, body.seat, body.name)
        return {"seat": seat, "token": token, "url": f"/?game={room.id}&token={token}"}

    @app.get("/api/games/{game_id}/history")
    async def history(game_id: str, request: Request) -> dict[str, Any]:
        room = await lobby().get(game_id)
        seat = seat_from(room, request)
        return {"id": room.id, "game": room.game_name, "settings": room.public_settings,
                "seats": [s.public() for s in room.seats], "status": room.status,
                "events": [room.public_event(ev, seat) for ev in room.events]}

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay(game_id: str, step: int, request: Request) -> dict[str, Any]:
        check_rate(request, replay_limiter)  # replaying costs engine work: limited
        room = await lobby().get(game_id)
        if not room.game.is_over:
            raise ServerError("replay_not_finished", status=409)
        if not 0 <= step <= room.version:
            raise ServerError("no_such_step", status=404, step=step, steps=room.version)
        view = await asyncio.get_running_loop().run_in_executor(
            None, replay_view, room, step)
        return view

    @app.post("/api/games/{game_id}/hint", openapi_extra=_body_schema(P.HintRequest))
    async def hint(game_id: str, request: Request) -> dict[str, Any]:
        check_rate(request)
        body = P.parse_body(P.HintRequest, await _read_body(request))
        room = await lobby().get(game_id)
        seat = lobby().seat_of(room, body.token)
        lines = await lobby().bots.hint(room.game, seat, body.lang or _lang_of(request))
        if not lines:
            raise ServerError("hint_unavailable", status=409)
        return {"lines": lines}

    # -- WebSocket ----------------------------------------------------------------------
    open_ws: Counter[str] = Counter()

    @app.websocket("/ws/{game_id}")
    async def ws_endpoint(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        host = ws.client.host if ws.client else "?"
        if open_ws[host] >= ws_per_address:
            err = ServerError("too_many_connections", status=429, limit=ws_per_address)
            await ws.send_text(json.dumps(error_payload(err)))
            await ws.close(code=4429)
            return
        open_ws[host] += 1
        try:
            await _ws_game(ws, game_id)
        finally:
            open_ws[host] -= 1
            if open_ws[host] <= 0:
                del open_ws[host]

    async def _ws_game(ws: WebSocket, game_id: str) -> None:
        try:
            room = await lobby().get(game_id)
        except IllegalMove as e:
            await ws.send_text(json.dumps(error_payload(e)))
            await ws.close(code=4404)
            return
        conn = Conn(rate=ws_rate, burst=ws_burst)
        writer = asyncio.create_task(_writer(ws, conn))
        try:
            await _session(ws, conn, room, lobby())
        except WebSocketDisconnect:
            pass
        finally:
            await _leave(conn, room)
            conn.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            if ws.client_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close(code=getattr(conn, "close_code", 1000))

    # -- the front end --------------------------------------------------------------------
    app.mount("/", StaticFiles(directory=str(web_dir or WEB_DIR), html=True, check_dir=False),
              name="web")
    return app


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


async def _writer(ws: WebSocket, conn: Conn) -> None:
    while True:
        msg = await conn.out.get()
        if msg is None:
            break
        try:
            await ws.send_text(msg)
        except Exception:  # noqa: BLE001 - the client is gone
            conn.closed = True
            break
    code = getattr(conn, "close_code", None)
    if code is not None and ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.close(code=code)


async def _receive(ws: WebSocket) -> str | bytes:
    msg = await ws.receive()
    if msg["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(msg.get("code", 1000))
    text = msg.get("text")
    return text if text is not None else (msg.get("bytes") or b"")


def _close(conn: Conn, code: int) -> None:
    conn.close_code = code  # type: ignore[attr-defined]
    conn.close()


async def _session(ws: WebSocket, conn: Conn, room: Room, lobby: Lobby) -> None:
    # -- 1. authentication ------------------------------------------------------------------
    bad = 0
    deadline = time.monotonic() + AUTH_TIMEOUT
    while conn.role is None:
        try:
            raw = await asyncio.wait_for(_receive(ws), max(0.1, deadline - time.monotonic()))
        except TimeoutError:
            conn.send(error_payload(ServerError("auth_required")))
            _close(conn, 4400)
            return
        msg_id = None
        try:
            msg = P.parse_ws(raw)
            msg_id = msg.id
            if isinstance(msg, P.Auth):
                conn.lang = msg.lang or conn.lang
                try:
                    seat = lobby.seat_of(room, msg.token)
                except ServerError as e:
                    conn.send(error_payload(e, conn.lang, msg_id))
                    _close(conn, 4401)
                    return
                await lobby.claim(room, seat, msg.name)
                conn.seat, conn.role = seat, "player"
            elif isinstance(msg, P.Spectate):
                conn.lang = msg.lang or conn.lang
                conn.role = "spectator"
            elif isinstance(msg, P.Ping):
                conn.send({"type": "pong", "id": msg_id, "time": time.time()})
                continue
            else:
                raise ServerError("auth_required")
        except IllegalMove as e:
            conn.send(error_payload(e, conn.lang, msg_id))
            bad += 1
            if bad >= PRE_AUTH_ERRORS or getattr(e, "status", 400) == 413:
                _close(conn, 4413 if getattr(e, "status", 400) == 413 else 4400)
                return
    conn.room = room
    room.conns.add(conn)
    if conn.seat is not None:
        room.seats[conn.seat].online += 1
    conn.send({"type": "welcome", "seat": conn.seat, "role": conn.role,
               "view": room.view(conn.seat)})
    if conn.seat is not None and room.seats[conn.seat].online == 1:
        s = room.seats[conn.seat]
        room.broadcast(None, [("announce_joined", {"player": s.seat, "name": s.name})])
    # -- 2. messages ----------------------------------------------------------------------
    while not conn.closed:
        raw = await _receive(ws)
        if not conn.bucket.take():
            if conn.bucket.refused >= FLOOD_CLOSE:
                conn.send(error_payload(ServerError("rate_limited", status=429), conn.lang))
                _close(conn, 4429)
                return
            conn.send(error_payload(ServerError("rate_limited", status=429), conn.lang))
            continue
        msg_id = None
        try:
            msg = P.parse_ws(raw)
            msg_id = msg.id
            await _handle(conn, room, lobby, msg)
        except (WebSocketDisconnect, asyncio.CancelledError):
            raise
        except Exception as e:  # noqa: BLE001 - never drop a player for a server bug
            if not isinstance(e, IllegalMove):
                log.exception("error handling a message in game %s", room.id)
                e = ServerError("server_error", status=500)
            conn.send(error_payload(e, conn.lang, msg_id))
            if getattr(e, "status", 400) == 413:
                _close(conn, 4413)
                return


async def _handle(conn: Conn, room: Room, lobby: Lobby, msg: Any) -> None:
    if isinstance(msg, P.Ping):
        conn.send({"type": "pong", "id": msg.id, "time": time.time()})
    elif isinstance(msg, P.SetLang):
        conn.lang = msg.lang
        conn.send({"type": "ok", "id": msg.id, "version": room.version})
    elif isinstance(msg, (P.Auth, P.Spectate)):
        raise ServerError("already_authenticated")
    elif conn.seat is None:
        raise ServerError("spectator_cannot_act", status=403)
    elif isinstance(msg, P.Hint):
        if not conn.bucket.take(HINT_COST):
            raise ServerError("rate_limited", status=429)
        lines = await lobby.bots.hint(room.game, conn.seat, conn.lang)
        if not lines:
            raise ServerError("hint_unavailable")
        conn.send({"type": "hint", "id": msg.id, "lines": lines})
    else:
        if isinstance(msg, P.Roll):
            ev = await lobby.act(room, conn.seat, "roll", msg.dice)
        elif isinstance(msg, P.Choose):
            ev = await lobby.act(room, conn.seat, "choose", msg.decision)
        else:
            ev = await lobby.act(room, conn.seat, "undo")
        conn.send({"type": "ok", "id": msg.id, "version": ev["n"] if ev else room.version})


async def _leave(conn: Conn, room: Room) -> None:
    if conn not in room.conns:
        return
    room.conns.discard(conn)
    if conn.seat is not None:
        s = room.seats[conn.seat]
        s.online = max(0, s.online - 1)
        if s.online == 0:
            room.broadcast(None, [("announce_left", {"player": s.seat, "name": s.name})])


def replay_view(room: Room, step: int) -> dict[str, Any]:
    """The spectator view of a finished game after its first ``step`` events."""
    from qwixo.core import load_game

    game = load_game(room.initial)
    for ev in room.events[:step]:
        if ev["kind"] == "roll":
            game.roll(ev["dice"])
        elif ev["kind"] == "choose":
            game.choose(ev["seat"], ev["decision"])
        elif ev["kind"] == "undo":
            for _ in range(ev.get("count", 1)):
                game.undo()
    shadow = Room(id=room.id, game_name=room.game_name, settings=room.settings,
                  options=room.options, game=game, initial=room.initial, snapshot="",
                  seats=room.seats, events=room.events[:step], created=room.created,
                  updated=room.updated)
    view = shadow.view(None)
    view["replay"] = {"step": step, "steps": room.version}
    return view

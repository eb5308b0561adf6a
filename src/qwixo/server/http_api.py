"""The HTTP API of ``qwixo serve`` (``docs/web-protocol.md`` §1), as an ``APIRouter``.

The routes find the server's parts in ``request.app.state.qwixo`` (a :class:`ServerState`).
"""

from __future__ import annotations

import os
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

import qwixo
from qwixo.core import GAME_NAMES, game_info, settings_info
from qwixo.i18n import LANG_NAMES, LANGS, catalog
from qwixo.server import protocol as P
from qwixo.server import reads
from qwixo.server.accounts import SESSION_COOKIE, SESSION_SECONDS, refuse_hint
from qwixo.server.lobby import Lobby
from qwixo.server.protocol import ServerError
from qwixo.server.ratelimit import KeyedLimiter
from qwixo.server.rooms import Room
from qwixo.server.storage import GameStore
from qwixo.server.store import token_hash
from qwixo.server.store_accounts import AccountStore


@dataclass
class ServerState:
    """The running server's parts and settings, shared by its routes."""

    http_rate: float = 2.0
    http_burst: float = 20.0
    ws_rate: float = 15.0
    ws_burst: float = 30.0
    ws_per_address: int = 256
    store: GameStore | None = None
    lobby: Lobby | None = None
    #: the kernels of the bots and hints are compiled (or loaded) in every process that runs
    #: them: until then a bot's move or a hint waits for that (``/api/health``, ``/api/meta``)
    ready: bool = True
    lag: deque = field(default_factory=lambda: deque(maxlen=10_000))
    #: (epoch, seconds) of the garbage collector's passes over the older generations (1 and
    #: 2): the whole process stops while they run
    gc_pauses: deque = field(default_factory=lambda: deque(maxlen=10_000))
    #: open WebSocket connections per client address
    open_ws: Counter = field(default_factory=Counter)
    limiter: KeyedLimiter = field(init=False)
    replay_limiter: KeyedLimiter = field(init=False)
    #: new games per client address and per account: a burst, then so many an
    #: hour (``qwixo serve`` had let one address create 139 games a minute)
    #: (``QWIXO_GAMES_BURST``, ``QWIXO_GAMES_PER_HOUR`` set them for ``qwixo serve``)
    games_burst: float = field(default_factory=lambda: float(
        os.environ.get("QWIXO_GAMES_BURST", 200)))
    games_per_hour: float = field(default_factory=lambda: float(
        os.environ.get("QWIXO_GAMES_PER_HOUR", 600)))
    game_limiter: KeyedLimiter = field(init=False)

    async def admit_new_game(self, address: str | None, session: str | None) -> str:
        """Take one new game from the limits of ``address`` and, when ``session`` (the
        session cookie) is a signed-in account's, of that account; returns the creator's key
        (``"account ID"``, else ``"address A"``) or raises 429 ``too_many_games``. A game
        made by ``POST /api/games`` and a rematch take one alike."""
        creator = "address " + (address or "?")
        if not self.game_limiter.take(creator):
            raise ServerError("too_many_games", status=429)
        if session and len(session) <= 100:
            found = await AccountStore(self.store).session(token_hash(session),
                                                           SESSION_SECONDS)
            if found is not None:
                creator = "account " + found[0]
                if not self.game_limiter.take(creator):
                    raise ServerError("too_many_games", status=429)
        return creator

    def __post_init__(self) -> None:
        self.limiter = KeyedLimiter(self.http_rate, self.http_burst)
        # replaying costs engine work: limited, more generously
        self.replay_limiter = KeyedLimiter(max(20.0, 10 * self.http_rate),
                                           max(100.0, 10 * self.http_burst))
        self.game_limiter = KeyedLimiter(self.games_per_hour / 3600.0, self.games_burst)


router = APIRouter()


def state_of(request: Request) -> ServerState:
    return request.app.state.qwixo


def lobby_of(request: Request) -> Lobby:
    return state_of(request).lobby  # type: ignore[return-value]


def lang_of(request: Request) -> str:
    lang = request.query_params.get("lang") or request.headers.get("accept-language", "")[:2]
    return lang if lang in LANGS else "en"


def body_schema(model: type) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    schema.pop("$defs", None)
    return {"requestBody": {"required": True,
                            "content": {"application/json": {"schema": schema}}}}


async def read_body(request: Request) -> bytes:
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


def client_address(request: Request) -> str:
    """The client's address as the server trusts it (a named proxy's forwarded address)."""
    return request.client.host if request.client else "?"


def check_rate(request: Request, replay: bool = False) -> None:
    st = state_of(request)
    host = client_address(request)
    if not (st.replay_limiter if replay else st.limiter).take(host):
        raise ServerError("rate_limited", status=429)


def _figures(samples, since: float) -> dict[str, Any]:
    v = sorted(x for t, x in samples if t >= since)

    def pct(q: float) -> float | None:
        return round(1000 * v[int(q * (len(v) - 1))], 2) if v else None

    return {"n": len(v), "p50": pct(0.5), "p99": pct(0.99),
            "max": round(1000 * v[-1], 2) if v else None}


@router.get("/api/health")
async def health(request: Request, since: float = 0.0) -> dict[str, Any]:
    """Liveness and figures: writes/commits, and the p50/p99/max (ms) of the decision time
    (request to broadcast), the database commit time, the event-loop lag and the time bot
    decisions waited for a worker (per lane: ``fast``, ``long``) — over the
    last 10,000 samples, or those after ``since`` (epoch seconds) — and the garbage
    collector's pauses (its passes over the older generations)."""
    st = state_of(request)
    store, lobby = st.store, st.lobby
    assert store is not None and lobby is not None
    return {"ok": True, "ready": st.ready, "games": len(lobby.rooms), "writes": store.writes,
            "commits": store.commits, "act_ms": _figures(lobby.act_times, since),
            "commit_ms": _figures(store.write_times, since),
            "loop_lag_ms": _figures(st.lag, since),
            "bot_wait_ms": {lane: _figures(waits, since)
                            for lane, waits in lobby.bots.waits.items()},
            "gc_ms": _figures(st.gc_pauses, since)}


def rated_order(game: str, bots: list[str]) -> list[str]:
    """The bots weakest first by their measured rating in the class of the game's default
    settings (the game's shipped ratings, :func:`~qwixo.tournament.ratings.bot_ratings`); a
    bot not measured there keeps its place after the one before it in the registry's order
    (tests/server/test_server_examples.py).
    """
    from qwixo.tournament.ratings import bot_ratings

    cls = game_info(game).rating_class({})
    rated = bot_ratings()["classes"].get(cls or "", {}).get("bots", {})
    key, last = {}, float("-inf")
    for b in bots:
        last = rated[b]["rating"] if b in rated else last
        key[b] = last
    return sorted(bots, key=lambda b: key[b])


@router.get("/api/meta")
async def meta(request: Request, lang: str | None = None) -> dict[str, Any]:
    """The games (their bots, settings and metadata, ``info``: texts in ``lang``), the
    languages and the limits (docs/web-protocol.md)."""
    st = state_of(request)
    lang = lang if lang in LANGS else "en"
    games: dict[str, Any] = {}
    for name in GAME_NAMES:
        try:
            bots = rated_order(name, qwixo.list_bots(name))
        except Exception:  # noqa: BLE001 - bots not written yet
            bots = []
        games[name] = {"bots": bots, "settings": settings_info(name),
                       "info": game_info(name).to_dict(lang)}
    return {"version": qwixo.__version__, "ready": st.ready, "games": games,
            "langs": [{"code": c, "name": LANG_NAMES[c]} for c in LANGS],
            "limits": {"ws_message": P.MAX_WS_MESSAGE, "http_body": P.MAX_HTTP_BODY,
                       "name": P.MAX_NAME, "ws_rate": st.ws_rate, "ws_burst": st.ws_burst,
                       "clock": {"min": 5, "max": 3600},
                       "bot_seconds": {"min": 0.05, "max": 30}}}


@router.get("/api/i18n/{lang}")
async def i18n(lang: str) -> dict[str, str]:
    if lang not in LANGS:
        raise ServerError("bad_setting", status=404, name="lang", value=lang[:10],
                          why="why_one_of", choices=", ".join(LANGS))
    return catalog(lang)


@router.post("/api/games", status_code=201, openapi_extra=body_schema(P.CreateGame))
async def create_game(request: Request) -> JSONResponse:
    check_rate(request)
    spec = P.parse_body(P.CreateGame, await read_body(request))
    creator = await state_of(request).admit_new_game(client_address(request),
                                                     request.cookies.get(SESSION_COOKIE))
    room, tokens = await lobby_of(request).create(spec, creator=creator)
    seats = []
    for s, token in zip(room.seats, tokens, strict=True):
        entry = s.public()
        if token:
            entry["token"] = token
            entry["url"] = f"/?game={room.id}&token={token}"
        seats.append(entry)
    return JSONResponse({"id": room.id, "game": room.game_name, "url": f"/?game={room.id}",
                         "seats": seats, "view": room.view(None)}, status_code=201)


@router.get("/api/games")
async def list_games(request: Request, status: str | None = None,
                     limit: int = 50) -> dict[str, Any]:
    if status not in (None, "", "open", "running", "finished"):
        raise ServerError("bad_setting", name="status", value=status, why="why_one_of",
                          choices="open, running, finished")
    return {"games": await lobby_of(request).list(status or None, max(1, min(200, limit)))}


def seat_from(room: Room, request: Request) -> int | None:
    token = request.query_params.get("token") or request.headers.get("x-seat-token")
    if not token:
        return None
    if len(token) > 64:
        raise ServerError("bad_token", status=403)
    return lobby_of(request).seat_of(room, token)


@router.get("/api/games/{game_id}")
async def get_game(game_id: str, request: Request) -> dict[str, Any]:
    room = await lobby_of(request).get(game_id)
    return room.view(seat_from(room, request))


@router.post("/api/games/{game_id}/join", openapi_extra=body_schema(P.JoinGame))
async def join(game_id: str, request: Request) -> dict[str, Any]:
    check_rate(request)
    body = P.parse_body(P.JoinGame, await read_body(request))
    room = await lobby_of(request).get(game_id)
    seat, token = await lobby_of(request).join(room, body.seat, body.name)
    return {"seat": seat, "token": token, "url": f"/?game={room.id}&token={token}"}


@router.get("/api/games/{game_id}/history")
async def history(game_id: str, request: Request) -> dict[str, Any]:
    room = await lobby_of(request).get(game_id)
    seat = seat_from(room, request)
    return {"id": room.id, "game": room.game_name, "settings": room.public_settings,
            "seats": [s.public() for s in room.seats], "status": room.status,
            "events": [room.public_event(ev, seat) for ev in room.events]}


@router.get("/api/games/{game_id}/replay/{step}")
async def replay(game_id: str, step: int, request: Request) -> dict[str, Any]:
    check_rate(request, replay=True)
    room = await lobby_of(request).get(game_id)
    if not room.public["is_over"]:
        raise ServerError("replay_not_finished", status=409)
    if not 0 <= step <= room.version:
        raise ServerError("no_such_step", status=404, step=step, steps=room.version)
    return await lobby_of(request).bots.read(reads.replay_view, reads.room_parts(room), step,
                                             client=client_address(request))


@router.post("/api/games/{game_id}/hint", openapi_extra=body_schema(P.HintRequest))
async def hint(game_id: str, request: Request) -> dict[str, Any]:
    check_rate(request)
    body = P.parse_body(P.HintRequest, await read_body(request))
    lobby = lobby_of(request)
    room = await lobby.get(game_id)
    seat = lobby.seat_of(room, body.token)
    refuse_hint(room)
    answer = await lobby.bots.hint(room.game, seat, body.lang or lang_of(request),
                                   game_id=room.id, client=client_address(request))
    if not answer["lines"]:
        raise ServerError("hint_unavailable", status=409)
    return {"lines": answer["lines"], "moves": answer["moves"]}


@router.get("/api/games/{game_id}/analysis")
async def analysis(game_id: str, request: Request) -> dict[str, Any]:
    """The analysis of a finished game (``docs/api.md``, "Analysis"): every decision's value,
    the key moments and the better decisions, each point with the replay ``step`` that shows
    the position after it. Computed once in the hints' workers within the server's time budget
    (``qwixo serve --analysis-seconds``) and stored with the game
    (:mod:`qwixo.server.store_analysis`; 409 ``analysis_unsupported`` for a game without
    analysis; 429 ``analysis_busy`` when this address has two analyses running or waiting
    already: the analyses have their own worker, one at a time, the addresses in turn)."""
    check_rate(request, replay=True)
    lobby = lobby_of(request)
    room = await lobby.get(game_id)
    if not room.public["is_over"]:
        raise ServerError("replay_not_finished", status=409)
    from qwixo.analysis import analysis_function

    if analysis_function(room.game_name) is None:
        raise ServerError("analysis_unsupported", status=409, game=room.game_name)
    from qwixo.server.store_analysis import Progress, analysis_of

    seconds = lobby.bots.analysis_seconds  # the server's budget (--analysis-seconds)
    steps = await lobby.bots.read(reads.history_steps, room.initial, list(room.events),
                                  client=client_address(request))
    progress = Progress(steps, room.version)  # (GET .../analysis/progress reads it meanwhile)
    result = await analysis_of(  # the one stored with the game, else computed and stored
        lobby.store, room.id, room.version, seconds,
        lambda: lobby.bots.analyse(room.game, game_id=room.id, seconds=seconds,
                                   client=client_address(request), progress=progress.update),
        progress=progress)
    points = [dict(p, step=steps[p["index"]] if p["index"] < len(steps) else room.version)
              for p in result["points"]]
    return {"id": room.id, "game": room.game_name, "steps": room.version,
            "analysis": dict(result, points=points)}


@router.get("/api/games/{game_id}/analysis/progress")
async def analysis_progress(game_id: str, request: Request) -> dict[str, Any]:
    """How far the analysis of a finished game has gone (``docs/web-protocol.md``): while
    ``GET .../analysis`` computes it, ``{"state": "running", "metric", "done", "total",
    "percent", "points", "series"}`` (the decisions analysed so far, each point with its replay
    ``step``, and the graph's rows so far); ``{"state": "done"}`` once it is stored with the
    game; ``{"state": "none"}`` when none is being made (nobody asked, or another process
    computes it)."""
    check_rate(request, replay=True)
    lobby = lobby_of(request)
    room = await lobby.get(game_id)
    if not room.public["is_over"]:
        raise ServerError("replay_not_finished", status=409)
    from qwixo.server.store_analysis import AnalysisStore, progress_of

    going = progress_of(lobby.store, room.id, room.version)
    if going is not None:
        return going.to_dict()
    stored = await AnalysisStore(lobby.store).get(room.id, room.version,
                                                 lobby.bots.analysis_seconds)
    return {"state": "done" if stored is not None else "none"}


def history_steps(room: Room) -> list[int]:
    """(:func:`qwixo.server.reads.history_steps` of the room's events.)"""
    return reads.history_steps(room.initial, room.events)

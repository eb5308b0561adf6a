"""Programs as players (``docs/web-protocol.md`` §7), after lichess's Bot API: bot accounts,
API tokens with scopes, and the event stream.

- **Bot accounts.** An account becomes a bot account (``POST /api/bot/account/upgrade``) for
  ever, and only while it has played no rated game as a person: its seats, results, profile
  and leaderboard entries say ``bot_account`` / ``bot``. Bot accounts are rated in the same
  classes as people (a rated game between a person and a bot account rates both), and the
  leaderboards list them apart (``bot_accounts``), never among the people.
- **API tokens** (``/api/account/tokens``): made and revoked by the signed-in person (the
  account page), shown once, stored as their SHA-256 only, sent as ``Authorization: Bearer
  TOKEN`` (:mod:`qwixo.server.tokens`); each has scopes (``SCOPES``) and its own limits
  (``TOKEN_RATE``, ``MAX_STREAMS``, ``MAX_SOCKETS``); a bot account has at most
  :data:`qwixo.server.challenges.MAX_BOT_GAMES` games running at once.
- **The event stream** (``GET /api/stream/event``): NDJSON lines, one event each —
  ``challenge`` (in or out, pending), ``challengeCanceled``, ``challengeDeclined``,
  ``gameStart`` and ``gameFinish`` — and an empty line every :data:`KEEP_ALIVE` seconds. On
  connecting it sends the pending challenges and the running games first, so a program that
  lost its stream loses nothing.

A token plays the account's seat over the game WebSocket (:func:`ws_account`); the challenge
routes (:mod:`qwixo.server.challenges`) take tokens as they take sessions.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections import Counter
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import Field

from qwixo.server import protocol as P
from qwixo.server.accounts import Empty
from qwixo.server.challenges import _waiting
from qwixo.server.http_api import body_schema, check_rate, lobby_of, read_body
from qwixo.server.protocol import ServerError
from qwixo.server.store import StoreConflict, token_hash
from qwixo.server.store_botapi import BotStore
from qwixo.server.tokens import (
    MAX_SOCKETS,
    MAX_STREAMS,
    MAX_TOKENS,
    PLAY,
    SCOPES,
    bearer_of,
    token_account,
)

router = APIRouter()

#: seconds between keep-alive lines of the event stream, and between its looks at the store
#: (another process's changes; this process's own wake the stream at once)
KEEP_ALIVE, LOOK = 7.0, 1.0
#: the prefix of every API token (so that a leaked one is recognised for what it is)
PREFIX = "qwx_"

_streams: Counter = Counter()
_sockets: Counter = Counter()



# -- tokens -------------------------------------------------------------------------------
class TokenRequest(P._Strict):
    """Body of ``POST /api/account/tokens``."""

    description: Annotated[str, Field(min_length=1, max_length=80)]
    scopes: Annotated[list[Annotated[str, Field(max_length=20)]],
                      Field(min_length=1, max_length=len(SCOPES))]


def _token_public(row: tuple) -> dict[str, Any]:
    tid, description, scopes, created, last_used = row
    return {"id": tid, "description": description, "scopes": scopes.split(),
            "created": created, "last_used": last_used}


async def _session(request: Request, write: bool = False) -> tuple[str, str]:
    from qwixo.server.accounts_api import current

    account_id, name, _ = await current(request, write=write)
    return account_id, name


@router.post("/api/account/tokens", status_code=201, openapi_extra=body_schema(TokenRequest))
async def create_token(request: Request) -> dict[str, Any]:
    """A new API token of the signed-in person (a session, never a token) →
    ``{"id", "description", "scopes", "created", "last_used": null, "token"}``: ``token``
    this once, never again."""
    check_rate(request)
    account_id, _ = await _session(request, write=True)
    body = P.parse_body(TokenRequest, await read_body(request))
    bad = [s for s in body.scopes if s not in SCOPES]
    if bad:
        raise ServerError("bad_setting", name="scopes", value=bad[0], why="why_one_of",
                          choices=", ".join(SCOPES))
    db = BotStore(lobby_of(request).store)
    if len(await db.tokens_of(account_id)) >= MAX_TOKENS:
        raise ServerError("too_many_tokens", status=429, limit=MAX_TOKENS)
    token = PREFIX + secrets.token_urlsafe(30)
    tid, now = secrets.token_urlsafe(9), time.time()
    scopes = " ".join(s for s in SCOPES if s in body.scopes)
    await db.add_token(tid, account_id, token_hash(token), body.description.strip() or "-",
                       scopes, now)
    return {**_token_public((tid, body.description, scopes, now, None)), "token": token}


@router.get("/api/account/tokens")
async def tokens(request: Request) -> dict[str, Any]:
    """The signed-in person's live tokens (never the tokens themselves): ``{"tokens": [{"id",
    "description", "scopes", "created", "last_used"}], "scopes": [...]}``."""
    account_id, _ = await _session(request)
    rows = await BotStore(lobby_of(request).store).tokens_of(account_id)
    return {"tokens": [_token_public(r) for r in rows], "scopes": list(SCOPES)}


@router.post("/api/account/tokens/{tid}/revoke", openapi_extra=body_schema(Empty))
async def revoke_token(tid: str, request: Request) -> dict[str, Any]:
    """Revoke one of the signed-in person's tokens: from now on it opens nothing (its open
    event streams and game connections end within :data:`LOOK` seconds)."""
    check_rate(request)
    account_id, _ = await _session(request, write=True)
    try:
        await BotStore(lobby_of(request).store).revoke(account_id, tid[:40], time.time())
    except StoreConflict:
        raise ServerError("token_unknown", status=404) from None
    return {"id": tid[:40], "revoked": True}


# -- bot accounts -------------------------------------------------------------------------
@router.post("/api/bot/account/upgrade", openapi_extra=body_schema(Empty))
async def upgrade(request: Request) -> dict[str, Any]:
    """Make the account a bot account, for ever: signed in (session and CSRF header), or a
    token with ``bot:play``. Refused (409 ``bot_has_rated_games``) once the account played a
    rated game as a person."""
    check_rate(request)
    token = bearer_of(request.headers)
    store = lobby_of(request).store
    if token is not None:
        account_id, name, *_ = await token_account(store, token, ("bot:play", "upgrade"))
    else:
        account_id, name = await _session(request, write=True)
    db = BotStore(store)
    if await db.is_bot(account_id):
        return {"name": name, "bot": True}
    games = await db.rated_games_of("a:" + account_id)
    try:
        if games:
            raise StoreConflict("rated")
        await db.make_bot(account_id)
    except StoreConflict:
        raise ServerError("bot_has_rated_games", status=409,
                          games=games or await db.rated_games_of("a:" + account_id)) from None
    return {"name": name, "bot": True}


# -- the event stream ---------------------------------------------------------------------
def _line(msg: dict[str, Any]) -> bytes:
    return (json.dumps(msg, separators=(",", ":")) + "\n").encode()


async def _challenges(store: Any, account_id: str, since: float) -> list[dict[str, Any]]:
    from qwixo.server.challenges import public
    from qwixo.server.store_challenges import ChallengeStore

    now = time.time()
    out = []
    for row in await ChallengeStore(store).of(account_id, since):
        c = public(row, account_id, now)
        c["direction"] = "out" if row[1] == account_id else "in"
        out.append(c)
    return out


def _game(row: tuple, rated: bool) -> dict[str, Any]:
    gid, seat, game, settings, _status, _updated = row
    return {"id": gid, "game": game, "seat": seat, "settings": json.loads(settings),
            "rated": rated, "url": f"/?game={gid}"}


async def _events(request: Request, store: Any, account_id: str, token: str | None,
                  first: float) -> AsyncIterator[bytes]:
    """The stream's lines: what is pending and running now, then each change."""
    from qwixo.server.store_accounts import AccountStore

    db = BotStore(store)
    seen_ch: dict[str, str] = {}
    seen_games: dict[str, str] = {}
    wakeup = asyncio.Event()
    _waiting[account_id].add(wakeup)
    last_line = time.monotonic()
    started = True
    try:
        while True:
            if token is not None and await db.token(token_hash(token)) is None:
                return  # the token was revoked: the stream ends
            out: list[dict[str, Any]] = []
            for c in await _challenges(store, account_id, first):
                was = seen_ch.get(c["id"])
                if c["status"] == was:
                    continue
                seen_ch[c["id"]] = c["status"]
                if c["status"] == "pending":
                    out.append({"type": "challenge", "challenge": c})
                elif was is not None and c["status"] == "cancelled":
                    out.append({"type": "challengeCanceled", "challenge": c})
                elif was is not None and c["status"] == "declined":
                    out.append({"type": "challengeDeclined", "challenge": c})
            rows = await db.games_since(account_id, first)
            rated = await AccountStore(store).rated_ids([r[0] for r in rows])
            lobby = lobby_of(request)
            for row in reversed(rows):
                gid = row[0]
                room = lobby.rooms.get(gid)  # (this process knows it better than the store)
                done = bool(room.public["is_over"]) if room is not None else (
                    row[4] == "finished")
                state = "finished" if done else "running"
                was = seen_games.get(gid)
                if was == state:
                    continue
                seen_games[gid] = state
                if started and done:  # finished before the stream opened: history
                    continue
                g = _game(row, gid in rated or bool(room and room.options.get("rated")))
                if was is None:
                    out.append({"type": "gameStart", "game": g})
                if done:
                    if room is not None:
                        g["winners"] = list(room.public.get("winners") or [])
                        g["scores"] = room.public.get("scores")
                    out.append({"type": "gameFinish", "game": g})
            started = False
            for msg in out:
                yield _line(msg)
                last_line = time.monotonic()
            if time.monotonic() - last_line >= KEEP_ALIVE:
                yield b"\n"
                last_line = time.monotonic()
            if await request.is_disconnected():
                return
            wakeup.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wakeup.wait(), LOOK)
    finally:
        _waiting[account_id].discard(wakeup)
        if not _waiting[account_id]:
            _waiting.pop(account_id, None)


@router.get("/api/stream/event")
async def stream_event(request: Request) -> StreamingResponse:
    """The account's events as NDJSON (``application/x-ndjson``), for as long as the client
    reads: a token with ``bot:play``, ``board:play`` or ``challenge:read``, or a session."""
    store = lobby_of(request).store
    token = bearer_of(request.headers)
    key = None
    if token is not None:
        account_id, _, tid, _, _ = await token_account(
            store, token, ("bot:play", "board:play", "challenge:read"))
        if _streams[tid] >= MAX_STREAMS:
            raise ServerError("too_many_streams", status=429, limit=MAX_STREAMS)
        key = tid
        await BotStore(store).used(tid, time.time())
    else:
        account_id, _ = await _session(request)
    first = time.time() - 86_400

    async def body() -> AsyncIterator[bytes]:
        if key is not None:
            _streams[key] += 1
        try:
            async for line in _events(request, store, account_id, token, first):
                yield line
        finally:
            if key is not None:
                _streams[key] -= 1
                if _streams[key] <= 0:
                    del _streams[key]

    return StreamingResponse(body(), media_type="application/x-ndjson",
                             headers={"cache-control": "no-store"})


# -- the game WebSocket -------------------------------------------------------------------
async def ws_account(store: Any, token: str, game_id: str) -> tuple[int, str, str]:
    """``(seat, account name, token id)`` the token plays in the game ``game_id``: the seat
    linked to its account (a token with ``bot:play`` or ``board:play``). Raises
    ``bad_api_token``, ``token_scope``, ``no_account_seat`` (the account holds no seat there)
    or ``too_many_connections`` (the token's WebSockets)."""
    from qwixo.server.store_accounts import AccountStore

    account_id, name, tid, _, _ = await token_account(store, token, PLAY)
    seats = [s for s, a in (await AccountStore(store).seat_accounts(game_id)).items()
             if a == account_id]
    if not seats:
        raise ServerError("no_account_seat", status=403)
    if _sockets[tid] >= MAX_SOCKETS:
        raise ServerError("too_many_connections", status=429, limit=MAX_SOCKETS)
    await BotStore(store).used(tid, time.time())
    return seats[0], name, tid


def socket_opened(tid: str) -> None:
    _sockets[tid] += 1


def socket_closed(tid: str) -> None:
    _sockets[tid] -= 1
    if _sockets[tid] <= 0:
        del _sockets[tid]


async def still_valid(store: Any, token: str) -> bool:
    """Whether the token still opens anything (not revoked, its account not deleted)."""
    return await BotStore(store).token(token_hash(token)) is not None

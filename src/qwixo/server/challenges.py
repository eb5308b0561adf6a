"""Challenges: one signed-in player challenges another, by name, to a game with settings
(``/api/challenges``, ``docs/web-protocol.md``).

The challenged player accepts (the game is created: the challenger in the first seat, both
seats linked to their accounts — a rated challenge is rated as any rated game), declines, or
lets it expire (``expires_in`` seconds, default :data:`EXPIRES`); the challenger may cancel
it while it is pending. Each answers only from ``pending``, in one statement that must change
the row (:mod:`qwixo.server.store_challenges`): an accept and a cancel at once leave exactly
one done, on one process or several. ``GET /api/challenges`` lists both sides' challenges
(pending, and those decided in the last day): a challenger's accepted challenge carries their
own seat's ``url``, the accepter gets theirs in the answer to the accept.

Follows: an account follows others by name (``/api/follows``) and sees, for each, whether
they are online — one of their seats has a connection on any server process (the others'
from the presence table, on PostgreSQL), or one of their unfinished games moved in the last
:data:`ACTIVE` seconds — and their current games (spectator links): whom to watch, whom to
challenge.

This is the one challenge mechanism: accounts played by programs (bot accounts) use the same
routes and rows, with their own way to sign in, instead of a second one.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import defaultdict
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import Field

from qwixo.core import GAME_NAMES
from qwixo.server import protocol as P
from qwixo.server.accounts import Empty, mark_bot_accounts
from qwixo.server.http_api import body_schema, check_rate, lobby_of, read_body
from qwixo.server.lobby import new_token
from qwixo.server.protocol import ServerError, name_key
from qwixo.server.store import StoreConflict
from qwixo.server.store_accounts import AccountStore
from qwixo.server.store_botapi import BotStore
from qwixo.server.store_challenges import ChallengeStore, FollowStore

router = APIRouter()

#: unfinished games of one bot account at once (accepting another is refused: ``bot_busy``)
MAX_BOT_GAMES = 16
#: account id -> the events of the event streams (qwixo.server.botapi) waiting on it, woken
#: by this process's challenges
_waiting: defaultdict[str, set[asyncio.Event]] = defaultdict(set)


def wake(*account_ids: str) -> None:
    """Something changed for these accounts (a challenge, a game): their streams look now."""
    for a in account_ids:
        for ev in _waiting.get(a, ()):
            ev.set()


#: seconds a challenge waits for its answer unless it says otherwise (a day)
EXPIRES = 86_400.0
#: pending challenges one account may have out at once
MAX_PENDING = 20


class ChallengeRequest(P._Strict):
    """Body of ``POST /api/challenges``."""

    to: P.Name
    game: Literal[GAME_NAMES]  # type: ignore[valid-type]  # the registry's games
    settings: Annotated[dict[Annotated[str, Field(max_length=40)], P.SettingValue],
                        Field(max_length=16)] = Field(default_factory=dict)
    clock: Annotated[float, Field(ge=5, le=3600)] | None = None
    turn_hours: Annotated[float, Field(ge=1, le=24 * 14)] | None = None
    rated: bool = False
    expires_in: Annotated[float, Field(ge=60, le=14 * 86_400)] | None = None
    lang: P.Lang | None = None


#: the API token scopes the challenge routes take (``docs/web-protocol.md`` §7)
READ_SCOPES = ("challenge:read", "challenge:write", "bot:play", "board:play")
WRITE_SCOPES = ("challenge:write", "bot:play", "board:play")


async def _me(request: Request, write: bool = False) -> tuple[str, str]:
    from qwixo.server.accounts_api import current

    account_id, name, _ = await current(request, write=write,
                                        scopes=WRITE_SCOPES if write else READ_SCOPES)
    return account_id, name


def public(row: tuple, me: str, now: float) -> dict[str, Any]:
    """A challenge as its two players see it (the challenger's seat ``url`` only to them)."""
    cid, from_id, to_id, spec, status, created, expires, updated, game_id, token, fname, \
        tname = row
    if status == "pending" and expires <= now:
        status = "expired"
    if status == "accepting":
        status = "pending"
    out = {"id": cid, "from": fname, "to": tname, **json.loads(spec), "status": status,
           "created": created, "expires": expires, "updated": updated, "game_id": game_id}
    out.pop("lang", None)
    if game_id and from_id == me and token:
        out.update(seat=0, url=f"/?game={game_id}&token={token}")
    elif game_id:
        out["url"] = f"/?game={game_id}"
    return out


@router.post("/api/challenges", status_code=201, openapi_extra=body_schema(ChallengeRequest))
async def create(request: Request) -> dict[str, Any]:
    """Challenge the player ``to`` (an account's name) to a game with these settings and time
    control: ``{"id", "from", "to", "game", "settings", "clock", "turn_hours", "rated",
    "status": "pending", "created", "expires", "updated", "game_id": null}``."""
    check_rate(request)
    me, _ = await _me(request, write=True)
    body = P.parse_body(ChallengeRequest, await read_body(request))
    lobby = lobby_of(request)
    accounts = AccountStore(lobby.store)
    target = await accounts.account_by_key(name_key(body.to))
    if target is None:
        raise ServerError("no_such_player", status=404, name=body.to)
    if target[0] == me:
        raise ServerError("challenge_self")
    spec = {"game": body.game, "settings": dict(body.settings), "clock": body.clock,
            "turn_hours": body.turn_hours, "rated": body.rated, "lang": body.lang}
    probe = P.CreateGame.model_validate(
        {**spec, "seats": [{"kind": "open"}]}, strict=False)
    game, settings, _ = lobby._make_game(probe)  # the game's own checks (and a rated one's)
    if game.num_players != 2:
        raise ServerError("challenge_two_players", players=game.num_players)
    spec["settings"] = settings
    store = ChallengeStore(lobby.store)
    now = time.time()
    if await store.pending_from(me, now) >= MAX_PENDING:
        raise ServerError("rate_limited", status=429)
    cid = new_token()
    await store.add(cid, me, target[0], json.dumps(spec), now, now + (body.expires_in or EXPIRES))
    row = await store.get(cid)
    assert row is not None
    wake(me, target[0])
    return public(row, me, now)


@router.get("/api/challenges")
async def mine(request: Request) -> dict[str, Any]:
    """The signed-in player's challenges: ``{"incoming": [...], "outgoing": [...]}``, the
    pending ones and those decided in the last day, newest first."""
    me, _ = await _me(request)
    now = time.time()
    rows = await ChallengeStore(lobby_of(request).store).of(me, now - 86_400)
    out: dict[str, list] = {"incoming": [], "outgoing": []}
    for row in rows:
        out["outgoing" if row[1] == me else "incoming"].append(public(row, me, now))
    return out


async def _row(request: Request, cid: str) -> tuple[str, tuple]:
    check_rate(request)
    me, _ = await _me(request, write=True)
    row = await ChallengeStore(lobby_of(request).store).get(cid[:64])
    if row is None or me not in (row[1], row[2]):
        raise ServerError("challenge_unknown", status=404)
    return me, row


async def _move(request: Request, row: tuple, status: str) -> None:
    try:
        await ChallengeStore(lobby_of(request).store).move(row[0], status, time.time())
    except StoreConflict:
        raise ServerError("challenge_not_pending", status=409,
                          status_now=public(row, "", time.time())["status"]) from None


@router.post("/api/challenges/{cid}/accept", openapi_extra=body_schema(Empty))
async def accept(cid: str, request: Request) -> dict[str, Any]:
    """The challenged player accepts: the game is created → the challenge with ``game_id``,
    ``seat``, ``token`` and ``url`` (the accepter's seat)."""
    me, row = await _row(request, cid)
    if me != row[2]:
        raise ServerError("challenge_not_yours", status=403)
    lobby = lobby_of(request)
    bots = BotStore(lobby.store)
    for account_id in (row[1], row[2]):
        if await bots.is_bot(account_id) and (
                await bots.running_games(account_id) >= MAX_BOT_GAMES):
            raise ServerError("bot_busy", status=429, limit=MAX_BOT_GAMES)
    await _move(request, row, "accepting")
    store = ChallengeStore(lobby.store)
    try:
        spec = json.loads(row[3])
        create = P.CreateGame.model_validate(
            {**spec, "seats": [{"kind": "human", "name": row[10]},
                               {"kind": "human", "name": row[11]}]}, strict=False)
        room, tokens = await lobby.create(create)
        accounts = AccountStore(lobby.store)
        for seat, account_id in ((0, row[1]), (1, row[2])):
            await accounts.claim_seat(room.id, seat, account_id)
            room.seats[seat].linked = True
        await mark_bot_accounts(lobby.store, room)
        if room.options.get("rated"):
            await lobby.why_unrated(room)
        await store.accepted(row[0], room.id, tokens[0] or "", time.time())
    except BaseException:
        await store.back(row[0], time.time())
        raise
    done = await store.get(row[0])
    assert done is not None
    wake(row[1], row[2])
    token = tokens[1]
    return {**public(done, me, time.time()), "seat": 1, "token": token,
            "url": f"/?game={room.id}&token={token}"}


@router.post("/api/challenges/{cid}/decline", openapi_extra=body_schema(Empty))
async def decline(cid: str, request: Request) -> dict[str, Any]:
    """The challenged player says no."""
    me, row = await _row(request, cid)
    if me != row[2]:
        raise ServerError("challenge_not_yours", status=403)
    await _move(request, row, "declined")
    wake(row[1], row[2])
    return {"id": row[0], "status": "declined"}


@router.post("/api/challenges/{cid}/cancel", openapi_extra=body_schema(Empty))
async def cancel(cid: str, request: Request) -> dict[str, Any]:
    """The challenger takes the challenge back (while it is pending)."""
    me, row = await _row(request, cid)
    if me != row[1]:
        raise ServerError("challenge_not_yours", status=403)
    await _move(request, row, "cancelled")
    wake(row[1], row[2])
    return {"id": row[0], "status": "cancelled"}


#: seconds since a followed player's game last moved during which they count as online
ACTIVE = 300.0


class FollowRequest(P._Strict):
    """Body of ``POST /api/follows``."""

    name: P.Name


@router.post("/api/follows", status_code=201, openapi_extra=body_schema(FollowRequest))
async def follow(request: Request) -> dict[str, Any]:
    """Follow the player ``name`` → ``{"name", "following": true}``."""
    check_rate(request)
    me, _ = await _me(request, write=True)
    body = P.parse_body(FollowRequest, await read_body(request))
    lobby = lobby_of(request)
    target = await AccountStore(lobby.store).account_by_key(name_key(body.name))
    if target is None:
        raise ServerError("no_such_player", status=404, name=body.name)
    if target[0] == me:
        raise ServerError("follow_self")
    await FollowStore(lobby.store).follow(me, target[0], time.time())
    return {"name": target[1], "following": True}


@router.post("/api/follows/{name}/unfollow", openapi_extra=body_schema(Empty))
async def unfollow(name: str, request: Request) -> dict[str, Any]:
    """Stop following ``name`` → ``{"name", "following": false}``."""
    check_rate(request)
    me, _ = await _me(request, write=True)
    lobby = lobby_of(request)
    target = await AccountStore(lobby.store).account_by_key(name_key(name[:P.MAX_NAME]))
    if target is None:
        raise ServerError("no_such_player", status=404, name=name[:P.MAX_NAME])
    await FollowStore(lobby.store).unfollow(me, target[0])
    return {"name": target[1], "following": False}


@router.get("/api/follows")
async def follows(request: Request) -> dict[str, Any]:
    """The players the signed-in person follows: ``{"follows": [{"name", "online", "games":
    [{"id", "game", "settings", "seat", "updated", "url"}]}]}`` — online ones first."""
    me, _ = await _me(request)
    lobby = lobby_of(request)
    store = FollowStore(lobby.store)
    now = time.time()
    followed = [(account_id, name, await store.current_games(account_id))
                for account_id, name in await store.followed(me)]
    # the seats with a connection on another process (PostgreSQL: the presence table)
    elsewhere = {(gid, seat) for gid, seat, _owner, _left in await lobby.store.presence(
        [g[0] for _, _, rows in followed for g in rows], lobby.owner)} \
        if lobby.store.shared and any(rows for _, _, rows in followed) else set()
    out = []
    for _account_id, name, rows in followed:
        games, online = [], False
        for gid, seat, game, settings, updated in rows:
            room = lobby.rooms.get(gid)
            here = (room is not None and room.seats[seat].online > 0) or (gid, seat) in elsewhere
            online = online or here or now - updated < ACTIVE
            games.append({"id": gid, "game": game, "settings": json.loads(settings),
                          "seat": seat, "updated": updated, "url": f"/?game={gid}&watch=1"})
        out.append({"name": name, "online": online, "games": games})
    out.sort(key=lambda f: not f["online"])
    return {"follows": out}

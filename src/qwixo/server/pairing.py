"""Quick pairing: "Play someone" (``/api/pairing``, ``docs/web-protocol.md``).

A player asks for a game and its settings (any game's, checked as ``POST /api/games`` checks
them: the game's own settings metadata), a time control (``clock`` seconds or ``turn_hours``)
and, signed in, a rating range (``rating_range``: ± points around their rating in the game's
rating class). The request waits in the pool of exactly those settings and time control
(table ``seeks``, :mod:`qwixo.server.store_pairing`: SQLite or PostgreSQL). Whenever a player
asks (the request itself, then every look at it: a waiting look every second), the pool is
paired: the longest-waiting player with the next ones that suit each other (each inside the
other's range when they gave one; a guest, who has no rating, only with players who gave no
range; never an account with itself) until the game's number of players is reached — then a
game is created with a person seat for each (``rated``: a rated game, rated as a created one
once the seats are linked to their accounts, or saying why not), and each player's look gives
their seat and token: a look that waits (``?wait=``) answers the moment the game is made, on
this process or another. A player who chose ``bots_after`` seconds gets a game with bots in the other seats
once they waited that long (null: never). The pairing marks the rows of one game in one
transaction, each only if it still waits: every waiting player is paired once, whichever
process of several on one PostgreSQL database pairs first. A waiting player sees how many
others wait in the same pool (``waiting``). A request nobody asked after for
:data:`STALE` seconds is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import Field

import qwixo
from qwixo.core import GAME_NAMES
from qwixo.i18n import t
from qwixo.server import protocol as P
from qwixo.server.accounts import SESSION_COOKIE, account_player, rating_class_of
from qwixo.server.http_api import body_schema, check_rate, lobby_of, rated_order, read_body
from qwixo.server.lobby import new_token
from qwixo.server.protocol import ServerError
from qwixo.server.store import StoreConflict, StoreError
from qwixo.server.store_accounts import AccountStore
from qwixo.server.store_pairing import PairingStore
from qwixo.server.store_pg import PAIRED

log = logging.getLogger("qwixo.server")
router = APIRouter()

#: seconds after the last look at a request before it is dropped (a waiting look keeps it alive)
STALE = 30.0
#: times a pairing that lost a race to another process is tried again at once
RETRIES = 3
#: the longest wait of one look (``GET /api/pairing/{id}?wait=``), in seconds
MAX_WAIT = 25.0
#: seconds between two pairings of the pool while a look waits
REPAIR = 1.0


class SeekRequest(P._Strict):
    """Body of ``POST /api/pairing``."""

    game: Literal[GAME_NAMES]  # type: ignore[valid-type]  # the registry's games
    settings: Annotated[dict[Annotated[str, Field(max_length=40)], P.SettingValue],
                        Field(max_length=16)] = Field(default_factory=dict)
    clock: Annotated[float, Field(ge=5, le=3600)] | None = None
    turn_hours: Annotated[float, Field(ge=1, le=24 * 14)] | None = None
    name: P.Name | None = None
    #: signed in: opponents within ± this many rating points (null: anyone)
    rating_range: Annotated[float, Field(ge=0, le=4000)] | None = None
    #: seconds to wait before bots fill the other seats (null: never)
    bots_after: Annotated[float, Field(ge=0, le=86_400)] | None = None
    #: a rated game (paired only with others who asked for one), as ``POST /api/games``
    rated: bool = False
    lang: P.Lang | None = None


def _pool(game: str, settings: dict[str, Any], options: dict[str, Any]) -> str:
    return json.dumps({"game": game, "settings": settings, "clock": options.get("clock"),
                       "turn_hours": options.get("turn_hours"),
                       "rated": bool(options.get("rated"))}, sort_keys=True)


async def _who(request: Request) -> tuple[str | None, str | None]:
    """(account id, name) of the signed-in person, else (None, None)."""
    from qwixo.server.accounts_api import accounts_of

    token = request.cookies.get(SESSION_COOKIE)
    found = await accounts_of(request).session(token) if token else None
    return (found[0], found[1]) if found else (None, None)


def suits(a: tuple, b: tuple) -> bool:
    """Whether two waiting players may be paired: not one account, and each inside the
    other's rating range (a range asks for a rating: a guest has none).

    >>> row = lambda acc, rating, lo, hi: ("id", "p", "{}", 2, "n", acc, rating, lo, hi)
    >>> suits(row("a", 1500, 1400, 1600), row("b", 1550, None, None))
    True
    >>> suits(row("a", 1500, 1400, 1600), row("b", 1700, None, None))
    False
    >>> suits(row(None, None, None, None), row("b", 1700, 1600, 1800))
    False
    >>> suits(row("a", 1500, None, None), row("a", 1500, None, None))
    False
    """
    if a[5] is not None and a[5] == b[5]:
        return False
    for x, y in ((a, b), (b, a)):
        if x[7] is not None and (y[6] is None or not x[7] <= y[6] <= x[8]):
            return False
    return True


def _groups(waiting: list[tuple]) -> list[list[tuple]]:
    """Games to make from one pool's waiting players, longest wait first (greedy)."""
    left, out = list(waiting), []
    while left:
        first = left[0]
        group = [first]
        for other in left[1:]:
            if len(group) == first[3]:
                break
            if all(suits(other, g) for g in group):
                group.append(other)
        if len(group) == first[3]:
            out.append(group)
            left = [x for x in left if x not in group]
        else:
            left = left[1:]
    return out


async def _make(lobby: Any, spec: dict[str, Any], group: list[tuple], bots: int) -> None:
    """Take the players of ``group`` (all or none), create their game (and ``bots`` bot
    seats after them), then give each their seat and token."""
    store = PairingStore(lobby.store)
    mark = "pairing:" + new_token()
    await store.take([g[0] for g in group], mark)  # (StoreConflict: another process was first)
    try:
        names = _distinct([g[4] for g in group])
        seats = [{"kind": "human", "name": n} for n in names]
        if bots:
            bot_ids = rated_order(spec["game"], qwixo.list_bots(spec["game"]))
            bot = bot_ids[len(bot_ids) // 2] if bot_ids else None
            seats += [{"kind": "bot", "bot": bot} for _ in range(bots)]
        create = P.CreateGame.model_validate({**spec, "seats": seats}, strict=False)
        room, tokens = await lobby.create(create)
        accounts = AccountStore(lobby.store)
        for seat, g in enumerate(group):
            if g[5] is not None:  # a signed-in player's seat is linked to the account
                await accounts.claim_seat(room.id, seat, g[5])
                room.seats[seat].linked = True
        if room.options.get("rated"):  # rated as a created rated game, or why not
            await lobby.why_unrated(room)
        await store.seat([(g[0], room.id, seat, tokens[seat]) for seat, g in enumerate(group)])
    except BaseException:
        await store.release([g[0] for g in group], mark)
        raise
    ids = [g[0] for g in group]
    lobby.seeks_changed(ids)  # their looks answer at once, here and on the other processes
    try:
        await lobby.store.notify_others(" ".join([PAIRED, lobby.owner, *ids]))
    except StoreError:  # (their looks read the pool again within a second)
        log.warning("could not tell the other processes of a pairing", exc_info=True)


def _distinct(names: list[str]) -> list[str]:
    """Seat names of the paired players: two equal names get their number (``Ada 2``).

    >>> _distinct(["Ada", "ada", "Bo"])
    ['Ada', 'ada 2', 'Bo']
    """
    from qwixo.server.protocol import name_key

    seen: set[str] = set()
    out = []
    for i, n in enumerate(names):
        m = n if name_key(n) not in seen else f"{n[:36]} {i + 1}"
        seen.add(name_key(m))
        out.append(m)
    return out


async def pair(lobby: Any, pool: str, spec: dict[str, Any]) -> None:
    """Pair the waiting players of ``pool`` that can be paired now (and those who waited
    their ``bots_after``: with bots)."""
    store = PairingStore(lobby.store)
    now = time.time()
    for _ in range(RETRIES):
        waiting = await store.waiting(pool, now - STALE)
        try:
            for group in _groups(waiting):
                await _make(lobby, spec, group, 0)
            waiting = await store.waiting(pool, now - STALE)
            for g in waiting:
                if g[9] is not None and now - g[10] >= g[9]:
                    await _make(lobby, spec, [g], g[3] - 1)
            return
        except StoreConflict:
            continue  # another process paired some of them: read the pool again


def _answer(row: tuple, waiting: int) -> dict[str, Any]:
    out: dict[str, Any] = {"id": row[0], "status": "waiting", "waiting": waiting,
                           "players": row[3], "since": row[10],
                           "rated": bool(json.loads(row[2]).get("rated"))}
    if row[12] and not str(row[12]).startswith("pairing:"):
        out.update(status="paired", game=row[12], seat=row[13], token=row[14],
                   url=f"/?game={row[12]}&token={row[14]}")
    return out


async def _look_once(lobby: Any, seek_id: str) -> dict[str, Any]:
    store = PairingStore(lobby.store)
    row = await store.get(seek_id)
    if row is None:
        raise ServerError("pairing_unknown", status=404)
    now = time.time()
    if row[12] is None:
        await store.seen(seek_id, now)
        await pair(lobby, row[1], json.loads(row[2]))
        row = await store.get(seek_id) or row
    others = [w for w in await store.waiting(row[1], now - STALE) if w[0] != seek_id]
    return _answer(row, len(others))


async def look(lobby: Any, seek_id: str, wait: float = 0.0) -> dict[str, Any]:
    """A waiting player's look at their request: pair its pool, then its state. With
    ``wait`` seconds, a waiting request's answer comes when it is paired (at once, whichever
    process paired it: :meth:`~qwixo.server.lobby.Lobby.seeks_changed`) or when the number of
    others waiting changes, else after ``wait``; meanwhile the pool is paired again every
    :data:`REPAIR` seconds (bots after the chosen wait) and the request kept alive."""
    answer = await _look_once(lobby, seek_id)
    end = time.monotonic() + min(max(0.0, wait), MAX_WAIT)
    while answer["status"] == "waiting" and time.monotonic() < end:
        woken = asyncio.Event()
        lobby.seek_waits.setdefault(seek_id, set()).add(woken)
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(woken.wait(), min(REPAIR, end - time.monotonic()))
        finally:
            waits = lobby.seek_waits.get(seek_id)
            if waits is not None:
                waits.discard(woken)
                if not waits:
                    del lobby.seek_waits[seek_id]
        before = answer
        answer = await _look_once(lobby, seek_id)
        if answer["waiting"] != before["waiting"]:
            break
    return answer


@router.post("/api/pairing", status_code=201, openapi_extra=body_schema(SeekRequest))
async def seek(request: Request) -> dict[str, Any]:
    """Wait for someone to play (see the module's description): ``{"id", "status":
    "waiting" | "paired", "waiting", "players", "since"}`` and, paired, ``"game", "seat",
    "token", "url"``. Keep the ``id``: it is the key to the seat."""
    check_rate(request)
    body = P.parse_body(SeekRequest, await read_body(request))
    lobby = lobby_of(request)
    spec = {"game": body.game, "settings": dict(body.settings), "clock": body.clock,
            "turn_hours": body.turn_hours, "rated": body.rated, "lang": body.lang}
    probe = P.CreateGame.model_validate({**spec, "seats": [{"kind": "open"}]}, strict=False)
    game, settings, options = lobby._make_game(probe)  # the game's own checks (bad_setting)
    spec["settings"] = settings
    account_id, account_name = await _who(request)
    rating = lo = hi = None
    if account_id is not None:
        cls = rating_class_of(body.game, game) or ""
        rows = await AccountStore(lobby.store).ratings([account_player(account_id)], cls)
        rating = rows.get(account_player(account_id), (1500.0,))[0]
        if body.rating_range is not None:
            lo, hi = rating - body.rating_range, rating + body.rating_range
    elif body.rating_range is not None:
        raise ServerError("signed_out", status=401)
    name = body.name or account_name or t("seat_default_name", body.lang or "en", n=1)
    seek_id = new_token()
    store = PairingStore(lobby.store)
    await store.forget(time.time() - 20 * STALE)  # (requests long given up, paired or not)
    await store.add((
        seek_id, _pool(body.game, settings, options), json.dumps(spec), game.num_players, name,
        account_id, rating, lo, hi, body.bots_after, time.time()))
    return await look(lobby, seek_id)


@router.get("/api/pairing/{seek_id}")
async def get_seek(seek_id: str, request: Request, wait: float = 0.0) -> dict[str, Any]:
    """A request's state (waiting: how many others wait; paired: the seat); every look
    pairs its pool and keeps the request alive. ``wait`` (seconds, at most
    :data:`MAX_WAIT`): answer as soon as it is paired or the number of others waiting
    changes, else after that long (a page asks again at once: it hears of its game the
    moment it is made)."""
    return await look(lobby_of(request), seek_id[:64], wait)


@router.post("/api/pairing/{seek_id}/cancel")
async def cancel_seek(seek_id: str, request: Request) -> dict[str, Any]:
    """Stop waiting (409 ``pairing_paired`` once a game was made for it)."""
    check_rate(request)
    store = PairingStore(lobby_of(request).store)
    row = await store.get(seek_id[:64])
    if row is None:
        raise ServerError("pairing_unknown", status=404)
    if not await store.cancel(seek_id[:64]):
        raise ServerError("pairing_paired", status=409)
    lobby_of(request).seeks_changed([row[0]])  # (a look waiting on it here answers now)
    return {"id": row[0], "status": "cancelled"}

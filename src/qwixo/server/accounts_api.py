"""The HTTP API of accounts, ratings and statistics (``docs/web-protocol.md`` §5), as an
``APIRouter``: sign-up, sign-in, sign-out (everywhere), delete, claiming seats, the profile,
history, leaderboards and the export of one's games. See :mod:`qwixo.server.accounts`."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from qwixo.server import protocol as P
from qwixo.server import reads
from qwixo.server.accounts import (
    CSRF_HEADER,
    SESSION_COOKIE,
    SESSION_SECONDS,
    Accounts,
    ClaimSeats,
    Credentials,
    Empty,
    PasswordOnly,
    account_player,
    anonymous_name,
    bot_player,
    csrf_of,
    rated_min_age,
)
from qwixo.server.http_api import (
    body_schema,
    client_address,
    lang_of,
    lobby_of,
    read_body,
    state_of,
)
from qwixo.server.protocol import ServerError, name_key
from qwixo.server.store_chat import ChatStore
from qwixo.server.store_puzzles import PuzzleStore
from qwixo.tournament import ratings as R

router = APIRouter()


def accounts_of(request: Request) -> Accounts:
    st = state_of(request)
    acc = getattr(st, "accounts", None)
    if acc is None or acc.db.store is not st.store:
        acc = Accounts(st.store)
        st.accounts = acc  # type: ignore[attr-defined]
    return acc


def _secure(request: Request) -> bool:
    """https, also behind a trusted proxy (uvicorn sets the scheme from its headers)."""
    return request.url.scheme == "https"


def _signed_in(request: Request, account_id: str, name: str, token: str,
               status: int = 200) -> JSONResponse:
    resp = JSONResponse({"name": name, "csrf": csrf_of(token)}, status_code=status)
    resp.set_cookie(SESSION_COOKIE, token, max_age=SESSION_SECONDS, path="/", httponly=True,
                    samesite="lax", secure=_secure(request))
    return resp


def _signed_out() -> JSONResponse:
    resp = JSONResponse({"ok": True})
    resp.delete_cookie(SESSION_COOKIE, path="/")
    return resp


async def current(request: Request, write: bool = False,
                  scopes: tuple[str, ...] = ()) -> tuple[str, str, str]:
    """``(account id, name, token)`` of the signed-in person; a write also needs the CSRF
    header of the session. Raises ``signed_out`` (401) or ``csrf_failed`` (403).

    A request with ``Authorization: Bearer`` is of an API token instead
    (:mod:`qwixo.server.tokens`): taken where the route names ``scopes`` (one of them
    needed, no CSRF header: no browser sends it by itself), else refused
    (``token_session_only``, 403); ``token`` is then ``""``."""
    from qwixo.server.tokens import bearer_of, token_account

    api_token = bearer_of(request.headers)
    if api_token is not None:
        if not scopes:
            raise ServerError("token_session_only", status=403)
        account_id, name, *_ = await token_account(lobby_of(request).store, api_token, scopes)
        return account_id, name, ""
    token = request.cookies.get(SESSION_COOKIE)
    found = await accounts_of(request).session(token)
    if found is None or token is None:
        raise ServerError("signed_out", status=401)
    if write:
        sent = request.headers.get(CSRF_HEADER, "")
        import hmac

        if not hmac.compare_digest(sent.encode(), csrf_of(token).encode()):
            raise ServerError("csrf_failed", status=403)
    return found[0], found[1], token


@router.post("/api/account/signup", status_code=201, openapi_extra=body_schema(Credentials))
async def sign_up(request: Request) -> JSONResponse:
    """Create an account and sign in (sets the session cookie)."""
    body = P.parse_body(Credentials, await read_body(request))
    acc = accounts_of(request)
    account_id = await acc.sign_up(body.name, body.password, client_address(request))
    token = await acc.new_session(account_id, request.cookies.get(SESSION_COOKIE))
    return _signed_in(request, account_id, body.name, token, 201)


@router.post("/api/account/signin", openapi_extra=body_schema(Credentials))
async def sign_in(request: Request) -> JSONResponse:
    """Sign in: a new session (the browser's previous one ends). Rate-limited."""
    body = P.parse_body(Credentials, await read_body(request))
    acc = accounts_of(request)
    account_id, name = await acc.sign_in(body.name, body.password, client_address(request))
    token = await acc.new_session(account_id, request.cookies.get(SESSION_COOKIE))
    return _signed_in(request, account_id, name, token)


@router.get("/api/account")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in person: name, the CSRF token for writes (401 when signed out) and
    ``rated_from``: when the account's rated games start to count (:func:`rated_min_age`
    after its creation; a moment past for an older account)."""
    from qwixo.server.store_botapi import BotStore

    account_id, name, token = await current(request)
    return {"name": name, "csrf": csrf_of(token),
            "rated_from": await _rated_from(request, account_id),
            "bot": await BotStore(lobby_of(request).store).is_bot(account_id)}


async def _rated_from(request: Request, account_id: str) -> float | None:
    created = await accounts_of(request).db.created_of(account_id)
    return None if created is None else round(created + rated_min_age(), 3)


@router.get("/api/session")
async def session(request: Request) -> dict[str, Any]:
    """Who is signed in, always 200 (the lobby asks on every load; a signed-out visitor's
    browser logs no failed request): ``{"signed_in": false}``, or ``{"signed_in": true,
    "name", "csrf", "rated_from"}`` as ``GET /api/account`` answers."""
    token = request.cookies.get(SESSION_COOKIE)
    found = await accounts_of(request).session(token) if token else None
    if found is None or token is None:
        return {"signed_in": False}
    return {"signed_in": True, "name": found[1], "csrf": csrf_of(token),
            "rated_from": await _rated_from(request, found[0])}


@router.post("/api/account/signout", openapi_extra=body_schema(Empty))
async def sign_out(request: Request) -> JSONResponse:
    """End this session (its cookie opens nothing any more)."""
    _, _, token = await current(request, write=True)
    from qwixo.server.store import token_hash

    await accounts_of(request).db.end_session(token_hash(token))
    return _signed_out()


@router.post("/api/account/signout-all", openapi_extra=body_schema(Empty))
async def sign_out_all(request: Request) -> JSONResponse:
    """End every session of the account (all browsers)."""
    account_id, _, _ = await current(request, write=True)
    await accounts_of(request).db.end_sessions(account_id)
    return _signed_out()


@router.post("/api/account/delete", openapi_extra=body_schema(PasswordOnly))
async def delete_account(request: Request) -> JSONResponse:
    """Delete the account (password asked again): its games stay, under an anonymous name."""
    account_id, _, _ = await current(request, write=True)
    body = P.parse_body(PasswordOnly, await read_body(request))
    acc = accounts_of(request)
    await acc.check_password(account_id, body.password, client_address(request))
    anonymous = anonymous_name(lang_of(request))
    owned = [r[:2] for r in await acc.db.games_of(account_id, limit=100_000)]
    await acc.db.delete_account(account_id, anonymous)
    lobby = lobby_of(request)
    for gid, seat in owned:  # every game shows the new name, its stored summary too (L2)
        try:
            room = await lobby.get(gid)
        except ServerError:
            continue
        if room.seats[seat].claimed:
            async with room.lock:  # (rewrites the lobby summary the lists read)
                await lobby._save_seat(room, seat, anonymous, None)
        else:
            room.seats[seat].name = anonymous
    return _signed_out()


@router.post("/api/account/seats", openapi_extra=body_schema(ClaimSeats))
async def claim_seats(request: Request) -> dict[str, Any]:
    """Link to the account the seats whose tokens this browser holds (once per seat)."""
    account_id, _, _ = await current(request, write=True)
    body = P.parse_body(ClaimSeats, await read_body(request))
    return {"seats": await accounts_of(request).claim(lobby_of(request), account_id,
                                                      list(body.seats))}


async def _profile(request: Request, account_id: str, name: str) -> dict[str, Any]:
    db = accounts_of(request).db
    player = account_player(account_id)
    rows = await db.games_of(account_id)  # (each game's snapshot loaded off the event loop)
    records, stats = await lobby_of(request).bots.read(reads.player_games, rows,
                                                       client=client_address(request))
    rated = await db.rated_ids([r["id"] for r in records])
    seats = await db.seats_of([r["id"] for r in records])
    for r in records:
        r["rated"] = r["id"] in rated
        # who else sat at the table (a bot by its id: the page names its level)
        r["opponents"] = [s for s in seats.get(r["id"], []) if s["seat"] != r["seat"]]
    history: dict[str, list] = {}
    for cls, gid, prev, prev_dev, rating, dev, when in await db.history_of(player):
        history.setdefault(cls, []).append({"game": gid, "previous": round(prev, 2),
                                            "previous_deviation": round(prev_dev, 2),
                                            "rating": round(rating, 2),
                                            "deviation": round(dev, 2), "time": when})
    ratings = {}
    for cls, rating, dev, vol, games, system in await db.ratings_of(player):
        ratings[cls] = {**R.Rating(rating, dev, vol, games, system).to_dict(),
                        "history": history.get(cls, [])}
    from qwixo.server.store_botapi import BotStore

    return {"name": name, "bot": await BotStore(lobby_of(request).store).is_bot(account_id),
            "ratings": ratings, "statistics": stats, "games": records}


@router.get("/api/players/{name}")
async def profile(name: str, request: Request) -> dict[str, Any]:
    """A player's profile: ratings per class with their history points, statistics per
    class, and the history of games (newest first) with replay links."""
    row = await accounts_of(request).db.account_by_key(name_key(name[:P.MAX_NAME]))
    if row is None:
        raise ServerError("no_such_player", status=404, name=name[:P.MAX_NAME])
    return await _profile(request, row[0], row[1])


@router.get("/api/account/export")
async def export(request: Request) -> JSONResponse:
    """Everything about the signed-in person's games, as a JSON file: the profile plus each
    game's full public history (events), its seats and the chat lines the person wrote in
    it (``chat``: ``chat`` messages of docs/web-protocol.md, oldest first), and the puzzle
    ratings with the attempts that counted (``puzzles``)."""
    account_id, name, _ = await current(request)
    data = await _profile(request, account_id, name)
    lobby = lobby_of(request)
    chat = await ChatStore(lobby.store).lines_of(account_id)
    data["puzzles"] = await PuzzleStore(lobby.store).of_account(account_id)
    for rec in data["games"]:
        room = await lobby.get(rec["id"])
        rec["events"] = [room.public_event(ev, rec["seat"]) for ev in room.events]
        rec["seats"] = [s.public() for s in room.seats]
        rec["chat"] = chat.get((rec["id"], rec["seat"]), [])
    resp = JSONResponse(data)
    resp.headers["content-disposition"] = 'attachment; filename="qwixo-games.json"'
    return resp


@router.get("/api/leaderboard")
async def leaderboard_classes(request: Request) -> dict[str, Any]:
    """The rating classes that have ratings: of accounts or bots here, or the bots' ratings
    every game ships (``GameInfo.bot_ratings``), sorted."""
    here = await accounts_of(request).db.classes()
    return {"classes": sorted({*here, *R.bot_ratings().get("classes", {})})}


@router.get("/api/leaderboard/{cls}")
async def leaderboard(cls: str, request: Request, limit: int = 100) -> dict[str, Any]:
    """The accounts of a rating class, best first (by ``rating - 2 deviation``), and the
    bots' ratings in that class (played here, else the shipped ones)."""
    db = accounts_of(request).db
    rows = await db.leaderboard(cls[:40], max(1, min(500, limit)))
    bots = {p[2:]: {"rating": round(r, 2), "deviation": round(d, 2), "games": g}
            for p, r, d, g in await db.bot_board(cls[:40])}
    shipped = R.bot_ratings().get("classes", {}).get(cls, {}).get("bots", {})
    for b, r in shipped.items():
        # (the games its shipped rating rests on: a bot played here counts on from them)
        bots.setdefault(b, {"rating": r["rating"], "deviation": r["deviation"],
                            "games": r.get("games", 0)})
    programs = await db.leaderboard(cls[:40], max(1, min(500, limit)), bots=True)
    return {"class": cls, "players": [
        {"rank": i + 1, "name": n, "rating": round(r, 2), "deviation": round(d, 2),
         "games": g, "bot": False} for i, (n, r, d, g) in enumerate(rows)],
        "bots": dict(sorted(bots.items(), key=lambda kv: -kv[1]["rating"])),
        # bot accounts (programs with accounts: qwixo.server.botapi): apart from the people
        "bot_accounts": [
            {"rank": i + 1, "name": n, "rating": round(r, 2), "deviation": round(d, 2),
             "games": g, "bot": True} for i, (n, r, d, g) in enumerate(programs)]}


__all__ = ["bot_player", "router"]


@router.get("/api/account/turns")
async def your_turn(request: Request) -> dict[str, Any]:
    """The signed-in person's running games where one of their seats must act now (decide
    or roll), oldest wait first, with the turn clock's deadline (epoch seconds) if any and
    the game's public settings."""
    account_id, _, _ = await current(request)
    lobby = lobby_of(request)
    out = []
    for gid, seat, name, *_rest in await accounts_of(request).db.games_of(account_id):
        if _rest[2] == "finished":
            continue
        room = await lobby.get(gid)
        pub = room.public
        if pub["is_over"] or not (seat in pub["to_act"] or (
                pub["needs_roll"] and pub["roller"] == seat)):
            continue
        out.append({"id": gid, "game": name, "seat": seat, "since": room.updated,
                    "deadline": room.deadline, "url": f"/?game={gid}",
                    "settings": room.public_settings,
                    "opponents": [{"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name}
                                  for s in room.seats if s.seat != seat]})
    out.sort(key=lambda x: x["since"])
    return {"games": out}


# -- the bots' ratings, for the lobby's choice of an opponent ------------------------------
class BotRating(BaseModel):
    """One bot level's rating in a class (Glicko-2 r or OpenSkill μ; show ``rating ± 2
    deviation``) and the number of tournament games behind it."""

    rating: float
    deviation: float
    games: int


class Measured(BaseModel):
    """The tournament that measured the ratings (``qwixo tournament ... --ratings-file``)."""

    games: int
    seconds: float | None = None
    date: str | None = None
    settings: dict[str, Any] = {}


class BotRatings(BaseModel):
    """Reply of ``GET /api/bot-ratings``: the rating class of the settings asked for and
    the shipped ratings of the bot levels in it (``bots`` empty when none was measured)."""

    model_config = ConfigDict(populate_by_name=True)

    class_: str | None = Field(None, alias="class")
    system: str | None = None
    bots: dict[str, BotRating] = {}
    measured: Measured | None = None


@router.get("/api/bot-ratings", response_model=BotRatings)
async def bot_ratings(game: str = Query(max_length=20), players: int = Query(2, ge=1, le=5),
                      size: int | None = Query(None, ge=1, le=20),
                      edition: str | None = Query(None, max_length=20)) -> dict[str, Any]:
    """The shipped ratings of the bot levels (measured bot against bot with ``qwixo
    tournament --rate``, the lobby's time budget per decision) in the rating class of a game
    with these settings, so a person can pick an opponent of their strength."""
    from qwixo.core import GAME_NAMES

    if game not in GAME_NAMES:
        raise ServerError("bad_setting", name="game", value=game,
                          why="why_one_of", choices=", ".join(GAME_NAMES))
    cls = R.rating_class(game, {"players": players, "size": size, "edition": edition})
    entry = R.bot_ratings().get("classes", {}).get(cls or "", {})
    bots = {b: {"rating": r["rating"], "deviation": r["deviation"], "games": r["games"]}
            for b, r in entry.get("bots", {}).items()}
    tour = entry.get("tournament")
    measured = None if not tour else {"games": tour.get("games", 0),
                                      "seconds": tour.get("seconds"),
                                      "date": tour.get("date"),
                                      "settings": tour.get("settings") or {}}
    return {"class": cls, "system": entry.get("system") if entry else None,
            "bots": bots, "measured": measured}

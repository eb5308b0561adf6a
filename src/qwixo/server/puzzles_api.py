"""Puzzles over HTTP, for every game whose metadata names a puzzle module
(:attr:`qwixo.gameinfo.GameInfo.puzzles`; ``docs/web-protocol.md``, "Puzzles"):

- ``GET /api/puzzles``: the games that have puzzles, how many, and how many of each length
  (``lengths``: ``[{"plies", "count"}]``, the themes "win in N");
- ``GET /api/puzzles/{game}/daily``: the puzzle of the day (the same for everybody, UTC);
- ``GET /api/puzzles/{game}/next?rating=R&exclude=ID,ID[&plies=N]``: one near a puzzle
  rating (``plies``: of that length only; 400 ``bad_setting`` for a length it has none of);
- ``GET /api/puzzles/{game}/{id}``: one puzzle;
- ``POST /api/puzzles/{game}/{id}/move`` ``{"played": [...], "move": "..."}``: is the move
  right (it still wins within the plies left)? Then the defender's reply, or the end; when it
  is wrong, or the puzzle is solved, the solution (``solution``: its moves from the puzzle's
  position, and ``solution_views``: the position after each of them, to play it on the
  board). With ``"rated": true`` a signed-in player's
  attempt counts for their puzzle rating kept on the server (session cookie and CSRF header as
  the account's other writes; the first finished attempt of each puzzle counts). A rated
  attempt is followed on the server from its first ply (``played`` must be the line the server
  saw, else 409 ``puzzle_rated_line``); a puzzle whose solution was shown to the signed-in
  player (an unrated request that ended) no longer counts (``counted`` false,
  ``solution_shown`` true), and an unrated request that shows the solution while a rated
  attempt of it goes on ends that attempt unsolved;
- ``GET /api/puzzles/{game}/rating``: the signed-in player's puzzle rating.

A puzzle is sent without its solution: ``id``, ``game``, ``plies``, ``rating``, ``position``
and ``view`` (the position as the player to move sees it: the shape of a game's view, drawn by
the game's own renderer). Nothing here knows which game it serves.
"""

from __future__ import annotations

import asyncio
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from qwixo.core import GAME_NAMES, IllegalMove, game_info
from qwixo.gameinfo import load
from qwixo.server import protocol as P
from qwixo.server.accounts_api import current
from qwixo.server.http_api import body_schema, check_rate, lobby_of, read_body
from qwixo.server.protocol import ServerError
from qwixo.server.rooms import Room, Seat
from qwixo.server.store_puzzles import PuzzleStore

router = APIRouter()

MAX_EXCLUDE = 200


class PuzzleMove(BaseModel):
    """Body of ``POST /api/puzzles/{game}/{id}/move``: the moves made so far from the puzzle's
    position (the player's and the defender's replies) and the player's next move."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    played: Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=32)] = []
    move: Annotated[str, Field(min_length=1, max_length=32)]
    #: count the attempt for the signed-in player's puzzle rating (the end of the attempt:
    #: a wrong move or the solve)
    rated: bool = False


@cache
def _set(name: str) -> tuple[Any, list[Any], dict[str, Any]]:
    """(puzzle module, its puzzles, by id) of a game with puzzles."""
    if name not in GAME_NAMES:
        raise ServerError("unknown_game", status=404, name=name,
                          choices=", ".join(GAME_NAMES))
    ref = game_info(name).puzzles
    if not ref:
        raise ServerError("puzzle_none", status=404)
    mod = load(ref)
    every = list(mod.load())
    return mod, every, {p.id: p for p in every}


def _puzzle(name: str, pid: str) -> Any:
    found = _set(name)[2].get(pid)
    if found is None:
        raise ServerError("puzzle_unknown", status=404, id=pid)
    return found


def _view(name: str, game: Any, seat: int | None = None) -> dict[str, Any]:
    """The position as its player to move (or ``seat``) sees it, in the shape of a room's
    view."""
    info = game_info(name)
    data = game.to_dict()
    settings = {s.name: data[s.name] for s in info.settings if s.name in data}
    settings["players"] = game.num_players
    seats = [Seat(seat=k, kind="human", name="", claimed=True) for k in range(game.num_players)]
    room = Room(id="puzzle", game_name=name, settings=settings, options={}, game=game,
                initial=game.to_json(), seats=seats, events=[], created=0.0, updated=0.0)
    mover = game.to_act[0] if game.to_act else None
    return room.view(mover if seat is None else seat)


def public(name: str, p: Any) -> dict[str, Any]:
    """A puzzle as sent: no solution."""
    return {"id": p.id, "game": name, "plies": p.plies, "rating": round(p.rating),
            "position": p.position, "view": _view(name, p.game())}


@router.get("/api/puzzles")
async def puzzle_games() -> dict[str, Any]:
    out = []
    for name in GAME_NAMES:
        if game_info(name).puzzles:
            every = _set(name)[1]
            lengths = sorted({p.plies for p in every})
            out.append({"game": name, "count": len(every),
                        "lengths": [{"plies": n, "count": sum(1 for p in every if p.plies == n)}
                                    for n in lengths]})
    return {"games": out}


@router.get("/api/puzzles/{game}/daily")
async def daily(game: str, request: Request) -> dict[str, Any]:
    check_rate(request, replay=True)
    mod, every, _ = _set(game)
    return public(game, mod.daily(every))


@router.get("/api/puzzles/{game}/next")
async def next_puzzle(game: str, request: Request, rating: float = 1500.0,
                      exclude: str = "", plies: int | None = None) -> dict[str, Any]:
    check_rate(request, replay=True)
    mod, every, _ = _set(game)
    if not 0 <= rating <= 4000:
        raise ServerError("bad_setting", status=400, name="rating", value=rating,
                          why="why_rating_range")
    if plies is not None:  # a theme: the puzzles of that length only
        every = [p for p in every if p.plies == plies]
        if not every:
            raise ServerError("bad_setting", status=400, name="plies", value=plies,
                              why="why_puzzle_length")
    skip = set(exclude.split(",")[:MAX_EXCLUDE]) if exclude else set()
    p = mod.by_difficulty(every, rating, exclude=skip)
    if p is None:  # every puzzle seen: start again
        p = mod.by_difficulty(every, rating)
    return public(game, p)


@router.get("/api/puzzles/{game}/rating")
async def my_rating(game: str, request: Request) -> dict[str, Any]:
    """The signed-in player's puzzle rating in ``game``: ``{"game", "rating", "attempts",
    "solved"}`` (1500 before the first attempt; 401 ``signed_out``)."""
    check_rate(request, replay=True)
    _set(game)
    account_id, _, _ = await current(request)
    found = await PuzzleStore(lobby_of(request).store).rating(account_id, game)
    return {"game": game, **found}


@router.get("/api/puzzles/{game}/{pid}")
async def one(game: str, pid: str, request: Request) -> dict[str, Any]:
    check_rate(request, replay=True)
    return public(game, _puzzle(game, pid))


@router.post("/api/puzzles/{game}/{pid}/move", openapi_extra=body_schema(PuzzleMove))
async def move(game: str, pid: str, request: Request) -> dict[str, Any]:
    check_rate(request)
    body = P.parse_body(PuzzleMove, await read_body(request))
    mod = _set(game)[0]
    p = _puzzle(game, pid)
    if len(body.played) >= p.plies:
        raise ServerError("puzzle_over", status=409)
    account_id = (await current(request, write=True))[0] if body.rated else \
        await _signed_in(request)
    out = await asyncio.get_running_loop().run_in_executor(
        None, _answer, game, mod, p, list(body.played), body.move)
    line = out.pop("line")
    if out["solution"] is not None:  # the solution, to be played on the board
        out["solution_views"] = await asyncio.get_running_loop().run_in_executor(
            None, _solution_views, game, p)
    if account_id is None:
        return out
    db = PuzzleStore(lobby_of(request).store)
    going, shown = await db.progress(account_id, game, p.id)
    ended = out["solution"] is not None  # a wrong move or the solve: the solution is shown
    if body.rated and body.played and going != line[:len(body.played)]:
        # a rated attempt is followed from its first ply: a line the server did not see
        # played (e.g. the solution, read from an unrated request, less its last move)
        raise ServerError("puzzle_rated_line", status=409)
    if body.rated and not ended:
        await db.follow(account_id, game, p.id, line)
        return out
    if body.rated or (going is not None and not shown):
        # the attempt ends: it counts for the player's puzzle rating (once per puzzle), and
        # not at all when the solution was shown to the player before; an unrated request
        # that shows the solution while a rated attempt goes on ends that attempt unsolved
        solved = bool(out["solved"]) and body.rated
        if shown:
            now = (await db.rating(account_id, game))["rating"]
            change = {"before": now, "after": now, "counted": False, "solution_shown": True}
        else:
            change = await db.attempt(account_id, game, p.id, float(p.rating), solved,
                                      mod.rate)
        if body.rated:
            out["rating"] = change
    if ended or going is not None:
        await db.follow(account_id, game, p.id, None, shown=ended)
    return out


async def _signed_in(request: Request) -> str | None:
    """The signed-in account of an unrated request (None for a guest): a solution shown to
    it is remembered, so that the puzzle can no longer count for its rating."""
    try:
        return (await current(request))[0]
    except ServerError:
        return None


def _solution_views(name: str, p: Any) -> list[dict[str, Any]]:
    """The position after each move of the puzzle's solution, from its start (as the player
    to move at the start sees it)."""
    g = p.game()
    seat = g.to_act[0]
    out = []
    for m in p.moves:
        g.choose(g.to_act[0], m)
        out.append(_view(name, g, seat))
    return out


def _answer(name: str, mod: Any, p: Any, played: list[str], move: str) -> dict[str, Any]:
    """The answer to ``move`` after ``played``, with ``line``: the moves in their canonical
    form, ``played``, the move and the defender's reply (for the server, not sent)."""
    g = p.game()
    line = []
    try:
        for m in played:
            m = g.canonical_decision(g.to_act[0], m)
            g.choose(g.to_act[0], m)
            line.append(m)
    except IllegalMove:
        raise ServerError("puzzle_bad_line", status=400) from None
    if g.is_over:
        raise ServerError("puzzle_over", status=409)
    if not mod.check(p, played, move):
        return {"correct": False, "solved": False, "reply": None,
                "solution": list(p.moves), "view": _view(name, g), "line": line}
    canon = g.canonical_decision(g.to_act[0], move)
    g.choose(g.to_act[0], canon)
    line.append(canon)
    reply = None
    if not g.is_over:
        reply = mod.defence(g)
        g.choose(g.to_act[0], reply)
        line.append(reply)
    solved = g.is_over
    return {"correct": True, "solved": solved, "reply": reply,
            "solution": list(p.moves) if solved else None, "view": _view(name, g),
            "line": line}

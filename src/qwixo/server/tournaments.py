"""Tournaments on the server: Swiss, round-robin, arena and table rounds, for people and bots
(``/api/tournaments``, ``docs/web-protocol.md``, ``docs/tournaments.md``).

A host (a signed-in account) creates a tournament: a game and its settings, a format
(:data:`qwixo.tournament.formats.FORMATS`), a number of rounds (or, for an arena, minutes),
a time control (``clock`` seconds a decision, or ``turn_days`` days a decision), rated or
not, an entry limit, bot entrants from the game's shipped levels, and a start time (or a
start by hand). Signed-in accounts join and withdraw; the host starts, pauses and resumes.

The rounds are planned by :func:`qwixo.tournament.formats.next_round` (Swiss, round-robin,
tables) and :func:`~qwixo.tournament.formats.arena_wave` (the arena: whenever two entrants
wait, a wave of the waiting ones, until its minutes are up; the games going on then are
played out) from the results so far — the planner of ``qwixo tournament`` — and each board's game is made as any
game of the server (:meth:`qwixo.server.lobby.Lobby.create`: a person seat linked to its
entrant's account, a bot seat for a bot). Standings and tie breaks:
:func:`qwixo.tournament.formats.standings`.

**Running.** :func:`advance` is one step, safe to repeat after any crash and from any
process (each change is made only from the state before it:
:mod:`qwixo.server.store_tournaments`): start a due tournament, make the games of the current
round, record each finished game's result, forfeit where the rules below say so, close the
round, plan the next one or finish. Each server process runs :func:`run` — every
:data:`TICK` seconds, the tournaments to look at, each under a lease (one process at a time).

**No-show and the round's clock.** A person who has not made a decision of their own
``no_show_seconds`` after their game was made, while the game waits on them, forfeits it
(default :data:`NO_SHOW` seconds live, one turn in a turn-based tournament). A round lasts at
most ``round_minutes`` (default: :data:`ROUND_MINUTES` live, :data:`ROUND_TURNS` turns
turn-based): then every game still going is ended, the seats it waits on forfeiting — a
stalled game never holds the round past its clock. A withdrawn entrant's game in progress is
forfeited too. A forfeit is the game's own (:func:`qwixo.core.forfeit`): the game ends, its
places rank the forfeiting seat last, and its result counts as any other.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import math
import os
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import Field

import qwixo
from qwixo.core import GAME_NAMES, IllegalMove, game_info, load_game
from qwixo.server import protocol as P
from qwixo.server.accounts import Empty
from qwixo.server.http_api import body_schema, check_rate, lobby_of, read_body
from qwixo.server.lobby import new_token
from qwixo.server.names import distinct_names
from qwixo.server.protocol import ServerError
from qwixo.server.store import StoreError
from qwixo.server.store_accounts import AccountStore
from qwixo.server.store_tournaments import TournamentStore
from qwixo.tournament import formats

log = logging.getLogger("qwixo.server")
router = APIRouter()

#: seconds between two looks of a server process at the tournaments it may advance
TICK = 0.5
#: seconds a process holds the right to advance a tournament (renewed at every step; a
#: process killed holding it is followed after this long): ``QWIXO_TOURNAMENT_LEASE`` sets it
LEASE = float(os.environ.get("QWIXO_TOURNAMENT_LEASE", "10"))
#: seconds a person may take to make their first decision in a live game (default)
NO_SHOW = 180.0
#: minutes a live round lasts at most (default)
ROUND_MINUTES = 60.0
#: turns a turn-based round lasts at most (default): ``turn_days`` each
ROUND_TURNS = 20
#: tournaments of one status listed at once
LIST_LIMIT = 100
#: statuses of a tournament
STATUSES = ("upcoming", "running", "finished", "cancelled")
#: tournaments one account may host at once (upcoming or running)
MAX_HOSTED = 5


class BotEntrant(P._Strict):
    """One bot entrant: a shipped level of the game, with its thinking time a decision."""

    bot: Annotated[str, Field(max_length=40)]
    seconds: Annotated[float, Field(ge=0.05, le=30.0)] | None = None


class TournamentRequest(P._Strict):
    """Body of ``POST /api/tournaments``."""

    name: Annotated[str, Field(min_length=1, max_length=60)]
    game: Literal[GAME_NAMES]  # type: ignore[valid-type]  # the registry's games
    settings: Annotated[dict[Annotated[str, Field(max_length=40)], P.SettingValue],
                        Field(max_length=16)] = Field(default_factory=dict)
    format: Literal[formats.FORMATS]  # type: ignore[valid-type]
    rounds: Annotated[int, Field(ge=1, le=50)] | None = None
    minutes: Annotated[float, Field(gt=0, le=24 * 60)] | None = None
    clock: Annotated[float, Field(ge=5, le=3600)] | None = None
    turn_days: Annotated[float, Field(ge=1 / 24, le=14)] | None = None
    round_minutes: Annotated[float, Field(gt=0, le=60 * 24 * 120)] | None = None
    no_show_seconds: Annotated[float, Field(gt=0, le=14 * 86_400)] | None = None
    rated: bool = False
    max_entrants: Annotated[int, Field(ge=2, le=1000)] = 64
    bots: Annotated[list[BotEntrant], Field(max_length=64)] = Field(default_factory=list)
    starts_at: Annotated[float, Field(ge=0)] | None = None
    join: bool = False
    lang: P.Lang | None = None


# -- the spec: checked once at creation ---------------------------------------------------
def check_spec(lobby: Any, body: TournamentRequest) -> tuple[dict[str, Any], int]:
    """The stored spec of a tournament request (the game's own checks of its settings, as a
    game of it would be made) and its table size; ServerError when refused."""
    if body.clock is not None and body.turn_days is not None:
        raise ServerError("bad_setting", name="turn_days", value=body.turn_days,
                          why="why_not_with_clock")
    if body.format == "arena" and body.minutes is None:
        raise ServerError("tournament_bad_number", name="minutes", value=None)
    if body.format != "arena" and body.minutes is not None:
        raise ServerError("tournament_bad_number", name="minutes", value=body.minutes)
    turn_hours = body.turn_days * 24 if body.turn_days is not None else None
    spec = {"game": body.game, "settings": dict(body.settings), "clock": body.clock,
            "turn_hours": turn_hours, "rated": body.rated, "lang": body.lang}
    bots = qwixo.list_bots(body.game)
    for b in body.bots:
        if b.bot not in bots:
            raise ServerError("unknown_bot", name=b.bot, game=body.game, choices=", ".join(bots))
    kinds = [{"kind": "bot", "bot": bots[0]}] if body.bots else [{"kind": "open"}]
    probe = P.CreateGame.model_validate({**spec, "seats": kinds}, strict=False)
    game, settings, _ = lobby._make_game(probe)  # the game's own checks (and a rated one's)
    size = game.num_players
    if body.format != "tables" and size != 2:
        raise ServerError("tournament_two_players", format=body.format, players=size)
    spec["settings"] = settings
    turn = (turn_hours or 0) * 3600
    spec.update(
        format=body.format, rounds=body.rounds, minutes=body.minutes,
        turn_days=body.turn_days, max_entrants=body.max_entrants, size=size,
        bots=[b.model_dump() for b in body.bots],
        round_minutes=body.round_minutes or (ROUND_TURNS * turn / 60 if turn
                                              else ROUND_MINUTES),
        no_show_seconds=body.no_show_seconds or (turn if turn else NO_SHOW))
    return spec, size


def bot_names(bots: list[dict[str, Any]]) -> list[str]:
    """Each bot entrant's name: its level, numbered when a level enters more than once.

    >>> bot_names([{"bot": "greedy"}, {"bot": "easy"}, {"bot": "greedy"}])
    ['greedy 1', 'easy', 'greedy 2']
    """
    count: dict[str, int] = {}
    for b in bots:
        count[b["bot"]] = count.get(b["bot"], 0) + 1
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        seen[b["bot"]] = seen.get(b["bot"], 0) + 1
        out.append(b["bot"] if count[b["bot"]] == 1 else f"{b['bot']} {seen[b['bot']]}")
    return out


def board_game_id(tid: str, rnd: int, board: int) -> str:
    """The id of a board's game, fixed by the plan: making it twice stores it once."""
    digest = hashlib.sha256(f"{tid}:{rnd}:{board}".encode()).hexdigest()
    return "t" + digest[:11]


# -- the records the formats read ----------------------------------------------------------
def history(boards: list[tuple]) -> tuple[list[dict[str, Any]], list[tuple[int, float]]]:
    """The finished games (``records`` of :mod:`qwixo.tournament.formats`, in play order)
    and byes of a tournament's boards."""
    records, byes = [], []
    for rnd, _board, lineup, _gid, _tok, _made, result, _rec in boards:
        if result is None:
            continue
        res = json.loads(result)
        if "bye" in res:
            byes.append((json.loads(lineup)[0], float(res["bye"])))
        else:
            records.append({"lineup": json.loads(lineup), "scores": res["scores"],
                            "places": res["places"], "round": rnd})
    return records, byes


def _record_opp(spec: dict[str, Any]):
    """``opponents(a, b)`` of the formats (seats ``a`` and ``b`` of one game): the game's
    teams at the tournament's table size (:meth:`GameInfo.opponents`), as the command line
    reads them."""
    info = game_info(spec["game"])
    size = spec["size"]
    return lambda a, b: info.opponents(size, a, b)


def table_standings(spec: dict[str, Any], n: int, boards: list[tuple]) -> list[dict[str, Any]]:
    """The standings of ``n`` numbered entrants (:func:`qwixo.tournament.formats.standings`;
    the arena's points are its own)."""
    records, byes = history(boards)
    opp = _record_opp(spec)
    if spec["format"] == "arena":
        pts = [sum(formats.arena_points(r)) for r in formats.arena_results(n, records, opp)]
        return formats.standings(n, records, opp, byes, points=pts)
    return formats.standings(n, records, opp, byes)


def total_rounds(spec: dict[str, Any], n: int) -> int | None:
    """The number of rounds of a tournament of ``n`` entrants (None: an arena's waves)."""
    if spec["format"] == "arena":
        return None
    if spec["format"] == "round-robin":
        return len(formats.round_robin(n, spec.get("rounds")))
    return spec.get("rounds") or max(1, math.ceil(math.log2(max(2, n))))


def plan_round(spec: dict[str, Any], n: int, rnd: int, boards: list[tuple],
               active: list[int], busy: set[int] = frozenset()
               ) -> tuple[list[list[int]], list[int]]:
    """The tables and byes of round ``rnd`` (pure: run off the event loop); an arena's next
    wave pairs the ``active`` entrants not ``busy`` in a game."""
    records, byes = history(boards)
    opp = _record_opp(spec)
    if spec["format"] == "arena":
        return formats.arena_wave(n, records, [e for e in active if e not in busy], opp)
    info = game_info(spec["game"])
    return formats.next_round(spec["format"], n, rnd, records, byes, opp, spec["size"],
                              info.players, active)


def bye_points(spec: dict[str, Any]) -> float:
    """What a bye is worth: half of what a table could give (½ in a 2-player game); none in
    an arena (an entrant left out waits for the next wave)."""
    return 0.0 if spec["format"] == "arena" else (spec["size"] - 1) / 2


# -- one step ----------------------------------------------------------------------------
async def advance(lobby: Any, tid: str, now: float | None = None) -> None:
    """One step of tournament ``tid`` (see the module's description), under its lease."""
    store = TournamentStore(lobby.store)
    now = time.time() if now is None else now
    if not await store.lease(tid, lobby.owner, now, LEASE):
        return  # another process advances it
    row = await store.get(tid)
    if row is None:
        return
    status, spec = row[6], json.loads(row[5])
    if status == "upcoming" and row[7] is not None and row[7] <= now:
        await start(lobby, row, now)
        row = await store.get(tid)
        status = row[6] if row else status
    if row is None or status != "running":
        return
    await _step(lobby, store, row, spec, now, paused=row[11] is not None)


async def start(lobby: Any, row: tuple, now: float) -> bool:
    """``upcoming`` → ``running`` with the entrants there are (numbered in the order they
    joined); too few for one game: ``cancelled``. False when it was not upcoming."""
    store = TournamentStore(lobby.store)
    spec = json.loads(row[5])
    entrants = await store.entrants(row[0])
    need = min(game_info(spec["game"]).players) if spec["format"] == "tables" else 2
    need = max(2, need)
    if len(entrants) < need:
        return await store.move(row[0], ("upcoming",), "cancelled", now, finished=now)
    rounds = total_rounds(spec, len(entrants))
    return await store.start(row[0], [e[0] for e in entrants], rounds or 0, now)


async def _step(lobby: Any, store: TournamentStore, row: tuple, spec: dict[str, Any],
                now: float, paused: bool = False) -> None:
    """One step of a running tournament; ``paused``: only the results of the games that
    ended are recorded (no forfeit, no new round)."""
    tid = row[0]
    arena = spec["format"] == "arena"
    entrants = [e for e in await store.entrants(tid) if e[5] is not None]
    n = len(entrants)
    by_number = {e[5]: e for e in entrants}
    rounds = await store.rounds(tid)
    boards = await store.boards(tid)
    # the rounds being played: the last one (an arena: every wave not finished)
    live = [r for r in rounds if r[3] is None]
    if not arena:
        live = live[-1:]
    waiting = False
    for current in live:
        mine = [b for b in boards if b[0] == current[0]]
        for b in mine:
            if b[3] is not None and b[5] is None:
                await _make(lobby, store, row, spec, b, by_number, now)
        open_boards = [b for b in mine if b[6] is None]
        done = 0
        if open_boards:
            games = await store.games([b[3] for b in open_boards])
            for b in open_boards:
                if await _settle(lobby, store, tid, spec, b, games.get(b[3]), current,
                                 by_number, now, paused):
                    done += 1
        if done < len(open_boards):
            waiting = True
        else:
            await store.end_round(tid, current[0], now)
    if live:
        boards = await store.boards(tid)
    if paused or (waiting and not arena):
        return
    played = rounds[-1][0] if rounds else 0
    active = [e[5] for e in entrants if e[6] is None]
    if arena:
        # an arena pairs whoever waits, as soon as two do, until its time is up
        busy = {e for b in boards if b[6] is None for e in json.loads(b[2])}
        if now >= row[9] + 60 * spec["minutes"] or len(active) < 2:
            if not busy:
                await _finish(store, tid, now)
            return
        tables, out = await asyncio.to_thread(plan_round, spec, n, played + 1, boards, active,
                                              busy)
        if not tables:
            return
    else:
        if played >= (row[12] or 0) or len(active) < 2:
            await _finish(store, tid, now)
            return
        tables, out = await asyncio.to_thread(plan_round, spec, n, played + 1, boards, active)
    rnd = played + 1
    plan: list[tuple] = []
    for i, lineup in enumerate(tables):
        tokens = [None if by_number[e][2] else new_token() for e in lineup]
        plan.append((lineup, board_game_id(tid, rnd, i), tokens, None))
    if not arena:
        plan += [([e], None, None, {"bye": bye_points(spec)}) for e in out]
    if await store.plan(tid, rnd, now, now + 60 * spec["round_minutes"], plan):
        log.info("tournament %s: round %d planned (%d games)", tid, rnd, len(tables))
        await store.set(tid, now)


async def _finish(store: TournamentStore, tid: str, now: float) -> None:
    if await store.move(tid, ("running",), "finished", now, finished=now):
        log.info("tournament %s finished", tid)


def seat_spec(spec: dict[str, Any], entrant: tuple) -> dict[str, Any]:
    """The seat of an entrant in a game: a person's, or a bot's."""
    if entrant[2]:
        seconds = next((b.get("seconds") for b in spec["bots"] if b["bot"] == entrant[2]), None)
        return {"kind": "bot", "bot": entrant[2], "name": entrant[3], "seconds": seconds}
    return {"kind": "human", "name": entrant[3]}


async def _make(lobby: Any, store: TournamentStore, row: tuple, spec: dict[str, Any],
                board: tuple, by_number: dict[int, tuple], now: float) -> None:
    """Make a board's game (once: its id is the plan's) and link its people's seats. The
    host is its creator: the bots of a host's games share the server's bot workers with
    everyone else's games (:mod:`qwixo.server.fairshare`)."""
    tid = row[0]
    rnd, num, lineup_s, gid, tokens_s = board[:5]
    lineup = json.loads(lineup_s)
    tokens = json.loads(tokens_s) if tokens_s else [None] * len(lineup)
    if not await store.games([gid]):
        settings = dict(spec["settings"])
        if len(lineup) != spec["size"]:
            settings["players"] = len(lineup)
        seats = [seat_spec(spec, by_number[e]) for e in lineup]
        # (a bot entrant named like a person at its table takes a number: " 2")
        for seat, name in zip(seats, distinct_names([x["name"] for x in seats],
                                                    [x["kind"] == "human" for x in seats]),
                              strict=True):
            seat["name"] = name
        create = P.CreateGame.model_validate(
            {"game": spec["game"], "settings": settings, "clock": spec["clock"],
             "turn_hours": spec["turn_hours"], "rated": spec["rated"], "lang": spec["lang"],
             "seats": seats}, strict=False)
        try:
            room, _ = await lobby.create(create, creator="account " + row[1], game_id=gid,
                                         tokens=tokens)
        except ServerError:
            if not await store.games([gid]):  # (made by a step before this one: fine)
                raise
            room = None
    else:
        room = None
    accounts = AccountStore(lobby.store)
    for seat, e in enumerate(lineup):
        account_id = by_number[e][1]
        if account_id:
            await accounts.claim_seat(gid, seat, account_id)
            if room is not None:
                room.seats[seat].linked = True
    if room is not None and room.options.get("rated"):
        await lobby.why_unrated(room)
    await store.made(tid, rnd, num, now)


async def _settle(lobby: Any, store: TournamentStore, tid: str, spec: dict[str, Any],
                  board: tuple, stored: tuple[str, str] | None, current: tuple,
                  by_number: dict[int, tuple], now: float, paused: bool = False) -> bool:
    """Record a finished board's result (True), or forfeit where the rules say so (not
    while the tournament is ``paused``)."""
    rnd, num, lineup_s, gid, _tok, made = board[:6]
    if stored is None or made is None:
        return False
    lineup = json.loads(lineup_s)
    if stored[0] == "finished":
        game = await asyncio.to_thread(load_game, stored[1])
        result = {"scores": list(game.scores()), "places": list(game.places()),
                  "end": game.end_reason}
        await store.record(tid, rnd, num, result, now)
        return True
    if paused:
        return False
    out: set[int] = {s for s, e in enumerate(lineup) if by_number[e][6] is not None}
    late = now >= current[2]
    if not out and not late and now - made < spec["no_show_seconds"]:
        return False
    try:
        room = await lobby.get(gid)
    except ServerError:
        return False
    if room.public["is_over"]:
        return False  # recorded at the next step, from the store
    waits = room.waits_on() or set(room.public["to_act"])
    if late:
        out |= waits or {min(range(len(lineup)))}
    elif now - made >= spec["no_show_seconds"]:
        moved = await store.seat_events(gid)
        out |= {s for s in waits if room.seats[s].kind == "human" and s not in moved}
    for seat in sorted(out)[:1]:  # one forfeit ends the game
        try:
            await lobby.act(room, seat, "resign", {"forfeit": True, "by": None,
                                                   "tournament": tid})
        except IllegalMove:
            pass
    return False


async def run(lobby: Any) -> None:
    """Advance the tournaments this process may advance, every :data:`TICK` seconds."""
    store = TournamentStore(lobby.store)
    while not lobby.closing:
        try:
            for tid in await store.to_advance(time.time()):
                try:
                    await advance(lobby, tid)
                except (StoreError, ServerError):
                    log.exception("tournament %s: a step failed (tried again)", tid)
        except StoreError:
            log.exception("could not read the tournaments to advance")
        except Exception:  # noqa: BLE001 - the loop must go on for the other tournaments
            log.exception("tournament step")
        await asyncio.sleep(TICK)


# -- what the pages show -----------------------------------------------------------------
def summary(row: tuple, count: int | None = None) -> dict[str, Any]:
    spec = json.loads(row[5])
    out = {"id": row[0], "name": row[2], "host": row[14], "game": row[3],
           "settings": spec["settings"], "format": row[4], "status": row[6],
           "paused": row[11] is not None, "starts_at": row[7], "created": row[8],
           "started": row[9], "finished": row[10], "rounds": row[12] or spec.get("rounds"),
           "minutes": spec.get("minutes"), "clock": spec.get("clock"),
           "turn_days": spec.get("turn_days"), "rated": spec["rated"],
           "max_entrants": spec["max_entrants"], "round_minutes": spec["round_minutes"],
           "no_show_seconds": spec["no_show_seconds"], "url": f"/tournaments.html?id={row[0]}"}
    if count is not None:
        out["entrants"] = count
    return out


async def show(lobby: Any, tid: str, me: str | None) -> dict[str, Any]:
    store = TournamentStore(lobby.store)
    row = await store.get(tid)
    if row is None:
        raise ServerError("tournament_unknown", status=404)
    spec = json.loads(row[5])
    entrants = await store.entrants(tid)
    boards = await store.boards(tid)
    rounds = await store.rounds(tid)
    numbered = [e for e in entrants if e[5] is not None]
    name_of = {e[5]: e[3] for e in numbered}
    out = summary(row, len(entrants))
    out["entrant_list"] = [{"id": e[0], "name": e[3], "bot": e[2], "withdrawn": e[6] is not None,
                            "you": bool(me) and e[1] == me} for e in entrants]
    if numbered:
        table = await asyncio.to_thread(table_standings, spec, len(numbered), boards)
        for r in table:
            r["name"] = name_of[r.pop("entrant")]
    else:
        table = []
    out["standings"] = table
    out["round"] = rounds[-1][0] if rounds else 0
    per_round = []
    for rnd, started, deadline, finished in rounds:
        bs = []
        for b in (b for b in boards if b[0] == rnd):
            lineup = json.loads(b[2])
            res = json.loads(b[6]) if b[6] else None
            item: dict[str, Any] = {"board": b[1] + 1, "players": [name_of[e] for e in lineup]}
            if b[3]:
                item.update(game_id=b[3], url=f"/?game={b[3]}&watch=1",
                            replay=f"/?game={b[3]}&replay=0")
                if res:
                    item["places"] = res["places"]
                    item["points"] = formats.game_points(
                        {"lineup": list(range(len(lineup))), **res}, _record_opp(spec))
            else:
                item["bye"] = res["bye"] if res else None
            bs.append(item)
        per_round.append({"round": rnd, "started": started, "deadline": deadline,
                          "finished": finished, "boards": bs})
    out["round_list"] = per_round
    if row[6] == "finished":
        out["podium"] = [{"place": r["place"], "name": r["name"], "points": r["points"]}
                         for r in table if r["place"] <= 3]
    if me:
        out["you"] = await _you(store, row, entrants, boards, me)
    return out


async def _you(store: TournamentStore, row: tuple, entrants: list[tuple], boards: list[tuple],
               me: str) -> dict[str, Any] | None:
    """The signed-in entrant's entry and their game of the current round (its seat url)."""
    mine = next((e for e in entrants if e[1] == me), None)
    if mine is None:
        return None
    out: dict[str, Any] = {"entrant": mine[0], "withdrawn": mine[6] is not None, "game": None}
    if mine[5] is None:
        return out
    for b in reversed(boards):
        lineup = json.loads(b[2])
        if mine[5] in lineup and b[3] and b[6] is None and b[5] is not None:
            seat = lineup.index(mine[5])
            token = json.loads(b[4])[seat]
            out["game"] = {"id": b[3], "round": b[0], "seat": seat, "token": token,
                           "url": f"/?game={b[3]}&token={token}"}
            break
    return out


async def next_game(lobby: Any, me: str) -> dict[str, Any]:
    """The signed-in player's next tournament game: the first of their tournaments in
    which a game of theirs waits (else their next tournament, without a game)."""
    store = TournamentStore(lobby.store)
    first = None
    for tid, _eid, _number, withdrawn in await store.of_account(me):
        if withdrawn is not None:
            continue
        row = await store.get(tid)
        if row is None:
            continue
        you = await _you(store, row, await store.entrants(tid), await store.boards(tid), me)
        item = {"tournament": summary(row), "game": (you or {}).get("game")}
        if item["game"]:
            return item
        first = first or item
    return first or {"tournament": None, "game": None}


# -- the routes --------------------------------------------------------------------------
async def _me(request: Request, write: bool = False) -> tuple[str, str]:
    from qwixo.server.accounts_api import current

    account_id, name, _ = await current(request, write=write)
    return account_id, name


async def _maybe_me(request: Request) -> str | None:
    from qwixo.server.pairing import _who

    return (await _who(request))[0]


@router.post("/api/tournaments", status_code=201, openapi_extra=body_schema(TournamentRequest))
async def create(request: Request) -> dict[str, Any]:
    """Create a tournament (the signed-in host's; see the module's description) → the
    tournament as ``GET /api/tournaments/{id}`` shows it."""
    check_rate(request)
    me, my_name = await _me(request, write=True)
    body = P.parse_body(TournamentRequest, await read_body(request))
    lobby = lobby_of(request)
    spec, _ = check_spec(lobby, body)
    store = TournamentStore(lobby.store)
    if await store.hosted(me) >= MAX_HOSTED:
        raise ServerError("rate_limited", status=429)
    if len(body.bots) + body.join > body.max_entrants:
        raise ServerError("tournament_full", status=409, limit=body.max_entrants)
    tid = new_token()[:12]
    entrants: list[tuple] = [(new_token()[:12], None, b["bot"], name)
                             for b, name in zip(spec["bots"], bot_names(spec["bots"]),
                                                strict=True)]
    if body.join:
        entrants.append((new_token()[:12], me, None, my_name))
    await store.add(tid, me, body.name, body.game, body.format, spec, body.starts_at, None,
                    time.time(), entrants)
    return await show(lobby, tid, me)


@router.get("/api/tournaments")
async def listing(request: Request) -> dict[str, Any]:
    """The tournaments: ``{"upcoming": [...], "running": [...], "finished": [...]}``
    (upcoming soonest first, the others newest first)."""
    store = TournamentStore(lobby_of(request).store)
    out = {}
    for status in ("upcoming", "running", "finished"):
        rows = await store.listing(status, LIST_LIMIT)
        out[status] = [summary(r) for r in rows]
    return out


@router.get("/api/tournaments/next")
async def mine_next(request: Request) -> dict[str, Any]:
    """The signed-in player's next tournament game: ``{"tournament": {...} | null, "game":
    {"id", "round", "seat", "token", "url"} | null}`` (what the lobby's button opens)."""
    me, _ = await _me(request)
    return await next_game(lobby_of(request), me)


@router.get("/api/tournaments/{tid}")
async def get_one(tid: str, request: Request) -> dict[str, Any]:
    """A tournament: its spec, entrants, ``standings`` (place, points and tie breaks),
    ``round_list`` (each round's boards: players by seat, the game's watch and replay links,
    places and points), the ``podium`` once finished and, signed in, ``you`` (your entry and
    your game of the round, with its seat's url)."""
    return await show(lobby_of(request), tid[:64], await _maybe_me(request))


async def _tournament(request: Request, tid: str) -> tuple[str, str, tuple]:
    check_rate(request)
    me, name = await _me(request, write=True)
    row = await TournamentStore(lobby_of(request).store).get(tid[:64])
    if row is None:
        raise ServerError("tournament_unknown", status=404)
    return me, name, row


def _host_only(me: str, row: tuple) -> None:
    if row[1] != me:
        raise ServerError("tournament_not_host", status=403)


@router.post("/api/tournaments/{tid}/join", openapi_extra=body_schema(Empty))
async def join(tid: str, request: Request) -> dict[str, Any]:
    """Enter the tournament (while it is upcoming and not full) → the tournament."""
    me, name, row = await _tournament(request, tid)
    lobby = lobby_of(request)
    store = TournamentStore(lobby.store)
    spec = json.loads(row[5])
    if row[6] != "upcoming":
        raise ServerError("tournament_started", status=409)
    if any(e[1] == me for e in await store.entrants(row[0])):
        raise ServerError("tournament_entered", status=409)
    try:
        ok = await store.join(row[0], (new_token()[:12], me, None, name), time.time(),
                              spec["max_entrants"])
    except StoreError:
        raise ServerError("tournament_entered", status=409) from None
    if not ok:
        row = await store.get(row[0]) or row
        if row[6] != "upcoming":
            raise ServerError("tournament_started", status=409)
        raise ServerError("tournament_full", status=409, limit=spec["max_entrants"])
    return await show(lobby, row[0], me)


@router.post("/api/tournaments/{tid}/withdraw", openapi_extra=body_schema(Empty))
async def withdraw(tid: str, request: Request) -> dict[str, Any]:
    """Leave the tournament: before the start the entry goes; after it, no further pairing
    (the results so far stay, a game in progress is forfeited) → the tournament."""
    me, _, row = await _tournament(request, tid)
    lobby = lobby_of(request)
    store = TournamentStore(lobby.store)
    mine = next((e for e in await store.entrants(row[0]) if e[1] == me), None)
    if mine is None:
        raise ServerError("tournament_not_entered", status=409)
    if row[6] in ("finished", "cancelled"):
        raise ServerError("tournament_over", status=409)
    if mine[5] is None:
        await store.leave(row[0], mine[0])
    else:
        await store.withdraw(row[0], mine[0], time.time())
    return await show(lobby, row[0], me)


@router.post("/api/tournaments/{tid}/start", openapi_extra=body_schema(Empty))
async def start_now(tid: str, request: Request) -> dict[str, Any]:
    """The host starts the tournament now (with the entrants there are) → the tournament."""
    me, _, row = await _tournament(request, tid)
    _host_only(me, row)
    if row[6] != "upcoming":
        raise ServerError("tournament_started", status=409)
    lobby = lobby_of(request)
    spec = json.loads(row[5])
    entrants = await TournamentStore(lobby.store).entrants(row[0])
    need = max(2, min(game_info(spec["game"]).players)) if spec["format"] == "tables" else 2
    if len(entrants) < need:
        raise ServerError("tournament_few", status=409, need=need)
    await start(lobby, row, time.time())
    await advance(lobby, row[0])
    return await show(lobby, row[0], me)


@router.post("/api/tournaments/{tid}/pause", openapi_extra=body_schema(Empty))
async def pause(tid: str, request: Request) -> dict[str, Any]:
    """The host pauses the tournament: the games in progress go on, no round starts and
    no forfeit is given until it resumes → the tournament."""
    me, _, row = await _tournament(request, tid)
    _host_only(me, row)
    if row[6] != "running":
        raise ServerError("tournament_not_running", status=409)
    lobby = lobby_of(request)
    if row[11] is None:
        await TournamentStore(lobby.store).set(row[0], time.time(), paused_at=time.time())
    return await show(lobby, row[0], me)


@router.post("/api/tournaments/{tid}/resume", openapi_extra=body_schema(Empty))
async def resume(tid: str, request: Request) -> dict[str, Any]:
    """The host resumes a paused tournament: the round's clock is moved on by the time
    paused → the tournament."""
    me, _, row = await _tournament(request, tid)
    _host_only(me, row)
    lobby = lobby_of(request)
    store = TournamentStore(lobby.store)
    if row[11] is not None:
        now = time.time()
        await store.shift_deadlines(row[0], now - row[11])
        await store.set(row[0], now, paused_at=None)
    return await show(lobby, row[0], me)

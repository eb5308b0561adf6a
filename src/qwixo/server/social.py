"""Playing together: the chat of a game, quick reactions, and which games the lobby lists.

- ``chat`` (``text`` ≤ 300 characters, ``to`` = ``all`` or ``team``): every connection of the
  game receives ``{"type": "chat", "seat", "name", "text", "to", "time"}``; ``to: "team"``
  goes only to the sender's team (``Game.teams()``, e.g. the partners of 4-player Quixo) and
  only when the game was created with ``confer: true`` (the rulebook's "partners may confer";
  refused with ``chat_no_team`` otherwise). Spectators read the public chat and write only when
  the game was created with ``spectator_chat: true`` (else ``spectator_cannot_chat``); they
  never see team messages. Every line is committed to the database before it is sent
  (:mod:`qwixo.server.store_chat`: it survives a restart); a connection that enters gets the
  last ``CHAT_KEEP`` public lines and its team's last ``CHAT_KEEP`` (``chat_log``, only when
  there is any). The line and the entering are serialised per room (``lock``): a connection
  gets each line once, in the log or live. Several processes (PostgreSQL): a line written on
  another process reaches this one's connections through :func:`relay`.
  Chat lines are limited per seat (all its connections together: ``CHAT_PER_SEAT``) and per
  client address (``CHAT_PER_ADDRESS``): ``rate_limited`` beyond.
- ``react`` (``reaction`` one of ``REACTIONS``): ``{"type": "reaction", "seat", "name",
  "reaction", "time"}`` to every connection; a player's reactions are limited to one per
  ``REACT_EVERY`` seconds (``rate_limited``).
- The lobby lists a game waiting for a player (``open``) only while it was updated in the
  last ``OPEN_IDLE`` seconds (1 hour), a running game only within ``RUNNING_IDLE`` (6 hours),
  and a running game with a bot at its table while no person is connected to it only within
  ``BOT_GAME_IDLE`` (10 minutes: a game left to the bots): idle games leave the lists (they
  stay reachable by their links and resume when played).

The WebSocket session calls :func:`handle` for these messages and enters a room under
:func:`entering` with :func:`chat_log`; the lobby's list calls :func:`listed`.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from qwixo.core import IllegalMove
from qwixo.server.chars import bad_char
from qwixo.server.ratelimit import KeyedLimiter
from qwixo.server.store import StoreError
from qwixo.server.store_chat import ChatStore

log = logging.getLogger("qwixo.server")

CHAT_KEEP = 50
MAX_CHAT = 300
REACT_EVERY = 2.0
#: chat lines (per second, burst): per seat of a game (all its connections together; a
#: spectator: per address in the game) and per client address over every game of this
#: process (a limit per connection alone let one seat with 20 connections store
#: 358 lines a second)
CHAT_PER_SEAT = (0.5, 5.0)
CHAT_PER_ADDRESS = (1.0, 10.0)
#: the per-address chat limiter of each server (by its store: one per app)
_chat_by_address: weakref.WeakKeyDictionary[Any, KeyedLimiter] = weakref.WeakKeyDictionary()
OPEN_IDLE = 3600.0
RUNNING_IDLE = 6 * 3600.0
BOT_GAME_IDLE = 600.0
REACTIONS = ("✓", "★", "♥", "☺", "!", "?")  # in every common font (no emoji font needed)


def _clean(text: str) -> str:
    text = text.strip()
    bad = [c for c in text if bad_char(c, allow="\n")]
    if bad or not text:
        raise ValueError("empty, or control / invisible characters")
    return text


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


MsgId = int | Annotated[str, Field(max_length=64)]


class Chat(_Msg):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT), AfterValidator(_clean)]
    to: Literal["all", "team"] = "all"
    id: MsgId | None = None


class React(_Msg):
    type: Literal["react"]
    reaction: Literal[REACTIONS]  # type: ignore[valid-type]
    id: MsgId | None = None


class Rematch(_Msg):
    """An offer or acceptance (``accept``, default true) of a rematch, or a refusal; the
    logic is in ``rematch.py``."""

    type: Literal["rematch"]
    accept: bool = True
    id: MsgId | None = None


class SocialError(IllegalMove):
    """A refused chat or reaction (``key``, ``params``; ``status`` for HTTP-like codes)."""

    def __init__(self, key: str, status: int = 400, **params: Any) -> None:
        super().__init__(key, **params)
        self.status = status


def _state(room: Any) -> dict[str, Any]:
    st = getattr(room, "social", None)
    if st is None:
        st = room.social = {"lock": asyncio.Lock(), "last_react": {},
                            "chat": KeyedLimiter(*CHAT_PER_SEAT, max_keys=256)}
    return st


def busy(room: Any) -> bool:
    """Whether a connection is entering the room (reading its chat log) right now."""
    st = getattr(room, "social", None)
    return st is not None and st["lock"].locked()


def team_of(room: Any, seat: int) -> list[int]:
    for team in room.game.teams():
        if seat in team:
            return list(team)
    return [seat]


def chat_options(room: Any) -> dict[str, bool]:
    """What the page offers: team chat (the game has teams and ``confer``), spectator chat."""
    has_teams = any(len(t) > 1 for t in room.game.teams())
    return {"team": bool(room.options.get("confer")) and has_teams,
            "spectators": bool(room.options.get("spectator_chat"))}


def _name(room: Any, seat: int | None) -> str | None:
    return room.seats[seat].name if seat is not None else None


async def _chat(conn: Any, room: Any, msg: Chat, store: Any, owner: str) -> None:
    opts = chat_options(room)
    if conn.seat is None and not opts["spectators"]:
        raise SocialError("spectator_cannot_chat", status=403)
    team = None
    if msg.to == "team":
        if conn.seat is None or not opts["team"]:
            raise SocialError("chat_no_team")
        team = team_of(room, conn.seat)
    address = getattr(conn, "address", None) or "?"
    who = f"seat {conn.seat}" if conn.seat is not None else f"spectator {address}"
    by_address = _chat_by_address.get(store)
    if by_address is None:
        by_address = _chat_by_address[store] = KeyedLimiter(*CHAT_PER_ADDRESS)
    if not _state(room)["chat"].take(who) or not by_address.take(address):
        raise SocialError("rate_limited", status=429)
    async with _state(room)["lock"]:
        out = {"type": "chat", "seat": conn.seat, "name": _name(room, conn.seat),
               "text": msg.text, "to": msg.to, "time": time.time()}
        try:
            await ChatStore(store).add(room.id, out, team, owner)
        except StoreError:
            log.exception("could not save a chat line of game %s", room.id)
            raise SocialError("server_error", status=500) from None
        for c in list(room.conns):
            if team is None or c.seat in team:
                c.send(out)


def _react(conn: Any, room: Any, msg: React) -> None:
    if conn.seat is None:
        raise SocialError("spectator_cannot_act", status=403)
    st = _state(room)
    now = time.monotonic()
    if now - st["last_react"].get(conn.seat, -REACT_EVERY) < REACT_EVERY:
        raise SocialError("rate_limited", status=429)
    st["last_react"][conn.seat] = now
    out = {"type": "reaction", "seat": conn.seat, "name": _name(room, conn.seat),
           "reaction": msg.reaction, "time": time.time()}
    for c in list(room.conns):
        c.send(out)


async def handle(conn: Any, room: Any, msg: Chat | React, store: Any, owner: str = "") -> None:
    """A ``chat`` or ``react`` message of ``conn``; answers ``ok`` once the line is
    committed (or raises). ``owner``: this process, for the other processes' relay."""
    if isinstance(msg, Chat):
        await _chat(conn, room, msg, store, owner)
    else:
        _react(conn, room, msg)
    conn.send({"type": "ok", "id": msg.id, "version": room.version})


def entering(room: Any) -> asyncio.Lock:
    """Hold this while a connection reads the chat log (:func:`chat_log`) and joins the
    room's connections: no line is then sent twice or lost between the two."""
    return _state(room)["lock"]


async def chat_log(conn: Any, room: Any, store: Any) -> dict[str, Any] | None:
    """The ``chat_log`` message for a connection that enters (its team's lines too), or None
    when there is no line to show it (nothing is sent then: the session goes on as before).
    A database that cannot be read leaves the log out rather than the player."""
    team = (team_of(room, conn.seat) if conn.seat is not None and chat_options(room)["team"]
            else None)  # (no team lines exist in a game without team chat)
    try:
        lines = await ChatStore(store).history(room.id, team, CHAT_KEEP)
    except Exception:  # noqa: BLE001 - (SQLite reads raise its own errors)
        log.warning("could not read the chat of game %s", room.id, exc_info=True)
        return None
    conn.chat_seen = max((i for i, _, _ in lines), default=0)  # (for :func:`relay`)
    return {"type": "chat_log", "messages": [m for _, _, m in lines]} if lines else None


async def relay(room: Any, line_id: int, store: Any) -> None:
    """Chat line ``line_id``, written on another process, to this process's connections that
    may read it and did not have it in their ``chat_log``."""
    try:
        line = await ChatStore(store).line(line_id)
    except Exception:  # noqa: BLE001 - the next line comes anyway
        log.warning("could not read chat line %s", line_id, exc_info=True)
        return
    if line is None:
        return
    _, key, msg = line
    for c in list(room.conns):
        if getattr(c, "chat_seen", 0) >= line_id:
            continue
        if not key or (c.seat is not None and str(c.seat) in key.split(",")):
            c.send(msg)


def listed(summary: dict[str, Any], now: float | None = None) -> bool:
    """Whether the lobby lists this game summary (idle open / running games leave the list)."""
    now = time.time() if now is None else now
    idle = now - float(summary.get("updated") or 0)
    if summary.get("status") == "open":
        return idle <= OPEN_IDLE
    if summary.get("status") == "running":
        seats = summary.get("seats") or []
        left = (any(s.get("kind") == "bot" for s in seats)
                and not any(s.get("online") for s in seats if s.get("kind") != "bot"))
        return idle <= (BOT_GAME_IDLE if left else RUNNING_IDLE)
    return True

"""Playing together: the chat of a game, quick reactions, and which games the lobby lists.

- ``chat`` (``text`` ≤ 300 characters, ``to`` = ``all`` or ``team``): every connection of the
  game receives ``{"type": "chat", "seat", "name", "text", "to", "time"}``; ``to: "team"``
  goes only to the sender's team (``Game.teams()``, e.g. the partners of 4-player Quixo) and
  only when the game was created with ``confer: true`` (the rulebook's "partners may confer";
  refused with ``chat_no_team`` otherwise). Spectators read the public chat and write only when
  the game was created with ``spectator_chat: true`` (else ``spectator_cannot_chat``); they
  never see team messages. The last ``CHAT_KEEP`` public messages are kept in memory (not in
  the database) and sent to a connection when it enters (``chat_log``, only when there is
  any); team messages are kept for the team.
- ``react`` (``reaction`` one of ``REACTIONS``): ``{"type": "reaction", "seat", "name",
  "reaction", "time"}`` to every connection; a player's reactions are limited to one per
  ``REACT_EVERY`` seconds (``rate_limited``).
- The lobby lists a game waiting for a player (``open``) only while it was updated in the
  last ``OPEN_IDLE`` seconds (1 hour), a running game only within ``RUNNING_IDLE`` (6 hours):
  idle games leave the lists (they stay reachable by their links and resume when played).

The WebSocket session calls :func:`handle` for these messages and :func:`on_enter` when a
connection enters a room; the lobby's list calls :func:`listed`.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from qwixo.core import IllegalMove

CHAT_KEEP = 50
MAX_CHAT = 300
REACT_EVERY = 2.0
OPEN_IDLE = 3600.0
RUNNING_IDLE = 6 * 3600.0
REACTIONS = ("✓", "★", "♥", "☺", "!", "?")  # in every common font (no emoji font needed)


def _clean(text: str) -> str:
    text = text.strip()
    bad = [c for c in text if unicodedata.category(c) in ("Cc", "Cf") and c not in "\n"]
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


class SocialError(IllegalMove):
    """A refused chat or reaction (``key``, ``params``; ``status`` for HTTP-like codes)."""

    def __init__(self, key: str, status: int = 400, **params: Any) -> None:
        super().__init__(key, **params)
        self.status = status


def _state(room: Any) -> dict[str, Any]:
    st = getattr(room, "social", None)
    if st is None:
        st = room.social = {"public": deque(maxlen=CHAT_KEEP), "team": {}, "last_react": {}}
    return st


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


def _chat(conn: Any, room: Any, msg: Chat) -> None:
    st = _state(room)
    opts = chat_options(room)
    if conn.seat is None and not opts["spectators"]:
        raise SocialError("spectator_cannot_chat", status=403)
    out = {"type": "chat", "seat": conn.seat, "name": _name(room, conn.seat), "text": msg.text,
           "to": msg.to, "time": time.time()}
    if msg.to == "team":
        if conn.seat is None or not opts["team"]:
            raise SocialError("chat_no_team")
        team = team_of(room, conn.seat)
        st["team"].setdefault(tuple(team), deque(maxlen=CHAT_KEEP)).append(out)
        targets = [c for c in room.conns if c.seat in team]
    else:
        st["public"].append(out)
        targets = list(room.conns)
    for c in targets:
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


def handle(conn: Any, room: Any, msg: Chat | React) -> None:
    """A ``chat`` or ``react`` message of ``conn``; answers ``ok`` (or raises)."""
    if isinstance(msg, Chat):
        _chat(conn, room, msg)
    else:
        _react(conn, room, msg)
    conn.send({"type": "ok", "id": msg.id, "version": room.version})


def on_enter(conn: Any, room: Any) -> None:
    """Send a connection that enters the room the chat so far (its team's messages too)."""
    st = _state(room)
    msgs = list(st["public"])
    if conn.seat is not None:
        msgs += list(st["team"].get(tuple(team_of(room, conn.seat)), []))
    if msgs:  # nothing to send in a game without chat: the session goes on as before
        msgs.sort(key=lambda m: m["time"])
        conn.send({"type": "chat_log", "messages": msgs})


def listed(summary: dict[str, Any], now: float | None = None) -> bool:
    """Whether the lobby lists this game summary (idle open / running games leave the list)."""
    now = time.time() if now is None else now
    idle = now - float(summary.get("updated") or 0)
    if summary.get("status") == "open":
        return idle <= OPEN_IDLE
    if summary.get("status") == "running":
        return idle <= RUNNING_IDLE
    return True

"""Table etiquette (``docs/web-protocol.md``, "Resign, draw, hand a seat to a bot"): what a
person at the table may do besides playing, whatever the game (the rules are the contract's:
:meth:`qwixo.core.Game.resign`, :meth:`~qwixo.core.Game.agree_draw`).

- ``{"type": "resign"}``: the sender's seat gives up; the game ends as the game's rules say
  (an event ``resign`` of the lobby, committed and rated like any end).
- ``{"type": "draw"}`` offers a draw (games that declare draws, ``GameInfo.draws``), or
  accepts the pending offer; ``{"type": "draw", "accept": false}`` declines it. Every connection hears
  ``{"type": "draw_offer", "by", "accepted", "waiting"}``; when every seat has accepted, the
  game ends as a draw (an event ``draw``). A decline, a move of a seat other than the
  offerer's, or the offerer's last connection leaving withdraws it:
  ``{"type": "draw_cancelled", "seat", "reason": "declined" | "moved" | "left"}``. Bots play
  on: an offer to a table with a bot is declined by the bot at once. Offers live in memory.
- ``{"type": "hand_to_bot", "seat": n, "bot": "<id>"?}``: a seated person hands seat ``n`` to
  a bot, when the game has waited on that seat for the room's ``hand_over_seconds`` with no
  connection on it — on any server process — since the last change and since the seat's last
  connection left (the view's ``hand_over``; :meth:`qwixo.server.rooms.Room.hand_over_at`);
  the bot plays on for it (an event ``seat``). In a rated game the seat forfeits instead (an
  event ``resign`` with ``"forfeit": true``: a rated game stays between its accounts), and
  only once its turn clock has run out as well — the clock decides a rated game, not the
  opponent (``seat_clock_runs`` before).
"""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

import qwixo
from qwixo.server.social import SocialError

MsgId = int | Annotated[str, Field(max_length=64)]


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Resign(_Msg):
    type: Literal["resign"]
    id: MsgId | None = None


class Draw(_Msg):
    """An offer or acceptance (``accept``, default true) of a draw, or a refusal."""

    type: Literal["draw"]
    accept: bool = True
    id: MsgId | None = None


class HandToBot(_Msg):
    type: Literal["hand_to_bot"]
    seat: Annotated[int, Field(ge=0, le=16)]
    bot: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    id: MsgId | None = None


MESSAGES = (Resign, Draw, HandToBot)


def _broadcast(room: Any, msg: dict[str, Any]) -> None:
    for c in list(room.conns):
        c.send(msg)


def cancel_draw(room: Any, seat: int | None, reason: str) -> None:
    """Withdraw the pending draw offer, telling every connection."""
    if room.draw_offer is not None:
        room.draw_offer = None
        _broadcast(room, {"type": "draw_cancelled", "seat": seat, "reason": reason})


def after_change(room: Any, ev: dict[str, Any]) -> None:
    """(The lobby, after each committed change) a move of a seat other than the offerer's
    withdraws a draw offer; the end of the game withdraws it."""
    offer = room.draw_offer
    if offer is None:
        return
    if room.public["is_over"]:
        room.draw_offer = None
    elif ev["kind"] == "choose" and ev["seat"] != offer["by"]:
        cancel_draw(room, ev["seat"], "moved")


def left(room: Any, seat: int) -> None:
    """(A seat's last connection left) its draw offer ends."""
    if room.draw_offer is not None and room.draw_offer["by"] == seat:
        cancel_draw(room, seat, "left")


def default_bot(room: Any) -> str:
    """The bot a handed seat gets when none is asked for: a bot already at the table, else
    the game's first bot that decides at once (a rule bot), else its weakest."""
    for s in room.seats:
        if s.kind == "bot" and s.bot:
            return s.bot
    bots = qwixo.list_bots(room.game_name)
    light = [b for b in bots if qwixo.bots.is_light(room.game_name, b) and b != "random"]
    return (light or bots)[0]


async def handle(conn: Any, room: Any, lobby: Any, msg: Any) -> None:
    """A resignation, draw offer / answer, or hand-over from ``conn``; answers ``ok``."""
    if conn.seat is None:
        raise SocialError("spectator_cannot_act", status=403)
    ok = {"type": "ok", "id": msg.id}
    if isinstance(msg, Resign):
        ev = await lobby.act(room, conn.seat, "resign")
        conn.send({**ok, "version": ev["n"] if ev else room.version})
    elif isinstance(msg, Draw):
        await _draw(conn, room, lobby, msg)
        conn.send({**ok, "version": room.version})
    else:
        ev = await _hand(conn, room, lobby, msg)
        conn.send({**ok, "version": ev["n"] if ev else room.version})


async def _draw(conn: Any, room: Any, lobby: Any, msg: Draw) -> None:
    if room.game.is_over:
        raise SocialError("game_over")
    if not room.game.info.draws:
        raise SocialError("no_draw_offer")
    offer = room.draw_offer
    if not msg.accept:
        if offer is None:
            raise SocialError("no_draw_pending")
        cancel_draw(room, conn.seat, "declined")
        return
    if offer is None:
        offer = room.draw_offer = {"by": conn.seat, "accepted": {conn.seat}}
    offer["accepted"].add(conn.seat)
    bots = [s.seat for s in room.seats if s.kind == "bot" and s.seat not in offer["accepted"]]
    if bots:  # bots play on
        _broadcast(room, {"type": "draw_offer", **room.draw_offer_public()})
        cancel_draw(room, bots[0], "declined")
        return
    waiting = [s.seat for s in room.seats if s.seat not in offer["accepted"]]
    if waiting:
        _broadcast(room, {"type": "draw_offer", **room.draw_offer_public()})
        return
    try:
        await lobby.act(room, conn.seat, "draw")
    finally:
        room.draw_offer = None


async def _hand(conn: Any, room: Any, lobby: Any, msg: HandToBot) -> dict[str, Any] | None:
    if msg.seat >= len(room.seats) or msg.seat == conn.seat:
        raise SocialError("cannot_hand_seat", seat=msg.seat + 1)
    if room.game.is_over:
        raise SocialError("game_over")
    now = time.time()
    if msg.seat not in room.idle_seats(now):
        clock = room.deadline if msg.seat in room.deadline_for else None
        if (room.options.get("rated") and clock is not None and now < clock
                and msg.seat in room.waits_on() and not room.seats[msg.seat].present(now)):
            raise SocialError("seat_clock_runs", seat=msg.seat + 1,
                              seconds=max(1, int(clock - now)))
        raise SocialError("seat_not_idle", seat=msg.seat + 1,
                          seconds=int(room.hand_over_seconds))
    if room.options.get("rated"):  # a rated game stays between its accounts: a forfeit
        return await lobby.act(room, msg.seat, "resign",
                               {"forfeit": True, "by": conn.seat})
    bot = msg.bot or default_bot(room)
    bots = qwixo.list_bots(room.game_name)
    if bot not in bots:
        raise SocialError("unknown_bot", name=bot, game=room.game_name, choices=", ".join(bots))
    seconds = next((s.seconds for s in room.seats if s.kind == "bot" and s.bot == bot), None)
    return await lobby.act(room, msg.seat, "seat", {"bot": bot, "by": conn.seat,
                                                     "seconds": seconds or 1.0})

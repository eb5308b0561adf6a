"""A rematch between people on different devices (``docs/web-protocol.md``, "Rematch").

When the game is over, any seated person sends ``{"type": "rematch"}`` (an offer); every
connection of the game then receives ``{"type": "rematch_offer", "by", "accepted",
"waiting", "expires"}``. The other person seats answer ``{"type": "rematch"}`` (accept) or
``{"type": "rematch", "accept": false}`` (decline); bots accept at once. When every person
seat has accepted, the server creates the new game (same seats, names, bots and options; a
rated game's rematch is rated, its seats linked to the same accounts: ``rated`` says it; in a
two-player game with a ``first`` setting the other side starts; in any other game the seats
turn by one so that the next player starts: :func:`order`) and sends each seated connection
``{"type": "rematch_ready", "game", "url", "rated", "seat", "token"}`` with ITS OWN new seat
and its new token only; spectators get ``{"type": "rematch_ready", "game", "url", "rated"}``. A decline, or a
person seat whose last connection leaves, cancels the offer: ``{"type": "rematch_cancelled",
"seat", "reason": "declined" | "left"}``. An offer not accepted by everyone in time
(:func:`offer_seconds`: ``OFFER_SECONDS``, 2 minutes; a turn-based game's time per decision)
expires: ``{"type": "rematch_cancelled", "seat": null, "reason": "expired"}`` to every
connection. A finished game has one rematch at most (a ``rematch`` after ``rematch_ready`` is
refused with ``rematch_done``), and the rematch is a new game: it takes one from the new-game
limits of the connection that completes it (its address, and its account when signed in:
``too_many_games`` past them, the offer then stays pending). An offer lives in the server's memory: a restart ends every connection, and so
every offer (as a person leaving does).
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import time
from typing import Any

from qwixo.server.accounts import link_rematch
from qwixo.server.lobby import game_settings
from qwixo.server.protocol import CreateGame, SeatSpec
from qwixo.server.social import Rematch, SocialError

OFFER_SECONDS = 120.0  # how long a rematch offer waits for every person seat


def offer_seconds(room: Any) -> float:
    """How long an offer of this game waits: ``OFFER_SECONDS``, or in a turn-based game
    (``turn_hours``) the game's time per decision, as the players take turns hours apart."""
    if room.options.get("turn_hours") and room.options.get("clock"):
        return max(OFFER_SECONDS, float(room.options["clock"]))
    return OFFER_SECONDS


def rematch_id(game_id: str) -> str:
    """The id of the rematch of game ``game_id``: made from it, so that a finished game has
    one rematch at most, whichever process makes it (a second one finds the id taken).

    >>> rematch_id("abc") == rematch_id("abc") != rematch_id("abd")
    True
    """
    digest = hashlib.sha256(b"qwixo rematch " + game_id.encode()).digest()[:6]
    return base64.urlsafe_b64encode(digest).decode().replace("-", "x").replace("_", "y")


async def _made(room: Any, lobby: Any) -> str | None:
    """The id of this game's rematch when it was made already (here or by another
    process), else None."""
    if getattr(room, "rematch_game", None):
        return room.rematch_game
    rid = rematch_id(room.id)
    if rid in lobby.rooms or await lobby.store.load_game(rid) is not None:
        room.rematch_game = rid
        return rid
    return None


def _people(room: Any) -> list[int]:
    return [s.seat for s in room.seats if s.kind != "bot"]


def _offer(room: Any) -> dict[str, Any] | None:
    return getattr(room, "rematch_offer", None)


def _broadcast(room: Any, msg: dict[str, Any]) -> None:
    for c in list(room.conns):
        c.send(msg)


def order(room: Any) -> list[int]:
    """The seats of ``room`` in the order of the rematch's seats: the same, when the game's
    two sides swap who starts by its ``first`` setting; else turned so that the player after
    the one who started this game sits first (and starts: :meth:`Room.rematch_first`). With
    two teams sitting in turn (N, E, S, W), turning by one keeps the teams together."""
    n = len(room.seats)
    if _swaps_first(room):
        return list(range(n))
    first = room.rematch_first()
    return [(first + k) % n for k in range(n)]


def _swaps_first(room: Any) -> bool:
    """Whether the rematch swaps who starts by the game's ``first`` setting — not in a rated
    game, which refuses the setting: its seats turn instead, as in any other game."""
    return ("first" in game_settings(room.game_name) and room.game.num_players == 2
            and not room.options.get("rated"))


def _spec(room: Any) -> Any:
    """The ``CreateGame`` of the rematch: the same seats and options, the next player
    starts (:func:`order`)."""
    settings = {k: v for k, v in room.settings.items() if k not in ("position", "seed", "first")}
    if _swaps_first(room):
        # the side that did not start the last game starts this one (as together.js did)
        first = str(room.view(None).get("settings", {}).get("first") or "x").lower()
        settings["first"] = "x" if first == "o" else "o"
    if room.options.get("scorepad"):
        settings["scorepad"] = True
    seats = []
    for s in (room.seats[i] for i in order(room)):
        if s.kind == "bot":  # (a seat handed to a bot: the bot's own name)
            seats.append(SeatSpec(kind="bot", bot=s.bot, name=None if s.handed else s.name,
                                  seconds=s.seconds))
        else:
            seats.append(SeatSpec(kind="human", name=s.name))
    turn_hours = room.options.get("turn_hours")  # (its clock is then counted in hours)
    return CreateGame(game=room.game_name, settings=settings, seats=seats,
                      clock=None if turn_hours else room.options.get("clock"),
                      turn_hours=turn_hours, auto_roll=bool(room.options.get("auto_roll")),
                      undo=bool(room.options.get("undo")), confer=bool(room.options.get("confer")),
                      spectator_chat=bool(room.options.get("spectator_chat")),
                      rated=bool(room.options.get("rated")))


def _drop(room: Any) -> None:
    """Forget the pending offer (and its expiry timer)."""
    offer = _offer(room)
    if offer is not None:
        offer["timer"].cancel()
        room.rematch_offer = None


def cancel(room: Any, seat: int | None, reason: str) -> None:
    """Withdraw the pending offer (a seat declined or left; None: it expired)."""
    if _offer(room) is not None:
        _drop(room)
        _broadcast(room, {"type": "rematch_cancelled", "seat": seat, "reason": reason})


def _expire(room: Any, offer: dict[str, Any]) -> None:
    if _offer(room) is offer:
        cancel(room, None, "expired")


def _new_offer(room: Any, seat: int) -> dict[str, Any]:
    seconds = offer_seconds(room)
    offer: dict[str, Any] = {"by": seat, "accepted": set(), "expires": time.time() + seconds}
    offer["timer"] = asyncio.get_running_loop().call_later(seconds, _expire, room, offer)
    room.rematch_offer = offer
    return offer


async def handle(conn: Any, room: Any, lobby: Any, msg: Rematch) -> None:
    """An offer, acceptance or refusal of ``conn``'s seat; answers ``ok`` (or raises)."""
    if conn.seat is None:
        raise SocialError("spectator_cannot_act", status=403)
    if not room.game.is_over:
        raise SocialError("rematch_not_over")
    if getattr(room, "rematch_game", None) and msg.accept:
        raise SocialError("rematch_done", game=room.rematch_game)
    offer = _offer(room)
    ok = {"type": "ok", "id": msg.id, "version": room.version}
    if not msg.accept:
        conn.send(ok)
        cancel(room, conn.seat, "declined")
        return
    if offer is None:
        offer = _new_offer(room, conn.seat)
    offer["accepted"].add(conn.seat)
    people = _people(room)
    waiting = [s for s in people if s not in offer["accepted"]]
    if waiting:
        conn.send(ok)
        _broadcast(room, {"type": "rematch_offer", "by": offer["by"],
                          "accepted": sorted(offer["accepted"]), "waiting": waiting,
                          "expires": offer["expires"]})
        return
    made = await _made(room, lobby)
    if made is not None:
        _drop(room)
        raise SocialError("rematch_done", game=made)
    room.rematch_offer = None
    try:
        creator = None
        if lobby.admit_game is not None:  # a rematch is a new game: the same limits
            creator = await lobby.admit_game(conn.address, getattr(conn, "session", None))
        new, tokens = await lobby.create(_spec(room), creator=creator,
                                         game_id=rematch_id(room.id))
    except Exception:
        room.rematch_offer = offer  # still pending: it can be tried again
        if time.time() >= offer["expires"]:  # (its timer found no offer meanwhile)
            cancel(room, None, "expired")
        raise
    offer["timer"].cancel()
    room.rematch_game = new.id
    new_seat = {old: i for i, old in enumerate(order(room))}
    await link_rematch(lobby.store, room, new, new_seat)
    conn.send(ok)
    for c in list(room.conns):
        out = {"type": "rematch_ready", "game": new.id, "url": f"/?game={new.id}",
               "rated": bool(new.options.get("rated"))}
        token = tokens[new_seat[c.seat]] if c.seat is not None else None
        if token:
            out.update(seat=new_seat[c.seat], token=token,
                       url=f"/?game={new.id}&token={token}")
        c.send(out)

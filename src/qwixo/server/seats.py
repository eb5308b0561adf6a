"""A game's seats: made with a new game, opened by their tokens, claimed, named, joined, and
handed to a bot.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

import qwixo
from qwixo.i18n import LANGS, t
from qwixo.server.lobby_base import LobbyBase
from qwixo.server.names import check_free, distinct_names
from qwixo.server.protocol import CreateGame, ServerError
from qwixo.server.rooms import Names, Room, Seat
from qwixo.server.store import StoreError, token_hash

DEFAULT_BOT_SECONDS = 1.0


def new_token() -> str:
    """A fresh secret seat token (32 url-safe characters)."""
    return secrets.token_urlsafe(24)


def sat_down(seat: int) -> list[tuple[str, dict[str, Any]]]:
    """The announcements of someone taking the free ``seat`` — on this process or, heard
    from the database, on another: the creator is told (the page shows it and, where
    allowed, as a browser notification)."""
    return [("announce_joined", {"player": seat, "name": Names((seat,))}),
            ("announce_seat_taken", {"player": seat, "name": Names((seat,))})]


def take_seat_events(room: Room, events: list[dict[str, Any]]) -> bool:
    """Seats handed to a bot by ``events`` (kind ``seat``: ``bot``, ``seconds``) become bot
    seats (their token opens nothing any more; ``Seat.handed``: shown by the bot's name, the
    person's kept as ``handed_from``); True when one did."""
    changed = False
    for ev in events:
        if ev["kind"] == "seat":
            s = room.seats[ev["seat"]]
            # a person's seat goes by the bot's name from now on; a bot seat whose bot failed
            # keeps its own (the fallback bot plays on for it)
            handed = s.handed or s.kind != "bot"
            s.kind, s.bot, s.seconds = "bot", ev["bot"], ev.get("seconds") or DEFAULT_BOT_SECONDS
            s.token_hash, s.claimed, s.handed = None, True, handed
            changed = True
    return changed


def make_seats(spec: CreateGame, lang: str, given: list[str | None] | None = None
               ) -> tuple[list[Seat], list[str | None]]:
    """The seats of a new game and each one's token (None for bots and open seats);
    ``given``: the person seats' tokens, chosen before."""
    bots = qwixo.list_bots(spec.game)
    seats, tokens = [], []
    for i, s in enumerate(spec.seats):
        token = None
        if s.kind == "bot":
            if not s.bot:
                raise ServerError("bot_needs_name", choices=", ".join(bots))
            if s.bot not in bots:
                raise ServerError("unknown_bot", name=s.bot, game=spec.game,
                                  choices=", ".join(bots))
            seat = Seat(i, "bot", s.name or s.bot, bot=s.bot,
                        seconds=s.seconds or DEFAULT_BOT_SECONDS, claimed=True)
        else:
            if s.kind == "human":
                token = (given[i] if given else None) or new_token()
            seat = Seat(i, s.kind, s.name or t("seat_default_name", lang, n=i + 1),
                        token_hash=token_hash(token) if token else None)
        seats.append(seat)
        tokens.append(token)
    for seat, name in zip(seats, distinct_names([s.name for s in seats],
                                                [bool(x.name) for x in spec.seats]),
                          strict=True):
        seat.name = name
    return seats, tokens


class Seats(LobbyBase):
    """Who sits where: the seat a token opens, claiming, naming and joining a seat."""

    def seat_of(self, room: Room, token: str) -> int:
        """The seat a token opens (constant-time comparison); raises ``bad_token``."""
        h = token_hash(token)
        found = None
        for s in room.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                found = s.seat
        if found is None:
            raise ServerError("bad_token", status=403)
        return found

    async def _save_seat(self, room: Room, seat: int, name: str, token_h: str | None) -> None:
        """Commit seat ``seat`` as claimed (name, new token hash), then take it in the room."""
        s = room.seats[seat]
        old = (s.claimed, s.name)
        s.claimed, s.name = True, name
        try:
            summary, status = room.summary(), room.status
        finally:
            s.claimed, s.name = old
        try:
            await self.store.claim_seat(room.id, seat, name, token_h, status, summary,
                                        owner=self.owner)
        except StoreError:
            raise ServerError("server_error", status=500) from None
        s.claimed, s.name = True, name
        if token_h is not None:
            s.token_hash = token_h

    async def claim(self, room: Room, seat: int, name: str | None) -> None:
        """Mark a human seat as taken (first connection with its token), with a new name."""
        s = room.seats[seat]
        if s.claimed:  # the name is chosen once, at the first connection (docs/web-protocol.md)
            return
        async with room.lock:
            check_free(((x.seat, x.name) for x in room.seats), seat, name or s.name)
            await self._save_seat(room, seat, name or s.name, None)

    async def name_seat(self, room: Room, seat: int, name: str) -> bool:
        """A person seat still named as the server named it (``Player 1``, in any language)
        takes ``name`` — a signed-in player's account name — unless another seat has it;
        True when it did."""
        s = room.seats[seat]
        if s.kind == "bot" or not any(s.name == t("seat_default_name", lang, n=seat + 1)
                                      for lang in LANGS):
            return False
        async with room.lock:
            try:
                check_free(((x.seat, x.name) for x in room.seats), seat, name)
            except ServerError:
                return False
            await self._save_seat(room, seat, name, None)
        room.broadcast(None)
        return True

    async def rename(self, room: Room, seat: int, name: str) -> None:
        """A guest's new name for their person seat (``rename``; refused for a seat linked to
        an account, which goes by the account's name, and for a name another seat has)."""
        if room.seats[seat].linked:
            raise ServerError("rename_account_seat", status=409)
        async with room.lock:
            if room.seats[seat].name != name:
                check_free(((x.seat, x.name) for x in room.seats), seat, name)
                await self._save_seat(room, seat, name, None)
        room.broadcast(None)

    async def join(self, room: Room, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free ``open`` seat: returns (seat, new token)."""
        async with room.lock:
            free = [s.seat for s in room.seats if s.kind == "open" and not s.claimed]
            if room.public["is_over"] or not free:
                raise ServerError("no_free_seat", status=409)
            if seat is None:
                seat = free[0]
            elif seat not in free:
                raise ServerError("seat_not_free", status=409, seat=seat)
            token = new_token()
            check_free(((x.seat, x.name) for x in room.seats), seat,
                       name or room.seats[seat].name)
            await self._save_seat(room, seat, name or room.seats[seat].name, token_hash(token))
        room.broadcast(None, sat_down(seat))
        return seat, token

"""Every decision of a game: tried on a copy, committed through the store, then taken by the
room and broadcast (``qwixo.server.lobby``).

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from qwixo.core import Game, IllegalMove, forfeit
from qwixo.server import etiquette
from qwixo.server.accounts import rating_change, rating_ops
from qwixo.server.lobby_base import CommittedRoom, views_after
from qwixo.server.protocol import ServerError
from qwixo.server.rooms import Room, announcements
from qwixo.server.scheduler import Scheduler
from qwixo.server.seats import take_seat_events
from qwixo.server.store import StoreConflict, StoreError
from qwixo.server.sync import Sync

log = logging.getLogger("qwixo.server")

CONFLICT_RETRIES = 3  # a decision that lost a race to another process is tried again


class Commits(Sync):
    """A roll, a decision, an undo, a resignation, a draw or a seat handed to a bot, committed
    (a decision that lost a race to another process is tried again on what it committed)."""

    async def act(self, room: Room, seat: int | None, kind: str, value: Any = None, *,
                  auto: bool = False, epoch: int | None = None) -> dict[str, Any] | None:
        """Apply one roll/choose/undo of ``seat`` (None: the server) and commit it.

        Returns the event, or None when ``epoch`` is given and the room has moved on (a stale
        bot decision). Raises :class:`IllegalMove` (nothing changed) when refused.

        The work runs shielded: cancelling the caller (a bot or clock task) never interrupts a
        commit half-way."""
        t0 = time.perf_counter()
        inner = asyncio.ensure_future(self._act(room, seat, kind, value, auto, epoch))
        inner.add_done_callback(lambda f: f.cancelled() or f.exception())
        ev = await asyncio.shield(inner)
        self.act_times.append((time.time(), time.perf_counter() - t0))
        return ev

    async def _act(self, room: Room, seat: int | None, kind: str, value: Any, auto: bool,
                   epoch: int | None) -> dict[str, Any] | None:
        async with room.lock:
            for attempt in range(CONFLICT_RETRIES + 1):
                if epoch is not None and epoch != room.epoch:
                    return None
                if room.public["is_over"]:
                    raise IllegalMove("game_over")
                new = room.game.copy()
                if kind == "roll":
                    data = self._roll(room, new, seat, value)
                elif kind == "choose":
                    data = self._choose(room, new, seat, value)
                elif kind == "undo":
                    data = self._undo(room, new, seat)
                elif kind == "resign":  # value: None, or {"forfeit": True, "by": seat}
                    # a forfeit ends any game (qwixo.core.forfeit); a resignation needs the
                    # game's own (GameInfo.resign)
                    if (value or {}).get("forfeit"):
                        new = forfeit(new, seat)
                    else:
                        new.resign(seat)
                    data = dict(value or {})
                elif kind == "draw":
                    new.agree_draw()
                    data = {}
                elif kind == "seat":  # value: {"bot", "seconds", "by"}
                    data = dict(value)
                else:  # pragma: no cover - the protocol allows nothing else
                    raise ServerError("unknown_type", type=kind)
                ev = {"n": room.version + 1, "kind": kind, "seat": seat, "time": time.time(),
                      **data}
                if auto:
                    ev["auto"] = True
                try:
                    await self._commit(room, new, ev)
                    break
                except StoreConflict:
                    # another process committed this version first: take what it did and
                    # decide again on that (it may now be refused, as within one process)
                    await self._sync_locked(room)
                    if attempt == CONFLICT_RETRIES:
                        raise ServerError("server_error", status=500) from None
        self.kick(room)
        return ev

    async def _commit(self, room: Room, new: Game, ev: dict[str, Any]) -> None:
        """Store ``ev`` with the game ``new``; once committed the room takes them and every
        connection hears about it."""
        after, seat_views = views_after(room, new, room.public["event_count"])
        snapshot = new.to_json()
        old = (room.game, room.public, room.updated, room.epoch)
        room.game, room.public, room.updated = new, after, ev["time"]
        room.epoch += ev["kind"] in ("roll", "undo")
        room.events.append(ev)
        seats = [(s.kind, s.bot, s.seconds, s.token_hash, s.claimed, s.handed)
                 for s in room.seats]
        take_seat_events(room, [ev])  # (a seat handed to a bot: the summary and work see it)
        summary, status, due = room.summary(), room.status, Scheduler.server_due(room)
        clock = self.scheduler.next_clock(room, ev)  # the deadline commits with the change
        room.game, room.public, room.updated, room.epoch = old
        room.events.pop()
        for seat, was in zip(room.seats, seats, strict=True):
            seat.kind, seat.bot, seat.seconds, seat.token_hash, seat.claimed, seat.handed = was
        try:
            # a rated game's end: the new ratings commit in the same transaction
            extra = await rating_ops(self.store, room, new) if new.is_over else []
            await self.store.add_event(room.id, ev, snapshot, status, summary, due=due,
                                       owner=self.owner, extra=extra, deadline=clock[0])
        except StoreConflict:
            raise
        except StoreError:
            log.exception("could not save a move of game %s", room.id)
            raise ServerError("server_error", status=500) from None
        if extra:  # rated: the result card shows each seat's rating change
            try:
                room.rating_change = await rating_change(self.store, CommittedRoom(room, new))
            except StoreError:  # (a card without it; the ratings are committed)
                log.exception("could not read the rating change of game %s", room.id)
        # committed: the room takes the new state, then everyone hears about it
        engine_events = after.pop("events") if ev["kind"] != "undo" else []
        after["events"] = []
        room.game, room.public, room.updated = new, after, ev["time"]
        room.seat_views = (new, seat_views)
        room.events.append(ev)
        if ev["kind"] in ("roll", "undo") or take_seat_events(room, [ev]):
            room.epoch += 1
        room.deadline, room.deadline_for, room.deadline_action = clock
        etiquette.after_change(room, ev)
        if room.options.get("rated") and (new.is_over or ev["kind"] == "seat"):
            await self.why_unrated(room)
        room.broadcast(ev, announcements(room, engine_events, ev))

    def _roll(self, room: Room, game: Game, seat: int | None, dice: Any) -> dict[str, Any]:
        if not game.needs_roll:
            raise IllegalMove("no_roll_needed")
        who = room.public["roller"]
        if seat is not None and who is not None and seat != who:
            # score-pad mode: a person at the table types the dice for a bot's turn
            if not (room.scorepad and room.seats[who].kind == "bot"):
                raise ServerError("not_your_roll", player=who)
        if room.scorepad and seat is not None:
            if dice is None:
                raise ServerError("dice_required")
            rolled = game.roll(list(dice))
        else:
            if dice is not None:
                raise ServerError("dice_only_scorepad")
            rolled = game.roll()
        return {"dice": [None if d is None else int(d) for d in rolled], "roller": who}

    def _choose(self, room: Room, game: Game, seat: int | None, decision: Any) -> dict[str, Any]:
        if seat is None:  # pragma: no cover - the server always decides for a seat
            raise IllegalMove("unknown_player", player=seat)
        if not isinstance(decision, str):
            raise IllegalMove("bad_decision", text=str(decision)[:64])
        if seat not in room.public["to_act"]:
            if room.public["needs_roll"]:
                raise IllegalMove("roll_needed")
            raise IllegalMove("not_your_turn", player=seat)
        text = game.canonical_decision(seat, decision)  # stored as the game writes it
        game.choose(seat, text)
        return {"decision": text}

    def _undo(self, room: Room, game: Game, seat: int | None) -> dict[str, Any]:
        if not room.options.get("undo"):
            raise ServerError("undo_disabled")
        # since this seat's last decision: only bot decisions (no roll, no other person)
        count = 0
        for ev in reversed(room.events):
            if ev["kind"] == "choose" and ev["seat"] == seat:
                count += 1
                break
            if ev["kind"] == "choose" and room.seats[ev["seat"]].kind == "bot":
                count += 1
                continue
            raise ServerError("undo_not_allowed")
        else:
            raise ServerError("undo_not_allowed")
        for _ in range(count):
            game.undo()
        return {"count": count}

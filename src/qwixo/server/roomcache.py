"""The rooms a process keeps in memory: loaded from the database when opened, dropped when
nobody uses them, the unfinished ones with server work resumed at a start, and the lists.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from typing import Any

from qwixo.core import load_game
from qwixo.server import social
from qwixo.server.accounts import linked_seats, mark_bot_accounts, rating_change
from qwixo.server.presence import Presence
from qwixo.server.protocol import ServerError
from qwixo.server.rooms import Room, Seat
from qwixo.server.seats import take_seat_events
from qwixo.server.sync import Sync

log = logging.getLogger("qwixo.server")

#: seconds without a change after which a room nobody uses leaves memory
#: (:meth:`RoomCache.evict_idle`)
IDLE_SECONDS = float(os.environ.get("QWIXO_IDLE_SECONDS", 120.0))


class RoomCache(Sync, Presence):
    """The rooms in memory, loaded and dropped."""

    @staticmethod
    def _room_from_row(row: dict[str, Any]) -> Room:
        game = load_game(row["snapshot"])
        seats = [Seat(s["seat"], s["kind"], s["name"], bot=s["bot"], seconds=s["seconds"],
                      token_hash=s["token_hash"], claimed=s["claimed"]) for s in row["seats"]]
        room = Room(id=row["id"], game_name=row["game"], settings=row["settings"],
                    options=row["options"], game=game, initial=row["initial"], seats=seats,
                    events=row["events"], created=row["created"], updated=row["updated"])
        take_seat_events(room, room.events)
        for s in room.seats:  # when its people left is not known: the time away starts now
            s.seen = time.time()
        return room

    async def get(self, game_id: str) -> Room:
        """The room of ``game_id`` (loaded from the database when not in memory)."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if not isinstance(game_id, str) or not (1 <= len(game_id) <= 40):
            raise ServerError("no_such_game", status=404, id=str(game_id)[:40])
        row = await self.store.load_game(game_id)
        if row is None:
            raise ServerError("no_such_game", status=404, id=game_id)
        room = self.rooms.get(game_id)  # loaded meanwhile
        if room is None:
            # the game is loaded (its save, its seats' events, the first view) in a thread,
            # off the event loop: a long game's load never holds up another game's move
            loaded = await asyncio.to_thread(self._room_from_row, row)
            room = self.rooms.get(game_id)  # (loaded by another request meanwhile)
        if room is None:
            room = self.rooms[game_id] = loaded
            room.hand_over_seconds = self.hand_over_seconds
            await mark_bot_accounts(self.store, room)  # (the seats programs play)
            if room.options.get("rated"):  # which seats are linked to accounts (shown to all)
                await linked_seats(self.store, room)
                await self.why_unrated(room)
            if room.options.get("rated") and room.public["is_over"]:
                room.rating_change = await rating_change(self.store, room)
            self.scheduler.restore_clock(room, row.get("deadline"))  # not a full period again
            self._evict()
            if self.store.shared:  # a change committed while it loaded was not heard: read again
                async with room.lock:
                    await self._sync_locked(room)
                await self.load_presence([room])  # the other processes' connections
        return room

    def _evict(self) -> None:
        if len(self.rooms) <= self.max_cached:
            return
        for rid, room in list(self.rooms.items()):
            if room.public["is_over"] and not room.conns and not room.lock.locked():
                del self.rooms[rid]
                if len(self.rooms) <= self.max_cached:
                    break

    def evict_idle(self, now: float | None = None, idle: float | None = None) -> int:
        """Drop from memory the rooms nobody uses: no connection (nor one on its
        way in), nothing running (no bot thinking, no clock armed, no lock held), not this
        process's leased work, unchanged for ``idle`` seconds (:data:`IDLE_SECONDS`). They
        stay in the database and load again when someone opens them. Returns how many."""
        now = time.time() if now is None else now
        idle = IDLE_SECONDS if idle is None else idle
        dropped = 0
        for rid, room in list(self.rooms.items()):
            if (room.conns or room.joining or room.lock.locked() or now - room.updated < idle
                    or rid in self.scheduler.held
                    or any(not t.done() for t in room.tasks.values())
                    or social.busy(room)):
                continue
            del self.rooms[rid]
            dropped += 1
        return dropped

    async def resume(self) -> int:
        """Load the unfinished games in which the server has work or a clock runs and schedule
        their bots, rolls and clock (server start); the others load when opened (lazily)."""
        ids = await self.store.working_ids()
        for gid in ids:
            try:
                room = await self.get(gid)
            except Exception:  # noqa: BLE001 - one broken game must not stop the server
                log.exception("cannot resume game %s", gid)
                continue
            self.kick(room)
        return len(ids)

    async def list(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        rows = await self.store.summaries(status, limit)
        out = []
        for s in rows:
            room = self.rooms.get(s["id"])
            s = room.summary() if room is not None else s
            if social.listed(s):  # idle games leave the lists
                out.append(s)
        return out

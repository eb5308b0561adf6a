"""(Several processes) Who is connected where: each process shares its own connections on a
game's seats and hears the others' (``docs/web.md``, "PostgreSQL and several processes"), so a
seat counts as away only when nobody is on it on any process.
"""

from __future__ import annotations

import asyncio
import logging
import time

from qwixo.server.lobby_base import LobbyBase
from qwixo.server.rooms import Room
from qwixo.server.store import StoreError

log = logging.getLogger("qwixo.server")


class Presence(LobbyBase):
    """This process's connections shared with the others, and theirs taken in."""

    _presence_tasks: set[asyncio.Task]
    _heartbeat_at: float
    #: rooms whose other processes' connections could not be read (read again)
    _presence_unread: set[str]

    def presence_changed(self, room: Room, seat: int) -> None:
        """(Several processes) this process's connections on ``seat`` came or went: tell the
        others (in order, the state at the time of each write; a failed write is tried again
        by :meth:`heartbeat`)."""
        if self.store.shared and not self.closing:
            task = asyncio.get_running_loop().create_task(self._publish_presence(room, seat))
            self._presence_tasks.add(task)
            task.add_done_callback(self._presence_tasks.discard)

    async def _publish_presence(self, room: Room, seat: int) -> None:
        async with room.presence_lock:
            online = room.seats[seat].online > 0
            if room.published.get(seat, False) == online:
                return
            try:
                await self.store.set_presence(room.id, seat, self.owner, online,
                                              self.lease_seconds)
            except StoreError:
                log.warning("could not share the presence of game %s seat %s", room.id, seat,
                            exc_info=True)
                return
            room.published[seat] = online

    async def heartbeat(self) -> None:
        """(Several processes, every second) this process's connections count on for the
        others (a killed process's stop counting when its heartbeats stop); presence not
        shared yet is shared again; the others' connections whose time ran out leave the
        views."""
        now = time.time()
        seats = []
        for room in list(self.rooms.values()):
            changed = False
            for s in room.seats:
                if room.published.get(s.seat, False):
                    seats.append((room.id, s.seat))
                if (s.online > 0) != room.published.get(s.seat, False):
                    self.presence_changed(room, s.seat)
                if s.elsewhere:
                    changed |= s.expire(now, self._heartbeat_at)
            if changed:
                room.broadcast(None)
        self._heartbeat_at = now
        await self.store.renew_presence(self.owner, self.lease_seconds, seats)
        unread = [self.rooms[gid] for gid in self._presence_unread if gid in self.rooms]
        self._presence_unread.clear()
        if unread:
            await self.load_presence(unread)

    def take_presence(self, room: Room, seat: int, owner: str, online: bool | None) -> None:
        """Another process (``owner``) has a connection on ``seat`` (``online``) or no longer;
        None: its heartbeat (its connections count on). The room's views show it."""
        if not 0 <= seat < len(room.seats):
            return
        s = room.seats[seat]
        now = time.time()
        was = s.present(now)
        if online is None:
            if owner not in s.elsewhere:
                return
            s.elsewhere[owner] = now + self.lease_seconds
        elif online:
            s.elsewhere[owner] = now + self.lease_seconds
        else:
            s.seen = max(s.last_seen(), now) if owner in s.elsewhere else s.seen
            s.elsewhere.pop(owner, None)
        if s.present(now) != was:
            room.broadcast(None)

    def heard_alive(self, owner: str) -> None:
        """A heartbeat of process ``owner``: its connections count on."""
        for room in list(self.rooms.values()):
            for s in room.seats:
                if owner in s.elsewhere:
                    self.take_presence(room, s.seat, owner, None)

    async def load_presence(self, rooms: list[Room]) -> None:
        """Read the other processes' connections on these rooms' seats (a room loaded, the
        notifications missed); a room whose presence was notified meanwhile is read again."""
        for _attempt in range(3):
            if not rooms:
                return
            versions = [r.presence_version for r in rooms]
            try:
                rows = await self.store.presence([r.id for r in rooms], self.owner)
            except StoreError:  # the next heartbeat reads them again
                log.warning("could not read who is connected elsewhere", exc_info=True)
                self._presence_unread.update(r.id for r in rooms)
                return
            self._presence_unread.difference_update(r.id for r in rooms)
            now = time.time()
            found: dict[tuple[str, int], dict[str, float]] = {}
            for game_id, seat, owner, left in rows:
                found.setdefault((game_id, seat), {})[owner] = now + left
            again = []
            for room, version in zip(rooms, versions, strict=True):
                if room.presence_version != version:
                    again.append(room)
                    continue
                changed = False
                for s in room.seats:
                    was = s.present(now)
                    s.seen = s.last_seen()
                    s.elsewhere = found.get((room.id, s.seat), {})
                    changed |= s.present(now) != was
                if changed:
                    room.broadcast(None)
            rooms = again

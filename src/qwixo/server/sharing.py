"""Several server processes on one PostgreSQL database: what each process runs in the
background (``docs/web.md``, "PostgreSQL and several processes").

- **Notifications**: every change another process commits arrives through the store's
  ``LISTEN`` (:meth:`qwixo.server.store_pg.PgStore.listen`); a game this process has in memory
  then takes it (:meth:`qwixo.server.lobby.Lobby.sync`) and its connections get the new state.
  A move's notification carries the event itself, so the process applies it to its own copy
  of the game without reading the database (a roll is made again with the game's own random
  generator and must give the same dice); a seat change, a gap in the versions or a lost
  notification connection make it read the game from the database instead. A game nobody
  watches on this process and whose work another process does is dropped from memory
  instead of followed — never while a connection is on its way into it (``Room.joining``:
  from the handshake through its authentication, claim and chat log).
- **Chat**: a line written on another process (a negative "version": ``-line id``) is read
  and passed to this process's connections of that game (:func:`qwixo.server.social.relay`).
- **Presence**: a seat's connections on every process count (a hand-over needs the seat away
  from all of them): each process shares its own (:meth:`qwixo.server.lobby.Lobby.presence_changed`,
  a row of ``presence`` and a notification) and sends a heartbeat every second
  (:meth:`~qwixo.server.lobby.Lobby.heartbeat`); another process's connections count until
  :attr:`~qwixo.server.lobby.Lobby.lease_seconds` after its last heartbeat, so a killed
  process's stop counting then. A room loaded (or the notifications missed) reads the table.
- **Quick pairing**: a process that pairs waiting players tells the others
  (``@paired``), so a player waiting on another process hears of their game at once
  (:func:`qwixo.server.pairing.look`).
- **Leases**: every second the process renews the leases of the games whose bots, rolls and
  clock it runs (a game whose lease it holds is always one it follows: loaded again if it
  was dropped), and looks for games waiting for server work whose lease has expired (their
  process died): it loads them and takes them over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from qwixo.server import social
from qwixo.server.lobby import Lobby
from qwixo.server.scheduler import Scheduler
from qwixo.server.store_pg import ALIVE, PAIRED, PRESENCE

log = logging.getLogger("qwixo.server")

EVERY = 1.0  # seconds between lease renewals and sweeps


class Sharing:
    """The background work of one process among several (nothing for a one-process store)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.tasks: list[asyncio.Task] = []
        self._syncing: set[str] = set()
        #: per game, the events notified since its last sync (None: read the database)
        self._events: dict[str, list[dict[str, Any]] | None] = {}

    async def start(self) -> None:
        if not self.lobby.store.shared:
            return
        await self.lobby.store.listen(self._notified, self._presence)
        self.tasks.append(asyncio.create_task(self._leases()))
        self.tasks.append(asyncio.create_task(self._heartbeats()))

    def _presence(self, kind: str, owner: str = "", *rest: str) -> None:
        """A presence notification of another process (:mod:`qwixo.server.store_pg`)."""
        lobby = self.lobby
        if owner == lobby.owner or not owner:
            return
        if kind == ALIVE:
            lobby.heard_alive(owner)
        elif kind == PAIRED:
            lobby.seeks_changed(rest)
        elif kind == PRESENCE and len(rest) == 3:
            game_id, seat, online = rest
            room = lobby.rooms.get(game_id)
            if room is not None and seat.isdigit():
                room.presence_version += 1
                lobby.take_presence(room, int(seat), owner, online == "1")

    async def _heartbeats(self) -> None:
        while True:
            await asyncio.sleep(EVERY)
            try:
                await self.lobby.heartbeat()
            except Exception:  # noqa: BLE001 - the database may be restarting: go on
                log.warning("presence heartbeat failed", exc_info=True)

    def _notified(self, game_id: str, version: int, owner: str,
                  event: dict[str, Any] | None = None) -> None:
        lobby = self.lobby
        if owner == lobby.owner:
            return  # our own change
        rooms = list(lobby.rooms.values()) if game_id == "*" else (
            [lobby.rooms[game_id]] if game_id in lobby.rooms else [])
        if game_id == "*":  # notifications were missed: who is connected elsewhere too
            self._start(lobby.load_presence(list(lobby.rooms.values())))
        if version < 0:  # a chat line
            for room in rooms:
                self._start(social.relay(room, -version, lobby.store))
            return
        for room in rooms:
            if version and version <= room.version:
                continue
            if self._idle(room):
                # nobody here watches it and another process does its work: forget it rather
                # than follow it (it is read again from the database when needed)
                del lobby.rooms[room.id]
                self._events.pop(room.id, None)
                continue
            # the events the notifications carried, until one comes without (a seat, a
            # missed notification): then the database is read
            if event is None or game_id == "*":
                self._events[room.id] = None
            elif self._events.get(room.id, []) is not None:
                self._events.setdefault(room.id, []).append(event)
            if room.id not in self._syncing:
                self._syncing.add(room.id)
                self._start(self._sync(room))

    def _idle(self, room) -> bool:
        """No connection of this process is in the room, its server work is another
        process's, and nothing of it runs here."""
        return (not room.conns and not room.joining and room.id not in self.lobby.scheduler.held
                and room.id not in self._syncing and not room.lock.locked()
                and all(t.done() for t in room.tasks.values())
                and self.lobby.rooms.get(room.id) is room)

    @staticmethod
    def _no_work(room) -> bool:
        """A leased room this process may let go: finished, or with no server work due, no
        clock running and nobody connected here (a kick takes the lease again when due)."""
        if room is None:
            return False  # (not followed: loaded again below)
        return room.public["is_over"] or (
            not room.conns and not room.joining and room.deadline is None
            and not Scheduler.server_due(room) and all(t.done() for t in room.tasks.values()))

    def _start(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.append(task)
        task.add_done_callback(self._forget)

    def _forget(self, task: asyncio.Task) -> None:
        with contextlib.suppress(ValueError):
            self.tasks.remove(task)

    async def _sync(self, room) -> None:
        try:
            self._syncing.discard(room.id)
            await self.lobby.sync(room, self._events.pop(room.id, None))
        except Exception:  # noqa: BLE001 - the next notification or sweep tries again
            log.warning("could not take the changes of game %s", room.id, exc_info=True)

    async def _leases(self) -> None:
        lobby, store, sched = self.lobby, self.lobby.store, self.lobby.scheduler
        while True:
            await asyncio.sleep(EVERY)
            try:
                held = await store.renew_leases(lobby.owner, lobby.lease_seconds)
                idle = {gid for gid in held if self._no_work(lobby.rooms.get(gid))}
                if idle:  # finished, or nothing to run and nobody here: let it go (M6)
                    await store.release_leases(lobby.owner, idle)
                    held -= idle
                sched.held = held
                for gid in sched.held - lobby.rooms.keys():
                    # a lease is never kept for a game this process does not follow: its
                    # work (bots, rolls, the clock) would stop; follow it again
                    room = await lobby.get(gid)
                    await lobby.sync(room)
                for gid in await store.orphans(lobby.owner):
                    room = await lobby.get(gid)
                    await lobby.sync(room)
                    room.lease_retry = 0.0
                    lobby.kick(room)
            except Exception:  # noqa: BLE001 - the database may be restarting: go on
                log.warning("lease renewal or sweep failed", exc_info=True)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task
        self.tasks.clear()

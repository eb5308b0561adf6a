"""Several server processes on one PostgreSQL database: what each process runs in the
background (``docs/web.md``, "PostgreSQL and several processes").

- **Notifications**: every change another process commits arrives through the store's
  ``LISTEN`` (:meth:`qwixo.server.store_pg.PgStore.listen`); a game this process has in memory
  then takes it (:meth:`qwixo.server.lobby.Lobby.sync`) and its connections get the new state.
- **Chat**: a line written on another process (a negative "version": ``-line id``) is read
  and passed to this process's connections of that game (:func:`qwixo.server.social.relay`).
- **Leases**: every second the process renews the leases of the games whose bots, rolls and
  clock it runs, and looks for games waiting for server work whose lease has expired (their
  process died): it loads them and takes them over.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from qwixo.server import social
from qwixo.server.lobby import Lobby

log = logging.getLogger("qwixo.server")

EVERY = 1.0  # seconds between lease renewals and sweeps


class Sharing:
    """The background work of one process among several (nothing for a one-process store)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.tasks: list[asyncio.Task] = []
        self._syncing: set[str] = set()

    async def start(self) -> None:
        if not self.lobby.store.shared:
            return
        await self.lobby.store.listen(self._notified)
        self.tasks.append(asyncio.create_task(self._leases()))

    def _notified(self, game_id: str, version: int, owner: str) -> None:
        lobby = self.lobby
        if owner == lobby.owner:
            return  # our own change
        rooms = list(lobby.rooms.values()) if game_id == "*" else (
            [lobby.rooms[game_id]] if game_id in lobby.rooms else [])
        if version < 0:  # a chat line
            for room in rooms:
                self._start(social.relay(room, -version, lobby.store))
            return
        for room in rooms:
            if version and version <= room.version:
                continue
            if room.id not in self._syncing:
                self._syncing.add(room.id)
                task = asyncio.get_running_loop().create_task(self._sync(room))
                self.tasks.append(task)
                task.add_done_callback(self._forget)

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
            await self.lobby.sync(room)
        except Exception:  # noqa: BLE001 - the next notification or sweep tries again
            log.warning("could not take the changes of game %s", room.id, exc_info=True)

    async def _leases(self) -> None:
        lobby, store, sched = self.lobby, self.lobby.store, self.lobby.scheduler
        while True:
            await asyncio.sleep(EVERY)
            try:
                sched.held = await store.renew_leases(lobby.owner, lobby.lease_seconds)
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

"""(Several processes) Leases: the process that holds a game's lease runs its server work (bots,
rolls, the clock); a person's connection brings the lease to the process it came to.
"""

from __future__ import annotations

from qwixo.server.lobby_base import LobbyBase
from qwixo.server.rooms import Room
from qwixo.server.scheduler import Scheduler

LEASE_SECONDS = 3.0  # a dead process's games are taken over within about this time


class Leases(LobbyBase):
    """The leases of this process's games."""

    async def _take_lease(self, game_id: str) -> bool:
        return await self.store.take_lease(game_id, self.owner, self.lease_seconds)

    async def take_work(self, room: Room) -> None:
        """(Several processes) A person's connection came to this process: the game's server
        work (bots, rolls, the clock) comes here too, taken from the process that held it
        (which learns it at its next renewal, within a second; a decision both make in that
        second is committed once, the versions see to it). So the moves of a game whose
        people are on one process never cross to another one."""
        if not self.store.shared or room.id in self.scheduler.held or room.public["is_over"]:
            return
        if self.rooms.get(room.id) is not room:
            return  # a room this process no longer follows: never hold a lease for it
        if room.options.get("clock") and room.deadline is None and Scheduler.humans_due(room):
            return  # its deadline is not known here: taking the clock over would restart it
        if await self.store.take_lease(room.id, self.owner, self.lease_seconds, force=True):
            self.scheduler.held.add(room.id)
            room.lease_retry = 0.0
            self.kick(room)

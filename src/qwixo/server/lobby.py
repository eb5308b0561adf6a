"""Every room of the server: the :class:`Lobby`, made of one module per job.

Every change goes through :meth:`Lobby.act` (or :meth:`Lobby.claim` / :meth:`Lobby.join`):
under the room's lock, the decision is tried on a **copy** of the game (an illegal one raises
and changes nothing), the event and the new ``to_json`` snapshot are committed through the
store in one transaction, and only then does the room take the new game and broadcast it (each
connection gets its own view). So a client never sees a move the database could lose, and a
failed write leaves the room exactly as it was. What the server then does by itself (bots,
rolls, the clock) is the :class:`~qwixo.server.scheduler.Scheduler`'s.

The jobs: :mod:`~qwixo.server.creation` (new games), :mod:`~qwixo.server.roomcache` (the
rooms in memory: loading, dropping, resuming, the lists), :mod:`~qwixo.server.seats` (tokens,
claiming, naming, joining), :mod:`~qwixo.server.commits` (every decision, committed),
:mod:`~qwixo.server.sync` (other processes' commits taken in), :mod:`~qwixo.server.presence`
(who is connected on other processes), :mod:`~qwixo.server.leases` (which process runs a
game's server work); :mod:`~qwixo.server.lobby_base` holds the state they share.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable

from qwixo.server.botrunner import ANALYSIS_SECONDS, BotRunner
from qwixo.server.commits import CONFLICT_RETRIES, Commits
from qwixo.server.creation import Creation, creator_digest, game_settings, new_id
from qwixo.server.leases import LEASE_SECONDS, Leases
from qwixo.server.lobby_base import views_after
from qwixo.server.roomcache import IDLE_SECONDS
from qwixo.server.scheduler import Scheduler
from qwixo.server.seats import (
    DEFAULT_BOT_SECONDS,
    Seats,
    new_token,
    sat_down,
    take_seat_events,
)
from qwixo.server.storage import GameStore
from qwixo.server.sync import apply_events

__all__ = ["CONFLICT_RETRIES", "DEFAULT_BOT_SECONDS", "HAND_OVER_SECONDS", "IDLE_SECONDS",
           "LEASE_SECONDS", "Lobby", "apply_events", "creator_digest", "game_settings",
           "new_id", "new_token", "sat_down", "take_seat_events", "views_after"]

HAND_OVER_SECONDS = 60.0  # see Lobby.hand_over_seconds


class Lobby(Creation, Commits, Seats, Leases):
    """Every room of the server, its store, the bot runner and the scheduler."""

    def __init__(self, store: GameStore, *, bot_delay: float = 0.0, bot_workers: int = 2,
                 bot_processes: int = 0, max_cached: int = 2000,
                 analysis_seconds: float = ANALYSIS_SECONDS) -> None:
        self.store = store
        self.rooms = {}
        self.bots = BotRunner(workers=bot_workers, processes=bot_processes,
                              analysis_seconds=analysis_seconds)
        self.owner = secrets.token_hex(6)
        self.scheduler = Scheduler(self.act, self.bots, bot_delay=bot_delay,
                                   take_lease=self._take_lease if store.shared else None)
        self.max_cached = max_cached
        self.act_times = deque(maxlen=10_000)
        self.lease_seconds = LEASE_SECONDS
        self.hand_over_seconds = float(os.environ.get("QWIXO_HAND_OVER_SECONDS",
                                                      HAND_OVER_SECONDS))
        self.closing = False
        self._presence_tasks = set()
        self._heartbeat_at = time.time()
        self._presence_unread = set()
        #: the new-game limits (``ServerState.admit_new_game``: ``(address, session cookie)``
        #: → the creator's key, or raises ``too_many_games``), which a rematch passes too;
        #: None: no limits (a lobby without the HTTP server)
        self.admit_game: Callable[[str | None, str | None], Awaitable[str]] | None = None
        #: quick pairing: per waiting request, the events of the looks waiting on it here
        #: (:func:`qwixo.server.pairing.look`; woken by :meth:`seeks_changed`)
        self.seek_waits: dict[str, set[asyncio.Event]] = {}

    def seeks_changed(self, seek_ids: Iterable[str]) -> None:
        """Quick pairing: these waiting requests were paired (or their pool changed): the
        looks waiting on them here answer now."""
        for sid in seek_ids:
            for ev in self.seek_waits.get(sid, ()):
                ev.set()

    async def close(self) -> None:
        self.closing = True
        self.scheduler.cancel_all(list(self.rooms.values()))
        for room in self.rooms.values():
            for conn in list(room.conns):
                conn.close()
        self.bots.close()

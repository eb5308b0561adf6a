"""What every job of the lobby (:class:`qwixo.server.lobby.Lobby`) shares: its state, the views
of a room after a change, and why a rated game is not rated.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any

from qwixo.core import Game
from qwixo.server.accounts import unrated
from qwixo.server.botrunner import BotRunner
from qwixo.server.rooms import Room
from qwixo.server.scheduler import Scheduler
from qwixo.server.storage import GameStore
from qwixo.server.store import StoreError

log = logging.getLogger("qwixo.server")


def views_after(room: Room, new: Game, since: int) -> tuple[dict[str, Any],
                                                            dict[int, dict[str, Any]]]:
    """The room's spectator view of ``new`` (with the engine's events from ``since``) and
    the seat views already made for it.

    When only seated people watch, one seat's view gives both: the fields every view shares
    (who acts, the phase, scores, the revealed events...) are the same in every seat's view
    of a game, so the spectator view takes them from it, and its ``board`` is made only if a
    spectator comes (:meth:`Room.view`). That seat's view is then kept for the broadcast: a
    change costs one view instead of two."""
    watchers = {c.seat for c in room.conns}
    if not watchers or None in watchers:
        return new.view(None, since=since), {}
    seat = min(watchers)
    v = new.view(seat, since=since)
    public = {k: x for k, x in v.items() if k != "board"}
    public["options"], public["pending"] = [], None
    return public, {seat: v}


class CommittedRoom:
    """A room as it is once ``game`` is committed (for reads made before the room takes it)."""

    def __init__(self, room: Room, game: Game) -> None:
        self.id, self.options, self.seats, self.game_name = (room.id, room.options, room.seats,
                                                             room.game_name)
        self.game, self.public = game, {"is_over": game.is_over}


class LobbyBase:
    """The state the lobby's jobs share (set by :class:`qwixo.server.lobby.Lobby`)."""

    store: GameStore
    #: every room this process has in memory, by game id
    rooms: dict[str, Room]
    bots: BotRunner
    scheduler: Scheduler
    #: this process, as the owner of leases and the origin of notifications
    owner: str
    #: (epoch, seconds) of the last decisions, from the request to the broadcast
    act_times: deque[tuple[float, float]]
    #: how long another process's lease and heartbeat count
    lease_seconds: float
    #: how long a seat the game waits on must be idle and away before the others may
    #: hand it to a bot (``qwixo.server.etiquette``); ``QWIXO_HAND_OVER_SECONDS`` sets it
    hand_over_seconds: float
    max_cached: int
    closing: bool

    def kick(self, room: Room) -> None:
        self.scheduler.kick(room)

    async def why_unrated(self, room: Room) -> None:
        """Read again why the rated game ``room`` is not (or will not be) rated
        (``Room.unrated``, in every view: :func:`qwixo.server.accounts.rated_players`)."""
        try:
            room.unrated = await unrated(self.store, room)
        except StoreError:  # (the view keeps the reason it had)
            log.exception("could not read whether game %s is rated", room.id)

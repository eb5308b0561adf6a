"""Creating a game: its settings checked by the game itself, its room options, its seats, the
first commit.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import hashlib
import inspect
import logging
import secrets
import time
from typing import Any

import qwixo
from qwixo.core import Game, IllegalMove, game_class
from qwixo.server.accounts import check_rated, rated_bots, rated_settings, turn_based
from qwixo.server.protocol import CreateGame, ServerError
from qwixo.server.roomcache import RoomCache
from qwixo.server.rooms import Room
from qwixo.server.scheduler import Scheduler
from qwixo.server.seats import make_seats
from qwixo.server.store import GameRow, StoreError

log = logging.getLogger("qwixo.server")


def new_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


def creator_digest(creator: str) -> str:
    """The key a game keeps of its creator (no address or account id is stored with it).

    >>> creator_digest("address 10.0.0.1") == creator_digest("address 10.0.0.1")
    True
    >>> len(creator_digest("account 42"))
    16
    """
    return hashlib.sha256(b"qwixo creator " + creator.encode()).hexdigest()[:16]


def game_settings(name: str) -> tuple[str, ...]:
    """The settings ``new_game(name, ...)`` takes (its keyword parameters)."""
    params = inspect.signature(game_class(name)).parameters.values()
    return tuple(p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


class Creation(RoomCache):
    """New games (a new room joins the rooms in memory)."""

    def _make_game(self, spec: CreateGame) -> tuple[Game, dict[str, Any], dict[str, Any]]:
        settings = dict(spec.settings)
        options: dict[str, Any] = {"clock": spec.clock, "auto_roll": spec.auto_roll,
                                   "undo": spec.undo, "scorepad": False, "confer": spec.confer,
                                   "spectator_chat": spec.spectator_chat}
        pad = settings.pop("scorepad", False)
        settings = rated_settings(spec.rated, spec.game, settings)
        if any(s.kind == "bot" for s in spec.seats):  # e.g. an end rule against endless games
            for name, value in game_class(spec.game).bot_settings.items():
                settings.setdefault(name, value)
        allowed = game_settings(spec.game)
        for name, value in settings.items():
            if name not in allowed:
                raise ServerError("bad_setting", name=name, value=value,
                                  why="why_unknown_setting", choices=", ".join(allowed))
        try:
            game = qwixo.new_game(spec.game, **settings)
        except IllegalMove as e:
            raise ServerError(e.key, **e.params) from None
        except (TypeError, ValueError) as e:
            raise ServerError("bad_setting", name="settings", value=settings,
                              why=str(e)[:200]) from None
        if game.is_over:  # e.g. a Quixo position with a line: nothing to play
            raise ServerError("finished_position")
        if not isinstance(pad, bool) or (pad and not game.info.scorepad):
            # score-pad mode: the dice of a real table are typed in (games that declare it,
            # GameInfo.scorepad)
            raise ServerError("bad_setting", name="scorepad", value=pad, why="why_true_false")
        if pad:
            options.update(scorepad=True, clock=None, auto_roll=False)
        turn_based(spec.turn_hours, options)
        check_rated(spec.rated, spec.game, game, options, settings)
        return game, settings, options

    async def create(self, spec: CreateGame, *, creator: str | None = None,
                     game_id: str | None = None, tokens: list[str | None] | None = None
                     ) -> tuple[Room, list[str | None]]:
        """Create a game from a validated request: returns the room and each seat's token
        (None for bots and open seats). ``creator``: who asks (``"account ID"`` or
        ``"address A"``), kept in the options as a digest (the bots' workers are shared
        between creators in turn: :func:`qwixo.server.scheduler.creator_of`); ``game_id``:
        the new game's id (a rematch's, made from its game's: only one can be stored);
        ``tokens``: the person seats' tokens, chosen before (a tournament's board keeps them
        in its plan, so that making its game again after a restart gives the same seats)."""
        game, settings, options = self._make_game(spec)
        if creator:
            options["creator"] = creator_digest(creator)
        if len(spec.seats) != game.num_players:
            raise ServerError("wrong_seat_count", players=game.num_players,
                              seats=len(spec.seats))
        seats, tokens = make_seats(spec, spec.lang or "en", tokens)
        rated_bots(seats, options)
        now = time.time()
        snapshot = game.to_json()
        room = Room(id=game_id or new_id(), game_name=spec.game, settings=settings,
                    options=options,
                    game=game, initial=snapshot, seats=seats, events=[],
                    created=now, updated=now)
        clock = self.scheduler.next_clock(room, None)  # stored with the game
        row = GameRow(room.id, room.game_name, settings, options, snapshot, snapshot, 0,
                      room.status, room.summary(), now, now, Scheduler.server_due(room),
                      deadline=clock[0])
        try:
            await self.store.create_game(row, seats)
        except StoreError:
            log.exception("could not create a game")
            raise ServerError("server_error", status=500) from None
        self.rooms[room.id] = room
        room.hand_over_seconds = self.hand_over_seconds
        self._evict()
        room.deadline, room.deadline_for, room.deadline_action = clock
        if options.get("rated"):  # (no seat is linked to an account yet: why, until they are)
            await self.why_unrated(room)
        self.kick(room)
        return room, tokens

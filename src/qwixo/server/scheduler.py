"""What the server does by itself in a room: bot decisions, rolls for bots (or every roll with
``auto_roll``) and the turn clock.

:meth:`Scheduler.kick` runs after every committed change and for every unfinished game when the
server starts (so bots resume after a restart). It reads the room's spectator view
(:attr:`qwixo.server.rooms.Room.public`: ``to_act``, ``roller``, ``phase``, ``is_over``) — no
game is named here — and acts through the lobby's :meth:`~qwixo.server.lobby.Lobby.act`, like
any player.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor
from typing import Any

from qwixo.bots import fallback_bot
from qwixo.core import IllegalMove
from qwixo.engine import EngineFailure, failure_of
from qwixo.server.botrunner import BotRunner
from qwixo.server.rooms import Room

log = logging.getLogger("qwixo.server")

#: seconds before a process that was refused a game's lease asks again: the holder renews it
#: every second and hears every change; if it dies, the lease sweep of the other processes
#: finds the game once the lease has expired (so asking sooner would only cost queries)
LEASE_RETRY = 30.0

#: finished games remembered as released (then the set starts again: a release twice is harmless)
MAX_RELEASED = 10_000

#: ``act(room, seat, kind, value, auto=..., epoch=...)`` of the lobby
Act = Callable[..., Awaitable[dict[str, Any] | None]]


def creator_of(room: Room) -> str:
    """Who created the game, as the bots' workers share their time out
    (:meth:`BotRunner.decide`): the creator's key kept in its options (a digest of the
    account, else the address: :meth:`qwixo.server.lobby.Lobby.create`), else the game
    itself."""
    return str(room.options.get("creator") or room.id)


class Scheduler:
    """Bots, automatic rolls and the turn clock of every room."""

    def __init__(self, act: Act, bots: BotRunner, *, bot_delay: float = 0.0,
                 take_lease: Callable[[str], Awaitable[bool]] | None = None) -> None:
        self.act = act
        self.bots = bots
        self.bot_delay = bot_delay
        self.closing = False
        #: several processes share the games: a game's work is done only by the process that
        #: holds its lease (``take_lease(game_id)``); None: this process does all the work
        self.take_lease = take_lease
        #: games whose lease this process holds (kept up to date by the lobby's renewals)
        self.held: set[str] = set()
        #: finished games whose bots were released (:meth:`BotRunner.release`)
        self.released: set[str] = set()
        self._releasing: set[asyncio.Task] = set()

    # -- who must act -----------------------------------------------------------------
    @staticmethod
    def humans_due(room: Room) -> frozenset[int]:
        """The person seats the game waits for now (a roll due counts for the roller)."""
        v = room.public
        if v["is_over"]:
            return frozenset()
        if v["needs_roll"]:
            who = v["roller"]
            if (who is not None and room.seats[who].kind != "bot"
                    and not room.options.get("auto_roll") and not room.scorepad):
                return frozenset({who})
            return frozenset()
        return frozenset(p for p in v["to_act"] if room.seats[p].kind != "bot")

    @classmethod
    def server_due(cls, room: Room) -> bool:
        """Whether the game waits for the server: a bot to decide or roll, an automatic roll,
        or a running turn clock."""
        v = room.public
        if v["is_over"]:
            return False
        if v["needs_roll"]:
            who = v["roller"]
            if who is not None and not room.scorepad and (
                    room.seats[who].kind == "bot" or room.options.get("auto_roll")):
                return True
        elif any(room.seats[p].kind == "bot" for p in v["to_act"]):
            return True
        return bool(room.options.get("clock")) and not room.scorepad and bool(
            cls.humans_due(room))

    def next_clock(self, room: Room, ev: dict[str, Any] | None
                   ) -> tuple[float | None, frozenset[int], tuple[str, int] | None]:
        """The turn clock after a change (``ev``; None: a resumed game), read from the room's
        new state: ``(deadline, the seats it runs for, the decision round)``. The lobby
        stores the deadline in the transaction of the change, so it survives a restart."""
        limit = room.options.get("clock")
        due = self.humans_due(room) if limit and not room.scorepad else frozenset()
        if not due:
            return None, frozenset(), None
        # the same decision round: a choice by someone else among simultaneous decisions
        # (same roll, same phase) — the others' time keeps running
        action = (room.public["phase"], room.epoch)
        same_action = (ev is not None and ev["kind"] == "choose" and room.deadline is not None
                       and action == room.deadline_action and due <= room.deadline_for)
        deadline = room.deadline if same_action else time.time() + float(limit)
        return deadline, due, action

    def update_clock(self, room: Room, ev: dict[str, Any] | None) -> None:
        """Set the room's deadline after a change (``ev``; None: a resumed game)."""
        room.deadline, room.deadline_for, room.deadline_action = self.next_clock(room, ev)

    def restore_clock(self, room: Room, deadline: float | None) -> None:
        """Take the stored ``deadline`` of a game loaded from the database (after a restart,
        or from another process): its clock runs to that moment — at once when it passed
        while no server ran — not for a full period again. None (a game stored before
        deadlines were kept): :meth:`kick` gives the one to act fresh time."""
        limit = room.options.get("clock")
        due = self.humans_due(room) if limit and not room.scorepad else frozenset()
        if deadline is None or not due:
            room.deadline, room.deadline_for, room.deadline_action = None, frozenset(), None
            return
        room.deadline, room.deadline_for = float(deadline), due
        room.deadline_action = (room.public["phase"], room.epoch)

    # -- scheduling -------------------------------------------------------------------
    def kick(self, room: Room) -> None:
        """Schedule what the server must do next in this room."""
        if self.closing:
            return
        v = room.public
        if v["is_over"]:
            me = asyncio.current_task()
            for task in room.tasks.values():
                if task is not me:
                    task.cancel()
            room.tasks.clear()
            self.held.discard(room.id)
            if any(s.kind == "bot" for s in room.seats) and room.id not in self.released:
                if len(self.released) > MAX_RELEASED:
                    self.released.clear()
                self.released.add(room.id)  # its bots (an engine's process) go now
                self._release(room.id)
            return
        if self.take_lease is not None and room.id not in self.held:
            if self.server_due(room) and time.time() >= room.lease_retry:
                self._spawn(room, "lease", self._lease(room))
            return
        if v["needs_roll"]:
            who = v["roller"]
            if who is not None and not room.scorepad and (
                    room.seats[who].kind == "bot" or room.options.get("auto_roll")):
                self._spawn(room, "roll", self._server_roll(room, room.epoch, room.version))
        else:
            for p in v["to_act"]:
                if room.seats[p].kind == "bot":
                    self._spawn(room, ("bot", p), self._bot_turn(room, p, room.epoch))
        if room.options.get("clock") and room.deadline is None and self.humans_due(room):
            self.update_clock(room, None)  # a resumed game: fresh time for the one to act
        if room.deadline is not None:
            self._arm_clock(room)

    def _release(self, game_id: str) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a finished game loaded by a tool)
            return

        async def release() -> None:
            try:
                await self.bots.release(game_id)
            except Exception as e:  # noqa: BLE001 - a worker gone: its bots went with it
                log.info("releasing the bots of game %s: %s", game_id, e)

        task = loop.create_task(release())
        self._releasing.add(task)
        task.add_done_callback(self._releasing.discard)

    def _arm_clock(self, room: Room) -> None:
        old = room.tasks.get("clock")
        if old is not None and not old.done():
            if getattr(old, "qwixo_deadline", None) == room.deadline:
                return
            if old is not asyncio.current_task():
                old.cancel()
        room.tasks.pop("clock", None)
        self._spawn(room, "clock", self._clock(room, room.deadline))
        room.tasks["clock"].qwixo_deadline = room.deadline  # type: ignore[attr-defined]

    def _spawn(self, room: Room, key: Any, coro) -> None:
        """Run ``coro`` as the room's task ``key`` unless one is already running. When the task
        ends it leaves ``room.tasks`` and kicks the room again: a kick made while it was still
        running (e.g. a bot's decision completing an action, after which the same bot must
        decide again) could not start the next task under the same key."""
        task = room.tasks.get(key)
        if task is not None and not task.done():
            coro.close()
            return

        async def run() -> None:
            me = asyncio.current_task()
            try:
                await coro
            finally:
                if room.tasks.get(key) is me:
                    room.tasks.pop(key, None)
            self.kick(room)

        task = asyncio.get_running_loop().create_task(run())
        room.tasks[key] = task

        def done(tk: asyncio.Task) -> None:
            coro.close()  # a task cancelled before it started never awaited its coroutine
            if room.tasks.get(key) is tk:
                room.tasks.pop(key, None)
            if not tk.cancelled() and tk.exception() is not None:
                log.error("task %s of game %s failed", key, room.id, exc_info=tk.exception())

        task.add_done_callback(done)

    # -- the tasks --------------------------------------------------------------------
    async def _lease(self, room: Room) -> None:
        """Take the game's lease (then the task's end kicks the room again), or wait: the
        lobby's sweep retries once the holder's lease has expired."""
        assert self.take_lease is not None
        if await self.take_lease(room.id):
            self.held.add(room.id)
        else:
            room.lease_retry = time.time() + LEASE_RETRY

    async def _server_roll(self, room: Room, epoch: int, version: int) -> None:
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        if room.version != version:
            return
        with contextlib.suppress(IllegalMove):
            await self.act(room, None, "roll", None, epoch=epoch)

    async def _bot_turn(self, room: Room, seat: int, epoch: int) -> None:
        """The seat's bot decides. When it fails (raises; an engine crashes, times out or
        answers garbage; its decision is refused), :meth:`_bot_failed` applies the rule —
        never a move of the server's own choosing."""
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        s = room.seats[seat]
        bot = s.bot or ""
        for attempt in range(2):
            try:
                decision = await self.bots.decide(room.id, bot, s.seconds, room.game, seat,
                                                  owner=creator_of(room))
                failure = None
                break
            except BrokenExecutor as e:  # the worker process died (the server's trouble):
                failure = failure_of(e)   # once more, in the new worker; then a failure
                log.warning("bot %s of game %s: its worker died (attempt %d)", bot, room.id,
                            attempt + 1)
            except Exception as e:  # noqa: BLE001 - every failure of a bot has the one rule
                failure = failure_of(e)
                break
        if failure is None:
            try:
                await self.act(room, seat, "choose", decision, epoch=epoch)
                return  # done (or stale: the room moved on); the task's end kicks the room
            except IllegalMove as e:
                if getattr(e, "status", 400) >= 500:  # the server's trouble, not the bot's
                    await asyncio.sleep(1.0)
                    return
                failure = EngineFailure("illegal", f"{decision!r}: {e}")
        if room.epoch != epoch or seat not in room.public["to_act"] or s.bot != bot:
            log.warning("bot %s of seat %d in game %s failed on a position that is gone "
                        "(%s)", bot, seat, room.id, failure)
            return
        await self._bot_failed(room, seat, bot, failure, epoch)

    async def _bot_failed(self, room: Room, seat: int, bot: str, failure: EngineFailure,
                          epoch: int) -> None:
        """The rule after a bot's failure (docs/engine-protocol.md, "When an engine fails"):
        the game's fallback bot (:func:`qwixo.bots.fallback_bot`) takes the seat for the rest
        of the game; in a rated game (a rated game's opponents stay who they were), or when
        the fallback itself failed, the seat forfeits; either way every seat reads why (the
        event's ``failed`` and ``why``: ``announce_bot_failed``)."""
        fallback = None if room.options.get("rated") else fallback_bot(room.game_name, bot)
        log.error("bot %s of seat %d in game %s failed (%s): %s; %s", bot, seat, room.id,
                  failure.reason, failure.detail,
                  f"{fallback} takes the seat" if fallback else "the seat resigns")
        news = {"by": None, "failed": bot, "why": failure.reason}
        try:
            if fallback is not None:
                await self.act(room, seat, "seat", {"bot": fallback, "seconds": room.seats[
                    seat].seconds, **news}, epoch=epoch)
            else:
                await self.act(room, seat, "resign", {"forfeit": True, **news}, epoch=epoch)
        except IllegalMove as e:
            log.error("game %s: the rule after the failure of bot %s could not be applied: "
                      "%s", room.id, bot, e)
            await asyncio.sleep(1.0)  # do not spin

    async def _clock(self, room: Room, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if room.deadline != deadline or room.public["is_over"]:
            return
        epoch = room.epoch
        if room.public["needs_roll"]:
            with contextlib.suppress(IllegalMove):
                await self.act(room, None, "roll", None, auto=True, epoch=epoch)
            return
        info = room.game.info  # what a timeout means is the game's declaration
        for p in sorted(self.humans_due(room)):
            if p not in room.public["to_act"]:
                continue
            if room.options.get("rated") and info.timeout == "forfeit":
                # out of time in a rated game: a forfeit, rated (any game: qwixo.core.forfeit)
                try:
                    await self.act(room, p, "resign", {"forfeit": True, "by": None},
                                   auto=True, epoch=epoch)
                except IllegalMove as e:  # the game ended meanwhile: said, not hidden
                    log.warning("game %s: the forfeit of seat %s was refused: %s",
                                room.id, p, e.key)
                return
            opts = room.game.options(p)
            if not opts:
                continue
            decision = (info.timeout_decision if info.timeout_decision in opts
                        else random.choice(opts))
            with contextlib.suppress(IllegalMove):
                await self.act(room, p, "choose", decision, auto=True, epoch=epoch)

    def cancel_all(self, rooms: list[Room]) -> None:
        self.closing = True
        for room in rooms:
            for task in list(room.tasks.values()):
                task.cancel()

"""(Several processes) A game this process follows takes what other processes committed in
it: the events their notifications carried, or what the database holds.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import logging
from typing import Any

from qwixo.core import Game, IllegalMove, forfeit, load_game
from qwixo.server.accounts import rating_change
from qwixo.server.lobby_base import CommittedRoom, LobbyBase, views_after
from qwixo.server.rooms import Room, announcements
from qwixo.server.seats import sat_down, take_seat_events
from qwixo.server.store import StoreError

log = logging.getLogger("qwixo.server")


def apply_events(game: Game, events: list[dict[str, Any]], reroll: bool = False) -> Game | None:
    """A copy of ``game`` with the server's ``events`` (roll, choose, undo) applied, or None
    when one does not apply (then the stored snapshot is loaded instead).

    ``reroll``: a roll is made again with the game's own random generator, which must give the
    event's dice — then the copy's generator is where the committing process's is, exactly as
    in the stored snapshot; other dice (typed in score-pad mode, a generator that went another
    way) give None."""
    new = game.copy()
    try:
        for ev in events:
            if ev["kind"] == "roll" and reroll:
                dice = [None if d is None else int(d) for d in new.roll()]
                if dice != ev["dice"]:
                    return None
            elif ev["kind"] == "roll":
                new.roll(ev["dice"])
            elif ev["kind"] == "choose":
                new.choose(ev["seat"], ev["decision"])
            elif ev["kind"] == "undo":
                for _ in range(ev.get("count", 1)):
                    new.undo()
            elif ev["kind"] == "resign" and ev.get("forfeit"):
                new = forfeit(new, ev["seat"])
            elif ev["kind"] == "resign":
                new.resign(ev["seat"])
            elif ev["kind"] == "draw":
                new.agree_draw()
            # "seat" (a seat handed to a bot) changes the seats, not the game
    except (IllegalMove, KeyError, TypeError):
        return None
    return new


class Sync(LobbyBase):
    """Other processes' commits taken into this process's rooms."""

    async def sync(self, room: Room, events: list[dict[str, Any]] | None = None) -> None:
        """Take what other processes committed in this game (their moves, seats): the
        ``events`` their notifications carried when they follow on from the room's version
        (no database read), else what the database holds."""
        async with room.lock:
            if not (events and await self._take_notified(room, events)):
                await self._sync_locked(room)
        self.kick(room)

    async def _take_notified(self, room: Room, events: list[dict[str, Any]]) -> bool:
        """Apply the notified ``events`` to the room's game; False when they do not follow on
        from the room's version or do not apply as committed (then the database is read)."""
        events = sorted((e for e in events if e["n"] > room.version), key=lambda e: e["n"])
        if not events:
            return True  # nothing new
        if [e["n"] for e in events] != list(range(room.version + 1,
                                                  room.version + 1 + len(events))):
            return False  # one is missing: read them all
        new = apply_events(room.game, events, reroll=True)
        if new is None:
            return False
        await self._take_events(room, new, events, events[-1]["time"])
        return True

    async def _sync_locked(self, room: Room) -> None:
        row = await self.store.load_game(room.id, since=room.version)
        if row is None:
            return
        changed = False
        news: list[tuple[str, dict[str, Any]]] = []
        for s, r in zip(room.seats, row["seats"], strict=True):
            if s.kind == "bot" and r["kind"] != "bot":
                continue  # handed to a bot (an event: the seat's row keeps the person's)
            if (s.name, s.claimed, s.token_hash) != (r["name"], r["claimed"], r["token_hash"]):
                if s.kind == "open" and not s.claimed and r["claimed"]:
                    news += sat_down(s.seat)  # (someone joined on another process)
                s.name, s.claimed, s.token_hash = r["name"], r["claimed"], r["token_hash"]
                changed = True
        events = row["events"]
        if row["version"] <= room.version or len(events) != row["version"] - room.version:
            if row["version"] == room.version and row.get("deadline") is not None:
                # nothing new (e.g. a takeover's sync): the deadline stored with this version
                self.scheduler.restore_clock(room, row["deadline"])
            if changed:
                room.broadcast(None, news)
            return
        # the new events applied to our copy (cheap), unless dice were rolled: then the saved
        # game, whose random generator has moved on with the roll (continued from our copy:
        # only the new moves are played)
        rolled = any(ev["kind"] == "roll" for ev in events)
        new = (None if rolled else apply_events(room.game, events)) or load_game(
            row["snapshot"], base=room.game)
        await self._take_events(room, new, events, row["updated"], stored=True,
                                deadline=row.get("deadline"))
        if news:
            room.broadcast(None, news)

    async def _take_events(self, room: Room, new: Game, events: list[dict[str, Any]],
                           updated: float, stored: bool = False,
                           deadline: float | None = None) -> None:
        """The room takes ``events`` committed by another process (``new``: its game after
        them) and every connection hears about it. ``stored``: read from the database, with
        the turn clock's stored ``deadline``; else (a notification's events) the clock is
        computed here from the new state, as the committing process did (the deadlines differ
        by the notification's delay; a takeover's sync reads the stored one). A rated game's
        end brings its rating change (committed with the last event) to the result card here
        too, as on the process that ended it."""
        if new.is_over and room.options.get("rated") and room.rating_change is None:
            try:
                room.rating_change = await rating_change(self.store, CommittedRoom(room, new))
            except StoreError:  # (a card without it; the ratings are committed)
                log.exception("could not read the rating change of game %s", room.id)
        undone = any(ev["kind"] == "undo" for ev in events)
        after, seat_views = views_after(room, new, room.public["event_count"])
        engine_events = [] if undone else after["events"]
        after["events"] = []
        room.game, room.public = new, after
        room.seat_views = (new, seat_views)
        room.updated = updated
        room.events.extend(events)
        take_seat_events(room, events)
        room.epoch += 1  # bot and clock tasks of the old state are stale
        last = events[-1]
        if stored:  # the deadline the process that made the change stored with it
            self.scheduler.restore_clock(room, deadline)
        else:
            self.scheduler.update_clock(room, last)
        room.broadcast(last, announcements(room, engine_events, last))

"""Room actions: creating, loading and listing games, seats, and every decision.

Every change goes through :meth:`Lobby.act` (or :meth:`Lobby.claim` / :meth:`Lobby.join`):
under the room's lock, the decision is tried on a **copy** of the game (an illegal one raises
and changes nothing), the event and the new ``to_json`` snapshot are committed through the
store in one transaction, and only then does the room take the new game and broadcast it (each
connection gets its own view). So a client never sees a move the database could lose, and a
failed write leaves the room exactly as it was. What the server then does by itself (bots,
rolls, the clock) is the :class:`~qwixo.server.scheduler.Scheduler`'s.

Only the game contract is used: no game is named here.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import inspect
import logging
import os
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import qwixo
from qwixo.core import Game, IllegalMove, forfeit, game_class, load_game
from qwixo.i18n import LANGS, t
from qwixo.server import etiquette, social
from qwixo.server.accounts import (
    check_rated,
    linked_seats,
    mark_bot_accounts,
    rated_bots,
    rated_settings,
    rating_change,
    rating_ops,
    turn_based,
    unrated,
)
from qwixo.server.botrunner import ANALYSIS_SECONDS, BotRunner
from qwixo.server.names import check_free, distinct_names
from qwixo.server.protocol import CreateGame, ServerError
from qwixo.server.rooms import Names, Room, Seat, announcements
from qwixo.server.scheduler import Scheduler
from qwixo.server.storage import GameStore
from qwixo.server.store import GameRow, StoreConflict, StoreError, token_hash

log = logging.getLogger("qwixo.server")

DEFAULT_BOT_SECONDS = 1.0
#: seconds without a change after which a room nobody uses leaves memory (:meth:`Lobby.evict_idle`)
IDLE_SECONDS = float(os.environ.get("QWIXO_IDLE_SECONDS", 120.0))
LEASE_SECONDS = 3.0  # a dead process's games are taken over within about this time
CONFLICT_RETRIES = 3  # a decision that lost a race to another process is tried again
HAND_OVER_SECONDS = 60.0  # see Lobby.hand_over_seconds
#: room options given among the settings (not passed to the game)
ROOM_SETTINGS = ("scorepad",)


def new_token() -> str:
    """A fresh secret seat token (32 url-safe characters)."""
    return secrets.token_urlsafe(24)


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


def sat_down(seat: int) -> list[tuple[str, dict[str, Any]]]:
    """The announcements of someone taking the free ``seat`` — on this process or, heard
    from the database, on another: the creator is told (the page shows it and, where
    allowed, as a browser notification)."""
    return [("announce_joined", {"player": seat, "name": Names((seat,))}),
            ("announce_seat_taken", {"player": seat, "name": Names((seat,))})]


def take_seat_events(room: Room, events: list[dict[str, Any]]) -> bool:
    """Seats handed to a bot by ``events`` (kind ``seat``: ``bot``, ``seconds``) become bot
    seats (their token opens nothing any more; ``Seat.handed``: shown by the bot's name, the
    person's kept as ``handed_from``); True when one did."""
    changed = False
    for ev in events:
        if ev["kind"] == "seat":
            s = room.seats[ev["seat"]]
            # a person's seat goes by the bot's name from now on; a bot seat whose bot failed
            # keeps its own (the fallback bot plays on for it)
            handed = s.handed or s.kind != "bot"
            s.kind, s.bot, s.seconds = "bot", ev["bot"], ev.get("seconds") or DEFAULT_BOT_SECONDS
            s.token_hash, s.claimed, s.handed = None, True, handed
            changed = True
    return changed


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


class _Over:
    """A room as it is once ``game`` is committed (for reads made before the room takes it)."""

    def __init__(self, room: Room, game: Game) -> None:
        self.id, self.options, self.seats, self.game_name = (room.id, room.options, room.seats,
                                                             room.game_name)
        self.game, self.public = game, {"is_over": game.is_over}


class Lobby:
    """Every room of the server, its store, the bot runner and the scheduler."""

    def __init__(self, store: GameStore, *, bot_delay: float = 0.0, bot_workers: int = 2,
                 bot_processes: int = 0, max_cached: int = 2000,
                 analysis_seconds: float = ANALYSIS_SECONDS) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bots = BotRunner(workers=bot_workers, processes=bot_processes,
                              analysis_seconds=analysis_seconds)
        #: this process, as the owner of leases and the origin of notifications
        self.owner = secrets.token_hex(6)
        self.scheduler = Scheduler(self.act, self.bots, bot_delay=bot_delay,
                                   take_lease=self._take_lease if store.shared else None)
        self.max_cached = max_cached
        #: (epoch, seconds) of the last decisions, from the request to the broadcast
        self.act_times: deque[tuple[float, float]] = deque(maxlen=10_000)
        self.lease_seconds = LEASE_SECONDS
        #: how long a seat the game waits on must be idle and away before the others may
        #: hand it to a bot (``qwixo.server.etiquette``); ``QWIXO_HAND_OVER_SECONDS`` sets it
        self.hand_over_seconds = float(os.environ.get("QWIXO_HAND_OVER_SECONDS",
                                                      HAND_OVER_SECONDS))
        self.closing = False
        self._presence_tasks: set[asyncio.Task] = set()
        self._heartbeat_at = time.time()
        #: rooms whose other processes' connections could not be read (read again)
        self._presence_unread: set[str] = set()
        #: the new-game limits (``ServerState.admit_new_game``: ``(address, session cookie)``
        #: → the creator's key, or raises ``too_many_games``), which a rematch passes too;
        #: None: no limits (a lobby without the HTTP server)
        self.admit_game: Callable[[str | None, str | None], Awaitable[str]] | None = None
        #: quick pairing: per waiting request, the events of the looks waiting on it here
        #: (:func:`qwixo.server.pairing.look`; woken by :meth:`seeks_changed`)
        self.seek_waits: dict[str, set[asyncio.Event]] = {}

    async def _take_lease(self, game_id: str) -> bool:
        return await self.store.take_lease(game_id, self.owner, self.lease_seconds)

    def kick(self, room: Room) -> None:
        self.scheduler.kick(room)

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

    # -- creation and loading ---------------------------------------------------------
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

    def _make_seats(self, spec: CreateGame, lang: str, given: list[str | None] | None = None
                    ) -> tuple[list[Seat], list[str | None]]:
        bots = qwixo.list_bots(spec.game)
        seats, tokens = [], []
        for i, s in enumerate(spec.seats):
            token = None
            if s.kind == "bot":
                if not s.bot:
                    raise ServerError("bot_needs_name", choices=", ".join(bots))
                if s.bot not in bots:
                    raise ServerError("unknown_bot", name=s.bot, game=spec.game,
                                      choices=", ".join(bots))
                seat = Seat(i, "bot", s.name or s.bot, bot=s.bot,
                            seconds=s.seconds or DEFAULT_BOT_SECONDS, claimed=True)
            else:
                if s.kind == "human":
                    token = (given[i] if given else None) or new_token()
                seat = Seat(i, s.kind, s.name or t("seat_default_name", lang, n=i + 1),
                            token_hash=token_hash(token) if token else None)
            seats.append(seat)
            tokens.append(token)
        for seat, name in zip(seats, distinct_names([s.name for s in seats],
                                                    [bool(x.name) for x in spec.seats]),
                              strict=True):
            seat.name = name
        return seats, tokens

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
        seats, tokens = self._make_seats(spec, spec.lang or "en", tokens)
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

    # -- seats ------------------------------------------------------------------------
    def seat_of(self, room: Room, token: str) -> int:
        """The seat a token opens (constant-time comparison); raises ``bad_token``."""
        h = token_hash(token)
        found = None
        for s in room.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, h):
                found = s.seat
        if found is None:
            raise ServerError("bad_token", status=403)
        return found

    async def _save_seat(self, room: Room, seat: int, name: str, token_h: str | None) -> None:
        """Commit seat ``seat`` as claimed (name, new token hash), then take it in the room."""
        s = room.seats[seat]
        old = (s.claimed, s.name)
        s.claimed, s.name = True, name
        try:
            summary, status = room.summary(), room.status
        finally:
            s.claimed, s.name = old
        try:
            await self.store.claim_seat(room.id, seat, name, token_h, status, summary,
                                        owner=self.owner)
        except StoreError:
            raise ServerError("server_error", status=500) from None
        s.claimed, s.name = True, name
        if token_h is not None:
            s.token_hash = token_h

    async def claim(self, room: Room, seat: int, name: str | None) -> None:
        """Mark a human seat as taken (first connection with its token), with a new name."""
        s = room.seats[seat]
        if s.claimed:  # the name is chosen once, at the first connection (docs/web-protocol.md)
            return
        async with room.lock:
            check_free(((x.seat, x.name) for x in room.seats), seat, name or s.name)
            await self._save_seat(room, seat, name or s.name, None)

    async def name_seat(self, room: Room, seat: int, name: str) -> bool:
        """A person seat still named as the server named it (``Player 1``, in any language)
        takes ``name`` — a signed-in player's account name — unless another seat has it;
        True when it did."""
        s = room.seats[seat]
        if s.kind == "bot" or not any(s.name == t("seat_default_name", lang, n=seat + 1)
                                      for lang in LANGS):
            return False
        async with room.lock:
            try:
                check_free(((x.seat, x.name) for x in room.seats), seat, name)
            except ServerError:
                return False
            await self._save_seat(room, seat, name, None)
        room.broadcast(None)
        return True

    async def rename(self, room: Room, seat: int, name: str) -> None:
        """A guest's new name for their person seat (``rename``; refused for a seat linked to
        an account, which goes by the account's name, and for a name another seat has)."""
        if room.seats[seat].linked:
            raise ServerError("rename_account_seat", status=409)
        async with room.lock:
            if room.seats[seat].name != name:
                check_free(((x.seat, x.name) for x in room.seats), seat, name)
                await self._save_seat(room, seat, name, None)
        room.broadcast(None)

    async def join(self, room: Room, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free ``open`` seat: returns (seat, new token)."""
        async with room.lock:
            free = [s.seat for s in room.seats if s.kind == "open" and not s.claimed]
            if room.public["is_over"] or not free:
                raise ServerError("no_free_seat", status=409)
            if seat is None:
                seat = free[0]
            elif seat not in free:
                raise ServerError("seat_not_free", status=409, seat=seat)
            token = new_token()
            check_free(((x.seat, x.name) for x in room.seats), seat,
                       name or room.seats[seat].name)
            await self._save_seat(room, seat, name or room.seats[seat].name, token_hash(token))
        room.broadcast(None, sat_down(seat))
        return seat, token

    def seeks_changed(self, seek_ids: Iterable[str]) -> None:
        """Quick pairing: these waiting requests were paired (or their pool changed): the
        looks waiting on them here answer now."""
        for sid in seek_ids:
            for ev in self.seek_waits.get(sid, ()):
                ev.set()

    # -- several processes --------------------------------------------------------------
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
                room.rating_change = await rating_change(self.store, _Over(room, new))
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

    # -- decisions --------------------------------------------------------------------
    async def act(self, room: Room, seat: int | None, kind: str, value: Any = None, *,
                  auto: bool = False, epoch: int | None = None) -> dict[str, Any] | None:
        """Apply one roll/choose/undo of ``seat`` (None: the server) and commit it.

        Returns the event, or None when ``epoch`` is given and the room has moved on (a stale
        bot decision). Raises :class:`IllegalMove` (nothing changed) when refused.

        The work runs shielded: cancelling the caller (a bot or clock task) never interrupts a
        commit half-way."""
        t0 = time.perf_counter()
        inner = asyncio.ensure_future(self._act(room, seat, kind, value, auto, epoch))
        inner.add_done_callback(lambda f: f.cancelled() or f.exception())
        ev = await asyncio.shield(inner)
        self.act_times.append((time.time(), time.perf_counter() - t0))
        return ev

    async def _act(self, room: Room, seat: int | None, kind: str, value: Any, auto: bool,
                   epoch: int | None) -> dict[str, Any] | None:
        async with room.lock:
            for attempt in range(CONFLICT_RETRIES + 1):
                if epoch is not None and epoch != room.epoch:
                    return None
                if room.public["is_over"]:
                    raise IllegalMove("game_over")
                new = room.game.copy()
                if kind == "roll":
                    data = self._roll(room, new, seat, value)
                elif kind == "choose":
                    data = self._choose(room, new, seat, value)
                elif kind == "undo":
                    data = self._undo(room, new, seat)
                elif kind == "resign":  # value: None, or {"forfeit": True, "by": seat}
                    # a forfeit ends any game (qwixo.core.forfeit); a resignation needs the
                    # game's own (GameInfo.resign)
                    if (value or {}).get("forfeit"):
                        new = forfeit(new, seat)
                    else:
                        new.resign(seat)
                    data = dict(value or {})
                elif kind == "draw":
                    new.agree_draw()
                    data = {}
                elif kind == "seat":  # value: {"bot", "seconds", "by"}
                    data = dict(value)
                else:  # pragma: no cover - the protocol allows nothing else
                    raise ServerError("unknown_type", type=kind)
                ev = {"n": room.version + 1, "kind": kind, "seat": seat, "time": time.time(),
                      **data}
                if auto:
                    ev["auto"] = True
                try:
                    await self._commit(room, new, ev)
                    break
                except StoreConflict:
                    # another process committed this version first: take what it did and
                    # decide again on that (it may now be refused, as within one process)
                    await self._sync_locked(room)
                    if attempt == CONFLICT_RETRIES:
                        raise ServerError("server_error", status=500) from None
        self.kick(room)
        return ev

    async def _commit(self, room: Room, new: Game, ev: dict[str, Any]) -> None:
        """Store ``ev`` with the game ``new``; once committed the room takes them and every
        connection hears about it."""
        after, seat_views = views_after(room, new, room.public["event_count"])
        snapshot = new.to_json()
        old = (room.game, room.public, room.updated, room.epoch)
        room.game, room.public, room.updated = new, after, ev["time"]
        room.epoch += ev["kind"] in ("roll", "undo")
        room.events.append(ev)
        seats = [(s.kind, s.bot, s.seconds, s.token_hash, s.claimed, s.handed)
                 for s in room.seats]
        take_seat_events(room, [ev])  # (a seat handed to a bot: the summary and work see it)
        summary, status, due = room.summary(), room.status, Scheduler.server_due(room)
        clock = self.scheduler.next_clock(room, ev)  # the deadline commits with the change
        room.game, room.public, room.updated, room.epoch = old
        room.events.pop()
        for seat, was in zip(room.seats, seats, strict=True):
            seat.kind, seat.bot, seat.seconds, seat.token_hash, seat.claimed, seat.handed = was
        try:
            # a rated game's end: the new ratings commit in the same transaction
            extra = await rating_ops(self.store, room, new) if new.is_over else []
            await self.store.add_event(room.id, ev, snapshot, status, summary, due=due,
                                       owner=self.owner, extra=extra, deadline=clock[0])
        except StoreConflict:
            raise
        except StoreError:
            log.exception("could not save a move of game %s", room.id)
            raise ServerError("server_error", status=500) from None
        if extra:  # rated: the result card shows each seat's rating change
            try:
                room.rating_change = await rating_change(self.store, _Over(room, new))
            except StoreError:  # (a card without it; the ratings are committed)
                log.exception("could not read the rating change of game %s", room.id)
        # committed: the room takes the new state, then everyone hears about it
        engine_events = after.pop("events") if ev["kind"] != "undo" else []
        after["events"] = []
        room.game, room.public, room.updated = new, after, ev["time"]
        room.seat_views = (new, seat_views)
        room.events.append(ev)
        if ev["kind"] in ("roll", "undo") or take_seat_events(room, [ev]):
            room.epoch += 1
        room.deadline, room.deadline_for, room.deadline_action = clock
        etiquette.after_change(room, ev)
        if room.options.get("rated") and (new.is_over or ev["kind"] == "seat"):
            await self.why_unrated(room)
        room.broadcast(ev, announcements(room, engine_events, ev))

    async def why_unrated(self, room: Room) -> None:
        """Read again why the rated game ``room`` is not (or will not be) rated
        (``Room.unrated``, in every view: :func:`qwixo.server.accounts.rated_players`)."""
        try:
            room.unrated = await unrated(self.store, room)
        except StoreError:  # (the view keeps the reason it had)
            log.exception("could not read whether game %s is rated", room.id)

    def _roll(self, room: Room, game: Game, seat: int | None, dice: Any) -> dict[str, Any]:
        if not game.needs_roll:
            raise IllegalMove("no_roll_needed")
        who = room.public["roller"]
        if seat is not None and who is not None and seat != who:
            # score-pad mode: a person at the table types the dice for a bot's turn
            if not (room.scorepad and room.seats[who].kind == "bot"):
                raise ServerError("not_your_roll", player=who)
        if room.scorepad and seat is not None:
            if dice is None:
                raise ServerError("dice_required")
            rolled = game.roll(list(dice))
        else:
            if dice is not None:
                raise ServerError("dice_only_scorepad")
            rolled = game.roll()
        return {"dice": [None if d is None else int(d) for d in rolled], "roller": who}

    def _choose(self, room: Room, game: Game, seat: int | None, decision: Any) -> dict[str, Any]:
        if seat is None:  # pragma: no cover - the server always decides for a seat
            raise IllegalMove("unknown_player", player=seat)
        if not isinstance(decision, str):
            raise IllegalMove("bad_decision", text=str(decision)[:64])
        if seat not in room.public["to_act"]:
            if room.public["needs_roll"]:
                raise IllegalMove("roll_needed")
            raise IllegalMove("not_your_turn", player=seat)
        text = game.canonical_decision(seat, decision)  # stored as the game writes it
        game.choose(seat, text)
        return {"decision": text}

    def _undo(self, room: Room, game: Game, seat: int | None) -> dict[str, Any]:
        if not room.options.get("undo"):
            raise ServerError("undo_disabled")
        # since this seat's last decision: only bot decisions (no roll, no other person)
        count = 0
        for ev in reversed(room.events):
            if ev["kind"] == "choose" and ev["seat"] == seat:
                count += 1
                break
            if ev["kind"] == "choose" and room.seats[ev["seat"]].kind == "bot":
                count += 1
                continue
            raise ServerError("undo_not_allowed")
        else:
            raise ServerError("undo_not_allowed")
        for _ in range(count):
            game.undo()
        return {"count": count}

    async def close(self) -> None:
        self.closing = True
        self.scheduler.cancel_all(list(self.rooms.values()))
        for room in self.rooms.values():
            for conn in list(room.conns):
                conn.close()
        self.bots.close()

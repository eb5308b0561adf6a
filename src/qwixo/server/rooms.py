"""Live games ("rooms"): seats and tokens, connections, decisions, bots, the turn clock.

A :class:`Room` holds one game, its seats and the WebSocket connections watching it. Every change
goes through :meth:`Lobby.act` (or :meth:`Lobby.claim`): under the room's lock, the decision is
tried on a **copy** of the game (an illegal one raises and changes nothing), the event and the
new ``to_json`` snapshot are committed to SQLite in one transaction, and only then does the room
take the new game and broadcast it (each connection gets its own view). So a client never sees a
move the database could lose, and a failed write leaves the room exactly as it was.

Bots, automatic rolls and the turn clock are scheduled by :meth:`Lobby.kick` after every change
and for every unfinished game when the server starts (so bots resume after a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import random
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import qwixo
from qwixo.core import Game, IllegalMove, load_game
from qwixo.i18n import t
from qwixo.server import views
from qwixo.server.botrunner import BotRunner
from qwixo.server.names import check_free, distinct_names
from qwixo.server.protocol import CreateGame, ServerError
from qwixo.server.ratelimit import TokenBucket
from qwixo.server.store import Store, StoreError, token_hash

log = logging.getLogger("qwixo.server")

#: settings a client may pass to ``new_game`` (the room options are separate)
ALLOWED_SETTINGS = {
    "quixo": ("size", "players", "position", "ply_limit", "repetition", "first"),
    "qwixx": ("edition", "players", "seed", "lucky"),
}
DEFAULT_BOT_SECONDS = 1.0
OUTBOX_LIMIT = 512  # queued messages per connection before it is dropped as too slow


def new_token() -> str:
    """A fresh secret seat token (32 url-safe characters)."""
    return secrets.token_urlsafe(24)


def new_id() -> str:
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


@dataclass
class Seat:
    seat: int
    kind: str  # human | open | bot
    name: str
    bot: str | None = None
    seconds: float | None = None
    token_hash: str | None = None
    claimed: bool = False
    online: int = 0  # live connections on this seat

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "bot": self.bot,
                "claimed": self.claimed or self.kind == "bot",
                "online": self.online > 0 or self.kind == "bot"}


class Conn:
    """One WebSocket connection: its seat (None for a spectator), language, outgoing queue and
    rate-limit bucket. Messages are queued as text and written by the connection's writer task,
    so a broadcast never waits for a slow client."""

    def __init__(self, lang: str = "en", rate: float = 15.0, burst: float = 30.0) -> None:
        self.seat: int | None = None
        self.role: str | None = None
        self.lang = lang
        self.room: Room | None = None
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.bucket = TokenBucket(rate, burst)
        self.closed = False

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.out.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.out.put_nowait(msg if isinstance(msg, str) else json.dumps(msg))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)


@dataclass
class Room:
    id: str
    game_name: str
    settings: dict[str, Any]
    options: dict[str, Any]  # clock, auto_roll, undo, scorepad
    game: Game
    initial: str
    snapshot: str
    seats: list[Seat]
    events: list[dict[str, Any]]
    created: float
    updated: float
    conns: set[Conn] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    epoch: int = 0  # bumped by rolls and undos: a bot decision from an older epoch is dropped
    deadline: float | None = None
    deadline_for: frozenset[int] = frozenset()
    deadline_action: tuple[str, int] | None = None
    tasks: dict[Any, asyncio.Task] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def status(self) -> str:
        if self.game.is_over:
            return "finished"
        if any(s.kind == "open" and not s.claimed for s in self.seats):
            return "open"
        return "running"

    @property
    def public_settings(self) -> dict[str, Any]:
        """The settings players may see: not the Qwixx random seed (it would tell the dice)."""
        return {k: v for k, v in self.settings.items() if k != "seed"}

    @property
    def scorepad(self) -> bool:
        return bool(self.options.get("scorepad"))

    # -- views ------------------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> set[int]:
        """Event numbers whose decision ``seat`` may not see: the pending Qwixx action-1
        choices of the other players (every choice made since the last roll while action 1 is
        still open)."""
        if self.game_name != "qwixx" or views.phase(self.game) != "action1":
            return set()
        hidden = set()
        for ev in reversed(self.events):
            if ev["kind"] == "roll":
                break
            if ev["kind"] == "choose" and ev.get("seat") != seat:
                hidden.add(ev["n"])
        return hidden

    def public_event(self, ev: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
        if ev is None:
            return None
        if ev["n"] in self.hidden_from(seat):
            out = {k: v for k, v in ev.items() if k != "decision"}
            out["hidden"] = True
            return out
        return dict(ev)

    def view(self, seat: int | None) -> dict[str, Any]:
        g = self.game
        last = self.public_event(self.events[-1] if self.events else None, seat)
        decided: list[int] = []
        my_pending = None
        if views.phase(g) == "action1":
            last_choice = {}
            for ev in reversed(self.events):
                if ev["kind"] == "roll":
                    break
                if ev["kind"] == "choose":
                    last_choice.setdefault(ev["seat"], ev.get("decision"))
            engine_decided = getattr(g, "decided", None)
            # the engine knows who has decided (a choice taken back with undo is not)
            decided = (sorted(engine_decided) if isinstance(engine_decided, list)
                       else sorted(last_choice))
            if seat in decided:
                my_pending = last_choice.get(seat)
        clock = self.options.get("clock")
        options = views.safe_options(g, seat)
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game_name,
            "version": self.version,
            "status": self.status,
            "settings": self.public_settings,
            "seats": [s.public() for s in self.seats],
            "you": seat,
            "to_act": list(g.to_act),
            "needs_roll": bool(g.needs_roll) and not g.is_over,
            "roller": views.roller(g),
            "phase": views.phase(g),
            "decided": decided,
            "my_pending": my_pending,
            "options": options,
            "is_over": g.is_over,
            "scores": list(g.scores()),
            "winners": views.winners(g),
            "last": last,
            "clock": {"limit": clock, "deadline": self.deadline if clock else None},
            "undo": bool(self.options.get("undo")),
            "scorepad": self.scorepad,
            "auto_roll": bool(self.options.get("auto_roll")),
        }
        out.update(views.game_view(g, seat, last, options))
        return out

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game_name, "settings": self.public_settings,
                "status": self.status, "created": self.created, "updated": self.updated,
                "version": self.version, "seats": [s.public() for s in self.seats],
                "to_act": list(self.game.to_act), "scores": list(self.game.scores()),
                "clock": self.options.get("clock"), "scorepad": self.scorepad}

    def broadcast(self, event: dict[str, Any] | None = None,
                  announcements: list[tuple[str, dict[str, Any]]] = ()) -> None:
        """Send every connection its own view (one view computed per distinct seat)."""
        cache: dict[int | None, str] = {}
        for conn in list(self.conns):
            if conn.seat not in cache:
                msg = {"type": "state", "view": self.view(conn.seat),
                       "event": self.public_event(event, conn.seat)}
                cache[conn.seat] = json.dumps(msg)
            conn.send(cache[conn.seat])
            for key, params in announcements:
                conn.send({"type": "announce", "key": key, "params": params,
                           "text": t(key, conn.lang, **params)})

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name


class Lobby:
    """Every room of the server, the database and the bot runner."""

    def __init__(self, store: Store, *, bot_delay: float = 0.0, bot_workers: int = 2,
                 bot_processes: int = 0, max_cached: int = 2000) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.bots = BotRunner(workers=bot_workers, processes=bot_processes)
        self.bot_delay = bot_delay
        self.max_cached = max_cached
        self.closing = False
        #: (epoch, seconds) of the last decisions, from the request to the broadcast
        self.act_times: deque[tuple[float, float]] = deque(maxlen=10_000)

    # -- creation and loading ---------------------------------------------------------
    def _make_game(self, spec: CreateGame) -> tuple[Game, dict[str, Any], dict[str, Any]]:
        settings = dict(spec.settings)
        options: dict[str, Any] = {"clock": spec.clock, "auto_roll": spec.auto_roll,
                                   "undo": spec.undo, "scorepad": False}
        if spec.game == "qwixx" and "scorepad" in settings:
            pad = settings.pop("scorepad")
            if not isinstance(pad, bool):
                raise ServerError("bad_setting", name="scorepad", value=pad, why="true or false")
            options["scorepad"] = pad
            if pad:
                options["clock"] = None
                options["auto_roll"] = False
        allowed = ALLOWED_SETTINGS[spec.game]
        for name, value in settings.items():
            if name not in allowed:
                raise ServerError("bad_setting", name=name, value=value,
                                  why="unknown setting; known: " + ", ".join(allowed))
        if spec.game == "qwixx" and "lucky" in settings and settings["lucky"] is not None:
            lucky = settings["lucky"]
            if not all(isinstance(p, list) for p in lucky):
                raise ServerError("bad_setting", name="lucky", value=lucky,
                                  why="a pair of numbers per player")
            settings["lucky"] = [tuple(p) for p in lucky]
        try:
            game = qwixo.new_game(spec.game, **settings)
        except IllegalMove as e:
            raise ServerError(e.key, **e.params) from None
        except (TypeError, ValueError) as e:
            raise ServerError("bad_setting", name="settings", value=settings,
                              why=str(e)[:200]) from None
        if game.is_over:  # e.g. a Quixo position with a line: nothing to play
            raise ServerError("finished_position")
        if "lucky" in settings and settings["lucky"] is not None:
            settings["lucky"] = [list(p) for p in settings["lucky"]]
        return game, settings, options

    async def create(self, spec: CreateGame) -> tuple[Room, list[str | None]]:
        """Create a game from a validated request: returns the room and each seat's token
        (None for bots and open seats)."""
        game, settings, options = self._make_game(spec)
        if len(spec.seats) != game.num_players:
            raise ServerError("wrong_seat_count", players=game.num_players,
                              seats=len(spec.seats))
        lang = spec.lang or "en"
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
                    token = new_token()
                seat = Seat(i, s.kind, s.name or t("seat_default_name", lang, n=i + 1),
                            token_hash=token_hash(token) if token else None)
            seats.append(seat)
            tokens.append(token)
        for seat, name in zip(seats, distinct_names([s.name for s in seats],
                                                    [bool(x.name) for x in spec.seats]),
                              strict=True):
            seat.name = name
        now = time.time()
        snapshot = game.to_json()
        room = Room(id=new_id(), game_name=spec.game, settings=settings, options=options,
                    game=game, initial=snapshot, snapshot=snapshot, seats=seats, events=[],
                    created=now, updated=now)
        ops = [("INSERT INTO games (id, game, settings, options, initial, snapshot, version, "
                "status, summary, created, updated) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (room.id, room.game_name, json.dumps(settings), json.dumps(options), snapshot,
                 snapshot, 0, room.status, json.dumps(room.summary()), now, now))]
        for s in seats:
            ops.append(("INSERT INTO seats (game_id, seat, kind, bot, seconds, name, token_hash, "
                        "claimed) VALUES (?,?,?,?,?,?,?,?)",
                        (room.id, s.seat, s.kind, s.bot, s.seconds, s.name, s.token_hash,
                         int(s.claimed))))
        try:
            await self.store.write(ops)
        except StoreError:
            log.exception("could not create a game")
            raise ServerError("server_error", status=500) from None
        self.rooms[room.id] = room
        self.kick(room)
        return room, tokens

    def _room_from_row(self, row: dict[str, Any]) -> Room:
        game = load_game(row["snapshot"])
        seats = [Seat(s["seat"], s["kind"], s["name"], bot=s["bot"], seconds=s["seconds"],
                      token_hash=s["token_hash"], claimed=s["claimed"]) for s in row["seats"]]
        return Room(id=row["id"], game_name=row["game"], settings=row["settings"],
                    options=row["options"], game=game, initial=row["initial"],
                    snapshot=row["snapshot"], seats=seats, events=row["events"],
                    created=row["created"], updated=row["updated"])

    async def get(self, game_id: str) -> Room:
        """The room of ``game_id`` (loaded from the database when not in memory)."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if not isinstance(game_id, str) or not (1 <= len(game_id) <= 40):
            raise ServerError("no_such_game", status=404, id=str(game_id)[:40])
        row = await self.store.acall(Store.q_game(game_id))
        if row is None:
            raise ServerError("no_such_game", status=404, id=game_id)
        room = self.rooms.get(game_id)  # loaded meanwhile
        if room is None:
            room = self.rooms[game_id] = self._room_from_row(row)
            self._evict()
        return room

    def _evict(self) -> None:
        if len(self.rooms) <= self.max_cached:
            return
        for rid, room in list(self.rooms.items()):
            if room.game.is_over and not room.conns and not room.lock.locked():
                del self.rooms[rid]
                if len(self.rooms) <= self.max_cached:
                    break

    async def resume(self) -> int:
        """Load every unfinished game and schedule its bots, rolls and clock (server start)."""
        ids = await self.store.acall(Store.q_unfinished_ids)
        for gid in ids:
            try:
                room = await self.get(gid)
            except Exception:  # noqa: BLE001 - one broken game must not stop the server
                log.exception("cannot resume game %s", gid)
                continue
            self.kick(room)
        return len(ids)

    async def list(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        rows = await self.store.acall(Store.q_list(status, limit))
        out = []
        for s in rows:
            room = self.rooms.get(s["id"])
            out.append(room.summary() if room is not None else s)
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

    async def claim(self, room: Room, seat: int, name: str | None) -> None:
        """Mark a human seat as taken (first connection with its token), with a new name."""
        s = room.seats[seat]
        if s.claimed:  # the name is chosen once, at the first connection (docs/web-protocol.md)
            return
        async with room.lock:
            new_name = name or s.name
            check_free(((x.seat, x.name) for x in room.seats), seat, new_name)
            try:
                await self.store.write([("UPDATE seats SET claimed = 1, name = ? WHERE game_id = ? "
                                         "AND seat = ?", (new_name, room.id, seat)),
                                        *self._summary_ops(room, claimed=seat, name=new_name)])
            except StoreError:
                raise ServerError("server_error", status=500) from None
            s.claimed, s.name = True, new_name

    async def join(self, room: Room, seat: int | None, name: str | None) -> tuple[int, str]:
        """Take a free ``open`` seat: returns (seat, new token)."""
        async with room.lock:
            free = [s.seat for s in room.seats if s.kind == "open" and not s.claimed]
            if room.game.is_over or not free:
                raise ServerError("no_free_seat", status=409)
            if seat is None:
                seat = free[0]
            elif seat not in free:
                raise ServerError("seat_not_free", status=409, seat=seat)
            token = new_token()
            s = room.seats[seat]
            new_name = name or s.name
            check_free(((x.seat, x.name) for x in room.seats), seat, new_name)
            try:
                await self.store.write([
                    ("UPDATE seats SET claimed = 1, name = ?, token_hash = ? WHERE game_id = ? "
                     "AND seat = ?", (new_name, token_hash(token), room.id, seat)),
                    *self._summary_ops(room, claimed=seat, name=new_name)])
            except StoreError:
                raise ServerError("server_error", status=500) from None
            s.claimed, s.name, s.token_hash = True, new_name, token_hash(token)
        room.broadcast(None, [("announce_joined", {"player": seat, "name": s.name})])
        return seat, token

    def _summary_ops(self, room: Room, claimed: int, name: str) -> list:
        s = room.seats[claimed]
        old = (s.claimed, s.name)
        s.claimed, s.name = True, name
        try:
            summary = room.summary()
            status = room.status
        finally:
            s.claimed, s.name = old
        return [("UPDATE games SET summary = ?, status = ? WHERE id = ?",
                 (json.dumps(summary), status, room.id))]

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
            if epoch is not None and epoch != room.epoch:
                return None
            game = room.game
            if game.is_over:
                raise IllegalMove("game_over")
            new = game.copy()
            data: dict[str, Any]
            if kind == "roll":
                data = self._roll(room, new, seat, value)
            elif kind == "choose":
                data = self._choose(room, new, seat, value)
            elif kind == "undo":
                data = self._undo(room, new, seat)
            else:  # pragma: no cover - the protocol allows nothing else
                raise ServerError("unknown_type", type=kind)
            now = time.time()
            ev = {"n": room.version + 1, "kind": kind, "seat": seat, "time": now, **data}
            if auto:
                ev["auto"] = True
            before_view = self._announce_state(room.game)
            snapshot = new.to_json()
            old = (room.game, room.snapshot, room.updated)
            room.game, room.snapshot, room.updated = new, snapshot, now
            room.events.append(ev)
            summary, status = room.summary(), room.status
            room.game, room.snapshot, room.updated = old
            room.events.pop()
            blob = {k: v for k, v in ev.items() if k not in ("n", "kind", "seat", "time")}
            ops = [
                ("INSERT INTO events (game_id, n, kind, seat, data, time) VALUES (?,?,?,?,?,?)",
                 (room.id, ev["n"], kind, seat, json.dumps(blob), now)),
                ("UPDATE games SET snapshot = ?, version = ?, status = ?, summary = ?, "
                 "updated = ? WHERE id = ?",
                 (snapshot, ev["n"], status, json.dumps(summary), now, room.id)),
            ]
            try:
                await self.store.write(ops)
            except StoreError:
                log.exception("could not save a move of game %s", room.id)
                raise ServerError("server_error", status=500) from None
            # committed: the room takes the new state, then everyone hears about it
            room.game, room.snapshot, room.updated = new, snapshot, now
            room.events.append(ev)
            if kind in ("roll", "undo"):
                room.epoch += 1
            self._update_clock(room, ev)
            room.broadcast(ev, self._announcements(room, before_view, ev))
        self.kick(room)
        return ev

    def _roll(self, room: Room, game: Game, seat: int | None, dice: Any) -> dict[str, Any]:
        if not game.needs_roll:
            raise IllegalMove("no_roll_needed")
        who = views.roller(game)
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
        return {"dice": [None if d is None else int(d) for d in rolled]}

    def _choose(self, room: Room, game: Game, seat: int | None, decision: Any) -> dict[str, Any]:
        if seat is None:  # pragma: no cover - the server always decides for a seat
            raise IllegalMove("unknown_player", player=seat)
        if not isinstance(decision, str):
            raise IllegalMove("bad_decision", text=str(decision)[:64])
        if seat not in game.to_act:
            if game.needs_roll and not game.is_over:
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

    # -- announcements ----------------------------------------------------------------
    @staticmethod
    def _announce_state(game: Game) -> dict[str, Any]:
        if game.name != "qwixx":
            return {"over": game.is_over}
        from qwixo.server import qwixx_view

        return {"over": game.is_over, **qwixx_view.announce_state(game)}

    def _announcements(self, room: Room, before: dict[str, Any],
                       ev: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        out: list[tuple[str, dict[str, Any]]] = []
        after = self._announce_state(room.game)
        if room.game_name == "qwixx":
            for row, who in after.get("locks", {}).items():
                if row not in before.get("locks", {}):
                    names = ", ".join(room.seat_name(p) for p in who) if who else "?"
                    out.append(("announce_row_locked", {"row": row.upper(), "name": names}))
            for p, n in enumerate(after.get("penalties", [])):
                old = before.get("penalties", [])
                if p < len(old) and n > old[p]:
                    out.append(("announce_penalty", {"player": p, "name": room.seat_name(p),
                                                     "count": n}))
        if ev.get("auto") and ev["kind"] == "choose":
            out.append(("announce_timeout", {"player": ev["seat"],
                                             "name": room.seat_name(ev["seat"]),
                                             "decision": ev["decision"]}))
        if after["over"] and not before["over"]:
            scores = room.game.scores()
            win = views.winners(room.game)
            score_text = ", ".join(f"{room.seat_name(p)} {s}" for p, s in enumerate(scores))
            if win:
                out.append(("announce_game_over", {
                    "winners": ", ".join(room.seat_name(p) for p in win),
                    "scores": score_text}))
            else:
                out.append(("announce_draw", {"scores": score_text}))
        return out

    # -- scheduling: bots, automatic rolls, the clock ----------------------------------
    def _humans_due(self, room: Room) -> frozenset[int]:
        g = room.game
        if g.is_over:
            return frozenset()
        if g.needs_roll:
            who = views.roller(g)
            if (who is not None and room.seats[who].kind != "bot"
                    and not room.options.get("auto_roll") and not room.scorepad):
                return frozenset({who})
            return frozenset()
        return frozenset(p for p in g.to_act if room.seats[p].kind != "bot")

    def _update_clock(self, room: Room, ev: dict[str, Any] | None) -> None:
        limit = room.options.get("clock")
        if not limit or room.scorepad:
            room.deadline, room.deadline_for = None, frozenset()
            return
        due = self._humans_due(room)
        if not due:
            room.deadline, room.deadline_for = None, frozenset()
            return
        # the same decision round: a choice by someone else within one Qwixx action 1 (same
        # roll, same phase) — the others' time keeps running
        action = (views.phase(room.game), room.epoch)
        same_action = (ev is not None and ev["kind"] == "choose" and room.deadline is not None
                       and action == room.deadline_action and due <= room.deadline_for)
        if not same_action:
            room.deadline = time.time() + float(limit)
        room.deadline_for, room.deadline_action = due, action

    def kick(self, room: Room) -> None:
        """Schedule what the server must do next in this room: bot decisions, rolls for bots
        (or every roll with ``auto_roll``), the turn clock."""
        if self.closing:
            return
        g = room.game
        if g.is_over:
            me = asyncio.current_task()
            for task in room.tasks.values():
                if task is not me:
                    task.cancel()
            room.tasks.clear()
            return
        if g.needs_roll:
            who = views.roller(g)
            if who is not None and not room.scorepad and (
                    room.seats[who].kind == "bot" or room.options.get("auto_roll")):
                self._spawn(room, "roll", self._server_roll(room, room.epoch, room.version))
        else:
            for p in g.to_act:
                if room.seats[p].kind == "bot":
                    self._spawn(room, ("bot", p), self._bot_turn(room, p, room.epoch))
        if room.options.get("clock") and room.deadline is None and self._humans_due(room):
            self._update_clock(room, None)  # a resumed game: fresh time for the one to act
        if room.deadline is not None:
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
        running (e.g. a bot's action-1 decision completing the action, after which the same bot
        must decide action 2) could not start the next task under the same key."""
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

    async def _server_roll(self, room: Room, epoch: int, version: int) -> None:
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        if room.version != version:
            return
        with contextlib.suppress(IllegalMove):
            await self.act(room, None, "roll", None, epoch=epoch)

    async def _bot_turn(self, room: Room, seat: int, epoch: int) -> None:
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        s = room.seats[seat]
        try:
            decision = await self.bots.decide(room.id, s.bot or "random", s.seconds,
                                              room.game, seat)
        except Exception:  # noqa: BLE001 - a broken bot must not block the game
            log.exception("bot %s failed in game %s; playing a random option", s.bot, room.id)
            decision = None
        for _attempt in range(2):
            if decision is None:
                if room.epoch != epoch or seat not in room.game.to_act:
                    break
                decision = random.choice(views.safe_options(room.game, seat))
            try:
                await self.act(room, seat, "choose", decision, epoch=epoch)
            except IllegalMove as e:
                log.error("bot %s chose %r in game %s: %s", s.bot, decision, room.id, e)
                if getattr(e, "status", 400) >= 500:
                    break
                decision = None
                continue
            return  # done (or stale: the room moved on); the task's end kicks the room
        await asyncio.sleep(1.0)  # no legal decision could be made: do not spin

    async def _clock(self, room: Room, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        if room.deadline != deadline or room.game.is_over:
            return
        g = room.game
        epoch = room.epoch
        if g.needs_roll:
            with contextlib.suppress(IllegalMove):
                await self.act(room, None, "roll", None, auto=True, epoch=epoch)
            return
        for p in sorted(self._humans_due(room)):
            opts = views.safe_options(room.game, p)
            if not opts:
                continue
            decision = "pass" if "pass" in opts else random.choice(opts)
            with contextlib.suppress(IllegalMove):
                await self.act(room, p, "choose", decision, auto=True, epoch=epoch)

    async def close(self) -> None:
        self.closing = True
        for room in self.rooms.values():
            for task in list(room.tasks.values()):
                task.cancel()
            for conn in list(room.conns):
                conn.close()
        self.bots.close()

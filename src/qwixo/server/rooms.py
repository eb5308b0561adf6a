"""Live games ("rooms"): seats, connections, and what each connection is sent.

A :class:`Room` holds one game, its seats and the WebSocket connections watching it. Its views
come from the contract only: :meth:`qwixo.core.Game.view` of the seat (or of a spectator), to
which the room adds its own part (seats, the clock, the server's event log). Announcements are
made from the engine's events (:func:`announcements`), never by comparing states.

Changes go through :class:`qwixo.server.lobby.Lobby` (decisions, seats) and
:class:`qwixo.server.scheduler.Scheduler` (bots, rolls, the clock).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from qwixo.bots import bot_level
from qwixo.core import GAME_NAMES, Game
from qwixo.gameinfo import text
from qwixo.i18n import LANGS, TABLE, t
from qwixo.server import social
from qwixo.server.ratelimit import TokenBucket
from qwixo.server.store import SeatRow

OUTBOX_LIMIT = 512  # queued messages per connection before it is dropped as too slow

try:
    import orjson

    def dumps(msg: Any) -> str:
        """The JSON text of a message (orjson: a Qwixx view, ~16 KB, in a tenth of the time
        of ``json.dumps``; the same JSON up to whitespace and escapes)."""
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
except ImportError:  # pragma: no cover - the web extra brings it
    dumps = json.dumps


def _given_person_names(seat: int) -> set[str]:
    """The names the server gives a person's seat ``seat`` (0-based), in every language."""
    return {t("seat_default_name", lang, n=seat + 1) for lang in LANGS}


@dataclass
class Seat(SeatRow):
    online: int = 0  # live connections on this seat, on this process
    #: (rated games) the seat is linked to an account: every seat sees which are (M1)
    linked: bool = False
    #: the seat is held by a bot account (a program, ``qwixo.server.botapi``): shown to all
    bot_account: bool = False
    #: (several processes) the other processes with a connection on this seat: their owner
    #: id and until when (epoch seconds, this process's clock) that counts unless they renew
    #: it (their heartbeat) — a killed process's connections stop counting then
    elsewhere: dict[str, float] = field(default_factory=dict)
    #: when the seat was last known to have a connection (on any process; the room's coming
    #: into memory when not known): a hand-over counts the time away from here
    seen: float = 0.0

    def present(self, now: float | None = None) -> bool:
        """Whether a connection is on this seat, on this process or (still renewed) another."""
        if self.online > 0:
            return True
        if not self.elsewhere:
            return False
        now = time.time() if now is None else now
        return any(until > now for until in self.elsewhere.values())

    def last_seen(self) -> float:
        """(While nobody is connected) when the seat's last connection went, as far as this
        process knows: the other processes' expired ones count until their time ran out."""
        return max(self.seen, *self.elsewhere.values()) if self.elsewhere else self.seen

    def expire(self, now: float, since: float) -> bool:
        """(Every second) True when the seat lost its last connection because other
        processes' ran out between ``since`` and ``now`` (their heartbeats stopped). An entry
        run out stays a minute (a late heartbeat renews it), then goes."""
        lost = any(since < until <= now for until in self.elsewhere.values()) and not (
            self.present(now))
        if any(until < now - 60 for until in self.elsewhere.values()):
            if not self.present(now):
                self.seen = self.last_seen()
            self.elsewhere = {o: u for o, u in self.elsewhere.items() if u >= now - 60}
        return lost

    #: a person's seat handed to a bot (an event ``seat``): it goes by the bot's name, the
    #: person's stays in ``name`` (``handed_from`` in the view)
    handed: bool = False

    def public(self) -> dict[str, Any]:
        out = {"seat": self.seat, "kind": self.kind, "name": self.name, "bot": self.bot,
               "claimed": self.claimed or self.kind == "bot",
               "online": self.kind == "bot" or self.present(), "linked": self.linked,
               "bot_account": self.bot_account, "default_name": self.default_name}
        if self.handed:
            out["handed_from"] = self.name
        return out

    @property
    def default_name(self) -> bool:
        """Whether the seat's name is the one the server gave it: a bot's its level's id
        (``gap`` or ``gap 2``...), a person's "Player N" in one of the languages (the creator's):
        front ends show the level's name, or "Player N", in the reader's words instead (the
        name stays here, for the API)."""
        if self.kind != "bot" or not self.bot:
            return self.kind != "bot" and self.name in _given_person_names(self.seat)
        if self.handed:  # (the person's name stays for the record: the bot plays now)
            return True
        head, _, tail = self.name.rpartition(" ")
        return self.name == self.bot or (head == self.bot and tail.isdigit())


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
        self.close_code: int | None = None
        self.address: str | None = None  # the client's address (as the server trusts it)
        self.session: str | None = None  # its session cookie (a signed-in person's)
        #: a program's connection (authenticated by an API token): it is also sent, when its
        #: seat is to decide, the engine protocol's ``position`` (``Room.send_position``)
        self.positions = False
        self.api_token: str | None = None
        self.token_id: str | None = None

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.out.qsize() >= OUTBOX_LIMIT:
            self.close()
            return
        self.out.put_nowait(msg if isinstance(msg, str) else dumps(msg))

    def close(self, code: int | None = None) -> None:
        if code is not None:
            self.close_code = code
        if not self.closed:
            self.closed = True
            self.out.put_nowait(None)


#: (message key, or ``{lang: text}`` of a game that brings its own words; its parameters)
Announcement = tuple[Any, dict[str, Any]]


class Names(tuple):
    """Seats a message names (a parameter of an announcement): each connection reads their
    names in its own language (:meth:`Room.display_name`: a bot by its level in words)."""


class Key(str):
    """A message key a message names (a parameter of an announcement, e.g. why a bot
    failed), with its own parameters (``Key("web_bot_named", level=Key(...))``): each
    connection reads it in its own language."""

    params: dict[str, Any]

    def __new__(cls, key: str, **params: Any) -> Key:
        out = super().__new__(cls, key)
        out.params = params
        return out

    def words(self, lang: str | None) -> str:
        return t(self, lang, **{k: v.words(lang) if isinstance(v, Key) else v
                                for k, v in self.params.items()})


class Scores(tuple):
    """(seat, score) pairs a message lists (``Ada 31, Careful (bot) 24``), read as
    :class:`Names` are."""


def shown_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The settings players may see: not the random seed (it would tell the dice)."""
    return {k: v for k, v in settings.items() if k != "seed"}


@dataclass
class Room:
    id: str
    game_name: str
    settings: dict[str, Any]
    options: dict[str, Any]  # clock, auto_roll, undo, scorepad
    game: Game
    initial: str
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
    #: the spectator's view of ``game`` (no events): what the scheduler reads (its
    #: ``board`` may be missing until a spectator needs it: :meth:`view`)
    public: dict[str, Any] = field(default_factory=dict)
    #: (several processes) when to ask again for the lease of this game's server work
    lease_retry: float = 0.0
    #: connections between ``Lobby.get`` and joining :attr:`conns` (authenticating, reading
    #: the chat log): while any, the room is kept in memory and followed
    joining: int = 0
    #: (game, {seat: its view}): seat views made at the last change, valid while ``game`` is
    #: that game (:func:`qwixo.server.lobby_base.views_after`)
    seat_views: tuple[Game | None, dict[int, dict[str, Any]]] = (None, {})
    #: a pending draw offer (``qwixo.server.etiquette``): {"by", "accepted"}, in memory only
    draw_offer: dict[str, Any] | None = None
    #: a finished rated game's rating change per seat (``accounts.rating_change``)
    rating_change: list[dict[str, Any]] | None = None
    #: why a game created rated is not, or will not be, rated (``{"key", "params"}``, None:
    #: it is or will be; ``Lobby.why_unrated``)
    unrated: dict[str, Any] | None = None
    #: how long a person seat the game waits on must be idle (and away) before the others
    #: may hand it to a bot (``qwixo.server.etiquette``; the lobby's setting)
    hand_over_seconds: float = 60.0
    #: (several processes) the seats on which this process has told the others it has a
    #: connection (``Lobby.presence_changed``), the lock that keeps those writes in order,
    #: and a count of the presence notifications taken (a read of the table made meanwhile
    #: is stale: ``Lobby.load_presence``)
    published: dict[int, bool] = field(default_factory=dict)
    presence_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    presence_version: int = 0
    _first: int | None = None

    def __post_init__(self) -> None:
        if not self.public:
            self.refresh()
        self.rematch_first()  # (made once, with the room: not within a change's views)

    def refresh(self) -> None:
        """Recompute :attr:`public` after ``game`` changed."""
        self.public = self.game.view(None, since=_NO_EVENTS)

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def snapshot(self) -> str:
        """The game's save (``to_json``), made when asked: the store keeps its own copy, and
        a move notified by another process needs none."""
        return self.game.to_json()

    @property
    def status(self) -> str:
        if self.public["is_over"]:
            return "finished"
        if any(s.kind == "open" and not s.claimed for s in self.seats):
            return "open"
        return "running"

    @property
    def public_settings(self) -> dict[str, Any]:
        """The settings players may see (:func:`shown_settings`)."""
        return shown_settings(self.settings)

    @property
    def scorepad(self) -> bool:
        return bool(self.options.get("scorepad"))

    # -- views ------------------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> set[int]:
        """Numbers of the events whose decision ``seat`` may not see: while some players'
        decisions are hidden (the game's ``decided``), the other seats' decisions made since
        the last event that was not a decision (or an undo)."""
        if not self.public["decided"]:
            return set()
        hidden = set()
        for ev in reversed(self.events):
            if ev["kind"] not in ("choose", "undo"):
                break
            if ev["kind"] == "choose" and ev.get("seat") != seat:
                hidden.add(ev["n"])
        return hidden

    def undone(self) -> set[int]:
        """Numbers of the ``choose`` events an ``undo`` took back: hidden from the other seats
        for ever (once the action resolved, the history showed them)."""
        cached = getattr(self, "_undone", None)
        if cached is not None and cached[0] == self.version:
            return cached[1]
        out: set[int] = set()
        stack: list[int] = []
        for ev in self.events:
            if ev["kind"] == "choose":
                stack.append(ev["n"])
            elif ev["kind"] == "undo":
                for _ in range(ev.get("count", 1)):
                    if stack:
                        out.add(stack.pop())
        self._undone = (self.version, out)
        return out

    def public_event(self, ev: dict[str, Any] | None, seat: int | None) -> dict[str, Any] | None:
        if ev is None:
            return None
        if ev["n"] in self.hidden_from(seat) or (
                ev["kind"] == "choose" and ev.get("seat") != seat and ev["n"] in self.undone()):
            out = {k: v for k, v in ev.items() if k != "decision"}
            out["hidden"] = True
            return out
        return dict(ev)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent (``docs/web-protocol.md`` §3)."""
        if seat is None:
            v = self.public
            if "board" not in v:  # made from a seat's view: the spectators' board on demand
                v["board"] = self.game.view(None, since=_NO_EVENTS)["board"]
        else:
            made = self.seat_views[1].get(seat) if self.seat_views[0] is self.game else None
            v = made or self.game.view(seat, since=_NO_EVENTS)
        clock = self.options.get("clock")
        info, outcome = self.game.info, self.game.outcome()
        out: dict[str, Any] = {
            "id": self.id,
            "game": self.game_name,
            "version": self.version,
            "status": self.status,
            "settings": self.public_settings,
            "seats": [s.public() for s in self.seats],
            "you": seat,
            "to_act": v["to_act"],
            "needs_roll": v["needs_roll"],
            "roller": v["roller"],
            "phase": v["phase"],
            "decided": v["decided"],
            "my_pending": v["pending"],
            "options": [o["text"] for o in v["options"]],
            "is_over": v["is_over"],
            "scores": v["scores"],
            "winners": v["winners"],
            "last": self.public_event(self.events[-1] if self.events else None, seat),
            "clock": {"limit": clock, "deadline": self.deadline if clock else None},
            "undo": bool(self.options.get("undo")),
            "scorepad": self.scorepad,
            "auto_roll": bool(self.options.get("auto_roll")),
            "chat": social.chat_options(self),
            # accounts (docs/web-protocol.md §6): a rated game gives no hints
            "rated": bool(self.options.get("rated")),
            "turn_hours": self.options.get("turn_hours"),
            "hint_available": not self.options.get("rated") and info.hints,
            # table etiquette (docs/web-protocol.md, "Resign, draw, hand a seat to a bot"):
            # what the game declares (GameInfo's capabilities)
            "end_reason": v["end_reason"],
            "resigned": list(outcome.resigned) if outcome else [],
            "places": list(outcome.places) if outcome else [],
            "resign": info.resign and not v["is_over"],
            "analysis": bool(info.analysis),
            "draws": info.draws and not v["is_over"],
            "draw_offer": self.draw_offer_public(),
            "hand_over": self.hand_over_public(),
            "rematch_first": self.rematch_first(),
            "utility": self.game.info.utility,
            "rating_change": self.rating_change,
            "unrated": self.unrated,
        }
        # the board under one key for every game (docs/web-protocol.md), and, as before, under
        # the game's name (the other games' keys null)
        out["board"] = v["board"]
        out.update(dict.fromkeys(GAME_NAMES))
        out[self.game_name] = v["board"]
        return out

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game_name, "settings": self.public_settings,
                "status": self.status, "created": self.created, "updated": self.updated,
                "version": self.version, "seats": [s.public() for s in self.seats],
                "to_act": self.public["to_act"], "scores": self.public["scores"],
                "clock": self.options.get("clock"), "scorepad": self.scorepad,
                "rated": bool(self.options.get("rated")),
                "turn_hours": self.options.get("turn_hours")}

    def broadcast(self, event: dict[str, Any] | None = None,
                  announced: Iterable[Announcement] = ()) -> None:
        """Send every connection its own view (one view computed per distinct seat)."""
        announced = list(announced)
        cache: dict[int | None, str] = {}
        for conn in list(self.conns):
            if conn.seat not in cache:
                msg = {"type": "state", "view": self.view(conn.seat),
                       "event": self.public_event(event, conn.seat)}
                cache[conn.seat] = dumps(msg)
            conn.send(cache[conn.seat])
            if conn.positions:
                self.send_position(conn)
            for key, params in announced:
                params = self.localized(params, conn.lang)
                conn.send({"type": "announce", "key": key if isinstance(key, str) else "news",
                           "params": params, "text": text(key, conn.lang, **params)})

    def send_position(self, conn: Conn) -> None:
        """Send ``conn`` (a program's) the engine protocol's ``position`` of its seat when the
        game waits on its decision (:func:`qwixo.engine.position`: exactly what the seat may
        see, never another seat's hidden choice), with the game's ``version`` and the seat's
        time left; once per version."""
        from qwixo.engine import position

        seat = conn.seat
        if seat is None or self.public["is_over"] or seat not in self.public["to_act"]:
            return
        if getattr(conn, "position_sent", None) == self.version:
            return
        conn.position_sent = self.version  # type: ignore[attr-defined]
        left = None
        if self.deadline is not None and seat in self.deadline_for:
            left = max(0, int((self.deadline - time.time()) * 1000))
        msg = position(self.game, seat, None, remaining_ms=left)
        msg.update(game_id=self.id, version=self.version)
        conn.send(msg)

    def localized(self, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """``params`` with its :class:`Names` and :class:`Scores` written out in ``lang``."""
        out = {}
        for k, v in params.items():
            if isinstance(v, Names):
                v = ", ".join(self.display_name(p, lang) for p in v)
            elif isinstance(v, Key):
                v = v.words(lang)
            elif isinstance(v, Scores):
                v = ", ".join(f"{self.display_name(p, lang)} {sc}" for p, sc in v)
            out[k] = v
        return out

    def display_name(self, seat: int, lang: str | None) -> str:
        """What people read for a seat: its name, or for a bot whose name the server gave it
        (:attr:`Seat.default_name`) its level in words (``Casual (bot)``; ``Casual (bot 2)``
        when several seats have that level). The ids stay in the API."""
        s = self.seats[seat]
        if not s.default_name:
            return s.name
        if s.kind != "bot":
            return t("seat_default_name", lang, n=seat + 1)
        level = bot_level(self.game_name, s.bot or "", lang)
        twins = [x for x in self.seats if x.default_name and x.bot == s.bot]
        if len(twins) > 1:
            return t("web_bot_named_n", lang, level=level, n=seat + 1)
        return t("web_bot_named", lang, level=level)

    def seat_name(self, seat: int) -> str:
        return self.seats[seat].name

    # -- table etiquette ------------------------------------------------------------------
    def draw_offer_public(self) -> dict[str, Any] | None:
        offer = self.draw_offer
        if offer is None:
            return None
        return {"by": offer["by"], "accepted": sorted(offer["accepted"]),
                "waiting": [s.seat for s in self.seats if s.seat not in offer["accepted"]]}

    def waits_on(self) -> set[int]:
        """The seats the game waits on now: those to decide, or the one to roll."""
        v = self.public
        out = set(v["to_act"])
        if v["needs_roll"] and v["roller"] is not None and not self.options.get("auto_roll"):
            out.add(v["roller"])
        return out

    def hand_over_at(self, seat: int) -> float | None:
        """When the others may hand ``seat`` to a bot if nothing changes (epoch seconds):
        once the game has waited on it for :attr:`hand_over_seconds` with nobody connected
        there — counted from the last change or from the seat's last connection leaving,
        whichever came later (a dropped connection does not make the time it thought count).
        In a rated game, besides, not before the seat's turn clock has run out: only the
        clock forfeits a rated seat. None: never (a bot, a seat not waited on, a connected
        one, a rated seat without a running clock)."""
        if self.public["is_over"] or self.scorepad or seat not in self.waits_on():
            return None
        s = self.seats[seat]
        if s.kind == "bot" or s.present():
            return None
        at = max(self.updated, s.last_seen()) + self.hand_over_seconds
        if self.options.get("rated"):
            if self.deadline is None or seat not in self.deadline_for:
                return None
            at = max(at, self.deadline)
        return at

    def idle_seats(self, now: float | None) -> list[int]:
        """Person seats the others may hand to a bot at ``now`` (:meth:`hand_over_at`; ``now``
        None: the seats that will be so if nothing changes)."""
        out = []
        for p in sorted(self.waits_on()):
            at = self.hand_over_at(p)
            if at is not None and (now is None or now >= at):
                out.append(p)
        return out

    def hand_over_public(self) -> dict[str, Any]:
        """The view's ``hand_over``: ``after`` (seconds away), ``since`` (the last change),
        ``seats`` (the seats that may be handed over if nothing changes) and ``at`` (for each
        of them, from when: epoch seconds)."""
        seats = self.idle_seats(None)
        return {"after": self.hand_over_seconds, "since": self.updated, "seats": seats,
                "at": [self.hand_over_at(p) for p in seats]}

    def rematch_first(self) -> int:
        """The seat of this game whose player starts a rematch: the one after the seat that
        started this game (``qwixo.server.rematch``)."""
        if self._first is None:
            from qwixo.core import load_game

            start = load_game(self.initial).view(None, since=_NO_EVENTS)
            first = start["roller"] if start["roller"] is not None else (
                start["to_act"] or [0])[0]
            self._first = (first + 1) % len(self.seats)
        return self._first


#: ``since`` for views that need no events (a number beyond any game's event count)
_NO_EVENTS = 1 << 62


def news_lines(room: Room, engine_events: list[dict[str, Any]]) -> list[Announcement]:
    """The news lines of the engine's events, in the order of the game's ``info.news``
    (:class:`qwixo.gameinfo.News`): each event of a kind that has one makes a line with the
    event's fields and ``name``, the seat name of its ``player``; with ``together``, the
    events of one kind with the same fields make one line naming every player."""
    out: list[Announcement] = []
    for news in room.game.info.news:
        lines: dict[tuple, tuple[dict[str, Any], list[int]]] = {}
        for i, e in enumerate(engine_events):
            if e["type"] != news.event:
                continue
            params = {f: e.get(f) for f in news.params}
            for f in news.upper:
                params[f] = str(params[f]).upper()
            same = tuple(sorted((k, repr(v)) for k, v in params.items() if k != "player"))
            params, who = lines.setdefault(same if news.together else (i,), (params, []))
            if "player" in e:
                who.append(e["player"])
        for params, who in lines.values():
            if who:
                params["name"] = Names(who)
            out.append((news.key, params))
    return out


def announcements(room: Room, engine_events: list[dict[str, Any]],
                  ev: dict[str, Any]) -> list[Announcement]:
    """The announcements of one committed change: from the engine's new events (the news
    lines the game's metadata gives its event kinds, e.g. rows locked and penalties; the end of
    the game) and the server's event (a decision made by the clock)."""
    out: list[Announcement] = news_lines(room, engine_events)
    if ev.get("failed") is not None:  # a bot failed: the rule that followed, in words
        why = {"player": ev["seat"], "name": Names((ev["seat"],)), "bot": ev["failed"],
               "why": Key("bot_failure_" + str(ev.get("why") or "error"))}
        if ev["kind"] == "seat":
            level = f"web_botname_{room.game_name}_{ev['bot']}"
            out.append(("announce_bot_failed", {**why, "fallback": Key(
                "web_bot_named", level=Key(level) if level in TABLE else ev["bot"])}))
        else:
            out.append(("announce_bot_failed_resign", why))
    elif ev["kind"] == "resign":
        key = "announce_forfeit" if ev.get("forfeit") else "announce_resigned"
        out.append((key, {"player": ev["seat"], "name": Names((ev["seat"],))}))
    elif ev["kind"] == "seat":
        # (the person's name: the seat goes by the bot's from now on)
        out.append(("announce_handed", {"player": ev["seat"], "name": room.seats[ev["seat"]].name}))
    if ev.get("auto") and ev["kind"] == "choose":
        out.append(("announce_timeout", {"player": ev["seat"], "name": Names((ev["seat"],)),
                                         "decision": ev["decision"]}))
    for e in engine_events:
        if e["type"] == "game_over":
            scores = Scores(enumerate(room.public["scores"]))
            points = room.game.info.utility == "points"  # else 1 / 0 / -1: no news to people
            winners = e["winners"]
            if winners and points:
                out.append(("announce_game_over", {"winners": Names(winners), "scores": scores}))
            elif winners:
                out.append(("announce_game_won", {"winners": Names(winners)}))
            else:
                out.append(("announce_draw", {"scores": scores}) if points
                           else ("announce_drawn", {}))
    return out

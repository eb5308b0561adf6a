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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from qwixo.core import GAME_NAMES, Game
from qwixo.gameinfo import text
from qwixo.i18n import t
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


@dataclass
class Seat(SeatRow):
    online: int = 0  # live connections on this seat
    #: (rated games) the seat is linked to an account: every seat sees which are (M1)
    linked: bool = False

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "name": self.name, "bot": self.bot,
                "claimed": self.claimed or self.kind == "bot",
                "online": self.online > 0 or self.kind == "bot", "linked": self.linked,
                "default_name": self.default_name}

    @property
    def default_name(self) -> bool:
        """Whether a bot's name is the one the server gave it (its level's id, ``gap`` or
        ``gap 2``...): front ends show the level's name in words instead (the id stays here,
        for the API)."""
        if self.kind != "bot" or not self.bot:
            return False
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


class Scores(tuple):
    """(seat, score) pairs a message lists (``Ada 31, Careful (bot) 24``), read as
    :class:`Names` are."""


def bot_level(game: str, bot: str, lang: str | None) -> str:
    """A bot's level in words (``Casual``; the catalogue's ``web_botname_<game>_<bot>``), or
    its id when the catalogue has no name for it."""
    key = f"web_botname_{game}_{bot}"
    level = t(key, lang)
    return bot if level == key else level


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
    #: the chat log): while any, the room is kept in memory and followed (issue 29, H1)
    joining: int = 0
    #: (game, {seat: its view}): seat views made at the last change, valid while ``game`` is
    #: that game (:func:`qwixo.server.lobby.views_after`)
    seat_views: tuple[Game | None, dict[int, dict[str, Any]]] = (None, {})
    #: a pending draw offer (``qwixo.server.etiquette``): {"by", "accepted"}, in memory only
    draw_offer: dict[str, Any] | None = None
    #: a finished rated game's rating change per seat (``accounts.rating_change``)
    rating_change: list[dict[str, Any]] | None = None
    #: how long a person seat the game waits on must be idle (and away) before the others
    #: may hand it to a bot (``qwixo.server.etiquette``; the lobby's setting)
    hand_over_seconds: float = 60.0
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
        """The settings players may see: not the random seed (it would tell the dice)."""
        return {k: v for k, v in self.settings.items() if k != "seed"}

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
        for ever (issue 29 L3: once the action resolved, the history showed them)."""
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
            "hint_available": not self.options.get("rated"),
            # table etiquette (docs/web-protocol.md, "Resign, draw, hand a seat to a bot")
            "end_reason": v["end_reason"],
            "resigned": list(self.game.resigned),
            "places": self.game.places(),
            "draws": bool(self.game.draws_by_agreement) and not v["is_over"],
            "draw_offer": self.draw_offer_public(),
            "hand_over": {"after": self.hand_over_seconds, "since": self.updated,
                          "seats": self.idle_seats(None)},
            "rematch_first": self.rematch_first(),
            "utility": self.game.info.utility,
            "rating_change": self.rating_change,
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
            for key, params in announced:
                params = self.localized(params, conn.lang)
                conn.send({"type": "announce", "key": key if isinstance(key, str) else "news",
                           "params": params, "text": text(key, conn.lang, **params)})

    def localized(self, params: dict[str, Any], lang: str) -> dict[str, Any]:
        """``params`` with its :class:`Names` and :class:`Scores` written out in ``lang``."""
        out = {}
        for k, v in params.items():
            if isinstance(v, Names):
                v = ", ".join(self.display_name(p, lang) for p in v)
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

    def idle_seats(self, now: float | None) -> list[int]:
        """Person seats the others may hand to a bot: the game waits on them, no connection
        is on them, and nothing happened for :attr:`hand_over_seconds` (``now`` None: the
        seats that will be so once that time has passed without a move)."""
        if self.public["is_over"] or self.scorepad:
            return []
        if now is not None and now - self.updated < self.hand_over_seconds:
            return []
        return sorted(p for p in self.waits_on()
                      if self.seats[p].kind != "bot" and self.seats[p].online == 0)

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
    if ev["kind"] == "resign":
        key = "announce_forfeit" if ev.get("forfeit") else "announce_resigned"
        out.append((key, {"player": ev["seat"], "name": Names((ev["seat"],))}))
    elif ev["kind"] == "seat":
        out.append(("announce_handed", {"player": ev["seat"], "name": Names((ev["seat"],))}))
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

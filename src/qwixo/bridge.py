"""``qwixo bridge --server URL --token T -- CMD...``: a local engine (the engine protocol,
``docs/engine-protocol.md``) plays as an account on a qwixo server (``docs/web-protocol.md``
§7) — the ``lichess-bot`` of these games.

The bridge asks the engine's handshake which games and settings it plays, then follows the
account's event stream (``GET /api/stream/event``): it accepts the challenges to the account
that the engine plays (while it has fewer than ``max_games`` games running) and declines the
others; each game it has (``gameStart``, also those running when it connects) is played in a
thread of its own, over the game WebSocket authenticated by the token, by an engine process
of its own: every ``position`` the server sends the seat (exactly what the seat may see) goes
to the engine with ``go``; its decision goes back as ``choose``; a Qwixx roll that is the
seat's is sent by the bridge itself (the engine is only asked for decisions).

It never gives up on a connection: the stream and each game reconnect after a drop (a killed
connection, a restarted server), waiting :data:`BACKOFF` seconds (doubling up to
:data:`MAX_BACKOFF`). Only a refused token ends it (exit status 2).

An engine that fails (crashes, times out, answers garbage or an illegal decision) is started
again once for that game; when it fails a second time the bridge resigns the game for it and
says why in the game's chat ("random-engine.js failed: timeout"), and the server announces
the resignation: never a move of the bridge's own choosing.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from typing import Any
from urllib.parse import urljoin

from qwixo.engine import (
    EngineFailure,
    EngineProcess,
    EngineSpec,
    ask,
    refusal,
    start_game,
    stop_failed,
)

log = logging.getLogger("qwixo.bridge")

#: seconds before the first reconnection, and the longest wait between two
BACKOFF, MAX_BACKOFF = 0.5, 5.0
#: seconds without a line (the server sends one every 7 s) after which the stream is dead
STREAM_TIMEOUT = 30.0
#: messages a game connection sends a second at most (the server reads 15 a second of a
#: connection, after a burst of 30: web-protocol.md section 2)
SEND_RATE = 10.0
#: milliseconds kept back from the seat's time left when it is shorter than the budget
CLOCK_MARGIN_MS = 500


class TokenRefused(RuntimeError):
    """The server refused the token (revoked, unknown, or without the scope)."""


class Bridge:
    """One account on one server played by one engine command.

    ``say``: where the bridge's lines go (the terminal); ``seconds``: the budget of each
    decision (shortened to the seat's time left); ``max_games``: games played at once."""

    def __init__(self, server: str, token: str, command: list[str], *, seconds: float = 1.0,
                 max_games: int = 4, rated: bool = True,
                 say: Callable[[str], None] = print) -> None:
        self.server = server if server.endswith("/") else server + "/"
        self.token = token
        self.spec = EngineSpec(command[0].rsplit("/", 1)[-1], tuple(command))
        self.seconds = seconds
        self.max_games = max(1, max_games)
        self.rated = rated
        self.say = say
        self.stop = threading.Event()
        self.games: dict[str, threading.Thread] = {}
        self.finished: set[str] = set()
        self.plays: dict[str, Any] = {}
        self.refused: str | None = None
        self.lock = threading.Lock()

    # -- HTTP -----------------------------------------------------------------------------
    def _request(self, method: str, path: str, body: dict | None = None,
                 timeout: float = 30.0) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(urljoin(self.server, path), data=data, method=method,
                                     headers={"Authorization": f"Bearer {self.token}",
                                              "Content-Type": "application/json",
                                              "Accept": "application/json"})
        try:
            return urllib.request.urlopen(req, timeout=timeout)  # noqa: S310 - the user's URL
        except urllib.error.HTTPError as e:
            if e.code in (401, 403) and path.startswith("api/stream"):
                raise TokenRefused(_error_text(e)) from None
            raise

    def _post(self, path: str) -> dict[str, Any]:
        with self._request("POST", path, {}) as resp:
            return json.loads(resp.read())

    # -- the whole run ----------------------------------------------------------------------
    def run(self) -> int:
        """Play until :attr:`stop` is set or the token is refused (then 2)."""
        with self.lock:  # (one engine process, the handshake: the games it plays)
            proc = EngineProcess(self.spec)
            try:
                self.plays = proc.games()
                name = proc.hello.get("name") or self.spec.name
            finally:
                proc.close()
        self.say(f"{name}: plays {', '.join(self.plays) or 'nothing'}")
        wait = BACKOFF
        while not self.stop.is_set():
            try:
                self._stream()
                wait = BACKOFF
            except TokenRefused as e:
                self.refused = str(e)
                self.say(f"the server refuses the token: {e}")
                self.stop.set()
                return 2
            except (OSError, ValueError, urllib.error.URLError) as e:
                self.say(f"event stream lost ({type(e).__name__}: {e}); again in {wait:g} s")
            if self.stop.wait(wait):
                break
            wait = min(MAX_BACKOFF, wait * 2)
        for t in list(self.games.values()):
            t.join(5)
        return 0

    def _stream(self) -> None:
        with self._request("GET", "api/stream/event", timeout=STREAM_TIMEOUT) as resp:
            self.say("connected: waiting for challenges")
            while not self.stop.is_set():
                line = resp.readline()
                if not line:
                    raise ConnectionError("the server closed the stream")
                if line.strip():
                    self._event(json.loads(line))

    def _event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "challenge" and ev["challenge"].get("direction") == "in":
            self._challenge(ev["challenge"])
        elif kind == "gameStart":
            self._start(ev["game"])
        elif kind == "gameFinish":
            self.say(f"game {ev['game']['id']} finished")

    def _challenge(self, c: dict[str, Any]) -> None:
        why = refusal(self.plays, c.get("game", ""), c.get("settings") or {})
        running = sum(t.is_alive() for t in self.games.values())
        if why is None and running >= self.max_games:
            why = f"already plays {running} games"
        if why is None and c.get("rated") and not self.rated:
            why = "plays unrated games only"
        try:
            if why is None:
                self._post(f"api/challenges/{c['id']}/accept")
                self.say(f"accepted {c['from']}'s challenge to {c['game']} ({c['id']})")
            else:
                self._post(f"api/challenges/{c['id']}/decline")
                self.say(f"declined {c['from']}'s challenge to {c['game']}: {why}")
        except urllib.error.HTTPError as e:  # answered meanwhile, expired, too many games
            self.say(f"challenge {c['id']}: {_error_text(e)}")

    def _start(self, g: dict[str, Any]) -> None:
        gid = g["id"]
        with self.lock:
            t = self.games.get(gid)
            if gid in self.finished or (t is not None and t.is_alive()):
                return
            t = threading.Thread(target=self._play, args=(g,), name=f"game {gid}",
                                 daemon=True)
            self.games[gid] = t
        self.say(f"game {gid} ({g['game']}): playing seat {g['seat']}")
        t.start()

    # -- one game ---------------------------------------------------------------------------
    def _play(self, g: dict[str, Any]) -> None:
        game = GameLink(self, g)
        try:
            game.run()
        finally:
            game.close()
            if game.over:
                with self.lock:
                    self.finished.add(g["id"])


class GameLink:
    """One game of the bridge: its WebSocket (reconnected after drops) and its engine."""

    def __init__(self, bridge: Bridge, g: dict[str, Any]) -> None:
        self.bridge = bridge
        self.id = g["id"]
        self.game = g["game"]
        self.seat = int(g["seat"])
        self.proc: EngineProcess | None = None
        self.failures = 0
        self.over = False
        self.view: dict[str, Any] = {}
        #: the version of the game after this seat's last decision (the ``ok``'s: older
        #: positions are spent), and of the last roll sent
        self.done_version = -1
        self.rolled_version = -1
        #: the view's events the engine process has had
        self.events_sent = 0
        #: why the engine last failed (EngineFailure.reason)
        self.reason = "error"
        #: the id of the request waiting for its answer, the last id, the position asked last,
        #: the latest position, a refusal of the server to answer
        self.pending: int | None = None
        self.sent = 0
        self.asked_version = -1
        self.position: dict[str, Any] | None = None
        self.refused: dict[str, Any] | None = None
        #: when the next message may be sent (time.monotonic)
        self.next_send = 0.0

    def run(self) -> None:
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        wait = BACKOFF
        while not self.over and not self.bridge.stop.is_set():
            try:
                self._connect()
                wait = BACKOFF
            except ConnectionClosed as e:
                code = e.rcvd.code if e.rcvd is not None else None
                if code in (4401, 4404):
                    self.bridge.say(f"game {self.id}: the server closed it ({code})")
                    return
                self.bridge.say(f"game {self.id}: connection lost; again in {wait:g} s")
            except (OSError, InvalidStatus, TimeoutError) as e:
                self.bridge.say(f"game {self.id}: cannot connect ({type(e).__name__}); "
                                f"again in {wait:g} s")
            if self.over or self.bridge.stop.wait(wait):
                break
            wait = min(MAX_BACKOFF, wait * 2)

    def _connect(self) -> None:
        from websockets.sync.client import connect

        url = urljoin(self.bridge.server.replace("http", "ws", 1), f"ws/{self.id}")
        with connect(url, additional_headers={"Authorization": f"Bearer {self.bridge.token}"},
                     open_timeout=20, max_size=1 << 23, compression="deflate") as ws:
            ws.send(json.dumps({"type": "auth"}))
            self.pending, self.position = None, None
            idle = False
            while not self.over and not self.bridge.stop.is_set():
                try:  # every message waiting first, then act on the latest state
                    raw = ws.recv(timeout=1.0 if idle else 0)
                except TimeoutError:
                    self._act(ws)
                    idle = True
                    continue
                idle = False
                self._message(json.loads(raw))

    def _message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind in ("welcome", "state"):
            self.view = msg["view"]
            if self.view.get("is_over"):
                self.over = True
                self.bridge.say(f"game {self.id}: over, winners {self.view.get('winners')}")
        elif kind == "position":
            self.position = msg
        elif kind in ("ok", "error") and msg.get("id") is not None \
                and msg.get("id") == self.pending:
            self.pending = None
            if kind == "ok":
                self.done_version = max(self.done_version, msg.get("version") or 0)
            else:
                self.refused = msg
        elif kind == "error" and msg.get("key") == "rate_limited":
            # (a message over the connection's limit is not read: none has an answer coming)
            self.pending, self.asked_version, self.rolled_version = None, -1, -1
            self.next_send = time.monotonic() + 1.0
        elif kind == "error":
            self.bridge.say(f"game {self.id}: the server says {msg.get('text')}")

    def _current(self) -> dict[str, Any] | None:
        """The position to decide now: the game's latest, not decided yet (None: none)."""
        pos, v = self.position, self.view
        if pos is None or pos.get("version") != v.get("version") \
                or pos.get("version", 0) < self.done_version \
                or self.seat not in (v.get("to_act") or []):
            return None
        return pos

    def _send(self, ws: Any, msg: dict[str, Any]) -> None:
        wait = self.next_send - time.monotonic()  # within the connection's message limit
        if wait > 0:
            time.sleep(wait)
        self.next_send = time.monotonic() + 1 / SEND_RATE
        self.sent += 1
        self.pending = self.sent
        ws.send(json.dumps({**msg, "id": self.sent}))

    def _act(self, ws: Any) -> None:
        """With every message read: roll when the seat must, decide when it must; one
        request at a time (the next waits for the answer to this one)."""
        if self.over or self.pending is not None:
            return
        refused, self.refused = self.refused, None
        v = self.view
        if v.get("needs_roll") and v.get("roller") == self.seat and not v.get("auto_roll"):
            if self.rolled_version != v.get("version"):
                self.rolled_version = v.get("version", 0)
                self._send(ws, {"type": "roll"})
            return
        if refused is not None:  # the server refused the decision of the current position
            pos = self._current()
            if pos is not None and pos.get("version") == self.asked_version:
                self._failed(EngineFailure("illegal", str(refused.get("text"))[:200]))
                if self.failures >= 2:
                    self._resign(ws)
                    return
        pos = self._current()
        if pos is None or pos.get("version") == self.asked_version and refused is None:
            return
        self.asked_version = pos.get("version", 0)
        decision = self._decide(pos)
        if decision is None:
            self._resign(ws)
            return
        self._send(ws, {"type": "choose", "decision": decision})

    def _decide(self, pos: dict[str, Any]) -> str | None:
        """The engine's decision (None: it failed twice in this game)."""
        left = (pos.get("clock") or {}).get("remaining_ms")
        budget = int(round(self.bridge.seconds * 1000))
        if left is not None:
            budget = max(50, min(budget, left - CLOCK_MARGIN_MS))
        while True:
            try:
                if self.proc is None:
                    self.proc = self._engine(budget)
                view = dict(pos["view"])
                events = view.get("events") or []
                if len(events) == view.get("event_count", len(events)):  # the rest only
                    view["events"] = events[self.events_sent:]
                self.events_sent = view.get("event_count", len(events))
                msg = {**pos, "view": view,
                       "clock": {"budget_ms": budget, "remaining_ms": left}}
                text = ask(self.proc, msg, budget).strip()
                same = [o for o in pos["options"] if o.lower() == text.lower()]
                if text not in pos["options"] and len(same) != 1:
                    raise EngineFailure("illegal", f"{text[:100]!r} is not one of the options")
                return text if text in pos["options"] else same[0]
            except EngineFailure as e:
                self._failed(e)
                if self.failures >= 2:
                    return None

    def _failed(self, e: EngineFailure) -> None:
        self.failures += 1
        self.reason = e.reason
        self.bridge.say(f"game {self.id}: the engine failed ({e.reason}: {e.detail})")
        log.warning("game %s: engine failure %s", self.id, e)
        proc, self.proc = self.proc, None
        if proc is not None:
            stop_failed(proc, e)

    def _engine(self, budget: int) -> EngineProcess:
        proc = EngineProcess(self.bridge.spec)
        settings = dict(self.view.get("settings") or {})
        why = refusal(proc.games(), self.game, settings)
        if why is not None:
            proc.close()
            raise EngineFailure("refused", why)
        start_game(proc, self.game, settings, self.seat, len(self.view.get("seats") or []),
                   None, budget, {})
        self.events_sent = 0
        return proc

    def _resign(self, ws: Any) -> None:
        ws.send(json.dumps({"type": "chat", "text": f"{self.bridge.spec.name} failed: "
                                                    f"{self.reason}; it resigns"[:300]}))
        self._send(ws, {"type": "resign"})
        self.bridge.say(f"game {self.id}: the engine failed twice: resigned")
        self.done_version = 1 << 40

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            proc.close()


def _error_text(e: urllib.error.HTTPError) -> str:
    try:
        body = json.loads(e.read() or b"{}")
        return str(body.get("text") or body.get("key") or e)
    except (ValueError, OSError):
        return str(e)


def register(sub: Any) -> None:
    """The ``bridge`` subcommand of ``qwixo``."""
    from qwixo.i18n import t

    p = sub.add_parser("bridge", help=t("clih_bridge"), description=t("clih_bridge"))
    p.add_argument("--server", required=True, help=t("clih_bridge_server"))
    p.add_argument("--token", default=None, help=t("clih_bridge_token"))
    p.add_argument("--seconds", type=float, default=1.0, help=t("clih_bridge_seconds"))
    p.add_argument("--max-games", type=int, default=4, help=t("clih_bridge_max_games"))
    p.add_argument("--unrated", action="store_true", help=t("clih_bridge_unrated"))
    p.add_argument("command", nargs="+", metavar="CMD", help=t("clih_bridge_command"))
    p.set_defaults(func=_run)


def _run(args: Any) -> int:
    import os
    import sys

    from qwixo.i18n import t

    token = args.token or os.environ.get("QWIXO_TOKEN")
    if not token:
        print(t("bridge_no_token"), file=sys.stderr)
        return 2
    command = [c for c in args.command if c != "--"] if args.command[:1] == ["--"] else \
        list(args.command)
    bridge = Bridge(args.server, token, command, seconds=max(0.05, args.seconds),
                    max_games=args.max_games, rated=not args.unrated,
                    say=lambda line: print(time.strftime("%H:%M:%S"), line, flush=True))
    try:
        return bridge.run()
    except EngineFailure as e:
        print(t("bridge_engine_failed", reason=e.words(), detail=e.detail),
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        bridge.stop.set()
        return 0

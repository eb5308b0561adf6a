"""The engine protocol (``docs/engine-protocol.md``): a bot as a program of its own, in any
language, speaking JSON lines on its standard input and output.

Both sides are here and name no game:

- the **host** side, :class:`EngineBot`: a bot (``decide(game, player) -> str``) that starts
  the engine's command, shakes hands, and for each decision sends the position exactly as the
  seat may see it (:func:`position`: the per-player view of a fair copy, the option texts, the
  clock) and ``go`` with a budget; a crash, a timeout, garbage or an illegal decision raises
  :class:`EngineFailure` (never a move of its own choosing): the caller's rule decides what
  follows (:func:`qwixo.bots.fallback_bot`);
- the **engine** side, :func:`qwixo.engine_cli.serve_bot`: any registered bot as an engine
  (``qwixo engine GAME BOT``).
"""

from __future__ import annotations

import json
import os
import select
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any

from qwixo.core import Game, IllegalMove, compact_json, fair_copy

try:  # the web extra's orjson reads a line in half json's time
    from orjson import loads as read_json
except ImportError:  # pragma: no cover - the core install
    read_json = json.loads

#: the protocol's version: a host and an engine agree on it in the handshake
PROTOCOL = 1
#: seconds an engine has to answer ``hello`` (a slow start is a failure: ``start``)
START_SECONDS = 30.0
#: seconds an engine has beyond the budget of ``go`` before it times out
GRACE_SECONDS = 1.0
#: seconds a decision may take when ``go`` has no budget (the bot's own default)
NO_BUDGET_SECONDS = 30.0
#: the longest line a host reads from an engine (a longer one is garbage)
MAX_LINE = 1 << 20

#: why an engine (or any bot) failed: the reason's message key is ``bot_failure_<reason>``
REASONS = ("crashed", "timeout", "garbage", "illegal", "start", "refused", "error")


class EngineFailure(RuntimeError):
    """A bot or engine failed to give a legal decision: ``reason`` one of :data:`REASONS`,
    ``detail`` what the log should say (the engine's words, its exit status...)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        self.reason = reason if reason in REASONS else "error"
        self.detail = detail
        super().__init__(f"{self.reason}: {detail}" if detail else self.reason)

    def __reduce__(self) -> tuple:  # through a worker process's pipe
        return (EngineFailure, (self.reason, self.detail))

    def words(self, lang: str | None = None) -> str:
        from qwixo.i18n import t

        return t("bot_failure_" + self.reason, lang)


def failure_of(error: BaseException) -> EngineFailure:
    """Any bot's exception as an :class:`EngineFailure` (a shipped bot that raised: ``error``;
    an illegal decision: ``illegal``)."""
    if isinstance(error, EngineFailure):
        return error
    if isinstance(error, IllegalMove):
        return EngineFailure("illegal", str(error))
    return EngineFailure("error", f"{type(error).__name__}: {error}"[:500])


@dataclass(frozen=True)
class EngineSpec:
    """How to start an engine: ``name`` (what tournaments, the lobby and the news call it),
    ``command`` (the program and its arguments), and the host's limits."""

    name: str
    command: tuple[str, ...]
    start_seconds: float = START_SECONDS
    grace_seconds: float = GRACE_SECONDS
    games: tuple[str, ...] = field(default=())

    @classmethod
    def parse(cls, text: str, **limits: Any) -> EngineSpec:
        """``NAME=COMMAND`` (the command split as a shell would, not run by one).

        >>> EngineSpec.parse("mine=node examples/engines/quixo.js").command
        ('node', 'examples/engines/quixo.js')
        """
        name, eq, cmd = str(text).partition("=")
        name = name.strip()
        try:
            command = tuple(shlex.split(cmd))
        except ValueError:
            command = ()
        if not eq or not name or not command or ":" in name or "," in name:
            raise IllegalMove("bad_engine", spec=text)
        return cls(name, command, **limits)

    @classmethod
    def of_command(cls, cmd: str) -> EngineSpec:
        """The engine of ``engine:CMD`` (``qwixo play --vs engine:CMD``), named by its program."""
        try:
            command = tuple(shlex.split(cmd))
        except ValueError:
            command = ()
        if not command:
            raise IllegalMove("bad_engine", spec="engine:" + cmd)
        return cls(os.path.basename(command[0]), command)


def position(game: Game, player: int, budget_ms: int | None, *,
             remaining_ms: int | None = None, since: int = 0) -> dict[str, Any]:
    """The ``position`` message for ``player``: what that seat may see now and nothing more.

    ``view``: the game's per-player view (:meth:`qwixo.core.Game.view`) of a fair copy (the
    other seats' hidden decisions taken back: :func:`qwixo.bots.fair_copy`), its ``events``
    from event number ``since`` on (those the engine has not had yet); ``options``: the
    legal option texts; ``save``: the same fair copy as a save without what no seat may see
    (:meth:`qwixo.core.Game.seat_save`), for engines that load games with qwixo;
    ``clock``: the budget of the coming ``go`` and the seat's time left (None: no clock).
    """
    # nothing hidden: the game itself (only read here; its view keeps what it computed)
    fair = fair_copy(game) if game.decided else game
    return {"type": "position", "seat": player,
            "options": [str(o) for o in fair.options(player)],
            "view": fair.view(player, since=since), "save": fair.seat_save(player),
            "clock": {"budget_ms": budget_ms, "remaining_ms": remaining_ms}}


class EngineProcess:
    """One running engine: its process, the handshake, line I/O with deadlines."""

    def __init__(self, spec: EngineSpec) -> None:
        self.spec = spec
        self.buf = b""
        self.info_lines: list[dict[str, Any]] = []
        try:
            self.proc = subprocess.Popen(
                list(spec.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=None, bufsize=0, start_new_session=True)
        except OSError as e:
            raise EngineFailure("start", f"{spec.name}: cannot start {spec.command[0]!r}: "
                                f"{e.strerror or e}") from None
        assert self.proc.stdin is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        try:
            self.hello = self.handshake()
        except BaseException:
            self.kill()
            raise

    # -- lines --------------------------------------------------------------------------
    def send(self, msg: dict[str, Any]) -> None:
        """Write one line; an engine that does not read it within ``start_seconds`` (its
        input pipe full) times out — the host never blocks on it."""
        data = (compact_json(msg) + "\n").encode()
        deadline = time.monotonic() + self.spec.start_seconds
        try:
            assert self.proc.stdin is not None
            fd = self.proc.stdin.fileno()
            while data:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EngineFailure("timeout", f"{self.spec.name}: does not read its input")
                _, ready, _ = select.select([], [fd], [], left)
                if ready:
                    data = data[os.write(fd, data):]
        except (BrokenPipeError, OSError, ValueError):
            raise self._crashed() from None

    def _crashed(self) -> EngineFailure:
        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(0.5)
            except subprocess.TimeoutExpired:
                code = None
        return EngineFailure("crashed", f"{self.spec.name}: exited with status {code}"
                             if code is not None else f"{self.spec.name}: closed its output")

    def read(self, deadline: float, reason: str = "timeout") -> dict[str, Any]:
        """The next JSON object line before ``deadline`` (``time.monotonic``); an ``info``
        line is kept in :attr:`info_lines` and reading goes on."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while True:
            nl = self.buf.find(b"\n")
            if nl >= 0:
                line, self.buf = self.buf[:nl], self.buf[nl + 1:]
                if not line.strip():
                    continue
                try:
                    msg = read_json(line)
                except ValueError:
                    raise EngineFailure("garbage", f"{self.spec.name}: not JSON: "
                                        f"{line[:200]!r}") from None
                if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                    raise EngineFailure("garbage", f"{self.spec.name}: not a message: "
                                        f"{line[:200]!r}")
                if msg["type"] == "info":
                    self.info_lines.append(msg)
                    continue
                return msg
            if len(self.buf) > MAX_LINE:
                raise EngineFailure("garbage", f"{self.spec.name}: a line longer than "
                                    f"{MAX_LINE} bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineFailure(reason, f"{self.spec.name}: no answer in time")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._crashed()
            self.buf += chunk

    def handshake(self) -> dict[str, Any]:
        self.send({"type": "hello", "protocol": PROTOCOL})
        msg = self.read(time.monotonic() + self.spec.start_seconds, reason="start")
        if msg.get("type") != "engine":
            raise EngineFailure("garbage", f"{self.spec.name}: answered hello with "
                                f"{msg.get('type')!r}")
        if msg.get("protocol") != PROTOCOL:
            raise EngineFailure("refused", f"{self.spec.name}: speaks protocol "
                                f"{msg.get('protocol')!r}, not {PROTOCOL}")
        return msg

    def games(self) -> dict[str, Any]:
        games = self.hello.get("games")
        if isinstance(games, list):
            return {str(g): {} for g in games}
        return dict(games) if isinstance(games, dict) else {}

    def close(self) -> None:
        """``quit``, then the process ends (killed when it does not within a second)."""
        if self.proc.poll() is None:
            try:
                self.send({"type": "quit"})
            except EngineFailure:
                pass
            try:
                self.proc.wait(1.0)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close_pipes()

    def _close_pipes(self) -> None:
        for f in (self.proc.stdin, self.proc.stdout):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except OSError:
            self.proc.kill()
        self.proc.wait()
        self._close_pipes()


def probe(spec: EngineSpec) -> dict[str, Any]:
    """Start the engine, shake hands, stop it: its ``engine`` message (raises
    :class:`EngineFailure`)."""
    proc = EngineProcess(spec)
    try:
        return proc.hello
    finally:
        proc.close()


def refusal(plays: dict[str, Any], game: str, settings: dict[str, Any]) -> str | None:
    """Why an engine whose handshake lists the games ``plays`` does not play ``game`` with
    ``settings`` (None: it plays them): a game it does not list, or a setting outside the list
    of values it gives for it.

    >>> refusal({"quixo": {"size": [5]}}, "quixo", {"size": 3, "players": 2})
    'plays quixo with size in [5], not 3'
    >>> refusal({"quixo": {}}, "quixo", {"size": 3}) is None
    True
    """
    if game not in plays:
        return f"does not play {game} (it plays {', '.join(plays) or 'nothing'})"
    accepts = plays[game] if isinstance(plays[game], dict) else {}
    for key, allowed in accepts.items():
        value = settings.get(key)
        if isinstance(allowed, list) and value not in allowed:
            return f"plays {game} with {key} in {allowed}, not {value!r}"
    return None


def start_game(proc: EngineProcess, game: str, settings: dict[str, Any], seat: int,
               players: int, seed: int | None, budget_ms: int | None,
               options: dict[str, Any]) -> None:
    """Send ``newgame`` and wait for ``ready`` (an ``error``: ``refused``; anything else:
    ``garbage``, the engine stopped)."""
    proc.send({"type": "newgame", "game": game, "settings": settings, "seat": seat,
               "players": players, "seed": seed, "budget_ms": budget_ms, "options": options})
    msg = proc.read(time.monotonic() + proc.spec.start_seconds, reason="start")
    if msg.get("type") == "error":
        proc.close()
        raise EngineFailure("refused", f"{proc.spec.name}: {msg.get('message', '')}"[:500])
    if msg.get("type") != "ready":
        proc.kill()
        raise EngineFailure("garbage", f"{proc.spec.name}: answered newgame with "
                            f"{msg.get('type')!r}")


def ask(proc: EngineProcess, pos: dict[str, Any], budget_ms: int | None,
        seconds: float | None = None) -> str:
    """Send the ``position`` ``pos`` and ``go``: the engine's ``decision`` text as it wrote it
    (within the budget — ``seconds``, else ``budget_ms`` — plus the grace; the ``info``
    lines in ``proc.info_lines``). Raises :class:`EngineFailure` (``refused``, ``garbage``,
    ``timeout``, ``crashed``); whether the text is legal is the caller's to check."""
    proc.send(pos)
    proc.info_lines.clear()
    proc.send({"type": "go", "budget_ms": budget_ms})
    if seconds is None:
        seconds = NO_BUDGET_SECONDS if budget_ms is None else budget_ms / 1000
    msg = proc.read(time.monotonic() + seconds + proc.spec.grace_seconds)
    if msg.get("type") == "error":
        raise EngineFailure("refused", f"{proc.spec.name}: {msg.get('message', '')}"[:500])
    decision = msg.get("decision")
    if msg.get("type") != "decision" or not isinstance(decision, str):
        raise EngineFailure("garbage", f"{proc.spec.name}: answered go with "
                            f"{compact_json(msg)[:200]}")
    return decision


def stop_failed(proc: EngineProcess, e: EngineFailure) -> None:
    """Tell a failed engine why (when it still listens: ``illegal``, ``timeout``,
    ``garbage``) and stop it (a timed-out one is killed)."""
    if e.reason in ("illegal", "timeout", "garbage"):
        try:
            proc.send({"type": "error", "error": e.reason, "message": e.detail})
        except EngineFailure:
            pass
    if e.reason == "timeout":
        proc.kill()
    else:
        proc.close()


class EngineBot:
    """A bot whose decisions an engine makes (the host side of the protocol).

    One engine process per bot (a bot per seat and game, as every bot); it is started at the
    first decision and gets ``newgame`` then; when the process is gone (:meth:`close`), the
    next decision starts a new one, which gets ``newgame`` and the whole position again."""

    light = False

    def __init__(self, spec: EngineSpec, game: str, *, seconds: float | None = None,
                 seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.spec = spec
        self.name = spec.name
        self.game_name = game
        self.seconds = seconds
        self.seed = seed
        self.options = dict(options or {})
        self.proc: EngineProcess | None = None
        self._renew = False
        #: the view's events this engine process has had (the next position sends the rest)
        self.events_sent = 0
        self.decisions = 0
        #: the engine's last ``info`` lines (evaluation, depth...), for hosts that show them
        self.last_info: dict[str, Any] = {}

    def _start(self, game: Game, player: int) -> EngineProcess:
        proc = EngineProcess(self.spec)
        why = refusal(proc.games(), game.name, _public(game))
        if why is not None:
            proc.close()
            raise EngineFailure("refused", f"{self.spec.name} {why}")
        self.new_game(game, player, proc)
        return proc

    def new_game(self, game: Game, player: int, proc: EngineProcess | None = None) -> None:
        """Send ``newgame`` (the running engine plays ``game`` from now on) and wait for
        ``ready``."""
        proc = proc or self.proc
        assert proc is not None
        self.events_sent = 0
        budget = None if self.seconds is None else int(round(self.seconds * 1000))
        start_game(proc, game.name, _public(game), player, game.num_players, self.seed,
                   budget, self.options)

    def decide(self, game: Game, player: int) -> str:
        options = [str(o) for o in game.options(player)]
        if not options:
            raise IllegalMove("game_over" if game.is_over else "not_your_turn", player=player)
        try:
            return self._decide(game, player, options)
        except EngineFailure as e:
            self._fail(e)
            raise

    def _decide(self, game: Game, player: int, options: list[str]) -> str:
        if self.proc is None:
            self.proc = self._start(game, player)
        elif self._renew:
            self.new_game(game, player)
        self._renew = False
        proc = self.proc
        budget = None if self.seconds is None else int(round(self.seconds * 1000))
        msg = position(game, player, budget, since=self.events_sent)
        if msg["view"]["event_count"] < self.events_sent:  # an undo took events back
            msg = position(game, player, budget)
        self.events_sent = msg["view"]["event_count"]
        decision = ask(proc, msg, budget, self.seconds)
        if proc.info_lines:
            self.last_info = {k: v for k, v in proc.info_lines[-1].items() if k != "type"}
        text = decision.strip()
        if text not in options:
            try:  # another spelling of a legal option (``B1B5`` for ``b1b5``)
                text = game.canonical_decision(player, text)
            except IllegalMove:
                pass
        if text not in options:
            raise EngineFailure("illegal", f"{self.spec.name}: {decision[:100]!r} is not "
                                "one of the options")
        self.decisions += 1
        return text

    def renew(self, *, seed: int | None = None, seconds: float | None = None) -> None:
        """The next decision is of a new game (with this seed and budget): a running engine
        gets ``newgame`` then, in the same process (a tournament's next game)."""
        self.seed, self.seconds, self._renew = seed, seconds, True

    def _fail(self, e: EngineFailure) -> None:
        """Tell the engine (when it still listens) and stop it; the host's rule follows."""
        proc, self.proc = self.proc, None
        if proc is not None:
            stop_failed(proc, e)

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            proc.close()

    def __del__(self) -> None:  # a bot dropped without close(): no process left behind
        proc = getattr(self, "proc", None)
        if proc is not None and proc.proc.poll() is None:
            try:
                proc.kill()
            except Exception:  # noqa: BLE001 - at interpreter exit anything goes
                pass


def _public(game: Game) -> dict[str, Any]:
    """The game's settings without what no seat may know (a dice seed)."""
    hidden = set(game.info.unrated_settings) & {"seed"}
    return {k: v for k, v in game.settings().items() if k not in hidden}

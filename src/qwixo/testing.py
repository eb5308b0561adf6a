"""The game contract's conformance suite: :func:`check_game` (and ``qwixo check-game NAME``)
checks that a registered game keeps the contract (``docs/api.md``, "Adding a game") as the
layers above the games rely on it, in the spirit of OpenSpiel's ``random_sim_test`` and
PettingZoo's ``api_test``:

- ``info``: the metadata registers (its declarations checked against the class) and a game
  is made with the defaults and with every allowed player count;
- ``random``: random play to the end for every player count: who is to act, options (unique
  texts, each accepted), a refused decision changes nothing, the views' keys, copies that do
  not share state, save/load round trips along the way, one :class:`~qwixo.core.Outcome` at
  the end (places, winners, scores);
- ``hidden``: a hidden decision (``decided``) does not show in anyone else's view;
- ``capabilities``: each declared capability works (resigning, draws, rolls, hints,
  analysis) and an undeclared one is refused with :class:`~qwixo.core.IllegalMove` and no
  change; a forfeit (:func:`qwixo.core.forfeit`) ends any game;
- ``bots``: the game's bots play it to the end (the light ones and the first, or all);
- ``research``: the PettingZoo, Gymnasium and OpenSpiel checks of the game's codec, when the
  research extra is installed and the game has a codec;
- ``server``: a served game (in process, with the web extra): created over HTTP, played to
  the end over the game protocol (WebSocket), a resignation as declared, and a rated game's
  clock running out.

Each check raises :class:`ContractError` on the first thing that does not hold;
:func:`check_game` runs them all and returns a :class:`Report` (``report.ok``; ``raise_``
true: raise on the first failed check instead).

>>> report = check_game(qwixo.game_names()[0], only=("info",))
>>> report.ok, [c.name for c in report.checks]
(True, ['info'])
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import qwixo
from qwixo.core import Game, IllegalMove, Outcome, forfeit, game_class, load_game, new_game

#: every check, in the order :func:`check_game` runs them
CHECKS = ("info", "random", "hidden", "capabilities", "bots", "research", "server")
#: the keys of every view (:meth:`qwixo.core.Game.view`)
VIEW_KEYS = ("game", "players", "phase", "to_act", "needs_roll", "roller", "is_over", "scores",
             "winners", "end_reason", "decided", "pending", "options", "events", "event_count",
             "board")
#: decisions after which a game that has not ended fails ``random``
MAX_DECISIONS = 20_000


class ContractError(AssertionError):
    """A part of the contract a game does not keep."""


class Skipped(Exception):
    """A check that cannot run here (an extra not installed, nothing declared to check)."""


@dataclass
class Check:
    """One check's result: ``status`` ``"ok"``, ``"failed"`` or ``"skipped"``."""

    name: str
    status: str
    detail: str = ""
    seconds: float = 0.0


@dataclass
class Report:
    """The results of :func:`check_game`."""

    game: str
    checks: list[Check] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(c.status != "failed" for c in self.checks)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "ok": self.ok,
                "checks": [vars(c) for c in self.checks]}

    def lines(self) -> list[str]:
        out = []
        for c in self.checks:
            line = f"{c.status.upper():8} {c.name:13} {c.seconds:6.1f} s"
            out.append(f"{line}  {c.detail}" if c.detail else line)
        return out


def ensure(cond: Any, what: str) -> None:
    """Raise :class:`ContractError` ``what`` unless ``cond``."""
    if not cond:
        raise ContractError(what)


def refused(act: Callable[[], Any], game: Game, what: str) -> IllegalMove:
    """``act()`` must raise :class:`IllegalMove` and leave ``game`` as it was."""
    before = game.to_json()
    try:
        act()
    except IllegalMove as e:
        ensure(game.to_json() == before, f"{what}: refused, but the game changed")
        return e
    raise ContractError(f"{what}: accepted (an IllegalMove was expected)")


# -- the game's settings ------------------------------------------------------------------
def play_settings(name: str, players: int | None = None) -> dict[str, Any]:
    """The settings a check plays with: the game's tournament settings (an end rule for
    endless games) and its settings for bot tables, ``players`` if given."""
    info = qwixo.game_info(name)
    out = {k: v for k, v in game_class(name).bot_settings.items()
           if info.setting(k) is not None}
    out.update(info.tournament)
    if players is not None:
        out["players"] = players
    return out


def step(game: Game, rng: random.Random, choose: Callable[[Game, int], str] | None = None
         ) -> None:
    """One roll, or one decision of each player to act (random unless ``choose``)."""
    if game.needs_roll:
        game.roll()
        return
    for p in list(game.to_act):
        if p in game.to_act:
            game.choose(p, choose(game, p) if choose else rng.choice(game.options(p)))


# -- the checks ----------------------------------------------------------------------------
def check_info(name: str, rng: random.Random) -> str:
    from qwixo.gameinfo import CAPABILITIES, GameInfo

    info = qwixo.game_info(name)
    ensure(isinstance(info, GameInfo), "game_info is not a GameInfo")
    ensure(name in qwixo.game_names(), "not among game_names()")
    for cap in CAPABILITIES:
        ensure(isinstance(info.capabilities()[cap], bool), f"capability {cap} not resolved")
    json.dumps(info.to_dict("en"))
    g = new_game(name)
    ensure(g.name == name and g.num_players == info.default_players,
           "a new game with the defaults has not the default players")
    ensure(not g.is_over and g.outcome() is None, "a new game is over")
    for n in info.players:
        ensure(new_game(name, players=n).num_players == n, f"players={n} not kept")
    for n in sorted({min(info.players) - 1, max(info.players) + 1} - set(info.players)):
        refused(lambda n=n: new_game(name, players=n), g, f"players={n}")
    settings = g.settings()
    ensure(settings.get("players") == info.default_players, "settings() lacks players")
    ensure(new_game(name, **settings).to_json() == g.to_json()
           or info.chance, "new_game(**g.settings()) is another game")
    front = _check_front_ends(info, g)
    caps = info.capabilities()
    declared = [c for c in CAPABILITIES if caps[c]]
    return (f"players {', '.join(map(str, info.players))}; declares "
            f"{', '.join(declared) or 'nothing'}; timeout {info.timeout}{front}")


def _check_front_ends(info: Any, game: Game) -> str:
    """The game's own browser files (``web``) and terminal drawing (``terminal``), if it
    ships them: the folder holds the module the front end loads, the drawing draws views."""
    from qwixo.gameinfo import WEB_MODULE, load

    out = ""
    if info.web:
        files = info.web_files()
        ensure(WEB_MODULE in files, f"web {info.web!r} holds no {WEB_MODULE}")
        ensure(info.renderer, "web files without the name of the renderer they register")
        module = files[WEB_MODULE].read_text("utf-8")
        ensure("registerGame" in module and info.renderer in module,
               f"{WEB_MODULE} does not register the renderer {info.renderer!r}")
        out += f"; web {', '.join(sorted(files))}"
    if info.terminal:
        draw = load(info.terminal)
        for seat in (None, *range(game.num_players)):
            ensure(isinstance(draw(game.view(seat), "en"), str), "the terminal drawing of "
                   "a view is not a text")
        out += "; terminal"
    return out


def _check_view(game: Game, player: int | None) -> dict[str, Any]:
    v = game.view(player)
    missing = [k for k in VIEW_KEYS if k not in v]
    ensure(not missing, f"view({player}) lacks {missing}")
    json.dumps(v)
    ensure(v["game"] == game.name and v["is_over"] == game.is_over, "view's game/is_over")
    ensure(list(v["to_act"]) == list(game.to_act), "view's to_act")
    opts = [] if player is None or player not in game.to_act else game.options(player)
    ensure([o["text"] for o in v["options"]] == opts, f"view({player})'s options")
    ensure(v["event_count"] >= len(v["events"]), "event_count")
    ensure(game.view(player, since=v["event_count"])["events"] == [], "events since the end")
    if player is None:
        ensure(v["pending"] is None, "a spectator's view has a pending decision")
    return v


def _check_round_trip(game: Game) -> None:
    text = game.to_json()
    again = load_game(text)
    ensure(type(again) is type(game) and again.to_json() == text, "save/load round trip")
    for p in (None, *range(game.num_players)):
        ensure(again.view(p) == game.view(p), f"view({p}) after load")
    ensure(again == game, "a loaded game is not equal to the saved one")


def _check_step(game: Game, rng: random.Random, info: Any) -> None:
    ensure(all(0 <= p < game.num_players for p in game.to_act), "to_act out of range")
    if len(game.to_act) > 1:
        ensure(info.simultaneous, "several players to act in a game that does not declare "
                                  "simultaneous decisions")
    if not info.hidden:
        ensure(game.decided == [], "decided in a game that declares no hidden decisions")
    if game.needs_roll:
        ensure(info.chance, "a roll is due in a game that declares no chance")
        ensure(game.to_act == [], "players to act while a roll is due")
        return
    ensure(game.to_act, "nobody to act, no roll due, and not over")
    for p in game.to_act:
        opts = game.options(p)
        ensure(opts and len(set(opts)) == len(opts) and all(isinstance(o, str) for o in opts),
               f"options of {p}: not unique texts")
        refused(lambda p=p: game.choose(p, "\x00 no such decision"), game, "a made-up decision")
    others = [p for p in range(game.num_players) if p not in game.to_act]
    if others:
        ensure(game.options(others[0]) == [], "options for a player not to act")
        refused(lambda: game.choose(others[0], game.options(game.to_act[0])[0]), game,
                "a decision out of turn")
    refused(lambda: game.choose(game.num_players, "x"), game, "an unknown player")


def check_random(name: str, rng: random.Random, games: int = 1) -> str:
    info = qwixo.game_info(name)
    total = 0
    for n in info.players:
        for _ in range(games):
            g = new_game(name, **play_settings(name, n))
            decisions = 0
            while not g.is_over:
                if decisions % 11 == 0:
                    _check_step(g, rng, info)
                    for p in (None, *range(g.num_players)):
                        _check_view(g, p)
                if decisions % 23 == 0:
                    _check_round_trip(g)
                    before, twin = g.to_json(), g.copy()
                    ensure(type(twin) is type(g) and twin == g and twin is not g,
                           "copy() is not an equal game of the same class")
                    step(twin, rng)
                    ensure(twin.to_json() != before or info.chance,
                           "a step on a copy changed nothing")
                    ensure(g.to_json() == before, "a step on a copy changed the original")
                step(g, rng)
                decisions += 1
                ensure(decisions < MAX_DECISIONS, f"{n} players: no end in {MAX_DECISIONS}")
            total += decisions
            _check_end(g, info)
    return f"{total} steps, {len(info.players) * games} games"


def _check_end(g: Game, info: Any) -> Outcome:
    o = g.outcome()
    ensure(isinstance(o, Outcome), "outcome() of a finished game is not an Outcome")
    n = g.num_players
    ensure(len(o.scores) == len(o.places) == n, "outcome's scores/places lengths")
    ensure(list(o.scores) == list(g.scores()), "outcome's scores")
    ensure(set(o.winners) <= set(range(n)), "outcome's winners")
    ensure(all(o.places[w] == 1 for w in o.winners), "a winner not in first place")
    ensure(isinstance(o.termination, str) and o.termination, "outcome's termination")
    ensure(g.to_act == [] and not g.needs_roll, "players to act in a finished game")
    for p in range(n):
        ensure(g.options(p) == [], "options in a finished game")
    v = _check_view(g, None)
    ensure(v["winners"] == list(o.winners), "view's winners differ from the outcome's")
    shares = info.results(list(o.scores))
    ensure(len(shares) == n and all(0 <= s <= 1 for s in shares), "results out of range")
    _check_round_trip(g)
    return o


def check_hidden(name: str, rng: random.Random) -> str:
    """Two copies where one player decided differently show the others the same views."""
    info = qwixo.game_info(name)
    if not info.hidden:
        raise Skipped("no hidden decisions declared")
    for n in info.players:
        if n < 2:
            continue
        g = new_game(name, **play_settings(name, n))
        for _ in range(MAX_DECISIONS):
            if g.is_over:
                break
            if g.needs_roll:
                g.roll()
                continue
            if len(g.to_act) > 1:
                p = g.to_act[0]
                opts = g.options(p)
                if len(opts) > 1:
                    a, b = g.copy(), g.copy()
                    a.choose(p, opts[0])
                    b.choose(p, opts[-1])
                    if p in a.decided and p in b.decided:
                        ensure(a.pending(p) != b.pending(p), "pending() of the decider")
                        for q in (None, *(q for q in range(n) if q != p)):
                            ensure(a.view(q) == b.view(q),
                                   f"a hidden decision of {p} shows in the view of {q}")
                        return f"{n} players"
            step(g, rng)
    raise ContractError("hidden decisions declared, but none was ever hidden")


def check_capabilities(name: str, rng: random.Random, seconds: float = 0.2) -> str:
    info = qwixo.game_info(name)
    done = []
    g = new_game(name, **play_settings(name))
    if info.resign:
        r = g.copy()
        r.resign(0)
        o = r.outcome()
        ensure(r.is_over and o is not None and o.termination == "resign", "resign")
        ensure(0 in o.resigned and 0 not in o.winners, "a resigner among the winners")
        ensure(o.places[0] == max(o.places), "a resigner not last")
        _check_round_trip(r)
        refused(lambda: r.resign(1), r, "a resignation in a finished game")
        done.append("resign")
    else:
        ensure(refused(lambda: g.resign(0), g, "resign").key == "cannot_resign",
               "an undeclared resignation's key is not cannot_resign")
    f = forfeit(g.copy(), 0)
    o = f.outcome()
    ensure(f.is_over and o.termination == "resign" and 0 not in o.winners, "forfeit")
    ensure(load_game(f.to_json()).outcome() == o, "a forfeited game's save")
    if info.draws:
        d = g.copy()
        d.agree_draw()
        ensure(d.is_over and d.outcome().winners == () and d.end_reason == "agreed_draw",
               "agree_draw")
        _check_round_trip(d)
        done.append("draws")
    else:
        refused(g.agree_draw, g, "a draw by agreement")
    if info.chance:
        probe = g.copy()
        for _ in range(MAX_DECISIONS):
            if probe.needs_roll or probe.is_over:
                break
            step(probe, rng)
        ensure(probe.needs_roll, "chance declared but no roll is ever due")
        dice = probe.roll()
        ensure(isinstance(dice, list), "roll() returns the dice")
        done.append("chance")
    else:
        refused(lambda: g.roll(), g, "a roll")
    probe = g.copy()
    while probe.needs_roll:
        probe.roll()
    if info.hints and probe.to_act:
        from qwixo.bots import hint_lines, list_bots, make_bot

        p = probe.to_act[0]
        if info.hint:
            lines = hint_lines(probe, p, "en", seconds=seconds)
            ensure(isinstance(lines, list) and lines and all(isinstance(x, str) for x in lines),
                   "hints declared, but the hint function gave no lines")
        else:
            bot = make_bot(name, list_bots(name)[-1], seconds=seconds, seed=1)
            ensure(bot.decide(probe.copy(), p) in probe.options(p), "the hint bot's decision")
        done.append("hints")
    if info.analysis:
        from qwixo.analysis import analyse

        a = new_game(name, **play_settings(name))
        for _ in range(4):
            if not a.is_over:
                step(a, rng)
        out = analyse(a, seconds=seconds)
        ensure(isinstance(out, dict), "analysis declared, but analyse() gave no dict")
        json.dumps(out)
        done.append("analysis")
    else:
        from qwixo.analysis import analyse

        ensure(refused(lambda: analyse(g), g, "analysis").key == "analysis_unsupported",
               "an undeclared analysis's key")
    return ", ".join(done) or "none declared (refusals checked)"


def check_bots(name: str, rng: random.Random, which: str = "light",
               seconds: float = 0.05) -> str:
    from qwixo.bots import is_light, list_bots, make_bot

    info = qwixo.game_info(name)
    names = list_bots(name)
    if not names:
        raise Skipped("no bots")
    if which != "all":
        names = [b for i, b in enumerate(names) if i == 0 or is_light(name, b)]
    n = info.default_players
    for i, bot_name in enumerate(names):
        g = new_game(name, **play_settings(name, n))
        bots = [make_bot(name, bot_name if p == 0 else names[0], seconds=seconds, seed=i + p)
                for p in range(n)]
        for _ in range(MAX_DECISIONS):
            if g.is_over:
                break
            step(g, rng, lambda game, p, bots=bots: bots[p].decide(game, p))
        ensure(g.is_over, f"bot {bot_name}: no end")
        _check_end(g, info)
    return ", ".join(names)


def check_research(name: str, rng: random.Random) -> str:
    info = qwixo.game_info(name)
    if not info.env_codec:
        raise Skipped("no research codec")
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        raise Skipped("the research extra is not installed") from None
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test, parallel_api_test

    from qwixo.envs import gym_envs, pz
    from qwixo.envs.codec import ActionCodec, codec_for

    codec = codec_for(name)
    ensure(isinstance(codec, ActionCodec), "the codec is not an ActionCodec")
    ensure(codec.num_actions > 0 and codec.obs_shape, "the codec's actions or obs_shape")
    g = codec.new_game(seed=1)
    for p in range(g.num_players):
        obs = codec.observe(g, p)
        ensure(obs.shape == tuple(codec.obs_shape), "observe()'s shape")
        ensure(obs.dtype == codec.observation_dtype(), "observe()'s dtype")
    with contextlib.redirect_stdout(sys.stderr):  # PettingZoo's tests print their progress
        api_test(pz.env(name), num_cycles=20)
        parallel_api_test(pz.parallel_env(name), num_cycles=20)
    done = ["pettingzoo"]
    env = gym_envs.GameEnv(game=name)
    check_env(env, skip_render_check=True)
    done.append("gymnasium")
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        from qwixo.envs import openspiel

        if openspiel.fits(info):
            pyspiel.random_sim_test(pyspiel.load_game(openspiel.register(name)), num_sims=2,
                                    serialize=False, verbose=False)
            done.append("openspiel")
    return ", ".join(done)


def check_server(name: str, rng: random.Random, timeout: float = 60.0) -> str:
    """A served game in process: HTTP create, WebSocket play to the end, resign, clock."""
    try:
        from fastapi.testclient import TestClient
    except ImportError:
        raise Skipped("the web extra is not installed") from None
    import tempfile
    from pathlib import Path

    from qwixo.server.app import create_app
    from qwixo.server.protocol import CreateGame

    info = qwixo.game_info(name)
    try:
        CreateGame.model_validate({"game": name, "seats": [{"kind": "human"}]})
    except ValueError:
        raise Skipped("registered after the server's protocol was loaded: run "
                      "`qwixo check-game` in a process of its own") from None
    n = info.default_players
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "check.sqlite", warm_up=False, bot_delay=0.0,
                         http_rate=1000, http_burst=1000, ws_rate=1000, ws_burst=1000)
        with TestClient(app) as client:
            meta = client.get("/api/meta").json()["games"][name]["info"]
            ensure(meta["capabilities"] == info.capabilities(), "/api/meta's capabilities")
            ensure(meta["web"] == info.web_assets(), "/api/meta's web files")
            for file in info.web_files():
                r = client.get(f"/games/{name}/{file}")
                ensure(r.status_code == 200 and r.content == info.web_files()[file]
                       .read_bytes(), f"/games/{name}/{file} not served")
            ensure(client.get(f"/games/{name}/nothing.js").status_code == 404,
                   "a file the game does not ship is served")

            def create(**extra: Any) -> dict[str, Any]:
                r = client.post("/api/games", json={
                    "game": name, "settings": play_settings(name, n) | {"players": n},
                    "seats": [{"kind": "human"}] * n, **extra})
                ensure(r.status_code == 201, f"create: {r.status_code} {r.text[:200]}")
                return r.json()

            g = create()
            tokens = [s["token"] for s in g["seats"]]
            ensure(_play_over_ws(client, g["id"], tokens, rng, timeout), "no end over the "
                   "game protocol")
            view = client.get(f"/api/games/{g['id']}").json()
            ensure(view["is_over"] and view["places"], "the served game is not over")
            g = create()
            with client.websocket_connect(f"/ws/{g['id']}") as ws:
                _auth(ws, g["seats"][0]["token"])
                ws.send_json({"type": "resign", "id": 1})
                m = _recv(ws, lambda m: m["type"] in ("ok", "error"))
            view = client.get(f"/api/games/{g['id']}").json()
            if info.resign:
                ensure(m["type"] == "ok" and view["is_over"], "a declared resignation")
            else:
                ensure(m["type"] == "error" and m.get("key") == "cannot_resign"
                       and not view["is_over"], "an undeclared resignation not refused")
            ensure(view.get("resign") is False, "the view offers resigning after the end"
                   if info.resign else "the view offers an undeclared resignation")
            g = create(clock=5)
            lobby = app.state.qwixo.lobby
            room = lobby.rooms[g["id"]]

            def shorten() -> None:  # (the API allows 5 s at least)
                room.options.update(rated=True, clock=0.2)
                room.deadline = None
                lobby.kick(room)

            client.portal.call(shorten)
            end = time.monotonic() + timeout
            while not room.public["is_over"] and time.monotonic() < end:
                client.portal.call(lambda: None)
                time.sleep(0.05)
            view = client.get(f"/api/games/{g['id']}").json()
            if info.timeout == "forfeit":
                ensure(view["is_over"] and view["end_reason"] == "resign",
                       "a rated game's clock ran out and the game did not end in a forfeit")
            else:
                ensure(view["version"] > 0, "the clock played nothing")
    return "create, play, resign, clock"


def _auth(ws: Any, token: str) -> dict[str, Any]:
    ws.send_json({"type": "auth", "token": token})
    return _recv(ws, lambda m: m["type"] in ("welcome", "error"))


def _recv(ws: Any, pred: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        m = ws.receive_json()
        if pred(m):
            return m
    raise ContractError(f"no expected message in {limit}")


def _play_over_ws(client: Any, gid: str, tokens: list[str], rng: random.Random,
                  timeout: float) -> bool:
    from contextlib import ExitStack

    end = time.monotonic() + timeout
    with ExitStack() as stack:
        socks = [stack.enter_context(client.websocket_connect(f"/ws/{gid}")) for _ in tokens]
        for ws, tok in zip(socks, tokens, strict=True):
            _auth(ws, tok)
        n = 0
        while time.monotonic() < end:
            view = client.get(f"/api/games/{gid}").json()
            if view["is_over"]:
                return True
            n += 1
            if view["needs_roll"]:
                seat = view["roller"] if view["roller"] is not None else 0
                socks[seat].send_json({"type": "roll", "id": n})
                _recv(socks[seat], lambda m: m["type"] in ("ok", "error"))
                continue
            for seat in view["to_act"]:
                own = client.get(f"/api/games/{gid}", params={"token": tokens[seat]}).json()
                if seat not in own["to_act"] or not own["options"]:
                    continue
                socks[seat].send_json({"type": "choose", "decision": rng.choice(own["options"]),
                                       "id": n})
                m = _recv(socks[seat], lambda m: m["type"] in ("ok", "error"))
                ensure(m["type"] == "ok", f"a legal decision refused by the server: {m}")
    return False


_RUN: dict[str, Callable[..., str]] = {
    "info": check_info, "random": check_random, "hidden": check_hidden,
    "capabilities": check_capabilities, "bots": check_bots, "research": check_research,
    "server": check_server}


def check_game(name: str, *, only: Iterable[str] | None = None, skip: Iterable[str] = (),
               seed: int = 0, bots: str = "light", raise_: bool = False) -> Report:
    """Run the conformance checks (:data:`CHECKS`, or ``only`` those, without ``skip``) on
    the registered game ``name``; ``bots``: ``"light"`` (the light ones and the first) or
    ``"all"``. Returns a :class:`Report`; ``raise_``: raise the first failure."""
    if not isinstance(name, str) or name.lower() not in qwixo.game_names():
        raise IllegalMove("unknown_game", name=name, choices=", ".join(qwixo.game_names()))
    name = name.lower()  # (its info is looked up by the checks: a bad one fails "info")
    wanted = [c for c in CHECKS if (only is None or c in set(only)) and c not in set(skip)]
    unknown = set(only or ()) - set(CHECKS)
    if unknown:
        raise ValueError(f"unknown checks {sorted(unknown)}; they are {', '.join(CHECKS)}")
    report = Report(name)
    for check in wanted:
        rng = random.Random(f"{seed}:{check}")
        t0 = time.perf_counter()
        try:
            kw = {"which": bots} if check == "bots" else {}
            detail, status = _RUN[check](name, rng, **kw), "ok"
        except Skipped as e:
            detail, status = str(e), "skipped"
        except (ContractError, IllegalMove, ValueError, TypeError, KeyError, IndexError,
                AttributeError, AssertionError, RuntimeError) as e:
            if raise_:
                raise
            detail, status = f"{type(e).__name__}: {e}", "failed"
            tb = traceback.extract_tb(e.__traceback__)
            if tb:
                detail += f" ({tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno})"
        report.checks.append(Check(check, status, detail, time.perf_counter() - t0))
    return report


# -- the command: qwixo check-game NAME ------------------------------------------------------
def _names(value: str, flag: str) -> list[str]:
    from qwixo.core import IllegalMove as _Illegal

    out = [v.strip() for v in value.split(",") if v.strip()]
    if not out or set(out) - set(CHECKS):
        raise _Illegal("bad_setting", name=flag, value=value, why="why_check_names",
                       choices=", ".join(CHECKS))
    return out


def register(sub: Any) -> None:
    from qwixo.i18n import t

    p = sub.add_parser("check-game", help=t("clih_check_game"))
    p.add_argument("name", choices=qwixo.game_names(), metavar="NAME",
                   help=t("clih_check_game_name", games=", ".join(qwixo.game_names())))
    p.add_argument("--only", default=None, metavar="CHECKS",
                   help=t("clih_check_game_only", checks=", ".join(CHECKS)))
    p.add_argument("--skip", default="", metavar="CHECKS", help=t("clih_check_game_skip"))
    p.add_argument("--all-bots", action="store_true", help=t("clih_check_game_all_bots"))
    p.add_argument("--json", action="store_true", help=t("clih_check_game_json"))
    p.set_defaults(func=cmd_check_game)


def cmd_check_game(args: Any) -> int:
    """Run :func:`check_game`; exit status 0 when every check passed (or was skipped)."""
    from qwixo.i18n import t

    only = _names(args.only, "--only") if args.only is not None else None
    skip = _names(args.skip, "--skip") if args.skip else []
    report = check_game(args.name, only=only, skip=skip,
                        bots="all" if args.all_bots else "light")
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        print("\n".join(report.lines()))
    failed = sum(c.status == "failed" for c in report.checks)
    if failed:
        import sys

        print(t("check_game_failed", getattr(args, "lang", None), game=args.name,
                count=failed), file=sys.stderr)
        return 1
    return 0

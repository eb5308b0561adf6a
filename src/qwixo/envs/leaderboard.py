"""The research leaderboard: fixed tracks, their protocol, the file of rows, and its checks.

A **track** (:data:`TRACKS`) fixes everything an agent's figures depend on but the agent:

- **kernel opponents** (:mod:`qwixo.envs.gym_vector`): ``games`` games against each, the
  agent's seat alternated (slot ``i`` plays seat ``i % players``), each slot a number of games
  fixed in advance (:func:`qwixo.envs.gym_vector.evaluate`: long games count as often as short
  ones), Quixo cut at ``max_plies`` (a draw); the figure is the agent's mean return (Quixo and
  two-player Qwixx: win 1, draw or tie 0, loss −1; solitaire: the final score) with its 95%
  half-width, and the shares won/drawn/lost;
- **the pool** (shipped bots with no time budget, so that the games do not depend on the
  machine's speed): ``pool_games`` games against each in :func:`qwixo.tournament.run_tournament`
  with the game's tournament settings (seats alternated by the tournament's schedule); the
  figure is the agent's mean result (win 1, draw ½, loss 0) with its 95% Wilson interval;
- **the rating** (where the game ships ratings of the pool's class, ``bot_ratings.json``): the
  agent's Glicko-2 rating from those pool games, each game its own rating period, every pool
  bot held at its shipped rating (the anchors); shown as ``rating ± 2·deviation``;
- the Qwixx solitaire track has no opponent: the figure is the mean final score, beside the
  exact optimum of the solitaire DP (:func:`qwixo.qwixx.solitaire.load_or_solve`).

An **agent** is ``factory(track, seed) -> act``, ``act(obs, mask) -> actions`` on batches
(the codec's observations ``(N, ...)`` and ``int8`` masks ``(N, A)``; :func:`load_agent`
finds the factory from ``module:callable`` or ``path/to/file.py[:callable]``); in the pool
games it plays through :class:`PolicyBot`, registered for the time of the games
(:func:`qwixo.bots.register_bot`). A shipped bot takes part as ``bot:NAME`` (pool and rating
only: it does not answer batches).

The rows live in :data:`LEADERBOARD_FILE` (``src/qwixo/envs/data/leaderboard.json``), one per
(track, agent): ``{"track", "agent", "protocol", "figures": {name: {...}}, "games",
"pool_games", "seed", "command", "date", "commit"}``. :func:`verify_row` plays a row again with
another seed and says, figure by figure, whether the two evaluations agree: the difference of
the two means within its 95% interval, ``|m₁ − m₂| ≤ √(h₁² + h₂²)`` (each ``h`` a 95%
half-width), and whether the new mean falls inside the row's own interval. (The new mean of a
second evaluation as large as the first falls inside the first's 95% interval only about 83% of
the time, so that test alone would call one figure in six a disagreement by chance.)

The commands: ``qwixo leaderboard submit|show|verify`` (:mod:`qwixo.leaderboard_cli`).

>>> sorted(TRACKS)
['quixo-3x3', 'quixo-4x4', 'quixo-5x5', 'qwixx-2p', 'qwixx-solitaire']
>>> TRACKS["quixo-4x4"].opponents, TRACKS["quixo-4x4"].seats
(('random', 'safe'), 2)
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

#: the version of the protocol; a row measured with another one is not comparable
PROTOCOL_VERSION = 1
#: the leaderboard file of the repository (package data)
LEADERBOARD_FILE = Path(__file__).resolve().parent / "data" / "leaderboard.json"
#: the seed offset of the second, independent evaluation (:func:`verify_row`)
VERIFY_SEED_OFFSET = 1_000_003
#: the name a submitted policy has among the bots during its pool games
AGENT_BOT = "leaderboard-agent"
Z95 = 1.96


@dataclass(frozen=True)
class Track:
    """One leaderboard track: a game, its settings and the fixed protocol (module docstring)."""

    name: str
    game: str
    settings: dict[str, Any]        # the pool games' settings (besides the tournament's)
    env: dict[str, Any]             # the kernel vector env's arguments (gym_vector)
    opponents: tuple[str, ...]      # kernel opponents; () with one player
    games: int                      # kernel games per opponent (or alone)
    pool: tuple[str, ...]           # shipped bots the agent plays in run_tournament
    pool_games: int                 # games per pool bot
    seed: int = 0
    num_envs: int = 256
    description: str = field(default="", compare=False)

    @property
    def seats(self) -> int:
        return int(self.settings.get("players", 2))

    def rating_class(self) -> str | None:
        """The class of the pool games when the game ships ratings of every pool bot in it."""
        from qwixo.tournament.ratings import bot_ratings, rating_class

        cls = rating_class(self.game, self.settings)
        shipped = bot_ratings()["classes"].get(cls or "", {})
        if shipped.get("system") != "glicko2":
            return None
        return cls if all(b in shipped["bots"] for b in self.pool) else None

    def make_env(self, opponent: str | None, n: int) -> Any:
        """The kernel vector env of this track against ``opponent`` (None: alone)."""
        from qwixo.envs import gym_vector as G

        kw = dict(self.env)
        kind = kw.pop("kind")
        if kind == "quixo":
            return G.QuixoVectorEnv(n, opponent=opponent, seat="alternate", copy=True, **kw)
        if kind == "solitaire":
            return G.make_solitaire(n, copy=True, **kw)
        return G.QwixxVectorEnv(n, opponent=opponent, seat="alternate", copy=True, **kw)


def _quixo(size: int) -> Track:
    return Track(f"quixo-{size}x{size}", "quixo", {"size": size, "players": 2},
                 {"kind": "quixo", "size": size, "max_plies": 200}, ("random", "safe"), 1000,
                 ("random", "greedy", "easy", "linecount2"), 100)


#: the tracks by name
TRACKS: dict[str, Track] = {
    **{f"quixo-{n}x{n}": _quixo(n) for n in (3, 4, 5)},
    "qwixx-2p": Track("qwixx-2p", "qwixx", {"edition": "classic", "players": 2},
                      {"kind": "qwixx", "edition": "classic", "players": 2},
                      ("random", "gap", "ev"), 1000, ("random", "race", "gap", "ev"), 40),
    "qwixx-solitaire": Track("qwixx-solitaire", "qwixx", {"edition": "classic", "players": 1},
                             {"kind": "solitaire", "edition": "classic"}, (), 1000, (), 200),
}


def track(name: str) -> Track:
    if name not in TRACKS:
        from qwixo.core import IllegalMove

        raise IllegalMove("leaderboard_unknown_track", track=name, choices=", ".join(TRACKS))
    return TRACKS[name]


def solitaire_optimum(edition: str = "classic") -> float:
    """The exact expected score of optimal solitaire play (the DP's table, solved and saved
    once when missing)."""
    from qwixo.qwixx.solitaire import load_or_solve

    return float(load_or_solve(edition, compute=True).expected)


# -- agents -------------------------------------------------------------------------------------
Act = Callable[[np.ndarray, np.ndarray], np.ndarray]


def random_agent(track: Track, seed: int) -> Act:
    """An example agent: a uniformly random legal action."""
    rng = np.random.default_rng(seed)

    def act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return (rng.random(mask.shape) * (mask > 0)).argmax(axis=1)

    return act


def first_legal_agent(track: Track, seed: int) -> Act:
    """An example agent: always the legal action of the lowest number."""

    def act(obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return (mask > 0).argmax(axis=1)

    return act


def load_agent(spec: str) -> Callable[[Track, int], Act]:
    """The agent factory named by ``spec``: ``module:callable`` (on the Python path) or
    ``path/to/file.py`` with ``:callable`` (default ``agent``).

    >>> load_agent("qwixo.envs.leaderboard:random_agent").__name__
    'random_agent'
    """
    from qwixo.core import IllegalMove

    where, _, name = spec.rpartition(":") if ":" in spec.replace(":\\", "") else (spec, "", "")
    if where.endswith(".py") or (not name and spec.endswith(".py")):
        path = Path(where or spec)
        name = name or "agent"
        if not path.is_file():
            raise IllegalMove("leaderboard_no_agent_file", agent=spec, path=str(path))
        mod_spec = importlib.util.spec_from_file_location(path.stem, path)
        mod = importlib.util.module_from_spec(mod_spec)
        sys.path.insert(0, str(path.parent))
        try:
            mod_spec.loader.exec_module(mod)
        finally:
            sys.path.remove(str(path.parent))
    else:
        try:
            mod = importlib.import_module(where)
        except ImportError as e:
            raise IllegalMove("leaderboard_bad_agent", agent=spec, why=str(e)) from None
    factory = getattr(mod, name, None)
    if not callable(factory):
        raise IllegalMove("leaderboard_no_callable", agent=spec, name=name)
    return factory


class PolicyBot:
    """A batched policy as a bot: each decision observes the game with the track's codec
    (:func:`qwixo.envs.codec.codec_for`), asks ``act`` for a batch of one and answers the
    action's text."""

    light = False

    def __init__(self, game: str, settings: dict[str, Any], act: Act,
                 name: str = AGENT_BOT) -> None:
        from qwixo.envs.codec import codec_for

        self.name = name
        self.act = act
        self.codec = codec_for(game, **{k: v for k, v in settings.items()
                                        if k in ("size", "players", "edition")})

    def decide(self, game: Any, player: int) -> str:
        obs = self.codec.observe(game, player)[None]
        mask = self.codec.mask(game, player)[None]
        return self.codec.text_of(int(np.asarray(self.act(obs, mask))[0]))


# -- the protocol --------------------------------------------------------------------------------
def _mean_ci(values: Sequence[float]) -> dict[str, float]:
    """Mean and 95% half-width (normal approximation) of scores."""
    r = np.asarray(values, float)
    half = Z95 * r.std(ddof=1) / math.sqrt(len(r)) if len(r) > 1 else float("nan")
    return {"mean": float(r.mean()), "ci95": float(half), "episodes": len(r)}


def _share_ci(results: Sequence[float]) -> dict[str, float]:
    """Mean result (1, ½, 0) with its 95% Wilson interval (``lo``, ``hi``; ``ci95`` its
    larger side), which stays wide when every game ended alike."""
    from qwixo.tournament.stats import wilson

    r = np.asarray(results, float)
    lo, hi = wilson(float(r.sum()), len(r))
    m = float(r.mean())
    return {"mean": m, "ci95": max(m - lo, hi - m), "lo": lo, "hi": hi, "episodes": len(r)}


def _half(fig: dict[str, Any]) -> float:
    """A figure's 95% half-width for comparisons: a kernel figure whose games all ended
    alike (normal half-width 0) gets the Wilson interval of its share won (draws half)."""
    h = float(fig["ci95"]) if fig.get("ci95") is not None else float("nan")
    if "won" in fig and not h > 0:
        from qwixo.tournament.stats import wilson

        n = int(fig["episodes"])
        share = (float(fig["mean"]) + 1) / 2
        lo, hi = wilson(share * n, n)
        h = 2 * max(share - lo, hi - share)
    return h if math.isfinite(h) else 0.0


def evaluate_track(trk: Track, act: Act, games: int | None = None,
                   seed: int | None = None) -> dict[str, dict[str, Any]]:
    """The kernel figures of ``act`` on ``trk``: ``{"kernel:OPPONENT": evaluate's result}``,
    or ``{"score": {mean, ci95, episodes}}`` for the solitaire track."""
    from qwixo.envs.gym_vector import evaluate

    games = trk.games if games is None else int(games)
    seed = trk.seed if seed is None else int(seed)
    out: dict[str, dict[str, Any]] = {}
    for k, opp in enumerate(trk.opponents or (None,)):
        env = trk.make_env(opp, min(trk.num_envs, games))
        try:
            r = evaluate(env, act, games, seed=seed + k)
        finally:
            env.close()
        if opp is None:
            out["score"] = {"mean": r["mean"], "ci95": r["ci95"], "episodes": r["episodes"]}
        else:
            out[f"kernel:{opp}"] = r
    return out


def rate_agent(trk: Track, bot: str | Act, pool_games: int | None = None,
               seed: int | None = None, progress: Callable[[int, int], None] | None = None
               ) -> dict[str, dict[str, Any]]:
    """The pool figures of an agent on ``trk``: ``bot`` is a shipped bot's name or a batched
    policy (entered as :class:`PolicyBot`). ``{"pool:BOT": {mean, ci95, episodes}}`` (the
    agent's mean result), ``"rating"`` (Glicko-2 anchored on the shipped ratings) where the
    track has a rated class; the solitaire track: ``{"score": ...}`` of the bot alone."""
    from qwixo.bots import register_bot, unregister_bot
    from qwixo.tournament.ratings import Rating, bot_ratings, glicko2_update
    from qwixo.tournament.runner import results_of, run_tournament

    pool_games = trk.pool_games if pool_games is None else int(pool_games)
    seed = trk.seed if seed is None else int(seed)
    if callable(bot):
        act = bot
        name = AGENT_BOT
        register_bot(trk.game, name,
                     lambda seconds=None, seed=None, **_: PolicyBot(trk.game, trk.settings, act))
    else:
        name = bot
    settings = {k: v for k, v in trk.settings.items() if k != "players"}
    out: dict[str, dict[str, Any]] = {}
    games_by_opp: list[list[tuple[float, str]]] = []
    try:
        if not trk.pool:  # alone
            rep = run_tournament(trk.game, [name], pool_games, players=trk.seats, seed=seed,
                                 settings=settings, progress=progress)
            out["score"] = _mean_ci([rec["scores"][0] for rec in rep["records"]])
            return out
        for j, opp in enumerate(o for o in trk.pool if o != name):
            rep = run_tournament(trk.game, [name, opp], pool_games, players=trk.seats,
                                 seed=seed + 100 + j, settings=settings, progress=progress)
            mine = []
            for rec in rep["records"]:
                seat = rec["lineup"].index(0)
                mine.append(results_of(trk.game, rec["scores"], trk.seats)[seat])
            out[f"pool:{opp}"] = _share_ci(mine)
            games_by_opp.append([(s, opp) for s in mine])
    finally:
        if callable(bot):
            unregister_bot(trk.game, name)
    cls = trk.rating_class()
    if cls is not None:
        anchors = {b: Rating.from_dict(r) for b, r in
                   bot_ratings()["classes"][cls]["bots"].items()}
        r = Rating()
        for rnd in range(max(len(g) for g in games_by_opp)):  # the opponents in turn
            for g in games_by_opp:
                if rnd < len(g):
                    score, opp = g[rnd]
                    r = glicko2_update(r, [(anchors[opp], score)])
        out["rating"] = {"rating": round(r.rating, 1), "deviation": round(r.deviation, 1),
                         "ci95": round(2 * r.deviation, 1), "games": r.games, "class": cls}
    return out


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], capture_output=True,
                              text=True, cwd=Path(__file__).parent, timeout=10,
                              check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def measure(trk: Track, agent: str, games: int | None = None, pool_games: int | None = None,
            seed: int | None = None, progress: Callable[[int, int], None] | None = None
            ) -> dict[str, Any]:
    """Every figure of ``agent`` (``bot:NAME`` or a :func:`load_agent` spec) on ``trk``."""
    seed = trk.seed if seed is None else int(seed)
    figures: dict[str, Any] = {}
    if agent.startswith("bot:"):
        from qwixo.bots import check_bot

        figures.update(rate_agent(trk, check_bot(trk.game, agent[4:]), pool_games, seed,
                                  progress))
    else:
        factory = load_agent(agent)
        figures.update(evaluate_track(trk, factory(trk, seed), games, seed))
        pool = rate_agent(trk, factory(trk, seed + 1), pool_games, seed, progress)
        if "score" in pool:  # the solitaire track: the kernel games are the figure
            pool["pool:score"] = pool.pop("score")
        figures.update(pool)
    if trk.name == "qwixx-solitaire" and "score" in figures:
        figures["score"]["optimum"] = round(solitaire_optimum(trk.settings["edition"]), 4)
        figures["score"]["vs_optimum"] = figures["score"]["mean"] - figures["score"]["optimum"]
    return figures


def row_of(trk: Track, agent: str, figures: dict[str, Any], games: int | None,
           pool_games: int | None, seed: int | None, command: str) -> dict[str, Any]:
    return {"track": trk.name, "agent": agent, "protocol": PROTOCOL_VERSION,
            "figures": figures,
            "games": trk.games if games is None else int(games),
            "pool_games": trk.pool_games if pool_games is None else int(pool_games),
            "seed": trk.seed if seed is None else int(seed), "command": command,
            "date": datetime.now(UTC).strftime("%Y-%m-%d"), "commit": _commit()}


# -- the file --------------------------------------------------------------------------------------
ROW_KEYS = ("track", "agent", "protocol", "figures", "games", "pool_games", "seed", "command",
            "date", "commit")


def load(path: str | Path | None = None) -> dict[str, Any]:
    p = Path(path) if path else LEADERBOARD_FILE
    if not p.exists():
        return {"format": 1, "protocol": PROTOCOL_VERSION, "rows": []}
    return json.loads(p.read_text("utf-8"))


def check_schema(data: dict[str, Any]) -> list[str]:
    """What is wrong with a leaderboard file's content (``[]``: nothing)."""
    bad: list[str] = []
    if data.get("format") != 1 or not isinstance(data.get("rows"), list):
        return ["the file needs format 1 and a list of rows"]
    seen: set[tuple[str, str]] = set()
    for i, row in enumerate(data["rows"]):
        missing = [k for k in ROW_KEYS if k not in row]
        if missing:
            bad.append(f"row {i}: missing {', '.join(missing)}")
            continue
        if row["track"] not in TRACKS:
            bad.append(f"row {i}: unknown track {row['track']!r}")
        if (row["track"], row["agent"]) in seen:
            bad.append(f"row {i}: a second row of {row['agent']} on {row['track']}")
        seen.add((row["track"], row["agent"]))
        for name, fig in row["figures"].items():
            value = fig.get("mean", fig.get("rating"))
            if not isinstance(value, (int, float)) or not isinstance(fig.get("ci95"),
                                                                     (int, float)):
                bad.append(f"row {i}: figure {name} needs a value and its ci95")
    return bad


def save(data: dict[str, Any], path: str | Path | None = None) -> Path:
    p = Path(path) if path else LEADERBOARD_FILE
    order = list(TRACKS)
    data = {"format": 1, "protocol": PROTOCOL_VERSION,
            "rows": sorted(data["rows"], key=lambda r: (order.index(r["track"])
                                                        if r["track"] in order else 99,
                                                        r["agent"]))}
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    tmp.replace(p)
    return p


def upsert(data: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """``data`` with ``row`` added, or replacing the row of the same track and agent."""
    rows = [r for r in data["rows"] if (r["track"], r["agent"]) != (row["track"], row["agent"])]
    return {**data, "rows": [*rows, row]}


def submit(track_name: str, agent: str, games: int | None = None,
           pool_games: int | None = None, seed: int | None = None,
           path: str | Path | None = None, command: str = "",
           progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Measure ``agent`` on the track and add (or update) its row in the file; the row."""
    trk = track(track_name)
    figures = measure(trk, agent, games, pool_games, seed, progress)
    row = row_of(trk, agent, figures, games, pool_games, seed, command or
                 _command(track_name, agent, games, pool_games, seed))
    save(upsert(load(path), row), path)
    return row


def _command(track_name: str, agent: str, games: int | None, pool_games: int | None,
             seed: int | None) -> str:
    parts = ["qwixo", "leaderboard", "submit", track_name, "--agent", agent]
    for opt, value in (("--games", games), ("--pool-games", pool_games), ("--seed", seed)):
        if value is not None:
            parts += [opt, str(value)]
    return " ".join(parts)


def compare(old: dict[str, Any], new: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Figure by figure: both values, the difference's 95% bound ``√(h₁² + h₂²)``, whether
    they agree (the difference within it) and whether the new value is inside the old
    interval."""
    out: dict[str, dict[str, Any]] = {}
    for name, a in old.items():
        b = new.get(name)
        if b is None:
            out[name] = {"old": a.get("mean", a.get("rating")), "new": None, "agree": False,
                         "inside": False, "bound": None}
            continue
        va, vb = a.get("mean", a.get("rating")), b.get("mean", b.get("rating"))
        ha, hb = _half(a), _half(b)
        bound = math.hypot(ha, hb)
        out[name] = {"old": va, "new": vb, "bound": bound, "agree": abs(va - vb) <= bound + 1e-12,
                     "inside": abs(va - vb) <= ha + 1e-12}
    return out


def verify_row(row: dict[str, Any], seed_offset: int = VERIFY_SEED_OFFSET,
               progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``row`` again with its seed plus ``seed_offset`` (a second, independent
    evaluation) and compare: ``{"track", "agent", "seed", "figures": compare(...),
    "agree": every figure agrees}``."""
    trk = track(row["track"])
    seed = int(row["seed"]) + seed_offset
    new = measure(trk, row["agent"], row["games"], row["pool_games"], seed, progress)
    figs = compare(row["figures"], new)
    return {"track": row["track"], "agent": row["agent"], "seed": seed, "figures": figs,
            "agree": all(f["agree"] for f in figs.values()), "protocol": row["protocol"],
            "current": row["protocol"] == PROTOCOL_VERSION}


# -- reading the file --------------------------------------------------------------------------
def _fmt(fig: dict[str, Any]) -> str:
    if "rating" in fig:
        return f"{fig['rating']:.0f} ± {fig['ci95']:.0f}"
    digits = 1 if abs(fig["mean"]) >= 10 else 3
    return f"{fig['mean']:+.{digits}f} ± {fig['ci95']:.{digits}f}"


def table(data: dict[str, Any], track_name: str | None = None) -> str:
    """The rows as Markdown tables, one per track (the figures' columns in the protocol's
    order)."""
    out: list[str] = []
    for name in TRACKS:
        if track_name and name != track_name:
            continue
        rows = [r for r in data["rows"] if r["track"] == name]
        if not rows:
            continue
        cols: list[str] = []
        for r in rows:
            cols += [c for c in r["figures"] if c not in cols]
        order = {c: i for i, c in enumerate(
            ["score", "rating"] + [f"kernel:{o}" for o in TRACKS[name].opponents]
            + [f"pool:{o}" for o in TRACKS[name].pool] + ["pool:score"])}
        cols.sort(key=lambda c: order.get(c, 99))
        out.append(f"**{name}** (protocol {PROTOCOL_VERSION})\n")
        out.append("| agent | " + " | ".join(cols) + " | games | seed | date | commit |")
        out.append("| --- | " + " | ".join("---:" for _ in cols) + " | ---: | ---: | --- | --- |")
        for r in sorted(rows, key=lambda r: -_rank_value(r)):
            cells = [_fmt(r["figures"][c]) if c in r["figures"] else "" for c in cols]
            out.append(f"| `{r['agent']}` | " + " | ".join(cells) +
                       f" | {r['games']} / {r['pool_games']} | {r['seed']} | {r['date']} | "
                       f"{r['commit']} |")
        if name == "qwixx-solitaire":
            opt = next((r["figures"]["score"].get("optimum") for r in rows
                        if "optimum" in r["figures"].get("score", {})), None)
            if opt is not None:
                out.append(f"\noptimum (solitaire DP): {opt:.2f}")
        out.append("")
    return "\n".join(out)


def _rank_value(row: dict[str, Any]) -> float:
    f = row["figures"]
    if "rating" in f:
        return f["rating"]["rating"]
    if "score" in f:
        return f["score"]["mean"]
    pool = [v["mean"] for k, v in f.items() if k.startswith("pool:")]
    return float(np.mean(pool)) if pool else 0.0

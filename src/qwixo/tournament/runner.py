"""The tournament runner: schedules games, plays them (in parallel processes), reports.

Scheduling. With ``B`` bots and ``K`` seats per game:

- ``B >= K``: every combination of ``K`` different bots plays in turn (a round robin);
- ``B < K``: the bots fill the seats in turn (``a, b, a, b`` for two bots and four seats; in
  4-player Quixo the two teams are then ``a`` against ``b``).

Game ``i`` uses the lineup ``i mod C`` (C lineups), rotated by ``(i div C) mod K`` seats, so
every bot sits in every seat equally often when ``games`` is a multiple of ``C · K``.

Reproducibility. Every game gets its own seeds (the dice, and each bot's) derived from
``(seed, i)`` alone, and new bots, so the results do not depend on ``jobs`` nor on the order in
which processes finish. Bots given a time budget (``seconds``) depend on the machine's speed.

Results per bot: the win rate (a game's winners share the win: 1/m each of m tied winners in
Qwixx; a draw is half a win in Quixo) with its 95% Wilson interval; Elo from a Bradley-Terry
fit of the pairwise results between opposing seats; the score summary; the game lengths (Qwixx:
rolls, Quixo: plies) and the end reasons.

Two bots of the first registered game, with its tournament settings:

>>> name = qwixo.game_names()[0]
>>> res = run_tournament(name, qwixo.list_bots(name)[:2], games=2, seed=3)
>>> res["bots"][0]["games"], sorted(res["end_reasons"]) != []
(2, True)
"""

from __future__ import annotations

import itertools
import multiprocessing as mp
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import qwixo
from qwixo.core import IllegalMove, game_info
from qwixo.tournament.elo import fit_elo
from qwixo.tournament.stats import summary, wilson

#: a game that needs more decisions than this is stopped (never happens with legal bots)
MAX_DECISIONS = 100_000


def labels(bots: Sequence[str]) -> list[str]:
    """Unique labels for the entries: a repeated name gets ``#2``, ``#3``...

    >>> labels(["gap", "strong", "gap"])
    ['gap', 'strong', 'gap#2']
    """
    seen: Counter[str] = Counter()
    out = []
    for b in bots:
        seen[b] += 1
        out.append(b if seen[b] == 1 else f"{b}#{seen[b]}")
    return out


def lineups(n_bots: int, seats: int) -> list[tuple[int, ...]]:
    """The lineups (bot indices per seat) before rotation.

    >>> lineups(3, 2)
    [(0, 1), (0, 2), (1, 2)]
    >>> lineups(2, 4)
    [(0, 1, 0, 1)]
    """
    if n_bots >= seats:
        return list(itertools.combinations(range(n_bots), seats))
    return [tuple(s % n_bots for s in range(seats))]


def schedule(n_bots: int, seats: int, games: int) -> list[tuple[int, ...]]:
    """The lineup of every game: lineup ``i mod C`` rotated by ``(i div C) mod seats``.

    >>> schedule(2, 2, 4)
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    """
    base = lineups(n_bots, seats)
    out = []
    for i in range(games):
        lu = base[i % len(base)]
        rot = (i // len(base)) % seats
        out.append(lu[rot:] + lu[:rot])
    return out


def game_seeds(seed: int, i: int, seats: int) -> tuple[int, list[int]]:
    """The dice seed and the bots' seeds of game ``i`` (independent of everything else)."""
    rng = random.Random(f"qwixo-tournament:{seed}:{i}")
    return rng.getrandbits(63), [rng.getrandbits(63) for _ in range(seats)]


def _new_game(game: str, settings: dict[str, Any], seed: int):
    """A new game; the dice seed goes to games whose settings take one."""
    if game_info(game).setting("seed") is not None:
        return qwixo.new_game(game, seed=seed, **settings)
    return qwixo.new_game(game, **settings)


def play_one(task: tuple) -> dict[str, Any]:
    """Play game ``i`` of a tournament (also in a worker process); returns its record.

    A bot that fails (raises, answers an illegal decision; an engine that crashes, times
    out or answers garbage) forfeits the game: its seat resigns (:meth:`Game.resign`), the
    record's ``failures`` say who and why, and the tournament goes on (the next game starts
    new bots, engines included). Where a game cannot be resigned, the game's fallback bot
    (:func:`qwixo.bots.fallback_bot`) plays on for the seat."""
    from qwixo.bots import fallback_bot, register_engine, registered_engines
    from qwixo.engine import EngineBot, failure_of

    i, game, settings, names, lineup, seed, seconds, *more = task
    for spec in (more[0] if more else ()):  # the tournament's engines (a cluster's worker)
        if spec not in registered_engines():
            register_engine(spec)
    keep = len(more) > 1 and more[1]
    gseed, bseeds = game_seeds(seed, i, len(lineup))
    g = _new_game(game, settings, gseed)
    bots = [qwixo.make_bot(game, names[b], seconds=seconds, seed=bseeds[s])
            for s, b in enumerate(lineup)]
    for s, bot in enumerate(bots):  # an engine's process plays this process's next games
        if keep and isinstance(bot, EngineBot):  # (one per seat it has in a game)
            nth = sum(1 for x in lineup[:s] if names[x] == names[lineup[s]])
            key = (bot.spec, game, repr(sorted(settings.items())), nth)
            old = _KEPT.get(key)
            if old is not None and old.proc is not None:
                old.renew(seed=bot.seed, seconds=bot.seconds)
                bots[s] = old
            else:
                _KEPT[key] = bot
    t0 = time.perf_counter()
    decisions = 0
    rolls = 0
    failures: list[dict[str, Any]] = []
    try:
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                rolls += 1
                continue
            for p in list(g.to_act):
                try:
                    g.choose(p, bots[p].decide(g, p))
                except Exception as e:  # noqa: BLE001 - every bot failure has the one rule
                    why = failure_of(e)
                    failures.append({"seat": p, "bot": lineup[p], "why": why.reason,
                                     "detail": why.detail[:500]})
                    _close(bots[p])
                    try:
                        g.resign(p)
                        failures[-1]["rule"] = "forfeit"
                        break
                    except IllegalMove:
                        fallback = fallback_bot(game, names[lineup[p]])
                        if fallback is None:
                            raise
                        failures[-1]["rule"] = fallback
                        bots[p] = qwixo.make_bot(game, fallback, seed=bseeds[p])
                        g.choose(p, bots[p].decide(g, p))
                decisions += 1
            if decisions > MAX_DECISIONS:
                raise RuntimeError(f"game {i} does not end")
    finally:
        for bot in bots:
            if not (keep and isinstance(bot, EngineBot) and bot.proc is not None):
                _close(bot)
    outcome = g.outcome()
    length = rolls if game_info(game).length == "rolls" else decisions
    rec = {"i": i, "lineup": list(lineup), "scores": list(outcome.scores),
           "places": list(outcome.places), "length": length, "end": outcome.termination,
           "seconds": time.perf_counter() - t0,
           "decisions": decisions}
    if failures:
        rec["failures"] = failures
    return rec


#: engine bots kept between the games a process plays (a local tournament: one engine process
#: per engine and seat it takes in a game, each game begun with ``newgame``), by (spec, game,
#: settings, which of its seats)
_KEPT: dict[tuple, Any] = {}


def release_engines() -> None:
    """Stop the engines kept for the next games (the end of a tournament)."""
    while _KEPT:
        _close(_KEPT.popitem()[1])


def _close(bot: Any) -> None:
    """Stop an engine bot's process (other bots have nothing to stop)."""
    close = getattr(bot, "close", None)
    if close is not None:
        close()


def results_of(game: str, scores: Sequence[int], players: int) -> list[float]:
    """Each seat's share of the win, by the game's utility (:meth:`GameInfo.results`):
    points (Qwixx) 1/m for each of m top scores; win/loss (Quixo) 1 win, 0.5 draw, 0 loss
    (teams share their result).

    A registered game of each utility (found by its metadata):

    >>> by = {game_info(n).utility: n for n in qwixo.game_names()}
    >>> results_of(by["points"], [30, 50, 50], 3)
    [0.0, 0.5, 0.5]
    >>> results_of(by["win_loss"], [1, -1], 2), results_of(by["win_loss"], [0, 0, 0, 0], 4)
    ([1.0, 0.0], [0.5, 0.5, 0.5, 0.5])
    """
    return game_info(game).results(list(scores))


def opponents(game: str, players: int, a: int, b: int) -> bool:
    """Whether seats a and b play against each other (not team mates: 4-player Quixo)."""
    return game_info(game).opponents(players, a, b)


def prepare(game: str, bots: Sequence[str], players: int | None = None,
            settings: dict[str, Any] | None = None, seconds: float | None = None,
            engines: Sequence[Any] = ()) -> tuple[str, list[str], dict[str, Any]]:
    """Check a tournament's game, bots and settings: ``(game, bot names, the games'
    settings)`` — the game's tournament defaults (``GameInfo.tournament``), then
    ``settings`` (each must be a setting of the game), and ``players`` (default: the
    game's). ``engines`` (:class:`qwixo.engine.EngineSpec`) are registered first, so that
    they take part by their names. Raises :class:`IllegalMove` with a clear message for
    anything wrong."""
    from qwixo.bots import check_bot, register_engine

    game = _check_game(game)
    names = [str(b).strip() for b in bots]
    for spec in engines:
        register_engine(spec)
    for n in names:
        check_bot(game, n)
    if not names:
        raise IllegalMove("tournament_no_bots")
    if seconds is not None and not seconds > 0:
        raise IllegalMove("tournament_bad_number", name="seconds", value=seconds)
    info = game_info(game)
    given = dict(settings or {})
    for key in given:
        if key != "players" and info.setting(key) is None:
            raise IllegalMove("tournament_wrong_setting",
                              setting="--" + key.replace("_", "-"), game=game)
    players = info.default_players if players is None else players
    settings = {**info.tournament, **given, "players": players}
    _new_game(game, settings, 0)  # validates the settings (IllegalMove on a bad one)
    return game, names, settings


def play_all(tasks: Sequence[tuple], jobs: int = 1, cluster: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Play the games ``tasks`` (:func:`play_one`'s) — here, in ``jobs`` processes or on a
    Dask cluster — and return their records in the order of the tasks."""
    records: list[dict[str, Any]] = []
    if cluster:
        from qwixo.tournament.cluster import run_tasks

        records = run_tasks(tasks, cluster, jobs, play_one, progress)
    elif jobs == 1 or len(tasks) <= 1:
        try:
            for task in tasks:
                records.append(play_one(task))
                if progress:
                    progress(len(records), len(tasks))
        finally:
            release_engines()
    else:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp
        with ctx.Pool(min(jobs, len(tasks))) as pool:
            for rec in pool.imap_unordered(play_one, tasks):
                records.append(rec)
                if progress:
                    progress(len(records), len(tasks))
    order = {task[0]: k for k, task in enumerate(tasks)}
    records.sort(key=lambda r: order[r["i"]])
    return records


def run_tournament(game: str, bots: Sequence[str], games: int, players: int | None = None,
                   edition: str | None = None, size: int | None = None, jobs: int = 1,
                   seed: int = 0, seconds: float | None = None,
                   progress: Callable[[int, int], None] | None = None,
                   ply_limit: int | None = None, cluster: str | None = None,
                   settings: dict[str, Any] | None = None,
                   engines: Sequence[Any] = ()) -> dict[str, Any]:
    """Play a tournament and return its report (see the module docstring); JSON-ready.

    The games' settings: the game's tournament defaults (``GameInfo.tournament``), then
    ``settings``, then ``edition``, ``size``, ``ply_limit`` when given (each must be a setting
    of the game), and ``players`` (default: the game's).

    ``progress(done, total)`` is called after every game. ``cluster``: ``"local"`` (a Dask
    ``LocalCluster`` of ``jobs`` processes) or a Dask scheduler address — the games run there
    as tasks, with the same results (:mod:`qwixo.tournament.cluster`).

    ``engines``: :class:`qwixo.engine.EngineSpec` s that take part by their names in
    ``bots`` (``--engine NAME=CMD``); a bot may also be ``module:attribute`` or
    ``engine:CMD`` (:func:`qwixo.bots.check_bot`). A failing bot forfeits its game
    (:func:`play_one`); the report's ``failures`` list every failure.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise IllegalMove("tournament_bad_number", name="games", value=games)
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise IllegalMove("tournament_bad_number", name="jobs", value=jobs)
    given = dict(settings or {})
    for key, value in (("edition", edition), ("size", size), ("ply_limit", ply_limit)):
        if value is not None:
            given[key] = value
    engines = tuple(engines)
    game, names, settings = prepare(game, bots, players, given, seconds, engines)
    players = settings["players"]
    labs = labels(names)
    plan = schedule(len(names), players, games)
    # an engine plays a process's games in one process of its own, but on a cluster (where
    # nothing would stop it after the tournament)
    tasks = [(i, game, settings, names, plan[i], seed, seconds, engines, not cluster)
             for i in range(games)]
    t0 = time.perf_counter()
    records = play_all(tasks, jobs, cluster, progress)
    wall = time.perf_counter() - t0
    records.sort(key=lambda r: r["i"])
    return report(game, settings, labs, records, seed=seed, seconds=seconds, jobs=jobs,
                  wall=wall, cluster=cluster)


def report(game: str, settings: dict[str, Any], labs: list[str], records: list[dict],
           **meta: Any) -> dict[str, Any]:
    """Aggregate game records into the tournament report."""
    players = settings["players"]
    per = {lab: {"results": [], "scores": [], "seats": Counter()} for lab in labs}
    pairs: list[tuple[str, str, float]] = []
    lengths = []
    ends: Counter[str] = Counter()
    for rec in records:
        lineup, scores = rec["lineup"], rec["scores"]
        players = len(lineup)  # (a table of an event may be smaller than the settings say)
        res = results_of(game, scores, players)
        lengths.append(rec["length"])
        ends[rec["end"]] += 1
        for s, b in enumerate(lineup):
            e = per[labs[b]]
            e["results"].append(res[s])
            e["scores"].append(scores[s])
            e["seats"][s] += 1
        for a in range(players):
            for b in range(a + 1, players):
                if lineup[a] == lineup[b] or not opponents(game, players, a, b):
                    continue
                sa, sb = scores[a], scores[b]
                pairs.append((labs[lineup[a]], labs[lineup[b]],
                              1.0 if sa > sb else 0.5 if sa == sb else 0.0))
    elo = fit_elo(labs, pairs)
    bots = []
    for lab in labs:
        e = per[lab]
        n = len(e["results"])
        w = sum(e["results"])
        lo, hi = wilson(w, n)
        row = {"bot": lab, "games": n, "wins": w, "win_rate": w / n if n else 0.0,
               "ci95": [lo, hi], "elo": elo[lab]["elo"], "elo_se": elo[lab]["se"],
               "score": summary(e["scores"]),
               "seats": {str(s): c for s, c in sorted(e["seats"].items())}}
        if game_info(game).utility == "win_loss":
            row["draws"] = sum(1 for r in e["results"] if r == 0.5)
        bots.append(row)
    return {"game": game, "settings": settings, "games": len(records), "bots": bots,
            "length": summary(lengths), "end_reasons": dict(sorted(ends.items())),
            "seconds_per_game": summary([r["seconds"] for r in records]), **meta,
            "failures": [{"i": rec["i"], **f, "bot": labs[f["bot"]]}
                         for rec in records for f in rec.get("failures", ())],
            "records": records}


def _check_game(game: str) -> str:
    return game_info(game).name  # raises unknown_game

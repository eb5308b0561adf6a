"""Analysis of a Qwixx game from its record, decision by decision.

- **Solitaire** (one player) in an edition the exact solver covers (classic, Mixx A/B, Longo:
  :data:`qwixo.qwixx.solitaire.SOLVABLE`): for every decision the exact expected final score of
  the option chosen and of the best option (from the solitaire dynamic programme,
  :func:`qwixo.qwixx.solitaire.rank_options`, the ``optimal`` bot's own numbers), the points
  lost, and the game's accuracy: the expected score kept, out of the optimum (the product of the
  per-decision ratios, in per cent). Exact.
- **Two players or more** (and solitaire in the Bonus editions): every decision scored by the
  ``strong`` bot's search (:meth:`qwixo.qwixx.strong.StrongBot.evaluate`, a fixed number of
  playouts per option, stated in ``budget``): the win chance of the option chosen and of the
  best one, the win chance lost; each player's win chance after every roll (the chosen action-1
  option's); the decisions that cost the most. Estimates (``exact: False``).

The result has the shape of the Quixo analysis (``docs/api.md``, "Analysis"): ``points``,
``series``, ``key``, ``summary``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

#: playouts per option of the strong bot's evaluation (games with opponents)
PLAYOUTS = 96
KEY_MOMENTS = 5


def start_of(game: Any) -> Any:
    """A new game with ``game``'s settings (edition, players, seed, lucky numbers), no roll."""
    from qwixo.qwixx.game import QwixxGame

    data = game.to_dict()
    lucky = data.get("lucky") if game.edition.lucky else None
    return QwixxGame(edition=data["edition"], players=data["players"], seed=data.get("seed"),
                     lucky=lucky)


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _solution(game: Any, player: int, compute: bool):
    from qwixo.qwixx.solitaire import SOLVABLE, load_or_solve

    if game.edition.name not in SOLVABLE:
        return None
    lucky = tuple(sorted(game.lucky[player])) if game.edition.lucky else None
    return load_or_solve(game.edition.name, lucky or None, compute=compute)


def _exact_scores(sol: Any, g: Any, player: int, opts: list[str]) -> dict[str, float]:
    from qwixo.qwixx.solitaire import rank_options

    sheet = g.sheets_state[player]
    ranked = rank_options(sol, sheet.last, sheet.count, g.closed, sheet.penalties, g.phase,
                          player == g.active, g.dice, g.a1_crossed, opts)
    return dict(ranked)


def analyse(game: Any, *, seconds: float | None = None, playouts: int | None = None,
            compute: bool = True, seed: int = 0, solution: Any = None,
            progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The analysis of every decision of ``game`` (a :class:`~qwixo.qwixx.game.QwixxGame`; not
    changed). ``playouts``: the strong bot's playouts per option (default :data:`PLAYOUTS`);
    ``seconds``: when given, the search's time budget of the whole analysis instead (shared out
    over the decisions); ``compute``: solve a missing solitaire table (classic: under a minute);
    ``solution``: the solitaire table to use (:class:`~qwixo.qwixx.solitaire.Solution`), if
    already at hand; ``progress``: called after each decision with ``{"metric", "done",
    "total", "points", "series"}`` (the points and graph rows made since the call before), so that a
    reader sees the first results as they come.

    Each point: ``index`` (place in the history), ``roll`` (which roll), ``player``, ``phase``
    (``action1``/``action2``), ``chosen``, ``best``, ``chosen_value``, ``best_value`` (expected
    final score in solitaire, else win chance), ``loss`` (best minus chosen), ``exact``.
    """
    t0 = time.perf_counter()
    n = game.num_players
    g = start_of(game)
    sols = None
    if n == 1:
        sols = solution if solution is not None else _solution(g, 0, compute)
    exact = sols is not None
    metric = "expected_score" if n == 1 else "win_chance"
    entries = [list(e) for e in game.to_dict()["history"]]
    decisions = sum(1 for e in entries if e[0] == "choose")
    bot = None
    if not exact:
        from qwixo.qwixx.strong import StrongBot

        per = PLAYOUTS if playouts is None else int(playouts)
        bot = StrongBot(playouts=per, joint=True, prune=False, seed=seed)
    points: list[dict[str, Any]] = []
    series: list[list[float]] = []
    rolls = 0
    snapshot = None  # the game right after the roll: what every action-1 choice saw
    row_values: dict[int, float] = {}
    last: list[float | None] = [None] * n  # each player's value after the roll before
    done = 0
    sent = (0, 0)  # the points and rows already given to ``progress``
    for k, entry in enumerate(entries):
        if entry[0] == "roll":
            if rolls:
                last = [row_values.get(p, last[p]) for p in range(n)]
                series.append([_r(x) for x in last])
            row_values = {}
            g.roll(entry[1])
            rolls += 1
            snapshot = g.copy()
            continue
        if entry[0] == "resign":  # no decision to value: the game ends (or goes on without)
            g.resign(entry[1])
            continue
        _, player, text = entry
        seen = snapshot if g.phase == "action1" else g
        phase = seen.phase
        opts = [str(o) for o in seen.options(player)]
        chosen = seen.canonical_decision(player, text)
        if len(opts) > 1:
            if exact:  # expected final score: the points on the sheet + the expected gain
                base = seen.scores()[player]
                scores = {o: base + v for o, v in _exact_scores(sols, seen, player, opts).items()}
            else:
                if seconds is not None:
                    left = max(0.0, seconds - (time.perf_counter() - t0))
                    bot.seconds = max(0.01, left / max(1, decisions - done))
                    bot.playouts = 1 << 30
                evals = bot.evaluate(seen, player, opts, seed=seed + k)
                scores = {e.option: (e.win if e.win is not None else e.score) for e in evals}
            best = max(opts, key=lambda o: (scores[o], o == chosen))
            cv, bv = scores[chosen], scores[best]
            points.append({"index": k, "roll": rolls, "player": player, "phase": phase,
                           "chosen": chosen, "best": best, "chosen_value": round(cv, 4),
                           "best_value": round(bv, 4), "loss": round(max(0.0, bv - cv), 4),
                           "options": len(opts), "exact": exact})
            if phase == "action1" or player not in row_values:
                row_values[player] = cv
        done += 1
        g.choose(player, text)
        if progress is not None:
            progress({"metric": metric, "done": done, "total": decisions,
                      "points": points[sent[0]:], "series": series[sent[1]:]})
            sent = (len(points), len(series))
    if rolls:
        last = [row_values.get(p, last[p]) for p in range(n)]
        series.append([_r(x) for x in last])
    if progress is not None and (len(points), len(series)) != sent:
        progress({"metric": metric, "done": done, "total": decisions,
                  "points": points[sent[0]:], "series": series[sent[1]:]})
    key = sorted((p for p in points if p["loss"] > 0), key=lambda p: (-p["loss"], p["index"]))
    budget: dict[str, Any] = {"exact": exact}
    if bot is not None:
        budget.update({"bot": "strong", "playouts": None if seconds is not None else bot.playouts,
                       "seconds": seconds})
    return {
        "game": "qwixx", "players": n, "metric": metric, "exact": exact,
        "seconds": round(time.perf_counter() - t0, 3), "budget": budget,
        "points": points, "series": series,
        "key": [p["index"] for p in key[:KEY_MOMENTS]],
        "summary": _summary(points, n, game, exact, sols),
    }


#: the solitaire tables :func:`prepare` builds ahead (the editions people play most)
PREPARED = ("classic",)


def prepare() -> None:
    """Build (or load) the solitaire tables of :data:`PREPARED` (no lucky numbers), once,
    ahead of the first solitaire analysis (``GameInfo.tables``: ``qwixo warm-up``, the
    server's analysis worker)."""
    from qwixo.qwixx.solitaire import load_or_solve

    for name in PREPARED:
        load_or_solve(name)


def _summary(points: list[dict[str, Any]], n: int, game: Any, exact: bool, sol: Any
             ) -> dict[str, Any]:
    seats = []
    scores = game.scores()
    for q in range(n):
        mine = [p for p in points if p["player"] == q]
        lost = sum(p["loss"] for p in mine)
        entry: dict[str, Any] = {"seat": q, "decisions": len(mine), "lost": round(lost, 3),
                                 "score": scores[q],
                                 "best_kept": sum(1 for p in mine if p["loss"] <= 1e-9)}
        if exact and mine:
            # each loss is expected final score given up at that decision: the optimum's
            # expectation less the losses is the expectation this play kept
            opt = float(sol.expected)
            entry["optimum"] = round(opt, 3)
            entry["accuracy"] = round(100.0 * max(0.0, opt - lost) / opt, 1) if opt > 0 else None
        seats.append(entry)
    return {"seats": seats}


__all__ = ["analyse", "prepare", "start_of", "PLAYOUTS"]

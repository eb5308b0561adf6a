"""Analysis of a finished (or unfinished) Quixo game, move by move.

For every ply: the value of the position for the player to move, the value of the move played,
the moves that would have kept the best value, and whether the move changed the value (a win
thrown to a draw or a loss, a draw to a loss). Where a perfect database covers the position
(3×3, 4×4, 5×5 with no blank cube: :mod:`qwixo.quixo.perfect`) the values are exact (win or
loss in N plies, draw); elsewhere they come from the alpha-beta search of the hints
(:func:`qwixo.quixo.bots_cli.hint`) at the depth the time budget allows and are marked as
estimates (``exact: False``), except proven wins and losses, which are exact.

The result is plain data (:func:`analyse`), the shape shared with the Qwixx analysis
(``docs/api.md``, "Analysis"): ``points`` (one per decision), ``series`` (each seat's value
after every decision, for a graph) and ``key`` (the decisions that cost the most).

>>> import qwixo
>>> g = qwixo.new_game("quixo", size=3)
>>> for m in ["a2a1", "c2a2", "b1c1", "b3a3", "c2c1"]:
...     g.choose(g.to_act[0], m)
>>> a = analyse(g)
>>> [(p["move"], p["before"]["value"], p["after"]["value"], p["changed"]) for p in a["points"]]
... # doctest: +NORMALIZE_WHITESPACE
[('a2a1', 'win', 'win', False), ('c2a2', 'loss', 'loss', False), ('b1c1', 'win', 'win', False),
 ('b3a3', 'loss', 'loss', False), ('c2c1', 'win', 'loss', True)]
>>> a["exact"], a["key"], a["points"][4]["best"]
(True, [4], ['b1a1', 'b1c1', 'b3b1', 'b3a3', 'c3a3'])
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

#: how many decisions the ``key`` list names at most
KEY_MOMENTS = 5
#: the heuristic score that maps to a 73 % estimate in the graph (logistic scale)
SCORE_SCALE = 100.0

_RANK = {"win": 2, "draw": 1, "loss": 0}


def _value(value: str | None, plies: int | None, score: int | None, exact: bool
           ) -> dict[str, Any]:
    return {"value": value, "plies": plies, "score": score, "exact": exact}


def _chance(v: dict[str, Any]) -> float:
    """A number in [0, 1] for the graph: 1 a win, 0 a loss, 1/2 a draw; a heuristic score
    through a logistic curve (an estimate, not a probability)."""
    if v["value"] == "win":
        return 1.0
    if v["value"] == "loss":
        return 0.0
    if v["value"] == "draw":
        return 0.5
    return 1.0 / (1.0 + math.exp(-(v["score"] or 0) / SCORE_SCALE))


def _worse(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """True when the move played changed the value (known in both) for the worse."""
    if before["value"] is None or after["value"] is None:
        return False
    return _RANK[after["value"]] < _RANK[before["value"]]


def _loss(before: dict[str, Any], after: dict[str, Any]) -> float:
    return max(0.0, _chance(before) - _chance(after))


def start_of(game: Any) -> Any:
    """The game's start (same settings and start position, no move played, not ended: a
    resignation or an agreed draw is the end of the game, not of its start).

    >>> import qwixo
    >>> g = qwixo.new_game("quixo", size=3); g.choose(0, "a2a1"); g.resign(1)
    >>> s = start_of(g); s.is_over, s.ply, s.to_act
    (False, 0, [0])
    """
    from qwixo.quixo.game import QuixoGame

    data = dict(game.to_dict())
    data["moves"] = []
    data.pop("end", None)
    return QuixoGame.from_dict(data)


#: sizes whose complete database :func:`analyse` makes when it is missing (4×4: 7-15 s once)
SOLVE_SIZES = (4,)


def analyse(game: Any, *, seconds: float = 10.0, solve: bool = True,
            progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The analysis of every move of ``game`` (a :class:`~qwixo.quixo.game.QuixoGame`; not
    changed). ``seconds``: the time budget of the whole analysis, shared out over the plies that
    no database covers (a database answers at once). ``solve``: make the 4×4 database first
    when it is missing (:data:`SOLVE_SIZES`; 3×3 is solved in memory anyway). ``progress``:
    called after each move with ``{"metric", "done", "total", "points", "series"}`` (the point and the
    graph's row of that move), so that a reader sees the first results as they come.

    Each point: ``index`` (the move's place in the history), ``player``, ``move``, ``before``
    (the value of the position for the mover, best play: ``value`` win/loss/draw or None,
    ``plies``, heuristic ``score``, ``exact``), ``after`` (the value of the move played, for the
    mover), ``best`` (the moves that keep the ``before`` value), ``changed`` (the move made the
    value worse), ``loss`` (the drop of the graph's number for the mover, 0..1).
    """
    from qwixo.quixo.bots_cli import hint

    moves = list(game.history)
    g = start_of(game)
    if solve and g.num_players == 2 and g.size in SOLVE_SIZES:
        from qwixo.quixo import db

        db.ensure(g.size)
    t0 = time.perf_counter()
    seats = g.num_players
    teams = g.teams()
    team_of = {p: k for k, team in enumerate(teams) for p in team}
    points: list[dict[str, Any]] = []
    series: list[list[float]] = []
    exact_all = True
    searched = 0
    for i, move in enumerate(moves):
        player = g.to_act[0]
        left = max(0.0, seconds - (time.perf_counter() - t0))
        per = max(0.02, left / max(1, len(moves) - i))
        h = hint(g, per)
        canon = g.canonical_decision(player, move)
        by_move = {m: (v, p, s) for m, v, p, s in h.moves}
        exact = h.source == "database"
        if h.source == "search":
            searched += 1
        best_v = h.moves[0] if h.moves else (move, None, None, None)
        before = _value(best_v[1], best_v[2], best_v[3],
                        exact or best_v[1] in ("win", "loss"))
        v = by_move.get(canon)
        g.choose(player, move)
        if v is None:  # only "pass" or a move the hint did not list: value from the child
            after = before
        else:
            after = _value(v[0], v[1], v[2], exact or v[0] in ("win", "loss"))
        if g.is_over:  # the move ended the game: its value is the result, exactly
            won = player in g.winners()
            drawn = not g.winners()
            after = _value("draw" if drawn else ("win" if won else "loss"), None if drawn else 1,
                           None, True)
        if before["value"] is not None and before["value"] == after["value"]:
            keep = before["value"]
            best = [m for m, vv, pp, _ in h.moves if vv == keep and pp == best_v[2]]
        elif before["value"] is None:
            top = best_v[3]
            best = [m for m, _, _, s in h.moves if s == top]
        else:
            best = [m for m, vv, _, _ in h.moves if vv == before["value"]]
        exact_all = exact_all and before["exact"] and after["exact"]
        loss = _loss(before, after)
        points.append({"index": i, "player": player, "move": canon, "before": before,
                       "after": after, "best": best[:8], "changed": _worse(before, after),
                       "loss": round(loss, 4), "source": h.source, "depth": h.depth})
        mine = _chance(after)
        series.append([round(mine if team_of[q] == team_of[player] else 1.0 - mine, 4)
                       for q in range(seats)])
        if progress is not None:
            progress({"metric": "outcome", "done": i + 1, "total": len(moves),
                      "points": points[-1:], "series": series[-1:]})
    key = sorted((p for p in points if p["loss"] > 0), key=lambda p: (-p["loss"], p["index"]))
    return {
        "game": "quixo", "players": seats, "metric": "outcome",
        "exact": exact_all, "seconds": round(time.perf_counter() - t0, 3),
        "budget": {"seconds": seconds, "searched_plies": searched},
        "points": points, "series": series,
        "key": [p["index"] for p in key[:KEY_MOMENTS]],
        "summary": _summary(points, seats),
    }


def prepare() -> None:
    """Build (or load) the databases the analysis makes when missing (:data:`SOLVE_SIZES`),
    once, ahead of the first analysis (``GameInfo.tables``: ``qwixo warm-up``, the server's
    analysis worker)."""
    from qwixo.quixo import db

    for size in SOLVE_SIZES:
        db.ensure(size)


def _summary(points: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Per seat: moves, moves that changed the value, and, when every value of the seat's
    moves is exact, accuracy: the share of its moves that kept the value, in per cent."""
    out = []
    for q in range(seats):
        mine = [p for p in points if p["player"] == q]
        changed = sum(1 for p in mine if p["changed"])
        exact = all(p["before"]["exact"] and p["after"]["exact"] for p in mine)
        out.append({"seat": q, "moves": len(mine), "changed": changed,
                    "accuracy": round(100.0 * (len(mine) - changed) / len(mine), 1)
                    if mine and exact else None})
    return {"seats": out}


__all__ = ["analyse", "prepare", "start_of"]

"""Analysis of a game from its record, for any registered game: ``qwixo analyse GAME.json``.

A game that can be analysed names its analysis function in its metadata
(:attr:`qwixo.gameinfo.GameInfo.analysis`); this module finds it, runs it and prints the
result. It knows no game: only the shape every analysis returns (a dict):

- ``metric``: what the values are: ``"outcome"`` (each value a dict ``{"value": "win" | "loss"
  | "draw" | None, "plies", "score", "exact"}`` for the player deciding), ``"win_chance"``
  (numbers 0..1) or ``"expected_score"`` (points);
- ``exact``: every value exact (else some are estimates; ``budget`` says from what);
- ``points``: one per decision with ``index`` (its place in the game's history), ``player``,
  the decision played and the best one, their values, and ``loss`` (value given up);
- ``series``: each seat's value after every decision or roll (a graph), 0..1 or points;
- ``key``: the ``index`` of the decisions that cost the most, worst first;
- ``summary``: per seat figures (``accuracy`` in per cent where the game defines one).

>>> import qwixo
>>> g = qwixo.new_game("quixo", size=3)
>>> for m in ["a2a1", "c2a2", "b1c1", "b3a3", "c2c1"]:
...     g.choose(g.to_act[0], m)
>>> a = analyse(g)
>>> a["exact"], a["key"]
(True, [4])
>>> print(format_analysis(a, g, "en"))
Analysis of 5 decisions: exact values.
The decisions that cost the most:
  Decision 5: X took c2 and pushed it in from the bottom. Better: take b1 and push it in from the left. This lost a won position.
X: accuracy 66.7%
O: accuracy 100.0%
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
from collections.abc import Callable
from typing import Any

from qwixo.core import IllegalMove
from qwixo.i18n import number, percent, t, tn

DEFAULT_SECONDS = 10.0


def analysis_function(name: str):
    """The analysis function of game ``name`` (None when the game has none)."""
    from qwixo.core import game_info
    from qwixo.gameinfo import load

    ref = game_info(name).analysis
    return load(ref) if ref else None


def analyse(game: Any, *, seconds: float | None = None,
            progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The analysis of ``game`` (not changed) within about ``seconds`` (default
    :data:`DEFAULT_SECONDS`). ``progress``: called as the analysis goes with ``{"metric",
    "done", "total", "points", "series"}`` (what the values are, decisions analysed, decisions
    in all, the points and graph rows made since the call before) when the game's analysis function takes a ``progress``
    argument. Raises :class:`~qwixo.core.IllegalMove` ``analysis_unsupported`` for a game
    without analysis."""
    fn = analysis_function(game.name)
    if fn is None:
        raise IllegalMove("analysis_unsupported", game=game.name)
    kw: dict[str, Any] = {}
    if progress is not None and "progress" in inspect.signature(fn).parameters:
        kw["progress"] = progress
    return fn(game, seconds=DEFAULT_SECONDS if seconds is None else float(seconds), **kw)


def value_text(metric: str, value: Any, lang: str | None = None) -> str:
    """One value of an analysis in words.

    >>> value_text("outcome", {"value": "win", "plies": 3, "score": None, "exact": True}, "en")
    'win in 3 plies'
    >>> value_text("win_chance", 0.4172, "en"), value_text("expected_score", 98.25, "en")
    ('41.7% win chance', 'expected points: 98.2')
    """
    if metric == "outcome":
        v = value or {}
        if v.get("value") == "draw":
            return t("an_draw", lang)
        if v.get("value") in ("win", "loss"):
            key = "an_win_in" if v["value"] == "win" else "an_loss_in"
            return tn(key, int(v.get("plies") or 0), lang, plies=int(v.get("plies") or 0))
        score = v.get("score")
        return t("an_score", lang, score=f"{score:+d}" if score is not None else "?")
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "?"
    if metric == "win_chance":
        return t("an_win_chance", lang, percent=percent(value, lang))
    return t("an_expected", lang, points=number(value, lang, 1))


def _point_values(a: dict[str, Any], p: dict[str, Any]) -> tuple[Any, Any, Any, Any]:
    """(played, its value, best, its value) of a point, whatever the game's names for them."""
    if a["metric"] == "outcome":
        best = p["best"][0] if p.get("best") else p["move"]
        return p["move"], p["after"], best, p["before"]
    return p["chosen"], p["chosen_value"], p["best"], p["best_value"]


def cost_text(metric: str, point: dict[str, Any], played_value: Any, best_value: Any,
              lang: str | None = None) -> str:
    """What a decision cost, in a player's words (the page says the same, analysis.js).

    >>> cost_text("outcome", {}, {"value": "loss", "plies": 2}, {"value": "win"}, "en")
    'This lost a won position.'
    >>> cost_text("win_chance", {"loss": 0.2}, 0.25, 0.45, "en")
    'This cost win chance: 45% before, 25% after.'
    """
    if metric == "outcome":
        b, a = (best_value or {}).get("value"), (played_value or {}).get("value")
        if b == "win" and a == "draw":
            return t("an_cost_win_draw", lang)
        if b == "win" and a == "loss":
            return t("an_cost_win_loss", lang)
        if b == "draw" and a == "loss":
            return t("an_cost_draw_loss", lang)
        return t("an_cost_estimate", lang, before=value_text(metric, best_value, lang),
                 after=value_text(metric, played_value, lang))
    if metric == "win_chance":
        return t("an_cost_chance", lang, before=percent(best_value or 0, lang, 0),
                 after=percent(played_value or 0, lang, 0))
    return t("an_cost_points", lang, before=number(best_value or 0, lang, 1),
             after=number(played_value or 0, lang, 1))


def format_analysis(a: dict[str, Any], game: Any, lang: str | None = None) -> str:
    """The analysis of ``game`` as text: how it was made, the key moments as whole sentences
    (who played what, what was better, what it cost: the seats and the decisions in the
    game's own words, :meth:`qwixo.core.Game.played_words`) and each seat's accuracy."""
    n = len(a["points"])
    how = t("an_exact", lang) if a["exact"] else _estimate_text(a, lang)
    lines = [tn("an_header", n, lang, decisions=n, how=how)]
    by_index = {p["index"]: p for p in a["points"]}
    metric = a["metric"]
    if a["key"]:
        lines.append(t("an_key_moments", lang))
        for idx in a["key"]:
            p = by_index[idx]
            played, pv, best, bv = _point_values(a, p)
            name = game.seat_words(p["player"], lang)
            lines.append("  " + t(
                "an_moment", lang, step=idx + 1,
                played=game.played_words(name, played, value_text(metric, pv, lang), lang),
                better=game.better_words(best, value_text(metric, bv, lang), lang),
                cost=cost_text(metric, p, pv, bv, lang)))
    else:
        lines.append(t("an_no_mistakes", lang))
    for s in a["summary"]["seats"]:
        if s.get("accuracy") is not None:
            lines.append(t("web_analysis_accuracy", lang, name=game.seat_words(s["seat"], lang),
                           accuracy=percent(s["accuracy"] / 100, lang)))
    return "\n".join(lines)


def _estimate_text(a: dict[str, Any], lang: str | None) -> str:
    budget = a.get("budget") or {}
    if budget.get("playouts"):
        return tn("an_estimate_playouts", int(budget["playouts"]), lang,
                  playouts=int(budget["playouts"]))
    return t("an_estimate_seconds", lang, seconds=number(float(budget.get("seconds") or 0), lang, None))


# -- the command ------------------------------------------------------------------------
def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("analyse", help=t("clih_analyse"))
    p.add_argument("file", help=t("clih_analyse_file"))
    p.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                   help=t("clih_analyse_seconds", seconds=f"{DEFAULT_SECONDS:g}"))
    p.add_argument("--json", action="store_true", help=t("clih_analyse_json"))
    p.set_defaults(func=cmd_analyse)


def cmd_analyse(args) -> int:
    import os

    from qwixo.core import load_game

    lang = getattr(args, "lang", None) or os.environ.get("QWIXO_LANG") or None
    if not args.seconds > 0:
        raise IllegalMove("bad_setting", name="seconds", value=args.seconds,
                          why=t("cli_why_positive_seconds", lang))
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise IllegalMove("an_cannot_read", file=args.file, error=e.strerror or str(e)) from None
    game = load_game(text)
    a = analyse(game, seconds=args.seconds)
    if args.json:
        print(json.dumps(a, allow_nan=False, default=_nan_none))
    else:
        print(format_analysis(a, game, lang))
    return 0


def _nan_none(x: Any) -> Any:  # pragma: no cover - json.dumps calls it for unknown types
    return None


__all__ = ["analyse", "analysis_function", "cost_text", "format_analysis", "value_text",
           "DEFAULT_SECONDS"]

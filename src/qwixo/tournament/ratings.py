"""Ratings of players and bots per rating class: Glicko-2 for two-player games, OpenSkill's
Weng-Lin (Plackett-Luce) for 3-5-player Qwixx and the 4-player team game of Quixo.

Everything here is a pure function of (prior ratings, one game's result) → new ratings, so
the server can rate a finished game exactly as a tournament does (``qwixo tournament --rate``).

- **Rating classes** (:func:`rating_class`): each game's metadata names them
  (``GameInfo.rating_class``): Quixo by size and player count (``quixo-5x5-2p``), Qwixx by
  edition and player count (``qwixx-classic-2p``). Solo Qwixx is not rated.
- **Two players** (:func:`glicko2_update`, :func:`rate_two_player`): Glicko-2 (Glickman,
  "Example of the Glicko-2 system", 2013) on the usual scale (1500, RD 350, volatility 0.06,
  τ = 0.5); every game is its own rating period. Score: 1 win, ½ draw (Quixo draw, Qwixx tie),
  0 loss.
- **More players or teams** (:func:`rate_multiplayer`): OpenSkill's Weng-Lin Plackett-Luce
  model, rescaled to the Glicko scale (μ 1500, σ 350, β 175, τ 3.5: the library's defaults
  25, 25/3, 25/6, 25/300 times 42, shifted; the model is unchanged by that). Ranks come from
  the scores (equal scores tie); 4-player Quixo is two teams, seats 0+2 against 1+3.

:class:`Rating` holds ``rating`` (Glicko r or OpenSkill μ), ``deviation`` (RD or σ),
``volatility`` (Glicko-2 only) and ``games``. Shown to people as ``rating ± 2·deviation``.

>>> a, b = Rating(), Rating()
>>> a2, b2 = rate_two_player(a, b, 1.0)
>>> round(a2.rating), round(b2.rating), round(a2.deviation), a2.games
(1662, 1338, 290, 1)
>>> new = rate_multiplayer([Rating(system="openskill")] * 3, [40, 25, 25])
>>> [round(r.rating, 1) for r in new]
[1620.5, 1439.7, 1439.7]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

#: Glicko-2 constants: initial rating, deviation, volatility; the system constant τ
GLICKO_RATING, GLICKO_RD, GLICKO_VOL, GLICKO_TAU = 1500.0, 350.0, 0.06, 0.5
GLICKO_SCALE = 173.7178  # 400 / ln 10: Glicko-2's internal scale
#: the OpenSkill model's parameters on the Glicko scale (library defaults × 42, μ shifted)
OS_SCALE = 42.0
OS_MU, OS_SIGMA, OS_BETA, OS_TAU = 1500.0, 25 / 3 * OS_SCALE, 25 / 6 * OS_SCALE, 25 / 300 * OS_SCALE


@dataclass(frozen=True)
class Rating:
    """One player's rating in one class."""

    rating: float = GLICKO_RATING
    deviation: float = GLICKO_RD
    volatility: float = GLICKO_VOL
    games: int = 0
    system: str = "glicko2"  # or "openskill"

    def to_dict(self) -> dict[str, Any]:
        out = {"rating": round(self.rating, 2), "deviation": round(self.deviation, 2),
               "games": self.games, "system": self.system}
        if self.system == "glicko2":
            out["volatility"] = round(self.volatility, 6)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rating:
        return cls(float(d["rating"]), float(d["deviation"]),
                   float(d.get("volatility", GLICKO_VOL)), int(d.get("games", 0)),
                   d.get("system", "glicko2"))


def initial(system: str) -> Rating:
    """The rating of a newcomer in ``system`` (``glicko2`` or ``openskill``)."""
    if system == "openskill":
        return Rating(OS_MU, OS_SIGMA, 0.0, 0, "openskill")
    return Rating()


# -- rating classes -----------------------------------------------------------------------
def rating_class(game: str, settings: dict[str, Any]) -> str | None:
    """The class a game is rated in (its metadata's ``rating_class_template`` formatted with
    the settings, defaults filled in), or None: a player count that is not rated (solo
    Qwixx). Examples: tests/tournament/test_tournament_examples.py.

    >>> import qwixo
    >>> name = qwixo.game_names()[0]
    >>> cls = rating_class(name, {})
    >>> cls is not None and cls == qwixo.game_info(name).rating_class({})
    True
    """
    from qwixo.core import game_info

    return game_info(game).rating_class(settings)


def system_of(game: str, players: int) -> str:
    """``glicko2`` for two players, ``openskill`` for more (and for teams)."""
    return "glicko2" if players == 2 else "openskill"


# -- Glicko-2 -------------------------------------------------------------------------------
def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / math.pi**2)


def glicko2_update(player: Rating, results: Sequence[tuple[Rating, float]],
                   tau: float = GLICKO_TAU) -> Rating:
    """The player's rating after one rating period with ``results`` ((opponent's rating before
    the period, score 1/½/0) pairs) — Glickman's steps 1-8; no games: only the deviation grows.

    Glickman's worked example (1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300):

    >>> r = glicko2_update(Rating(1500, 200), [(Rating(1400, 30), 1), (Rating(1550, 100), 0),
    ...                                        (Rating(1700, 300), 0)])
    >>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
    (1464.05, 151.52, 0.059996)
    """
    mu = (player.rating - GLICKO_RATING) / GLICKO_SCALE
    phi = player.deviation / GLICKO_SCALE
    sigma = player.volatility
    if not results:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return replace(player, deviation=min(GLICKO_RD, phi_star * GLICKO_SCALE))
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in results:
        mu_j = (opp.rating - GLICKO_RATING) / GLICKO_SCALE
        g = _g(opp.deviation / GLICKO_SCALE)
        e = 1.0 / (1.0 + math.exp(-g * (mu - mu_j)))
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility (Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d2 = phi * phi + v + ex
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d2 * d2) - (x - a) / (tau * tau)

    eps = 1e-6
    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > eps:
        c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = c, fc
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * delta_sum
    return Rating(GLICKO_RATING + GLICKO_SCALE * new_mu, GLICKO_SCALE * new_phi, new_sigma,
                  player.games + 1, "glicko2")


def rate_two_player(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game (its own rating period); ``score_a`` is 1, ½, 0."""
    return (glicko2_update(a, [(b, score_a)]), glicko2_update(b, [(a, 1.0 - score_a)]))


# -- OpenSkill (Weng-Lin, Plackett-Luce) ----------------------------------------------------
def _model():
    from openskill.models import PlackettLuce

    return PlackettLuce(mu=OS_MU, sigma=OS_SIGMA, beta=OS_BETA, tau=OS_TAU)


def ranks_of(scores: Sequence[float]) -> list[int]:
    """Competition ranks from scores, higher is better (1 = first; ties share).

    >>> ranks_of([30, 50, 50, 10])
    [3, 1, 1, 4]
    """
    return [1 + sum(1 for o in scores if o > s) for s in scores]


def rate_multiplayer(ratings: Sequence[Rating], scores: Sequence[float],
                     teams: Sequence[Sequence[int]] | None = None) -> tuple[Rating, ...]:
    """The seats' ratings after one game: ``ratings`` and ``scores`` per seat; ``teams``
    groups seats (default: each seat alone; 4-player Quixo ``[[0, 2], [1, 3]]``, the team's
    score being any member's)."""
    model = _model()
    teams = [list(t) for t in teams] if teams is not None else [[i] for i in range(len(ratings))]
    objs = [[model.rating(mu=ratings[i].rating, sigma=ratings[i].deviation) for i in t]
            for t in teams]
    ranks = ranks_of([scores[t[0]] for t in teams])
    new = model.rate(objs, ranks=ranks)
    out: list[Rating] = list(ratings)
    for t, nt in zip(teams, new, strict=True):
        for i, r in zip(t, nt, strict=True):
            out[i] = Rating(float(r.mu), float(r.sigma), 0.0, ratings[i].games + 1, "openskill")
    return tuple(out)


def teams_of(game: str, players: int) -> list[list[int]] | None:
    """Teams of a game (its metadata's): 4-player Quixo ``[[0, 2], [1, 3]]``, else None
    (everyone alone)."""
    from qwixo.core import game_info

    return game_info(game).teams_of(players)


def rate_game(game: str, players: int, ratings: Sequence[Rating],
              scores: Sequence[float]) -> tuple[Rating, ...]:
    """The seats' ratings after one finished game with these final ``scores`` (Qwixx
    points; Quixo 1/0/−1), with the class's system."""
    if system_of(game, players) == "glicko2":
        sa, sb = scores
        s = 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        return rate_two_player(ratings[0], ratings[1], s)
    return rate_multiplayer(ratings, scores, teams_of(game, players))


# -- tournaments ----------------------------------------------------------------------------
def rate_records(game: str, players: int, labels: Sequence[str], records: Sequence[dict],
                 prior: dict[str, Rating] | None = None) -> dict[str, Rating]:
    """Ratings of the bots ``labels`` after the games ``records`` (a tournament's, taken in
    game order), starting from ``prior`` (default: newcomers). A bot in several seats of one
    game (two bots, four seats) is rated as one player per seat; its new rating is the mean of
    those seats' updates, counted as one game."""
    system = system_of(game, players)
    cur = {lab: (prior or {}).get(lab, initial(system)) for lab in labels}
    for rec in sorted(records, key=lambda r: r["i"]):
        seats = [labels[b] for b in rec["lineup"]]
        new = rate_game(game, players, [cur[s] for s in seats], rec["scores"])
        by_bot: dict[str, list[Rating]] = {}
        for s, r in zip(seats, new, strict=True):
            by_bot.setdefault(s, []).append(r)
        for lab, rs in by_bot.items():
            old = cur[lab]
            cur[lab] = Rating(old.rating + sum(r.rating - old.rating for r in rs) / len(rs),
                              sum(r.deviation for r in rs) / len(rs),
                              sum(r.volatility for r in rs) / len(rs), old.games + 1, system)
    return cur


def rate_report(rep: dict[str, Any]) -> dict[str, Any]:
    """The ``ratings`` section of a tournament report: its class and each bot's rating."""
    st = rep["settings"]
    players = st["players"]
    cls = rating_class(rep["game"], st)
    labels = [b["bot"] for b in rep["bots"]]
    if cls is None:
        return {"class": None, "system": None, "bots": {}}
    rated = rate_records(rep["game"], players, labels, rep["records"])
    return {"class": cls, "system": system_of(rep["game"], players),
            "bots": {lab: r.to_dict() for lab, r in rated.items()}}


# -- the bots' ratings shipped with qwixo ----------------------------------------------------
#: the name of each game's file of its bots' ratings (``GameInfo.bot_ratings``)
RATINGS_FILE = "bot_ratings.json"


def bot_ratings() -> dict[str, Any]:
    """The bots' ratings measured by ``qwixo tournament --rate --ratings-file`` and shipped with
    each game, in its own package (the file its metadata names, ``GameInfo.bot_ratings``:
    ``src/qwixo/<game>/data/bot_ratings.json`` for qwixo's games), every registered game's
    together: ``{"format": 1, "classes": {class: {"system", "bots": {bot: Rating.to_dict()},
    "tournament": {...}}}}`` (empty when none was measured).

    The class of a registered game's default settings is among them (one class by name:
    tests/tournament/test_tournament_examples.py):

    >>> import qwixo
    >>> shipped = bot_ratings()["classes"]
    >>> any(qwixo.game_info(n).rating_class({}) in shipped for n in qwixo.game_names())
    True
    """
    import json
    from importlib.resources import files

    from qwixo.core import game_info, game_names

    classes: dict[str, Any] = {}
    for name in game_names():
        ref = game_info(name).bot_ratings
        if not ref:
            continue
        package, _, path = ref.partition(":")
        try:
            text = files(package).joinpath(path).read_text("utf-8")
        except FileNotFoundError:
            continue
        classes.update(json.loads(text).get("classes", {}))
    return {"format": 1, "classes": classes}


def merge_ratings(data: dict[str, Any], rep: dict[str, Any], when: str) -> dict[str, Any]:
    """``data`` (a ratings file's content) with the class of the rated report ``rep``
    replaced by that tournament's ratings (the bots' names without ``#2`` copies)."""
    rated = rep["ratings"]
    out = {"format": 1, "classes": dict(data.get("classes", {}))}
    if rated["class"] is None:
        return out
    out["classes"][rated["class"]] = {
        "system": rated["system"],
        "bots": {b: r for b, r in rated["bots"].items() if "#" not in b},
        "tournament": {"games": rep["games"], "seed": rep["seed"], "seconds": rep["seconds"],
                       "settings": rep["settings"], "date": when,
                       "elo": {b["bot"]: round(b["elo"], 1) for b in rep["bots"]}},
    }
    out["classes"] = dict(sorted(out["classes"].items()))
    return out

"""Elo ratings fitted to pairwise results: the Bradley-Terry model by maximum likelihood.

Each game gives pairwise outcomes between the bots of opposing seats (1 win, 0.5 draw, 0 loss,
by score). Ratings ``θ`` (natural units) maximise

    Σ_pairs  s_ij · log σ(θ_i − θ_j) + (1 − s_ij) · log σ(θ_j − θ_i)  −  λ/2 · Σ θ_i²

(a weak Gaussian prior, so a bot that never lost keeps a finite rating); Newton's method
converges in a few steps. Elo = 400 / ln 10 · θ, shifted so the mean rating is 1500. The
standard errors come from the (pseudo-)inverse of the Hessian, for the centred ratings.

>>> r = fit_elo(["a", "b"], [("a", "b", 1.0)] * 75 + [("a", "b", 0.0)] * 25)
>>> round(r["a"]["elo"] - r["b"]["elo"])    # 75% expected score: about 191 Elo
191
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

ELO_PER_NAT = 400.0 / math.log(10.0)
PRIOR = 1 / 16  # λ: a prior standard deviation of 4 nats (about 1700 Elo): weak


def fit_elo(names: Sequence[str], outcomes: Iterable[tuple[str, str, float]],
            prior: float = PRIOR, mean: float = 1500.0) -> dict[str, dict[str, float]]:
    """Ratings of ``names`` from outcomes ``(a, b, score of a against b)``.

    Returns ``{name: {"elo", "se", "games"}}`` (``se``: standard error in Elo points).

    >>> r = fit_elo(["x", "y", "z"], [("x", "y", 0.5)] * 10)
    >>> r["x"]["elo"] == r["y"]["elo"], r["z"]["games"]
    (True, 0)
    """
    idx = {n: i for i, n in enumerate(names)}
    m = len(names)
    wins = np.zeros((m, m))  # wins[i, j]: score of i against j, summed
    games = np.zeros((m, m))
    for a, b, s in outcomes:
        i, j = idx[a], idx[b]
        if i == j:
            continue
        wins[i, j] += s
        wins[j, i] += 1.0 - s
        games[i, j] += 1
        games[j, i] += 1
    theta = np.zeros(m)
    cov = np.zeros((m, m))
    for _ in range(100):
        d = theta[:, None] - theta[None, :]
        p = 1.0 / (1.0 + np.exp(-d))  # p[i, j] = P(i beats j)
        grad = (wins - games * p).sum(axis=1) - prior * theta
        w = games * p * (1 - p)
        hess = w.copy()
        np.fill_diagonal(hess, 0.0)
        hess[np.diag_indices(m)] = -w.sum(axis=1) + np.diag(w)
        hess -= prior * np.eye(m)
        # the pseudo-inverse fixes the free offset when there is no prior (ratings sum to 0)
        cov = np.linalg.pinv(-hess)
        step = cov @ grad
        theta += step
        if np.abs(step).max() < 1e-10:
            break
    theta -= theta.mean()
    # the ratings are centred: their covariance is that of the centred vector (the prior's
    # uncertainty about a common offset does not count)
    centre = np.eye(m) - 1.0 / m
    cov = centre @ cov @ centre
    out = {}
    for n, i in idx.items():
        se = math.sqrt(max(cov[i, i], 0.0)) * ELO_PER_NAT
        out[n] = {"elo": float(mean + theta[i] * ELO_PER_NAT), "se": se,
                  "games": int(games[i].sum())}
    return out


def expected_score(elo_a: float, elo_b: float) -> float:
    """The Elo expected score of a against b.

    >>> round(expected_score(1700, 1500), 3)
    0.76
    """
    return 1.0 / (1.0 + 10 ** ((elo_b - elo_a) / 400.0))

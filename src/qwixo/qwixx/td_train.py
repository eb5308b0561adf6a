"""Learning the ``td`` value function (:mod:`qwixo.qwixx.td`) by self-play in the batch kernel.

:func:`generate` plays games with the batch turn loop (:func:`qwixo.qwixx.batch.play`, one turn
at a time) and writes down, at a share ``keep`` of the positions where a roll is due, every
player's features with the player's final win share (a shared first place counts as a share) as
its label. :func:`fit` fits the logistic model to them (Newton's method on the cross-entropy,
a little L2). :func:`train` is policy iteration: generation 0 is played by the ``odds`` and
``ev`` rules, every later one by the greedy ``td`` policy of the weights before it; each
generation's weights are fitted to its own games (Monte Carlo regression: TD(1)) together with
the previous generation's. ``benchmarks/qwixx_td.py`` is the command line.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx import batch, td
from qwixo.qwixx import kernels as K
from qwixo.qwixx.batch import _below, _fresh, _mix, play
from qwixo.qwixx.kernels import ACTIVE, CLOSED, NPL, OPTS_SIZE, P_OVER, PB, PHASE, H
from qwixo.qwixx.odds import W_SIZE, weights
from qwixo.qwixx.td import NX, TD, features


@njit(cache=True)
def _generate(n, P, seed, lucky, policies, T, prm, wcell, keep, X, Y):
    s = np.zeros(H + P * PB, np.int64)
    fixed = np.empty(P, np.int64)
    sdice = np.zeros((0, 6), np.int64)
    schoice = np.zeros(0, np.int64)
    trace = np.zeros((0, batch.TRACE_WIDTH), np.int64)
    opts = np.empty(OPTS_SIZE, np.int64)
    w = np.empty(W_SIZE, np.int64)
    ev = np.zeros((0, 5), np.int64)
    choice = np.empty(P, np.int64)
    who = np.empty(X.shape[0], np.int64)
    sc = np.empty(P, np.int64)
    rng = np.empty(1, np.uint64)
    m = 0
    for g in range(n):
        _fresh(s, P, lucky, g % P)
        fixed[:] = -2
        rng[0] = _mix(seed * 1000003 + g)
        start = m
        while s[PHASE] != P_OVER:
            if _below(rng, 1 << 20) < keep * (1 << 20) and m + P <= X.shape[0]:
                for q in range(P):
                    features(s, q, s, H + q * PB, s[CLOSED], s[ACTIVE], T, wcell, X[m])
                    who[m] = q
                    m += 1
            play(s, T, fixed, policies, rng, sdice, schoice, trace, 1, opts, w, ev, choice,
                 prm, wcell)
        best = -1 << 40
        for p in range(s[NPL]):
            sc[p] = K.score(s, H + p * PB, T, True)
            if sc[p] > best:
                best = sc[p]
        ties = 0
        for p in range(P):
            if sc[p] == best:
                ties += 1
        for j in range(start, m):
            Y[j] = 1.0 / ties if sc[who[j]] == best else 0.0
    return m


def generate(edition_name: str, games: int, players: int, seed: int,
             policies: list[str], td_weights: Any = None, keep: float = 0.25,
             params: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """Features ``X`` and win-share labels ``Y`` of ``games`` kernel games (seats following
    ``policies``, the first player rotating), at a share ``keep`` of the roll positions."""
    tab = batch.tables(edition_name)
    pol = np.array([batch.POLICY_IDS[p] for p in policies], np.int64)
    prm = batch._seat_params(params, pol, tab.name, td_weights)
    cap = int(games * 40 * keep * players) + 64 * players
    X = np.zeros((cap, NX), np.float64)
    Y = np.zeros(cap, np.float64)
    m = _generate(games, players, int(seed) % (1 << 62),
                  batch.default_lucky(tab.name, players), pol, tab.T, prm,
                  weights(tab.name), float(keep), X, Y)
    return X[:m], Y[:m]


def fit(X: np.ndarray, Y: np.ndarray, l2: float = 1e-3, iters: int = 25,
        w0: np.ndarray | None = None) -> np.ndarray:
    """Logistic regression of the shares ``Y`` on ``X`` (Newton's method, L2 ``l2`` per
    sample on every weight but the bias)."""
    n, d = X.shape
    w = np.zeros(d) if w0 is None else np.array(w0, np.float64)
    reg = np.full(d, l2 * n)
    reg[_bias_index()] = 0.0
    for _ in range(iters):
        z = np.clip(X @ w, -30, 30)
        p = 1.0 / (1.0 + np.exp(-z))
        g = X.T @ (p - Y) + reg * w
        h = (X * (p * (1 - p))[:, None]).T @ X + np.diag(reg) + 1e-9 * np.eye(d)
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def _bias_index() -> int:
    from qwixo.qwixx.td import FEATURE_NAMES

    return FEATURE_NAMES.index("bias")


def log_loss(X: np.ndarray, Y: np.ndarray, w: np.ndarray) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(X @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-(Y * np.log(p) + (1 - Y) * np.log(1 - p)).mean())


def train(edition_name: str, players: int = 2, games: int = 20000, generations: int = 3,
          seed: int = 1, keep: float = 0.25, log: Any = print) -> dict[str, Any]:
    """Policy iteration (see the module docstring); returns the last weights and, per
    generation, the log loss on fresh games of that generation's policy."""
    t0 = time.perf_counter()
    P = players
    mixes = [["odds"] * P, ["ev"] * P, (["odds", "ev"] * P)[:P]]
    Xs, Ys = [], []
    for k, pol in enumerate(mixes):
        X, Y = generate(edition_name, games // len(mixes), P, seed * 1009 + k, pol, keep=keep)
        Xs.append(X)
        Ys.append(Y)
    X, Y = np.concatenate(Xs), np.concatenate(Ys)
    w = fit(X, Y)
    hist = [{"generation": 0, "samples": int(len(Y)), "loss": log_loss(X, Y, w),
             "seconds": time.perf_counter() - t0}]
    log(f"{edition_name}/{P} gen 0: {len(Y)} samples, log loss {hist[-1]['loss']:.4f}, "
        f"{hist[-1]['seconds']:.0f} s")
    prevX, prevY = X, Y
    for gen in range(1, generations + 1):
        X, Y = generate(edition_name, games, P, seed * 1009 + 100 * gen, ["td"] * P,
                        td_weights=w, keep=keep)
        w = fit(np.concatenate([prevX, X]), np.concatenate([prevY, Y]), w0=w)
        hist.append({"generation": gen, "samples": int(len(Y)), "loss": log_loss(X, Y, w),
                     "seconds": time.perf_counter() - t0})
        log(f"{edition_name}/{P} gen {gen}: {len(Y)} samples, log loss "
            f"{hist[-1]['loss']:.4f}, {hist[-1]['seconds']:.0f} s")
        prevX, prevY = X, Y
    return {"weights": w, "history": hist}


def value_of(game: Any, player: int, wts: np.ndarray | None = None) -> float:
    """The learnt win chance of ``player`` in a contract game (its sheets as they are; the
    current roll's decisions not taken into account), for inspection and tests."""
    from qwixo.qwixx.odds import DEFAULT_PARAMS, weights

    pos = batch.state_of(game)
    s = batch.pack(pos)
    s[K.PHASE] = K.P_ROLL
    tab = batch.tables(pos.edition)
    if wts is None:
        wts = td.load_weights(pos.edition, pos.players)
    row = td.seat_row(DEFAULT_PARAMS, wts)
    if game.is_over:
        s[K.PHASE] = K.P_OVER
    return float(td.value(s, player, tab.T, weights(tab.name), row))


def features_of(s: np.ndarray, q: int, edition_name: str, nxt: int | None = None) -> np.ndarray:
    """The features of the kernel state ``s`` for player ``q`` (``nxt``: who rolls next,
    default the active player)."""
    from qwixo.qwixx.odds import weights

    tab = batch.tables(edition_name)
    x = np.zeros(td.NX, np.float64)
    who = int(s[K.ACTIVE]) if nxt is None else nxt
    td.features(s, q, s, K.H + q * PB, int(s[K.CLOSED]), who, tab.T, weights(tab.name), x)
    return x


__all__ = ["generate", "fit", "train", "log_loss", "value_of", "features_of", "TD"]

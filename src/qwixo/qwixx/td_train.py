"""Learning the ``td`` value function (:mod:`qwixo.qwixx.td`) by self-play in the batch kernel.

:func:`generate` plays games with the batch turn loop (:func:`qwixo.qwixx.batch.play`, one turn
at a time) and writes down, at a share ``keep`` of the positions where a roll is due, every
player's features with the player's final win share (a shared first place counts as a share) as
its label (or, with ``lam`` < 1, its lambda-return under the value function that played:
TD(lambda)). :func:`fit` fits the logistic model to them (Newton's method on the
cross-entropy, a little L2), :func:`fit_net` the network with hidden tanh units
(:func:`qwixo.qwixx.td.model_value`; Adam on minibatches, numpy only). :func:`train` is policy iteration: generation 0 is played by the ``odds`` and
``ev`` rules, every later one by the greedy ``td`` policy of the weights before it; each
generation's weights are fitted to its own games (Monte Carlo regression: TD(1)) together with
the previous generation's. :func:`train_against` learns weights against a fixed opponent
rule (key ``edition/players@rule``, :func:`qwixo.qwixx.td.rule_weights`).
``tools/qwixx_td_train.py`` is the command line; :func:`td_shares`, :func:`mixed_table` and
:func:`write_copy` are its checks and its file, shared with the research scripts.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx import batch, td
from qwixo.qwixx import kernels as K
from qwixo.qwixx.batch import below, mix, play, play_scratch
from qwixo.qwixx.kernels import ACTIVE, CLOSED, P_OVER, PB, PHASE, H
from qwixo.qwixx.odds import N_PARAMS, weights
from qwixo.qwixx.td import NX, TD, features

#: the most roll positions of one game whose values are kept for the lambda-returns
MAX_ROLLS = 1024


@njit(cache=True)
def _generate(n, P, seed, lucky, policies, T, prm, wcell, keep, X, Y, lam, vrow, record):
    s, fixed, sdice, schoice, trace, opts, w, ev, choice, rng = play_scratch(P)
    who = np.empty(X.shape[0], np.int64)
    when = np.empty(X.shape[0], np.int64)
    share = np.empty(P, np.float64)
    vals = np.empty((MAX_ROLLS + 1, P), np.float64)
    ret = np.empty((MAX_ROLLS + 1, P), np.float64)
    boot = lam < 1.0
    m = 0
    for g in range(n):
        K.fresh_game(s, P, lucky, g % P)
        fixed[:] = -2
        rng[0] = mix(seed * 1000003 + g)
        start = m
        t = 0
        while s[PHASE] != P_OVER:
            if boot and t < MAX_ROLLS:
                for q in range(P):
                    vals[t, q] = td.value(s, q, T, wcell, vrow)
            if below(rng, 1 << 20) < keep * (1 << 20) and m + P <= X.shape[0]:
                for q in range(P):
                    if record[q] == 0:
                        continue
                    features(s, q, s, H + q * PB, s[CLOSED], s[ACTIVE], T, wcell, X[m])
                    who[m] = q
                    when[m] = t
                    m += 1
            play(s, T, fixed, policies, rng, sdice, schoice, trace, np.int64(1), opts, w, ev, choice,
                 prm, wcell)
            t += 1
        for p in range(P):  # the final win shares
            share[p] = td.final_share(s, p, s, H + p * PB, T)
        if boot and t <= MAX_ROLLS:
            # the lambda-returns, backwards: G_t = (1 - lam) V(s_t+1) + lam G_t+1, G_end = share
            for p in range(P):
                ret[t, p] = share[p]
            for u in range(t - 1, -1, -1):
                for p in range(P):
                    nv = share[p] if u + 1 == t else vals[u + 1, p]
                    ret[u, p] = (1.0 - lam) * nv + lam * ret[u + 1, p]
            for j in range(start, m):
                Y[j] = ret[when[j], who[j]]
        else:
            for j in range(start, m):
                Y[j] = share[who[j]]
    return m


def generate(edition_name: str, games: int, players: int, seed: int,
             policies: list[str], td_weights: Any = None, keep: float = 0.25,
             params: Any = None, lam: float = 1.0,
             value_weights: Any = None,
             record: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """Features ``X`` and win-share labels ``Y`` of ``games`` kernel games (seats following
    ``policies``, the first player rotating), at a share ``keep`` of the roll positions.

    ``lam`` < 1 (with ``value_weights``, default ``td_weights``): the labels are the
    lambda-returns (TD(lambda)) of the value function with those weights over the game's roll
    positions instead of the final share (1: Monte Carlo). ``record``: the seats whose
    positions are written down (default every seat)."""
    tab = batch.tables(edition_name)
    pol = np.array([batch.POLICY_IDS[p] for p in policies], np.int64)
    prm = batch.seat_params(params, pol, tab.name, td_weights)
    cap = int(games * 40 * keep * players) + 64 * players
    vw = td_weights if value_weights is None else value_weights
    if lam < 1.0 and vw is None:
        raise ValueError("lambda-returns need value weights")
    vrow = td.seat_row(prm[0, :N_PARAMS], vw if lam < 1.0 else np.zeros(NX))
    X = np.zeros((cap, NX), np.float64)
    Y = np.zeros(cap, np.float64)
    rec = np.ones(players, np.int64)
    if record is not None:
        rec[:] = 0
        rec[list(record)] = 1
    m = _generate(games, players, int(seed) % (1 << 62),
                  batch.default_lucky(tab.name, players, seed), pol, tab.T, prm,
                  weights(tab.name), float(keep), X, Y, float(lam), vrow, rec)
    return X[:m], Y[:m]


def fit(X: np.ndarray, Y: np.ndarray, l2: float = 1e-3, iters: int = 25,
        w0: np.ndarray | None = None) -> np.ndarray:
    """Logistic regression of the shares ``Y`` on ``X`` (Newton's method, L2 ``l2`` per
    sample on every weight but the bias)."""
    n, d = X.shape
    w = np.zeros(d) if w0 is None else np.array(td.pad_weights(w0)[:d])
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


def fit_net(X: np.ndarray, Y: np.ndarray, hidden: int, w0: np.ndarray | None = None,
            epochs: int = 12, batch_size: int = 2048, lr: float = 3e-3, l2: float = 1e-6,
            seed: int = 0, holdout: float = 0.1, log: Any = None) -> np.ndarray:
    """The value network (:func:`qwixo.qwixx.td.model_value`: the linear part plus ``hidden``
    tanh units) fitted to the shares ``Y`` by Adam on the cross-entropy (minibatches, a little
    L2), on standardised features whose scaling is folded back into the weights. It starts from
    ``w0`` (with as many hidden units: else a logistic fit and small random units) and keeps
    the epoch with the lowest loss on a held-out share ``holdout`` of the samples (whole
    samples at random)."""
    rng = np.random.default_rng(seed)
    if w0 is not None:
        w0 = td.pad_weights(w0)
    n, d = X.shape
    bi = _bias_index()
    mu = X.mean(axis=0)
    sd = X.std(axis=0)
    mu[bi], sd[bi] = 0.0, 1.0
    sd[sd < 1e-9] = 1.0
    Z = (X - mu) / sd
    Z[:, bi] = 1.0
    perm = rng.permutation(n)
    nv = int(n * holdout)
    va, tr = perm[:nv], perm[nv:]

    def to_std(u):  # raw weights of one dot product -> on the standardised features
        out = u * sd
        out[bi] = u[bi] + u @ mu  # mu[bi] = 0
        return out

    def to_raw1(u):
        out = u / sd
        out[bi] = u[bi] - out @ mu
        return out

    def split(w):
        h = td.hidden_units(w)
        Uv = w[d:].reshape(h, d + 1)
        return (to_std(w[:d]), np.array([to_std(r[:d]) for r in Uv]).reshape(h, d),
                Uv[:, d].copy())

    def to_raw(lin, U, v):
        w = np.zeros(d + hidden * (d + 1))
        w[:d] = to_raw1(lin)
        for k in range(hidden):
            o = d + k * (d + 1)
            w[o:o + d] = to_raw1(U[k])
            w[o + d] = v[k]
        return w

    if w0 is not None and td.hidden_units(w0) == hidden:
        lin, U, v = split(np.asarray(w0, np.float64))
    else:
        lin0 = fit(X[tr], Y[tr]) if w0 is None else np.asarray(w0, np.float64)[:d]
        lin = to_std(lin0)
        U = rng.normal(0.0, 1.0 / np.sqrt(d), (hidden, d))
        v = rng.normal(0.0, 0.01, hidden)

    def loss_of(idx, lin, U, v):  # the model's loss on the samples idx (raw weights)
        return log_loss(X[idx], Y[idx], to_raw(lin, U, v))

    params = [lin, U, v]
    m1 = [np.zeros_like(a) for a in params]
    m2 = [np.zeros_like(a) for a in params]
    t = 0
    best = (loss_of(va, lin, U, v), [a.copy() for a in params]) if nv else None
    for ep in range(epochs):
        rate = lr * (0.5 ** (ep / max(1, epochs / 3)))
        order = rng.permutation(tr)
        for i in range(0, len(order), batch_size):
            idx = order[i:i + batch_size]
            zz = Z[idx]
            hid = np.tanh(zz @ U.T)
            z = zz @ lin + hid @ v
            p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
            g = (p - Y[idx]) / len(idx)
            gl = zz.T @ g + l2 * lin
            gv = hid.T @ g + l2 * v
            gh = np.outer(g, v) * (1.0 - hid * hid)
            gU = gh.T @ zz + l2 * U
            t += 1
            for a, ga, a1, a2 in zip(params, (gl, gU, gv), m1, m2, strict=True):
                a1 *= 0.9
                a1 += 0.1 * ga
                a2 *= 0.999
                a2 += 0.001 * ga * ga
                a -= rate * (a1 / (1 - 0.9 ** t)) / (np.sqrt(a2 / (1 - 0.999 ** t)) + 1e-8)
        if nv:
            lv = loss_of(va, lin, U, v)
            if log:
                log(f"    epoch {ep}: held-out log loss {lv:.5f}")
            if lv < best[0]:
                best = (lv, [a.copy() for a in params])
    if nv:
        lin, U, v = best[1]
    return to_raw(lin, U, v)


def average_networks(ws: list[Any], coef: list[float] | None = None) -> np.ndarray:
    """One network whose log-odds are the weighted mean (``coef``, default equal weights) of
    the log-odds of the networks ``ws`` (any hidden units, either layout): the linear weights
    averaged, the hidden units of every member side by side with their output weights scaled
    (an ensemble in the format of one network: :func:`qwixo.qwixx.td.hidden_units` is the sum,
    at most :data:`qwixo.qwixx.td.HMAX`).

    >>> rng = np.random.default_rng(0)
    >>> a = rng.normal(0, 0.2, td.NX + 2 * (td.NX + 1)); b = rng.normal(0, 0.2, td.NX)
    >>> X = rng.normal(0, 1, (3, td.NX)); logit = lambda p: np.log(p / (1 - p))
    >>> m = average_networks([a, b])
    >>> td.hidden_units(m), bool(np.allclose(logit(td.model_value(X, m)),
    ...     (logit(td.model_value(X, a)) + logit(td.model_value(X, b))) / 2))
    (2, True)
    """
    ws = [td.pad_weights(w) for w in ws]
    coef = [1.0 / len(ws)] * len(ws) if coef is None else list(coef)
    nx = td.NX
    lin = sum(c * w[:nx] for c, w in zip(coef, ws, strict=True))
    units = []
    for c, w in zip(coef, ws, strict=True):
        U = w[nx:].reshape(td.hidden_units(w), nx + 1).copy()
        U[:, nx] *= c
        units.append(U)
    out = np.concatenate([lin, np.concatenate(units).ravel()])
    td.layout(len(out))  # refuses more than HMAX units
    return out


def _bias_index() -> int:
    from qwixo.qwixx.td import FEATURE_NAMES

    return FEATURE_NAMES.index("bias")


def log_loss(X: np.ndarray, Y: np.ndarray, w: np.ndarray) -> float:
    """The mean cross-entropy of the model ``w`` (any hidden units) on the samples."""
    p = np.clip(td.model_value(X, w), 1e-9, 1 - 1e-9)
    return float(-(Y * np.log(p) + (1 - Y) * np.log(1 - p)).mean())


def train(edition_name: str, players: int = 2, games: int = 20000, generations: int = 3,
          seed: int = 1, keep: float = 0.25, log: Any = print, hidden: int = 0,
          epochs: int = 12, lam: float = 1.0,
          init: np.ndarray | None = None) -> dict[str, Any]:
    """Policy iteration (see the module docstring); returns the last weights and, per
    generation, the log loss on fresh games of that generation's policy. ``hidden`` > 0: the
    value network with that many tanh units (:func:`fit_net`, ``epochs`` passes a
    generation), else the logistic model (:func:`fit`). ``lam`` < 1: the td generations are
    labelled by lambda-returns of the weights that played them (:func:`generate`). ``init``:
    weights to start the generation 0 fit from (e.g. the shipped ones, padded to the current
    features: :func:`qwixo.qwixx.td.pad_weights`) instead of a logistic fit."""

    def refit(X, Y, w0):
        if hidden:
            return fit_net(X, Y, hidden, w0=w0, epochs=epochs, seed=seed)
        return fit(X, Y, w0=w0)

    t0 = time.perf_counter()
    P = players
    mixes = [["odds"] * P, ["ev"] * P, (["odds", "ev"] * P)[:P]]
    Xs, Ys = [], []
    for k, pol in enumerate(mixes):
        X, Y = generate(edition_name, games // len(mixes), P, seed * 1009 + k, pol, keep=keep)
        Xs.append(X)
        Ys.append(Y)
    X, Y = np.concatenate(Xs), np.concatenate(Ys)
    w = refit(X, Y, None if init is None else td.pad_weights(init))
    hist = [{"generation": 0, "samples": int(len(Y)), "loss": log_loss(X, Y, w),
             "seconds": time.perf_counter() - t0}]
    log(f"{edition_name}/{P} gen 0: {len(Y)} samples, log loss {hist[-1]['loss']:.4f}, "
        f"{hist[-1]['seconds']:.0f} s")
    prevX, prevY = X, Y
    for gen in range(1, generations + 1):
        X, Y = generate(edition_name, games, P, seed * 1009 + 100 * gen, ["td"] * P,
                        td_weights=w, keep=keep, lam=lam)
        w = refit(np.concatenate([prevX, X]), np.concatenate([prevY, Y]), w)
        hist.append({"generation": gen, "samples": int(len(Y)), "loss": log_loss(X, Y, w),
                     "seconds": time.perf_counter() - t0})
        log(f"{edition_name}/{P} gen {gen}: {len(Y)} samples, log loss "
            f"{hist[-1]['loss']:.4f}, {hist[-1]['seconds']:.0f} s")
        prevX, prevY = X, Y
    return {"weights": w, "history": hist}


def train_against(edition_name: str, players: int, rule: str, games: int = 30000,
                  generations: int = 2, seed: int = 1, keep: float = 0.25, log: Any = print,
                  hidden: int | None = None, epochs: int = 8,
                  w0: np.ndarray | None = None) -> dict[str, Any]:
    """Policy iteration against a fixed opponent: in every generation the learner (seat 0,
    the first player rotating) plays the greedy ``td`` policy of the current weights (at first
    ``w0``, default the shipped ``edition/players`` ones) against ``rule`` (a batch policy:
    ``gap``, ``race``, ``odds``, ``ev``) in the other seats; only the learner's positions are
    written down, labelled by its final win share, and the weights are refitted to them
    (with the previous generation's), starting from the current ones (``hidden`` units, by
    default as many as ``w0`` has). Returns the last weights and the per-generation log loss
    on that generation's games."""
    t0 = time.perf_counter()
    P = players
    w = td.load_weights(edition_name, P) if w0 is None else td.pad_weights(w0)
    h = td.hidden_units(w) if hidden is None else hidden
    pol = ["td"] + [rule] * (P - 1)
    hist = []
    prevX = prevY = None
    for gen in range(1, generations + 1):
        X, Y = generate(edition_name, games, P, seed * 1009 + 7000 + 100 * gen, pol,
                        td_weights=w, keep=keep, record=[0])
        before = log_loss(X, Y, w)
        aX = X if prevX is None else np.concatenate([prevX, X])
        aY = Y if prevY is None else np.concatenate([prevY, Y])
        if h:
            w = fit_net(aX, aY, h, w0=w, epochs=epochs, seed=seed + gen)
        else:
            w = fit(aX, aY, w0=w)
        hist.append({"generation": gen, "samples": int(len(Y)), "loss_before": before,
                     "loss": log_loss(X, Y, w), "win": float(Y.mean()),
                     "seconds": time.perf_counter() - t0})
        log(f"{edition_name}/{P}@{rule} gen {gen}: {len(Y)} samples, learner's mean share "
            f"{Y.mean():.3f}, log loss {before:.4f} -> {hist[-1]['loss']:.4f}, "
            f"{hist[-1]['seconds']:.0f} s")
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


# -- the training's checks and files (tools/qwixx_td_train.py, the experiments) --------------
#: the weights file the package ships (its ``commands`` are those that made it)
WEIGHTS_FILE = Path(td.__file__).resolve().parent / "data" / "td_weights.json"

#: the mixed table of ``--check`` with 3-5 players: the greedy ``td`` policy and the rules
MIXED = ("td", "odds", "ev", "gap", "race")


def mixed_table(edition: str, players: int, games: int, seed: int,
                weights: Any = None) -> dict[str, float]:
    """The win share of each policy of the lineup ``MIXED[:players]`` (one seat each), over
    ``games`` kernel games in every rotation of the seats on the same dice (paired, the first
    player rotating too)."""
    lineup = list(MIXED[:players])
    won = dict.fromkeys(lineup, 0.0)
    for rot in range(players):
        seats = lineup[rot:] + lineup[:rot]
        share = seat_shares(batch.run_games(edition, games, players, seed, seats, paired=True,
                                            td_weights=weights)["scores"])
        for k, name in enumerate(seats):
            won[name] += float(share[:, k].sum())
    return {name: w / (games * players) for name, w in won.items()}


def seat_shares(scores: np.ndarray) -> np.ndarray:
    """Each seat's win share of each game (``scores``: games x seats; a shared first place
    counts as a share).

    >>> seat_shares(np.array([[3, 1], [2, 2]])).tolist()
    [[1.0, 0.0], [0.5, 0.5]]
    """
    top = scores == scores.max(axis=1)[:, None]
    return np.where(top, 1.0 / top.sum(axis=1)[:, None], 0.0)


def td_shares(edition: str, players: int, opponent: str, games: int, seed: int,
              weights: Any) -> np.ndarray:
    """The greedy ``td`` policy's win share (seat 0) in each of ``games`` paired kernel games
    against ``opponent`` in the other seats."""
    return seat_shares(batch.run_games(edition, games, players, seed,
                                       ["td"] + [opponent] * (players - 1), paired=True,
                                       td_weights=weights)["scores"])[:, 0]


def write_copy(out: str | Path, key: str, wts: Any, command: str | None = None) -> None:
    """Write to ``out`` a copy of the shipped weights file with ``key`` replaced by ``wts``
    (rounded to 6 decimals, as the training writes them) and ``command``, if given, added to
    its ``commands``: a candidate for ``strong+weights=FILE``, or a file to ship."""
    data = json.loads(WEIGHTS_FILE.read_text("utf-8"))
    data["weights"][key] = [round(float(x), 6) for x in wts]
    if command is not None:
        data.setdefault("commands", []).append(command)
    Path(out).write_text(json.dumps(data, indent=0) + "\n", "utf-8")


__all__ = ["generate", "fit", "train", "train_against", "log_loss", "value_of", "features_of", "TD",
           "WEIGHTS_FILE", "mixed_table", "seat_shares", "td_shares", "write_copy"]

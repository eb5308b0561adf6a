"""Do the sheets' raw cells tell the 2-player classic value function more than its 58 features?

Usage::

    python experiments/qwixx_td_features.py [--games N] [--jobs J] [--seed S] [--hidden H]
        [--epochs E] [--inputs 58,58+raw,raw]

The value function ``td`` sees 58 engineered features of a position (``td.FEATURE_NAMES``).
The whole state that matters for the rest of a game is smaller and exact: per player and row
the crosses and the position of the last one, the penalties, the closed rows and who rolls
next (:func:`raw_names`). ``--games`` games of the greedy ``td`` policy against itself are played
through the contract (``--jobs`` processes; dice and games seeded from ``--seed``); at every
roll both players' 58 features and raw cells are written down with their final win share.
The same small network (``--hidden`` tanh units plus a linear part, Adam, inputs standardised,
the epoch with the lowest loss on a twentieth of the games kept) is fitted to each set of
``--inputs`` (``58``: the features, ``58+raw``: both, ``raw``: the cells alone), a fifth of the
games held out by game; printed: the held-out log loss of each fit and of the shipped weights.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
import time
from pathlib import Path

import numpy as np

# this folder for the imports below
sys.path.insert(0, str(Path(__file__).resolve().parent))
from qwixx_td_expert import self_play  # noqa: E402


def raw_of(game, q: int) -> list[float]:
    """The raw cells of ``game`` for player ``q`` (2 players), in the order of
    :func:`raw_names`: for the player and then the opponent, per row the crosses, the position
    after the last cross and the cells skipped (each scaled to about 0..1), then the
    penalties; then the closed rows and whether the player rolls next."""
    out: list[float] = []
    sheets = game.sheets_state
    for sh in (sheets[q], sheets[1 - q]):
        for r in range(4):
            c, nxt = int(sh.count[r]), int(sh.last[r]) + 1
            out += [c / 12.0, nxt / 11.0, (nxt - c) / 11.0]
        out.append(sh.penalties / 4.0)
    out += [float((game.closed >> r) & 1) for r in range(4)]
    out.append(1.0 if game.active == q else 0.0)
    return out


def raw_names() -> list[str]:
    """The names of :func:`raw_of`'s values."""
    names = []
    for who in ("me", "opp"):
        names += [f"{who}_row{r + 1}_{k}" for r in range(4) for k in ("crosses", "next", "skipped")]
        names.append(f"{who}_pen")
    return names + [f"closed_{r + 1}" for r in range(4)] + ["my_roll"]


def play_games(task: tuple[int, int, int]) -> tuple[np.ndarray, ...]:
    """Games ``lo .. hi - 1`` of greedy ``td`` against itself: ``(X, R, Y, G)`` — features,
    raw cells, final shares and game numbers of both players at every roll."""
    import qwixo
    from qwixo.qwixx import batch, td_train
    from qwixo.qwixx.rulebots import TdBot

    lo, hi, seed = task
    xs, rs, ys, gs = [], [], [], []
    for j in range(lo, hi):
        rng = random.Random(f"qwixx-features:{seed}:{j}")
        g = qwixo.new_game("qwixx", players=2, seed=seed * 100_003 + j)
        who: list[int] = []

        def record(g, who=who):
            s = batch.pack(batch.state_of(g))
            for q in range(2):
                xs.append(td_train.features_of(s, q, "classic"))
                rs.append(raw_of(g, q))
                who.append(q)

        share = self_play(g, [TdBot(), TdBot()], rng, record)
        ys += [share[q] for q in who]
        gs += [j] * len(who)
    return (np.array(xs, np.float32), np.array(rs, np.float32), np.array(ys, np.float32),
            np.array(gs, np.int64))


def generate(games: int, seed: int, jobs: int) -> tuple[np.ndarray, ...]:
    tasks = [(lo, min(games, lo + 250), seed) for lo in range(0, games, 250)]
    if jobs > 1:
        with mp.get_context("spawn").Pool(jobs) as pool:
            parts = pool.map(play_games, tasks)
    else:
        parts = [play_games(t) for t in tasks]
    return tuple(np.concatenate([p[k] for p in parts]) for k in range(4))


def fit(Z: np.ndarray, Y: np.ndarray, train: np.ndarray, stop: np.ndarray, hidden: int,
        epochs: int, lr: float = 3e-3, batch: int = 4096, seed: int = 1):
    """A network ``sigmoid(w·z + c + v·tanh(W z + b))`` on standardised ``Z`` fitted by Adam to
    the shares ``Y`` on the rows ``train``; the epoch with the lowest loss on ``stop`` is kept.
    Returns the prediction function."""
    mu, sd = Z[train].mean(0), Z[train].std(0)
    sd[sd < 1e-9] = 1.0
    rng = np.random.default_rng(seed)
    d = Z.shape[1]
    P = {"W": rng.normal(0, 1 / np.sqrt(d), (d, hidden)), "b": np.zeros(hidden),
         "v": rng.normal(0, 1 / np.sqrt(hidden), hidden), "w": np.zeros(d), "c": np.zeros(1)}
    m1 = {k: np.zeros_like(v) for k, v in P.items()}
    m2 = {k: np.zeros_like(v) for k, v in P.items()}

    def forward(Zs, P):
        h = np.tanh(Zs @ P["W"] + P["b"])
        return h, 1.0 / (1.0 + np.exp(-(h @ P["v"] + Zs @ P["w"] + P["c"])))

    def predict(Zraw, P=None):
        return forward((Zraw - mu) / sd, P or best[1])[1]

    idx = np.flatnonzero(train)
    best = (np.inf, P)
    t = 0
    for _ in range(epochs):
        rng.shuffle(idx)
        for k in range(0, len(idx), batch):
            i = idx[k:k + batch]
            Zs = (Z[i] - mu) / sd
            h, p = forward(Zs, P)
            g = (p - Y[i]) / len(i)
            gh = np.outer(g, P["v"]) * (1.0 - h * h)
            grads = {"W": Zs.T @ gh + 1e-6 * P["W"], "b": gh.sum(0), "v": h.T @ g,
                     "w": Zs.T @ g, "c": np.array([g.sum()])}
            t += 1
            for key, gr in grads.items():
                m1[key] = 0.9 * m1[key] + 0.1 * gr
                m2[key] = 0.999 * m2[key] + 0.001 * gr * gr
                P[key] = P[key] - lr * (m1[key] / (1 - 0.9 ** t)) / (
                    np.sqrt(m2[key] / (1 - 0.999 ** t)) + 1e-8)
        loss = log_loss(predict(Z[stop], P), Y[stop])
        if loss < best[0]:
            best = (loss, {k: v.copy() for k, v in P.items()})
    return predict


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--inputs", default="58,58+raw,raw")
    args = ap.parse_args(argv)
    from qwixo.qwixx import td

    t0 = time.perf_counter()
    X, R, Y, G = generate(args.games, args.seed, args.jobs)
    X, R, Y = X.astype(np.float64), R.astype(np.float64), Y.astype(np.float64)
    ids = np.unique(G)
    rng = np.random.default_rng(0)
    held = rng.permutation(ids)[:max(1, len(ids) // 5)]
    valid = np.isin(G, held)
    stop = np.isin(G, rng.permutation(ids[~np.isin(ids, held)])[:max(1, len(ids) // 20)])
    train = ~valid & ~stop
    print(f"{args.games} games of greedy td against itself: {len(Y)} samples, "
          f"{int(valid.sum())} held out by game ({time.perf_counter() - t0:.0f} s)", flush=True)
    shipped = td.model_value(X[valid], td.load_weights("classic", 2))
    print(f"held-out log loss of the shipped weights: {log_loss(shipped, Y[valid]):.5f}",
          flush=True)
    sets = {"58": X, "58+raw": np.hstack([X, R]), "raw": R}
    for name in args.inputs.split(","):
        predict = fit(sets[name], Y, train, stop, args.hidden, args.epochs)
        print(f"{name} inputs ({args.hidden} units): held-out log loss "
              f"{log_loss(predict(sets[name][valid]), Y[valid]):.5f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

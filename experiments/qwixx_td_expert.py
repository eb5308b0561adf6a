"""One step of expert iteration for the 2-player classic value function: the positions of games
``strong`` plays against itself, labelled by their outcome, and the network refitted to them.

Usage::

    python experiments/qwixx_td_expert.py [--games N] [--playouts P] [--jobs J] [--seed S]
        [--data FILE] [--fit-only] [--valid F] [--epochs E] [--lr R] [--out FILE]

The value function ``td`` is learnt from games of its own greedy policy (``td_train``), so it
values a position as the greedy policy would go on from it; ``strong`` plays better than that
policy and cuts its playouts with this value. Expert iteration labels positions with the
outcome of games of the stronger player instead. Here ``--games`` games of ``strong`` (with
``--playouts`` per option, the registry's other defaults) against itself, seats rotating, dice
and bots seeded from ``--seed``, through the public contract, ``--jobs`` processes; at every
roll both players' features (``td_train.features_of``) and their final win share are written
down. ``--data FILE`` (an ``.npz``) keeps them: a run with the same file adds its games to the
ones there (give each run its own ``--seed``), ``--fit-only`` fits what is there. The network
(the shipped one's 32 units) is refitted warm from the shipped weights (``td_train.fit_net``),
a share ``--valid`` of the games held out by game; printed: the held-out log loss of the
shipped and of the refitted weights on these games, and the shipped weights' calibration on
all of them (the samples in tenths of the predicted win chance: mean predicted, mean won). ``--out FILE``: the refit at
``classic/2`` in a copy of the shipped weights file, for ``strong+weights=FILE``
(``experiments/qwixx_ab.py``).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import sys
import time
from pathlib import Path

import numpy as np

from qwixo.qwixx.td_train import write_copy

KEY = "classic/2"


def self_play(g, bots, rng, record) -> list[float]:
    """Play the contract game ``g`` to its end, player ``p`` by ``bots[p]``, the dice from
    ``rng`` (closed rows' dice not rolled); ``record(g)`` at every roll, before it. Returns
    every player's final win share (a shared first place shared)."""
    while not g.is_over:
        if g.needs_roll:
            record(g)
            g.roll([rng.randint(1, 6) if k < 2 or not (g.closed >> (k - 2)) & 1 else None
                    for k in range(6)])
            continue
        for p in list(g.to_act):
            g.choose(p, bots[p].decide(g, p))
    sc = g.scores()
    best = max(sc)
    return [1.0 / sc.count(best) if v == best else 0.0 for v in sc]


def play_game(task: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Game ``j`` of ``strong`` against itself: features of both players at every roll and
    their final shares."""
    import qwixo
    from qwixo.qwixx import batch, td_train
    from qwixo.qwixx.strong import StrongBot

    j, seed, playouts = task
    rng = random.Random(f"qwixx-expert:{seed}:{j}")
    g = qwixo.new_game("qwixx", players=2, seed=seed * 100_003 + j)
    bots = [StrongBot(seed=rng.getrandbits(62), playouts=playouts) for _ in range(2)]
    xs, who = [], []

    def record(g):
        s = batch.pack(batch.state_of(g))
        for q in range(2):
            xs.append(td_train.features_of(s, q, "classic"))
            who.append(q)

    share = self_play(g, bots, rng, record)
    return np.array(xs, np.float32), np.array([share[q] for q in who], np.float32)


def generate(games: int, seed: int, playouts: int, jobs: int) -> tuple[np.ndarray, ...]:
    """``(X, Y, G)``: features, shares and each sample's game number."""
    tasks = [(j, seed, playouts) for j in range(games)]
    if jobs > 1:
        with mp.get_context("spawn").Pool(jobs) as pool:
            out = pool.map(play_game, tasks, chunksize=4)
    else:
        out = [play_game(t) for t in tasks]
    X = np.concatenate([x for x, _ in out])
    Y = np.concatenate([y for _, y in out])
    G = np.concatenate([np.full(len(y), seed * 1_000_000 + j, np.int64)
                        for j, (_, y) in enumerate(out)])
    return X, Y, G


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--playouts", type=int, default=64)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data", default=None)
    ap.add_argument("--fit-only", action="store_true")
    ap.add_argument("--valid", type=float, default=0.2)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    from qwixo.qwixx import td, td_train

    parts = []
    if args.data and Path(args.data).exists():
        d = np.load(args.data)
        parts.append((d["X"], d["Y"], d["G"]))
        print(f"{len(np.unique(d['G']))} games, {len(d['Y'])} samples from {args.data}")
    if not args.fit_only:
        t0 = time.perf_counter()
        new = generate(args.games, args.seed, args.playouts, args.jobs)
        print(f"{args.games} games of strong ({args.playouts} playouts/option) against itself: "
              f"{len(new[1])} samples, {time.perf_counter() - t0:.0f} s", flush=True)
        parts.append(new)
    X, Y, G = (np.concatenate([p[k] for p in parts]) for k in range(3))
    if args.data and not args.fit_only:
        np.savez_compressed(args.data, X=X, Y=Y, G=G)
    ids = np.unique(G)
    held = np.random.default_rng(0).permutation(ids)[:max(1, int(len(ids) * args.valid))]
    va = np.isin(G, held)
    Xt, Yt = X[~va].astype(np.float64), Y[~va].astype(np.float64)
    Xv, Yv = X[va].astype(np.float64), Y[va].astype(np.float64)
    shipped = td.load_weights("classic", 2)
    print(f"{len(ids)} games: {len(Yt)} samples to fit, {len(Yv)} held out by game "
          f"({len(held)} games); held-out log loss of the shipped weights "
          f"{td_train.log_loss(Xv, Yv, shipped):.5f}", flush=True)
    pred = td.model_value(X.astype(np.float64), shipped)
    edges = np.quantile(pred, np.linspace(0, 1, 11))
    cells = []
    for k in range(10):
        m = (pred >= edges[k]) & (pred <= edges[k + 1])
        cells.append(f"{pred[m].mean():.3f}/{Y[m].mean():.3f}")
    print("the shipped weights' win chance by tenth (predicted/won), all samples: "
          + " ".join(cells), flush=True)
    w = td_train.fit_net(Xt, Yt, td.hidden_units(shipped), w0=shipped, epochs=args.epochs,
                         lr=args.lr, batch_size=1024, holdout=0.05)
    print(f"refit warm from the shipped weights: held-out log loss "
          f"{td_train.log_loss(Xv, Yv, w):.5f}", flush=True)
    if args.out:
        write_copy(args.out, KEY, w)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

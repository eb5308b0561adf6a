"""Refit the 2-player classic ``td`` network on many self-play positions, valued on games held
out by game: does more data make a better value function?

Usage::

    python experiments/qwixx_td_refit.py [--members FILE,FILE,...] [--games N] [--keep K]
        [--valid N] [--hidden H] [--epochs E] [--lr R] [--scratch] [--check N] [--out FILE]

The data policy is the greedy policy of the average of ``--members`` (weights files at
``classic/2``, ``shipped`` for the package's; ``td_train.average_networks``, as
``experiments/qwixx_td_ensemble.py``): ``--games`` self-play kernel games (``keep`` of the roll
positions, both players; ``td_train.generate``, 100,000 games at a time), and ``--valid`` more
games on other seeds, held out by game. The network (``--hidden`` units) is fitted
(``td_train.fit_net``, minibatches of 4,096, 2 % of the samples for early stopping) warm from
the average (when it has ``--hidden`` units) or, with ``--scratch``, from a logistic fit.
Printed: the held-out log loss of the shipped weights, of the average and of the refit, and
with ``--check N`` the refit's greedy policy against ``odds``, ``ev``, ``gap`` on ``N`` paired
kernel games (seed 77, as ``qwixx_td_ensemble.py``). The ninth session's run:
``--members m1.json,PER_ROW.json --games 600000 --keep 0.1 --valid 40000 --hidden 64
--epochs 4 --lr 0.001 --check 40000`` (and ``--scratch --epochs 10 --lr 0.003``).
``--out FILE``: the refit at ``classic/2`` in a copy of the shipped weights file.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

# this folder for the imports below
sys.path.insert(0, str(Path(__file__).resolve().parent))
from qwixx_td_ensemble import check, member  # noqa: E402

from qwixo.qwixx import td, td_train  # noqa: E402
from qwixo.qwixx.td_train import write_copy  # noqa: E402

KEY = "classic/2"


def samples(w: np.ndarray, games: int, keep: float, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Features (float32) and win-share labels of ``games`` self-play games of ``w``'s greedy
    policy, 100,000 games at a time (seeds ``seed``, ``seed + 100000``, ...)."""
    xs, ys = [], []
    for k in range(0, games, 100_000):
        X, Y = td_train.generate("classic", min(100_000, games - k), 2, seed + k, ["td", "td"],
                                 td_weights=w, keep=keep)
        xs.append(X.astype(np.float32))
        ys.append(Y.astype(np.float32))
    return np.concatenate(xs), np.concatenate(ys)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--members", default="shipped")
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--keep", type=float, default=0.1)
    ap.add_argument("--valid", type=int, default=20_000)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--scratch", action="store_true")
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    base = td_train.average_networks([member(s, KEY) for s in args.members.split(",")])
    t0 = time.perf_counter()
    X, Y = samples(base, args.games, args.keep, 5000)
    Xv, Yv = td_train.generate("classic", args.valid, 2, 99991, ["td", "td"],
                               td_weights=base, keep=0.25)
    print(f"{len(Y)} training samples, {len(Yv)} held out by game "
          f"({time.perf_counter() - t0:.0f} s)", flush=True)
    shipped = td.load_weights("classic", 2)
    print(f"held-out log loss: shipped {td_train.log_loss(Xv, Yv, shipped):.5f}, "
          f"average of the members {td_train.log_loss(Xv, Yv, base):.5f}", flush=True)
    warm = None if args.scratch or td.hidden_units(base) != args.hidden else base
    t0 = time.perf_counter()
    w = td_train.fit_net(X.astype(np.float64), Y.astype(np.float64), args.hidden, w0=warm,
                         epochs=args.epochs, lr=args.lr, batch_size=4096, holdout=0.02)
    print(f"refit ({'warm' if warm is not None else 'from scratch'}, {args.hidden} units, "
          f"{time.perf_counter() - t0:.0f} s): held-out log loss "
          f"{td_train.log_loss(Xv, Yv, w):.5f}", flush=True)
    if args.check:
        r = check(w, "classic", 2, args.check, 77)
        print("refit greedy: " + ", ".join(f"vs {o} {100 * v:.2f}%" for o, v in r.items())
              + f"; mean {100 * np.mean(list(r.values())):.2f}%", flush=True)
    if args.out:
        write_copy(args.out, KEY, w)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

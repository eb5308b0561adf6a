"""Is a better ``td`` value function within reach? One policy-iteration step from the shipped
weights, measured on held-out games.

Usage::

    python experiments/qwixx_td_probe.py [--edition classic] [--players 2] [--games 100000]
        [--seed 1] [--check 4000] [--save DIR]

Plays ``--games`` kernel games of the greedy ``td`` policy of the shipped weights
(:func:`qwixo.qwixx.td_train.generate`: a quarter of the roll positions, every player's
features with its final win share), keeps the last 15% of the samples as held-out games (the
samples are written game by game, so a contiguous cut is a cut by game, unlike the random
held-out tenth of ``td_train.fit_net``), and fits two candidates to the rest: a 32-unit
network warm-started from the shipped weights (8 epochs) and a 64-unit one from scratch (10
epochs), both over all ``td.NX`` features. Prints the held-out log loss of the shipped weights
and of each candidate, in all and per quarter of the ``progress`` feature (early to late), and
with ``--check N`` the greedy policy of each against ``odds``, ``ev`` and ``gap`` (``N`` paired
kernel games, seed ``--seed`` + 7 as in ``tools/qwixx_td_train.py``), with the paired difference to the
shipped weights. ``--save DIR`` writes each candidate as a JSON list
(``StrongBot(weights=FILE)``, ``strong+weights=FILE`` in ``qwixx_strength.py``). Nothing is
written into the package.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np


def main(argv: list[str] | None = None) -> int:
    from qwixo.qwixx import td, td_train
    from qwixo.qwixx.td_train import td_shares

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check", type=int, default=0)
    ap.add_argument("--save", default="")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    base = td.load_weights(a.edition, a.players)
    X, Y = td_train.generate(a.edition, a.games, a.players, 90000 + a.seed,
                             ["td"] * a.players, td_weights=base)
    print(f"{a.games} games: {len(Y)} samples, {time.perf_counter() - t0:.0f} s", flush=True)
    cut = int(len(Y) * 0.85)
    Xtr, Ytr, Xte, Yte = X[:cut], Y[:cut], X[cut:], Y[cut:]
    prog = Xte[:, td.FEATURE_NAMES.index("progress")]
    qs = np.quantile(prog, [0, 0.25, 0.5, 0.75, 1.0])

    def report(name, w):
        parts = [td_train.log_loss(Xte[(prog >= lo) & (prog <= hi)],
                                   Yte[(prog >= lo) & (prog <= hi)], w)
                 for lo, hi in zip(qs[:-1], qs[1:], strict=True)]
        print(f"{name}: held-out log loss {td_train.log_loss(Xte, Yte, w):.5f} (by quarter of "
              f"progress: {' / '.join(f'{x:.4f}' for x in parts)}; training samples "
              f"{td_train.log_loss(Xtr, Ytr, w):.5f})", flush=True)

    report("shipped", base)
    cands = {}
    for name, h, w0, ep in (("h32warm", 32, base, 8), ("h64scratch", 64, None, 10)):
        t1 = time.perf_counter()
        w = td_train.fit_net(Xtr, Ytr, h, w0=w0, epochs=ep, seed=a.seed)
        print(f"{name}: fitted in {time.perf_counter() - t1:.0f} s", flush=True)
        report(name, w)
        cands[name] = w
        if a.save:
            Path(a.save).mkdir(parents=True, exist_ok=True)
            Path(a.save, f"{name}_s{a.seed}.json").write_text(
                json.dumps([round(float(x), 6) for x in w]))
    for opp in ("odds", "ev", "gap") if a.check else ():
        b = td_shares(a.edition, a.players, opp, a.check, a.seed + 7, base)
        line = f"greedy td vs {opp}: shipped {b.mean():.3f}"
        for name, w in cands.items():
            d = td_shares(a.edition, a.players, opp, a.check, a.seed + 7, w) - b
            line += (f"; {name} {b.mean() + d.mean():.3f} (difference {d.mean():+.3f} "
                     f"+- {1.96 * d.std(ddof=1) / np.sqrt(len(d)):.3f})")
        print(line, flush=True)
    print(f"total {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

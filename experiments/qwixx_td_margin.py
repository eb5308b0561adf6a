"""Margin-smoothed labels for the 2-player ``td`` value network: an experiment, not the
shipped training (``benchmarks/qwixx_td.py``).

Usage::

    python benchmarks/qwixx_td_margin.py [--games N] [--k 0,6] [--check N] [--seed S]
        [--out FILE]

Plays ``--games`` 2-player classic kernel games of the shipped greedy ``td`` policy (a quarter
of the roll positions written down: ``td_train.generate`` with ``margins=True``), labels
every position with ``sigmoid(margin / k)`` of the player's final score margin (``k`` = 0:
the usual win share, the control on the same data), fits the 32-unit network from the
shipped ``classic/2`` weights (``td_train.fit_net``, 8 epochs) for each ``k``, and plays each
candidate's greedy policy against ``odds``, ``ev`` and ``gap`` on the same ``--check`` paired
kernel deals as the shipped weights (``qwixx_td.td_shares``, dice seed ``--seed``), printing
the paired differences with their 95 % intervals. ``--out FILE``: a copy of the shipped
weights file with ``classic/2`` replaced by the candidate of the last ``k`` (for an A/B of
the ``strong`` bot).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from qwixx_td import td_shares, write_copy  # noqa: E402

from qwixo.qwixx import td, td_train  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=60000)
    ap.add_argument("--k", default="0,6")
    ap.add_argument("--check", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=8)
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    w0 = td.load_weights("classic", 2)
    X, _, M = td_train.generate("classic", args.games, 2, 777, ["td"] * 2, td_weights=w0,
                                keep=0.25, margins=True)
    m = len(M)
    print(f"{args.games} games, {m} samples, {time.perf_counter() - t0:.0f} s; "
          f"margin sd {M.std():.1f}", flush=True)
    ywin = np.where(M > 0, 1.0, np.where(M == 0, 0.5, 0.0))
    cands = {}
    for k in [float(x) for x in args.k.split(",")]:
        y = ywin if k == 0 else 1.0 / (1.0 + np.exp(-M / k))
        cands[k] = td_train.fit_net(X, y, 32, w0=w0, epochs=8, seed=1)
        print(f"k={k:g}: win-label log loss on the training games "
              f"{td_train.log_loss(X, ywin, cands[k]):.4f} (shipped "
              f"{td_train.log_loss(X, ywin, w0):.4f}), {time.perf_counter() - t0:.0f} s",
              flush=True)
    n = args.check
    for opp in ("odds", "ev", "gap") if n else ():
        b = td_shares("classic", 2, opp, n, args.seed, w0)
        line = f"greedy td vs {opp} ({n} paired games): shipped {b.mean():.3f}"
        for k, w in cands.items():
            d = td_shares("classic", 2, opp, n, args.seed, w) - b
            line += (f"; k={k:g} {b.mean() + d.mean():.3f} (difference {d.mean():+.3f} "
                     f"+- {1.96 * d.std(ddof=1) / np.sqrt(n):.3f})")
        print(line, flush=True)
    if args.out:
        write_copy(args.out, "classic/2", list(cands.values())[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())

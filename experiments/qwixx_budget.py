"""How the ``strong`` Qwixx bot spends a time budget: playouts and seconds per decision.

Usage::

    python experiments/qwixx_budget.py [--seconds T] [--games N] [--opponent odds] [--seed S]
        [--players P]

``strong`` with ``seconds=T`` plays ``--games`` classic games against ``--opponent`` (seat 0;
one warm-up decision first, so numba's compilation is not counted). For each of its
decisions with a choice: the wall-clock time, the options, the playouts of the chosen
option and of the whole decision. Printed: the mean and largest time per decision, the
median and mean playouts of the chosen option, the mean playouts per decision, the
playouts per second, and the share of decisions that ran to the deadline (at least 80% of
T). Wall-clock figures depend on the machine's load: say what it was.
"""

from __future__ import annotations

import argparse
import sys
import time


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    import qwixo
    from qwixo.qwixx.strong import StrongBot

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--opponent", default="odds")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    warm = qwixo.new_game("qwixx", players=args.players, seed=0)
    warm.roll()
    StrongBot(seconds=args.seconds, seed=0).decide(warm, 0)
    ts, best, total, nopt = [], [], [], []
    for j in range(args.games):
        g = qwixo.new_game("qwixx", players=args.players, seed=args.seed + j)
        me = StrongBot(seconds=args.seconds, seed=j)
        others = [qwixo.make_bot("qwixx", args.opponent, seed=j) for _ in range(args.players)]
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in list(g.to_act):
                if p == 0 and len(g.options(p)) > 1:
                    t0 = time.perf_counter()
                    ev = me.evaluate(g, p)
                    ts.append(time.perf_counter() - t0)
                    best.append(ev[0].n)
                    total.append(sum(e.n for e in ev))
                    nopt.append(len(ev))
                    choice = ev[0].option
                else:
                    choice = (me if p == 0 else others[p]).decide(g, p)
                g.choose(p, choice)
    ts_a = np.array(ts)
    print(f"{len(ts)} decisions with a choice in {args.games} games ({args.players} players, "
          f"seconds={args.seconds}): {1000 * ts_a.mean():.0f} ms per decision on average, "
          f"largest {1000 * ts_a.max():.0f} ms; options {np.mean(nopt):.1f} on average; "
          f"playouts of the chosen option: median {np.median(best):.0f}, mean "
          f"{np.mean(best):.0f}, largest {max(best)}; playouts per decision {np.mean(total):.0f} "
          f"on average; {sum(total) / ts_a.sum():.0f} playouts per second; "
          f"{100 * np.mean(ts_a >= 0.8 * args.seconds):.0f}% of the decisions ran to the deadline")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long the analysis of a whole game takes (``qwixo analyse``; the aim: a 5×5 Quixo game
and a 4-player Qwixx game in 10 s or less on 2 cores).

Usage: ``python benchmarks/analysis.py [--seconds 10] [--games 3] [--seed 1]``. Plays the games
with the bots (Quixo: ``greedy`` against ``easy``, 5×5 and 4×4; Qwixx: four ``odds`` bots,
classic; solitaire classic by ``odds``), then analyses each with the budget, and prints per game
the wall time, the decisions and the key moments. The first game of each kind includes the
kernels' compilation when the numba cache is cold (printed apart as "first"), and the 4×4 line
the database's solve when it is missing from the data directory.
"""

from __future__ import annotations

import argparse
import time

import qwixo
from qwixo.analysis import analyse


def play(name: str, bot_seed: int, **settings):
    g = qwixo.new_game(name, **settings)
    if name == "quixo":
        bots = [qwixo.make_bot("quixo", "greedy", seed=bot_seed),
                qwixo.make_bot("quixo", "easy", seed=bot_seed + 1)]
    else:
        bots = [qwixo.make_bot("qwixx", "odds", seed=bot_seed + p)
                for p in range(g.num_players)]
    while not g.is_over:
        if g.needs_roll:
            g.roll()
            continue
        p = g.to_act[0]
        g.choose(p, bots[p % len(bots)].decide(g, p))
    return g


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    cases = [("Quixo 5x5", "quixo", {"size": 5, "ply_limit": 200}),
             ("Quixo 4x4 (exact)", "quixo", {"size": 4, "ply_limit": 200}),
             ("Qwixx classic, 4 players", "qwixx", {"players": 4}),
             ("Qwixx classic solitaire (exact)", "qwixx", {"players": 1})]
    print(f"budget {args.seconds:g} s per game; {args.games} games per line")
    for label, name, settings in cases:
        times = []
        for k in range(args.games):
            g = play(name, args.seed + 17 * k, **({"seed": args.seed + k} if name == "qwixx"
                                                  else {}), **settings)
            t0 = time.perf_counter()
            a = analyse(g, seconds=args.seconds)
            wall = time.perf_counter() - t0
            times.append(wall)
            print(f"  {label:32} game {k + 1}: {len(a['points']):4d} decisions, "
                  f"{'exact' if a['exact'] else 'estimates'}, {wall:6.2f} s, key {a['key']}",
                  flush=True)
        later = times[1:] or times
        print(f"{label:34} first {times[0]:6.2f} s, then max {max(later):6.2f} s, "
              f"mean {sum(later) / len(later):6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Qwixx bot strength and batch-simulation speed figures.

Usage::

    python benchmarks/qwixx_strength.py [--games N] [--jobs J] [--seed S] [--edition E]
        [--players K] [--opponents random,race,gap,optimal] [--bench-seconds T]

1. Batch simulator speed: random-policy 4-player classic games per second on one core (the
   game of the C reference loop qwixx_fast.c; ``benchmarks/qwixx_batch.py`` runs the two side
   by side).
2. ``strong`` against every other bot: ``--games`` games each (seats rotated), the win rate
   with its 95% Wilson interval, mean scores, Elo difference (a shared win counts as a share).
3. The mean score of each bot in solitaire (``--solo N`` games, 0 to skip).
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games per match (default 200)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--opponents", default="random,race,gap,optimal")
    ap.add_argument("--bench-seconds", type=float, default=3.0)
    ap.add_argument("--solo", type=int, default=100, help="solitaire games per bot (0: skip)")
    args = ap.parse_args(argv)

    from qwixo.qwixx.batch import bench
    from qwixo.tournament.runner import run_tournament

    warnings.simplefilter("ignore", RuntimeWarning)  # optimal's fallback notice
    if args.bench_seconds > 0:
        r = bench(args.bench_seconds)
        print(f"batch kernel, random policy, 4-player classic, one core: "
              f"{r['games_per_s']:.0f} games/s ({r['rolls_per_game']:.2f} rolls/game, "
              f"mean score {r['mean_score']:.3f}; C reference: 24.02 rolls/game, 8.399)")
    for opp in [o for o in args.opponents.split(",") if o]:
        t0 = time.perf_counter()
        rep = run_tournament("qwixx", ["strong", opp], games=args.games, players=args.players,
                             edition=args.edition, jobs=args.jobs, seed=args.seed)
        s, o = rep["bots"]
        print(f"strong vs {opp} ({args.edition}, {args.players} players, {rep['games']} games): "
              f"win {100 * s['win_rate']:.1f}% [95% CI {100 * s['ci95'][0]:.1f}-"
              f"{100 * s['ci95'][1]:.1f}%], mean score {s['score']['mean']:.1f} vs "
              f"{o['score']['mean']:.1f}, Elo +{s['elo'] - o['elo']:.0f}, "
              f"{time.perf_counter() - t0:.0f} s", flush=True)
    if args.solo > 0:
        for bot in ["random", "race", "gap", "optimal", "strong"]:
            rep = run_tournament("qwixx", [bot], games=args.solo, players=1,
                                 edition=args.edition, jobs=args.jobs, seed=args.seed)
            sc = rep["bots"][0]["score"]
            half = 1.96 * sc["std"] / max(sc["n"], 1) ** 0.5
            print(f"solitaire {bot}: mean {sc['mean']:.1f} ± {half:.1f} (95% CI), "
                  f"median {sc['median']:.0f}, {sc['n']} games", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Qwixx solitaire solver: solve times, memory, and the optimal policy's simulated score.

Usage::

    python benchmarks/qwixx_solve.py                      # classic: solve, then simulate
    python benchmarks/qwixx_solve.py --editions classic,mixx-a,mixx-b --games 100000
    python benchmarks/qwixx_solve.py --editions longo --lucky 5,8 --estimate 20000
    python benchmarks/qwixx_solve.py --no-solve           # simulate with the saved table

For each edition it prints the optimal expected score, the solve time (wall and CPU), the
table's memory and the peak memory of the process; then it plays ``--games`` solitaire games
with the policy (numba kernel, the optimal bot's decisions) and ``--engine-games`` through the
real game engine with :class:`qwixo.qwixx.solitaire.OptimalBot`, and prints each mean with its
95% confidence interval. ``--estimate N`` times N sampled states instead of solving, and
extrapolates the CPU time of the full solve (for editions too slow to solve here).
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

import numpy as np


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _ci(x: np.ndarray) -> tuple[float, float]:
    return float(x.mean()), float(1.96 * x.std(ddof=1) / np.sqrt(len(x)))


def estimate(model, sample: int, seed: int = 0) -> dict:
    """CPU seconds of a full solve, extrapolated from timing ``sample`` random states of
    every level (on an empty table: the work per state does not depend on the values)."""
    from qwixo.qwixx.solitaire import canonical_states
    from qwixo.qwixx.solitaire_kernels import solve_block

    codes, _ = canonical_states(model)
    rng = np.random.default_rng(seed)
    pick = np.sort(rng.choice(len(codes), size=min(sample, len(codes)), replace=False))
    sub = np.ascontiguousarray(codes[pick])
    values = np.zeros((model.max_penalties, model.size))
    m = model
    args = (float(m.penalty_points), m.trans, m.gain, m.closed, m.count, m.nextpos, m.index_of,
            m.tgt_cnt, m.tgt_row, m.tgt_pos, m.lucky_mask, m.A, m.B, m.faces, m.pairswap)
    solve_block(values, 0, sub, 0, min(50, len(sub)), True, *args)  # compile / warm up
    c0, t0 = time.process_time(), time.perf_counter()
    solve_block(values, 0, sub, 0, len(sub), True, *args)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    total = len(codes) * model.max_penalties
    return {"states": total, "sampled": len(sub), "cpu_per_state_us": 1e6 * cpu / len(sub),
            "estimated_cpu_s": cpu / len(sub) * total, "estimated_wall_s": wall / len(sub) * total,
            "table_mb": values.nbytes / 2 ** 20}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--editions", default="classic")
    ap.add_argument("--lucky", default="5,8", help="Longo lucky numbers (A,B)")
    ap.add_argument("--games", type=int, default=100_000, help="games of the numba simulation")
    ap.add_argument("--engine-games", type=int, default=4000,
                    help="games through the real engine with OptimalBot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-solve", action="store_true", help="use the saved tables")
    ap.add_argument("--estimate", type=int, default=0, metavar="N",
                    help="only estimate the solve time from N sampled states")
    args = ap.parse_args(argv)

    import qwixo
    from qwixo.qwixx.solitaire import (
        OptimalBot,
        build_model,
        load_or_solve,
        simulate,
        solve,
        table_path,
    )

    for name in args.editions.split(","):
        lucky = tuple(int(x) for x in args.lucky.split(",")) if name == "longo" else None
        model = build_model(name, lucky)
        if args.estimate:
            est = estimate(model, args.estimate, args.seed)
            print(json.dumps({"edition": model.label, **{k: round(v, 2) if isinstance(v, float)
                                                          else v for k, v in est.items()}}))
            continue
        if args.no_solve:
            sol = load_or_solve(name, lucky, compute=False)
            if sol is None:
                print(f"{model.label}: no saved table", file=sys.stderr)
                return 1
        else:
            c0 = time.process_time()
            sol = solve(model, progress=sys.stderr.isatty())
            cpu = time.process_time() - c0
            sol.save(table_path(model.label))
            print(f"{model.label}: expected {sol.expected:.6f}  solve {sol.seconds:.1f} s wall, "
                  f"{cpu:.1f} s CPU  states {sol.states}  table "
                  f"{sol.values.nbytes / 2 ** 20:.0f} MB  peak RSS {_peak_mb():.0f} MB")
        t0 = time.perf_counter()
        scores, turns = simulate(sol, args.games, args.seed)
        mean, half = _ci(scores)
        print(f"{model.label}: policy simulation {args.games} games: mean {mean:.3f} ± {half:.3f}"
              f" (95% CI), sd {scores.std():.2f}, turns {turns.mean():.2f}, exact "
              f"{sol.expected:.4f}, {time.perf_counter() - t0:.1f} s")
        if args.engine_games:
            bot = OptimalBot(solution=sol)
            t0 = time.perf_counter()
            res = []
            for i in range(args.engine_games):
                g = qwixo.new_game("qwixx", edition=name, players=1, seed=args.seed * 100003 + i,
                                   lucky=[lucky] if lucky else None)
                while not g.is_over:
                    if g.needs_roll:
                        g.roll()
                    else:
                        g.choose(0, bot.decide(g, 0))
                res.append(g.scores()[0])
            mean, half = _ci(np.array(res, dtype=float))
            print(f"{model.label}: OptimalBot in the game engine {args.engine_games} games: mean "
                  f"{mean:.2f} ± {half:.2f} (95% CI), {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

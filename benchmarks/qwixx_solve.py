"""Qwixx solitaire solver: solve times, memory, and the optimal policy's simulated score.

Usage::

    python benchmarks/qwixx_solve.py                      # classic: solve, then simulate
    python benchmarks/qwixx_solve.py --editions classic,mixx-a,mixx-b --games 100000
    python benchmarks/qwixx_solve.py --editions longo --lucky 5,8 --estimate 20000
    python benchmarks/qwixx_solve.py --no-solve           # simulate with the saved table
    python benchmarks/qwixx_solve.py --estimate 40000 --compare-with /tmp/old_kernels.py
    python benchmarks/qwixx_solve.py --editions classic --threads 1 --no-save --games 0 \
        --engine-games 0 --compare-with tests/qwixx/solitaire_kernels_before.py

For each edition it prints the optimal expected score, the solve time (wall and CPU), the
table's memory and the peak memory of the process; then it plays ``--games`` solitaire games
with the policy (numba kernel, the optimal bot's decisions) and ``--engine-games`` through the
real game engine with :class:`qwixo.qwixx.solitaire.OptimalBot`, and prints each mean with its
95% confidence interval. ``--estimate N`` times N sampled states instead of solving, and
extrapolates the CPU time of the full solve (for editions too slow to solve here);
``--compare-with FILE`` times another version of ``solitaire_kernels.py`` on the same states
in the same run (twice each, alternating) and prints the largest difference of the values;
without ``--estimate`` it solves the whole edition with FILE's kernels too (after ours, same
process, same threads) and prints both times, both expected scores and the largest difference
of any state's value. ``tests/qwixx/solitaire_kernels_before.py`` is the kernel before issue
15 part 2. ``--threads N`` solves with N threads (default: every core).
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


def _kernel_module(path: str | None):
    """The solver kernels: ours, or those of another file (an older version, to compare)."""
    if path is None:
        from qwixo.qwixx import solitaire_kernels

        return solitaire_kernels
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(Path(path).stem, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # numba's cache finds the module again by its name
    spec.loader.exec_module(mod)
    return mod


def estimate(model, sample: int, seed: int = 0, kernels=None) -> dict:
    """CPU seconds of a full solve, extrapolated from timing ``sample`` random states of
    every level, on one thread's share of the states. The work per state depends on the
    values (the kernel compares only the options above the turn's base), so the states are
    valued with the saved table when there is one, else with random values."""
    from qwixo.qwixx.solitaire import Solution, canonical_states, table_path

    kernels = kernels or _kernel_module(None)
    codes, _ = canonical_states(model)
    rng = np.random.default_rng(seed)
    pick = np.sort(rng.choice(len(codes), size=min(sample, len(codes)), replace=False))
    sub = np.ascontiguousarray(codes[pick])
    path = table_path(model.label)
    source = "random"
    try:
        values = Solution.load(path).values.astype(np.float64)
        source = "saved table"
    except (OSError, ValueError, KeyError):
        values = np.random.default_rng(seed + 1).random((model.max_penalties, model.size)) * 50
    m = model
    args = (float(m.penalty_points), m.trans, m.gain, m.closed, m.count, m.nextpos, m.index_of,
            m.tgt_cnt, m.tgt_row, m.tgt_pos, m.lucky_mask, m.A, m.B, m.faces, m.pairswap)
    n_pen = model.max_penalties

    # one call for all the sampled states (sorted by decreasing level, so a state reads only
    # states valued before it, or table values): with one thread both kernels see the same
    # numbers, with more the chunks may race (fine for a timing)
    fused = hasattr(kernels, "solve_level")  # every penalty layer of a state at once

    def run(n, work):
        if fused:
            kernels.solve_level(work, sub, 0, n, *args)
        else:  # an older kernel: one penalty layer after the other
            for p in range(n_pen - 1, -1, -1):
                kernels.solve_block(work, p, sub, 0, n, p + 1 < n_pen, *args)
        return n * n_pen

    def table():  # a fresh copy, made outside the timing
        return np.ascontiguousarray(values.T) if fused else values.copy()

    run(min(50, len(sub)), table())  # compile / warm up
    work = table()
    c0, t0 = time.process_time(), time.perf_counter()
    done = run(len(sub), work)
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    if fused:
        work = np.ascontiguousarray(work.T)
    total = len(codes) * model.max_penalties
    return {"states": total, "sampled": len(sub), "values": source,
            "cpu_per_state_us": 1e6 * cpu / done,
            "estimated_cpu_s": cpu / done * total, "estimated_wall_s": wall / done * total,
            "table_mb": values.nbytes / 2 ** 20, "_result": work}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--editions", default="classic")
    ap.add_argument("--lucky", default="5,8", help="Longo lucky numbers (A,B)")
    ap.add_argument("--games", type=int, default=100_000, help="games of the numba simulation")
    ap.add_argument("--engine-games", type=int, default=4000,
                    help="games through the real engine with OptimalBot")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=None, help="solver threads (default: all)")
    ap.add_argument("--no-save", action="store_true", help="do not save the solved tables")
    ap.add_argument("--no-solve", action="store_true", help="use the saved tables")
    ap.add_argument("--estimate", type=int, default=0, metavar="N",
                    help="only estimate the solve time from N sampled states")
    ap.add_argument("--compare-with", default=None, metavar="FILE",
                    help="with --estimate: time the kernels of FILE (e.g. an older "
                         "solitaire_kernels.py) on the same states too, and check the values")
    args = ap.parse_args(argv)
    if args.threads:
        import numba

        numba.set_num_threads(args.threads)

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
            runs = [("ours", None)]
            if args.compare_with:
                runs = [("compared", args.compare_with), *runs,
                        ("compared", args.compare_with), ("ours", None)]
            results = {}
            for label, path in runs:
                est = estimate(model, args.estimate, args.seed, _kernel_module(path))
                results[label] = est.pop("_result")
                print(json.dumps({"edition": model.label, "kernels": path or "ours",
                                  **{k: round(v, 2) if isinstance(v, float) else v
                                     for k, v in est.items()}}), flush=True)
            if args.compare_with:
                diff = float(np.abs(results["ours"] - results["compared"]).max())
                print(json.dumps({"edition": model.label, "max_abs_difference": diff}))
            continue
        if args.no_solve:
            sol = load_or_solve(name, lucky, compute=False)
            if sol is None:
                print(f"{model.label}: no saved table", file=sys.stderr)
                return 1
        else:
            c0 = time.process_time()
            sol = solve(model, progress=sys.stderr.isatty(), threads=args.threads)
            cpu = time.process_time() - c0
            if not args.no_save:
                sol.save(table_path(model.label))
            print(f"{model.label}: expected {sol.expected:.6f}  solve {sol.seconds:.1f} s wall, "
                  f"{cpu:.1f} s CPU  states {sol.states}  table "
                  f"{sol.values.nbytes / 2 ** 20:.0f} MB  peak RSS {_peak_mb():.0f} MB  threads "
                  f"{args.threads or 'all'}", flush=True)
            if args.compare_with:
                c0 = time.process_time()
                other = solve(model, progress=sys.stderr.isatty(), threads=args.threads,
                              kernels=_kernel_module(args.compare_with))
                cpu = time.process_time() - c0
                diff = float(np.abs(other.values - sol.values).max())
                print(f"{model.label}: with {args.compare_with}: expected {other.expected:.6f}  "
                      f"solve {other.seconds:.1f} s wall, {cpu:.1f} s CPU; largest difference "
                      f"of a value {diff:.3g}", flush=True)
                del other
        if args.games <= 0:
            continue
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

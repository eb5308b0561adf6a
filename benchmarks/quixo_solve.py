"""Times the Quixo retrograde solves: 3×3, 4×4 (complete) and 5×5 without blanks.

Each solve runs in its own process (after a warm-up that loads the compiled kernels), so the
peak memory (``resource.getrusage``) is that solve's. Prints one line a solve and a JSON line:

    python benchmarks/quixo_solve.py            # all three
    python benchmarks/quixo_solve.py 4 --verify # one size, re-checking every value afterwards

Wall time depends on what else runs on the machine, so the CPU time (user + system) and the
load average are printed too, and, from the CPU time each pair of classes took on its own
thread, ``critical_cpu_s``: the wall time the solve would take on an idle machine with
``--threads`` cores (the pairs of one total of cubes run side by side, largest first; each
total waits for the one above). With one thread it is the CPU time of the solve's kernels.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

CASES = {"3": (3, None), "4": (4, None), "5": (5, 0)}


def critical_cpu(stats: list[dict], threads: int) -> float:
    """The idle-machine wall time of a solve from its ``class_stats`` (see the module doc):
    per total of cubes, the pairs handed out largest first to ``threads`` workers."""
    import heapq

    groups: dict[int, list[tuple[int, float, bool]]] = {}
    k = 0
    while k < len(stats):
        st = stats[k]
        twin = k + 1 < len(stats) and (stats[k + 1]["to_move"], stats[k + 1]["other"]) == (
            st["other"], st["to_move"]) and st["to_move"] != st["other"]
        part = stats[k:k + 2] if twin else [st]
        k += len(part)
        groups.setdefault(st["group"], []).append(
            (sum(x["states"] for x in part), sum(x["cpu_seconds"] for x in part),
             st["side_by_side"]))
    total = 0.0
    for pairs in groups.values():
        if not pairs[0][2]:
            total += sum(c for _, c, _ in pairs)
            continue
        free = [0.0] * threads
        for _, c, _ in sorted(pairs, key=lambda p: -p[0]):
            heapq.heappush(free, heapq.heappop(free) + c)
        total += max(free)
    return total


def child(n: int, blanks: int | None, verify: bool, threads: int | None) -> None:
    from qwixo.quixo.solver import solve

    solve(3, 0)  # load (or compile) the kernels outside the timing
    r0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    res = solve(n, blanks, threads=threads)
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_SELF)
    out = res.summary()
    out["wall_s"] = round(wall, 2)
    out["cpu_s"] = round(r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime, 2)
    import numba

    used = min(threads or numba.config.NUMBA_NUM_THREADS, numba.config.NUMBA_NUM_THREADS)
    out["threads"] = used
    out["critical_cpu_s"] = round(critical_cpu(res.class_stats, used), 2)
    if verify:
        t1 = time.perf_counter()
        out["verify_errors"] = res.verify()
        out["verify_s"] = round(time.perf_counter() - t1, 2)
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    print(json.dumps(out), flush=True)


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", metavar="CASE",
                    help="3, 4 and/or 5 (5 = 5×5 without blanks); default all")
    ap.add_argument("--verify", action="store_true", help="re-check every value afterwards")
    ap.add_argument("--threads", type=int, default=None)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        n, b = args.child
        child(int(n), None if b == "all" else int(b), args.verify, args.threads)
        return 0
    bad = [c for c in args.cases if c not in CASES]
    if bad:
        ap.error(f"unknown case {bad[0]!r}: choose from 3, 4, 5")
    failed = 0
    for case in args.cases or list(CASES):
        n, blanks = CASES[case]
        cmd = [sys.executable, __file__, "--child", str(n), "all" if blanks is None else str(blanks)]
        if args.verify:
            cmd.append("--verify")
        if args.threads:
            cmd += ["--threads", str(args.threads)]
        load = os.getloadavg()[0]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            print(proc.stderr, file=sys.stderr)
            failed += 1
            continue
        res = json.loads(proc.stdout.strip().splitlines()[-1])
        res["load_before"] = round(load, 2)
        label = f"{n}x{n}" + ("" if blanks is None else f" with at most {blanks} blanks")
        start = f", start {res['start']} in {res['plies']}" if "start" in res else ""
        print(f"quixo solve {label}: {res['states']:,} positions in {res['wall_s']} s wall, "
              f"{res['cpu_s']} s CPU ({res['threads']} thread(s): "
              f"{res['critical_cpu_s']} s on an idle machine), peak {res['peak_rss_mb']} MB{start} "
              f"(win {res['win']:,}, loss {res['loss']:,}, draw {res['draw']:,}; "
              f"load average {load:.1f})", flush=True)
        print(json.dumps(res), flush=True)
        failed += bool(res.get("verify_errors"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

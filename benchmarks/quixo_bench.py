"""Quixo random-playout speed: qwixo's numba kernels against the C reference, side by side.

Compiles the C reference ``quixo_fast.c`` (not part of qwixo: give its path with ``--c-ref`` or
``$QWIXO_C_REF``, a file or its folder; without it only qwixo's figures are printed) with
``cc -O3`` in a temporary directory, then runs, alternately, the C program and ``qwixo quixo bench --seconds S`` (uniformly random 2-player 5×5 games on one core)
and prints both rates in plies per second and their ratio (target: qwixo ≥ 0.5 × C). Then
times perft on 5×5 from the empty board up to ``--perft-depth`` (default 5; 6 takes ~15 s).

    .venv/bin/python benchmarks/quixo_bench.py [--c-ref PATH] [--seconds 3] [--rounds 3]
        [--perft-depth 5]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _c_reference import absent_message, compile_c, find_c_reference  # noqa: E402


def run_c(exe: Path, games: int) -> tuple[float, float, float]:
    """(plies per CPU second as the program reports it (``clock()``), CPU seconds, plies per
    wall-clock second measured around the process) of one run of the C program."""
    t = time.perf_counter()
    out = subprocess.run([str(exe), str(games)], check=True, capture_output=True,
                         text=True).stdout
    wall = time.perf_counter() - t
    m = re.search(r"plies (\d+) seconds ([\d.]+) plies_per_s (\d+)", out)
    if not m:
        sys.exit(f"unexpected output of the C reference: {out!r}")
    return float(m.group(3)), float(m.group(2)), int(m.group(1)) / wall


def run_qwixo(seconds: float) -> tuple[float, float]:
    """``qwixo quixo bench --seconds S`` in a fresh process; its last line is ``plies/s: N``."""
    cmd = [sys.executable, "-m", "qwixo", "quixo", "bench", "--seconds", str(seconds)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        # the command's own code, should another area break the CLI's imports
        print(f"note: `qwixo quixo bench` failed ({proc.stderr.strip().splitlines()[-1:]}); "
              "running qwixo.quixo.cli.bench directly", file=sys.stderr)
        code = "import sys; from qwixo.quixo.cli import bench; bench(float(sys.argv[1]))"
        proc = subprocess.run([sys.executable, "-c", code, str(seconds)], check=True,
                              capture_output=True, text=True, cwd=ROOT)
    out = proc.stdout
    last = out.strip().splitlines()[-1]
    m = re.fullmatch(r"plies/s: (\d+)", last)
    w = re.search(r"plies/s \(wall clock\): (\d+)", out)
    if not m or not w:
        sys.exit(f"unexpected output of qwixo quixo bench: {out!r}")
    return float(m.group(1)), float(w.group(1))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per run (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    ap.add_argument("--perft-depth", type=int, default=5, help="deepest perft to time (5)")
    ap.add_argument("--c-ref", help="quixo_fast.c or its folder (default: $QWIXO_C_REF)")
    args = ap.parse_args(argv)
    src = find_c_reference("quixo_fast.c", args.c_ref)
    if src is None:
        print(absent_message("quixo_fast.c"))
        for r in range(args.rounds):
            q_rate, q_wall = run_qwixo(args.seconds)
            print(f"round {r + 1}: qwixo {q_rate:,.0f} plies/s   [wall clock {q_wall:,.0f}]")
        time_perft(args.perft_depth)
        return 0
    with tempfile.TemporaryDirectory(prefix="qwixo-bench-") as tmp:
        exe = compile_c(src, Path(tmp))
        _, secs, _ = run_c(exe, 20000)  # calibrate the number of games for the duration
        games = max(1000, int(20000 * args.seconds / max(secs, 1e-3)))
        c_rates, q_rates, c_walls, q_walls = [], [], [], []
        t0 = time.perf_counter()
        for r in range(args.rounds):
            c_rate, c_secs, c_wall = run_c(exe, games)
            q_rate, q_wall = run_qwixo(args.seconds)
            c_rates.append(c_rate)
            q_rates.append(q_rate)
            c_walls.append(c_wall)
            q_walls.append(q_wall)
            print(f"round {r + 1}: C {c_rate:,.0f} plies/s ({games} games, {c_secs:.2f} s)   "
                  f"qwixo {q_rate:,.0f} plies/s   ratio {q_rate / c_rate:.2f}   "
                  f"[wall clock: C {c_wall:,.0f}, qwixo {q_wall:,.0f}]")
    c_med, q_med = statistics.median(c_rates), statistics.median(q_rates)
    ratio = q_med / c_med
    wall_ratio = statistics.median(q_walls) / statistics.median(c_walls)
    print("rates per second of CPU time, as quixo_fast.c measures itself with clock():")
    print(f"C reference (cc -O3, quixo_fast.c): {c_med:,.0f} plies/s (median)")
    print(f"qwixo quixo bench (numba):          {q_med:,.0f} plies/s (median)")
    print(f"ratio qwixo / C: {ratio:.2f} (target >= 0.5: {'met' if ratio >= 0.5 else 'NOT met'})"
          f"   wall-clock ratio: {wall_ratio:.2f}   [{time.perf_counter() - t0:.0f} s]")
    time_perft(args.perft_depth)
    return 0


def time_perft(max_depth: int) -> None:
    sys.path.insert(0, str(ROOT / "src"))
    from qwixo.quixo.cli import perft
    from qwixo.quixo.game import QuixoGame

    perft(QuixoGame(size=3), 2)  # compile or load the kernels first
    for depth in range(1, max_depth + 1):
        t = time.perf_counter()
        count = perft(QuixoGame(), depth)
        dt = time.perf_counter() - t
        print(f"perft({depth}) 5x5 = {count:,} in {dt:.3f} s "
              f"({count / max(dt, 1e-9) / 1e6:,.0f} million leaves/s)")


if __name__ == "__main__":
    sys.exit(main())

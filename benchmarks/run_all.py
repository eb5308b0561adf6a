"""Run every benchmark of this folder, one after the other, and print their figures.

Usage: ``python benchmarks/run_all.py [NAME ...]`` (names without ``.py``; default: all of
:data:`BENCHMARKS`). Speed and strength figures live here and in the ``qwixo`` CLI, never in
timed unit tests. Not run: the helpers ``_*.py`` (the research scripts live in ``experiments/``,
the training of the shipped ``td`` weights in ``tools/``).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: the benchmarks ``make bench`` runs: every script here but this one and the helpers ``_*.py``
BENCHMARKS = tuple(sorted(p.stem for p in HERE.glob("*.py")
                          if p.name != Path(__file__).name and not p.name.startswith("_")))


def main(argv: list[str]) -> int:
    unknown = sorted(set(argv) - set(BENCHMARKS))
    if unknown:
        print(f"unknown benchmark(s): {' '.join(unknown)}; choose from {' '.join(BENCHMARKS)}",
              file=sys.stderr)
        return 2
    scripts = [HERE / f"{name}.py" for name in BENCHMARKS if not argv or name in argv]
    failed = 0
    for script in scripts:
        print(f"== {script.stem}", flush=True)
        t0 = time.perf_counter()
        rc = subprocess.call([sys.executable, str(script)])
        print(f"== {script.stem}: exit {rc} in {time.perf_counter() - t0:.1f} s", flush=True)
        failed += rc != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Run every benchmark script in this folder, one after the other, and print their figures.

Usage: ``python benchmarks/run_all.py [NAME ...]`` (names without ``.py``; default: all).
Speed and strength figures live here and in the ``qwixo`` CLI, never in timed unit tests.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name
                     and not p.name.startswith("_"))
    if argv:
        scripts = [p for p in scripts if p.stem in argv]
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

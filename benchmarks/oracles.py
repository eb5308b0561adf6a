"""Speed of the Quixo oracle and of the ``perfect`` kernel bot on a batch of kernel-env
positions (docs/research.md, "Oracles"): positions (moves) per CPU second and per wall second.

    PYTHONPATH=src python benchmarks/oracles.py --size 4 --games 4096 --repeat 5

The database of the size must be there or be buildable (3×3, 4×4: ``qwixo quixo solve``).
Under load the wall figure drops; the CPU figure tells more (print ``uptime`` beside it).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from qwixo.envs.vector import QuixoVec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=4)
    ap.add_argument("--games", type=int, default=4096)
    ap.add_argument("--plies", type=int, default=10, help="random plies before measuring")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args(argv)
    vec = QuixoVec(a.games, size=a.size)
    vec.reset(seed=0)
    for _ in range(a.plies):
        vec.step(vec.sample_actions())
    games = np.arange(a.games)
    bot = vec.kernel_bot("perfect")
    vec.oracle()
    bot(games)  # compiled, the database opened
    print(f"load average {os.getloadavg()[0]:.2f}, {a.games} games of {a.size}x{a.size}")
    for name, f in (("oracle (positions)", vec.oracle), ("perfect bot (moves)",
                                                        lambda: bot(games))):
        t, c = time.perf_counter(), time.process_time()
        for _ in range(a.repeat):
            f()
        n = a.repeat * a.games
        print(f"{name}: {n / (time.process_time() - c):,.0f} per CPU second, "
              f"{n / (time.perf_counter() - t):,.0f} per wall second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Fingerprints of the Quixo retrograde solver's results, to show that a change to the solver or
the kernels it uses changed none of its counts (tools/fingerprints.py covers the rest).

Prints one line per solve: the board size, the blanks limit, a sha256 prefix of every position's
code, the totals (states, wins, losses, draws, the start's value and distance) and the number
of positions ``verify`` finds wrong (0), then the ranked moves of one 3x3 position. Usage::

    .venv/bin/python tools/solver_fingerprints.py [full] > after.txt   # full: 4x4 and 5x5-b0 too
    PYTHONPATH=/path/to/old/src .venv/bin/python tools/solver_fingerprints.py [full] > before.txt
    diff before.txt after.txt

Without ``full`` it takes seconds (3x3, 4x4 with at most 4 and 2 blanks); ``full`` solves all of
4x4 and the 5x5 positions without a blank (about a minute, some GB of memory).
"""

from __future__ import annotations

import hashlib
import sys

import numpy as np

from qwixo.quixo import db
from qwixo.quixo.solver import solve


def main() -> None:
    full = "full" in sys.argv[1:]
    runs = [(3, None), (4, 4), (4, 2)] + ([(4, None), (5, 0)] if full else [])
    for n, blanks in runs:
        res = solve(n) if blanks is None else solve(n, blanks=blanks)
        h = hashlib.sha256(np.ascontiguousarray(res.codes).tobytes()).hexdigest()[:16]
        s = res.summary()
        totals = {k: s[k] for k in ("states", "win", "loss", "draw", "start", "plies") if k in s}
        print(n, blanks, h, totals, "verify", res.verify(), flush=True)
    print("best_moves", db.best_moves("x.o/.x./o.. x"))


if __name__ == "__main__":
    main()

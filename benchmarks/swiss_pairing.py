"""The time to pair one round of a large Swiss tournament (the planner of ``qwixo tournament``
and of the server's tournaments: :func:`qwixo.tournament.formats.next_round`).

``N`` entrants (default 1,000) play ``R`` rounds (default 5) with random results (a win, a
draw or a loss, each game), then the next round is paired and timed (the best of ``repeat``
runs, the machine being shared). Usage::

    python benchmarks/swiss_pairing.py [--entrants N] [--rounds R] [--repeat K]

Prints ``swiss round of N entrants after R rounds: X s (best of K; pairs P, repeats Q)``;
exit status 1 when it took a second or more (the target).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from qwixo.tournament import formats

TARGET_SECONDS = 1.0


def opponents(a: int, b: int) -> bool:
    return a != b


def play(n: int, rounds: int, seed: int = 0) -> tuple[list[dict], list[tuple[int, float]]]:
    """``rounds`` Swiss rounds of ``n`` entrants with random results."""
    rng = random.Random(seed)
    records: list[dict] = []
    byes: list[tuple[int, float]] = []
    for rnd in range(1, rounds + 1):
        tables, out = formats.next_round("swiss", n, rnd, records, byes, opponents, 2, (2,))
        for lineup in tables:
            r = rng.choice(((1, 2), (2, 1), (1, 1)))
            records.append({"lineup": lineup, "places": list(r), "scores": [0, 0]})
        byes += [(e, 0.5) for e in out]
    return records, byes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entrants", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    records, byes = play(args.entrants, args.rounds)
    best, tables = float("inf"), []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        tables, _ = formats.next_round("swiss", args.entrants, args.rounds + 1, records, byes,
                                       opponents, 2, (2,))
        best = min(best, time.perf_counter() - t0)
    met = Counter(frozenset(r["lineup"]) for r in records)
    repeats = sum(1 for tb in tables if met[frozenset(tb)])
    print(f"swiss round of {args.entrants} entrants after {args.rounds} rounds: {best:.3f} s "
          f"(best of {args.repeat}; pairs {len(tables)}, repeats {repeats})")
    return 0 if best < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())

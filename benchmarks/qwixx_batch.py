"""Qwixx batch kernel speed against the C reference loop, side by side in one run.

The game: classic Qwixx, 4 players, every decision uniformly random among the legal options
(pass included), one core — :func:`qwixo.qwixx.batch.run_games` with every seat ``random``,
the game of the C reference ``qwixx_fast.c``. That C file is not part of this repository:
give its path with ``--c-ref PATH`` or the environment variable ``QWIXO_C_REF`` (a file or
the folder that holds it); it is compiled with ``cc -O3`` into a temporary directory. Without
it, only the kernel's figure is printed (and the script says so). Both sides are timed in CPU
seconds (the C program uses ``clock()``; the kernel ``time.process_time``), alternately, best
of ``--rounds``, because the machine is shared.

``--edition``, ``--players`` and ``--policy`` time other kernel games (every edition, 1-5
players, ``random``/``gap``/``race``/``odds`` for every seat); the C loop plays only the
reference game, so it is compared only there.

    QWIXO_C_REF=path/to/qwixx_fast.c .venv/bin/python benchmarks/qwixx_batch.py [--seconds 3]
    .venv/bin/python benchmarks/qwixx_batch.py --edition bonus-b --policy gap
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _c_reference import absent_message, compile_c, find_c_reference  # noqa: E402


def run_c(exe: Path, games: int) -> dict[str, float]:
    out = subprocess.run([str(exe), str(games)], check=True, capture_output=True,
                         text=True).stdout
    m = re.search(r"rolls_per_game ([\d.]+) mean_score ([\d.]+) seconds ([\d.]+) "
                  r"games_per_s (\d+)", out)
    if not m:
        sys.exit(f"unexpected output of the C reference: {out!r}")
    return {"games_per_s": float(m.group(4)), "rolls_per_game": float(m.group(1)),
            "mean_score": float(m.group(2))}


def run_kernel(seconds: float, edition: str = "classic", players: int = 4,
               policy: str = "random") -> dict[str, float]:
    """Kernel games per CPU second over about ``seconds`` (chunks of games, one call each)."""
    from qwixo.qwixx.batch import bench

    chunk = 20_000 if policy == "random" else 2_000
    r = bench(seconds, players, 1, edition=edition, policies=policy, clock=time.process_time,
              chunk=chunk, max_chunk=chunk)
    return {k: r[k] for k in ("games_per_s", "rolls_per_game", "mean_score")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per run (default 3)")
    ap.add_argument("--rounds", type=int, default=3, help="alternate runs, keep the best")
    ap.add_argument("--c-ref", default=None,
                    help="path of the C reference qwixx_fast.c or its folder "
                         "(default: $QWIXO_C_REF)")
    ap.add_argument("--edition", default="classic", help="kernel edition (default classic)")
    ap.add_argument("--players", type=int, default=4, help="players (default 4)")
    ap.add_argument("--policy", default="random",
                    help="every seat's policy: random (default), gap, race, odds")
    args = ap.parse_args(argv)
    reference_game = (args.edition, args.players, args.policy) == ("classic", 4, "random")
    src = find_c_reference("qwixx_fast.c", args.c_ref) if reference_game else None
    if not reference_game:
        print("C reference: it plays only 4-player classic random games: kernel figure only")
    elif src is None:
        print(absent_message("qwixx_fast.c"))
    best_k: dict[str, float] = {}
    best_c: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        exe = compile_c(src, Path(tmp)) if src else None
        for _ in range(max(1, args.rounds)):
            k = run_kernel(args.seconds, args.edition, args.players, args.policy)
            if k["games_per_s"] > best_k.get("games_per_s", 0):
                best_k = k
            if exe:
                c_games = int(max(k["games_per_s"], 100_000) * args.seconds)
                c = run_c(exe, c_games)
                if c["games_per_s"] > best_c.get("games_per_s", 0):
                    best_c = c
    print(f"kernel (numba), {args.edition}, {args.players} players, {args.policy}: "
          f"{best_k['games_per_s']:,.0f} games/s, "
          f"{best_k['rolls_per_game']:.2f} rolls/game, mean score {best_k['mean_score']:.3f}")
    if best_c:
        print(f"C reference:    {best_c['games_per_s']:,.0f} games/s, "
              f"{best_c['rolls_per_game']:.2f} rolls/game, mean score {best_c['mean_score']:.3f}")
        print(f"ratio: {best_k['games_per_s'] / best_c['games_per_s']:.2f}")
    else:
        print(f"games/s: {best_k['games_per_s']:.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

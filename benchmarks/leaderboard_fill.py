"""Fill (or refresh) rows of the research leaderboard: every listed agent on the given tracks
with the fixed protocol (:mod:`qwixo.envs.leaderboard`), each row as ``qwixo leaderboard
submit`` would write it, and the CPU seconds each took.

Usage::

    python benchmarks/leaderboard_fill.py --tracks quixo-3x3,quixo-4x4 --games 200 \\
        --pool-games 20 --file /tmp/rows.json

Without ``--agents``: the example agents (``random_agent``, ``first_legal_agent``) and the
track's pool bots as ``bot:NAME`` (the solitaire track: ``optimal``, ``gap``, ``race``,
``random``).
"""

from __future__ import annotations

import argparse
import sys
import time

from qwixo.envs import leaderboard as L

EXAMPLES = ("qwixo.envs.leaderboard:random_agent", "qwixo.envs.leaderboard:first_legal_agent")
SOLITAIRE_BOTS = ("optimal", "gap", "race", "random")


def agents_of(trk: L.Track) -> list[str]:
    bots = trk.pool or SOLITAIRE_BOTS
    return [*EXAMPLES, *(f"bot:{b}" for b in bots)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tracks", default=",".join(L.TRACKS))
    ap.add_argument("--agents", default=None, help="comma-separated specs (default: see above)")
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--pool-games", type=int, default=None)
    ap.add_argument("--file", default=None)
    args = ap.parse_args(argv)
    for name in args.tracks.split(","):
        trk = L.track(name)
        for agent in args.agents.split(",") if args.agents else agents_of(trk):
            t0 = time.process_time()
            row = L.submit(name, agent, args.games, args.pool_games, path=args.file)
            print(f"{name} {agent}: {time.process_time() - t0:.1f} CPU s "
                  f"{ {k: round(v.get('mean', v.get('rating')), 3) for k, v in row['figures'].items()} }",
                  flush=True, file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

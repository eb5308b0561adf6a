"""Strength and speed of the Quixo bots (prints figures; not a test).

1. Search speed: nodes per second of the alpha-beta search (5×5 and 4×4, 2 players; 5×5 with 4
   players) and MCTS iterations per second.
2. 5×5: the ``strong`` bot at ``--seconds`` a move (default 1) against ``linecount2`` (the plain
   2-ply line-counting player, random first two plies), ``--games`` games (default 10), colours
   alternating. Target: at least 9 wins, no loss.
3. 4×4: ``strong`` as the first player at ``--seconds`` a move against the perfect defender
   (``perfect``: database moves, losing as slowly as possible). Needs the 4×4 database: built
   first when missing (``qwixo quixo solve --size 4``), unless ``--no-solve``. Target: wins every
   game.
4. ``--ladder``: each bot against the next stronger one on 5×5 (a few quick games).

Games stop at 200 plies or a threefold repetition (both draws).

Usage: ``.venv/bin/python benchmarks/quixo_strength.py [--games 10] [--seconds 1]
[--skip-5x5] [--skip-4x4] [--ladder]``
"""

from __future__ import annotations

import argparse
import sys
import time

import qwixo
from qwixo.quixo.game import QuixoGame


def play(bots, size: int = 5, players: int = 2, ply_limit: int = 200) -> QuixoGame:
    """One game; ``bots[p % 2]`` plays seat ``p``. Returns the finished game."""
    g = QuixoGame(size=size, players=players, ply_limit=ply_limit, repetition=3)
    while not g.is_over:
        p = g.to_act[0]
        g.choose(p, bots[p % 2].decide(g, p))
    return g


def speed(seconds: float) -> None:
    from qwixo.quixo.mcts import Mcts
    from qwixo.quixo.search import Searcher

    print("== search speed (one core) ==")
    cases = [("5x5 2p start", 5, 2, "...../...../...../...../..... x"),
             ("5x5 2p middle", 5, 2, "x.o.o/.xo../o.x.x/.o.x./o.x.. o"),
             ("4x4 2p start", 4, 2, "..../..../..../.... x"),
             ("5x5 4p start", 5, 4, "...../...../...../...../..... N")]
    from qwixo.quixo.search import boards_of

    for label, n, players, pos in cases:
        boards, _, _, _ = boards_of(pos)
        s = Searcher(n, players)
        s.search(*boards, max_depth=2)  # load the kernels
        s.clear()
        r = s.search(*boards, seconds=seconds)
        print(f"alpha-beta {label}: depth {r.depth}, {r.nodes} nodes in {r.seconds:.2f} s "
              f"= {r.nps:,.0f} nodes/s, score {r.score}")
    for n, players in ((5, 2), (5, 4)):
        m = Mcts(n, players)
        m.run((0,) * (2 if players == 2 else 4), iterations=500)
        t0 = time.perf_counter()
        m.run((0,) * (2 if players == 2 else 4), seconds=seconds)
        dt = time.perf_counter() - t0
        print(f"mcts {n}x{n} {players}p start: {m.iterations} iterations in {dt:.2f} s "
              f"= {m.iterations / dt:,.0f} iterations/s")
    sys.stdout.flush()


def match(a: str, b: str, games: int, seconds: float, size: int = 5, players: int = 2,
          quiet: bool = False) -> tuple[int, int, int]:
    """``a`` against ``b``, colours alternating; returns a's (wins, draws, losses)."""
    w = d = lo = 0
    for i in range(games):
        ba = qwixo.make_bot("quixo", a, seconds=seconds, seed=i)
        bb = qwixo.make_bot("quixo", b, seconds=seconds, seed=1000 + i)
        first = i % 2 == 0
        t0 = time.perf_counter()
        g = play([ba, bb] if first else [bb, ba], size, players)
        me = 0 if first else 1
        sc = g.scores()[me]
        w += sc > 0
        d += sc == 0
        lo += sc < 0
        if not quiet:
            res = {1: "win", 0: "draw", -1: "loss"}[sc]
            print(f"  game {i + 1}: {a} plays {'first' if first else 'second'}: {res} "
                  f"({g.end_reason}, {g.ply} plies, {time.perf_counter() - t0:.0f} s)",
                  flush=True)
    return w, d, lo


def four_by_four(games: int, seconds: float, solve: bool) -> None:
    from qwixo.quixo import db

    print("== 4x4: strong (first player) vs the perfect defender ==")
    if not db.databases(4):
        if not solve:
            print("no 4x4 database: run `qwixo quixo solve --size 4` first (skipped)")
            return
        t0 = time.perf_counter()
        print("no 4x4 database: solving it first ...", flush=True)
        db.ensure(4)
        print(f"solved and saved in {time.perf_counter() - t0:.0f} s", flush=True)
    w = d = lo = 0
    for i in range(games):
        strong = qwixo.make_bot("quixo", "strong", seconds=seconds, seed=i)
        perfect = qwixo.make_bot("quixo", "perfect", seed=100 + i)
        t0 = time.perf_counter()
        g = play([strong, perfect], size=4)
        sc = g.scores()[0]
        w += sc > 0
        d += sc == 0
        lo += sc < 0
        res = {1: "win", 0: "draw", -1: "loss"}[sc]
        print(f"  game {i + 1}: {res} ({g.end_reason}, {g.ply} plies, "
              f"{time.perf_counter() - t0:.0f} s)", flush=True)
    print(f"strong as first player vs perfect on 4x4 at {seconds} s/move: "
          f"{w} wins, {d} draws, {lo} losses of {games}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--games-4x4", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--speed-seconds", type=float, default=2.0)
    ap.add_argument("--skip-speed", action="store_true")
    ap.add_argument("--skip-5x5", action="store_true")
    ap.add_argument("--skip-4x4", action="store_true")
    ap.add_argument("--no-solve", action="store_true", help="do not build a missing 4x4 db")
    ap.add_argument("--ladder", action="store_true", help="adjacent bots against each other")
    ap.add_argument("--ladder-games", type=int, default=4)
    ap.add_argument("--ladder-seconds", type=float, default=0.2)
    args = ap.parse_args(argv)
    if not args.skip_speed:
        speed(args.speed_seconds)
    if not args.skip_5x5:
        print(f"== 5x5: strong vs linecount2, {args.seconds} s a move ==", flush=True)
        w, d, lo = match("strong", "linecount2", args.games, args.seconds)
        print(f"strong vs linecount2 on 5x5 at {args.seconds} s/move: "
              f"{w} wins, {d} draws, {lo} losses of {args.games}", flush=True)
    if not args.skip_4x4:
        four_by_four(args.games_4x4, args.seconds, not args.no_solve)
    if args.ladder:
        names = [b for b in qwixo.list_bots("quixo") if b != "perfect"]
        print(f"== ladder on 5x5, {args.ladder_seconds} s a move, {args.ladder_games} games "
              f"each ==")
        for a, b in zip(names[1:], names[:-1], strict=True):
            w, d, lo = match(a, b, args.ladder_games, args.ladder_seconds, quiet=True)
            print(f"{a} vs {b}: {w} wins, {d} draws, {lo} losses", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

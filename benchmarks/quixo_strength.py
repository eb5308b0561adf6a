"""Strength and speed of the Quixo bots (prints figures; not a test).

1. Search speed: nodes per second of the alpha-beta search (5×5 and 4×4, 2 players; 5×5 with 4
   players) and MCTS iterations per second.
2. 5×5: the ``strong`` bot at ``--seconds`` a move (default 1) against ``linecount2`` (the plain
   2-ply line-counting player, random first two plies), ``--games`` games (default 10), colours
   alternating. Target: at least 9 wins, no loss.
3. 4×4: ``strong`` as the first player at ``--seconds`` a move against the perfect defender
   (``perfect``: database moves, losing as slowly as possible). Needs the 4×4 database: built
   first when missing (``qwixo quixo solve --size 4``), unless ``--no-solve``. Target: wins every
   game. Each game starts from an empty transposition table (``--warm``: kept from game to
   game, as a long-running bot would).
4. ``--ladder``: each bot against the next stronger one on 5×5 (a few quick games).
5. ``--cold N``: the 4×4 match of 3., each game in a fresh Python process (``python
   benchmarks/quixo_strength.py --cold-game I``), as a user who starts ``qwixo play quixo --size
   4`` meets the bot: imports, numba's cached kernels, tables and threads all start cold. Prints
   each game (result, plies, the wall time of the process until the first move and the first
   search's own time, the second move's depth and whether it was proven, the number of
   opening-book moves and the first searched move's depth, nodes, time and proof), the total,
   the load average before and after, and, by ply, how many of the won positions ``strong``
   met it kept won (the 4×4 database as the oracle: the first move that turns a won position
   into a not-won one is where the win slipped). ``--record FILE`` appends each game's record
   (every move played, and for strong's moves the search's figures) to FILE as JSON lines;
   ``--book off`` plays without the opening book (:mod:`qwixo.quixo.book`). ``--nodes K
   --threads 1`` (3. and 5.): ``strong`` searches K nodes a move instead of a time budget, so
   that the games do not depend on the machine's load (with one thread there is no proof
   helper: a weaker bot than the timed one).
6. ``--oracle N``: the 4×4 database as an oracle (the search itself never reads it): N early
   positions with the first player to move and winning (reached by the first player playing
   random winning moves and the defender losing as slowly as possible, 0–8 plies in), each
   searched afresh with ``--oracle-nodes`` nodes (default 1,000,000: about a second on one
   free core); prints how often the chosen move keeps the win, by ply. ``--oracle-plies
   LO-HI`` (default 0-8) picks the plies; ``--oracle-book``: the first player follows the
   opening book where it has a move (so that ``--oracle-plies 10-14 --oracle-book`` judges the
   search where it takes over from the book).

Games stop at 200 plies or a threefold repetition (both draws).

Usage: ``.venv/bin/python benchmarks/quixo_strength.py [--games 10] [--seconds 1]
[--skip-5x5] [--skip-4x4] [--ladder] [--contempt C] [--lmr K] [--threads T] [--proof on|off]
[--dfpn on|off] [--book on|off] [--warm] [--cold N [--record FILE]] [--oracle N
[--oracle-nodes K] [--oracle-plies LO-HI] [--oracle-book]]``
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

    print("== search speed (one core; the LMR lines: two threads) ==")
    cases = [("5x5 2p start", 5, 2, "...../...../...../...../..... x"),
             ("5x5 2p middle", 5, 2, "x.o.o/.xo../o.x.x/.o.x./o.x.. o"),
             ("4x4 2p start", 4, 2, "..../..../..../.... x"),
             ("5x5 4p start", 5, 4, "...../...../...../...../..... N")]
    from qwixo.quixo.search import boards_of

    # the plain search (one thread, no LMR), and for 2 players the strong bot's settings too
    settings = [("", 0, 1), (", LMR, 2 threads", 3, 2)]
    for label, n, players, pos in cases:
        boards, _, _, _ = boards_of(pos)
        for suffix, lmr, threads in settings[: 2 if players == 2 else 1]:
            s = Searcher(n, players)
            s.lmr, s.threads = lmr, threads
            s.search(*boards, max_depth=2)  # load the kernels
            s.clear()
            r = s.search(*boards, seconds=seconds)
            print(f"alpha-beta {label}{suffix}: depth {r.depth}, {r.nodes} nodes in "
                  f"{r.seconds:.2f} s = {r.nps:,.0f} nodes/s, score {r.score}")
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
          quiet: bool = False, **options) -> tuple[int, int, int]:
    """``a`` against ``b``, colours alternating; returns a's (wins, draws, losses).
    ``options``: extra settings of bot ``a`` (e.g. ``contempt=``, ``lmr=``)."""
    w = d = lo = 0
    for i in range(games):
        ba = qwixo.make_bot("quixo", a, seconds=seconds, seed=i, **options)
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


def four_by_four(games: int, seconds: float, solve: bool, warm: bool = False,
                 **options) -> None:
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
    from qwixo.quixo import bots

    w = d = lo = 0
    for i in range(games):
        if not warm:  # every game from an empty transposition table (the bots share one)
            bots._SEARCHERS.clear()
        strong = qwixo.make_bot("quixo", "strong", seed=i, **options,
                                seconds=None if options.get("nodes") else seconds)
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
    budget = (f"{options['nodes']} nodes" if options.get("nodes") else f"{seconds} s")
    print(f"strong as first player vs perfect on 4x4 at {budget}/move: "
          f"{w} wins, {d} draws, {lo} losses of {games}")


def cold_game(i: int, seconds: float, **options) -> dict:
    """One 4×4 game (strong first, seed ``i``, against perfect) in this fresh process: the
    result and what the first moves cost."""
    import json

    t_start = time.perf_counter()
    from qwixo.quixo import db

    strong = qwixo.make_bot("quixo", "strong", seed=i, **options,
                            seconds=None if options.get("nodes") else seconds)
    perfect = qwixo.make_bot("quixo", "perfect", seed=100 + i)
    g = QuixoGame(size=4, players=2, ply_limit=200, repetition=3)
    moves = []
    played = []
    first_move_at = None
    while not g.is_over:
        p = g.to_act[0]
        bot = strong if p == 0 else perfect
        t0 = time.perf_counter()
        text = bot.decide(g, p)
        dt = time.perf_counter() - t0
        played.append(text)
        if p == 0:
            info = dict(bot.last_info)
            if first_move_at is None:
                first_move_at = time.perf_counter() - t_start
            g2 = g.copy()
            g2.choose(p, text)
            keeps = db.lookup(g2) if not g2.is_over else ("loss", 0)
            moves.append({"ply": g.ply, "move": text, "decide": round(dt, 3),
                          "search": round(float(info.get("seconds", 0.0)), 3),
                          "depth": info.get("depth"), "score": info.get("score"),
                          "nodes": info.get("nodes"), "proven": info.get("proven"),
                          "book": info.get("source") == "book",
                          "keeps_win": keeps is not None and keeps[0] == "loss"})
        g.choose(p, text)
    sc = g.scores()[0]
    out = {"game": i, "result": {1: "win", 0: "draw", -1: "loss"}[sc], "plies": g.ply,
           "end": g.end_reason, "first_move_at": round(first_move_at or 0.0, 3),
           "moves": moves, "played": played}
    print(json.dumps(out), flush=True)
    return out


def cold(games: int, seconds: float, extra: list[str], record: str | None = None) -> None:
    """``games`` 4×4 games, each in a fresh process (see the module doc, 5.); ``record``: a
    file that receives each game's record (one JSON object a line)."""
    import json
    import os
    import subprocess

    from qwixo.quixo import db

    print(f"== 4x4 cold: strong (first player) vs perfect, a fresh process a game, "
          f"{seconds} s a move ==", flush=True)
    if not db.databases(4):
        print("no 4x4 database: run `qwixo quixo solve --size 4` first (skipped)")
        return
    w = d = lo = 0
    kept: dict[int, list[int]] = {}  # ply -> [won positions where the move kept the win, all]
    print(f"  load average before: {os.getloadavg()[0]:.1f}", flush=True)
    for i in range(games):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--cold-game", str(i),
                               "--seconds", str(seconds), *extra],
                              capture_output=True, text=True, check=False)
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
        if proc.returncode != 0 or not lines:
            print(f"  game {i + 1}: failed ({proc.returncode}): {proc.stderr[-400:]}")
            lo += 1
            continue
        r = json.loads(lines[-1])
        if record:
            with open(record, "a") as f:
                f.write(json.dumps({**r, "load": os.getloadavg()[0]}) + "\n")
        won = True  # the position before each of strong's moves is won until a move lets it go
        for x in r["moves"]:
            if not won:
                break
            k = kept.setdefault(x["ply"], [0, 0])
            k[0] += bool(x["keeps_win"])
            k[1] += 1
            won = bool(x["keeps_win"])
        w += r["result"] == "win"
        d += r["result"] == "draw"
        lo += r["result"] == "loss"
        m = r["moves"]
        second = m[1] if len(m) > 1 else {}
        lost_at = next((x["ply"] for x in m if not x["keeps_win"]), None)
        in_book = sum(bool(x.get("book")) for x in m)
        searched = next((x for x in m if not x.get("book")), {})
        print(f"  game {i + 1}: {r['result']} ({r['end']}, {r['plies']} plies, "
              f"{time.perf_counter() - t0:.0f} s); first move {m[0]['move']} after "
              f"{r['first_move_at']:.2f} s in the process (search {m[0]['search']:.2f} s); "
              f"ply 2: {second.get('move')} depth {second.get('depth')} "
              f"proven {second.get('proven')}; {in_book} book moves, the first search "
              f"(ply {searched.get('ply')}): depth {searched.get('depth')}, "
              f"{searched.get('nodes')} nodes, {searched.get('search')} s, proven "
              f"{searched.get('proven')}"
              + (f"; the win slipped at ply {lost_at}" if lost_at is not None else ""),
              flush=True)
    budget = next((x.split("=")[1] + " nodes" for x in extra if x.startswith("--nodes=")),
                  f"{seconds} s")
    print(f"strong as first player vs perfect on 4x4, cold processes, at {budget}/move: "
          f"{w} wins, {d} draws, {lo} losses of {games}; load average after: "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    print("won positions where strong's move kept the win (oracle: the 4x4 database), by ply: "
          + ", ".join(f"{p}: {a}/{b}" for p, (a, b) in sorted(kept.items())), flush=True)


def _sample_early_4x4(count: int, seed: int, max_ply: int = 8, min_ply: int = 0,
                      follow_book: bool = False):
    """Early 4×4 positions ``(me, op, ply)`` with the first player to move and winning, ``min_ply``
    to ``max_ply`` plies in (even); ``follow_book``: the first player plays the opening book's
    move where the book has one (else a random winning move)."""
    import random

    import numpy as np

    from qwixo.quixo import db
    from qwixo.quixo.book import book_move
    from qwixo.quixo.kernels import ONGOING, SRC, apply_move, outcome
    from qwixo.quixo.search import search_tables

    t = search_tables(4)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        me = op = 0
        target = rng.randrange(min_ply + min_ply % 2, max_ply + 1, 2)
        for ply in range(target):
            if ply % 2 == 0 and follow_book:
                m = book_move(me, op)
                if m is not None:
                    nme, nop = apply_move(np.uint64(me), np.uint64(op), m, t.T)
                    me, op = int(nop), int(nme)
                    continue
            kids = []
            for m in range(t.M):
                if op & int(t.T[SRC, m]):
                    continue
                nme, nop = apply_move(np.uint64(me), np.uint64(op), m, t.T)
                if outcome(nme, nop, t.L) == ONGOING:
                    kids.append((int(nop), int(nme), db.probe(4, int(nop), int(nme))))
            if ply % 2 == 0:  # the winner: any move that keeps the win
                kids = [k for k in kids if k[2][0] == "loss"]
            else:  # the defender: loses as slowly as possible
                slow = max(k[2][1] for k in kids if k[2][0] == "win")
                kids = [k for k in kids if k[2] == ("win", slow)]
            me, op, _ = rng.choice(kids)
        out.append((me, op, target))
    return out


def oracle(count: int, nodes: int, seed: int = 1, min_ply: int = 0, max_ply: int = 8,
           follow_book: bool = False, **options) -> None:
    """How often a fresh search of ``nodes`` nodes keeps the 4×4 win (see the module doc)."""
    import numpy as np

    from qwixo.quixo import db
    from qwixo.quixo.bots import AlphaBetaBot, default_contempt
    from qwixo.quixo.kernels import MOVER_WINS, ONGOING, apply_move, outcome
    from qwixo.quixo.search import Searcher, search_tables

    if not db.databases(4):
        print("no 4x4 database: run `qwixo quixo solve --size 4` first (skipped)")
        return
    bot = AlphaBetaBot(**options)
    t = search_tables(4)
    s = Searcher(4, 2)
    s.contempt = default_contempt(4) if bot.contempt is None else bot.contempt
    s.lmr = bot.lmr
    options.pop("book", None)  # the search alone is judged here
    positions = _sample_early_4x4(count, seed, max_ply, min_ply, follow_book)
    by_ply: dict[int, list[int]] = {}
    t0 = time.perf_counter()
    depths = []
    for me, op, ply in positions:
        s.clear()
        r = s.search(me, op, node_limit=nodes)
        nme, nop = apply_move(np.uint64(me), np.uint64(op), r.move, t.T)
        res = outcome(nme, nop, t.L)
        keeps = res == MOVER_WINS or (
            res == ONGOING and db.probe(4, int(nop), int(nme))[0] == "loss")
        by_ply.setdefault(ply, []).append(int(keeps))
        depths.append(r.depth)
    kept = sum(sum(v) for v in by_ply.values())
    detail = ", ".join(f"ply {p}: {sum(v)}/{len(v)}" for p, v in sorted(by_ply.items()))
    print(f"4x4 oracle, {nodes:,} nodes a search (contempt {s.contempt}, lmr {s.lmr}): "
          f"keeps the win in {kept}/{len(positions)} ({detail}); mean depth "
          f"{sum(depths) / len(depths):.1f}; {time.perf_counter() - t0:.0f} s", flush=True)


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
    ap.add_argument("--warm", action="store_true",
                    help="4x4: keep the transposition table from game to game")
    ap.add_argument("--threads", type=int, default=None, help="search threads of strong")
    ap.add_argument("--proof", choices=("on", "off"), default=None,
                    help="strong's proof helper (default: on up to 4x4)")
    ap.add_argument("--dfpn", choices=("on", "off"), default=None,
                    help="strong's proof-number helper (default: 4x4, 1-5 cubes)")
    ap.add_argument("--ladder", action="store_true", help="adjacent bots against each other")
    ap.add_argument("--ladder-games", type=int, default=4)
    ap.add_argument("--ladder-seconds", type=float, default=0.2)
    ap.add_argument("--contempt", type=int, default=None, help="contempt of strong")
    ap.add_argument("--lmr", type=int, default=None, help="late-move reductions of strong")
    ap.add_argument("--cold", type=int, default=0, metavar="N",
                    help="4x4: N games against perfect, each in a fresh process")
    ap.add_argument("--cold-game", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--oracle", type=int, default=0, help="4x4 oracle check on N positions")
    ap.add_argument("--oracle-nodes", type=int, default=1_000_000)
    ap.add_argument("--oracle-seed", type=int, default=1)
    ap.add_argument("--oracle-plies", default="0-8", metavar="LO-HI",
                    help="oracle: the plies of the sampled positions (even ones in LO..HI)")
    ap.add_argument("--oracle-book", action="store_true",
                    help="oracle: the first player follows the opening book to the position")
    ap.add_argument("--book", choices=("on", "off"), default=None,
                    help="strong's 4x4 opening book (default: on)")
    ap.add_argument("--nodes", type=int, default=None,
                    help="4x4: strong searches N nodes a move instead of --seconds (with "
                         "--threads 1: the same games on any machine, whatever its load)")
    ap.add_argument("--record", default=None, metavar="FILE",
                    help="--cold: append each game's record (JSON lines) to FILE")
    args = ap.parse_args(argv)
    options = {k: v for k, v in (("contempt", args.contempt), ("lmr", args.lmr),
                                 ("threads", args.threads), ("nodes", args.nodes))
               if v is not None}
    if args.proof is not None:
        options["proof"] = args.proof == "on"
    if args.dfpn is not None:
        options["dfpn"] = args.dfpn == "on"
    if args.book is not None:
        options["book"] = args.book == "on"
    if args.cold_game is not None:
        cold_game(args.cold_game, args.seconds, **options)
        return 0
    if args.cold:
        extra = [f"--{k}={v}" for k, v in (("contempt", args.contempt), ("lmr", args.lmr),
                                           ("threads", args.threads), ("proof", args.proof),
                                           ("dfpn", args.dfpn), ("book", args.book),
                                           ("nodes", args.nodes))
                 if v is not None]
        cold(args.cold, args.seconds, extra, args.record)
        return 0
    if args.oracle:
        lo_ply, _, hi_ply = args.oracle_plies.partition("-")
        oracle(args.oracle, args.oracle_nodes, args.oracle_seed, int(lo_ply),
               int(hi_ply or lo_ply), args.oracle_book, **options)
        return 0
    if not args.skip_speed:
        speed(args.speed_seconds)
    if not args.skip_5x5:
        print(f"== 5x5: strong vs linecount2, {args.seconds} s a move ==", flush=True)
        w, d, lo = match("strong", "linecount2", args.games, args.seconds, **options)
        print(f"strong vs linecount2 on 5x5 at {args.seconds} s/move: "
              f"{w} wins, {d} draws, {lo} losses of {args.games}", flush=True)
    if not args.skip_4x4:
        four_by_four(args.games_4x4, args.seconds, not args.no_solve, args.warm, **options)
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

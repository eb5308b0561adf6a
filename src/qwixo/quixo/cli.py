"""Quixo sub-commands: ``qwixo quixo bench``, ``qwixo quixo perft`` and ``qwixo play quixo``.

Cheap to import: the numba kernels load inside the handlers.
"""

from __future__ import annotations

import argparse
import sys
import time

from qwixo.core import IllegalMove
from qwixo.i18n import number, t


def register_quixo(sub) -> None:
    p = sub.add_parser("bench", help=t("clih_quixo_bench"))
    p.add_argument("--seconds", type=float, default=3.0, help=t("clih_quixo_bench_seconds"))
    p.add_argument("--seed", type=int, default=88172645463325252, help=t("clih_quixo_bench_seed"))
    p.add_argument("--size", type=int, default=5, help=t("clih_quixo_bench_size"))
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("perft", help=t("clih_perft"))
    p.add_argument("depth", type=int, help=t("clih_perft_depth"))
    p.add_argument("--size", type=int, default=None, help=t("clih_size_3_7"))
    p.add_argument("--players", type=int, choices=(2, 4), default=None,
                   help=t("clih_quixo_players"))
    p.add_argument("--position", default=None, help=t("clih_perft_position"))
    p.add_argument("--divide", action="store_true", help=t("clih_perft_divide"))
    p.add_argument("--time", action="store_true", help=t("clih_perft_time"))
    p.set_defaults(func=cmd_perft)


def register_play(sub) -> None:
    p = sub.add_parser("quixo", help=t("clih_play_quixo"))
    p.add_argument("--size", type=int, default=None, help=t("clih_size_3_7"))
    p.add_argument("--players", type=int, choices=(2, 4), default=None,
                   help=t("clih_quixo_players"))
    p.add_argument("--position", default=None, help=t("clih_play_quixo_position"))
    p.add_argument("--vs", metavar="BOT", default=None,
                   help=t("clih_play_quixo_vs"))
    p.add_argument("--seat", default=None,
                   help=t("clih_play_quixo_seat"))
    p.add_argument("--seconds", type=float, default=None, help=t("clih_play_quixo_seconds"))
    p.add_argument("--load", metavar="FILE", default=None, help=t("clih_load"))
    p.add_argument("--ply-limit", type=int, default=None, help=t("clih_play_quixo_ply_limit"))
    p.add_argument("--repetition", type=int, default=None,
                   help=t("clih_play_quixo_repetition"))
    p.add_argument("--list-bots", action="store_true", help=t("clih_list_bots"))
    p.add_argument("--lang", dest="play_lang", default=None, choices=("en", "tr", "it", "pl"),
                   help=t("clih_lang"))
    p.add_argument("--no-color", action="store_true", help=t("clih_no_color"))
    p.set_defaults(func=cmd_play)


# -- bench ----------------------------------------------------------------------------------------
def bench(seconds: float, seed: int = 88172645463325252, size: int = 5,
          out=None) -> float:
    """Play uniformly random 2-player games (from the empty board, 1000 plies at most, like
    the C reference loop ``quixo_fast.c``) for ``seconds`` of CPU time on one core; print the figures,
    the last line ``plies/s: N``; return plies per CPU second (as the C reference measures with
    ``clock()``). Compilation is excluded from the timing."""
    import numpy as np

    from qwixo.quixo import kernels as K

    out = out or sys.stdout
    T, L = K.packed_tables(size)
    t0 = time.perf_counter()
    K.random_games(10, np.uint64(1), 1000, T, L)  # compile or load from the cache
    warm = time.perf_counter() - t0
    batch = 256
    plies = games = xw = ow = 0
    rng = np.uint64(seed % (1 << 64))
    # like the C reference (clock()), the rate is per second of this process's CPU time, so
    # other programs sharing the core do not count against it; wall time is shown too
    cpu0, wall0 = time.process_time(), time.perf_counter()
    cpu = 0.0
    while cpu < seconds:
        p, x, o, r = K.random_games(batch, rng, 1000, T, L)
        rng = np.uint64(r)
        plies += p
        xw += x
        ow += o
        games += batch
        cpu = time.process_time() - cpu0
        if cpu < seconds / 20:
            batch *= 2
    wall = time.perf_counter() - wall0
    rate = plies / cpu
    print(t("quixo_bench_board", size=size), file=out)
    print(t("quixo_bench_warm", seconds=number(warm, None, 2)), file=out)
    print(t("quixo_bench_counts", games=number(games), plies=number(plies),
            cpu=number(cpu, None, 3), wall=number(wall, None, 3)), file=out)
    print(t("quixo_bench_mean", plies=number(plies / games, None, 2)), file=out)
    print(t("quixo_bench_wins", x=number(xw), o=number(ow), unfinished=number(games - xw - ow)),
          file=out)
    # the figures below are read by programs (benchmarks/quixo_bench.py): never translated
    print(f"games/s: {games / cpu:.0f}", file=out)
    print(f"plies/s (wall clock): {plies / wall:.0f}", file=out)
    print(f"plies/s: {rate:.0f}", file=out)
    return rate


def cmd_bench(args: argparse.Namespace) -> int:
    if not args.seconds > 0:
        raise IllegalMove("bad_setting", name="seconds", value=args.seconds, why="why_positive_seconds")
    from qwixo.quixo.tables import MAX_SIZE, MIN_SIZE

    if not MIN_SIZE <= args.size <= MAX_SIZE:
        raise IllegalMove("bad_setting", name="size", value=args.size, why="why_range",
                          lo=MIN_SIZE, hi=MAX_SIZE)
    bench(args.seconds, args.seed, args.size)
    return 0


# -- perft ----------------------------------------------------------------------------------------
def perft(game, depth: int) -> int:
    """The number of move sequences of ``depth`` plies from ``game``'s position (every legal
    move counted, a forced 4-player pass as one move, no moves after a finished game; the
    optional draw rules are ignored).

    >>> from qwixo.quixo.game import QuixoGame
    >>> [perft(QuixoGame(), d) for d in (1, 2, 3)]
    [44, 1836, 76596]
    """
    import numpy as np

    from qwixo.quixo import kernels as K

    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise IllegalMove("bad_setting", name="depth", value=depth, why=t("cli_why_int_ge0"))
    if depth == 0:
        return 1
    if game.is_over and game.end_reason in ("line", "opponent_line"):
        return 0
    T, L = K.packed_tables(game.size)
    b = [np.uint64(x) for x in game.bitboards]
    p = game.turn
    if game.num_players == 2:
        me, op = (b[0], b[1]) if p == 0 else (b[1], b[0])
        return int(K.perft(me, op, depth, T, L))
    return int(K.perft4(b[0], b[1], b[2], b[3], p, depth, T, L))


def _game_from_args(args: argparse.Namespace):
    from qwixo.quixo.game import QuixoGame

    return QuixoGame(size=args.size, players=args.players, position=args.position)


def cmd_perft(args: argparse.Namespace) -> int:
    game = _game_from_args(args)
    t0 = time.perf_counter()
    if args.divide and args.depth >= 1 and not game.is_over:
        total = 0
        for code in game.legal_moves:
            child = game.copy()
            child.push(code)
            n = 1 if args.depth == 1 else perft(child, args.depth - 1)
            total += n
            print(f"{game.move_text(code)}: {n}")
    else:
        total = perft(game, args.depth)
    dt = time.perf_counter() - t0
    print(total)
    if args.time:
        rate = total / dt if dt > 0 else float("inf")
        print(t("quixo_perft_time", depth=args.depth, total=number(total),
                seconds=number(dt, None, 3),
                rate=number(rate) if rate != float("inf") else "∞"), file=sys.stderr)
    return 0


# -- play -----------------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    import qwixo
    from qwixo.quixo.game import _parse_first
    from qwixo.quixo.terminal import load_file, play

    lang = args.play_lang or getattr(args, "lang", None)
    if args.list_bots:
        print("\n".join(qwixo.list_bots("quixo")))
        return 0
    if args.load:
        game = load_file(args.load)
    else:
        from qwixo.quixo.game import QuixoGame

        game = QuixoGame(size=args.size, players=args.players, position=args.position,
                         ply_limit=args.ply_limit, repetition=args.repetition)
    bots = {}
    if args.vs:
        from qwixo.bots import check_bot, terminal_bot

        check_bot("quixo", args.vs)  # a listed bot, module:Class or engine:CMD
        human = game.turn if args.seat is None else _parse_first(args.seat, game.num_players)
        for p in range(game.num_players):
            if p != human:
                bots[p] = terminal_bot("quixo", args.vs, seconds=args.seconds, lang=lang)
    elif args.seat is not None:
        print(t("quixo_seat_needs_vs", lang), file=sys.stderr)
    return play(game, sys.stdin, sys.stdout, bots=bots, lang=lang,
                color=False if args.no_color else None, hint_seconds=args.seconds)

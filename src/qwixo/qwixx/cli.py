"""Qwixx sub-commands: ``qwixo play qwixx`` (terminal play and score pad) and
``qwixo qwixx speed`` (whole games per second through the contract).

Cheap to import: the engine loads inside the handlers.
"""

from __future__ import annotations

import argparse
import sys
import time

from qwixo.core import IllegalMove
from qwixo.i18n import number, t

EDITIONS = ("classic", "longo", "mixx-a", "mixx-b", "bonus-a", "bonus-b")


def register_play(sub) -> None:
    p = sub.add_parser("qwixx", help=t("clih_play_qwixx"), description=t("clih_play_qwixx_desc"))
    p.add_argument("--edition", default="classic", choices=EDITIONS,
                   help=t("clih_play_qwixx_edition"))
    p.add_argument("--players", type=int, default=None, help=t("clih_play_qwixx_players"))
    p.add_argument("--vs", metavar="BOT", default=None, help=t("clih_play_qwixx_vs"))
    p.add_argument("--pad", action="store_true", help=t("clih_play_qwixx_pad"))
    p.add_argument("--names", default=None, help=t("clih_play_qwixx_names"))
    p.add_argument("--seed", type=int, default=None, help=t("clih_play_qwixx_seed"))
    p.add_argument("--lucky", default=None, help=t("clih_play_qwixx_lucky"))
    p.add_argument("--load", metavar="FILE", default=None, help=t("clih_load"))
    p.add_argument("--lang", choices=("en", "tr", "it", "pl"), default=argparse.SUPPRESS,
                   help=t("clih_lang"))
    p.add_argument("--no-color", action="store_true", help=t("clih_no_color"))
    p.set_defaults(func=cmd_play)


def register_qwixx(sub) -> None:
    p = sub.add_parser("speed", help=t("clih_speed"))
    p.add_argument("--edition", default="classic", choices=EDITIONS,
                   help=t("clih_qxsolve_edition"))
    p.add_argument("--players", type=int, default=4, help=t("clih_qbench_players"))
    p.add_argument("--games", type=int, default=2000, help=t("clih_speed_games"))
    p.add_argument("--repeat", type=int, default=3, help=t("clih_speed_repeat"))
    p.set_defaults(func=cmd_speed)


# -- play -------------------------------------------------------------------------------------
def make_game(args):
    """The game a ``play qwixx`` command asks for (new or loaded)."""
    import qwixo
    from qwixo.qwixx.game import QwixxGame

    if args.load:
        try:
            with open(args.load, encoding="utf-8") as f:
                game = qwixo.load_game(f.read())
        except OSError as e:
            raise IllegalMove("qx_cannot_load", path=args.load, why=e.strerror) from None
        if not isinstance(game, QwixxGame):
            raise IllegalMove("qx_cannot_load", path=args.load, why=t("cli_why_not_qwixx"))
        return game
    lucky = None
    if args.lucky:
        try:
            lucky = [tuple(int(x) for x in pair.split(",")) for pair in args.lucky.split("/")]
        except ValueError:
            raise IllegalMove("bad_setting", name="lucky", value=args.lucky,
                              why=t("cli_why_lucky_pairs")) from None
    players = args.players if args.players is not None else (
        len(lucky) if lucky else 2)
    return QwixxGame(args.edition, players=players, seed=args.seed, lucky=lucky)


def make_seats(game, vs: str | None, seed: int | None) -> list:
    """``None`` for people, bots for ``--vs`` (every seat but the first)."""
    seats: list = [None] * game.num_players
    if not vs:
        return seats
    from qwixo.bots import terminal_bot

    names = [n.strip() for n in vs.split(",") if n.strip()]
    if not names:
        raise IllegalMove("bad_setting", name="vs", value=vs, why=t("cli_why_bot_name"))
    try:
        for p in range(1, game.num_players):
            name = names[min(p - 1, len(names) - 1)]
            seats[p] = terminal_bot("qwixx", name, seed=None if seed is None else seed + p)
    except ImportError as e:
        raise IllegalMove("qx_no_bots", why=str(e)) from None
    return seats


def cmd_play(args, inp=None, out=None) -> int:
    from qwixo.qwixx.terminal import Terminal

    lang = getattr(args, "lang", None)
    game = make_game(args)
    seats = make_seats(game, args.vs, args.seed)
    names = None
    if args.names:
        names = [n.strip() for n in args.names.split(",")]
        names += [t("seat_default_name", lang, n=p + 1)
                  for p in range(len(names), game.num_players)]
    term = Terminal(game, seats=seats, inp=inp, out=out, pad=args.pad, lang=lang,
                    color=not args.no_color, names=names[:game.num_players] if names else None)
    return term.run()


# -- speed ------------------------------------------------------------------------------------
def random_game(game, rng) -> list[int]:
    """Play to the end, every decision uniform among the (sorted) options."""
    while not game.is_over:
        if game.needs_roll:
            game.roll()
            continue
        for p in game.to_act:
            game.choose(p, rng.choice(sorted(game.options(p))))
    return game.scores()


def speed(edition: str = "classic", players: int = 4, games: int = 2000, repeat: int = 3,
          out=None) -> dict:
    """Measure whole random games per second through the contract (best of ``repeat``); print
    the figures, the last line ``games/s: N``. The side-by-side comparison with a naive
    pure-Python referee is ``benchmarks/contract_speed.py`` of a source checkout."""
    import random

    import qwixo

    out = out or sys.stdout

    def engine(k):  # Longo: the game deals the lucky numbers from its seed
        return qwixo.new_game("qwixx", edition=edition, players=players, seed=k)

    def run(make, count: int) -> float:
        rng = random.Random(0)
        t0 = time.perf_counter()
        for k in range(count):
            random_game(make(k), rng)
        return count / (time.perf_counter() - t0)

    run(engine, min(50, games))  # warm-up
    result: dict = {"edition": edition, "players": players, "games": games}
    eng = 0.0
    for _ in range(max(1, repeat)):  # best of each: the machine may be shared
        eng = max(eng, run(engine, games))
    result["engine"] = eng
    print(t("qwixx_speed_title", edition=t(f"web_edition_{edition}"), players=players,
            games=number(games), repeat=repeat),
          file=out)
    print(t("qwixx_speed_engine", rate=number(eng)), file=out)
    print(f"games/s: {eng:.0f}", file=out)
    return result


def cmd_speed(args) -> int:
    if not 1 <= args.players <= 5:
        raise IllegalMove("bad_setting", name="players", value=args.players, why=t("cli_why_1_to_5"))
    if args.games < 1:
        raise IllegalMove("bad_setting", name="games", value=args.games, why=t("cli_why_at_least_1"))
    speed(args.edition, args.players, args.games, args.repeat)
    return 0

"""``qwixo qwixx bench`` and ``qwixo qwixx hint`` (registered by :func:`register_qwixx`).

- ``qwixo qwixx bench [--seconds S] [--players K]``: random-policy classic games through the
  batch kernel on one core (the game of the C reference loop ``qwixx_fast.c``); the last line is
  ``games/s: N``.
- ``qwixo qwixx hint FILE [--player P] [--seconds S] [--playouts N] [--seed S]``: ranks the
  options of a saved game (``Game.to_json``) with the win chance (or the expected score in
  solitaire) of each, found by the ``strong`` bot's search.

Heavy imports (numba kernels) happen inside the handlers.
"""

from __future__ import annotations

import argparse
import sys

from qwixo.i18n import number, t, tn


def hint_answer(game, player: int, lang: str | None = None, **kw) -> dict[str, list]:
    """The ranked options of ``player`` as lines and data (see
    :func:`qwixo.qwixx.strong.hint_answer`); here for front ends that look for the hint
    function of the Qwixx tools (the game's ``info.hint``: the web server calls it)."""
    from qwixo.qwixx.strong import hint_answer as answer

    return answer(game, player, lang, **kw)


def register_qwixx(sub: argparse._SubParsersAction) -> None:
    b = sub.add_parser("bench", help=t("clih_qbench"))
    b.add_argument("--seconds", type=float, default=3.0, help=t("clih_qbench_seconds"))
    b.add_argument("--players", type=int, default=4, choices=range(1, 6), metavar="K",
                   help=t("clih_qbench_players"))
    b.add_argument("--seed", type=int, default=1, help=t("clih_qbench_seed"))
    b.set_defaults(func=_bench)

    h = sub.add_parser("hint", help=t("clih_qxhint"))
    h.add_argument("file", help=t("clih_qxhint_file"))
    h.add_argument("--player", type=int, default=None, help=t("clih_qxhint_player"))
    h.add_argument("--seconds", type=float, default=None, help=t("clih_qxhint_seconds"))
    h.add_argument("--playouts", type=int, default=None, help=t("clih_qxhint_playouts"))
    h.add_argument("--seed", type=int, default=0, help=t("clih_qxhint_seed"))
    h.set_defaults(func=_hint)


def _bench(args: argparse.Namespace) -> int:
    from qwixo.qwixx.batch import bench

    lang = args.lang
    if not args.seconds > 0:
        print(t("qwixx_bad_seconds", lang, value=args.seconds), file=sys.stderr)
        return 2
    print(t("qwixx_bench_running", lang, players=args.players,
            seconds=number(args.seconds, lang, None)),
          file=sys.stderr)
    r = bench(args.seconds, players=args.players, seed=args.seed)
    print(tn("qwixx_bench_result", r["games"], lang, games=number(r["games"], lang),
             seconds=number(r["seconds"], lang, 2),
             rolls=number(r["rolls_per_game"], lang, 2), score=number(r["mean_score"], lang, 3)))
    print(f"games/s: {r['games_per_s']:.0f}")
    return 0


def load_qwixx(path: str, lang: str | None = None):
    """A saved Qwixx game from ``path`` (a readable error message when it is not one)."""
    import qwixo

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise _UserError(t("qwixx_file_error", lang, path=path, why=e.strerror or e)) from None
    game = qwixo.load_game(text)
    if game.name != "qwixx":
        raise _UserError(t("qwixx_not_qwixx_save", lang, path=path, game=game.name))
    return game


class _UserError(Exception):
    pass


def _hint(args: argparse.Namespace) -> int:
    from qwixo.core import IllegalMove
    from qwixo.qwixx.strong import hint_lines

    lang = args.lang
    if args.seconds is not None and not args.seconds > 0:
        print(t("qwixx_bad_seconds", lang, value=args.seconds), file=sys.stderr)
        return 2
    try:
        game = load_qwixx(args.file, lang)
    except _UserError as e:
        print(f"qwixo: {e}", file=sys.stderr)
        return 2
    if game.is_over:
        raise IllegalMove("game_over")
    if game.needs_roll:
        print(t("qwixx_hint_roll_first", lang), file=sys.stderr)
        return 1
    players = game.to_act if args.player is None else [game.check_player(args.player)]
    phase = t("qwixx_phase_" + game.phase, lang)
    dice = " ".join("-" if d is None else str(d) for d in game.dice)
    for p in players:
        print(t("qwixx_hint_header", lang, player=p, phase=phase, dice=dice))
        for line in hint_lines(game, p, lang, seconds=args.seconds, playouts=args.playouts,
                               seed=args.seed):
            print("  " + line)
    return 0

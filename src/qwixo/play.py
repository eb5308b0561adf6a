"""``qwixo play GAME`` for every registered game that has no terminal command of its own: the
game's terminal drawing (``GameInfo.terminal``: ``(view, lang) -> str``) when it ships one, else
the generic picture of the contract's view (its board's rows, its other values), then the
player's options numbered; a number or an option's text decides. Bots (``--vs``) take the other
seats, or every seat is played at this keyboard (``--hotseat``). Nothing here names a game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, TextIO

import qwixo
from qwixo.core import IllegalMove, fair_copy
from qwixo.gameinfo import load, text
from qwixo.i18n import LANGS, t


def register_play(sub: argparse._SubParsersAction) -> None:
    """A ``play`` sub-command for each registered game the other areas have not given one."""
    for name in qwixo.game_names():
        if name in sub.choices:
            continue
        try:
            info = qwixo.game_info(name)
        except Exception:  # noqa: BLE001 - a broken package must not break every command
            continue  # (`qwixo check-game NAME` says what is wrong with it)
        p = sub.add_parser(name, help=t("clih_play_game", title=text(info.title)))
        if len(info.players) > 1:
            p.add_argument("--players", type=int, choices=info.players, default=None,
                           help=t("clih_play_game_players"))
        for setting in info.settings:
            option = setting.cli_option()
            if option is not None:
                p.add_argument("--" + setting.name.replace("_", "-"), **option)
        p.add_argument("--vs", metavar="BOT", default=None, help=t("clih_play_quixo_vs"))
        p.add_argument("--seat", type=int, default=1, help=t("clih_play_game_seat"))
        p.add_argument("--hotseat", action="store_true", help=t("clih_play_game_hotseat"))
        p.add_argument("--seconds", type=float, default=None, help=t("clih_play_quixo_seconds"))
        p.add_argument("--list-bots", action="store_true", help=t("clih_list_bots"))
        p.add_argument("--lang", dest="play_lang", default=None, choices=LANGS,
                       help=t("clih_lang"))
        p.set_defaults(func=cmd_play, play_game=name)


def generic_picture(view: dict[str, Any], lang: str | None = None) -> str:
    """The board of any view as text: each list of equal rows as lines, each other value as
    ``name: value`` (what ``qwixo play`` draws for a game without a drawing of its own)."""
    board = view.get("board")
    if not isinstance(board, dict):
        return "" if board is None else str(board)
    lines: list[str] = []
    for key, value in board.items():
        if isinstance(value, list) and value and all(isinstance(r, str) for r in value):
            lines.extend(value)
        elif isinstance(value, list) and value and all(isinstance(r, list) for r in value):
            lines.extend(" ".join("." if c is None else str(c) for c in r) for r in value)
        else:
            lines.append(f"{key}: {value}")
    return "\n".join(lines)


def drawing(name: str) -> Callable[[dict[str, Any], str | None], str]:
    """The game's terminal drawing, else :func:`generic_picture`."""
    ref = qwixo.game_info(name).terminal
    return load(ref) if ref else generic_picture


def seat_name(seat: int, lang: str | None) -> str:
    return t("seat_default_name", lang, n=seat + 1)


def result_line(game: Any, lang: str | None) -> str:
    outcome = game.outcome()
    if outcome is None or outcome.draw:
        return t("play_game_draw", lang, reason=outcome.termination if outcome else "?")
    return t("play_game_won", lang, reason=outcome.termination,
             names=", ".join(seat_name(p, lang) for p in outcome.winners))


def ask(game: Any, seat: int, lang: str | None, read: Callable[[str], str],
        out: TextIO) -> str | None:
    """The decision of the person at ``seat``: a number of the list or an option's text;
    None when they quit (an empty line at the end of input, ``q``)."""
    options = game.options(seat)
    for i, option in enumerate(options, 1):
        print(f"  {i:>2}) {option}", file=out)
    while True:
        try:
            answer = read(t("play_game_prompt", lang, name=seat_name(seat, lang))).strip()
        except EOFError:
            return None
        if answer.lower() in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1]
        if answer:
            return answer


def cmd_play(args: Any) -> int:
    name, lang = args.play_game, args.play_lang
    if args.list_bots:
        print("\n".join(qwixo.list_bots(name)))
        return 0
    info = qwixo.game_info(name)
    settings = {s.name: getattr(args, s.name) for s in info.settings
                if getattr(args, s.name, None) is not None}
    if getattr(args, "players", None):
        settings["players"] = args.players
    game = qwixo.new_game(name, **settings)
    if not 1 <= args.seat <= game.num_players:
        raise IllegalMove("unknown_player", player=args.seat)
    human = set(range(game.num_players)) if args.hotseat else {args.seat - 1}
    bot_name = args.vs or (qwixo.list_bots(name) or [None])[-1]
    if bot_name is None and len(human) < game.num_players:
        human = set(range(game.num_players))
    bots = {p: qwixo.make_bot(name, bot_name, seconds=args.seconds, seed=p)
            for p in range(game.num_players) if p not in human}
    return play_loop(game, human, bots, lang)


def play_loop(game: Any, human: set[int], bots: dict[int, Any], lang: str | None,
              read: Callable[[str], str] = input, out: TextIO = sys.stdout) -> int:
    """Play ``game`` to the end: the people of ``human`` at this keyboard, ``bots`` at the
    other seats. The exit status: 0 at the end, 1 when the person quit."""
    draw = drawing(game.name)
    while not game.is_over:
        if game.needs_roll:
            game.roll()
            continue
        for seat in list(game.to_act):
            if game.is_over or seat not in game.to_act:
                continue
            if seat in bots:
                decision = bots[seat].decide(fair_copy(game), seat)
                game.choose(seat, decision)
                print(t("play_game_bot_plays", lang, name=seat_name(seat, lang),
                        decision=decision), file=out)
                continue
            print(draw(game.view(seat), lang), file=out)
            while True:
                decision = ask(game, seat, lang, read, out)
                if decision is None:
                    return 1
                try:
                    game.choose(seat, decision)
                    break
                except IllegalMove as e:  # said in the person's language; nothing changed
                    print(e.translated(lang), file=out)
    print(draw(game.view(None), lang), file=out)
    print(result_line(game, lang), file=out)
    return 0

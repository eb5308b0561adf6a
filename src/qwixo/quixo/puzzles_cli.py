"""``qwixo puzzle``: Quixo puzzles in the terminal (the puzzle of the day, by length and size,
by id), their solutions, and ``--generate`` to cut a new set from the bots' games.

Cheap to import: the kernels load inside the handler.

>>> import io
>>> from qwixo.quixo.puzzles import Puzzle
>>> p = Puzzle(size=3, position="xx./oo./... x", plies=1, moves=("c1c3",))
>>> out = io.StringIO()
>>> solve(p, io.StringIO("c2c3\\n"), out, lang="en")
True
>>> print(out.getvalue().splitlines()[-1])
Solved!
>>> solve(p, io.StringIO("b2b1\\n"), io.StringIO(), lang="en")
False
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from qwixo.core import IllegalMove
from qwixo.i18n import t


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("puzzle", help=t("clih_puzzle"))
    p.add_argument("--size", type=int, choices=(4, 5), default=None, help=t("clih_puzzle_size"))
    p.add_argument("--plies", type=int, choices=(1, 3, 5), default=None,
                   help=t("clih_puzzle_plies"))
    p.add_argument("--id", default=None, help=t("clih_puzzle_id"))
    p.add_argument("--solution", action="store_true", help=t("clih_puzzle_solution"))
    p.add_argument("--json", action="store_true", help=t("clih_puzzle_json"))
    p.add_argument("--generate", metavar="FILE", default=None, help=t("clih_puzzle_generate"))
    p.add_argument("--count", type=int, default=60, help=t("clih_puzzle_count"))
    p.add_argument("--seed", type=int, default=0, help=t("clih_puzzle_seed"))
    p.set_defaults(func=cmd_puzzle)


def _pick(args):
    from qwixo.core import IllegalMove
    from qwixo.quixo import puzzles as P

    every = P.load()
    if args.id:
        found = [p for p in every if p.id == args.id]
        if not found:
            raise IllegalMove("puzzle_unknown", id=args.id)
        return found[0]
    pool = [p for p in every if (args.size is None or p.size == args.size)
            and (args.plies is None or p.plies == args.plies)]
    if not pool:
        raise IllegalMove("puzzle_none")
    return P.daily(pool)


def _header(p, lang: str | None) -> str:
    side = p.position.split()[1].upper()
    return t("puzzle_header", lang, id=p.id, side=side, plies=p.plies)


def solve(puzzle, inp: IO[str], out: IO[str] | None = None, *, lang: str | None = None
          ) -> bool:
    """Play ``puzzle`` in the terminal: the player types moves, the defender answers. True
    when solved; on a wrong move the solution is shown and False returned."""
    from rich.console import Console

    from qwixo.quixo import puzzles as P
    from qwixo.quixo.terminal import render

    console = Console(file=out or sys.stdout, width=100, highlight=False, no_color=True)

    def say(text: str) -> None:
        console.print(text, markup=False)

    g = puzzle.game()
    played: list[str] = []
    say(_header(puzzle, lang))
    while True:
        console.print(render(g, lang))
        say(t("puzzle_your_move", lang))
        line = inp.readline()
        if not line:
            say(t("puzzle_solution", lang, moves=" ".join(puzzle.moves)))
            return False
        move = line.strip()
        if not move:
            continue
        if move.lower() in ("quit", "exit"):  # giving up shows the solution
            say(t("puzzle_solution", lang, moves=" ".join(puzzle.moves)))
            return False
        try:  # what is no move here is said, and asked again
            g.canonical_decision(g.to_act[0], move)
        except IllegalMove as e:
            say(e.translated(lang))
            continue
        if not P.check(puzzle, played, move):
            say(t("puzzle_wrong", lang, move=move))
            say(t("puzzle_solution", lang, moves=" ".join(puzzle.moves)))
            return False
        move = g.canonical_decision(g.to_act[0], move)
        g.choose(g.to_act[0], move)
        played.append(move)
        if g.is_over:
            console.print(render(g, lang))
            say(t("puzzle_solved", lang))
            return True
        reply = P.defence(g)
        g.choose(g.to_act[0], reply)
        played.append(reply)
        say(t("puzzle_reply", lang, move=reply))
        if g.is_over:  # the defender's push made a line: the win came anyway
            console.print(render(g, lang))
            say(t("puzzle_solved", lang))
            return True


def cmd_puzzle(args) -> int:
    import os

    from qwixo.quixo import puzzles as P

    lang = getattr(args, "lang", None) or os.environ.get("QWIXO_LANG") or None
    if args.generate:
        sizes = [args.size] if args.size else list(P.SIZES)
        found = []
        for n in sizes:
            found += P.generate(n, args.count, seed=args.seed)
        P.save(found, args.generate, command=" ".join(["qwixo", "puzzle"] + sys.argv[2:]))
        print(t("puzzle_generated", lang, count=len(found), file=args.generate))
        return 0
    p = _pick(args)
    if args.json:
        print(json.dumps(p.to_dict()))
        return 0
    if args.solution:
        print(_header(p, lang))
        print(t("puzzle_solution", lang, moves=" ".join(p.moves)))
        return 0
    return 0 if solve(p, sys.stdin, sys.stdout, lang=lang) else 1


__all__ = ["register", "solve", "cmd_puzzle"]

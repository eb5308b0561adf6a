"""Perfect play from the solver's databases: the value of a position and of every move.

The databases are the solver's (:mod:`qwixo.quixo.db`: 3×3, 4×4 and the 5×5 positions without
a blank cube, once solved). When that module is missing, the 3×3 game is solved in memory
(well under a second) so that 3×3 perfect play always works.

Values are for the side to move: ``("win" | "loss" | "draw", plies)``: plies to the end with
best play (the winner wins as fast as it can, the loser loses as slowly as it can; ``None`` for
a draw).

>>> from qwixo.quixo.game import QuixoGame
>>> g = QuixoGame(size=3)
>>> probe_game(g)
('win', 7)
>>> best_moves_of(g)[0][1:]
('win', 7)
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

Value = tuple[str, "int | None"]


@cache
def _solved_in_memory(n: int):
    from qwixo.quixo.solver import solve

    return solve(n)


def probe(n: int, me: int, op: int) -> tuple[str, int | None] | None:
    """The database value of the 2-player position ``(me, op)`` (``me`` to move), or None when
    no database covers it."""
    try:
        from qwixo.quixo import db  # the solver's database API
    except ImportError:
        db = None
    if db is not None and hasattr(db, "probe"):
        try:
            res = db.probe(n, int(me), int(op))
        except (FileNotFoundError, OSError, ValueError):
            res = None
        if res is not None:
            return res[0], (None if res[0] == "draw" else res[1])
        if n != 3:
            return None
    if n == 3:
        res = _solved_in_memory(3).probe(int(me), int(op))
        return res[0], (None if res[0] == "draw" else res[1])
    return None


def _rank_key(value: str, plies: int | None) -> tuple[int, int]:
    if value == "win":
        return (0, plies or 0)
    if value == "draw":
        return (1, 0)
    return (2, -(plies or 0))


def best_moves(state: Any) -> list[tuple[str, str, int | None]]:
    """Every legal move of a position (``n``, ``players``, ``boards``
    normalised for the mover, e.g. a :class:`~qwixo.quixo.bots.QuixoState`) with its value for the
    mover, best first: ``[(move text, "win"|"loss"|"draw", plies), ...]``; ``[]`` when no
    database covers the position's children (4 players, or a size without a database)."""
    if state.players != 2:
        return []
    from qwixo.quixo.kernels import MOVER_WINS, ONGOING, apply_move, legal, outcome
    from qwixo.quixo.notation import code_text
    from qwixo.quixo.search import search_tables

    n = state.n
    t = search_tables(n)
    me, op = state.boards
    ume, uop = np.uint64(me), np.uint64(op)
    out: list[tuple[str, str, int | None]] = []
    for m in range(t.M):
        if not legal(uop, m, t.T):
            continue
        nme, nop = apply_move(ume, uop, m, t.T)
        r = outcome(nme, nop, t.L)
        text = code_text(m, n)
        if r == MOVER_WINS:
            out.append((text, "win", 1))
            continue
        if r != ONGOING:
            out.append((text, "loss", 1))
            continue
        child = probe(n, int(nop), int(nme))
        if child is None:
            return []
        value, plies = child
        if value == "draw":
            out.append((text, "draw", None))
        else:
            out.append((text, "win" if value == "loss" else "loss", (plies or 0) + 1))
    out.sort(key=lambda x: (_rank_key(x[1], x[2]), x[0]))
    return out




def probe_game(game: Any) -> tuple[str, int | None] | None:
    """The database value of a 2-player game's position for the side to move, or None."""
    from qwixo.quixo.notation import parse_position
    from qwixo.quixo.search import normalise

    p = parse_position(game.position)
    if p.players != 2:
        return None
    me, op = normalise(p.boards, p.turn, 2)
    return probe(p.size, me, op)


def best_moves_of(game: Any) -> list[tuple[str, str, int | None]]:
    """:func:`best_moves` of the player to move in a game (``[]`` when the game is over)."""
    from types import SimpleNamespace

    from qwixo.quixo.notation import parse_position
    from qwixo.quixo.search import normalise

    if not game.to_act:
        return []
    # what best_moves reads of a QuixoState, built here so that this module never imports
    # qwixo.quixo.bots (which imports this one: no cycle)
    p = parse_position(game.position)
    return best_moves(SimpleNamespace(n=p.size, players=p.players,
                                      boards=normalise(p.boards, p.turn, p.players)))

"""Helpers shared by the Quixo tests (importable: pytest puts this directory on sys.path)."""

from __future__ import annotations

import random

from qwixo.quixo.game import QuixoGame


def random_position(size: int, players: int, plies: int, rng: random.Random) -> QuixoGame:
    """A game after up to ``plies`` random moves, not over (a move that ended it is taken back
    and the walk stops there)."""
    g = QuixoGame(size=size, players=players)
    for _ in range(plies):
        p = g.to_act[0]
        g.choose(p, rng.choice(g.options(p)))
        if g.is_over:
            g.undo()
            break
    return g


def mover_wins_at_once(g: QuixoGame) -> bool:
    """True when the player to move has a move that wins the game at once."""
    p = g.to_act[0]
    team = g.side_of(p)
    for mv in g.options(p):
        c = g.copy()
        c.choose(p, mv)
        if c.is_over and c.winner == team:
            return True
    return False

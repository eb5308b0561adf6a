"""Helpers of the Qwixx tests."""

from __future__ import annotations

import qwixo


def play(bots, edition="classic", seed=0, check=True):
    """A whole game of ``edition`` with one bot per seat (``check``: every choice is one of
    the options and deciding leaves the game as it was)."""
    g = qwixo.new_game("qwixx", edition=edition, players=len(bots), seed=seed)
    while not g.is_over:
        if g.needs_roll:
            g.roll()
            continue
        for p in list(g.to_act):
            before = g.to_json()
            choice = bots[p].decide(g, p)
            if check:
                assert g.to_json() == before, "a bot changed the game"
                assert choice in g.options(p)
            g.choose(p, choice)
    return g

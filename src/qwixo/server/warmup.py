"""Compiling the engines' kernels before the first request (also run by every bot worker
process). Imports no web framework: bot workers load only the engines."""

from __future__ import annotations

import logging

import qwixo
from qwixo.core import GAME_NAMES

log = logging.getLogger("qwixo.server")


def warm_up() -> None:
    """Compile the engines' kernels (numba, cached on disk): each game's rules, views and the
    search and rollout kernels behind the bots and hints (so the first hint or bot move of a
    fresh install does not wait for the compiler)."""
    for name in GAME_NAMES:
        try:
            g = qwixo.new_game(name)
            if g.needs_roll:
                g.roll()
            for p in g.to_act:
                g.options(p)
                g.view(p)
            g.copy().to_json()
        except Exception:  # noqa: BLE001 - an engine still being written: serve the rest
            log.warning("warm-up of %s failed", name, exc_info=True)
        try:
            g = qwixo.new_game(name)
            if g.needs_roll:
                g.roll()
            qwixo.make_bot(name, "strong", seconds=0.05, seed=0).decide(g, g.to_act[0])
        except Exception:  # noqa: BLE001 - warming up is best effort
            log.warning("warm-up of the %s bots failed", name, exc_info=True)

"""Oracles: exact values of a batch of kernel-vector-env positions and of every action.

``oracle(env)`` gives, for every game of a kernel vector environment (the two-sided
``QuixoVec``/``QwixxVec`` of :mod:`qwixo.envs.vector` or a Gymnasium kernel vector env), the
value of the position for the player it answers for and the value of each of that player's
actions, numbered as the game's research codec numbers them: an :class:`Oracle`. The game
supplies the values through its metadata, ``GameInfo.oracle`` (``"module:attribute"`` of a
function ``f(env) -> Oracle``): a perfect-play database, a solved table. This module names no
game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: the action value of an illegal action (``-inf``: ``argmax`` never picks it); an action whose
#: value nothing covers is ``nan``
ILLEGAL = -np.inf


@dataclass
class Oracle:
    """The oracle's answer for ``n`` games and ``A`` actions:

    - ``value`` ``float32 (n,)``: the position's value for the player answered for (``nan``:
      not covered);
    - ``action_values`` ``float32 (n, A)``: the value after each action (:data:`ILLEGAL` for an
      illegal one);
    - ``best`` ``bool (n, A)``: the best actions (ties in ``action_values`` broken by the
      game's own order, e.g. the fastest win);
    - ``plies``, ``action_plies`` ``int16``: the distance to the end under best play where the
      game's oracle has one (-1: none, e.g. a draw), else None.
    """

    value: np.ndarray
    action_values: np.ndarray
    best: np.ndarray
    plies: np.ndarray | None = None
    action_plies: np.ndarray | None = None

    def best_actions(self, seed: int | None = None) -> np.ndarray:
        """``int64 (n,)``: one best action per game (uniform among the best; ``seed`` fixes the
        draw), 0 where there is none."""
        rng = np.random.default_rng(seed)
        noise = rng.random(self.best.shape)
        return np.where(self.best, noise, -1.0).argmax(axis=1).astype(np.int64)


def oracle_for(game: str) -> Any:
    """The oracle function ``f(env) -> Oracle`` a game declares (``KeyError`` when none)."""
    import qwixo
    from qwixo.gameinfo import load

    ref = getattr(qwixo.game_info(game), "oracle", None)
    if not ref:
        raise KeyError(f"the game {game!r} declares no oracle")
    return load(ref)


def game_of(env: Any) -> str:
    """The registered game of a kernel vector environment (its codec's game)."""
    codec = getattr(env, "codec", None)
    name = getattr(codec, "game_name", None)
    if name is None:
        raise TypeError(f"not a kernel vector environment of a registered game: {env!r}")
    return str(name)


def oracle(env: Any) -> Oracle:
    """The :class:`Oracle` of every current game of ``env`` (module docstring)."""
    return oracle_for(game_of(env))(env)

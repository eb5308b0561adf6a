"""The ``odds`` Qwixx policy (for the ``odds`` bot and the ``strong`` bot's playouts).

``odds`` weighs what a cross costs by the dice odds of the cells it skips: skipping a 2 or a 12
(1 roll in 36) costs little, skipping a 7 (6 in 36) a whole cell. It accepts the cheapest
option while that cost stays under a threshold that grows as the game nears its end (closed
rows, rows some player may lock soon, penalties), prefers rows with more crosses, avoids
making a row unlockable, takes a penalty only when every cross costs too much, and takes a
lock at once unless that lock ends the game while its player is not ahead. The rule is one
numba function, :func:`odds_choice`, on the kernels' state (:mod:`qwixo.qwixx.kernels`: it
reads the sheets there and finds the action-2 options with the kernels' own helpers). It is
used by the ``odds`` bot (:class:`~qwixo.qwixx.bots.OddsBot`, through :func:`decide_code`) and
is the ``odds`` policy of the batch turn loop :func:`qwixo.qwixx.batch.play` (the one turn
loop); :func:`run_games` and :func:`rollouts` are thin wrappers of the batch ones with the
``odds`` parameters (one vector for every seat or one per seat).

>>> r = run_games("classic", 2000, players=2, seed=1, policies=["odds", "gap"])
>>> bool(r["scores"][:, 0].mean() > r["scores"][:, 1].mean())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from qwixo.qwixx import batch
from qwixo.qwixx.kernels import A1CROSSED, ACTIVE, PHASE, ROLLS  # noqa: F401
from qwixo.qwixx.odds import (  # noqa: F401  (the rule, re-exported)
    BCNT,
    DEAD,
    DEFAULT_PARAMS,
    JOINT,
    LOCKM,
    N_PARAMS,
    ODDS,
    PARAM_NAMES,
    PEN4,
    SCNT,
    T1,
    T2,
    TF,
    THREAT,
    TM,
    TU,
    UNEAR,
    UPEN,
    UPROG,
    W_SIZE,
    _decide,
    _params,
    cell_weights,
    odds_choice,
    params_table,
    weights,
)


def _seat_policies(policies: str | list[str] | None, P: int) -> list[str]:
    if policies is None:
        policies = "odds"
    if isinstance(policies, str):
        policies = [policies] * P
    return list(policies)


def run_games(edition_name: str, games: int, players: int = 2, seed: int = 0,
              policies: str | list[str] | None = None, params: Any = None) -> dict[str, Any]:
    """Play ``games`` kernel games with per-seat policies (default ``odds``) and ``odds``
    parameters (one vector, or one per seat): :func:`qwixo.qwixx.batch.run_games` with
    ``paired=True``. The first player rotates; games ``P·j`` to ``P·j + P - 1`` share their
    dice (the seats' rotations see the same rolls).
    """
    return batch.run_games(edition_name, games, players, int(seed) % (1 << 62),
                           _seat_policies(policies, players), params=params, paired=True)


def rollouts(pos: Any, n: int, seed: int, fixed: dict[int, int] | None = None,
             policies: str | list[str] | None = None, params: Any = None,
             then: int | None = None) -> np.ndarray:
    """Final scores ``(n, players)`` of ``n`` games played on from ``pos`` (a
    :class:`qwixo.qwixx.batch.Position`): :func:`qwixo.qwixx.batch.rollouts` with every
    player following ``policies`` (default ``odds`` with ``params``)."""
    return batch.rollouts(pos, n, seed, fixed, _seat_policies(policies, pos.players), then,
                          params=params)


def decide_code(pos: Any, player: int, codes: list[int], force: bool,
                params: Any = None) -> int:
    """The ``odds`` choice (an option code, -1 pass) of ``player`` among ``codes`` in ``pos``
    (a :class:`qwixo.qwixx.batch.Position`; the action is read from it: action 1 or 2)."""
    prm = np.asarray(DEFAULT_PARAMS if params is None else params, np.float64)
    return rule_code(_decide, pos, player, codes, force, prm, bool(prm[JOINT] > 0))


def rule_code(decide: Any, pos: Any, player: int, codes: list[int], force: bool,
              row: np.ndarray, joint: bool = True) -> int:
    """A kernel rule's choice (an option code, -1 pass) of ``player`` among ``codes`` in
    ``pos`` (a :class:`qwixo.qwixx.batch.Position`; the action is read from it: action 1 or
    2): ``decide(state, player, action, force, codes, T, cell weights, row, joint)`` — the
    ``odds`` (:func:`decide_code`), ``ev`` and ``td`` rules' — with the parameter row ``row``;
    ``joint``: whether the rule may score the active player's action 1 with its action 2."""
    action = 2 if int(pos.st[PHASE]) == 2 else 1
    joint = joint and action == 1 and player == int(pos.st[ACTIVE])
    return int(decide(batch.pack(pos), player, action, bool(force), np.array(codes, np.int64),
                      batch.tables(pos.edition).T, weights(pos.edition), row, joint))


__all__ = ["odds_choice", "run_games", "rollouts", "decide_code", "DEFAULT_PARAMS", "A1CROSSED",
           "ROLLS", "ODDS", "N_PARAMS", "PARAM_NAMES", "cell_weights", "params_table", "weights"]


#: the one policy table: the batch loop's
POLICY_IDS = batch.POLICY_IDS

"""The solitaire oracle: the exact solitaire table's Q-values of a batch of kernel-env games.

For every game of a one-player :class:`qwixo.envs.vector.QwixxVec` or
:class:`qwixo.envs.qwixx_vector_env.QwixxVectorEnv` (``players=1``), the value of each legal
action (the codec's action numbers): the expected final-score gain from now on with optimal
play afterwards, as the ``optimal`` bot ranks its options
(:func:`qwixo.qwixx.solitaire.rank_options` on the table :func:`~qwixo.qwixx.solitaire.load_or_solve`
loads, solving and saving it first when it is missing); the position's value is the best of
them. The result is a :class:`qwixo.envs.oracles.Oracle` (no distances); the games reach it
through their metadata (``GameInfo.oracle``). Editions: those the solver handles
(:data:`~qwixo.qwixx.solitaire.SOLVABLE`; Longo: one table per lucky pair).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from qwixo.qwixx import kernels as K

_PHASE = {K.P_ACTION1: "action1", K.P_ACTION2: "action2"}


def states(env: Any) -> np.ndarray:
    """The kernel states ``(n, K.H + K.PB)`` of a one-player kernel env."""
    if getattr(env, "players", None) != 1 and getattr(env.codec, "players", None) != 1:
        raise ValueError("the solitaire oracle answers for one-player games")
    return env.states


def of_env(env: Any, directory: Any = None, compute: bool = True, solution: Any = None) -> Any:
    """The :class:`qwixo.envs.oracles.Oracle` of every game of a one-player Qwixx kernel env
    (module docstring): ``value`` the best expected gain, ``action_values`` each action's,
    ``best`` the actions the ``optimal`` bot would choose among. ``solution``: a table to use
    (else the saved one of each game's sheet, from ``directory``)."""
    from qwixo.envs.oracles import ILLEGAL, Oracle
    from qwixo.qwixx.rules import Sheet
    from qwixo.qwixx.solitaire import SOLVABLE, load_or_solve, rank_options

    codec = env.codec
    S = states(env)
    ed = codec.edition
    if ed.name not in SOLVABLE:
        raise ValueError(f"no solitaire table for the edition {ed.name!r}")
    n, A = S.shape[0], codec.num_actions
    mask = np.asarray(env.mask if hasattr(env, "mask") else env.action_masks(), bool)
    finished = np.asarray(getattr(env, "finished", np.zeros(n, bool)), bool)
    value = np.full(n, np.nan, np.float32)
    av = np.full((n, A), ILLEGAL, np.float32)
    tables: dict[tuple[int, ...], Any] = {}
    for i in range(n):
        s = S[i]
        if finished[i] or s[K.PHASE] not in _PHASE:
            continue
        sheet = Sheet.view(s, K.H)
        lucky = tuple(sorted(int(x) for x in s[K.H + K.LUCKY:K.H + K.LUCKY + 2])) \
            if ed.lucky else ()
        sol = solution
        if sol is None:
            sol = tables.get(lucky)
            if sol is None:
                sol = tables[lucky] = load_or_solve(ed.name, lucky or None,
                                                    directory=directory, compute=compute)
            if sol is None:
                raise ValueError(f"no saved solitaire table for {ed.name} (qwixo qwixx solve)")
        legal = np.flatnonzero(mask[i])
        texts = [codec.text_of(a) for a in legal]
        dice = [int(x) for x in s[K.DICE:K.DICE + 6]]
        scored = rank_options(sol, list(sheet.last), list(sheet.count), int(s[K.CLOSED]),
                              int(sheet.penalties), _PHASE[int(s[K.PHASE])],
                              int(s[K.ACTIVE]) == 0, dice, bool(s[K.A1CROSSED]), texts)
        av[i, legal] = [v for _, v in scored]
        value[i] = av[i, legal].max()
    best = (av == value[:, None]) & (av != ILLEGAL)
    return Oracle(value=value, action_values=av, best=best)

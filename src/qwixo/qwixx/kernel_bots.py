"""The batch simulator's policies (:func:`qwixo.qwixx.batch.decide`: ``random``, ``gap``,
``race``, ``td``, ``ev``, ``odds``) deciding for the player to act in chosen games of a
two-sided vector environment (:class:`qwixo.envs.vector.QwixxVec`), in numba: the self-play
environments' shipped opponents (:mod:`qwixo.envs.selfplay`)."""

from __future__ import annotations

import numpy as np
from numba import njit

from qwixo.qwixx import batch as QB
from qwixo.qwixx import kernels as K
from qwixo.qwixx.actions import G_K, G_Q, act_index
from qwixo.qwixx.batch import decide as _decide


@njit(cache=True)
def bot_actions(S, g, opts, games, pol, rng, T, prm, wcell, lucky_off, out):
    """``out[j]``: the action (numbered as the codec's) that policy ``pol[q]`` of the player
    ``q`` to act chooses in game ``games[j]`` among the options the environment offers it."""
    P = S[0, K.NPL]
    L = T[K.T_LEN]
    prm = prm.copy()  # the td rule writes its features into its row
    fixed = np.full(P, -2, np.int64)
    w = np.empty(max(K.PB, QB.W_SIZE), np.int64)
    ev = np.empty((0, 5), np.int64)
    schoice = np.empty(0, np.int64)
    trace = np.empty((0, 1), np.int64)
    tmp = np.empty(opts.shape[1], np.int64)
    for j in range(games.shape[0]):
        i = games[j]
        s = S[i]
        action = 1 if s[K.PHASE] == K.P_ACTION1 else 2
        q = g[i, G_Q] if action == 1 else s[K.ACTIVE]
        k = g[i, G_K]
        for x in range(k):
            tmp[x] = opts[i, x]
        c = _decide(s, q, action, k, tmp, fixed, pol, rng, schoice, trace, T, prm, wcell, w,
                    ev)
        out[j] = act_index(c, L, lucky_off)


def policy_ids(name: str, players: int) -> np.ndarray:
    """Every seat's policy id for the policy ``name`` (ValueError for an unknown name)."""
    if name not in QB.POLICY_IDS:
        raise ValueError(f"kernel bots: {', '.join(QB.POLICY_IDS)}, not {name!r}")
    return np.full(players, QB.POLICY_IDS[name], np.int64)

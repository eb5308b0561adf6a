"""The single-agent step of the Quixo vector environment
(:class:`qwixo.envs.quixo_vector_env.QuixoVectorEnv`) in numba: the agent's move, then the
kernel opponent's reply (:mod:`qwixo.quixo.kernel_opponents`), observation and mask, over every
game in parallel (``prange``)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from qwixo.quixo import kernels as QK
from qwixo.quixo.kernel_opponents import opponent_move as _opponent_move


@njit(cache=True, inline="always")
def _quixo_write(me, op, nn, cf, live, o, m, T):
    """Observation (codec planes: own cubes, the opponent's, to move) and mask of the agent."""
    one = np.uint64(1)
    for s in range(nn):
        a = (me >> np.uint64(s)) & one
        b = (op >> np.uint64(s)) & one
        if cf:
            o[s] = a
            o[nn + s] = b
            o[2 * nn + s] = live
        else:
            o[3 * s] = a
            o[3 * s + 1] = b
            o[3 * s + 2] = live
    for a in range(m.shape[0]):
        m[a] = 1 if live == 1 and QK.legal(op, a, T) else 0


@njit(cache=True, inline="always")
def _quixo_new(st, ply, seat, i, opp, T, L, buf, buf2, rng, cls, W):
    st[i, 0] = 0
    st[i, 1] = 0
    ply[i] = 0
    if seat[i] == 1:  # the opponent (X) moves first
        mv = _opponent_move(np.uint64(0), np.uint64(0), opp, T, L, buf, buf2, rng, i, cls, W)
        a, b = QK.apply_move(np.uint64(0), np.uint64(0), mv, T)
        st[i, 0] = a
        ply[i] = 1


@njit(cache=True, parallel=True)
def single_agent_step(st, ply, seat, actions, reset_only, opp, max_plies, T, L, rng, obs, mask,
                   reward, term, trunc, fobs, fply, cf, scratch, cls, W, next_step, pending):
    """One agent step of every game. A game that ends is restarted in the same step (its last
    observation into ``fobs``) or, ``next_step``, left over with its last observation in
    ``obs`` and ``pending`` set: the next call restarts it, ignoring its action."""
    n = st.shape[0]
    nn = obs.shape[1] // 3
    M = T.shape[1]
    for i in prange(n):
        buf = scratch[i, :M]
        buf2 = scratch[i, M:]
        reward[i] = 0.0
        term[i] = False
        trunc[i] = False
        if reset_only or (next_step and pending[i]):
            _quixo_new(st, ply, seat, i, opp, T, L, buf, buf2, rng, cls, W)
            pending[i] = False
            s = seat[i]
            _quixo_write(st[i, s], st[i, 1 - s], nn, cf, 1, obs[i], mask[i], T)
        else:
            s = seat[i]
            me = st[i, s]
            op = st[i, 1 - s]
            a = actions[i]
            done = False
            if a < 0 or a >= M or not QK.legal(op, a, T):
                reward[i] = -1.0  # an illegal move loses (the game is left as it was)
                done = True
            else:
                me, op = QK.apply_move(me, op, a, T)
                ply[i] += 1
                r = QK.outcome(me, op, L)
                if r != QK.ONGOING:
                    reward[i] = r
                    done = True
                elif ply[i] >= max_plies:
                    trunc[i] = True
                else:
                    mv = _opponent_move(op, me, opp, T, L, buf, buf2, rng, i, cls, W)
                    op, me = QK.apply_move(op, me, mv, T)
                    ply[i] += 1
                    r = QK.outcome(op, me, L)
                    if r != QK.ONGOING:
                        reward[i] = -r
                        done = True
                    elif ply[i] >= max_plies:
                        trunc[i] = True
            st[i, s] = me
            st[i, 1 - s] = op
            term[i] = done
            if not (done or trunc[i]):
                _quixo_write(me, op, nn, cf, 1, obs[i], mask[i], T)
            elif next_step:  # the last observation now; any action restarts the game
                fply[i] = ply[i]
                _quixo_write(me, op, nn, cf, 0, obs[i], mask[i], T)
                for x in range(M):
                    mask[i, x] = 1
                pending[i] = True
            else:
                fply[i] = ply[i]
                _quixo_write(me, op, nn, cf, 0, fobs[i], mask[i], T)
                _quixo_new(st, ply, seat, i, opp, T, L, buf, buf2, rng, cls, W)
                _quixo_write(st[i, s], st[i, 1 - s], nn, cf, 1, obs[i], mask[i], T)


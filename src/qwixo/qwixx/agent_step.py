"""The single-agent step of the Qwixx vector environment
(:class:`qwixo.envs.qwixx_vector_env.QwixxVectorEnv`) in numba: the agent's decision, then the
other seats' decisions by the batch simulator's policies (:func:`qwixo.qwixx.batch.decide`)
until the agent decides again, over every game (one part of consecutive games per thread)."""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from qwixo.envs import vector as V
from qwixo.qwixx import kernels as K
from qwixo.qwixx.batch import decide as _decide


@njit(cache=True, inline="always")
def _qx_agent_turn(s, gi, oi, choice_i, fixed_i, seat, pol, rng_i, T, prm, wcell, w, ev,
                   schoice, trace, tmp):
    """From a fresh roll: the opponents' action-1 choices (kept aside), then the agent's
    action-1 options. Returns nothing; the agent decides next."""
    P = s[K.NPL]
    total = s[K.DICE] + s[K.DICE + 1]
    for q in range(P):
        if q == seat:
            continue
        k = K.white_options(s, K.H + q * K.PB, s[K.CLOSED], total, T, tmp, w, ev)
        choice_i[q] = _decide(s, q, 1, k, tmp, fixed_i, pol, rng_i, schoice, trace, T,
                                 prm, wcell, w, ev)
    gi[V.G_Q] = seat
    V._qx_options(s, gi, oi, T, w, ev)


@njit(cache=True, inline="always")
def _qx_code(a, gi, oi, L, lucky_off):
    c = -1
    if a > 0:
        for j in range(gi[V.G_K]):
            if V._act_index(oi[j], L, lucky_off) == a:
                c = oi[j]
                break
    return c


@njit(cache=True)
def _qwixx_sa_games(lo, hi, P, L, actions, reset_only, S, g, opts, choice, fixed, seat, pol,
                    rngs, obs, mask, fobs, reward, term, final, blocks, lucky_off, lucky_edition,
                    reward_mode, solo_scale, T, prm, wcell, scratch_opts, scratch_w, next_step,
                    pending):
    """Games ``lo`` to ``hi - 1`` of :func:`single_agent_step`, one after the other: a kernel of
    its own, called once per thread, so that numba's parallel passes never see the bots
    inlined here (they made two thirds of the compile time)."""
    # the seats' parameter rows: the td rule writes its features into its row (scratch), so
    # each part has its own copy (a shared one was a data race between the threads: td
    # opponents decided differently from run to run)
    prm = prm.copy()
    ev = np.empty((0, 5), np.int64)  # (no events, choices or trace kept)
    schoice = np.empty(0, np.int64)
    trace = np.empty((0, 1), np.int64)
    scores = np.empty(P, np.int64)  # (written before each read)
    rew = np.empty(P, np.float64)
    for i in range(lo, hi):
        s = S[i]
        gi = g[i]
        oi = opts[i]
        ci = choice[i]
        fi = fixed[i]
        me = seat[i]
        rng_i = rngs[i:i + 1]
        tmp = scratch_opts[i]
        w = scratch_w[i]
        reward[i] = 0.0
        term[i] = False
        ended = reset_only or pending[i]
        pending[i] = False
        hold = False
        if not ended:
            before = K.score(s, K.H + me * K.PB, T, np.bool_(True))
            c = _qx_code(actions[i], gi, oi, L, lucky_off)  # not an option: pass
            if s[K.PHASE] == K.P_ACTION1:
                ci[me] = c
                reason, _ = K.resolve_action1(s, T, ci, ev, 0)
            else:
                reason, _ = K.finish_action2(s, T, c, ev, 0)
            ended = reason != K.END_NONE
            # the opponents' turns until the agent decides again
            while not ended:
                if s[K.PHASE] == K.P_ACTION2:
                    q = s[K.ACTIVE]
                    if q == me:
                        gi[V.G_Q] = me
                        V._qx_options(s, gi, oi, T, w, ev)
                        break
                    k = K.colour_options(s, K.H + q * K.PB, s[K.CLOSED], s[K.DICE],
                                         s[K.DICE + 1], s, K.DICE + 2, T, tmp, w, ev)
                    cq = _decide(s, q, 2, k, tmp, fi, pol, rng_i, schoice, trace, T, prm,
                                    wcell, w, ev)
                    reason, _ = K.finish_action2(s, T, cq, ev, 0)
                    ended = reason != K.END_NONE
                else:  # a new roll: action 1
                    V._qx_roll(s, gi, rng_i, T)
                    _qx_agent_turn(s, gi, oi, ci, fi, me, pol, rng_i, T, prm, wcell, w, ev,
                                   schoice, trace, tmp)
                    break
            if ended:
                term[i] = True
                for p in range(P):
                    scores[p] = K.score(s, K.H + p * K.PB, T, np.bool_(True))
                    final[i, p] = scores[p]
                if reward_mode == 3:  # delta
                    reward[i] = scores[me] - before
                else:
                    V._rewards(scores, reward_mode, solo_scale, rew)
                    reward[i] = rew[me]
                # the last observation, the agent's: the sheets, phase "over", nothing to
                # decide (_qx_observe reads the observer from ACTIVE outside action 1); in
                # obs itself when the game restarts at the next step (any action restarts it)
                fo = obs[i] if next_step else fobs[i]
                active = s[K.ACTIVE]
                s[K.ACTIVE] = me
                V._qx_observe(s, gi, oi, fo, mask[i], blocks, lucky_off, T)
                s[K.ACTIVE] = active
                for x in range(blocks[V.B_DICE], blocks[V.B_DICE] + 6 * T[K.T_FACES]):
                    fo[x] = 0.0
                for x in range(P):
                    fo[blocks[V.B_ACTIVE] + x] = 0.0
                for x in range(3):
                    fo[blocks[V.B_PHASE] + x] = 0.0
                fo[blocks[V.B_PHASE] + 2] = 1.0
                fo[blocks[V.B_A1]] = 0.0
                fo[blocks[V.B_TOACT]] = 0.0
                if next_step:
                    for x in range(mask.shape[1]):
                        mask[i, x] = True
                    pending[i] = True
                    hold = True
            elif reward_mode == 3:
                reward[i] = K.score(s, K.H + me * K.PB, T, np.bool_(True)) - before
        if hold:
            continue
        if ended:
            V._qx_new_game(s, rng_i, lucky_edition, T)
            for p in range(P):
                fi[p] = -2
            # player 0 is active first: the opponents before the agent play their turns
            V._qx_roll(s, gi, rng_i, T)
            _qx_agent_turn(s, gi, oi, ci, fi, me, pol, rng_i, T, prm, wcell, w, ev, schoice,
                           trace, tmp)
        gi[V.G_Q] = me
        V._qx_observe(s, gi, oi, obs[i], mask[i], blocks, lucky_off, T)


@njit(cache=True, parallel=True)
def single_agent_step(actions, reset_only, S, g, opts, choice, fixed, seat, pol, rngs, obs, mask,
                   fobs, reward, term, final, blocks, lucky_off, lucky_edition, reward_mode,
                   solo_scale, T, prm, wcell, scratch_opts, scratch_w, parts, next_step,
                   pending):
    """One step of every game, in ``parts`` parts of consecutive games run in parallel (one
    per thread: how prange itself would split the games)."""
    n = S.shape[0]
    P = S[0, K.NPL]
    L = T[K.T_LEN]
    for c in prange(parts):
        _qwixx_sa_games(np.int64(c * n // parts), np.int64((c + 1) * n // parts), P, L, actions,
                        reset_only, S, g, opts, choice, fixed, seat, pol, rngs, obs, mask, fobs,
                        reward, term, final, blocks, lucky_off, lucky_edition, reward_mode,
                        solo_scale, T, prm, wcell, scratch_opts, scratch_w, next_step, pending)


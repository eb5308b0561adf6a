"""The ``ev`` Qwixx rule: a one-step look-ahead on an estimate of every sheet's final score.

Where ``odds`` (:mod:`qwixo.qwixx.odds`) compares what a cross costs with thresholds, ``ev``
puts a value on a whole sheet and takes the option that raises it most, playing the margin
against the best opponent:

- the **value of a sheet** is its score now plus, for every open row, the points the crosses
  still to come would add: a row with ``n`` crosses whose free cells (right of the last cross)
  have dice odds summing to ``W`` (:func:`qwixo.qwixx.odds.cell_weights`: a 7 counts 1, a 2
  1/6) is expected to get ``f = a · h · W`` more crosses (at most its free cells), worth
  ``tri(n + f) - tri(n)`` points (``tri(x) = x(x+1)/2``). ``h`` is the share of the game still
  to come, ``1 / (1 + u_closed·closed rows + u_near·rows near a lock + u_pen·most penalties +
  u_prog·most crosses/10)``. A row that can no longer reach its lock loses its lock cell.
- an **option's value** is the change of its player's sheet value, plus ``deny`` times the
  value its locks take from the best opponent's sheet (a locked row is closed for everyone);
  passing is worth 0, or the penalty (its points times ``1 + pen_extra``) when one is due.
- the **end of the game** is scored by the margin: an option that ends the game (second
  closed row, last penalty) is taken when its player wins by it and avoided when it loses.
- the **active player in action 1** scores each white-sum option together with the best
  action 2 it then allows on the same dice (the penalty when both pass).

It is one numba function on the kernels' state, :func:`ev_choice`, with the same signature as
:func:`qwixo.qwixx.odds.odds_choice`: the ``ev`` policy of the batch turn loop
(:func:`qwixo.qwixx.batch.play`) and, through the contract, the ``ev`` bot
(:class:`qwixo.qwixx.rulebots.EvBot`). The parameters :data:`EV_PARAMS` (names :data:`EV_PARAM_NAMES`) were tuned
in the kernel by ``experiments/qwixx_tune.py --rule ev`` (2 players, classic).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx import kernels as K
from qwixo.qwixx.kernels import (
    CLOSED,
    CNT,
    DICE,
    NPL,
    OPTS_SIZE,
    PB,
    PEN,
    T_PENPTS,
    H,
    apply_on_copy,
    colour_options,
)
from qwixo.qwixx.odds import N_PARAMS, best_other_score, end_pressure, reachable_odds

#: the batch policy id of ``ev`` (:data:`qwixo.qwixx.batch.POLICY_IDS`)
EV = 5
#: the ``ev`` parameters (indices into a parameter vector of the odds' length)
EA, EUCL, EUNEAR, EUPEN, EUPROG, EDENY, EPEN, EJOINT, ERISK, EDEAD, ETHREAT, ESAT, ECROSS = \
    range(13)
EV_PARAM_NAMES = ("a", "u_closed", "u_near", "u_pen", "u_prog", "deny", "pen_extra", "joint",
                  "risk", "dead", "threat", "saturate", "cross")
#: default parameters (a vector of :data:`qwixo.qwixx.odds.N_PARAMS` values; the rest unused)
EV_PARAMS = np.array([1.2, 0.2, 0.0, 0.2, 0.0, 0.5, 0.0, 1.0, 0.0, 0.0, -0.3, 2.0, -0.18, 0.0,
                      0.0])
BIG = 1000.0
#: scratch :func:`ev_choice` needs (two sheet copies and the action-2 options)
_W = 3 * PB + OPTS_SIZE


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _tri(x):
    return 0.5 * x * (x + 1.0)


@njit(cache=True, _nrt=False, error_model="numpy")
def sheet_value(src, bb, closed, T, wcell, ah, dead, threats, thr, sat):
    """The estimated final score of the sheet at ``src[bb:]``: its score plus, per open row,
    the points of ``ah`` × (the free cells' odds) more crosses (times ``1 - thr`` in the rows
    of the bit mask ``threats``: another player may lock them soon; ``sat``: the expected
    crosses saturate as they near the free cells)."""
    val = float(K.score(src, bb, T, np.bool_(False)))
    for r in range(4):
        if (closed >> r) & 1:
            continue
        n = src[bb + CNT + r]
        W, free, reach = reachable_odds(src, bb, r, T, wcell)
        f = ah * W
        if (threats >> r) & 1:
            f *= 1.0 - thr
        if sat > 0.0 and free > 0:
            f = free * (1.0 - np.exp(-f / free * sat)) / sat
        if f > free:
            f = free
        if not reach:
            f -= dead
            if f < 0.0:
                f = 0.0
        val += _tri(n + f) - _tri(float(n))
    return val


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _horizon(ncl, near, maxpen, most, prm):
    """``a · h``: the expected crosses per unit of free cells' odds still to come, from the
    end-of-game pressure (:func:`qwixo.qwixx.odds.end_pressure`)."""
    h = 1.0 / (1.0 + prm[EUCL] * ncl + prm[EUNEAR] * near + prm[EUPEN] * maxpen
               + prm[EUPROG] * most / 10.0)
    return prm[EA] * h


@njit(cache=True, _nrt=False, error_model="numpy")
def _best_opp(s, q, closed, T, wcell, ah, dead):
    """The best opponent's index by sheet value (-1 alone)."""
    P = s[NPL]
    best = -1
    bv = -1e18
    for p in range(P):
        if p != q:
            v = sheet_value(s, H + p * PB, closed, T, wcell, ah, dead, np.int64(0), 0.0, 0.0)
            if v > bv:
                bv = v
                best = p
    return best


@njit(cache=True, _nrt=False, error_model="numpy")
def _option_value(s, q, src, bb, closed0, cl, v0, o, ov0, T, wcell, prm, ah, oppmax, thm):
    """The value of the sheet at ``src[bb:]`` (after an option; rows ``cl`` closed) against
    the sheet value ``v0`` before it: the change, the opponent's loss, the end of the game."""
    P = s[NPL]
    if P > 1 and K.rows_end_game(cl) and not K.rows_end_game(closed0):
        mine = K.score(src, bb, T, np.bool_(False))
        return (BIG if mine > oppmax else -BIG) + (mine - oppmax)
    v = sheet_value(src, bb, cl, T, wcell, ah, prm[EDEAD], thm, prm[ETHREAT], prm[ESAT]) - v0
    v += prm[ECROSS]
    if o >= 0 and cl != closed0:
        v += prm[EDENY] * (ov0 - sheet_value(s, H + o * PB, cl, T, wcell, ah, prm[EDEAD],
                                             np.int64(0), 0.0, prm[ESAT]))
    return v


@njit(cache=True, _nrt=False, error_model="numpy")
def _pass_value(s, q, bb, T, force, oppmax):
    """Passing: 0, or the penalty when one is due (the last one ends the game)."""
    if not force:
        return 0.0
    pts = T[T_PENPTS]
    if s[NPL] > 1 and K.penalties_end_game(s[bb + PEN] + 1, T):
        mine = K.score(s, bb, T, np.bool_(False)) - pts
        return (BIG if mine > oppmax else -BIG) + (mine - oppmax)
    return -1.0 * pts


@njit(cache=True, _nrt=False, error_model="numpy")
def ev_choice(s, q, action, force, opts, k, T, wcell, prm, joint, w, ev):
    """The ``ev`` decision of player q among the option codes ``opts[:k]`` (-1: pass); the
    arguments are those of :func:`qwixo.qwixx.odds.odds_choice` (``w``: scratch of
    :data:`qwixo.qwixx.odds.W_SIZE` values)."""
    P = s[NPL]
    closed = s[CLOSED]
    bq = H + q * PB
    # thm: the rows another player may lock soon (the end of the game is near in them)
    ncl, near, maxpen, most, thm = end_pressure(s, q, T)
    ah = _horizon(ncl, near, maxpen, most, prm)
    dead = prm[EDEAD]
    oppmax = best_other_score(s, q, T)
    if P > 1 and prm[ERISK] != 0.0:
        lead = K.score(s, bq, T, np.bool_(False)) - oppmax
        m = -lead / 20.0
        if m > 1.0:
            m = 1.0
        elif m < -1.0:
            m = -1.0
        ah *= 1.0 + prm[ERISK] * m
    o = _best_opp(s, q, closed, T, wcell, ah, dead)
    ov0 = sheet_value(s, H + o * PB, closed, T, wcell, ah, dead, np.int64(0), 0.0,
                      prm[ESAT]) if o >= 0 else 0.0
    v0 = sheet_value(s, bq, closed, T, wcell, ah, dead, thm, prm[ETHREAT], prm[ESAT])
    pen = 1.0 + prm[EPEN]
    A = np.int64(PB)  # a copy of the sheet after the option (an int64: no literal)
    B = 2 * PB + OPTS_SIZE  # a copy after action 1 and action 2
    opts2 = w[2 * PB:2 * PB + OPTS_SIZE]
    best = -1
    if not joint:
        bestval = _pass_value(s, q, bq, T, force, oppmax) * pen
        for j in range(k):
            code = opts[j]
            cl = apply_on_copy(s, bq, q, closed, code, T, w, A, ev)
            val = _option_value(s, q, w, A, closed, cl, v0, o, ov0, T, wcell, prm, ah, oppmax,
                                thm)
            if val > bestval:
                bestval = val
                best = code
        return best
    # the active player's action 1 together with its best action 2 on these dice
    bestval = -1e18
    for j in range(-1, k):
        code = -1 if j < 0 else opts[j]
        cl = apply_on_copy(s, bq, q, closed, code, T, w, A, ev)
        val = 0.0
        if code >= 0:
            val = _option_value(s, q, w, A, closed, cl, v0, o, ov0, T, wcell, prm, ah, oppmax,
                                thm)
            if val >= BIG / 2 or val <= -BIG / 2:  # the game ends here
                if val > bestval:
                    bestval = val
                    best = code
                continue
        # action 2 on the sheet after it: pass (a penalty if nothing crossed) or a cross
        if code >= 0:
            b2 = 0.0
        else:
            b2 = _pass_value(s, q, bq, T, np.bool_(True), oppmax) * pen
        k2 = colour_options(w, A, cl, s[DICE], s[DICE + 1], s, DICE + 2, T, opts2, w[:PB], ev)
        for j2 in range(k2):
            cl2 = apply_on_copy(w, A, q, cl, opts2[j2], T, w, B, ev)
            v2 = _option_value(s, q, w, B, closed, cl2, v0, o, ov0, T, wcell, prm, ah,
                               oppmax, thm) - val + (prm[ECROSS] if code >= 0 else 0.0)
            if v2 > b2:
                b2 = v2
        if val + b2 > bestval:
            bestval = val + b2
            best = code
    return best


def ev_params(params: Any = None) -> np.ndarray:
    """A parameter vector of the ``ev`` rule (default :data:`EV_PARAMS`)."""
    a = np.asarray(EV_PARAMS if params is None else params, np.float64)
    if a.shape != (N_PARAMS,):
        raise ValueError(f"ev parameters: want {N_PARAMS} values, got {a.shape}")
    return a


@njit(cache=True)
def _decide(s, q, action, force, opts, T, wcell, prm, joint):
    w = np.empty(_W, np.int64)
    ev = np.zeros((0, 5), np.int64)
    return ev_choice(s, q, action, force, opts, opts.shape[0], T, wcell, prm, joint, w, ev)

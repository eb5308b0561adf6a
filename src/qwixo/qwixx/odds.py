"""The ``odds`` Qwixx rule itself: :func:`odds_choice` (one numba function on the kernels'
state, :mod:`qwixo.qwixx.kernels`), its parameters and cell weights. The batch turn loop
(:func:`qwixo.qwixx.batch.play`) runs it as its ``odds`` policy; :mod:`qwixo.qwixx.playout` has
the wrappers (games, rollouts, one decision) and describes the rule.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from qwixo.qwixx import kernels as K
from qwixo.qwixx.editions import arrays
from qwixo.qwixx.kernels import (
    CLOSED,
    CNT,
    DICE,
    LAST,
    NPL,
    OPTS_SIZE,
    PB,
    PEN,
    T_LEN,
    T_LOCKFROM,
    T_NEED,
    T_PENPTS,
    H,
    apply_on_copy,
    colour_options,
)

#: the batch policy id of ``odds`` (:data:`qwixo.qwixx.batch.POLICY_IDS`)
ODDS = 4
#: scratch of the batch turn loop's rules (``w`` of :func:`odds_choice`, which uses the first
#: ``2 * PB + OPTS_SIZE``; :func:`qwixo.qwixx.evrule.ev_choice` uses it all)
W_SIZE = 3 * PB + OPTS_SIZE

#: the ``odds`` parameters (indices into a parameter vector)
T1, T2, TF, TU, UNEAR, UPEN, BCNT, DEAD, TM, LOCKM, UPROG, SCNT, JOINT, THREAT, PEN4 = range(15)
N_PARAMS = 15
PARAM_NAMES = ("t1", "t2", "tforce", "turgent", "unear", "upen", "bcount", "dead", "tmargin",
               "lockmargin", "uprogress", "scount", "joint", "threat", "pen4")
#: default parameters, tuned by ``experiments/qwixx_tune.py`` (2 players, classic)
DEFAULT_PARAMS = np.array([0.7, 1.0, 3.0, 0.2, 0.5, 0.25, 0.3, 0.5, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
                           0.0])


def cell_weights(edition_name: str) -> np.ndarray:
    """``w[r, i]``: the chance of rolling the number of cell i of row r with two dice, relative
    to the likeliest sum (a 7 with six faces: 1.0; a 2: 1/6).

    >>> w = cell_weights("classic")
    >>> round(float(w[0, 0]), 3), float(w[0, 5]), round(float(w[2, 5]), 3)
    (0.167, 1.0, 1.0)
    """
    a = arrays(edition_name)
    f = int(a.faces)
    num = a.numbers.astype(np.int64)
    ways = np.maximum(0, f - np.abs(num - (f + 1)))
    return ways.astype(np.float64) / f


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def reachable_odds(s, b, r, T, wcell):
    """Row ``r`` of the sheet at ``s[b:]``: ``(W, free, reach)``, the dice odds (``wcell``:
    :func:`cell_weights`) summed over the cells it may still cross, their number, and whether
    it can still reach its lock (:func:`qwixo.qwixx.kernels.lock_reachable`). The cells right
    of the last cross count, the lock cells only while the lock is in reach."""
    L = T[T_LEN]
    lf = T[T_LOCKFROM + r]
    reach = K.lock_reachable(s, b, r, T)
    W = 0.0
    free = 0
    for x in range(s[b + LAST + r] + 1, L):
        if x >= lf and not reach:
            break
        W += wcell[r, x]
        free += 1
    return W, free, reach


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def end_pressure(s, q, T):
    """How near the end of the game is, in the kernel state ``s``: ``(closed rows, open rows
    some player may lock soon, most penalties of a player, most crosses of a player, threats)``
    where a row "may be locked soon" by a player with at least ``need - 1`` crosses in it and
    a last cross at most 3 cells before its lock, and ``threats`` is the bit mask of the open
    rows a player other than ``q`` may lock soon. The ``odds`` rule's urgency and the ``ev``
    rule's horizon (:func:`qwixo.qwixx.evrule.ev_choice`) are made of these."""
    P = s[NPL]
    closed = s[CLOSED]
    ncl = 0
    near = 0
    maxpen = 0
    most = 0
    threats = np.int64(0)  # a variable, not a literal, for the kernels it is passed to
    for p in range(P):
        b = H + p * PB
        if s[b + PEN] > maxpen:
            maxpen = s[b + PEN]
        tot = s[b + CNT] + s[b + CNT + 1] + s[b + CNT + 2] + s[b + CNT + 3]
        if tot > most:
            most = tot
    for r in range(4):
        if (closed >> r) & 1:
            ncl += 1
            continue
        seen = False
        for p in range(P):
            b = H + p * PB
            if K.near_lock(s, b, r, T):
                if not seen:
                    near += 1
                    seen = True
                if p != q:
                    threats |= 1 << r
    return ncl, near, maxpen, most, threats


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def best_other_score(s, q, T):
    """The best score now of the players other than ``q`` (``-2**30`` alone)."""
    best = np.int64(-1 << 30)  # not a literal (see end_pressure)
    for p in range(s[NPL]):
        if p != q:
            sc = K.score(s, H + p * PB, T, np.bool_(False))
            if sc > best:
                best = sc
    return best


@njit(cache=True, _nrt=False, error_model="numpy", inline="always")
def _cost(code, lastr, cntr, r, i, closed, lead, P, T, wcell, prm, threats):
    """What crossing cell i of row r costs (the skipped cells' odds, less a bonus for long
    rows, plus the loss of the row's lock); a lock: very negative, or 1e9 when it would end
    the game while its player is not ahead by more than ``prm[LOCKM]``."""
    lock_from = T[T_LOCKFROM + r]
    need = T[T_NEED]
    if i >= lock_from:
        if P > 1 and K.rows_end_game(closed | (1 << r)) and lead + 2 * cntr + 3 <= prm[LOCKM]:
            return 1e9
        return -100.0 - cntr
    if K.is_lucky(code):
        return -1.0
    cost = 0.0
    for x in range(lastr + 1, i):
        cost += wcell[r, x]
    cost *= 1.0 + prm[SCNT] * cntr / need
    if (threats >> r) & 1:  # another player may lock this row soon: its cells are worth less
        cost *= 1.0 - prm[THREAT]
    cost -= prm[BCNT] * cntr / need
    room = cntr + lock_from - 1 - lastr
    if room >= need and cntr + lock_from - i < need:
        cost += prm[DEAD]
    return cost + 1e-6 * (K.code_tie(code) + 1)  # ties: the lowest Bonus B tie row


@njit(cache=True, _nrt=False, error_model="numpy")
def _best_colour(s, q, closed, lead, T, wcell, prm, threats, code0, w, ev):
    """The lowest cost of the active player q's action-2 options on the dice of ``s`` after
    its action-1 option ``code0`` (-1: nothing crossed; the cross is made on a copy of the
    sheet in ``w``); 1e9 when there is none."""
    P = s[NPL]
    b = H + q * PB
    opts2 = w[2 * PB:2 * PB + OPTS_SIZE]
    src = s
    bb = b
    cl = closed
    if code0 >= 0:
        cl = apply_on_copy(s, b, q, closed, code0, T, w, np.int64(PB), ev)
        src = w
        bb = PB
    k2 = colour_options(src, bb, cl, s[DICE], s[DICE + 1], s, DICE + 2, T, opts2, w[:PB], ev)
    best = 1e9
    for j in range(k2):
        code = opts2[j]
        r = K.code_row(code)
        i = K.code_cell(code)
        c = _cost(code, src[bb + LAST + r], src[bb + CNT + r], r, i, cl, lead, P, T, wcell, prm,
                  threats)
        if c < best:
            best = c
    return best


@njit(cache=True, _nrt=False, error_model="numpy")
def odds_choice(s, q, action, force, opts, k, T, wcell, prm, joint, w, ev):
    """The ``odds`` decision of player q among the option codes ``opts[:k]`` (-1: pass) in
    the kernel state ``s`` (edition table ``T``).

    ``action``: 1 or 2; ``force``: a pass now costs a penalty; ``wcell``:
    :func:`cell_weights`; ``prm``: the parameters; ``joint``: q is the active player in
    action 1, who scores each option together with its best action 2 on the dice of ``s``.
    ``w``: scratch of :data:`W_SIZE` values; ``ev``: any event buffer (nothing is written).
    """
    P = s[NPL]
    closed = s[CLOSED]
    ncl, near, maxpen, most, threats = end_pressure(s, q, T)
    urgency = ncl + prm[UNEAR] * near + prm[UPEN] * maxpen + prm[UPROG] * most / 10.0
    bq = H + q * PB
    me = K.score(s, bq, T, np.bool_(False))
    lead = me - best_other_score(s, q, T)
    margin = 0.0
    if P > 1:
        margin = lead / 10.0
        if margin > 1.0:
            margin = 1.0
        elif margin < -1.0:
            margin = -1.0
    extra = prm[TU] * urgency + prm[TM] * margin
    thr = (prm[T1] if action == 1 else prm[T2]) + extra
    if force and thr < prm[TF]:
        thr = prm[TF]
    # the last penalty ends the game: take it to win when ahead by more than its points, else
    # cross anything rather than lose
    last_pen = P > 1 and prm[PEN4] > 0 and K.penalties_end_game(s[bq + PEN] + 1, T)
    if force and last_pen:
        if lead > T[T_PENPTS]:
            return -1
        thr = 1e8
    if not joint:
        best = -1
        bestcost = thr
        for j in range(k):
            code = opts[j]
            r = K.code_row(code)
            cost = _cost(code, s[bq + LAST + r], s[bq + CNT + r], r, K.code_cell(code), closed, lead, P,
                         T, wcell, prm, threats)
            if cost < bestcost:
                bestcost = cost
                best = code
        return best
    # the active player's action 1 with the action 2 it allows: value = (threshold - cost)
    # of each cross taken; passing both costs the penalty (threshold tforce in action 2)
    thr2 = prm[T2] + extra
    tf = prm[TF] if prm[TF] > thr2 else thr2
    c2 = _best_colour(s, q, closed, lead, T, wcell, prm, threats, np.int64(-1), w, ev)
    best = -1
    bestval = thr2 - c2 if c2 < tf else thr2 - tf
    if last_pen:
        bestval = 1e6 if lead > T[T_PENPTS] else (thr2 - c2 if c2 < 1e8 else -1e6)
    for j in range(k):
        code = opts[j]
        r = K.code_row(code)
        i = K.code_cell(code)
        cost = _cost(code, s[bq + LAST + r], s[bq + CNT + r], r, i, closed, lead, P, T, wcell,
                     prm, threats)
        if cost >= 1e8:
            continue
        c2 = _best_colour(s, q, closed, lead, T, wcell, prm, threats, code, w, ev)
        val = thr - cost
        if c2 < thr2:
            val += thr2 - c2
        if val > bestval:
            bestval = val
            best = code
    return best


def params_table(params: Any, P: int) -> np.ndarray:
    """A ``(P, N_PARAMS)`` parameter table: one vector for every seat or one per seat
    (``None``: :data:`DEFAULT_PARAMS`)."""
    a = np.asarray(DEFAULT_PARAMS if params is None else params, np.float64)
    if a.ndim == 1:
        a = np.tile(a, (P, 1))
    if a.shape != (P, N_PARAMS):
        raise ValueError(f"odds parameters: want {N_PARAMS} values per seat, got {a.shape}")
    return np.ascontiguousarray(a)


_params = params_table


_WEIGHTS: dict[str, np.ndarray] = {}


def weights(edition_name: str) -> np.ndarray:
    """The cached :func:`cell_weights` of an edition, padded to the kernels' row length."""
    if edition_name not in _WEIGHTS:
        w = np.zeros((4, K.MAXL), np.float64)
        c = cell_weights(edition_name)
        w[:, :c.shape[1]] = c
        _WEIGHTS[edition_name] = w
    return _WEIGHTS[edition_name]


@njit(cache=True)
def _decide(s, q, action, force, opts, T, wcell, prm, joint):
    w = np.empty(W_SIZE, np.int64)
    ev = np.zeros((0, 5), np.int64)
    return odds_choice(s, q, action, force, opts, opts.shape[0], T, wcell, prm, joint, w, ev)

"""The Quixo searcher's numba core: alpha-beta (negamax) for 2 players and for 4 (two teams),
the transposition table, move ordering (TT move, killers, history), immediate-win and
must-block checks, repetitions scored as draws, and the node and time budget
(:class:`qwixo.quixo.search.Searcher` drives it)."""

from __future__ import annotations

import time

import numpy as np
from numba import njit, objmode, types

from qwixo.quixo import search_cache as _cache  # noqa: F401  (drops stale numba caches first)
from qwixo.quixo.evaluation import evaluate4, max_counts, popcount, scan_lines
from qwixo.quixo.kernels import (
    MOVER_LOSES,
    MOVER_WINS,
    ONGOING,
    PASS,
    apply_move,
    apply_move4,
    gen_moves4,
    legal,
    outcome,
    outcome4,
)
from qwixo.quixo.zobrist import table_key, zobrist2, zobrist4

MATE = 1_000_000
MATE_BOUND = MATE - 1000  # scores beyond this are wins/losses in a known number of plies
INF = 2_000_000_000
MAX_PLY = 128
THREAT_BONUS = 1 << 50  # move ordering: a move that makes a line one cube short

# stats array slots
(S_NODES, S_LIMIT, S_ABORT, S_BEST, S_ROOTDONE, S_SELDEPTH, S_CONTEMPT, S_DEADLINE,
 S_PLAIN, S_LMR, S_NSYM, S_GEN) = range(12)
# TT flags
EXACT, LOWER, UPPER = 1, 2, 3


@njit(cache=True)
def clock_us():
    """``time.perf_counter()`` in microseconds, read from numba code (an object-mode call:
    about a microsecond, so it is only done every 1024 nodes)."""
    with objmode(t="int64"):
        t = int(time.perf_counter() * 1e6)
    return t


@njit(cache=True)
def _out_of_budget(st):
    """The node budget is spent or the deadline (``st[S_DEADLINE]`` µs, 0 for none) passed."""
    if st[S_NODES] >= st[S_LIMIT]:
        return True
    return st[S_DEADLINE] > 0 and clock_us() >= st[S_DEADLINE]


# ---------------------------------------------------------------------------------------------
# Explicit signatures for the recursive kernels: one compiled variant each (no literal-typed
# copies), which numba's cache loads back safely.

_u64, _i64 = types.uint64, types.int64
_A = types.Array
_RO2, _RO1 = _A(_u64, 2, "C", readonly=True), _A(_u64, 1, "C", readonly=True)
_AU1, _AU2 = _A(_u64, 1, "C"), _A(_u64, 2, "C")
_AU3, _AU4 = _A(_u64, 3, "C"), _A(_u64, 4, "C")
_AI1, _AI2 = _A(_i64, 1, "C"), _A(_i64, 2, "C")
# me, op, depth, alpha, beta, ply, n, T, L, zsym, mperm, w, tt, killers,
# history, path, pathcount, base, cb, cst, order, st
_SIG2 = _i64(_u64, _u64, _i64, _i64, _i64, _i64, _i64, _RO2, _RO1, _AU4, _AI2, _AI1, _AU2,
             _AI2, _AI1, _AU1, _AI1, _i64, _AU3, _AI2, _AI2, _AI1)
# b0..b3, depth, alpha, beta, ply, n, T, L, zrow4, w, tt, cb, cst, order, st
_SIG4 = _i64(_u64, _u64, _u64, _u64, _i64, _i64, _i64, _i64, _i64, _RO2, _RO1, _AU3, _AI1, _AU2,
             _AI2, _AI1, _AU1, _AI1, _i64, _AU3, _AI2, _AI2, _AI1)


# ---------------------------------------------------------------------------------------------
# 2-player negamax


# The transposition table: uint64[size, 2], buckets of two entries (the two rows of a bucket
# share a cache line). An entry is (key ^ data, data); data packs the value (bits 0-31, signed),
# the depth (32-39), the bound (40-41), the move + 1 (42-57) and the search generation (58-63).
# The key is stored XORed with the data: an entry torn by two threads writing it at once (lazy
# SMP, see Searcher) no longer matches its key and is ignored. The first entry of a bucket keeps
# the deeper result of the current search, the second takes whatever the first does not.

_VAL_MASK = np.uint64(0xFFFFFFFF)


@njit(cache=True)
def _tt_store(tt, h, val, depth, flag, move, ply, gen):
    if val > MATE_BOUND:
        val += ply
    elif val < -MATE_BOUND:
        val -= ply
    data = ((np.uint64(val) & _VAL_MASK) | (np.uint64(depth) << np.uint64(32))
            | (np.uint64(flag) << np.uint64(40)) | (np.uint64(move + 1) << np.uint64(42))
            | (np.uint64(gen) << np.uint64(58)))
    b = h & np.uint64(tt.shape[0] - 2)
    old = tt[b, 1]
    if (tt[b, 0] ^ old) != h and (old >> np.uint64(58)) == np.uint64(gen) and \
            ((old >> np.uint64(32)) & np.uint64(0xFF)) > np.uint64(depth):
        b += np.uint64(1)  # the first entry holds a deeper result of this search: keep it
    tt[b, 0] = h ^ data
    tt[b, 1] = data


@njit(cache=True)
def _tt_store_bound(tt, h, best, a0, beta, depth, move, ply, gen):
    """Store a node's result with its bound: exact, an upper bound (failed low against the
    original alpha ``a0``) or a lower bound (failed high)."""
    flag = EXACT
    if best <= a0:
        flag = UPPER
    elif best >= beta:
        flag = LOWER
    _tt_store(tt, h, best, depth, flag, move, ply, gen)


@njit(cache=True)
def _note_cutoff(killers, history, ply, m, depth):
    """A quiet move ``m`` caused a beta cut-off: remember it as a killer and in the history."""
    if m != killers[ply, 0]:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = m
    history[m] += depth * depth


@njit(cache=True)
def _tt_probe(tt, h, depth, alpha, beta, ply):
    """(cutoff?, value, tt move)."""
    b = h & np.uint64(tt.shape[0] - 2)
    data = tt[b, 1]
    if (tt[b, 0] ^ data) != h:
        b += np.uint64(1)
        data = tt[b, 1]
        if (tt[b, 0] ^ data) != h:
            return False, 0, -1
    ttmove = np.int64((data >> np.uint64(42)) & np.uint64(0xFFFF)) - 1
    if np.int64((data >> np.uint64(32)) & np.uint64(0xFF)) >= depth and ply > 0:
        v = np.int64(data & _VAL_MASK)
        if v >= 1 << 31:
            v -= 1 << 32
        if v > MATE_BOUND:
            v -= ply
        elif v < -MATE_BOUND:
            v += ply
        flag = np.int64((data >> np.uint64(40)) & np.uint64(3))
        if flag == EXACT or (flag == LOWER and v >= beta) or (flag == UPPER and v <= alpha):
            return True, v, ttmove
    return False, 0, ttmove


@njit(cache=True)
def _order(cst, order, ply, k, ttmove, killers, history, pre):
    """Order scores of the ``k`` moves at ``ply``: the TT move, the killers, then by history
    (plus ``order[ply, i]`` as filled in by the caller when ``pre``); moves that lose at once
    last."""
    for i in range(k):
        c = cst[ply, i]
        if c < 0:
            order[ply, i] = -(1 << 60)
        elif c == ttmove:
            order[ply, i] = 1 << 59
        elif c == killers[ply, 0]:
            order[ply, i] = 1 << 58
        elif c == killers[ply, 1]:
            order[ply, i] = 1 << 57
        elif pre:
            order[ply, i] += history[c]
        else:
            order[ply, i] = history[c]


@njit(cache=True)
def _pick(cb, cst, order, ply, i, k):
    """Bring the best remaining move (by order score) to slot ``i``."""
    bi = i
    for j in range(i + 1, k):
        if order[ply, j] > order[ply, bi]:
            bi = j
    if bi != i:
        for q in range(cb.shape[2]):
            t1 = cb[ply, i, q]
            cb[ply, i, q] = cb[ply, bi, q]
            cb[ply, bi, q] = t1
        t2 = cst[ply, i]
        cst[ply, i] = cst[ply, bi]
        cst[ply, bi] = t2
        t2 = order[ply, i]
        order[ply, i] = order[ply, bi]
        order[ply, bi] = t2


@njit(cache=True, inline="always")
def _enter(st, ply):
    """Count a node, read the clock every 1024 nodes; True when the search must stop."""
    st[S_NODES] += 1
    if (st[S_NODES] & 1023) == 0 and _out_of_budget(st):
        st[S_ABORT] = 1
    if st[S_ABORT]:
        return True
    if ply > st[S_SELDEPTH]:
        st[S_SELDEPTH] = ply
    return False


@njit(cache=True, inline="always")
def _repeated(path, pathcount, j, step, cubes, h):
    """Whether the position (hash ``h``, ``cubes`` cubes) is on the path at ``j``, ``j - step``,
    ... (the same side to move), going back while the cube count stays the same (a blank
    cube once taken never comes back)."""
    while j >= 0 and pathcount[j] == cubes:
        if path[j] == h:
            return True
        j -= step
    return False


@njit(cache=True, inline="always")
def _draw(st, ply):
    """The score of a repetition: a draw, less the contempt for the side to move at the root."""
    return -st[S_CONTEMPT] if (ply & 1) == 0 else st[S_CONTEMPT]


@njit(cache=True, inline="always")
def _win_now(st, ply, m):
    """The score of a move ``m`` that wins at once (``ply`` plies below the root, which
    takes it as its best move): a win in ``ply + 1`` plies."""
    if ply == 0:
        st[S_BEST] = m
    return MATE - ply - 1


@njit(cache=True, inline="always")
def _take(v, m, c, ply, depth, best, bestm, alpha, beta, killers, history, st):
    """Account a searched child (value ``v`` of move ``m``; ``c < 0``: a move that loses at
    once): the root's progress, the best move, alpha, and on a cut-off the killers and history.
    Returns ``(best, bestm, alpha, cutoff)``."""
    if ply == 0:
        st[S_ROOTDONE] += 1
    if v > best:
        best = v
        bestm = m
        if ply == 0:
            st[S_BEST] = m
    if v > alpha:
        alpha = v
    cut = alpha >= beta
    if cut and c >= 0:
        _note_cutoff(killers, history, ply, m, depth)
    return best, bestm, alpha, cut


@njit(cache=True, inline="always")
def _leaf2(me, op, ply, n, L, zsym, w, path, pathcount, base, st):
    """``(leaf, value)``: what :func:`negamax2` returns for the normalised position at depth 0
    (``leaf`` True: a repetition's draw, or the evaluation), counted as a node; ``leaf`` False
    when the side to move has a line one cube short (the search looks for the win: call
    ``negamax2``). Saves the call for most nodes of a search."""
    ev, mc, _ = scan_lines(me, op, L, w)
    if mc >= n - 1 and not st[S_PLAIN]:
        return False, 0
    if _enter(st, ply):
        return True, 0
    cubes = popcount(me | op)
    j = base + ply - 2
    if j >= 0 and pathcount[j] == cubes and _repeated(path, pathcount, j, 2, cubes,
                                                      zobrist2(me, op, n, zsym[0])):
        return True, _draw(st, ply)
    return True, ev


@njit(_SIG2, cache=True, nogil=True, _nrt=False)
def negamax2(me, op, depth, alpha, beta, ply, n, T, L, zsym, mperm, w,
             tt, killers, history, path, pathcount, base,
             cb, cst, order, st):
    """Negamax alpha-beta (PVS) of the normalised position (me to move). See the module doc."""
    if _enter(st, ply):
        return 0
    h = zobrist2(me, op, n, zsym[0])  # the position's own hash, for repetitions
    cubes = popcount(me | op)
    pi = base + ply
    path[pi] = h
    pathcount[pi] = cubes
    if ply > 0 and _repeated(path, pathcount, pi - 2, 2, cubes, h):
        return _draw(st, ply)
    if ply > 0:
        # mate-distance pruning: from here the best is a win with the next move, the worst a
        # loss by it; a window outside that is decided (a search for a win within d plies
        # stops at ply d, threats or not)
        if beta > MATE - ply - 1:
            beta = MATE - ply - 1
            if alpha >= beta:
                return beta
        if alpha < -(MATE - ply - 1):
            alpha = -(MATE - ply - 1)
            if alpha >= beta:
                return alpha
    # A move changes at most one cell of every line, so it can only complete a line that
    # already holds N-1 cubes of that side: when neither side has one, no child is decided.
    ev, mc, oc = scan_lines(me, op, L, w)
    hot = mc >= n - 1 or oc >= n - 1
    M = T.shape[1]
    if depth <= 0 and (mc < n - 1 or st[S_PLAIN]):
        # the horizon, and no win in one for the side to move (not looked for in plain mode)
        return ev
    # children; a move that wins at once ends the search here
    k = np.int64(0)  # not a literal: one compilation of _order and _pick
    for m in range(M):
        if not legal(op, m, T):
            continue
        nme, nop = apply_move(me, op, m, T)
        r = outcome(nme, nop, L) if hot else ONGOING
        if r == MOVER_WINS:
            return _win_now(st, ply, m)
        cb[ply, k, 0] = nop  # swapped: the opponent moves next
        cb[ply, k, 1] = nme
        cst[ply, k] = m if r == ONGOING else m - M
        if depth > 1:  # ordered below: a move that makes a threat (a line one short) first
            order[ply, k] = THREAT_BONUS if max_counts(nme, nop, L)[0] >= n - 1 else 0
        k += 1
    if ply >= MAX_PLY - 2 or depth <= 0:
        return ev
    if depth == 1 and alpha >= MATE_BOUND:
        # only a win beats alpha (a search for a proven win), and there is none at once: the
        # children, at the horizon, can end the game only by the opponent's win
        return alpha
    # the table key: the same for all the symmetric images of the position (S_NSYM 8),
    # reached through symmetry sym
    key, sym = table_key(me, op, n, zsym, st[S_NSYM])
    cut, v, ttmove = _tt_probe(tt, key, depth, alpha, beta, ply)
    if cut:
        return v
    if ttmove >= 0:  # stored as seen through sym: back to this position's frame
        ttmove = mperm[8 + sym, ttmove]
    # Ordering (a selection per move, quadratic in the moves) pays where the children are
    # searched; the children of a depth-1 node are valued at once, in the order made
    ordered = depth > 1
    if ordered:
        _order(cst, order, ply, k, ttmove, killers, history, np.bool_(True))
    best = -INF
    bestm = -1
    a0 = alpha
    for i in range(k):
        if ordered:
            _pick(cb, cst, order, ply, i, k)
        c = cst[ply, i]
        if c < 0:
            m = c + M
            v = -(MATE - ply - 1)  # this move makes the opponent's line: the mover loses
        else:
            m = c
            leaf = False
            if depth == 1:  # the child is at the horizon: its value without a call, mostly
                leaf, v = _leaf2(cb[ply, i, 0], cb[ply, i, 1], ply + 1, n, L, zsym, w, path,
                                 pathcount, base, st)
            if leaf:
                v = -v
            elif i == 0:
                v = -negamax2(cb[ply, i, 0], cb[ply, i, 1], depth - 1, -beta, -alpha, ply + 1,
                              n, T, L, zsym, mperm, w, tt, killers, history, path,
                              pathcount, base, cb, cst, order, st)
            else:
                # late-move reduction: a quiet late move (not the TT move nor a killer nor a
                # threat, in a position where nobody threatens a line) is first searched
                # shallower, and again at full depth only when it beats alpha
                red = 0
                lmr = st[S_LMR]
                if lmr > 0 and depth >= 3 and i >= lmr and not hot and \
                        order[ply, i] < THREAT_BONUS:
                    red = 1 if i < 3 * lmr else 2
                    if red > depth - 2:
                        red = depth - 2
                v = -negamax2(cb[ply, i, 0], cb[ply, i, 1], depth - 1 - red, -alpha - 1,
                              -alpha, ply + 1, n, T, L, zsym, mperm, w, tt,
                              killers, history, path, pathcount, base, cb, cst, order, st)
                if red > 0 and v > alpha and not st[S_ABORT]:
                    v = -negamax2(cb[ply, i, 0], cb[ply, i, 1], depth - 1, -alpha - 1, -alpha,
                                  ply + 1, n, T, L, zsym, mperm, w, tt, killers,
                                  history, path, pathcount, base, cb, cst, order, st)
                if v > alpha and v < beta and not st[S_ABORT]:
                    v = -negamax2(cb[ply, i, 0], cb[ply, i, 1], depth - 1, -beta, -alpha,
                                  ply + 1, n, T, L, zsym, mperm, w, tt, killers,
                                  history, path, pathcount, base, cb, cst, order, st)
        if st[S_ABORT]:
            return 0
        best, bestm, alpha, cut = _take(v, m, c, ply, depth, best, bestm, alpha, beta,
                                        killers, history, st)
        if cut:
            break
    if k == 0:  # cannot happen in the 2-player game (a border cube is always takeable)
        return 0
    _tt_store_bound(tt, key, best, a0, beta, depth, mperm[sym, bestm], ply, st[S_GEN])
    return best


@njit(cache=True)
def root_scores2(me, op, depth, n, T, L, zsym, mperm, w, tt, killers,
                 history, path, pathcount, base, cb, cst, order, st, out):
    """Exact score (full window, ``depth`` plies) of every legal root move into ``out[m]``
    (``-INF`` for illegal moves). Used by the weak bots to choose among equal moves, and hints."""
    M = T.shape[1]
    path[base] = zobrist2(me, op, n, zsym[0])
    pathcount[base] = popcount(me | op)
    for m in range(M):
        out[m] = -INF
        if not legal(op, m, T):
            continue
        nme, nop = apply_move(me, op, m, T)
        r = outcome(nme, nop, L)
        if r == MOVER_WINS:
            out[m] = MATE - 1
        elif r == MOVER_LOSES:
            out[m] = -(MATE - 1)
        else:
            out[m] = -negamax2(nop, nme, depth - 1, -INF, INF, 1, n, T, L, zsym, mperm, w, tt, killers, history, path, pathcount, base, cb,
                               cst, order, st)
    return 0


# ---------------------------------------------------------------------------------------------
# 4-player (two teams) negamax: boards rotated so the mover is board 0, the partner board 2.
# A move code is 4*m + dot with dot 0 (the mover) or 2 (the partner), as the engine's codes.


@njit(_SIG4, cache=True, nogil=True, _nrt=False)
def negamax4(b0, b1, b2, b3, depth, alpha, beta, ply, n, T, L, zrow4, w,
             tt, killers, history, path, pathcount, base,
             cb, cst, order, st):
    if _enter(st, ply):
        return 0
    h = zobrist4(b0, b1, b2, b3, n, zrow4)
    cubes = popcount(b0 | b1 | b2 | b3)
    pi = base + ply
    path[pi] = h
    pathcount[pi] = cubes
    if ply > 0 and _repeated(path, pathcount, pi - 4, 4, cubes, h):
        return _draw(st, ply)
    M = T.shape[1]
    mc, oc = max_counts(b0 | b2, b1 | b3, L)  # see negamax2
    hot = mc >= n - 1 or oc >= n - 1
    if depth <= 0 and (mc < n - 1 or st[S_PLAIN]):
        return evaluate4(b0, b1, b2, b3, L, w)
    k = gen_moves4(b0, b1, b2, b3, np.int64(0), T, cst[ply])
    k2 = np.int64(0)  # not a literal: one compilation of _order and _pick
    for i in range(k):
        code = cst[ply, i]
        n0, n1, n2, n3 = apply_move4(b0, b1, b2, b3, code, T)
        r = outcome4(n0, n1, n2, n3, np.int64(0), L) if hot else ONGOING
        if r == MOVER_WINS:
            return _win_now(st, ply, code)
        cb[ply, k2, 0] = n1  # rotate: the next seat moves
        cb[ply, k2, 1] = n2
        cb[ply, k2, 2] = n3
        cb[ply, k2, 3] = n0
        cst[ply, k2] = code if r == ONGOING else code - 4 * M
        k2 += 1
    k = k2
    if ply >= MAX_PLY - 2:
        return evaluate4(b0, b1, b2, b3, L, w)
    cut, v, ttmove = _tt_probe(tt, h, depth, alpha, beta, ply)
    if cut:
        return v
    if depth <= 0:
        return evaluate4(b0, b1, b2, b3, L, w)
    if k == 0:  # a pass: the next seat (the other team) moves
        if ply == 0:
            st[S_BEST] = PASS
        return -negamax4(b1, b2, b3, b0, depth - 1, -beta, -alpha, ply + 1, n, T, L, zrow4,
                         w, tt, killers, history, path, pathcount, base,
                         cb, cst, order, st)
    _order(cst, order, ply, k, ttmove, killers, history, np.bool_(False))
    best = -INF
    bestm = -1
    a0 = alpha
    for i in range(k):
        _pick(cb, cst, order, ply, i, k)
        c = cst[ply, i]
        if c < 0:
            mm = c + 4 * M
            v = -(MATE - ply - 1)
        else:
            mm = c
            if i == 0:
                v = -negamax4(cb[ply, i, 0], cb[ply, i, 1], cb[ply, i, 2], cb[ply, i, 3],
                              depth - 1, -beta, -alpha, ply + 1, n, T, L, zrow4, w, tt,
                              killers, history, path, pathcount, base, cb, cst, order, st)
            else:
                v = -negamax4(cb[ply, i, 0], cb[ply, i, 1], cb[ply, i, 2], cb[ply, i, 3],
                              depth - 1, -alpha - 1, -alpha, ply + 1, n, T, L, zrow4, w,
                              tt, killers, history, path, pathcount, base,
                              cb, cst, order, st)
                if v > alpha and v < beta and not st[S_ABORT]:
                    v = -negamax4(cb[ply, i, 0], cb[ply, i, 1], cb[ply, i, 2], cb[ply, i, 3],
                                  depth - 1, -beta, -alpha, ply + 1, n, T, L, zrow4, w,
                                  tt, killers, history, path, pathcount,
                                  base, cb, cst, order, st)
        if st[S_ABORT]:
            return 0
        best, bestm, alpha, cut = _take(v, mm, c, ply, depth, best, bestm, alpha, beta,
                                        killers, history, st)
        if cut:
            break
    _tt_store_bound(tt, h, best, a0, beta, depth, bestm, ply, st[S_GEN])
    return best


@njit(cache=True)
def root_scores4(b0, b1, b2, b3, depth, n, T, L, zrow4, w, tt,
                 killers, history, path, pathcount, base, cb, cst, order, st, out):
    """Like :func:`root_scores2` for the 4-player game: ``out[code]``."""
    M = T.shape[1]
    path[base] = zobrist4(b0, b1, b2, b3, n, zrow4)
    pathcount[base] = popcount(b0 | b1 | b2 | b3)
    for i in range(4 * M):
        out[i] = -INF
    codes = np.empty(4 * M, np.int64)
    k = gen_moves4(b0, b1, b2, b3, np.int64(0), T, codes)
    for i in range(k):
        code = codes[i]
        n0, n1, n2, n3 = apply_move4(b0, b1, b2, b3, code, T)
        r = outcome4(n0, n1, n2, n3, np.int64(0), L)
        if r == MOVER_WINS:
            out[code] = MATE - 1
        elif r == MOVER_LOSES:
            out[code] = -(MATE - 1)
        else:
            out[code] = -negamax4(n1, n2, n3, n0, depth - 1, -INF, INF, 1, n, T, L, zrow4, w,
                                  tt, killers, history, path, pathcount,
                                  base, cb, cst, order, st)
    return 0

"""The solver kernel as it was before the level-by-level one (a denser, faster kernel replaced
it in
:mod:`qwixo.qwixx.solitaire_kernels`), kept unchanged as the reference the tests compare the
new kernel with, value by value (``tests/qwixx/test_solitaire.py``).

numba kernels of the exact Qwixx solitaire solver (see :mod:`qwixo.qwixx.solitaire`).

A sheet state is four *row kinds* (one per row; see :class:`qwixo.qwixx.solitaire.Model`) and a
penalty count. ``V[p, A[k0, k1] + B[k2, k3]]`` is the expected number of points still to come
from that state, playing optimally (points already on the sheet are not included), so every
locked row is one kind whatever its crosses, and every state with two locked rows is worth 0.

For one state and one pair of white dice, every option of the turn is either independent of
the coloured dice (pass and take a penalty; cross the white sum only) or uses exactly one
coloured die ``c``, with a value that depends on that die alone. The best value of the turn is
therefore ``max(B, Y_r(d_r), Y_y(d_y), Y_g(d_g), Y_b(d_b))`` with independent ``Y_c``, and its
expectation is the sum over the ``4 × faces`` values of each value times the probability that it
is the maximum: the product of the other dice's distribution functions at that value (ties go to
the lowest colour), instead of enumerating ``faces ** 4`` colour rolls.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

NEG = -1.0e30


@njit(cache=True, inline="always")
def _index(A, B, k0, k1, k2, k3):
    return A[k0, k1] + B[k2, k3]


@njit(cache=True)
def _expected_max(Y, ncol, faces, base, buf, ptr):
    """E[max(base, Y[0, d0], ..., Y[ncol-1, d])] with the d's independent and uniform.

    Only the values above ``base`` are compared: they are packed to the front of each row of
    ``Y`` (in place; ``ptr[c]`` counts them), the others all count as ``base``. ``buf`` is
    unused scratch.
    """
    nabove = 0
    below = 1.0  # the number of rolls where every die is at most base
    for c in range(ncol):
        k = 0
        for d in range(faces):
            v = Y[c, d]
            if v > base:
                Y[c, k] = v
                k += 1
        ptr[c] = k
        nabove += k
        below *= faces - k
    if nabove == 0:
        return base
    # E[max] = sum over values v of v * P(v is the maximum); ties go to the lowest colour:
    # Y[c, d] is the maximum when die c shows d, every lower colour shows less and every
    # higher colour at most as much (the values at most base of the other dice always do)
    total = base * below
    for c in range(ncol):
        for d in range(ptr[c]):
            v = Y[c, d]
            p = 1.0
            for c2 in range(ncol):
                if c2 == c:
                    continue
                n = faces - ptr[c2]
                if c2 < c:
                    for d2 in range(ptr[c2]):
                        n += Y[c2, d2] < v
                else:
                    for d2 in range(ptr[c2]):
                        n += Y[c2, d2] <= v
                p *= n
                if n == 0:
                    break
            total += v * p
    scale = 1.0
    for _ in range(ncol):
        scale *= faces
    return total / scale


@njit(cache=True, inline="always")
def _add_option(opt_k, opt_g, opt_end, nopt, r, kr, pos, trans, gain, closed, ncl):
    """Append the action-1 option "cross cell ``pos`` of row ``r``" when it is legal from row
    state ``kr``; returns the new number of options."""
    nk = trans[kr, pos]
    if nk >= 0:
        opt_k[nopt, 0] = r
        opt_k[nopt, 1] = nk
        opt_g[nopt] = gain[kr, pos]
        opt_end[nopt] = 1 if (closed[nk] == 1 and ncl + 1 >= 2) else 0
        nopt += 1
    return nopt


@njit(cache=True)
def _state_value(ks, Vp, Vn, has_next, pen_points, trans, gain, closed, count, nextpos,
                 index_of, tgt_cnt, tgt_row, tgt_pos, lucky, A, B, faces,
                 N0, N, Y, opt_k, opt_g, opt_end, buf, ptr, dies):
    """Expected future points of state ``ks`` (4 kinds) with the layer ``Vp`` (same penalties)
    and ``Vn`` (one more penalty) already known for every later state."""
    nsum = 2 * faces + 1
    ncl = 0
    for r in range(4):
        ncl += closed[ks[r]]
    # -- pass: one more penalty
    pass_val = -pen_points
    if has_next:
        pass_val += Vn[_index(A, B, ks[0], ks[1], ks[2], ks[3])]
    # -- dice present: the die of a closed row is gone
    ncol = 0
    for c in range(4):
        if closed[ks[c]] == 0:
            dies[ncol] = c
            ncol += 1
    # -- action 2 alone (no action 1): N0[c, t]
    for c in range(4):
        for t in range(nsum):
            N0[c, t] = NEG
    for ci in range(ncol):
        c = dies[ci]
        for t in range(2, nsum):
            best = NEG
            for j in range(tgt_cnt[c, t]):
                q = tgt_row[c, t, j]
                kq = ks[q]
                nk = trans[kq, tgt_pos[c, t, j]]
                if nk < 0:
                    continue
                g = gain[kq, tgt_pos[c, t, j]]
                if closed[nk] == 1 and ncl + 1 >= 2:
                    v = g
                else:
                    old = ks[q]
                    ks[q] = nk
                    v = g + Vp[_index(A, B, ks[0], ks[1], ks[2], ks[3])]
                    ks[q] = old
                if v > best:
                    best = v
            N0[c, t] = best
    mincount = 127
    for r in range(4):
        if count[ks[r]] < mincount:
            mincount = count[ks[r]]
    total = 0.0
    inv = 1.0 / (faces * faces)
    for s in range(2, nsum):
        # -- action-1 options for the white sum s
        nopt = 0
        for r in range(4):
            kr = ks[r]
            pos = index_of[r, s]
            if pos >= 0:
                nopt = _add_option(opt_k, opt_g, opt_end, nopt, r, kr, pos, trans, gain, closed,
                                   ncl)
            if lucky[s] and count[kr] == mincount and closed[kr] == 0:
                nopt = _add_option(opt_k, opt_g, opt_end, nopt, r, kr, nextpos[kr], trans, gain,
                                   closed, ncl)
        base = pass_val
        for c in range(4):
            for t in range(nsum):
                N[c, t] = N0[c, t]
        # the action-2 sums reachable with white dice of sum s: w + d, w in [wlo, whi]
        wlo = s - faces if s - faces > 1 else 1
        whi = s - 1 if s - 1 < faces else faces
        tlo = wlo + 1
        thi = whi + faces
        for o in range(nopt):
            r = opt_k[o, 0]
            nk = opt_k[o, 1]
            ga = opt_g[o]
            if opt_end[o] == 1:
                if ga > base:
                    base = ga
                continue
            old_r = ks[r]
            ks[r] = nk
            k0, k1, k2, k3 = ks[0], ks[1], ks[2], ks[3]
            tcl = ncl + closed[nk]
            a01 = A[k0, k1]
            b23 = B[k2, k3]
            v = ga + Vp[a01 + b23]
            if v > base:
                base = v
            # action 2 after this action 1: the index of the state with row q's kind changed
            # is one half of the index kept and the other looked up
            for ci in range(ncol):
                c = dies[ci]
                if closed[ks[c]] == 1:  # locked in action 1: its die is gone
                    continue
                for t in range(tlo, thi + 1):
                    best = N[c, t]
                    for j in range(tgt_cnt[c, t]):
                        q = tgt_row[c, t, j]
                        kq = ks[q]
                        pos2 = tgt_pos[c, t, j]
                        nk2 = trans[kq, pos2]
                        if nk2 < 0:
                            continue
                        g = ga + gain[kq, pos2]
                        if closed[nk2] == 1 and tcl + 1 >= 2:
                            v2 = g
                        else:
                            if q == 0:
                                idx = A[nk2, k1] + b23
                            elif q == 1:
                                idx = A[k0, nk2] + b23
                            elif q == 2:
                                idx = a01 + B[nk2, k3]
                            else:
                                idx = a01 + B[k2, nk2]
                            v2 = g + Vp[idx]
                        if v2 > best:
                            best = v2
                    N[c, t] = best
            ks[r] = old_r
        # -- every pair of white dice with this sum
        for w1 in range(wlo, s // 2 + 1):
            w2 = s - w1
            if w2 < w1:
                break
            prob = inv if w1 == w2 else 2.0 * inv
            for ci in range(ncol):
                c = dies[ci]
                for d in range(faces):
                    a = N[c, w1 + d + 1]
                    b = N[c, w2 + d + 1]
                    Y[ci, d] = a if a > b else b
            total += prob * _expected_max(Y, ncol, faces, base, buf, ptr)
    return total


@njit(cache=True, parallel=True)
def solve_block(V, p, states, lo, hi, has_next, pen_points, trans, gain, closed, count, nextpos,
                index_of, tgt_cnt, tgt_row, tgt_pos, lucky, A, B, faces, pairswap):
    """Solve the states ``states[lo:hi]`` (packed kinds, all of one level) of penalty layer p."""
    nsum = 2 * faces + 1
    Vp = V[p]
    Vn = V[p + 1] if has_next else V[p]
    n = hi - lo
    chunk = 64
    nchunks = (n + chunk - 1) // chunk
    for ch in prange(nchunks):
        ks = np.empty(4, np.int64)
        N0 = np.empty((4, nsum))
        N = np.empty((4, nsum))
        Y = np.empty((4, faces))
        opt_k = np.empty((8, 2), np.int64)
        opt_g = np.empty(8)
        opt_end = np.empty(8, np.int64)
        buf = np.empty(4 * faces + 1)
        ptr = np.empty(4, np.int64)
        dies = np.empty(4, np.int64)
        end = lo + (ch + 1) * chunk
        if end > hi:
            end = hi
        for j in range(lo + ch * chunk, end):
            code = states[j]
            ks[0] = (code >> 21) & 127
            ks[1] = (code >> 14) & 127
            ks[2] = (code >> 7) & 127
            ks[3] = code & 127
            v = _state_value(ks, Vp, Vn, has_next, pen_points, trans, gain, closed, count,
                             nextpos, index_of, tgt_cnt, tgt_row, tgt_pos, lucky, A, B, faces,
                             N0, N, Y, opt_k, opt_g, opt_end, buf, ptr, dies)
            Vp[A[ks[0], ks[1]] + B[ks[2], ks[3]]] = v
            if pairswap:
                Vp[A[ks[2], ks[3]] + B[ks[0], ks[1]]] = v

"""numba kernels of the exact Qwixx solitaire solver (see :mod:`qwixo.qwixx.solitaire`).

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

:func:`solve_level` values the states of one level in every penalty layer at
once, with the layers side by side (``W[index, p]``): the legal cells, the action-1 options
and every state index are worked out once a state, and each lookup feeds the four layers.
The kernel before it (one layer at a time) is kept in ``tests/qwixx/solitaire_kernels_before.py``;
both give the same values, bit for bit.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from qwixo.qwixx import kernels as K

NEG = -1.0e30


@njit(cache=True, inline="always")
def closed_count(closed, ks):
    """The closed rows of the state of row kinds ``ks`` (``closed[k]``: kind ``k`` is a locked
    row)."""
    return closed[ks[0]] + closed[ks[1]] + closed[ks[2]] + closed[ks[3]]


@njit(cache=True, inline="always")
def die_of_kind(closed, k, c):
    """The coloured die ``c`` is still rolled when row ``c`` is of kind ``k``
    (:func:`qwixo.qwixx.kernels.die_in_play`: out once its row is closed)."""
    return K.die_in_play(closed[k] << c, 2 + c)


@njit(cache=True, inline="always")
def die_present(closed, ks, c):
    """The coloured die ``c`` is still rolled in the state of row kinds ``ks``."""
    return die_of_kind(closed, ks[c], c)


@njit(cache=True, inline="always")
def game_over(closed, ks, pen, max_pen):
    """The solitaire game of row kinds ``ks`` and ``pen`` penalty boxes is over: the kernels'
    end rule (:func:`qwixo.qwixx.kernels.closed_rows_end_game`,
    :func:`qwixo.qwixx.kernels.penalty_count_ends_game`)."""
    return (K.closed_rows_end_game(closed_count(closed, ks))
            or K.penalty_count_ends_game(pen, max_pen))


@njit(cache=True)
def _cell_tables(tgt_cnt, tgt_row, tgt_pos, L):
    """Per cell (row, position): the die colour that crosses it in action 2 (-1: none) and
    the sum it needs."""
    die = np.full((4, L), -1, np.int64)
    num = np.full((4, L), -1, np.int64)
    for c in range(4):
        for t in range(tgt_cnt.shape[1]):
            for j in range(tgt_cnt[c, t]):
                die[tgt_row[c, t, j], tgt_pos[c, t, j]] = c
                num[tgt_row[c, t, j], tgt_pos[c, t, j]] = t
    return die, num


@njit(cache=True)
def _expected_max(Y, ncol, faces, base, kab):
    """E[max(base, Y[0, d0], ..., Y[ncol-1, d])], the d's independent and uniform; ties go to
    the lowest colour. A value at most ``base`` counts as ``base``."""
    below = 1.0
    nabove = 0
    for c in range(ncol):
        k = 0
        for d in range(faces):
            k += Y[c, d] > base
        kab[c] = k
        below *= faces - k
        nabove += k
    if nabove == 0:
        return base
    total = base * below
    for c in range(ncol):
        if kab[c] == 0:
            continue
        for d in range(faces):
            v = Y[c, d]
            if v <= base:
                continue
            p = 1.0
            for c2 in range(ncol):
                if c2 == c:
                    continue
                if kab[c2] == 0:
                    p *= faces
                    continue
                n = 0
                if c2 < c:
                    for d2 in range(faces):
                        n += Y[c2, d2] < v
                else:
                    for d2 in range(faces):
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
def _upd(N, c, t, g, W, idx, npen):
    """``N[c, t, p] = max(N[c, t, p], g + W[idx, p])`` for every penalty layer p."""
    for p in range(npen):
        v = g + W[idx, p]
        if v > N[c, t, p]:
            N[c, t, p] = v


@njit(cache=True, inline="always")
def _upd_end(N, c, t, g, npen):
    """The option ends the game (a second row locked): worth ``g`` in every layer."""
    for p in range(npen):
        if g > N[c, t, p]:
            N[c, t, p] = g


@njit(cache=True, inline="always")
def _half(r, x, y, A, B):
    """The half of a state's index (``A[k0, k1] + B[k2, k3]``) that holds row ``r``, with row
    ``r`` of kind ``x`` and its partner row (``r ^ 1``) of kind ``y``."""
    if r == 0:
        return A[x, y]
    if r == 1:
        return A[y, x]
    if r == 2:
        return B[x, y]
    return B[y, x]


@njit(cache=True, inline="always")
def _index_with(r, x, y, a01, b23, A, B):
    """The index of the state (``a01 = A[k0, k1]``, ``b23 = B[k2, k3]``) with row ``r`` of kind
    ``x`` and its partner row of kind ``y`` (:func:`_half`)."""
    h = _half(r, x, y, A, B)
    return h + b23 if r < 2 else a01 + h


@njit(cache=True)
def _state_values(k0, k1, k2, k3, W, pen_points, trans, gain, closed, count, nextpos, index_of,
                  lucky, A, B, faces, celldie, cellnum, pairswap,
                  N0, NS, B1, Y, cc, ct, cnk, cg, ch, cn, ks, dies, kab):
    """Value state ``(k0, k1, k2, k3)`` in every penalty layer (written to ``W[index, p]``).

    What does not depend on the values (legal cells, action-1 options, state indices) is
    worked out once for the four layers, and every lookup reads the four layers' values of a
    state side by side (``W[index, 0:4]``). The layers are then valued from the last (one
    more penalty ends the game) to the first: the penalty option of layer p is worth the
    value of the same state in layer p + 1.
    """
    L = trans.shape[1]
    npen = W.shape[1]
    nsum = 2 * faces + 1
    ks[0] = k0
    ks[1] = k1
    ks[2] = k2
    ks[3] = k3
    a01 = A[k0, k1]
    b23 = B[k2, k3]
    ncl = closed_count(closed, ks)
    ncol = 0
    for c in range(4):
        if die_present(closed, ks, c):
            dies[ncol] = c
            ncol += 1
    for c in range(4):
        for t in range(nsum):
            for p in range(npen):
                N0[c, t, p] = NEG
    # -- the cells action 2 may cross in every row (die present, cell legal), with the state's
    # index half after crossing them; action 2 alone (N0) on the way
    for q in range(4):
        kq = ks[q]
        n = 0
        for j in range(L):
            nk = trans[kq, j]
            c = celldie[q, j]
            if nk < 0 or c < 0 or not die_present(closed, ks, c):
                continue
            t = cellnum[q, j]
            g = gain[kq, j]
            h = _half(q, nk, ks[q ^ 1], A, B)
            cc[q, n] = c
            ct[q, n] = t
            cnk[q, n] = nk
            cg[q, n] = g
            ch[q, n] = h
            if closed[nk] == 1 and K.closed_rows_end_game(ncl + 1):
                _upd_end(N0, c, t, g, npen)
            elif q < 2:
                _upd(N0, c, t, g, W, h + b23, npen)
            else:
                _upd(N0, c, t, g, W, a01 + h, npen)
            n += 1
        cn[q] = n
    mincount = 127
    for r in range(4):
        if count[ks[r]] < mincount:
            mincount = count[ks[r]]
    # -- per white sum s: the best action-1-only value B1[s, p] and the best value with each
    # die and sum NS[s, c, t, p] (action 2 alone or after an action 1)
    for s in range(2, nsum):
        N = NS[s]
        wlo = s - faces if s - faces > 1 else 1
        whi = s - 1 if s - 1 < faces else faces
        tlo = wlo + 1
        thi = whi + faces
        for p in range(npen):
            B1[s, p] = NEG
        for c in range(4):
            for t in range(tlo, thi + 1):
                for p in range(npen):
                    N[c, t, p] = N0[c, t, p]
        for o in range(8):
            r = o & 3
            kr = ks[r]
            if o < 4:
                pos = index_of[r, s]
                if pos < 0:
                    continue
            else:
                if lucky[s] == 0 or count[kr] != mincount or closed[kr] == 1:
                    continue
                pos = nextpos[kr]
            nkr = trans[kr, pos]
            if nkr < 0:
                continue
            ga = gain[kr, pos]
            tcl = ncl + closed[nkr]
            if closed[nkr] == 1 and K.closed_rows_end_game(ncl + 1):
                for p in range(npen):
                    if ga > B1[s, p]:
                        B1[s, p] = ga
                continue
            a01x = a01
            b23x = b23
            if r < 2:
                a01x = _half(r, nkr, ks[r ^ 1], A, B)
            else:
                b23x = _half(r, nkr, ks[r ^ 1], A, B)
            ix = a01x + b23x
            for p in range(npen):
                v = ga + W[ix, p]
                if v > B1[s, p]:
                    B1[s, p] = v
            rgone = not die_of_kind(closed, nkr, r)  # row r locked in action 1
            for q in range(4):
                if q == r:
                    # a second cross in row r, right of the first
                    for j in range(pos + 1, L):
                        nk2 = trans[nkr, j]
                        if nk2 < 0:
                            continue
                        c = celldie[r, j]
                        if c < 0 or not die_present(closed, ks, c) or (c == r and rgone):
                            continue
                        t = cellnum[r, j]
                        if t < tlo or t > thi:
                            continue
                        g = ga + gain[nkr, j]
                        if closed[nk2] == 1 and K.closed_rows_end_game(tcl + 1):
                            _upd_end(N, c, t, g, npen)
                            continue
                        _upd(N, c, t, g, W, _index_with(r, nk2, ks[r ^ 1], a01, b23, A, B),
                             npen)
                    continue
                same = (q < 2) == (r < 2)
                for jj in range(cn[q]):
                    c = cc[q, jj]
                    t = ct[q, jj]
                    if t < tlo or t > thi or (c == r and rgone):
                        continue
                    nk2 = cnk[q, jj]
                    g = ga + cg[q, jj]
                    if closed[nk2] == 1 and K.closed_rows_end_game(tcl + 1):
                        _upd_end(N, c, t, g, npen)
                        continue
                    if not same:  # row q's half as precomputed, row r's after action 1
                        idx = ch[q, jj] + b23x if q < 2 else a01x + ch[q, jj]
                    else:  # rows r and q make one half: kinds nkr and nk2
                        idx = _index_with(r, nkr, nk2, a01, b23, A, B)
                    _upd(N, c, t, g, W, idx, npen)
    # -- the layers, from the last: E[max] over the coloured dice for every white pair
    inv = 1.0 / (faces * faces)
    nxt = 0.0
    for p in range(npen - 1, -1, -1):
        pass_val = -pen_points
        if p + 1 < npen:
            pass_val += nxt
        total = 0.0
        for s in range(2, nsum):
            N = NS[s]
            base = pass_val
            if B1[s, p] > base:
                base = B1[s, p]
            wlo = s - faces if s - faces > 1 else 1
            for w1 in range(wlo, s // 2 + 1):
                w2 = s - w1
                if w2 < w1:
                    break
                prob = inv if w1 == w2 else 2.0 * inv
                for ci in range(ncol):
                    c = dies[ci]
                    for d in range(faces):
                        a = N[c, w1 + d + 1, p]
                        b = N[c, w2 + d + 1, p]
                        Y[ci, d] = a if a > b else b
                total += prob * _expected_max(Y, ncol, faces, base, kab)
        W[a01 + b23, p] = total
        if pairswap:
            W[A[k2, k3] + B[k0, k1], p] = total
        nxt = total


@njit(cache=True, parallel=True)
def solve_level(W, states, lo, hi, pen_points, trans, gain, closed, count, nextpos, index_of,
                tgt_cnt, tgt_row, tgt_pos, lucky, A, B, faces, pairswap):
    """Solve the states ``states[lo:hi]`` (packed kinds, all of one level) in every penalty
    layer: ``W[index, p]`` (the layers side by side; :func:`qwixo.qwixx.solitaire.solve`
    transposes the table at the end). The states of a level are independent: ``prange``
    shares them among the threads in chunks of 64."""
    nsum = 2 * faces + 1
    npen = W.shape[1]
    L = trans.shape[1]
    celldie, cellnum = _cell_tables(tgt_cnt, tgt_row, tgt_pos, L)
    n = hi - lo
    chunk = 64
    nchunks = (n + chunk - 1) // chunk
    for ch_ in prange(nchunks):
        N0 = np.empty((4, nsum, npen))
        NS = np.empty((nsum, 4, nsum, npen))
        B1 = np.empty((nsum, npen))
        Y = np.empty((4, faces))
        cc = np.empty((4, L), np.int64)
        ct = np.empty((4, L), np.int64)
        cnk = np.empty((4, L), np.int64)
        cg = np.empty((4, L))
        chh = np.empty((4, L), np.int64)
        cn = np.empty(4, np.int64)
        ks = np.empty(4, np.int64)
        dies = np.empty(4, np.int64)
        kab = np.empty(4, np.int64)
        end = lo + (ch_ + 1) * chunk
        if end > hi:
            end = hi
        for j in range(lo + ch_ * chunk, end):
            code = states[j]
            _state_values((code >> 21) & 127, (code >> 14) & 127, (code >> 7) & 127, code & 127,
                          W, pen_points, trans, gain, closed, count, nextpos, index_of, lucky,
                          A, B, faces, celldie, cellnum, pairswap,
                          N0, NS, B1, Y, cc, ct, cnk, cg, chh, cn, ks, dies, kab)


@njit(cache=True)
def _v(values, A, B, closed, ks, p, max_pen):
    if game_over(closed, ks, p, max_pen):
        return 0.0
    return values[p, A[ks[0], ks[1]] + B[ks[2], ks[3]]]


@njit(cache=True, inline="always")
def _move_row(ks, r, k, trans, gain):
    """Row ``r`` goes from kind ``ks[r]`` to kind ``k`` (a cross; ``ks`` updated): its points
    (those of the first cell whose cross leads there)."""
    g = 0
    for pos in range(trans.shape[1]):
        if trans[ks[r], pos] == k:
            g = gain[ks[r], pos]
            break
    ks[r] = k
    return g


@njit(cache=True)
def simulate_policy(values, n_games, seed, trans, gain, closed, count, nextpos, index_of,
                    tgt_cnt, tgt_row, tgt_pos, lucky, A, B, faces, pen_points, max_pen):
    """Play ``n_games`` solitaire games with the policy of ``values``; final scores and turns.

    Each turn: roll, then the best pair (action 1, action 2) by the table, exactly as the
    optimal bot ranks options (:func:`qwixo.qwixx.solitaire.rank_options`).
    """
    np.random.seed(seed)
    scores = np.empty(n_games)
    turns = np.empty(n_games, np.int64)
    ks = np.empty(4, np.int64)
    t1 = np.empty(4, np.int64)
    t2 = np.empty(4, np.int64)
    dice = np.empty(6, np.int64)
    for game in range(n_games):
        for r in range(4):
            ks[r] = 0
        pen = 0
        score = 0.0
        nturn = 0
        while True:
            if game_over(closed, ks, pen, max_pen):
                break
            nturn += 1
            for i in range(6):
                dice[i] = np.random.randint(1, faces + 1)
            s = dice[0] + dice[1]
            mincount = 127
            for r in range(4):
                if count[ks[r]] < mincount:
                    mincount = count[ks[r]]
            # best (a1, a2): a1 = (row, new kind) or -1; a2 likewise
            best = -pen_points + _v(values, A, B, closed, ks, pen + 1, max_pen)
            b1r, b1k, b2r, b2k = -1, -1, -1, -1
            for o in range(9):  # 0: no action 1; 1..4 cell of row o-1; 5..8 lucky in row o-5
                g1 = 0.0
                for r in range(4):
                    t1[r] = ks[r]
                r1 = -1
                if o >= 1:
                    r1 = (o - 1) % 4
                    kr = ks[r1]
                    if o <= 4:
                        pos = index_of[r1, s]
                    else:
                        if lucky[s] == 0 or count[kr] != mincount or closed[kr] == 1:
                            continue
                        pos = nextpos[kr]
                    if pos < 0 or trans[kr, pos] < 0:
                        continue
                    t1[r1] = trans[kr, pos]
                    g1 = gain[kr, pos]
                    v = g1 + _v(values, A, B, closed, t1, pen, max_pen)
                    if v > best:
                        best, b1r, b1k, b2r, b2k = v, r1, t1[r1], -1, -1
                    if game_over(closed, t1, pen, max_pen):
                        continue  # the game ended in action 1: no action 2
                for c in range(4):
                    if not die_present(closed, t1, c):
                        continue
                    for wi in range(2):
                        t = dice[wi] + dice[2 + c]
                        for j in range(tgt_cnt[c, t]):
                            q = tgt_row[c, t, j]
                            pos = tgt_pos[c, t, j]
                            nk = trans[t1[q], pos]
                            if nk < 0:
                                continue
                            for r in range(4):
                                t2[r] = t1[r]
                            t2[q] = nk
                            v = g1 + gain[t1[q], pos] + _v(values, A, B, closed, t2, pen,
                                                           max_pen)
                            if v > best:
                                best, b1r, b1k, b2r, b2k = v, r1, t1[r1] if r1 >= 0 else -1, q, nk
            if b1r < 0 and b2r < 0:
                pen += 1
                score -= pen_points
                continue
            if b1r >= 0:
                score += _move_row(ks, b1r, b1k, trans, gain)
            if b2r >= 0:
                score += _move_row(ks, b2r, b2k, trans, gain)
        scores[game] = score
        turns[game] = nturn
    return scores, turns

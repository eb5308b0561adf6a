"""Numba kernels of the Quixo retrograde solver (see :mod:`qwixo.quixo.solver`).

Positions are pairs of bitboards ``(me, op)``: the cubes of the side to move and of the other
side (bit ``r * N + f``, as in :mod:`qwixo.quixo.tables`). A *class* ``(a, b)`` holds every
position with ``a`` cubes of the side to move and ``b`` of the other side. Inside a class a
position's index is a combinatorial (colex) rank::

    index = rank(me) * C(N*N - a, b) + rank(pext(op, ~me))

where ``rank`` of a ``k``-subset is ``sum C(p_j, j + 1)`` over its set bits ``p_0 < p_1 < ...``
and ``pext`` packs the bits of ``op`` that lie on the free cells. Both are computed a byte at a
time through small tables (:class:`RankTables`), so ranking costs a few lookups, no loop over
cells.

Values are stored in one ``uint16`` *code* a position while solving: ``0`` unknown / draw,
``2 d + 1`` a win for the side to move in ``d`` plies, ``2 d + 2`` a loss in ``d`` plies.

>>> rt = rank_tables(3)
>>> int(colex_rank(0b111, rt.rt, rt.pop8)), int(colex_rank(0b1011, rt.rt, rt.pop8))
(0, 1)
>>> int(pext(0b101100, 0b111000, rt.pext8, rt.pop8))
5
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from math import comb

import numpy as np
from numba import njit, prange

from qwixo.quixo.tables import move_tables

#: the largest board the solver handles (all of 5×5 only with few blanks)
MAX_SOLVE_SIZE = 5
NONE16 = 0xFFFF  # "no such time" in the uint16 schedule arrays


@dataclass(frozen=True)
class RankTables:
    n: int
    comb: np.ndarray   # int64[34, 34]: binomial coefficients
    rt: np.ndarray     # int64[4, 26, 256]: colex rank contribution of a byte
    pop8: np.ndarray   # int64[256]
    pext8: np.ndarray  # int64[65536]: pext of a byte x under a byte mask (mask * 256 + x)
    pdep8: np.ndarray  # int64[65536]: pdep of low bits v into a byte mask (mask * 256 + v)
    line: np.ndarray   # uint8[2 ** (N*N)]: 1 when the cells hold a full line
    src_bit: np.ndarray
    dst_bit: np.ndarray
    seg_all: np.ndarray
    seg_move: np.ndarray
    shift: np.ndarray


@cache
def _byte_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    cm = np.zeros((34, 34), dtype=np.int64)
    for n in range(34):
        for k in range(34):
            cm[n, k] = comb(n, k)
    rt = np.zeros((4, 26, 256), dtype=np.int64)
    for chunk in range(4):
        for p in range(26):
            for byte in range(256):
                total, q = 0, 0
                for i in range(8):
                    if byte >> i & 1:
                        total += comb(8 * chunk + i, p + q + 1)
                        q += 1
                rt[chunk, p, byte] = total
    pop8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)
    pext8 = np.zeros(65536, dtype=np.int64)
    pdep8 = np.zeros(65536, dtype=np.int64)
    for mask in range(256):
        cells = [i for i in range(8) if mask >> i & 1]
        for x in range(256):
            pext8[mask * 256 + x] = sum(1 << j for j, c in enumerate(cells) if x >> c & 1)
        for v in range(1 << len(cells)):
            pdep8[mask * 256 + v] = sum(1 << c for j, c in enumerate(cells) if v >> j & 1)
    for arr in (cm, rt, pop8, pext8, pdep8):
        arr.setflags(write=False)
    return cm, rt, pop8, pext8, pdep8


@cache
def rank_tables(n: int) -> RankTables:
    """The lookup tables of an N×N board (N = 3..5), built once and cached."""
    if not isinstance(n, int) or not (3 <= n <= MAX_SOLVE_SIZE):
        raise ValueError(f"the solver handles boards of size 3..{MAX_SOLVE_SIZE}, not {n!r}")
    t = move_tables(n)
    cm, rt, pop8, pext8, pdep8 = _byte_tables()
    nn = n * n
    line = np.zeros(1 << nn, dtype=np.uint8)
    idx = np.arange(1 << nn, dtype=np.int64)
    for mask in t.lines:
        m = int(mask)
        line |= ((idx & m) == m).astype(np.uint8)
    line.setflags(write=False)
    i64 = np.int64
    return RankTables(
        n=n, comb=cm, rt=rt, pop8=pop8, pext8=pext8, pdep8=pdep8, line=line,
        src_bit=t.src_bit.astype(i64), dst_bit=t.dst_bit.astype(i64),
        seg_all=t.seg_all.astype(i64), seg_move=t.seg_move.astype(i64),
        shift=t.shift.astype(i64),
    )


# -- bit helpers ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def colex_rank(x, rt, pop8):
    """Rank of the bit set ``x`` among the sets of the same size, in increasing order."""
    r = 0
    p = 0
    k = 0
    while x:
        byte = x & 255
        r += rt[k, p, byte]
        p += pop8[byte]
        x >>= 8
        k += 1
    return r


@njit(cache=True, inline="always")
def pext(x, mask, pext8, pop8):
    """The bits of ``x`` under ``mask``, packed to the low end."""
    r = 0
    s = 0
    while mask:
        mb = mask & 255
        r |= pext8[mb * 256 + (x & 255)] << s
        s += pop8[mb]
        mask >>= 8
        x >>= 8
    return r


@njit(cache=True, inline="always")
def pdep(v, mask, pdep8, pop8):
    """Inverse of :func:`pext`: spread the low bits of ``v`` over the cells of ``mask``."""
    r = 0
    k = 0
    while mask:
        mb = mask & 255
        pc = pop8[mb]
        r |= pdep8[mb * 256 + (v & ((1 << pc) - 1))] << k
        v >>= pc
        mask >>= 8
        k += 8
    return r


@njit(cache=True)
def unrank(r, k, nn, cm):
    """The ``k``-subset of ``nn`` cells of colex rank ``r``."""
    x = 0
    pos = nn - 1
    for j in range(k, 0, -1):
        while cm[pos, j] > r:
            pos -= 1
        x |= 1 << pos
        r -= cm[pos, j]
        pos -= 1
    return x


@njit(cache=True, inline="always")
def next_subset(v):
    """The next larger integer with as many set bits (Gosper's hack)."""
    c = v & -v
    r = v + c
    return (((r ^ v) >> 2) // c) | r


@njit(cache=True, inline="always")
def push(x, m, seg_all, seg_move, shift):
    """The cubes of ``x`` after move ``m`` (without the mover's new cube on ``dst``)."""
    moved = x & seg_move[m]
    s = shift[m]
    if s > 0:
        moved <<= s
    else:
        moved >>= -s
    return (x & ~seg_all[m]) | moved


@njit(cache=True, inline="always")
def unpush(x, m, seg_all, dst_bit, shift):
    """Undo the slide of move ``m`` on ``x`` (the ``src`` cell comes back empty)."""
    back = x & (seg_all[m] & ~dst_bit[m])
    s = shift[m]
    if s > 0:
        back >>= s
    else:
        back <<= -s
    return (x & ~seg_all[m]) | back


@njit(cache=True, inline="always")
def index_in(me, op, a, b, base, nn, full, cm, rt, pop8, pext8):
    """Global index of ``(me, op)`` in class ``(a, b)`` whose first index is ``base``."""
    ra = colex_rank(me, rt, pop8)
    rb = colex_rank(pext(op, full & ~me, pext8, pop8), rt, pop8)
    return base + ra * cm[nn - a, b] + rb


# -- solving one pair of classes -------------------------------------------------------------
@njit(cache=True, parallel=True)
def init_class(a, b, loc, pair_base, nn, class_off, codes, me_arr, op_arr, cnt, lt, we,
               cm, rt, pop8, pext8, pdep8, line, src_bit, dst_bit, seg_all, seg_move, shift):
    """First pass over class ``(a, b)`` (pair-local offset ``loc``).

    Marks terminal positions, counts the moves that stay in the pair (taking one's own cube),
    and looks up the children in the next class (taking a blank): ``we`` gets 1 + the distance
    of the fastest lost child (a win for us), ``lt`` 1 + the distance of the slowest won child
    when nothing else stops the position from being lost (``NONE16`` otherwise).
    """
    full = (1 << nn) - 1
    na = cm[nn, a]
    nb = cm[nn - a, b]
    nmoves = src_bit.shape[0]
    nxt_base = class_off[b, a + 1] if a + b < nn else -1
    for ra in prange(na):
        me = unrank(ra, a, nn, cm)
        free = full & ~me
        v = (1 << b) - 1
        for rb in range(nb):
            op = pdep(v, free, pdep8, pop8)
            i = loc + ra * nb + rb
            me_arr[i] = me
            op_arr[i] = op
            if rb + 1 < nb:
                v = next_subset(v)
            if line[me]:
                codes[pair_base + i] = 1
                cnt[i] = 0
                lt[i] = NONE16
                we[i] = NONE16
                continue
            if line[op]:
                codes[pair_base + i] = 2
                cnt[i] = 0
                lt[i] = NONE16
                we[i] = NONE16
                continue
            c = 0
            w = NONE16
            mx = 0
            ok = True
            for m in range(nmoves):
                sb = src_bit[m]
                if op & sb:
                    continue
                if me & sb:
                    c += 1
                    continue
                cme = push(op, m, seg_all, seg_move, shift)
                cop = push(me, m, seg_all, seg_move, shift) | dst_bit[m]
                cc = codes[index_in(cme, cop, b, a + 1, nxt_base, nn, full, cm, rt, pop8, pext8)]
                if cc == 0:
                    ok = False
                elif cc & 1:
                    d = (cc >> 1) + 1
                    if d > mx:
                        mx = d
                else:
                    d = (cc >> 1)  # (cc - 2) / 2 + 1
                    if d < w:
                        w = d
            cnt[i] = c
            we[i] = w
            lt[i] = mx if (ok and w == NONE16) else NONE16


@njit(cache=True)
def run_pair(a, b, pair_base, size, nn, class_off, codes, me_arr, op_arr, cnt, lt, we,
             cm, rt, pop8, pext8, line, src_bit, dst_bit, seg_all, shift):
    """Retrograde counting inside a pair of classes ``(a, b)`` / ``(b, a)``, level by level.

    Level ``D`` holds the positions decided in exactly ``D`` plies. A lost position makes every
    undecided parent a win at ``D + 1``; a won position takes one from each parent's counter of
    undecided moves, and a parent whose counter reaches 0 is lost at ``1 + max(D, slowest won
    child in the next class)``. Wins and losses decided by the next class alone are scheduled at
    their level. Returns the largest level reached.
    """
    full = (1 << nn) - 1
    nmoves = src_bit.shape[0]
    base_ab = class_off[a, b]
    base_ba = class_off[b, a]
    maxt = 0
    for i in range(size):
        if we[i] != NONE16 and we[i] > maxt:
            maxt = we[i]
        if lt[i] != NONE16 and lt[i] > maxt:
            maxt = lt[i]
    start = np.zeros(maxt + 2, dtype=np.int64)
    for i in range(size):
        if we[i] != NONE16:
            start[we[i] + 1] += 1
        elif lt[i] != NONE16 and lt[i] >= 1:
            start[lt[i] + 1] += 1
    for t in range(1, maxt + 2):
        start[t] += start[t - 1]
    sched = np.empty(start[maxt + 1], dtype=np.int32)
    fill = start.copy()
    for i in range(size):
        t = -1
        if we[i] != NONE16:
            t = we[i]
        elif lt[i] != NONE16 and lt[i] >= 1:
            t = lt[i]
        if t >= 0:
            sched[fill[t]] = i
            fill[t] += 1
    frontier = np.empty(size, dtype=np.int32)
    nxt = np.empty(size, dtype=np.int32)
    nf = 0
    for i in range(size):
        if codes[pair_base + i] != 0:
            frontier[nf] = i
            nf += 1
    level = 0
    last = 0
    while True:
        if 1 <= level <= maxt:
            for s in range(start[level], start[level + 1]):
                i = sched[s]
                if codes[pair_base + i] != 0:
                    continue
                if we[i] == level:
                    codes[pair_base + i] = 2 * level + 1
                    frontier[nf] = i
                    nf += 1
                elif lt[i] == level and cnt[i] == 0:
                    codes[pair_base + i] = 2 * level + 2
                    frontier[nf] = i
                    nf += 1
        if nf == 0 and level >= maxt:
            break
        if nf:
            last = level
        nn2 = 0
        win_code = 2 * (level + 1) + 1
        loss_code = 2 * (level + 1) + 2
        for f in range(nf):
            i = frontier[f]
            me = me_arr[i]
            op = op_arr[i]
            won = codes[pair_base + i] & 1
            for m in range(nmoves):
                if not (op & dst_bit[m]):
                    continue
                pm = unpush(op, m, seg_all, dst_bit, shift) | src_bit[m]
                if line[pm]:
                    continue
                po = unpush(me, m, seg_all, dst_bit, shift)
                if line[po]:
                    continue
                # the parent's mover had the child's "other" cubes
                if i < base_ba - pair_base or base_ab == base_ba:
                    # child in (a, b) -> parent in (b, a)
                    j = index_in(pm, po, b, a, base_ba, nn, full, cm, rt, pop8, pext8)
                else:
                    j = index_in(pm, po, a, b, base_ab, nn, full, cm, rt, pop8, pext8)
                j -= pair_base
                if codes[pair_base + j] != 0:
                    continue
                if won:
                    cnt[j] -= 1
                    if cnt[j] == 0 and lt[j] != NONE16 and lt[j] <= level + 1:
                        codes[pair_base + j] = loss_code
                        nxt[nn2] = j
                        nn2 += 1
                else:
                    codes[pair_base + j] = win_code
                    nxt[nn2] = j
                    nn2 += 1
        frontier, nxt = nxt, frontier
        nf = nn2
        level += 1
    return last


# -- checking a solved database ------------------------------------------------------------
@njit(cache=True, parallel=True)
def verify_class(a, b, nn, class_off, codes, cm, rt, pop8, pext8, pdep8, line,
                 src_bit, dst_bit, seg_all, seg_move, shift):
    """Count the positions of class ``(a, b)`` whose code disagrees with their children's.

    A terminal position must be a win (mover has a line) or a loss (only the opponent has one)
    in 0 plies; otherwise a win in ``d`` needs a child lost in ``d - 1`` and none lost faster,
    a loss in ``d`` needs every child won and the slowest in ``d - 1``, and a draw needs no lost
    child and at least one drawn child.
    """
    full = (1 << nn) - 1
    na = cm[nn, a]
    nb = cm[nn - a, b]
    base = class_off[a, b]
    nmoves = src_bit.shape[0]
    bad = 0
    for ra in prange(na):
        me = unrank(ra, a, nn, cm)
        free = full & ~me
        v = (1 << b) - 1
        for rb in range(nb):
            op = pdep(v, free, pdep8, pop8)
            if rb + 1 < nb:
                v = next_subset(v)
            code = codes[base + ra * nb + rb]
            if line[me]:
                if code != 1:
                    bad += 1
                continue
            if line[op]:
                if code != 2:
                    bad += 1
                continue
            minloss = 1 << 30
            maxwin = -1
            draws = 0
            for m in range(nmoves):
                sb = src_bit[m]
                if op & sb:
                    continue
                cme = push(op, m, seg_all, seg_move, shift)
                cop = push(me, m, seg_all, seg_move, shift) | dst_bit[m]
                if me & sb:
                    j = index_in(cme, cop, b, a, class_off[b, a], nn, full, cm, rt, pop8, pext8)
                else:
                    j = index_in(cme, cop, b, a + 1, class_off[b, a + 1], nn, full,
                                 cm, rt, pop8, pext8)
                cc = codes[j]
                if cc == 0:
                    draws += 1
                elif cc & 1:
                    d = cc >> 1
                    if d > maxwin:
                        maxwin = d
                else:
                    d = (cc >> 1) - 1
                    if d < minloss:
                        minloss = d
            if minloss < (1 << 30):
                ok = code == 2 * (minloss + 1) + 1
            elif draws:
                ok = code == 0
            else:
                ok = code == 2 * (maxwin + 1) + 2
            if not ok:
                bad += 1
    return bad

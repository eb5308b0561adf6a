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
from llvmlite import ir
from numba import njit, prange, types
from numba.core import cgutils
from numba.extending import intrinsic

# the engine's rules (on int64 boards and an int64 copy of its move tables here)
from qwixo.quixo.kernels import (
    DST,
    LSH,
    RSH,
    SEG_ALL,
    SRC,
    apply_move,
    has_line,
    legal,
    packed_tables,
)

#: the largest board the solver handles (all of 5×5 only with few blanks)
MAX_SOLVE_SIZE = 5
NONE16 = 0xFFFF  # "no such time" in the uint16 schedule arrays


@dataclass(frozen=True)
class RankTables:
    n: int
    comb: np.ndarray   # int64[34, 34]: binomial coefficients
    rt: np.ndarray     # int32[4, 26, 256]: colex rank contribution of a byte
    pop8: np.ndarray   # uint8[256]
    pext8: np.ndarray  # uint8[65536]: pext of a byte x under a byte mask (mask * 256 + x)
    pdep8: np.ndarray  # uint8[65536]: pdep of low bits v into a byte mask (mask * 256 + v)
    line: np.ndarray   # int64[2N + 2]: the line masks (ranks, files, diagonals)
    T: np.ndarray      # int64[6, M]: the engine's move tables (kernels.packed_tables), as int64


@cache
def _byte_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    cm = np.zeros((34, 34), dtype=np.int64)
    for n in range(34):
        for k in range(34):
            cm[n, k] = comb(n, k)
    rt = np.zeros((4, 26, 256), dtype=np.int32)
    for chunk in range(4):
        for p in range(26):
            for byte in range(256):
                total, q = 0, 0
                for i in range(8):
                    if byte >> i & 1:
                        total += comb(8 * chunk + i, p + q + 1)
                        q += 1
                rt[chunk, p, byte] = min(total, 2**31 - 1)  # never reached by a real set
    pop8 = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)
    pext8 = np.zeros(65536, dtype=np.uint8)
    pdep8 = np.zeros(65536, dtype=np.uint8)
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
    T, L = packed_tables(n)
    cm, rt, pop8, pext8, pdep8 = _byte_tables()
    # int64 boards (the ranking indexes with them): the engine's kernels on int64 tables, so
    # that no signed/unsigned mixing makes floats; the bits are the same (25 cells at most)
    return RankTables(n=n, comb=cm, rt=rt, pop8=pop8, pext8=pext8, pdep8=pdep8,
                      line=L.astype(np.int64), T=T.astype(np.int64))


@intrinsic
def prefetch(typingctx, arr, idx):
    """Ask the processor to bring ``arr[idx]`` (a 1-d array) into its caches, without waiting
    for it (LLVM's ``llvm.prefetch``; no bounds check, and a prefetch never faults). A plain
    load whose value is not used would be dropped by the compiler."""
    if not isinstance(arr, types.Array) or arr.ndim != 1 or not isinstance(idx, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        aryty = sig.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        ptr = cgutils.get_item_pointer(context, builder, aryty, ary, [args[1]],
                                       wraparound=False)
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [cgutils.voidptr_t, i32, i32, i32])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
        # read, keep in all cache levels, data
        builder.call(fn, [builder.bitcast(ptr, cgutils.voidptr_t), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return types.void(arr, idx), codegen


# -- bit helpers ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def colex_rank(x, rt, pop8):
    """Rank of the bit set ``x`` among the sets of the same size, in increasing order."""
    r = 0
    p = 0
    k = 0
    while x:
        byte = x & 255
        r += np.int64(rt[k, p, byte])
        p += np.int64(pop8[byte])
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
        r |= np.int64(pext8[mb * 256 + (x & 255)]) << s
        s += np.int64(pop8[mb])
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
        pc = np.int64(pop8[mb])
        r |= np.int64(pdep8[mb * 256 + (v & ((1 << pc) - 1))]) << k
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
def unpush(x, m, T):
    """Undo the slide of move ``m`` (the engine's :func:`qwixo.quixo.kernels.push`) on ``x``:
    the ``src`` cell comes back empty."""
    back = x & (T[SEG_ALL, m] & ~T[DST, m])
    return (x & ~T[SEG_ALL, m]) | ((back >> T[LSH, m]) << T[RSH, m])


@njit(cache=True, inline="always")
def index_in(me, op, a, b, base, nn, full, cm, rt, pop8, pext8):
    """Global index of ``(me, op)`` in class ``(a, b)`` whose first index is ``base``."""
    ra = colex_rank(me, rt, pop8)
    rb = colex_rank(pext(op, full & ~me, pext8, pop8), rt, pop8)
    return base + ra * cm[nn - a, b] + rb


# -- solving one pair of classes -------------------------------------------------------------
# While a pair is solved, each position has a uint32 work word, the only array touched at random
# by un-moves: bits 0..15 the code, 16..23 the counter of undecided moves inside the pair.
# Two uint16 arrays hold what the next class says: ``lt`` = 1 + distance of the slowest won child
# there (NONE16 when the position cannot be lost: a drawn or lost child there), ``we`` = 1 +
# distance of the fastest lost child there (NONE16 when none).
CNT_SHIFT = 16
BLOCK = 256  # frontier positions whose un-moves are gathered before memory is touched


@njit(cache=True, parallel=True, nogil=True)
def init_class(a, b, loc, nn, class_off, codes, me_arr, op_arr, work, lt_arr, we_arr,
               cm, rt, pop8, pext8, pdep8, line, T):
    """First pass over class ``(a, b)`` (pair-local offset ``loc``).

    Marks terminal positions, counts the moves that stay in the pair (taking one's own cube),
    and looks up the children in the next class (taking a blank) in ``codes``.
    """
    full = (1 << nn) - 1
    na = cm[nn, a]
    nb = cm[nn - a, b]
    nmoves = T.shape[1]
    nxt_base = class_off[b, a + 1] if a + b < nn else -1
    for ra in prange(na):
        me = unrank(ra, a, nn, cm)
        free = full & ~me
        v = (1 << b) - 1
        buf = np.empty(nmoves, dtype=np.int64)
        for rb in range(nb):
            op = pdep(v, free, pdep8, pop8)
            i = loc + ra * nb + rb
            me_arr[i] = me
            op_arr[i] = op
            if rb + 1 < nb:
                v = next_subset(v)
            lt_arr[i] = NONE16
            we_arr[i] = NONE16
            if has_line(me, line):
                work[i] = 1
                continue
            if has_line(op, line):
                work[i] = 2
                continue
            c = 0
            k = 0
            for m in range(nmoves):
                if not legal(op, m, T):
                    continue
                if me & T[SRC, m]:
                    c += 1
                    continue
                cop, cme = apply_move(me, op, m, T)
                buf[k] = index_in(cme, cop, b, a + 1, nxt_base, nn, full, cm, rt, pop8, pext8)
                k += 1
            w = NONE16
            mx = 0
            ok = True
            for q in range(k):
                cc = np.int64(codes[buf[q]])
                if cc == 0:
                    ok = False
                elif cc & 1:
                    d = (cc >> 1) + 1
                    if d > mx:
                        mx = d
                else:
                    d = cc >> 1  # (cc - 2) / 2 + 1
                    if d < w:
                        w = d
            work[i] = c << CNT_SHIFT
            we_arr[i] = w
            if ok and w == NONE16:
                lt_arr[i] = mx


@njit(cache=True, parallel=True)
def launch_threads(x):
    """A tiny parallel loop: starts numba's threading layer (so that
    ``numba.threading_layer()`` can say which one it is)."""
    total = 0
    for i in prange(x.shape[0]):
        total += x[i]
    return total


@njit(cache=True, nogil=True)
def run_pair(a, b, base_ab, base_ba, size, nn, me_arr, op_arr, work, lt_arr, we_arr,
             cm, rt, pop8, pext8, T):
    """Retrograde counting inside a pair of classes ``(a, b)`` / ``(b, a)``, level by level.

    ``base_ab`` / ``base_ba`` are the pair-local offsets of the two classes. Level ``D`` holds
    the positions decided in exactly ``D`` plies. A lost position makes every undecided parent
    a win at ``D + 1``; a won position takes one from each parent's counter of undecided moves,
    and a parent whose counter reaches 0 is lost at ``1 + max(D, slowest won child in the next
    class)``. Wins and losses decided by the next class alone are scheduled at their level.
    Terminal parents need no test: they were decided at level 0. Returns the largest level
    that decided a position.
    """
    full = (1 << nn) - 1
    nmoves = T.shape[1]
    m16 = NONE16
    maxt = 0
    for i in range(size):
        we = np.int64(we_arr[i])
        lt = np.int64(lt_arr[i])
        if we != m16 and we > maxt:
            maxt = we
        if lt != m16 and lt > maxt:
            maxt = lt
    start = np.zeros(maxt + 2, dtype=np.int64)
    for i in range(size):
        we = np.int64(we_arr[i])
        lt = np.int64(lt_arr[i])
        if we != m16:
            start[we + 1] += 1
        elif lt != m16 and lt >= 1:
            start[lt + 1] += 1
    for t in range(1, maxt + 2):
        start[t] += start[t - 1]
    sched = np.empty(start[maxt + 1], dtype=np.int32)
    fill = start.copy()
    for i in range(size):
        we = np.int64(we_arr[i])
        lt = np.int64(lt_arr[i])
        t = -1
        if we != m16:
            t = we
        elif lt != m16 and lt >= 1:
            t = lt
        if t >= 0:
            sched[fill[t]] = i
            fill[t] += 1
    # the frontier holds the boards of the positions decided at this level
    fme = np.empty(size, dtype=np.int64)
    fop = np.empty(size, dtype=np.int64)
    nme = np.empty(size, dtype=np.int64)
    nop = np.empty(size, dtype=np.int64)
    fwon = np.empty(size, dtype=np.uint8)
    nwon = np.empty(size, dtype=np.uint8)
    cap = BLOCK * nmoves
    bj = np.empty(cap, dtype=np.int64)
    bpm = np.empty(cap, dtype=np.int64)
    bpo = np.empty(cap, dtype=np.int64)
    bwon = np.empty(cap, dtype=np.uint8)
    nf = 0
    for i in range(size):
        c = np.int64(work[i]) & 0xFFFF
        if c != 0:
            fme[nf] = me_arr[i]
            fop[nf] = op_arr[i]
            fwon[nf] = c & 1
            nf += 1
    level = 0
    last = 0
    one_cnt = np.uint32(1 << CNT_SHIFT)
    while True:
        if 1 <= level <= maxt:
            for s in range(start[level], start[level + 1]):
                i = sched[s]
                w = work[i]
                if w & 0xFFFF:
                    continue
                if we_arr[i] == level:
                    work[i] = w | np.uint32(2 * level + 1)
                    fwon[nf] = 1
                elif lt_arr[i] == level and (w >> CNT_SHIFT) == 0:
                    work[i] = w | np.uint32(2 * level + 2)
                    fwon[nf] = 0
                else:
                    continue
                fme[nf] = me_arr[i]
                fop[nf] = op_arr[i]
                nf += 1
        if nf == 0 and level >= maxt:
            break
        if nf:
            last = level
        nn2 = 0
        win_code = np.uint32(2 * (level + 1) + 1)
        loss_code = np.uint32(2 * (level + 1) + 2)
        for f0 in range(0, nf, BLOCK):
            # 1. the parents of a block of frontier positions, 2. touch their words (many
            # independent loads in flight), 3. update them
            k = 0
            for f in range(f0, min(nf, f0 + BLOCK)):
                me = fme[f]
                op = fop[f]
                won = fwon[f]
                # the parent's mover owned the child's "other" cubes: parent class (|op|, |me|)
                if base_ab == base_ba or _popcount(op) == a:
                    pbase, pa, pb = base_ab, a, b
                else:
                    pbase, pa, pb = base_ba, b, a
                for m in range(nmoves):
                    if not (op & T[DST, m]):
                        continue
                    pm = unpush(op, m, T) | T[SRC, m]
                    po = unpush(me, m, T)
                    bj[k] = index_in(pm, po, pa, pb, pbase, nn, full, cm, rt, pop8, pext8)
                    bpm[k] = pm
                    bpo[k] = po
                    bwon[k] = won
                    k += 1
            for q in range(k):
                prefetch(work, bj[q])
            for q in range(k):
                j = bj[q]
                w = work[j]
                if w & 0xFFFF:
                    continue
                if bwon[q]:
                    w -= one_cnt
                    if (w >> CNT_SHIFT) == 0 and lt_arr[j] <= level + 1:  # NONE16: never
                        work[j] = w | loss_code
                        nme[nn2] = bpm[q]
                        nop[nn2] = bpo[q]
                        nwon[nn2] = 0
                        nn2 += 1
                    else:
                        work[j] = w
                else:
                    work[j] = w | win_code
                    nme[nn2] = bpm[q]
                    nop[nn2] = bpo[q]
                    nwon[nn2] = 1
                    nn2 += 1
        fme, nme = nme, fme
        fop, nop = nop, fop
        fwon, nwon = nwon, fwon
        nf = nn2
        level += 1
    return last


@njit(cache=True, inline="always")
def _popcount(x):
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


# -- checking a solved database ------------------------------------------------------------
@njit(cache=True, parallel=True)
def verify_class(a, b, nn, class_off, codes, cm, rt, pop8, pext8, pdep8, line, T):
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
    nmoves = T.shape[1]
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
            if has_line(me, line):
                if code != 1:
                    bad += 1
                continue
            if has_line(op, line):
                if code != 2:
                    bad += 1
                continue
            minloss = 1 << 30
            maxwin = -1
            draws = 0
            for m in range(nmoves):
                if not legal(op, m, T):
                    continue
                cop, cme = apply_move(me, op, m, T)
                if me & T[SRC, m]:
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

"""Numba search kernels for the Quixo bots: alpha-beta (negamax) with iterative deepening,
a transposition table keyed by Zobrist hashes, move ordering (TT move, killers, history),
immediate-win / must-block checks, repetition scored as a draw, and a node budget the Python
driver derives from the time budget.

Positions are *normalised*: the side to move comes first.

- 2 players: ``(me, op)``, the bitboards of the side to move and of the other side.
- 4 players: ``(b0, b1, b2, b3)``, cubes whose dot points at the seat to move, the next seat
  (an opponent), the partner and the previous seat (an opponent). After a move the boards are
  rotated by one seat, so the mover is always board 0 and teams alternate: a plain negamax on
  the team value is exact (the 4-player game is a 2-team zero-sum game of perfect information).

Bit conventions and move masks are those of :mod:`qwixo.quixo.tables`; the rules (move
generation, pushes, the result of a move) are the engine's numba kernels of
:mod:`qwixo.quixo.kernels`, called from inside the search. Bitboards are ``np.uint64``.

Scores are from the side to move: ``MATE - plies`` for a win found ``plies`` plies ahead,
``-(MATE - plies)`` for a loss, 0 for a draw (a repetition), else the heuristic evaluation.

>>> boards, turn, n, players = boards_of("xx./oo./... x")
>>> s = Searcher(n, players)
>>> r = s.search(*boards, max_depth=3)
>>> s.move_text(r.move), r.score == MATE - 1
('c1c3', True)
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np
from numba import njit, objmode, types

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
    packed_tables,
)
from qwixo.quixo.notation import code_text, parse_position
from qwixo.quixo.tables import move_tables


def numba_cache_dirs() -> list:
    """The directories where numba keeps the on-disk caches of this package's kernels
    (:func:`qwixo.kernelcache.cache_dirs`)."""
    from qwixo.kernelcache import cache_dirs

    return cache_dirs(__file__)


def _drop_stale_caches(*modules: str, sources: tuple[str, ...] = ("kernels.py",),
                       stamp_name: str = "qwixo-search-kernels") -> None:
    """Numba's on-disk cache of a function does not notice when a kernel it calls from another
    file (:mod:`qwixo.quixo.kernels`) changes, and a stale one can crash. So the cache files of
    ``modules`` (next to this file) are dropped whenever one of ``sources`` differs from the copy
    they were compiled against (:func:`qwixo.kernelcache.drop_stale`: a stamp file
    ``stamp_name`` per group of modules)."""
    from pathlib import Path

    from qwixo.kernelcache import drop_stale

    here = Path(__file__).parent
    drop_stale(stamp_name, modules=[here / f"{m}.py" for m in modules],
               sources=[here / s for s in sources])


_drop_stale_caches("search", "mcts")

MATE = 1_000_000
BORDER_WEIGHT = 8
TEMPO = 0
MATE_BOUND = MATE - 1000  # scores beyond this are wins/losses in a known number of plies
INF = 2_000_000_000
MAX_PLY = 128
THREAT_BONUS = 1 << 50  # move ordering: a move that makes a line one cube short

# stats array slots
(S_NODES, S_LIMIT, S_ABORT, S_BEST, S_ROOTDONE, S_SELDEPTH, S_CONTEMPT, S_DEADLINE,
 S_PLAIN, S_LMR, S_NSYM, S_GEN) = range(12)
# TT flags
EXACT, LOWER, UPPER = 1, 2, 3


# ---------------------------------------------------------------------------------------------
# Tables


@dataclass
class SearchTables:
    """Numpy tables of one board size, in the layout the kernels take."""

    n: int
    T: np.ndarray         # uint64[6, M]: the engine's packed move tables
    L: np.ndarray         # uint64[2N+2]: line masks
    zrow: np.ndarray      # uint64[N, 2^N, 2^N]: Zobrist key of a rank pattern (me, op)
    zrow4: np.ndarray     # uint64[4, N, 2^N]: Zobrist key of a rank pattern of one 4p board
    weights: np.ndarray   # int64[N+1]: line weights of the strong evaluation
    plain: np.ndarray     # int64[N+1]: line weights of the plain line-counting evaluation
    src: np.ndarray = field(repr=False, default=None)
    dst: np.ndarray = field(repr=False, default=None)
    # uint64[8, N, 2^N, 2^N]: zsym[s] is zrow of the board seen through symmetry s (zsym[0] is
    # zrow): the hash of the image of a position is the XOR of its ranks' entries
    zsym: np.ndarray = field(repr=False, default=None)
    # int64[16, M]: mperm[s, m] is the image of move m under symmetry s, mperm[8 + s] the image
    # under the inverse of s
    mperm: np.ndarray = field(repr=False, default=None)

    @property
    def M(self) -> int:
        return int(self.T.shape[1])


_TABLES: dict[int, SearchTables] = {}


def search_tables(n: int) -> SearchTables:
    """The (cached) search tables for an ``n``×``n`` board.

    >>> search_tables(5).M
    44
    """
    if n in _TABLES:
        return _TABLES[n]
    t = move_tables(n)
    T, L = packed_tables(n)
    rng = np.random.Generator(np.random.PCG64(20200730 + n))
    cell = rng.integers(1, 2**63, size=(4, n * n), dtype=np.uint64)
    zrow = np.zeros((n, 1 << n, 1 << n), dtype=np.uint64)
    zrow4 = np.zeros((4, n, 1 << n), dtype=np.uint64)
    pats = np.arange(1 << n)
    for r in range(n):
        for k in range(4):
            z = np.zeros(1 << n, dtype=np.uint64)
            for f in range(n):
                z ^= np.where((pats >> f) & 1 == 1, cell[k, r * n + f], np.uint64(0))
            zrow4[k, r, :] = z
        zrow[r] = zrow4[0, r][:, None] ^ zrow4[1, r][None, :]
    # the strong evaluation: a line holding c of my cubes is worth 4^c (N-1 cubes: doubled),
    # a border cube BORDER_WEIGHT, the move TEMPO (see evaluate2)
    weights = np.array([0] + [4 ** c for c in range(1, n + 1)]
                       + [BORDER_WEIGHT, TEMPO, t.border], dtype=np.int64)
    weights[n - 1] *= 2
    plain = np.array([c * c for c in range(n + 1)] + [0, 0, t.border], dtype=np.int64)
    zsym, mperm = _symmetry_tables(n, cell, t.src, t.dst)
    assert np.array_equal(zsym[0], zrow)
    st = SearchTables(n=n, T=T, L=L, zrow=zrow, zrow4=zrow4, weights=weights, plain=plain,
                      src=t.src, dst=t.dst, zsym=zsym, mperm=mperm)
    _TABLES[n] = st
    return st


def symmetry(s: int, r: int, f: int, n: int) -> tuple[int, int]:
    """The image ``(rank, file)`` of the square ``(r, f)`` under symmetry ``s`` (0..7) of the
    square board: the identity, the three rotations, the two mirrors and the two diagonal
    reflections. The rules are the same seen through any of them.

    >>> [symmetry(s, 0, 1, 4) for s in range(8)]
    [(0, 1), (1, 3), (3, 2), (2, 0), (0, 2), (3, 1), (1, 0), (2, 3)]
    """
    m = n - 1
    return [(r, f), (f, m - r), (m - r, m - f), (m - f, r),
            (r, m - f), (m - r, f), (f, r), (m - f, m - r)][s]


def square_images(n: int) -> np.ndarray:
    """``img[s, square]``: the square (``rank * n + file``) that ``square`` goes to under
    symmetry ``s`` (:func:`symmetry`).

    >>> square_images(4)[1, :4].tolist()   # a quarter turn: the first rank to the last file
    [3, 7, 11, 15]
    """
    img = np.zeros((8, n * n), dtype=np.int64)
    for s in range(8):
        for i in range(n * n):
            r, f = symmetry(s, i // n, i % n, n)
            img[s, i] = r * n + f
    return img


def _symmetry_tables(n: int, cell: np.ndarray, src: np.ndarray, dst: np.ndarray):
    """``(zsym, mperm)`` of :class:`SearchTables` from the Zobrist keys ``cell[k, square]``."""
    img = square_images(n)
    pats = np.arange(1 << n)
    zsym = np.zeros((8, n, 1 << n, 1 << n), dtype=np.uint64)
    for s in range(8):
        for r in range(n):
            zk = []
            for k in range(2):
                z = np.zeros(1 << n, dtype=np.uint64)
                for f in range(n):
                    z ^= np.where((pats >> f) & 1 == 1, cell[k, img[s, r * n + f]], np.uint64(0))
                zk.append(z)
            zsym[s, r] = zk[0][:, None] ^ zk[1][None, :]
    index = {(int(a), int(b)): m for m, (a, b) in enumerate(zip(src, dst, strict=True))}
    mperm = np.zeros((16, len(src)), dtype=np.int64)
    for s in range(8):
        for m, (a, b) in enumerate(zip(src, dst, strict=True)):
            mperm[s, m] = index[(int(img[s, a]), int(img[s, b]))]
    for s in range(8):
        inv = [q for q in range(8) if all(img[q, img[s, i]] == i for i in range(n * n))][0]
        mperm[8 + s] = mperm[inv]
    return zsym, mperm


# ---------------------------------------------------------------------------------------------
# Helpers (the rules themselves are the engine's kernels: apply_move, outcome, ...)

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_U1 = np.uint64(1)
_U2 = np.uint64(2)
_U4 = np.uint64(4)
_U56 = np.uint64(56)
_Z = np.uint64(0)


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


@njit(cache=True)
def popcount(x):
    """Number of set bits of a ``np.uint64`` (as int64)."""
    x = x - ((x >> _U1) & _M1)
    x = (x & _M2) + ((x >> _U2) & _M2)
    x = (x + (x >> _U4)) & _M4
    return np.int64((x * _H01) >> _U56)


@njit(cache=True)
def zobrist2(me, op, n, zrow):
    """Zobrist hash of a normalised 2-player position: XOR of per-rank table entries."""
    mask = np.uint64((1 << n) - 1)
    z = _Z
    for r in range(n):
        sh = np.uint64(r * n)
        z ^= zrow[r, (me >> sh) & mask, (op >> sh) & mask]
    return z


@njit(cache=True, _nrt=False)  # no reference counts for the zsym[s] views: a hot path
def table_key(me, op, n, zsym, nsym):
    """``(key, sym)``: the transposition-table key of a normalised 2-player position, the
    least Zobrist hash of its images under the first ``nsym`` symmetries (1: the position
    itself, 8: all, so that mirror images share an entry), reached by symmetry ``sym``."""
    key = _Z
    sym = 0
    for s in range(nsym):
        z = zobrist2(me, op, n, zsym[s])
        if s == 0 or z < key:
            key = z
            sym = s
    return key, sym


@njit(cache=True)
def zobrist4(b0, b1, b2, b3, n, zrow4):
    mask = np.uint64((1 << n) - 1)
    z = _Z
    for r in range(n):
        sh = np.uint64(r * n)
        z ^= zrow4[0, r, (b0 >> sh) & mask] ^ zrow4[1, r, (b1 >> sh) & mask]
        z ^= zrow4[2, r, (b2 >> sh) & mask] ^ zrow4[3, r, (b3 >> sh) & mask]
    return z


@njit(cache=True)
def scan_lines(me, op, L, w):
    """``(evaluation, a, b)``: :func:`evaluate2`, and the most cubes of ``me`` (``a``) and of
    ``op`` (``b``) in one line, from one pass over the lines."""
    n = w.shape[0] - 4
    s = w[n + 2]
    a = 0
    b = 0
    for i in range(L.shape[0]):
        ln = L[i]
        x = popcount(me & ln)
        y = popcount(op & ln)
        s += w[x] - w[y]
        if x > a:
            a = x
        if y > b:
            b = y
    if w[n + 1] != 0:
        border = np.uint64(w[n + 3])
        s += w[n + 1] * (popcount(me & border) - popcount(op & border))
    return s, a, b


@njit(cache=True)
def evaluate2(me, op, L, w):
    """Evaluation for the side to move: the sum over lines of w[my cubes] - w[their cubes],
    plus ``w[N+1]`` per cube of mine on the border minus the same for theirs (a border cube
    is one the other side cannot take), plus ``w[N+2]`` (the move). ``w[N+3]``: the border."""
    return scan_lines(me, op, L, w)[0]


@njit(cache=True)
def max_counts(me, op, L):
    """The most cubes of ``me`` and of ``op`` in one line."""
    a = 0
    b = 0
    for i in range(L.shape[0]):
        x = popcount(me & L[i])
        y = popcount(op & L[i])
        if x > a:
            a = x
        if y > b:
            b = y
    return a, b


@njit(cache=True)
def evaluate4(b0, b1, b2, b3, L, w):
    return evaluate2(b0 | b2, b1 | b3, L, w)


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


# ---------------------------------------------------------------------------------------------
# Python driver


def normalise(boards: tuple[int, int, int, int], turn: int, players: int) -> tuple[int, ...]:
    """Normalised boards (side to move first) from absolute ones (``ParsedPosition.boards``).

    >>> normalise((1, 2, 0, 0), 1, 2)
    (2, 1)
    >>> normalise((1, 2, 4, 8), 1, 4)
    (2, 4, 8, 1)
    """
    if players == 2:
        return (int(boards[turn]), int(boards[1 - turn]))
    return tuple(int(boards[(turn + i) % 4]) for i in range(4))


def boards_of(position: str) -> tuple[tuple[int, ...], int, int, int]:
    """``(normalised boards, turn, size, players)`` of a position text.

    >>> boards_of("xx./oo./... x")
    ((192, 24), 0, 3, 2)
    """
    p = parse_position(position)
    return normalise(p.boards, p.turn, p.players), p.turn, p.size, p.players


@dataclass
class SearchResult:
    """The outcome of one search: best move (index or 4-player code), score, depth, nodes."""

    move: int
    score: int
    depth: int
    nodes: int = 0
    seconds: float = 0.0
    seldepth: int = 0

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def outcome(self) -> tuple[str, int] | None:
        """("win"|"loss", plies) when the score is a proven result, else None."""
        return score_outcome(self.score)


def score_outcome(score: int) -> tuple[str, int] | None:
    """("win"|"loss", plies) for a proven score, else None.

    >>> score_outcome(MATE - 3), score_outcome(-(MATE - 4)), score_outcome(12)
    (('win', 3), ('loss', 4), None)
    """
    if score > MATE_BOUND:
        return "win", MATE - score
    if score < -MATE_BOUND:
        return "loss", MATE + score
    return None


class _Work:
    """The working arrays of one search thread (the transposition table is shared)."""

    def __init__(self, M: int, players: int) -> None:
        width = 4 * M
        self.killers = np.full((MAX_PLY, 2), -1, dtype=np.int64)
        self.history = np.zeros(width, dtype=np.int64)
        self.path = np.zeros(MAX_PLY + 1024, dtype=np.uint64)
        self.pathcount = np.full(MAX_PLY + 1024, -1, dtype=np.int64)
        self.cst = np.zeros((MAX_PLY, width), dtype=np.int64)
        self.order = np.zeros((MAX_PLY, width), dtype=np.int64)
        self.cb = np.zeros((MAX_PLY, width, 4 if players == 4 else 2), dtype=np.uint64)
        self.st = np.zeros(16, dtype=np.int64)
        self.total = 0
        self.proof: tuple[int, int, int] | None = None
        self.proving = 0

    def new_search(self) -> None:
        """Before a search: no killers, older history worth less, nothing counted or proven."""
        self.killers[:] = -1
        self.history //= 8
        self.total = 0
        self.proof = None
        self.proving = 0


class Searcher:
    """Iterative-deepening alpha-beta over one board size, for 2 or 4 players.

    Positions are given normalised (see :func:`normalise`). The transposition table
    (``2**tt_bits`` entries) persists between searches; ``plain=True`` makes a plain
    fixed-depth line counter: the evaluation is the sum of squares of the cubes per line, and
    the horizon does not look for a win in one of the side to move.

    >>> s = Searcher(3)
    >>> r = s.search(192, 24, max_depth=3)          # xx./oo./... x: c1c3 makes a line
    >>> s.move_text(r.move), r.outcome()
    ('c1c3', ('win', 1))
    """

    def __init__(self, n: int, players: int = 2, tt_bits: int = 20, plain: bool = False):
        self.n = n
        self.players = players
        self.t = search_tables(n)
        self.w = self.t.plain if plain else self.t.weights
        M = self.t.M
        self.M = M
        size = 1 << tt_bits
        self.tt = np.zeros((size, 2), dtype=np.uint64)  # see _tt_store
        self.generation = 0
        # the main thread's working arrays (helper threads have their own, see `threads`)
        self.work = _Work(M, players)
        self.out = np.zeros(4 * M, dtype=np.int64)
        self.nps_estimate = 500_000.0
        #: how much worse than 0 the side to move at the root finds a draw by repetition
        self.contempt = 0
        #: plain mode: at the horizon, no look for a win in one of the side to move (a plain
        #: fixed-depth search); set with ``plain=True``
        self.plain_horizon = plain
        #: start a new iteration only when at least this many times the last one is left
        self.restart = 0.3
        #: late-move reductions: quiet moves from this index on are searched shallower first
        #: (0: off)
        self.lmr = 0
        #: 2 players: the transposition table folds the 8 symmetries of the board (a position
        #: and its mirror images share an entry); 1: each position its own
        self.symmetries = 8 if players == 2 else 1
        #: threads of a search (lazy SMP): helper threads search the same position (the first
        #: one a ply deeper) and share the transposition table; the main thread's iterations
        #: decide. 1: the main thread alone
        self.threads = 1
        self._helpers: list[_Work] = []
        self._stop_lock = threading.Lock()
        #: with threads: the first helper searches for a forced win only (see _prove)
        self.proof_helper = False
        #: with the proof helper and a time budget: after this share of the budget the main
        #: thread stops its own search (keeping its result) and joins the proof, two plies
        #: deeper than the helper
        self.proof_share = 0.5
        #: with the proof helper and a time budget (2 players): when the main thread joins the
        #: proof (see :attr:`proof_share`), it runs a proof-number search
        #: (:mod:`qwixo.quixo.dfpn`) instead of the helper's null-window searches two plies
        #: deeper; its table is kept from search to search, so a proof found once answers the
        #: next moves of the game at once
        self.dfpn_helper = False
        #: the proof-number prover's class (:class:`qwixo.quixo.dfpn.Prover`, given by the
        #: owner, so that this module does not import the prover that builds on it)
        self.prover_class = None
        self._prover = None
        self._main_proving = False
        #: held by callers that share this searcher between threads
        self.lock = threading.RLock()

    # -- helpers ---------------------------------------------------------------------------
    def move_text(self, move: int, seat: int = 0) -> str:
        """The notation of a move index (2 players) or code (4 players, ``seat`` to move):
        :func:`qwixo.quixo.notation.code_text`."""
        return code_text(int(move), self.n, self.players, seat)

    def hash_of(self, boards: tuple[int, ...]) -> tuple[int, int]:
        """(Zobrist hash, cube count) of a normalised position, for ``history``."""
        n = self.n
        u = [np.uint64(b) for b in boards]
        if self.players == 2:
            return int(zobrist2(u[0], u[1], n, self.t.zrow)), bin(sum(boards)).count("1")
        return (int(zobrist4(u[0], u[1], u[2], u[3], n, self.t.zrow4)),
                bin(sum(boards)).count("1"))

    def _set_history(self, history: list[tuple[int, int]] | None,
                     work: _Work | None = None) -> int:
        """Put earlier positions (hash, cube count), oldest first, below the root."""
        work = work or self.work
        work.pathcount[:] = -1
        hist = list(history or [])[-1000:]
        for i, (h, c) in enumerate(hist):
            work.path[i] = np.uint64(h)
            work.pathcount[i] = c
        return len(hist)

    def _arm(self, work: _Work, limit: int, deadline: int, symmetries: int | None = None):
        """Reset a thread's counters and settings before a kernel call."""
        st = work.st
        st[:] = 0
        st[S_LIMIT] = limit
        st[S_DEADLINE] = deadline
        st[S_CONTEMPT] = self.contempt
        st[S_PLAIN] = self.plain_horizon
        st[S_LMR] = self.lmr
        st[S_NSYM] = self.symmetries if symmetries is None else symmetries
        st[S_GEN] = self.generation
        st[S_BEST] = -2

    def _call(self, boards, depth, base, work: _Work | None = None, alpha: int = -INF,
              beta: int = INF):
        t = self.t
        w = work or self.work
        u = [np.uint64(b) for b in boards]
        if self.players == 2:
            return negamax2(u[0], u[1], depth, alpha, beta, 0, self.n, t.T, t.L, t.zsym,
                            t.mperm, self.w, self.tt, w.killers,
                            w.history, w.path, w.pathcount, base, w.cb, w.cst, w.order, w.st)
        return negamax4(u[0], u[1], u[2], u[3], depth, alpha, beta, 0, self.n, t.T, t.L,
                        t.zrow4, self.w, self.tt, w.killers,
                        w.history, w.path, w.pathcount, base, w.cb, w.cst, w.order, w.st)

    def clear(self) -> None:
        """Forget the transposition table and the move-ordering statistics."""
        self.tt[:] = 0
        if self._prover is not None:
            self._prover.clear()
        for work in [self.work, *self._helpers]:
            work.history[:] = 0

    def _start_helpers(self, boards, history, deadline: int, max_depth: int):
        """Start ``threads - 1`` helper threads on ``boards``; returns (threads, stop flag)."""
        while len(self._helpers) < self.threads - 1:
            self._helpers.append(_Work(self.M, self.players))
        stop = [False]
        started = []
        for i, work in enumerate(self._helpers[: self.threads - 1]):
            base = self._set_history(history, work)
            work.new_search()
            th = threading.Thread(target=self._helper, daemon=True, name=f"quixo-search-{i + 1}",
                                  args=(work, boards, base, deadline, max_depth, stop, i,
                                        history))
            th.start()
            started.append((th, work))
        return started, stop

    def _helper(self, work: _Work, boards, base: int, deadline: int, max_depth: int,
                stop: list[bool], i: int, history=None) -> None:
        """A helper thread: iterative deepening of its own, one ply ahead of the main thread's
        (the odd helpers) or level with it, until the main thread stops it (or a result is
        proven). With :attr:`proof_helper`, the first helper looks for a forced win only."""
        if i == 0 and self.proof_helper:
            self._prove(work, boards, base, deadline, max_depth, stop)
            return
        for depth in range(1, max_depth + 1):
            d = min(max_depth, depth + (i + 1) % 2)
            with self._stop_lock:
                if stop[0]:
                    return
                self._arm(work, 1 << 62, deadline)
            score = self._call(boards, d, base, work)
            work.total += int(work.st[S_NODES])
            if work.st[S_ABORT] or abs(score) > MATE_BOUND:
                return

    def _prove(self, work: _Work, boards, base: int, deadline: int, max_depth: int,
               stop: list[bool], start: int = 1) -> None:
        """Iterative deepening of null-window searches at the win bound: is there a forced
        win within d plies (d odd, from ``start``; threats seen beyond the horizon count too)?
        Every leaf that is not a win fails at once, so these go much deeper than the full
        search. A proof goes to ``work.proof`` (move, score, d); it also stops the main
        thread when that one is proving too (see :attr:`proof_share`)."""
        for d in range(start, max_depth + 1, 2):
            with self._stop_lock:
                if stop[0]:
                    return
                self._arm(work, 1 << 62, deadline)
                work.proving = d
            v = int(self._call(boards, d, base, work, MATE_BOUND, MATE_BOUND + 1))
            work.total += int(work.st[S_NODES])
            if work.st[S_ABORT]:
                return
            if v > MATE_BOUND and work.st[S_BEST] >= 0:
                with self._stop_lock:
                    work.proof = (int(work.st[S_BEST]), v, d)
                    if work is not self.work and self._main_proving:
                        self.st[S_ABORT] = 1
                return

    def prover(self):
        """The proof-number prover of this board (2 players), made on first use from
        :attr:`prover_class`."""
        if self._prover is None:
            if self.prover_class is None:
                raise RuntimeError("dfpn_helper needs Searcher.prover_class (qwixo.quixo.dfpn)")
            self._prover = self.prover_class(self.n)
        return self._prover

    def _prove_dfpn(self, work: _Work, boards, history, deadline: int,
                    stop: list[bool]) -> None:
        """A proof-number search in the thread of ``work`` (see :attr:`dfpn_helper`): a proof
        goes to ``work.proof`` (move, score, 0) with the score of the slowest win, since df-pn
        does not count plies."""
        p = self.prover()
        with self._stop_lock:  # (a helper's proof may have set the abort slot: keep it)
            if stop[0]:
                return
            abort = int(work.st[S_ABORT])
            work.st[:] = 0
            work.st[S_ABORT] = abort
            work.proving = 0
        won = p.prove(boards[0], boards[1], deadline_us=deadline, history=history, st=work.st)
        work.total += p.nodes
        if won:
            with self._stop_lock:
                work.proof = (p.best, MATE_BOUND + 1, 0)

    def _stop_helpers(self, started, stop) -> int:
        """Stop the helper threads; returns the nodes they searched."""
        with self._stop_lock:
            stop[0] = True
            for _, work in started:
                work.st[S_ABORT] = 1
        for th, _ in started:
            th.join()
        return sum(work.total for _, work in started)

    # -- searches --------------------------------------------------------------------------
    def search(self, *boards: int, seconds: float | None = None, max_depth: int = 64,
               history: list[tuple[int, int]] | None = None,
               node_limit: int | None = None) -> SearchResult:
        """Iterative deepening from the normalised position ``boards`` (2 or 4 ints).

        Stops at ``max_depth``, when a win or loss is proven, or when the time budget
        (``seconds``) or ``node_limit`` runs out; the kernel reads the clock every 1024 nodes. ``history``: (hash,
        cubes) of the positions before this one (:meth:`hash_of`), for repetition draws.
        """
        t0 = time.perf_counter()
        self.generation = (self.generation + 1) % 64
        base = self._set_history(history)
        self.work.new_search()
        max_depth = max(1, min(max_depth, MAX_PLY - 8))
        deadline = int((t0 + seconds) * 1e6) if seconds is not None else 0
        helpers = self._start_helpers(boards, history, deadline, max_depth) \
            if self.threads > 1 else None
        best: SearchResult | None = None
        total_nodes = 0
        last_iter = 0.0
        join_proof = False
        try:
            for depth in range(1, max_depth + 1):
                now = time.perf_counter()
                if (helpers is not None and self.proof_helper and seconds is not None
                        and best is not None and now - t0 > self.proof_share * seconds):
                    join_proof = True
                    break
                if seconds is not None and best is not None:
                    remaining = seconds - (now - t0)
                    # an iteration costs a few times the previous one; a partial one still
                    # helps (a root move that beats the previous best is searched fully),
                    # unless there is not even time for the first root move (the previous
                    # best, about as costly as a third of the last iteration): then stop
                    if remaining <= 0 or (depth > 3 and remaining < self.restart * last_iter):
                        break
                limit = 1 << 62
                if node_limit is not None:
                    limit = min(limit, max(1024, node_limit - total_nodes))
                with self._stop_lock:
                    if helpers is not None and helpers[1][0]:  # a helper proved a win
                        break
                    self._arm(self.work, limit, deadline)
                ti = time.perf_counter()
                score = int(self._call(boards, depth, base))
                dt = time.perf_counter() - ti
                nodes = int(self.st[S_NODES])
                total_nodes += nodes
                last_iter = dt
                if dt > 0.05:
                    self.nps_estimate = max(20_000.0,
                                            0.5 * self.nps_estimate + 0.5 * nodes / dt)
                if self.st[S_ABORT]:
                    if self.st[S_ROOTDONE] > 0 and self.st[S_BEST] != -2:
                        if best is None:
                            best = SearchResult(int(self.st[S_BEST]), 0, depth - 1)
                        else:  # a fully searched move beat the previous best move
                            best.move = int(self.st[S_BEST])
                    break
                best = SearchResult(int(self.st[S_BEST]), score, depth, 0, 0.0,
                                    int(self.st[S_SELDEPTH]))
                if abs(score) > MATE_BOUND:
                    break
                if node_limit is not None and total_nodes >= node_limit:
                    break
            if join_proof and not any(w.proof for _, w in helpers[0]):
                with self._stop_lock:
                    self._main_proving = True
                    start = helpers[0][0][1].proving + 2
                if self.dfpn_helper and self.players == 2:
                    self._prove_dfpn(self.work, boards, history, deadline, [False])
                else:
                    self._prove(self.work, boards, base, deadline, max_depth, [False], start)
                total_nodes += self.work.total
        finally:
            with self._stop_lock:
                self._main_proving = False
            if helpers is not None:
                total_nodes += self._stop_helpers(*helpers)
        proofs = [w.proof for _, w in helpers[0] if w.proof] if helpers is not None else []
        if self.work.proof:
            proofs.append(self.work.proof)
        proofs.sort(key=lambda p: -p[1])
        if proofs and (best is None or best.score < proofs[0][1]):
            move, score, d = proofs[0]
            best = SearchResult(move, score, d)
        if best is None or best.move == -2:  # no time at all: a depth-1 choice
            self._arm(self.work, 1 << 62, 0)
            score = int(self._call(boards, 1, base))
            best = SearchResult(int(self.st[S_BEST]), score, 1)
            total_nodes += int(self.st[S_NODES])
        best.nodes = total_nodes
        best.seconds = time.perf_counter() - t0
        return best

    def root_scores(self, *boards: int, depth: int,
                    history: list[tuple[int, int]] | None = None,
                    node_limit: int | None = None,
                    deadline: float | None = None) -> dict[int, int] | None:
        """Exact ``depth``-ply score of every legal root move: ``{move: score}`` (None when
        ``node_limit`` ran out or the ``deadline`` (a ``time.perf_counter()`` value) passed
        first).

        >>> Searcher(3).root_scores(192, 24, depth=1)[6]   # move 6 is c1c3: a win
        999999
        """
        base = self._set_history(history)
        # exact scores: no folding of mirror images, whose values can differ by a repetition
        # on the way (the table is a cache of this search's path-dependent values)
        self._arm(self.work, (1 << 62) if node_limit is None else max(1024, int(node_limit)),
                  0 if deadline is None else int(deadline * 1e6), symmetries=1)
        t, w = self.t, self.work
        u = [np.uint64(b) for b in boards]
        if self.players == 2:
            root_scores2(u[0], u[1], depth, self.n, t.T, t.L, t.zsym, t.mperm, self.w,
                         self.tt, w.killers, w.history, w.path,
                         w.pathcount, base, w.cb, w.cst, w.order, w.st, self.out)
            width = self.M
        else:
            root_scores4(u[0], u[1], u[2], u[3], depth, self.n, t.T, t.L, t.zrow4, self.w,
                         self.tt, w.killers, w.history,
                         w.path, w.pathcount, base, w.cb, w.cst, w.order, w.st,
                         self.out)
            width = 4 * self.M
        if self.st[S_ABORT]:
            return None
        return {m: int(self.out[m]) for m in range(width) if self.out[m] > -INF}

    @property
    def st(self) -> np.ndarray:
        """The main thread's counters and settings (the ``S_*`` slots)."""
        return self.work.st

    @property
    def nodes(self) -> int:
        """Nodes of the last kernel call."""
        return int(self.st[S_NODES])

"""Depth-first proof-number search (df-pn) for the 2-player Quixo search: "can the side to move
at the root force a win?", proven or disproven, with the proof kept for the next moves.

A proof-number search grows the tree where a proof (or a disproof) looks cheapest: every node
has a *proof number* (how many leaves must still be proven to prove it) and a *disproof number*,
so it follows forced lines (threats, where the defender has one or two replies) much deeper than
an alpha-beta search of the same size. This is Nagai's depth-first version with thresholds
(``mid``), in the negamax form: ``phi``/``delta`` are the proof/disproof numbers of "the side to
move reaches its goal" (the attacker's goal is to win; the defender's is not to lose), so

    phi(n) = min over children of delta(child),   delta(n) = sum over children of phi(child).

- Terminal positions follow the engine's rules (:func:`qwixo.quixo.kernels.outcome`): a move
  that makes the mover's line (and not the opponent's) proves the node, a move that makes the
  opponent's line is never played.
- A position that repeats one on the path (same side to move) and a node beyond ``max_ply``
  count as the defender's success: a proof never relies on them, so every proof found is a
  real forced win (path-dependent disproofs can only make a proof harder to find).
- The table folds the 8 symmetries of the board (the key of :func:`qwixo.quixo.search.table_key`)
  and keeps the side (attacker or defender to move) in the key; an entry is ``phi << 32 |
  delta``. Proven and disproven entries are kept over unsettled ones.
- Unexpanded children start at ``phi = delta = 1``, except that a child whose mover has a
  line one cube short starts as a likely win for that side (``phi`` 1, ``delta`` = its moves).
- The 1 + epsilon trick (Pawlewicz and Lew) against the thrashing of plain df-pn: a child's
  threshold is ``delta2 * (1 + 1/2) + 1`` instead of ``delta2 + 1`` (1/2 rather than 1/4, and
  the line-one-short starts of 32 and 8 rather than 16 and 4: 30 % fewer nodes on three 4×4
  positions two plies in, see docs/quixo-bots.md).

>>> from qwixo.quixo.search import boards_of
>>> (me, op), _, n, _ = boards_of("xx./oo./... x")
>>> p = Prover(n)
>>> p.prove(me, op, nodes=10_000), p.move_text(p.best)
(True, 'c1c3')
"""

from __future__ import annotations

import numpy as np
from numba import njit, types

from qwixo.quixo.kernels import MOVER_LOSES, MOVER_WINS, apply_move, legal, outcome
from qwixo.quixo.search import (
    S_ABORT,
    S_BEST,
    S_NODES,
    _drop_stale_caches,
    _out_of_budget,
    popcount,
    scan_lines,
    search_tables,
    table_key,
    zobrist2,
)
from qwixo.quixo.search_cache import SOURCES

# mid calls kernels of kernels.py and of the search modules: its cache goes when one changes
_drop_stale_caches("dfpn", sources=SOURCES, stamp_name="qwixo-dfpn-kernels")

NSYM = 8
INIT_WIN = 32
INIT_THREAT = 8
INF = (1 << 30) - 1    # a settled proof (or disproof) number; unsettled ones stop below
MAX_DEPTH = 96         # deepest ply of a df-pn search
DEFENDER_KEY = np.uint64(0x9E3779B97F4A7C15)  # XOR-ed into the key when the defender moves
_MASK32 = (1 << 32) - 1
PATH = 1 << 62  # a result that holds for this path only (a repetition on it)
#: stats slots (an int64[16] like the alpha-beta search's): nodes, node limit, abort, best root
#: move, deadline (µs), max ply; the others unused
S_MAXPLY = 9


@njit(cache=True, inline="always")
def _pack(phi, delta):
    return (phi << 32) | delta


@njit(cache=True, inline="always")
def _probe(tt, key):
    """``(found, phi, delta)`` of ``key``. The table ``tt`` holds entries of two words (key,
    value) side by side, in buckets of two entries (32 bytes, within one cache line)."""
    i = np.int64(key & np.uint64((tt.shape[0] >> 1) - 1)) & ~np.int64(1)
    for j in range(2):
        s = 2 * (i + j)
        if tt[s] == key:
            v = np.int64(tt[s + 1])
            return True, v >> 32, v & _MASK32
    return False, 1, 1


@njit(cache=True, inline="always")
def _store(tt, key, phi, delta):
    """Store in the bucket: the key's entry when there, else an empty or unsettled entry, a
    settled one (proof or disproof) being replaced last."""
    i = np.int64(key & np.uint64((tt.shape[0] >> 1) - 1)) & ~np.int64(1)
    best = -1
    for j in range(2):
        s = 2 * (i + j)
        if tt[s] == key or tt[s] == 0:
            best = s
            break
    if best < 0:
        best = 2 * i
        v = np.int64(tt[best + 1])
        if (v >> 32) == 0 or (v & _MASK32) == 0:  # settled: keep it if the other one is not
            w = np.int64(tt[best + 3])
            if (w >> 32) != 0 and (w & _MASK32) != 0:
                best += 2
    tt[best] = key
    tt[best + 1] = np.uint64(_pack(phi, delta))


_u64, _i64 = types.uint64, types.int64
_A = types.Array
_RO2, _RO1 = _A(_u64, 2, "C", readonly=True), _A(_u64, 1, "C", readonly=True)
_AU1, _AU2, _AU3, _AU4 = _A(_u64, 1, "C"), _A(_u64, 2, "C"), _A(_u64, 3, "C"), _A(_u64, 4, "C")
_AI1, _AI2 = _A(_i64, 1, "C"), _A(_i64, 2, "C")
# me, op, thphi, thdelta, ply, att, n, T, L, zsym, w, tt, path, pathcount, base,
# cb, cst, ckey, cval, st
_SIG = _i64(_u64, _u64, _i64, _i64, _i64, _i64, _i64, _RO2, _RO1, _AU4, _AI1, _AU1,
            _AU1, _AI1, _i64, _AU3, _AI2, _AU2, _AI2, _AI1)


@njit(_SIG, cache=True, nogil=True, _nrt=False)
def mid(me, op, thphi, thdelta, ply, att, n, T, L, zsym, w, tt, path, pathcount, base,
        cb, cst, ckey, cval, st):
    """Expand the normalised position ``(me, op)`` until its ``phi >= thphi`` or its ``delta >=
    thdelta``; returns ``phi << 32 | delta``, with :data:`PATH` set when the node is settled
    through a repetition of the path (then it is not stored). ``att`` 1: the attacker moves
    here."""
    st[S_NODES] += 1
    if (st[S_NODES] & 1023) == 0 and _out_of_budget(st):
        st[S_ABORT] = 1
    if st[S_ABORT]:
        return _pack(1, 1)
    if ply > st[S_MAXPLY]:
        st[S_MAXPLY] = ply
    M = T.shape[1]
    # the children (a winning move settles the node at once)
    k = 0
    for m in range(M):
        if not legal(op, m, T):
            continue
        nme, nop = apply_move(me, op, m, T)
        r = outcome(nme, nop, L)
        if r == MOVER_WINS:
            if ply == 0:
                st[S_BEST] = m
            return _pack(0, INF)
        if r == MOVER_LOSES:
            continue
        cb[ply, k, 0] = nop
        cb[ply, k, 1] = nme
        cst[ply, k] = m
        k += 1
    if k == 0:
        return _pack(INF, 0)
    h = zobrist2(me, op, n, zsym[0])
    cubes = popcount(me | op)
    pi = base + ply
    path[pi] = h
    pathcount[pi] = cubes
    dkey = DEFENDER_KEY if att == 1 else np.uint64(0)  # the children's side
    mykey, _ = table_key(me, op, n, zsym, np.int64(NSYM))
    if att == 0:
        mykey ^= DEFENDER_KEY
    # children's values; a repetition or the depth limit: settled as the defender's success,
    # for this path only (PATH)
    for i in range(k):
        cme = cb[ply, i, 0]
        cop = cb[ply, i, 1]
        rep = ply + 1 >= MAX_DEPTH - 1
        if not rep:
            ch = zobrist2(cme, cop, n, zsym[0])
            ccubes = popcount(cme | cop)
            j = pi - 1
            while j >= 0 and pathcount[j] == ccubes:
                if path[j] == ch:
                    rep = True
                    break
                j -= 2
        if rep:
            ckey[ply, i] = np.uint64(0)
            # the child's mover is the defender when the attacker moves here
            cval[ply, i] = (_pack(0, INF) if att == 1 else _pack(INF, 0)) | PATH
            continue
        key, _ = table_key(cme, cop, n, zsym, np.int64(NSYM))
        key ^= dkey
        if key == 0:
            key = np.uint64(1)
        ckey[ply, i] = key
    # the table probes in a loop of their own, so that their cache misses overlap
    for i in range(k):
        key = ckey[ply, i]
        if key == 0:
            continue
        found, cp, cd = _probe(tt, key)
        if not found:
            # a child whose mover has a line one cube short is likely won by that side
            _, a, b = scan_lines(cb[ply, i, 0], cb[ply, i, 1], L, w)
            if a >= n - 1:
                cp, cd = 1, INIT_WIN
            elif b >= n - 1:
                cp, cd = INIT_THREAT, 1
        cval[ply, i] = _pack(cp, cd)
    pathdep = False
    while True:
        phi = INF
        delta = 0
        best = -1
        delta2 = INF
        pd_any = False
        pd_proof = True
        for i in range(k):
            v = cval[ply, i]
            if v & PATH:
                pd_any = True
                v ^= PATH
            cp = v >> 32
            cd = v & _MASK32
            if cd == 0 and not (cval[ply, i] & PATH):
                pd_proof = False
            delta += cp
            if cd < phi:
                delta2 = phi
                phi = cd
                best = i
            elif cd < delta2:
                delta2 = cd
        if phi == 0:
            delta = INF
        elif delta >= INF:  # sums grow fast with depth: an unsettled node stays below INF
            delta = INF - 1
        if phi == 0:
            pathdep = pd_proof
            if ply == 0:
                st[S_BEST] = cst[ply, best]
            break
        if delta == 0:
            pathdep = pd_any
            break
        if ply == 0:  # the most promising move so far (a guess until proven)
            st[S_BEST] = cst[ply, best]
        if phi >= thphi or delta >= thdelta or st[S_ABORT]:
            break
        cp = (cval[ply, best] & ~PATH) >> 32
        tphi = thdelta - delta + cp
        if tphi > INF:
            tphi = INF
        tdelta = delta2 + delta2 // 2 + 1
        if tdelta > thphi:
            tdelta = thphi
        r = mid(cb[ply, best, 0], cb[ply, best, 1], tphi, tdelta, ply + 1, 1 - att, n, T, L,
                zsym, w, tt, path, pathcount, base, cb, cst, ckey, cval, st)
        if st[S_ABORT]:
            break
        cval[ply, best] = r
    if pathdep:
        return _pack(phi, delta) | PATH
    if not st[S_ABORT]:
        _store(tt, mykey, phi, delta)
    return _pack(phi, delta)


class Prover:
    """df-pn over one board size (2 players); the table persists between searches, so a proof
    found for one move makes the next ones instant.

    ``prove(me, op, nodes=None, deadline_us=0)`` → True (the side to move wins: :attr:`best` is
    a winning move), False (disproven: no forced win, or none without a repetition), None (the
    budget ran out)."""

    def __init__(self, n: int, table_bits: int = 21) -> None:
        self.n = n
        self.t = search_tables(n)
        size = 1 << table_bits
        self.tt = np.zeros(2 * size, dtype=np.uint64)  # (key, value) entries side by side
        self.tt.fill(0)  # its pages now, not in the first proof's time budget
        M = self.t.M
        self.cb = np.zeros((MAX_DEPTH + 1, M, 2), dtype=np.uint64)
        self.cst = np.zeros((MAX_DEPTH + 1, M), dtype=np.int64)
        self.ckey = np.zeros((MAX_DEPTH + 1, M), dtype=np.uint64)
        self.cval = np.zeros((MAX_DEPTH + 1, M), dtype=np.int64)
        self.path = np.zeros(MAX_DEPTH + 1024, dtype=np.uint64)
        self.pathcount = np.full(MAX_DEPTH + 1024, -1, dtype=np.int64)
        self.st = np.zeros(16, dtype=np.int64)
        self.best = -1
        self.nodes = 0

    def clear(self) -> None:
        self.tt[:] = 0

    def abort(self) -> None:
        """Stop a running :meth:`prove` (from another thread)."""
        self.st[S_ABORT] = 1

    def prove(self, me: int, op: int, nodes: int | None = None, deadline_us: int = 0,
              history: list[tuple[int, int]] | None = None,
              st: np.ndarray | None = None, loses: bool = False) -> bool | None:
        """Prove or disprove a forced win of the side to move in the normalised position
        ``(me, op)``. ``nodes``: a node budget; ``deadline_us``: a deadline in µs of
        ``time.perf_counter()``; ``history``: (hash, cubes) of the earlier positions
        (:meth:`qwixo.quixo.search.Searcher.hash_of`), oldest first; ``st``: the counters
        array to use (another thread may stop the search by setting its abort slot; the
        slot is not cleared here); ``loses``: prove instead that the side to move loses (the other
        side forces a win; True when proven, False when the side to move holds)."""
        from qwixo.quixo.search import S_DEADLINE, S_LIMIT

        if st is None:
            st = self.st
            st[:] = 0
        else:
            self.st = st
            st[S_NODES] = 0
            st[S_MAXPLY] = 0
        st[S_LIMIT] = (1 << 62) if nodes is None else max(1, int(nodes))
        st[S_DEADLINE] = deadline_us
        st[S_BEST] = -1
        self.pathcount[:] = -1
        hist = list(history or [])[-1000:]
        for i, (h, c) in enumerate(hist):
            self.path[i] = np.uint64(h)
            self.pathcount[i] = c
        t = self.t
        r = mid(np.uint64(me), np.uint64(op), INF, INF, 0, 0 if loses else 1, self.n, t.T, t.L, t.zsym,
                t.weights, self.tt, self.path, self.pathcount, len(hist), self.cb,
                self.cst, self.ckey, self.cval, st)
        self.nodes = int(st[S_NODES])
        self.best = int(st[S_BEST])
        if st[S_ABORT]:
            return None
        phi, delta = (r & ~PATH) >> 32, r & _MASK32
        self.root = (phi, delta, bool(r & PATH))
        if loses:  # the side to move is the defender: delta 0 is the other side's proof
            return delta == 0 if (phi == 0 or delta == 0) else None
        if phi == 0 and self.best >= 0:
            return True
        if delta == 0:
            return False
        return None  # pragma: no cover (thresholds at INF: one of them settles)

    def move_text(self, move: int) -> str:
        from qwixo.quixo.notation import code_text

        return code_text(int(move), self.n)

"""Precomputed move tables for Quixo on an N×N board (N = 3..7): the one source of the
board geometry for the rules kernels, the solver and the search bots.

Conventions (fixed; everything in ``qwixo.quixo`` relies on them):

- Square (file ``f``, rank ``r``), both from 0, ``a1`` = (0, 0) bottom-left, has bit
  ``r * N + f`` of a bitboard (Python int / ``np.uint64``; 49 bits at most).
- A move takes the border cube at ``src`` and pushes it back in at ``dst``, one end of the row or
  column of ``src`` (``dst != src``). The cubes strictly between them (and ``dst``) slide one
  step towards ``src``; the moved cube lands on ``dst``.
- For a bitboard ``x``: ``after = (x & ~seg_all[m]) | shifted(x & seg_move[m], shift[m])``,
  where ``shifted(v, s)`` is ``v << s`` for ``s > 0`` and ``v >> -s`` otherwise. This moves the
  existing cubes; the mover's new cube is then ``| dst_bit[m]`` on the mover's board.
- Moves are ordered by ``src`` bit index, then ``dst`` bit index: 12N − 16 of them.

>>> t = move_tables(5)
>>> len(t.src)
44
>>> int(t.src[0]), int(t.dst[0])
(0, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

MIN_SIZE, MAX_SIZE = 3, 7


@dataclass(frozen=True)
class MoveTables:
    n: int
    src: np.ndarray       # int64[M]: bit index of the taken cube
    dst: np.ndarray       # int64[M]: bit index where it is pushed back in
    src_bit: np.ndarray   # uint64[M]
    dst_bit: np.ndarray   # uint64[M]
    seg_all: np.ndarray   # uint64[M]: every cell of the segment src..dst
    seg_move: np.ndarray  # uint64[M]: the cells that slide (segment minus src)
    shift: np.ndarray     # int64[M]: +1/-1 along a rank, +N/-N along a file
    lines: np.ndarray     # uint64[2N+2]: ranks, files, the two diagonals
    border: int           # bitboard of the 4N-4 border cells
    full: int             # bitboard of all N*N cells


def _bit(r: int, c: int, n: int) -> int:
    return 1 << (r * n + c)


@cache
def move_tables(n: int) -> MoveTables:
    if not isinstance(n, int) or not (MIN_SIZE <= n <= MAX_SIZE):
        raise ValueError(f"board size must be {MIN_SIZE}..{MAX_SIZE}, not {n!r}")
    rows = []
    for r in range(n):
        for c in range(n):
            if not (r in (0, n - 1) or c in (0, n - 1)):
                continue
            ends = {(r, 0), (r, n - 1), (0, c), (n - 1, c)} - {(r, c)}
            for rr, cc in sorted(ends, key=lambda e: e[0] * n + e[1]):
                if rr == r:
                    lo, hi = min(c, cc), max(c, cc)
                    seg = sum(_bit(r, x, n) for x in range(lo, hi + 1))
                    shift = 1 if cc < c else -1
                else:
                    lo, hi = min(r, rr), max(r, rr)
                    seg = sum(_bit(y, c, n) for y in range(lo, hi + 1))
                    shift = n if rr < r else -n
                rows.append((r * n + c, rr * n + cc, seg, seg & ~_bit(r, c, n), shift))
    lines = [sum(_bit(r, c, n) for c in range(n)) for r in range(n)]
    lines += [sum(_bit(r, c, n) for r in range(n)) for c in range(n)]
    lines += [sum(_bit(i, i, n) for i in range(n)), sum(_bit(i, n - 1 - i, n) for i in range(n))]
    u64 = np.uint64
    src = np.array([x[0] for x in rows], dtype=np.int64)
    dst = np.array([x[1] for x in rows], dtype=np.int64)
    border = sum(_bit(r, c, n) for r in range(n) for c in range(n)
                 if r in (0, n - 1) or c in (0, n - 1))
    tables = MoveTables(
        n=n,
        src=src,
        dst=dst,
        src_bit=np.array([1 << int(s) for s in src], dtype=u64),
        dst_bit=np.array([1 << int(d) for d in dst], dtype=u64),
        seg_all=np.array([x[2] for x in rows], dtype=u64),
        seg_move=np.array([x[3] for x in rows], dtype=u64),
        shift=np.array([x[4] for x in rows], dtype=np.int64),
        lines=np.array(lines, dtype=u64),
        border=border,
        full=(1 << (n * n)) - 1,
    )
    for arr in (tables.src, tables.dst, tables.src_bit, tables.dst_bit, tables.seg_all,
                tables.seg_move, tables.shift, tables.lines):
        arr.setflags(write=False)
    return tables

#: the end rules of a game with a bot seated and of every rated game (ours: the rulebook has
#: none): a draw after this many plies, or on the third repetition of a position
END_RULES = {"ply_limit": 200, "repetition": 3}
#: the move code of a pass (a 4-player seat with no legal move), in every module
PASS = -1

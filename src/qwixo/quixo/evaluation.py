"""The Quixo searcher's static evaluation, in numba: cubes per line (``4^c`` a line, border
cubes, the move) for the side to move, and the most cubes of each side in one line."""

from __future__ import annotations

import numpy as np
from numba import njit

from qwixo.quixo import search_cache as _cache  # noqa: F401  (drops stale numba caches first)

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_U1 = np.uint64(1)
_U2 = np.uint64(2)
_U4 = np.uint64(4)
_U56 = np.uint64(56)


@njit(cache=True)
def popcount(x):
    """Number of set bits of a ``np.uint64`` (as int64)."""
    x = x - ((x >> _U1) & _M1)
    x = (x & _M2) + ((x >> _U2) & _M2)
    x = (x + (x >> _U4)) & _M4
    return np.int64((x * _H01) >> _U56)


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

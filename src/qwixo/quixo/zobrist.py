"""Zobrist hashes of normalised Quixo positions, in numba: 2 players (a rank pattern per
table entry), the transposition-table key (the least hash over the symmetries) and 4 players."""

from __future__ import annotations

import numpy as np
from numba import njit

from qwixo.quixo import search_cache as _cache  # noqa: F401  (drops stale numba caches first)

_Z = np.uint64(0)


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

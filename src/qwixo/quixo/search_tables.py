"""The Quixo searcher's tables of one board size: the engine's packed move tables, line
masks, Zobrist keys (per rank, per 4-player board and through every symmetry of the square),
the move permutations of the symmetries and the evaluation's line weights."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from qwixo.quixo.kernels import packed_tables
from qwixo.quixo.tables import move_tables

#: the strong evaluation's weight of a border cube (one the other side cannot take)
BORDER_WEIGHT = 8
#: the strong evaluation's bonus for the side to move
TEMPO = 0


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

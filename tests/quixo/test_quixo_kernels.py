"""The numba kernels used directly (as the bots and the solver do), also from other njit code."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from qwixo.quixo import kernels as K
from qwixo.quixo.game import QuixoGame
from qwixo.quixo.tables import move_tables

U = np.uint64


@njit(cache=False)
def _count_children_wins(me, op, T, L):
    """A caller compiled by numba: how many moves of ``me`` win at once."""
    out = np.empty(K.MAX_MOVES, np.int64)
    k = K.gen_moves(me, op, T, out)
    wins = 0
    for i in range(k):
        a, b = K.apply_move(me, op, out[i], T)
        wins += K.outcome(a, b, L) == K.MOVER_WINS
    return wins


def test_kernels_compose_inside_njit_code():
    g = QuixoGame(position="xxxx./...../...../...../..... x")
    T, L = K.packed_tables(5)
    x, o = (U(b) for b in g.bitboards)
    expected = 0
    for mv in g.options(0):
        c = g.copy()
        c.choose(0, mv)
        expected += c.winner == "x"
    assert _count_children_wins(x, o, T, L) == expected > 0


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_packed_tables_match_the_lead_tables(n):
    T, L = K.packed_tables(n)
    mt = move_tables(n)
    assert T.shape == (6, 12 * n - 16) and L.shape == (2 * n + 2,)
    assert (T[K.SRC] == mt.src_bit).all() and (T[K.DST] == mt.dst_bit).all()
    shift = T[K.LSH].astype(np.int64) - T[K.RSH].astype(np.int64)
    assert (shift == mt.shift).all()
    assert not T.flags.writeable
    full = U(mt.full)
    # a full board stays full after any push once the new cube is added back
    for m in range(T.shape[1]):
        assert (K.push(full, m, T) | T[K.DST, m]) == full
        assert K.push(T[K.SRC, m], m, T) == 0  # the taken cube leaves its square


def test_outcome_and_status_conventions():
    T, L = K.packed_tables(3)
    line = U(0b111)
    assert K.outcome(line, U(0), L) == K.MOVER_WINS
    assert K.outcome(U(0), line, L) == K.MOVER_LOSES
    assert K.outcome(line, line << U(3), L) == K.MOVER_LOSES  # both lines: the mover loses
    assert K.status_to_move(line, line << U(3), L) == K.MOVER_WINS
    assert K.status_to_move(U(0), line, L) == K.MOVER_LOSES
    assert K.status_to_move(U(0), U(0), L) == K.ONGOING


def test_four_player_generation_and_pass():
    T, L = K.packed_tables(3)
    out = np.empty(K.MAX_MOVES4, np.int64)
    z = U(0)
    k = K.gen_moves4(z, z, z, z, 1, T, out)
    assert k == 40 and set(out[:k] & 3) == {1, 3}
    # every border cube points at S: N (seat 0) must pass, S has every move
    border = U(move_tables(3).border)
    assert K.gen_moves4(z, z, border, z, 0, T, out) == 0
    assert K.gen_moves4(z, z, border, z, 2, T, out) == 40
    assert K.apply_move4(z, z, border, z, K.PASS, T) == (z, z, border, z)


def test_random_games_are_reproducible_and_finish():
    T, L = K.packed_tables(5)
    a = K.random_games(200, U(12345), 1000, T, L)
    b = K.random_games(200, U(12345), 1000, T, L)
    assert a == b
    plies, xw, ow, _ = a
    assert xw + ow == 200 and 200 * 5 < plies < 200 * 1000

"""Quixo's oracle: the perfect databases' values of a batch of kernel-vector-env positions.

For every game of a :class:`qwixo.envs.vector.QuixoVec` (the player to move) or of a
:class:`qwixo.envs.quixo_vector_env.QuixoVectorEnv` (the agent), the value of the position
for that player and of each of its actions (the codec's move numbers), read from the
solver's databases (:mod:`qwixo.quixo.db`, the files the ``perfect`` bot reads: 3×3 and 4×4
are solved on demand the first time, 5×5 only where a file covers the position). The
result is a :class:`qwixo.envs.oracles.Oracle`; the games reach it through their metadata
(``GameInfo.oracle``).

Values: +1 a win, 0 a draw, -1 a loss for the side to move, with the plies to the end under
best play (the winner wins as fast as it can, the loser loses as slowly as it can; -1 for a
draw); an action's value is the mover's after playing it (an immediate win: +1 in 1 ply).

:func:`lookup` is the one reading of a database position in numba: the batch oracle and the
kernel ``perfect`` opponent (:func:`perfect_moves`) both call it.

>>> from qwixo.envs.vector import QuixoVec
>>> vec = QuixoVec(2, size=3)
>>> _ = vec.reset(seed=0)
>>> o = of_env(vec)
>>> o.value.tolist(), o.plies.tolist()          # every first move of 3×3 wins in 7
([1.0, 1.0], [7, 7])
>>> int(o.best[0].sum()) == int((o.action_values[0] == 1).sum())
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from qwixo.quixo import kernels as QK
from qwixo.quixo.kernel_opponents import keep_best
from qwixo.quixo.retro import _popcount, index_in, rank_tables

#: a database value (the files' 2-bit codes) and the one for a position no file covers
DRAW, WIN, LOSS, UNKNOWN = 0, 1, 2, 3
#: the sizes whose database is solved on demand when missing (seconds for 4×4 once compiled)
BUILD_SIZES = (3, 4)


class Tables:
    """What :func:`lookup` reads of one database: the class offsets, the ranking tables and
    the value and distance arrays (memory-mapped)."""

    def __init__(self, database: Any) -> None:
        n = database.n
        rt = rank_tables(n)
        self.n = n
        self.args = (database.layout.offset_table(), np.int64(n * n),
                     np.int64((1 << (n * n)) - 1), rt.comb, rt.rt, rt.pop8, rt.pext8,
                     np.asarray(database.values), np.asarray(database.dist))


def tables(size: int, build: bool = True) -> Tables | None:
    """The tables of the database of ``size`` the bots read (:func:`qwixo.quixo.db.databases`:
    the complete one first, else the one with the most blank cubes), solved first when missing
    and ``build`` (sizes :data:`BUILD_SIZES`); None when there is none."""
    from qwixo.quixo import db

    dbs = db.databases(size)
    if not dbs and build and size in BUILD_SIZES:
        dbs = [db.ensure(size)]
    return Tables(dbs[0]) if dbs else None


@njit(cache=True)
def lookup(me, op, off, nn, full, cm, rt, pop8, pext8, values, dist):
    """``(value, plies)`` of the position ``(me, op)`` for the side to move ``me``:
    value :data:`DRAW`, :data:`WIN`, :data:`LOSS` or :data:`UNKNOWN` (no class of the file);
    plies -1 for a draw or an unknown position."""
    a = np.int64(me)
    b = np.int64(op)
    ca = _popcount(a)
    cb = _popcount(b)
    base = off[ca, cb]
    if base < 0:
        return UNKNOWN, -1
    i = index_in(a, b, ca, cb, base, nn, full, cm, rt, pop8, pext8)
    v = (np.int64(values[i >> 2]) >> (2 * (i & 3))) & 3
    if v == DRAW:
        return DRAW, -1
    return v, np.int64(dist[i])


@njit(cache=True, inline="always")
def _move_value(me, op, m, T, L, off, nn, full, cm, rt, pop8, pext8, values, dist):
    """``(value, plies)`` for the mover of its move ``m`` (legal) from ``(me, op)``."""
    a, b = QK.apply_move(me, op, m, T)
    r = QK.outcome(a, b, L)
    if r == QK.MOVER_WINS:
        return WIN, 1
    if r != QK.ONGOING:
        return LOSS, 1
    v, d = lookup(b, a, off, nn, full, cm, rt, pop8, pext8, values, dist)
    if v == WIN:
        return LOSS, d + 1
    if v == LOSS:
        return WIN, d + 1
    return v, -1


@njit(cache=True, inline="always")
def _rank(v, d):
    """A move's rank, higher better: fastest win, then a draw, then slowest loss."""
    if v == WIN:
        return 3000 - d
    if v == DRAW:
        return 1000
    if v == LOSS:
        return d
    return -1


@njit(cache=True)
def evaluate(me_b, op_b, live, T, L, off, nn, full, cm, rt, pop8, pext8, values, dist,
             value, plies, avalue, aplies):
    """The database values of the positions ``(me_b[i], op_b[i])`` and of every legal move
    (``live[i]`` False: the game is over, no move) into ``value``/``plies`` ``(n,)`` and
    ``avalue``/``aplies`` ``(n, M)`` (value codes; ``avalue`` -1 for an illegal move)."""
    M = T.shape[1]
    for i in range(me_b.shape[0]):
        me = me_b[i]
        op = op_b[i]
        v, d = lookup(me, op, off, nn, full, cm, rt, pop8, pext8, values, dist)
        value[i] = v
        plies[i] = d
        for m in range(M):
            if not live[i] or not QK.legal(op, m, T):
                avalue[i, m] = -1
                aplies[i, m] = -1
                continue
            v, d = _move_value(me, op, m, T, L, off, nn, full, cm, rt, pop8, pext8, values, dist)
            avalue[i, m] = v
            aplies[i, m] = d


@njit(cache=True)
def perfect_move(me, op, T, L, off, nn, full, cm, rt, pop8, pext8, values, dist, rng, i, buf):
    """The ``perfect`` opponent's move from ``(me, op)``: the best by the database (fastest
    win, a draw, slowest loss), uniform among equals (game ``i``'s generator ``rng``)."""
    k = QK.gen_moves(me, op, T, buf)
    best, count, pick = -2.0, 0, buf[0]
    for m in buf[:k]:
        v, d = _move_value(me, op, m, T, L, off, nn, full, cm, rt, pop8, pext8, values, dist)
        best, count, pick = keep_best(np.float64(_rank(v, d)), m, best, count, pick, rng, i)
    return pick


@njit(cache=True)
def perfect_moves(st, games, T, L, off, nn, full, cm, rt, pop8, pext8, values, dist, rng, out):
    """``out[j]``: the ``perfect`` move of the side to move in game ``games[j]`` of the
    two-sided states ``st`` (:attr:`qwixo.envs.vector.QuixoVec.boards`), from ``rng[j]``."""
    buf = np.empty(T.shape[1], np.int64)
    for j in range(games.shape[0]):
        g = games[j]
        p = np.int64(st[g, 4])
        out[j] = perfect_move(st[g, p], st[g, 1 - p], T, L, off, nn, full, cm, rt, pop8, pext8,
                              values, dist, rng, j, buf)


_SIGNED = np.array([0.0, 1.0, -1.0, np.nan], np.float32)  # DRAW, WIN, LOSS, UNKNOWN


def positions(env: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(me, op, live)`` of every game of a kernel env: the boards of the player the oracle
    answers for (QuixoVec: the player to move; QuixoVectorEnv: the agent) and whether the game
    is still on (a finished game waiting for its next-step reset is not)."""
    st = env.boards
    n = st.shape[0]
    if st.shape[1] == 5:  # QuixoVec: X, O, ..., the mover
        if env.players != 2:
            raise ValueError("the databases are of 2-player Quixo")
        p = st[:, 4].astype(np.int64)
        return (np.ascontiguousarray(st[np.arange(n), p]),
                np.ascontiguousarray(st[np.arange(n), 1 - p]), np.ones(n, np.bool_))
    s = np.asarray(env.seats, np.int64)
    live = ~np.asarray(env.finished, np.bool_)
    return (np.ascontiguousarray(st[np.arange(n), s]),
            np.ascontiguousarray(st[np.arange(n), 1 - s]), live)


def of_env(env: Any, build: bool = True) -> Any:
    """The :class:`qwixo.envs.oracles.Oracle` of every game of a Quixo kernel env (module
    docstring); ``ValueError`` when no database of its size is there."""
    from qwixo.envs.oracles import ILLEGAL, Oracle

    size = env.size
    tb = tables(size, build)
    if tb is None:
        raise ValueError(f"no Quixo database of size {size} (qwixo quixo solve --size {size})")
    me, op, live = positions(env)
    T, L = QK.packed_tables(size)
    n, M = me.shape[0], T.shape[1]
    value = np.empty(n, np.int64)
    plies = np.empty(n, np.int64)
    av = np.empty((n, M), np.int64)
    ap = np.empty((n, M), np.int64)
    evaluate(me, op, live, T, L, *tb.args, value, plies, av, ap)
    action_values = np.where(av < 0, ILLEGAL, _SIGNED[np.maximum(av, 0)]).astype(np.float32)
    rank = np.where(av == WIN, 3000 - ap, np.where(av == DRAW, 1000,
                    np.where(av == LOSS, ap, -1)))
    rank = np.where(av < 0, -2, rank)
    top = rank.max(axis=1, initial=-2)
    best = (rank == top[:, None]) & (av >= 0) & (top[:, None] >= 0)
    return Oracle(value=_SIGNED[value], action_values=action_values, best=best,
                  plies=plies.astype(np.int16), action_plies=ap.astype(np.int16))

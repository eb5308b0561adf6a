"""The Quixo opponents played inside the numba kernels of the single-agent vector
environments (:mod:`qwixo.envs.quixo_vector_env`): ``random`` (a uniformly random legal move),
``safe`` (an immediate win when there is one, else a move that neither makes the other side's
line nor leaves it an immediate win, else any; random among equals) and ``value`` (the best
afterstate of a line-pattern value function, weights ``(3, N+1, N+1)`` as
``examples/quixo_td.py`` learns). Each game draws from its own xorshift64* state ``rng[i]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from qwixo.quixo import kernels as QK
from qwixo.quixo.evaluation import popcount
from qwixo.quixo.search_cache import _drop_stale_caches

_drop_stale_caches("kernel_opponents", "agent_step",
                   sources=("kernels.py", "evaluation.py", "kernel_opponents.py"),
                   stamp_name="qwixo-quixo-agent-kernels")

#: the kernel opponents by name (their number in the kernels)
OPPONENTS = {"random": 0, "safe": 1, "value": 2}


def line_classes(size: int, lines: int) -> np.ndarray:
    """The ``value`` opponent's class of every line of a ``size`` board (0 a border row or
    column, 1 an inner one, 2 a diagonal), as examples/quixo_td.py's features."""
    return np.array([0 if (i % size) in (0, size - 1) else 1 for i in range(2 * size)]
                    + [2, 2], np.int64)[:lines]


@njit(cache=True, inline="always")
def rand(rng, i, n):
    """Uniform in ``0..n-1`` from game ``i``'s xorshift64* state."""
    x = rng[i]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[i] = x
    return np.int64(((x * np.uint64(2685821657736338717)) >> np.uint64(33)) % np.uint64(n))


@njit(cache=True, inline="always")
def keep_best(v, m, best, count, pick, rng, i):
    """One step of choosing uniformly among the best moves (reservoir sampling): ``(best,
    count, pick)`` after move ``m`` of value ``v`` (float), from game ``i``'s generator."""
    if v > best:
        return v, 1, m
    if v == best:
        count += 1
        if rand(rng, i, count) == 0:
            pick = m
    return best, count, pick


@njit(cache=True, inline="always")
def _safe_class(a, b, r, T, L, buf2):
    """The ``safe`` opponent's class of its move to ``(a, b)`` (``r``: its outcome): 3 a win,
    2 a move that neither loses at once nor leaves the other side a winning reply, 1 one that
    leaves such a reply, 0 a loss."""
    if r == QK.MOVER_WINS:
        return 3.0
    if r == QK.MOVER_LOSES:
        return 0.0
    k2 = QK.gen_moves(b, a, T, buf2)
    for j2 in range(k2):
        c, d = QK.apply_move(b, a, buf2[j2], T)
        if QK.outcome(c, d, L) == QK.MOVER_WINS:
            return 1.0
    return 2.0


@njit(cache=True, inline="always")
def _line_value(a, b, r, L, cls, W):
    """The ``value`` opponent's afterstate value ``tanh(sum over lines of W[class, own cubes,
    other cubes])`` (examples/quixo_td.py's line-pattern value), exactly +1 for a line of its
    own and -1 for one of the other side's."""
    if r == QK.MOVER_LOSES:
        return -1.0
    if r == QK.MOVER_WINS:
        return 1.0
    t = 0.0
    for x in range(L.shape[0]):
        t += W[cls[x], popcount(a & L[x]), popcount(b & L[x])]
    return np.tanh(t)


@njit(cache=True)
def _best_move(me, op, opp, T, L, buf, buf2, rng, i, cls, W):
    """The move of the ``safe`` (``opp`` 1: the best :func:`_safe_class`) or ``value``
    (``opp`` 2: the best :func:`_line_value`) opponent for the side ``me``, uniform among
    the equally good (reservoir sampling)."""
    k = QK.gen_moves(me, op, T, buf)
    best = -3.0
    count = 0
    pick = buf[0]
    for j in range(k):
        m = buf[j]
        a, b = QK.apply_move(me, op, m, T)
        r = QK.outcome(a, b, L)
        if opp == 2:
            v = _line_value(a, b, r, L, cls, W)
        else:
            v = _safe_class(a, b, r, T, L, buf2)
        best, count, pick = keep_best(v, m, best, count, pick, rng, i)
    return pick


@njit(cache=True, inline="always")
def opponent_move(me, op, opp, T, L, buf, buf2, rng, i, cls, W):
    if opp == 0:
        k = QK.gen_moves(me, op, T, buf)
        return buf[rand(rng, i, k)]
    return _best_move(me, op, opp, T, L, buf, buf2, rng, i, cls, W)



@njit(cache=True)
def moves_for(st, games, opp, T, L, rng, cls, W, out):
    """``out[j]``: the move of opponent ``opp`` (:data:`OPPONENTS`) for the side to move in
    game ``games[j]`` of the two-sided states ``st`` (:class:`qwixo.envs.vector.QuixoVec`'s
    ``boards``: X, O, ..., the mover), drawing from ``rng[j]``."""
    M = T.shape[1]
    buf = np.empty(M, np.int64)
    buf2 = np.empty(M, np.int64)
    for j in range(games.shape[0]):
        i = games[j]
        p = np.int64(st[i, 4])
        out[j] = opponent_move(st[i, p], st[i, 1 - p], opp, T, L, buf, buf2, rng, j, cls, W)

"""Monte-Carlo tree search (UCT) for Quixo, in numba: 2 players and 4 players (two teams).

The tree lives in numpy arrays (a node: its normalised boards, parent, children, visits and
total reward); the Python driver runs it in batches of iterations until the time budget or the
iteration budget is used, then plays the most visited root move.

- Selection by UCB1; a node is expanded on its second visit (all children at once). A move that
  wins at once is the only child kept (the node is then a proven win for its mover); moves that
  lose at once (they make the opponent's line) are kept as terminal losses.
- Playouts are uniformly random, stopped after ``max_playout`` plies (a draw then).
- Rewards: 1 win, 0 draw, -1 loss, from the side of the player who moved into the node.

The rules are the engine's kernels (:mod:`qwixo.quixo.kernels`); boards are normalised as in
:mod:`qwixo.quixo.search` (the side to move first; 4 players rotated by seat).

>>> m = Mcts(3)
>>> code, visits = m.run((192, 24), iterations=2000, seed=1)   # xx./oo./... x
>>> m.move_text(code)
'c1c3'
"""

from __future__ import annotations

import math
import time

import numpy as np
from numba import njit

from qwixo.quixo import search_cache as _cache  # noqa: F401  (drops stale numba caches first)
from qwixo.quixo.kernels import (
    MOVER_LOSES,
    MOVER_WINS,
    ONGOING,
    PASS,
    apply_move,
    apply_move4,
    gen_moves,
    gen_moves4,
    outcome,
    outcome4,
    packed_tables,
)
from qwixo.quixo.notation import code_text
from qwixo.quixo.tables import move_tables

# node fields in the int64 array ``nd``
F_PARENT, F_FIRST, F_COUNT, F_MOVE, F_TERM, F_VISITS = range(6)


@njit(cache=True)
def _children(boards, players, T, L, codes):
    """Legal codes of the normalised position (4 players: 0 means a pass is due)."""
    if players == 2:
        return gen_moves(boards[0], boards[1], T, codes)
    return gen_moves4(boards[0], boards[1], boards[2], boards[3], np.int64(0), T, codes)


@njit(cache=True)
def _play(boards, players, code, T, L, out):
    """Play ``code`` from normalised ``boards``; write the next normalised boards to ``out``;
    return the result for the mover."""
    if players == 2:
        nme, nop = apply_move(boards[0], boards[1], code, T)
        out[0] = nop
        out[1] = nme
        return outcome(nme, nop, L)
    if code == PASS:
        n0, n1, n2, n3 = boards[0], boards[1], boards[2], boards[3]
        r = ONGOING
    else:
        n0, n1, n2, n3 = apply_move4(boards[0], boards[1], boards[2], boards[3], code, T)
        r = outcome4(n0, n1, n2, n3, 0, L)
    out[0] = n1
    out[1] = n2
    out[2] = n3
    out[3] = n0
    return r


@njit(cache=True)
def _playout(boards, players, T, L, max_plies, codes, cur, nxt):
    """Random game from ``boards``; the reward for the side to move at ``boards``."""
    for i in range(boards.shape[0]):
        cur[i] = boards[i]
    sign = 1.0
    for _ in range(max_plies):
        k = _children(cur, players, T, L, codes)
        if k == 0:
            code = PASS
        else:
            code = codes[np.random.randint(k)]
        r = _play(cur, players, code, T, L, nxt)
        if r == MOVER_WINS:
            return sign
        if r == MOVER_LOSES:
            return -sign
        for i in range(cur.shape[0]):
            cur[i] = nxt[i]
        sign = -sign
    return 0.0


@njit(cache=True)
def mcts_iterations(nd, nb, reward, count, iterations, players, T, L, cexp, max_plies, seed):
    """Run ``iterations`` UCT iterations on the tree (root = node 0). ``count[0]`` is the
    number of nodes in use; returns the number of iterations done."""
    if seed >= 0:
        np.random.seed(seed)
    cap = nd.shape[0]
    w = nb.shape[1]
    codes = np.empty(4 * T.shape[1] + 1, np.int64)
    cur = np.empty(w, np.uint64)
    nxt = np.empty(w, np.uint64)
    for _ in range(iterations):
        node = 0
        # selection
        while nd[node, F_COUNT] > 0 and nd[node, F_TERM] == 0:
            first = nd[node, F_FIRST]
            cnt = nd[node, F_COUNT]
            lnn = math.log(nd[node, F_VISITS] + 1.0)
            best = -1e300
            bc = first
            for c in range(first, first + cnt):
                v = nd[c, F_VISITS]
                if v == 0:
                    u = 1e200 + np.random.random()
                else:
                    u = reward[c] / v + cexp * math.sqrt(lnn / v)
                if u > best:
                    best = u
                    bc = c
            node = bc
        # evaluation
        if nd[node, F_TERM] != 0:
            val = float(nd[node, F_TERM])  # for the mover into node
        elif nd[node, F_VISITS] >= 1 and count[0] + codes.shape[0] < cap:
            # expansion
            k = _children(nb[node], players, T, L, codes)
            if k == 0:
                codes[0] = PASS
                k = 1
            first = count[0]
            win = -1
            n_new = 0
            for i in range(k):
                c = first + n_new
                r = _play(nb[node], players, codes[i], T, L, nxt)
                for q in range(w):
                    nb[c, q] = nxt[q]
                nd[c, F_PARENT] = node
                nd[c, F_FIRST] = 0
                nd[c, F_COUNT] = 0
                nd[c, F_MOVE] = codes[i]
                nd[c, F_TERM] = 1 if r == MOVER_WINS else (-1 if r == MOVER_LOSES else 0)
                nd[c, F_VISITS] = 0
                reward[c] = 0.0
                n_new += 1
                if r == MOVER_WINS:
                    win = c
                    break
            if win >= 0:  # keep only the winning move
                if win != first:
                    for q in range(w):
                        nb[first, q] = nb[win, q]
                    for f in range(6):
                        nd[first, f] = nd[win, f]
                    reward[first] = 0.0
                n_new = 1
            nd[node, F_FIRST] = first
            nd[node, F_COUNT] = n_new
            count[0] = first + n_new
            # play out from one new child
            c = first + np.random.randint(n_new)
            node = c
            if nd[c, F_TERM] != 0:
                val = float(nd[c, F_TERM])
            else:
                val = -_playout(nb[c], players, T, L, max_plies, codes, cur, nxt)
        else:
            val = -_playout(nb[node], players, T, L, max_plies, codes, cur, nxt)
        # backpropagation: val is for the player who moved into ``node``
        while node >= 0:
            nd[node, F_VISITS] += 1
            reward[node] += val
            val = -val
            node = nd[node, F_PARENT]
    return iterations


class Mcts:
    """UCT search over one board size and number of players.

    ``capacity``: the most tree nodes kept (further iterations only play out).
    """

    def __init__(self, n: int, players: int = 2, capacity: int = 400_000,
                 exploration: float = 1.0, max_playout: int = 200):
        self.n = n
        self.players = players
        self.T, self.L = packed_tables(n)
        self.mt = move_tables(n)
        w = 2 if players == 2 else 4
        self.nd = np.zeros((capacity, 6), dtype=np.int64)
        self.nb = np.zeros((capacity, w), dtype=np.uint64)
        self.reward = np.zeros(capacity, dtype=np.float64)
        self.count = np.zeros(1, dtype=np.int64)
        self.exploration = exploration
        self.max_playout = max_playout
        self.iterations = 0

    def move_text(self, code: int, seat: int = 0) -> str:
        """Notation of a code of the normalised position (4 players: ``seat`` to move):
        :func:`qwixo.quixo.notation.code_text`."""
        return code_text(int(code), self.n, self.players, seat)

    def run(self, boards: tuple[int, ...], seconds: float | None = None,
            iterations: int | None = None, seed: int | None = None) -> tuple[int, int]:
        """Search from normalised ``boards``; returns (best code, its visits)."""
        if seconds is None and iterations is None:
            iterations = 20_000
        nd, nb = self.nd, self.nb
        nd[0] = (-1, 0, 0, -1, 0, 0)
        nb[0, :] = [np.uint64(b) for b in boards]
        self.reward[0] = 0.0
        self.count[0] = 1
        t0 = time.perf_counter()
        done = 0
        batch = 256
        s = -1 if seed is None else int(seed) & 0x7FFFFFFF
        while True:
            todo = batch if iterations is None else min(batch, iterations - done)
            if todo <= 0:
                break
            mcts_iterations(nd, nb, self.reward, self.count, todo, self.players, self.T,
                            self.L, self.exploration, self.max_playout, s)
            s = -1
            done += todo
            el = time.perf_counter() - t0
            if seconds is not None:
                if el >= seconds * 0.95:
                    break
                # grow the batch so that the Python overhead stays small
                rate = done / max(el, 1e-6)
                batch = int(max(64, min(rate * (seconds - el) / 2, rate * 0.05)))
        self.iterations = done
        first, cnt = int(nd[0, F_FIRST]), int(nd[0, F_COUNT])
        if cnt == 0:  # not even expanded (tiny budget): expand now
            mcts_iterations(nd, nb, self.reward, self.count, 2, self.players, self.T,
                            self.L, self.exploration, self.max_playout, -1)
            first, cnt = int(nd[0, F_FIRST]), int(nd[0, F_COUNT])
        kids = range(first, first + cnt)
        # a move winning at once first, then the most visited (ties: the best mean reward)
        best = max(kids, key=lambda c: (nd[c, F_TERM] == 1, nd[c, F_VISITS],
                                        self.reward[c] / max(1, nd[c, F_VISITS])))
        return int(nd[best, F_MOVE]), int(nd[best, F_VISITS])

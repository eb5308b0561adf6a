"""Vectorised environments: ``n`` games stepped at once in numba (numpy and numba only).

``QuixoVec(n, size=5, players=2)`` and ``QwixxVec(n, edition="classic", players=2)``::

    env = QuixoVec(4096, size=5)
    obs, mask = env.reset(seed=0)            # obs (n, ...), mask bool (n, num_actions)
    obs, mask, reward, done = env.step(actions)   # actions int (n,): one per game
    env.to_act                               # (n,) the player each observation is for

- ``actions[i]`` is the action of the player to act in game ``i`` (``env.to_act[i]``), numbered
  as in the PettingZoo environments (:mod:`qwixo.envs.quixo_codec`,
  :mod:`qwixo.envs.qwixx_codec`); observations are the same arrays as there, for that player.
- ``reward`` ``(n, players)`` is non-zero only on the step that ends a game (+1 winners, -1 the
  others, 0 everyone on a draw or when all tie; ``reward="margin"`` or ``"score"`` as in
  the PettingZoo environments); ``done`` ``(n,)`` marks those games. A finished game restarts at
  once: ``obs`` and ``mask`` of a done game are the first decision of the next one.
  ``env.final_scores`` ``(n, players)`` keeps the last finished game's scores.
- Qwixx: the environment rolls the dice; action 1 asks the players one after another (player 0
  first), each observation showing only the sheets as they were before action 1 — the choices
  are kept aside and take effect together after the last player. Then the active player's
  action 2. An action outside the mask is played as ``pass``.
- Quixo: an action outside the mask loses the game for the mover; the game is drawn after
  ``max_plies`` plies (default 200).
- Seeded: ``reset(seed)`` fixes every roll and every Longo lucky-number deal of every game.

The rules are the kernels' (:mod:`qwixo.quixo.kernels`, :mod:`qwixo.qwixx.batch`); this module
only keeps ``n`` states, builds observations and masks and restarts finished games. The tests
play random games move by move here and through the contract and compare everything.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from qwixo.qwixx import batch as QB
from qwixo.quixo import kernels as QK
from qwixo.quixo.tables import MAX_SIZE, MIN_SIZE

REWARD_MODES = {"outcome": 0, "margin": 1, "score": 2}


@njit(cache=True)
def _xorshift(rng):
    x = rng[0]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    rng[0] = x
    return x


@njit(cache=True)
def sample_masks(mask, rng, out):
    """``out[i]``: a uniformly random legal action of ``mask[i]`` (``rng``: ``uint64[1]``)."""
    n, A = mask.shape
    for i in range(n):
        k = 0
        for a in range(A):
            k += mask[i, a]
        j = np.int64((_xorshift(rng) >> np.uint64(11)) % np.uint64(max(k, 1)))
        out[i] = 0
        for a in range(A):
            if mask[i, a]:
                if j == 0:
                    out[i] = a
                    break
                j -= 1


def _end_rewards(scores: np.ndarray, mode: int, out: np.ndarray) -> None:  # pragma: no cover
    raise NotImplementedError  # numba version below


@njit(cache=True)
def _rewards(scores, mode, out):
    """End rewards of one game into ``out`` (see qwixo.envs.pz.final_rewards)."""
    P = scores.shape[0]
    if mode == 2:
        for p in range(P):
            out[p] = scores[p]
        return
    if mode == 1:
        for p in range(P):
            best = -(1 << 30)
            for q in range(P):
                if q != p and scores[q] > best:
                    best = scores[q]
            out[p] = scores[p] - best if P > 1 else scores[p]
        return
    best = scores[0]
    for p in range(P):
        if scores[p] > best:
            best = scores[p]
    alltie = True
    for p in range(P):
        if scores[p] != best:
            alltie = False
    for p in range(P):
        out[p] = 0.0 if alltie else (1.0 if scores[p] == best else -1.0)


# -- Quixo -------------------------------------------------------------------------------------
@njit(cache=True)
def _quixo_observe(st, players, nn, i, obs, mask, T, buf):
    """Observation planes and mask of game ``i`` for its player to move."""
    p = np.int64(st[i, 4])
    k = 2 if players == 2 else 4
    C = k + 1
    for c in range(k):
        b = st[i, (p + c) % k]
        for s in range(nn):
            obs[i, s * C + c] = (b >> np.uint64(s)) & np.uint64(1)
    for s in range(nn):
        obs[i, s * C + k] = 1
    A = mask.shape[1]
    for a in range(A):
        mask[i, a] = False
    m = QK.state_moves(st[i], players, T, buf)
    if m == 0:
        mask[i, A - 1] = True  # 4 players: pass
    for j in range(m):
        mask[i, buf[j]] = True


@njit(cache=True)
def _quixo_reset(st, ply, players, nn, i, obs, mask, T, buf):
    for j in range(5):
        st[i, j] = 0
    ply[i] = 0
    _quixo_observe(st, players, nn, i, obs, mask, T, buf)


@njit(cache=True)
def _quixo_reset_all(st, ply, players, nn, obs, mask, T):
    buf = np.empty(QK.MAX_MOVES4, np.int64)
    for i in range(st.shape[0]):
        _quixo_reset(st, ply, players, nn, i, obs, mask, T, buf)


@njit(cache=True)
def _quixo_step(st, ply, actions, players, nn, max_plies, obs, mask, reward, done, to_act,
                T, L):
    buf = np.empty(QK.MAX_MOVES4, np.int64)
    A = mask.shape[1]
    for i in range(st.shape[0]):
        a = actions[i]
        p = np.int64(st[i, 4])
        for q in range(players):
            reward[i, q] = 0.0
        legal = 0 <= a < A and mask[i, a]
        if not legal:
            r = QK.MOVER_LOSES
        elif players == 4 and a == A - 1:
            st[i, 4] = np.uint64((p + 1) & 3)
            r = QK.ONGOING
        else:
            r = QK.state_play(st[i], players, a, T, L)
        ply[i] += 1
        fin = r != QK.ONGOING or ply[i] >= max_plies
        done[i] = fin
        if fin:
            if r != QK.ONGOING:
                for q in range(players):
                    same = (q & 1) == (p & 1) if players == 4 else q == p
                    reward[i, q] = r if same else -r
            _quixo_reset(st, ply, players, nn, i, obs, mask, T, buf)
        else:
            _quixo_observe(st, players, nn, i, obs, mask, T, buf)
        to_act[i] = np.int64(st[i, 4])


class QuixoVec:
    """``n`` Quixo games at once (2 or 4 players, sizes 3..7). See the module docstring.

    >>> env = QuixoVec(3, size=3)
    >>> obs, mask = env.reset(seed=0)
    >>> obs.shape, mask.shape, int(mask[0].sum())
    ((3, 3, 3, 3), (3, 20), 20)
    >>> obs, mask, reward, done = env.step(np.zeros(3, np.int64))
    >>> env.to_act.tolist(), reward.shape
    ([1, 1, 1], (3, 2))
    """

    def __init__(self, n: int, size: int = 5, players: int = 2, max_plies: int = 200) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE or players not in (2, 4) or n < 1:
            raise ValueError(f"need n >= 1, size {MIN_SIZE}..{MAX_SIZE}, players 2 or 4")
        self.n, self.size, self.players = int(n), int(size), int(players)
        self.max_plies = int(max_plies)
        self._T, self._L = QK.packed_tables(size)
        M = self._T.shape[1]
        self.num_actions = M if players == 2 else 4 * M + 1
        C = 3 if players == 2 else 5
        self.obs_shape = (size, size, C)
        self._obs = np.zeros((n, size * size * C), np.int8)
        self._mask = np.zeros((n, self.num_actions), np.bool_)
        self._st = np.zeros((n, 5), np.uint64)
        self._ply = np.zeros(n, np.int64)
        self.reward = np.zeros((n, players), np.float32)
        self.done = np.zeros(n, np.bool_)
        self.to_act = np.zeros(n, np.int64)
        self._rng = np.ones(1, np.uint64)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Every game from the empty board (Quixo has no chance; ``seed`` seeds
        :meth:`sample_actions`)."""
        self._rng[0] = QB._mix(0 if seed is None else int(seed))
        _quixo_reset_all(self._st, self._ply, self.players, self.size ** 2, self._obs,
                         self._mask, self._T)
        self.to_act[:] = 0
        return self.obs, self._mask

    @property
    def obs(self) -> np.ndarray:
        return self._obs.reshape(self.n, *self.obs_shape)

    @property
    def mask(self) -> np.ndarray:
        return self._mask

    def step(self, actions: np.ndarray):
        actions = np.asarray(actions, np.int64)
        _quixo_step(self._st, self._ply, actions, self.players, self.size ** 2,
                    self.max_plies, self._obs, self._mask, self.reward, self.done, self.to_act,
                    self._T, self._L)
        return self.obs, self._mask, self.reward, self.done

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        """A uniformly random legal action for every game (seeded by :meth:`reset`)."""
        out = np.empty(self.n, np.int64) if out is None else out
        sample_masks(self._mask, self._rng, out)
        return out

    @property
    def boards(self) -> np.ndarray:
        """The raw states ``uint64 (n, 5)``: bitboards (X, O or N, E, S, W) and the mover."""
        return self._st

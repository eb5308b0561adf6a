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
- Seeded: ``reset(seed)`` fixes every roll and every Longo lucky-number deal of every game
  (the one deal, :func:`qwixo.qwixx.kernels.deal_lucky`: game 0 is dealt as a contract game of
  that seed).
- ``step(actions, active)``: only the games where ``active`` is True are played (the others
  are left as they are): what the self-play environments (:mod:`qwixo.envs.selfplay`) step
  with, the learner's games, then the opponents'. ``kernel_bot(name)`` gives the numba bots
  (Quixo's kernel opponents, Qwixx's batch policies) as ``f(games) -> actions``.
- Copies: ``reset`` and ``step`` return fresh arrays (safe to keep, e.g. in a replay buffer).
  ``copy=False`` returns the environment's own buffers instead — faster, but the next
  ``step`` overwrites them in place (``env.obs``, ``env.mask``, ``env.reward``, ``env.done``
  are always those buffers). Masks are ``bool`` here (``int8`` in the other interfaces and
  in :mod:`qwixo.envs.gym_vector`).
- Quixo's ply limit is a truncation, not a terminal state: ``env.truncated[i]`` is True when
  game ``i`` was drawn by ``max_plies`` on this step (``done[i]`` is True too, reward 0);
  ``env.ply`` holds every current game's ply count.
- Qwixx with one player, ``reward="outcome"``: the score over the codec's ``solo_scale``
  (four full rows; :func:`qwixo.envs.pz.solo_outcome`), as in every interface.

The rules are the kernels' (:mod:`qwixo.quixo.kernels`, :mod:`qwixo.qwixx.kernels`: the same
options, crossing, chain, reward, score and end helpers the contract game and the batch
simulator call; the dice come from the batch simulator's generator); this module only keeps
``n`` states, builds observations and masks and restarts finished games. The tests
play random games move by move here and through the contract and compare everything.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from qwixo.envs.rewards import REWARD_MODES, end_rewards
from qwixo.quixo import kernels as QK
from qwixo.quixo.tables import MAX_SIZE, MIN_SIZE
from qwixo.qwixx import batch as QB
from qwixo.qwixx import kernels as K
from qwixo.qwixx.actions import G_K, G_Q, G_SIZE
from qwixo.qwixx.actions import act_index as _act_index
from qwixo.qwixx.editions import REWARD_KINDS

#: Bonus B's reward kinds (the observation's block per player)
N_REWARDS = len(REWARD_KINDS)


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


#: the end rewards of one game (the one statement of them, :mod:`qwixo.envs.rewards`)
_rewards = end_rewards


# -- Quixo -------------------------------------------------------------------------------------
@njit(cache=True)
def _quixo_observe(st, players, nn, i, obs, mask, T, buf):
    """Observation planes and mask of game ``i`` for its player to move."""
    p = np.int64(st[i, 4])
    k = 2 if players == 2 else 4
    C = k + 1
    one = np.uint64(1)
    for c in range(k):
        b = st[i, (p + c) % k]
        for s in range(nn):
            obs[i, s * C + c] = (b >> np.uint64(s)) & one
    for s in range(nn):
        obs[i, s * C + k] = 1
    A = mask.shape[1]
    for a in range(A):
        mask[i, a] = False
    if players == 2:  # the kernels on scalars (an array slice per call costs more)
        m = QK.gen_moves(st[i, p], st[i, 1 - p], T, buf)
    else:
        m = QK.gen_moves4(st[i, 0], st[i, 1], st[i, 2], st[i, 3], p, T, buf)
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
                T, L, trunc, active):
    buf = np.empty(QK.MAX_MOVES4, np.int64)
    A = mask.shape[1]
    for i in range(st.shape[0]):
        a = actions[i]
        p = np.int64(st[i, 4])
        for q in range(players):
            reward[i, q] = 0.0
        if not active[i]:  # left as it is
            done[i] = False
            trunc[i] = False
            continue
        legal = 0 <= a < A and mask[i, a]
        if not legal:
            r = QK.MOVER_LOSES
        elif players == 2:  # the kernels on scalars (an array slice per call costs more)
            me, op = QK.apply_move(st[i, p], st[i, 1 - p], a, T)
            st[i, p] = me
            st[i, 1 - p] = op
            st[i, 4] = np.uint64(1 - p)
            r = QK.outcome(me, op, L)
        else:  # 4 players: the last action is the pass
            r = QK.state_play(st[i], players, QK.PASS if a == A - 1 else a, T, L)
        ply[i] += 1
        fin = r != QK.ONGOING or ply[i] >= max_plies
        done[i] = fin
        trunc[i] = fin and r == QK.ONGOING  # drawn by the ply limit: a truncation
        if fin:
            if r != QK.ONGOING:
                for q in range(players):
                    reward[i, q] = r if QK.same_side(p, q, players) else -r
            _quixo_reset(st, ply, players, nn, i, obs, mask, T, buf)
        else:
            _quixo_observe(st, players, nn, i, obs, mask, T, buf)
        to_act[i] = np.int64(st[i, 4])


class _Batch:
    """What the two-sided vector states share: the arrays they hand out (copies when
    ``copy``) and the games a step advances (``active``: all of them by default)."""

    n: int
    copy: bool
    _all: np.ndarray

    def _out(self, *arrays: np.ndarray) -> tuple[np.ndarray, ...]:
        return tuple(a.copy() for a in arrays) if self.copy else arrays

    def _active(self, active: np.ndarray | None) -> np.ndarray:
        if active is None:
            return self._all
        active = np.asarray(active, np.bool_)
        if active.shape != (self.n,):
            raise ValueError(f"active must be a bool array of shape ({self.n},)")
        return active


class QuixoVec(_Batch):
    """``n`` Quixo games at once (2 or 4 players, sizes 3..7). See the module docstring.

    >>> env = QuixoVec(3, size=3)
    >>> obs, mask = env.reset(seed=0)
    >>> obs.shape, mask.shape, int(mask[0].sum())
    ((3, 3, 3, 3), (3, 20), 20)
    >>> obs, mask, reward, done = env.step(np.zeros(3, np.int64))
    >>> env.to_act.tolist(), reward.shape
    ([1, 1, 1], (3, 2))
    """

    def __init__(self, n: int, size: int = 5, players: int = 2, max_plies: int = 200,
                 copy: bool = True) -> None:
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
        self.truncated = np.zeros(n, np.bool_)
        self._rng = np.ones(1, np.uint64)
        self._all = np.ones(n, np.bool_)
        self.copy = bool(copy)

    @property
    def ply(self) -> np.ndarray:
        """``(n,)``: the plies played so far in every current game."""
        return self._ply

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Every game from the empty board (Quixo has no chance; ``seed`` seeds
        :meth:`sample_actions`)."""
        self._rng[:] = K.seed_rng(0 if seed is None else seed)
        _quixo_reset_all(self._st, self._ply, self.players, self.size ** 2, self._obs,
                         self._mask, self._T)
        self.to_act[:] = 0
        self.truncated[:] = False
        return self._out(self.obs, self._mask)

    @property
    def obs(self) -> np.ndarray:
        return self._obs.reshape(self.n, *self.obs_shape)

    @property
    def mask(self) -> np.ndarray:
        return self._mask

    def step(self, actions: np.ndarray, active: np.ndarray | None = None):
        """Play ``actions[i]`` in every game ``i`` (``active``, bool ``(n,)``: only in those
        games; the others are left as they are, reward 0, not done)."""
        actions = np.asarray(actions, np.int64)
        _quixo_step(self._st, self._ply, actions, self.players, self.size ** 2,
                    self.max_plies, self._obs, self._mask, self.reward, self.done, self.to_act,
                    self._T, self._L, self.truncated, self._active(active))
        return self._out(self.obs, self._mask, self.reward, self.done)

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        """A uniformly random legal action for every game (seeded by :meth:`reset`)."""
        out = np.empty(self.n, np.int64) if out is None else out
        sample_masks(self._mask, self._rng, out)
        return out

    def kernel_bot(self, name: str, seed: int = 0, weights: Any = None) -> Any:
        """The kernel opponent ``name`` (:data:`qwixo.quixo.kernel_opponents.OPPONENTS`:
        ``random``, ``safe``, ``value`` with ``weights``; or ``perfect``, the databases' best
        move, sizes with a database) as ``f(games) -> actions``: its move for the player to
        move in each of ``games`` (2 players)."""
        from qwixo.quixo import kernel_opponents as KO

        if name == "perfect" and self.players == 2:
            return self._perfect_bot(seed)
        if self.players != 2 or name not in KO.OPPONENTS:
            raise ValueError(f"kernel opponents (2 players): {', '.join(KO.OPPONENTS)}, "
                             f"not {name!r}")
        cls = KO.line_classes(self.size, len(self._L))
        shape = (3, self.size + 1, self.size + 1)
        W = np.zeros(shape) if weights is None else np.ascontiguousarray(weights, np.float64)
        if W.shape != shape:
            raise ValueError(f"weights must have the shape {shape}")
        if name == "value" and weights is None:
            raise ValueError("the value opponent needs weights")
        rng = np.ascontiguousarray(
            np.random.SeedSequence(seed).generate_state(self.n * 2, np.uint64)[::2] | np.uint64(1))
        opp = KO.OPPONENTS[name]

        def act(games: np.ndarray) -> np.ndarray:
            out = np.empty(len(games), np.int64)
            KO.moves_for(self._st, np.asarray(games, np.int64), opp, self._T, self._L,
                         rng, cls, W, out)
            return out

        return act

    def _perfect_bot(self, seed: int) -> Any:
        """The ``perfect`` kernel bot: the databases' best move (:mod:`qwixo.quixo.oracle`)."""
        from qwixo.quixo import oracle as QO

        tb = QO.tables(self.size)
        if tb is None:
            raise ValueError(f"no Quixo database of size {self.size} for the perfect bot")
        rng = np.ascontiguousarray(
            np.random.SeedSequence(seed).generate_state(self.n * 2, np.uint64)[::2] | np.uint64(1))

        def act(games: np.ndarray) -> np.ndarray:
            out = np.empty(len(games), np.int64)
            QO.perfect_moves(self._st, np.asarray(games, np.int64), self._T, self._L,
                             *tb.args, rng, out)
            return out

        return act

    def oracle(self) -> Any:
        """The perfect databases' values of every game for its player to move and of each
        action (2 players; :func:`qwixo.quixo.oracle.of_env`)."""
        from qwixo.quixo.oracle import of_env

        return of_env(self)

    @property
    def boards(self) -> np.ndarray:
        """The raw states ``uint64 (n, 5)``: bitboards (X, O or N, E, S, W) and the mover."""
        return self._st


# -- Qwixx -------------------------------------------------------------------------------------
# Each game is a state of qwixo.qwixx.kernels (``K.H + players * K.PB`` values: the header, then
# one block per player); beside it, per game, ``g`` (the player asked in action 1, the number of
# options in ``opts``), ``opts`` (the option codes of the player to act) and ``choice`` (the
# action-1 choices kept aside until the last player has chosen).
# (G_Q, G_K: the slots of ``g``; qwixo.qwixx.actions)
MAX_OPTS = K.OPTS_SIZE
# observation block offsets (``-1``: the edition has no such block), see qwixx_codec
B_CELLS, B_LOCKS, B_PEN, B_CLOSED, B_DICE, B_PHASE, B_ACTIVE, B_A1, B_TOACT, B_LUCKY, B_BAR, \
    B_REWARDS = range(12)
BLOCK_NAMES = ("cells", "locks", "penalties", "closed", "dice", "phase", "active", "a1_crossed",
               "to_act", "lucky", "bar", "rewards")


@njit(cache=True)
def _qx_options(s, gi, out, T, w, ev):
    """The options of the player to act (action 1: player ``gi[G_Q]`` on the white sum; action
    2: the active player), by the kernels' :func:`~qwixo.qwixx.kernels.white_options` /
    :func:`~qwixo.qwixx.kernels.colour_options`, into ``out``; their number into ``gi[G_K]``."""
    if s[K.PHASE] == K.P_ACTION1:
        gi[G_K] = K.white_options(s, K.H + gi[G_Q] * K.PB, s[K.CLOSED], s[K.DICE] + s[K.DICE + 1],
                                  T, out, w, ev)
    else:
        gi[G_K] = K.colour_options(s, K.H + s[K.ACTIVE] * K.PB, s[K.CLOSED], s[K.DICE],
                                   s[K.DICE + 1], s, K.DICE + 2, T, out, w, ev)


@njit(cache=True)
def _qx_observe(s, gi, opts, o, m, blocks, lucky_off, T):
    """Observation ``o`` (the layout of qwixx_codec) and mask ``m`` of one game for the player
    to act; returns that player."""
    P = s[K.NPL]
    L = T[K.T_LEN]
    F = T[K.T_FACES]
    nb = T[K.T_NBAR]
    npen = T[K.T_MAXPEN]
    phase = s[K.PHASE]
    active = s[K.ACTIVE]
    q = gi[G_Q] if phase == K.P_ACTION1 else active
    closed = s[K.CLOSED]
    o[:] = 0.0
    for k in range(P):
        b = K.H + ((q + k) % P) * K.PB
        for r in range(4):
            x = s[b + K.MARKS + r]
            base = blocks[B_CELLS] + (k * 4 + r) * L
            ci = 0
            while x:
                if x & 1:
                    o[base + ci] = 1.0
                x >>= 1
                ci += 1
            if (s[b + K.LOCKED] >> r) & 1:
                o[blocks[B_LOCKS] + k * 4 + r] = 1.0
        for j in range(min(s[b + K.PEN], npen)):
            o[blocks[B_PEN] + k * npen + j] = 1.0
        if blocks[B_LUCKY] >= 0:
            for j in range(2):
                o[blocks[B_LUCKY] + k * (2 * F - 1) + s[b + K.LUCKY + j] - 2] = 1.0
        if blocks[B_BAR] >= 0:
            for x in range(nb):
                if not K.bar_box_free(s, b, closed, x, T):
                    o[blocks[B_BAR] + k * nb + x] = 1.0
        if blocks[B_REWARDS] >= 0:
            for kind in range(N_REWARDS):
                if (s[b + K.REWARDS] >> kind) & 1:
                    o[blocks[B_REWARDS] + k * N_REWARDS + kind] = 1.0
    for r in range(4):
        if (closed >> r) & 1:
            o[blocks[B_CLOSED] + r] = 1.0
    o[blocks[B_PHASE] + phase - 1] = 1.0
    for j in range(6):
        if not K.die_in_play(closed, j):
            continue
        o[blocks[B_DICE] + j * F + s[K.DICE + j] - 1] = 1.0
    o[blocks[B_ACTIVE] + (active - q) % P] = 1.0
    if phase == K.P_ACTION2 and s[K.A1CROSSED]:
        o[blocks[B_A1]] = 1.0
    o[blocks[B_TOACT]] = 1.0
    m[:] = False
    m[0] = True
    for j in range(gi[G_K]):
        m[_act_index(opts[j], L, lucky_off)] = True
    return q


#: no lucky numbers, for up to 5 players (the deal below writes Longo's)
_NO_LUCKY = np.zeros((5, 2), np.int64)


@njit(cache=True)
def _qx_new_game(s, rng, lucky_edition, T):
    """Empty sheets (Longo: the one lucky-number deal, :func:`K.deal_lucky`), player 0 active."""
    P = s[K.NPL]
    K.fresh_game(s, P, _NO_LUCKY, 0)
    if lucky_edition:
        K.deal_lucky(s, P, T, rng)


@njit(cache=True)
def _qx_roll(s, gi, rng, T):
    """The active player rolls all six dice: action 1 begins, player 0 is asked first."""
    faces = T[K.T_FACES]
    for j in range(6):
        s[K.DICE + j] = 1 + QB.below(rng, faces)
    s[K.PHASE] = K.P_ACTION1
    gi[G_Q] = 0


@njit(cache=True)
def _qx_step(actions, S, g, opts, choice, rng, obs, mask, reward, done, to_act, final, blocks,
             lucky_off, lucky_edition, reward_mode, solo_scale, T, reset_only, active):
    n = S.shape[0]
    P = S[0, K.NPL]
    L = T[K.T_LEN]
    w = np.empty(K.PB, np.int64)
    ev = np.empty((0, 5), np.int64)  # no events recorded
    scores = np.empty(P, np.int64)
    rew = np.empty(P, np.float64)
    for i in range(n):
        s = S[i]
        gi = g[i]
        oi = opts[i]
        for p in range(P):
            reward[i, p] = 0.0
        done[i] = False
        if not (reset_only or active[i]):  # left as it is
            continue
        ended = reset_only
        if not reset_only:
            a = actions[i]
            c = -1
            if a > 0:
                for j in range(gi[G_K]):
                    if _act_index(oi[j], L, lucky_off) == a:
                        c = oi[j]
                        break
            if s[K.PHASE] == K.P_ACTION1:
                q = gi[G_Q]
                choice[i, q] = c
                if q + 1 < P:
                    gi[G_Q] = q + 1
                    _qx_options(s, gi, oi, T, w, ev)
                else:
                    # action 1 takes effect for everyone at once, from the same closed rows
                    reason, _ = K.resolve_action1(s, T, choice[i], ev, 0)
                    if reason != K.END_NONE:
                        ended = True
                    else:
                        _qx_options(s, gi, oi, T, w, ev)
            else:
                reason, _ = K.finish_action2(s, T, c, ev, 0)
                if reason != K.END_NONE:
                    ended = True
                else:
                    _qx_roll(s, gi, rng, T)
                    _qx_options(s, gi, oi, T, w, ev)
            if ended:
                done[i] = True
                for p in range(P):
                    scores[p] = K.score(s, K.H + p * K.PB, T, np.bool_(True))
                    final[i, p] = scores[p]
                _rewards(scores, reward_mode, solo_scale, rew)
                for p in range(P):
                    reward[i, p] = rew[p]
        if ended:
            _qx_new_game(s, rng, lucky_edition, T)
            _qx_roll(s, gi, rng, T)
            _qx_options(s, gi, oi, T, w, ev)
        to_act[i] = _qx_observe(s, gi, oi, obs[i], mask[i], blocks, lucky_off, T)


class QwixxVec(_Batch):
    """``n`` Qwixx games at once (any edition, 1..5 players). See the module docstring.

    >>> env = QwixxVec(2, edition="classic", players=2)
    >>> obs, mask = env.reset(seed=0)
    >>> obs.shape, mask.shape, env.to_act.tolist()
    ((2, 151), (2, 45), [0, 0])
    >>> obs, mask, reward, done = env.step(np.zeros(2, np.int64))   # player 0 passes
    >>> env.to_act.tolist()                                          # player 1's turn to decide
    [1, 1]
    """

    def __init__(self, n: int, edition: str = "classic", players: int = 2,
                 reward: str = "outcome", copy: bool = True) -> None:
        from qwixo.envs.qwixx_codec import QwixxCodec

        if n < 1:
            raise ValueError("n must be >= 1")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {', '.join(REWARD_MODES)}")
        codec = QwixxCodec(edition, players)
        self.codec = codec
        self.n, self.players, self.edition = int(n), int(players), codec.edition_name
        self.num_actions = codec.num_actions
        self.obs_shape = codec.obs_shape
        self._T = K.table(codec.edition_name)
        self._blocks = np.array([codec.blocks[b][0] if b in codec.blocks else -1
                                 for b in BLOCK_NAMES], np.int64)
        P = self.players
        z = np.zeros
        self._S = np.stack([K.new_state(self._T, P)] * n)
        self._sheets = self._S[:, K.H:].reshape(n, P, K.PB)  # a view: one block per player
        self._g = z((n, G_SIZE), np.int64)
        self._opts = z((n, MAX_OPTS), np.int64)
        self._choice = z((n, P), np.int64)
        self._obs = z((n, codec.obs_size), np.float32)
        self._mask = z((n, self.num_actions), np.bool_)
        self.reward = z((n, P), np.float32)
        self.done = z(n, np.bool_)
        self.to_act = z(n, np.int64)
        self.final_scores = z((n, P), np.int64)
        self._rng = np.ones(1, np.uint64)
        self._all = np.ones(n, np.bool_)
        self._reward_mode = REWARD_MODES[reward]
        self.copy = bool(copy)

    def _run(self, actions: np.ndarray, reset_only: bool, active: np.ndarray) -> None:
        ed = self.codec.edition
        _qx_step(actions, self._S, self._g, self._opts, self._choice, self._rng, self._obs,
                 self._mask, self.reward, self.done, self.to_act, self.final_scores,
                 self._blocks, 4 if ed.lucky else 0, bool(ed.lucky), self._reward_mode,
                 self.codec.solo_scale, self._T, reset_only, active)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """New games everywhere (``seed`` fixes all the dice and lucky numbers to come)."""
        self._rng[:] = K.seed_rng(0 if seed is None else seed)
        self._run(np.zeros(self.n, np.int64), True, self._all)
        return self._out(self._obs, self._mask)

    def step(self, actions: np.ndarray, active: np.ndarray | None = None):
        """Play ``actions[i]`` in every game ``i`` (``active``, bool ``(n,)``: only in those
        games; the others are left as they are, reward 0, not done)."""
        self._run(np.asarray(actions, np.int64), False, self._active(active))
        return self._out(self._obs, self._mask, self.reward, self.done)

    @property
    def obs(self) -> np.ndarray:
        return self._obs

    @property
    def mask(self) -> np.ndarray:
        return self._mask

    @property
    def dice(self) -> np.ndarray:
        """The current roll of every game ``(n, 6)`` (dice of closed rows are stale)."""
        return self._S[:, K.DICE:K.DICE + 6]

    @property
    def lucky(self) -> np.ndarray:
        """Longo: the lucky numbers ``(n, players, 2)`` of the current games."""
        return self._sheets[:, :, K.LUCKY:K.LUCKY + 2]

    @property
    def phase(self) -> np.ndarray:
        """1: action 1, 2: action 2, per game."""
        return self._S[:, K.PHASE]

    # the raw state (read-only views, for agents that want more than the observation)
    @property
    def states(self) -> np.ndarray:
        """``(n, K.H + players * K.PB)``: every game's state in the layout of
        :mod:`qwixo.qwixx.kernels` (header, then one block per player), for agents that call
        the kernels themselves (e.g. :func:`qwixo.qwixx.kernels.score`)."""
        return self._S

    @property
    def last(self) -> np.ndarray:
        """``(n, players, 4)``: each player's last crossed cell per row (-1: none)."""
        return self._sheets[:, :, K.LAST:K.LAST + 4]

    @property
    def crosses(self) -> np.ndarray:
        """``(n, players, 4)``: crosses per row, the lock box included."""
        return self._sheets[:, :, K.CNT:K.CNT + 4]

    @property
    def penalties(self) -> np.ndarray:
        """``(n, players)``: penalty boxes crossed."""
        return self._sheets[:, :, K.PEN]

    @property
    def closed(self) -> np.ndarray:
        """``(n,)``: bit mask of the closed rows (1 = red, 2 = yellow, 4 = green, 8 = blue)."""
        return self._S[:, K.CLOSED]

    @property
    def active(self) -> np.ndarray:
        """``(n,)``: the active player (who rolled) of every game."""
        return self._S[:, K.ACTIVE]

    @property
    def a1_crossed(self) -> np.ndarray:
        """``(n,)``: 1 when the active player crossed in this turn's action 1 (action 2)."""
        return self._S[:, K.A1CROSSED]

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        out = np.empty(self.n, np.int64) if out is None else out
        sample_masks(self._mask, self._rng, out)
        return out

    def oracle(self, **options: Any) -> Any:
        """One player: the exact solitaire table's value of every action of every game
        (:func:`qwixo.qwixx.oracle.of_env`; ``options``: its ``directory``, ``solution``)."""
        from qwixo.qwixx.oracle import of_env

        return of_env(self, **options)

    def kernel_bot(self, name: str, seed: int = 0) -> Any:
        """The batch simulator's policy ``name`` (:data:`qwixo.qwixx.batch.POLICY_IDS`) as
        ``f(games) -> actions``: its choice for the player to act in each of ``games``; with
        one player also ``optimal``, a best action of the solitaire table (:meth:`oracle`)."""
        from qwixo.qwixx import batch as B
        from qwixo.qwixx import kernel_bots as KB

        if name == "optimal" and self.players == 1:
            def optimal(games: np.ndarray) -> np.ndarray:
                return self.oracle().best_actions(seed)[np.asarray(games, np.int64)]

            return optimal
        pol = KB.policy_ids(name, self.players)
        prm = B.seat_params(None, pol, self.edition)
        wcell = B.weights(self.edition)
        rng = K.seed_rng(seed)
        lucky_off = 4 if self.codec.edition.lucky else 0

        def act(games: np.ndarray) -> np.ndarray:
            out = np.empty(len(games), np.int64)
            KB.bot_actions(self._S, self._g, self._opts, np.asarray(games, np.int64), pol,
                           rng, self._T, prm, wcell, lucky_off, out)
            return out

        return act

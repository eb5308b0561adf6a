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

from qwixo.quixo import kernels as QK
from qwixo.quixo.tables import MAX_SIZE, MIN_SIZE
from qwixo.qwixx import batch as QB

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
        elif players == 2:
            me, op = QK.apply_move(st[i, p], st[i, 1 - p], a, T)
            st[i, p] = me
            st[i, 1 - p] = op
            st[i, 4] = np.uint64(1 - p)
            r = QK.outcome(me, op, L)
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


# -- Qwixx -------------------------------------------------------------------------------------
# per-game fields of the int64 array ``g``
G_CLOSED, G_ACTIVE, G_PHASE, G_A1, G_Q, G_K = range(6)
G_SIZE = 6
MAX_OPTS = 64
# observation block offsets (``-1``: the edition has no such block), see qwixx_codec
B_CELLS, B_LOCKS, B_PEN, B_CLOSED, B_DICE, B_PHASE, B_ACTIVE, B_A1, B_TOACT, B_LUCKY, B_BAR, \
    B_REWARDS = range(12)
BLOCK_NAMES = ("cells", "locks", "penalties", "closed", "dice", "phase", "active", "a1_crossed",
               "to_act", "lucky", "bar", "rewards")


@njit(cache=True)
def _act_index(code, L, lucky_off):
    """The action number (qwixx_codec) of a kernel option code (-1: pass)."""
    if code < 0:
        return 0
    r = (code & 127) >> 5
    ci = code & 31
    if code >= QB.LUCKY_FLAG:
        return 1 + 4 * L + r
    tie = (code // QB.TIE_UNIT) % 8 - 1
    if tie >= 0:
        return 1 + 4 * L + lucky_off + (L * r + ci) * 4 + tie
    return 1 + L * r + ci


@njit(cache=True)
def _qx_cross(i, p, code, cl, last, cnt, barpos, marks, xmarks, rewards, lock_from, need,
              bonus, bar, pair_kind, pair_cells, has_bonus, has_pairs):
    """Player p of game i crosses option ``code`` with the rows ``cl`` closed (the kernels'
    rules: plain, Bonus A chain or Bonus B rewards); returns ``cl`` with p's new locks and
    records the cells crossed in ``xmarks`` (every cross of a row after the first one of a
    call is the next cell, so the crossed cells of a row are the last ``d`` before ``last``)."""
    b0 = last[i, p, 0]
    b1 = last[i, p, 1]
    b2 = last[i, p, 2]
    b3 = last[i, p, 3]
    c0 = cnt[i, p, 0]
    c1 = cnt[i, p, 1]
    c2 = cnt[i, p, 2]
    c3 = cnt[i, p, 3]
    r = (code & 127) >> 5
    ci = code & 31
    if has_pairs:
        cl, _, _ = QB._cross_pairs(last[i], cnt[i], marks[i], rewards[i], p, r, ci, cl,
                                   (code // QB.TIE_UNIT) % 8 - 1, lock_from, need, pair_kind,
                                   pair_cells)
    elif has_bonus:
        cl = QB._cross_chain(last[i], cnt[i], barpos[i], p, r, ci, cl, lock_from, need, bonus,
                             bar)
    else:
        last[i, p, r] = ci
        cnt[i, p, r] += 1
        if ci >= lock_from[r]:
            cnt[i, p, r] += 1
            cl |= 1 << r
    for rr in range(4):
        if rr == 0:
            lb, cb = b0, c0
        elif rr == 1:
            lb, cb = b1, c1
        elif rr == 2:
            lb, cb = b2, c2
        else:
            lb, cb = b3, c3
        la = last[i, p, rr]
        if la != lb:
            d = cnt[i, p, rr] - cb
            if la >= lock_from[rr] and lb < lock_from[rr]:
                d -= 1  # the lock box
            xmarks[i, p, rr] |= ((1 << d) - 1) << (la - d + 1)
    return cl


@njit(cache=True)
def _qx_options1(i, q, g, last, cnt, marks, rewards, lucky, dice, opts, index_of, lock_from,
                 numbers, need, pair_kind, pair_cells, has_pairs, scratch):
    """Action-1 options of player q (the kernels' enumeration of qwixo.qwixx.batch.play)."""
    closed = g[i, G_CLOSED]
    k = 0
    s = dice[i, 0] + dice[i, 1]
    for r in range(4):
        ci = index_of[r, s]
        if QB._legal(last[i, q, r], cnt[i, q, r], closed, r, ci, lock_from[r], need):
            opts[i, k] = 32 * r + ci
            k += 1
    if lucky[i, q, 0] == s or lucky[i, q, 1] == s:
        fewest = cnt[i, q, 0]
        for r in range(1, 4):
            if cnt[i, q, r] < fewest:
                fewest = cnt[i, q, r]
        for r in range(4):
            ci = last[i, q, r] + 1
            if (cnt[i, q, r] == fewest and ci < numbers.shape[1] and numbers[r, ci] != s
                    and QB._legal(last[i, q, r], cnt[i, q, r], closed, r, ci, lock_from[r],
                                  need)):
                opts[i, k] = QB.LUCKY_FLAG + 32 * r + ci
                k += 1
    if has_pairs:
        k = QB._expand_ties(q, k, opts[i], last[i], cnt[i], marks[i], rewards[i], closed,
                            lock_from, need, pair_kind, pair_cells, scratch)
    g[i, G_K] = k


@njit(cache=True)
def _qx_options2(i, g, last, cnt, marks, rewards, dice, opts, lock_from, by_colour, need,
                 pair_kind, pair_cells, has_pairs, scratch):
    """Action-2 options of the active player (white die + a coloured die still in play)."""
    closed = g[i, G_CLOSED]
    q = g[i, G_ACTIVE]
    k = 0
    for cc in range(4):
        if (closed >> cc) & 1:
            continue
        for w in range(2):
            if w == 1 and dice[i, 1] == dice[i, 0]:
                break
            s = dice[i, w] + dice[i, 2 + cc]
            for j2 in range(by_colour.shape[2]):
                code = by_colour[cc, s, j2]
                if code < 0:
                    break
                r = code >> 5
                ci = code & 31
                if QB._legal(last[i, q, r], cnt[i, q, r], closed, r, ci, lock_from[r], need):
                    dup = False
                    for j in range(k):
                        if opts[i, j] == code:
                            dup = True
                    if not dup:
                        opts[i, k] = code
                        k += 1
    if has_pairs:
        k = QB._expand_ties(q, k, opts[i], last[i], cnt[i], marks[i], rewards[i], closed,
                            lock_from, need, pair_kind, pair_cells, scratch)
    g[i, G_K] = k


@njit(cache=True)
def _qx_observe(i, g, last, cnt, pen, barpos, xmarks, rewards, lucky, dice, opts, obs, mask,
                to_act, blocks, L, F, lucky_off, lock_from, bar):
    """Observation (the layout of qwixx_codec) and mask of game i for the player to act."""
    P = last.shape[1]
    phase = g[i, G_PHASE]
    q = g[i, G_Q] if phase == 1 else g[i, G_ACTIVE]
    to_act[i] = q
    closed = g[i, G_CLOSED]
    o = obs[i]
    o[:] = 0.0
    for k in range(P):
        p = (q + k) % P
        for r in range(4):
            x = xmarks[i, p, r]
            base = blocks[B_CELLS] + (k * 4 + r) * L
            ci = 0
            while x:
                if x & 1:
                    o[base + ci] = 1.0
                x >>= 1
                ci += 1
            if last[i, p, r] >= lock_from[r]:
                o[blocks[B_LOCKS] + k * 4 + r] = 1.0
        for j in range(min(pen[i, p], 4)):
            o[blocks[B_PEN] + k * 4 + j] = 1.0
        if blocks[B_LUCKY] >= 0:
            for j in range(2):
                o[blocks[B_LUCKY] + k * (2 * F - 1) + lucky[i, p, j] - 2] = 1.0
        if blocks[B_BAR] >= 0:
            nb = bar.shape[0]
            for b in range(nb):
                if b < barpos[i, p] or (closed >> bar[b]) & 1:
                    o[blocks[B_BAR] + k * nb + b] = 1.0
        if blocks[B_REWARDS] >= 0:
            for kind in range(5):
                if (rewards[i, p] >> kind) & 1:
                    o[blocks[B_REWARDS] + k * 5 + kind] = 1.0
    for r in range(4):
        if (closed >> r) & 1:
            o[blocks[B_CLOSED] + r] = 1.0
    o[blocks[B_PHASE] + phase - 1] = 1.0
    for j in range(6):
        if j >= 2 and (closed >> (j - 2)) & 1:
            continue
        o[blocks[B_DICE] + j * F + dice[i, j] - 1] = 1.0
    o[blocks[B_ACTIVE] + (g[i, G_ACTIVE] - q) % P] = 1.0
    if phase == 2 and g[i, G_A1]:
        o[blocks[B_A1]] = 1.0
    o[blocks[B_TOACT]] = 1.0
    m = mask[i]
    m[:] = False
    m[0] = True
    for j in range(g[i, G_K]):
        m[_act_index(opts[i, j], L, lucky_off)] = True


@njit(cache=True)
def _qx_new_game(i, g, last, cnt, pen, barpos, marks, xmarks, rewards, lucky, dice, rng,
                 faces, lucky_edition):
    P = last.shape[1]
    for p in range(P):
        for r in range(4):
            last[i, p, r] = -1
            cnt[i, p, r] = 0
            marks[i, p, r] = 0
            xmarks[i, p, r] = 0
        pen[i, p] = 0
        barpos[i, p] = 0
        rewards[i, p] = 0
        lucky[i, p, 0] = 0
        lucky[i, p, 1] = 0
        if lucky_edition:  # a pair of different sums per player, all pairs different
            while True:
                a = 2 + QB._below(rng, 2 * faces - 1)
                b = 2 + QB._below(rng, 2 * faces - 1)
                if a == b:
                    continue
                if a > b:
                    a, b = b, a
                fresh = True
                for p2 in range(p):
                    if lucky[i, p2, 0] == a and lucky[i, p2, 1] == b:
                        fresh = False
                if fresh:
                    lucky[i, p, 0] = a
                    lucky[i, p, 1] = b
                    break
    g[i, G_CLOSED] = 0
    g[i, G_ACTIVE] = 0
    g[i, G_A1] = 0


@njit(cache=True)
def _qx_roll(i, g, dice, rng, faces):
    for j in range(6):
        dice[i, j] = 1 + QB._below(rng, faces)
    g[i, G_PHASE] = 1
    g[i, G_Q] = 0
    g[i, G_A1] = 0


@njit(cache=True)
def _qx_step(actions, g, last, cnt, pen, barpos, marks, xmarks, rewards, lucky, dice, opts,
             choice, rng, obs, mask, reward, done, to_act, final, blocks, L, F, lucky_off,
             lucky_edition, reward_mode, index_of, lock_from, by_colour, numbers, need, faces,
             bonus, bar, pair_kind, pair_cells, reset_only):
    n = g.shape[0]
    P = last.shape[1]
    has_bonus = bar.shape[0] > 0
    has_pairs = pair_cells[0, 0, 0] >= 0
    scratch = np.empty(MAX_OPTS, np.int64)
    scores = np.empty(P, np.int64)
    rew = np.empty(P, np.float64)
    for i in range(n):
        for p in range(P):
            reward[i, p] = 0.0
        done[i] = False
        ended = reset_only
        if not reset_only:
            phase = g[i, G_PHASE]
            q = g[i, G_Q] if phase == 1 else g[i, G_ACTIVE]
            a = actions[i]
            c = -1
            if a > 0:
                for j in range(g[i, G_K]):
                    if _act_index(opts[i, j], L, lucky_off) == a:
                        c = opts[i, j]
                        break
            if phase == 1:
                choice[i, q] = c
                if q + 1 < P:
                    g[i, G_Q] = q + 1
                    _qx_options1(i, q + 1, g, last, cnt, marks, rewards, lucky, dice, opts,
                                 index_of, lock_from, numbers, need, pair_kind, pair_cells,
                                 has_pairs, scratch)
                else:
                    # action 1 takes effect for everyone at once, from the same closed rows
                    start = g[i, G_CLOSED]
                    newly = 0
                    active = g[i, G_ACTIVE]
                    for p in range(P):
                        cp = choice[i, p]
                        if cp >= 0:
                            newly |= _qx_cross(i, p, cp, start, last, cnt, barpos, marks,
                                               xmarks, rewards, lock_from, need, bonus, bar,
                                               pair_kind, pair_cells, has_bonus, has_pairs)
                            if p == active:
                                g[i, G_A1] = 1
                    g[i, G_CLOSED] = start | newly
                    if QB._popcount(start | newly) >= 2:
                        ended = True
                    else:
                        g[i, G_PHASE] = 2
                        _qx_options2(i, g, last, cnt, marks, rewards, dice, opts, lock_from,
                                     by_colour, need, pair_kind, pair_cells, has_pairs, scratch)
            else:
                active = g[i, G_ACTIVE]
                if c >= 0:
                    g[i, G_CLOSED] = _qx_cross(i, active, c, g[i, G_CLOSED], last, cnt,
                                               barpos, marks, xmarks, rewards, lock_from, need,
                                               bonus, bar, pair_kind, pair_cells, has_bonus,
                                               has_pairs)
                elif not g[i, G_A1]:
                    pen[i, active] += 1
                    if pen[i, active] >= 4:
                        ended = True
                if QB._popcount(g[i, G_CLOSED]) >= 2:
                    ended = True
                if not ended:
                    g[i, G_ACTIVE] = (active + 1) % P
                    _qx_roll(i, g, dice, rng, faces)
                    _qx_options1(i, 0, g, last, cnt, marks, rewards, lucky, dice, opts,
                                 index_of, lock_from, numbers, need, pair_kind, pair_cells,
                                 has_pairs, scratch)
            if ended:
                done[i] = True
                for p in range(P):
                    scores[p] = QB._final_score(cnt[i], pen[i], rewards[i], p)
                    final[i, p] = scores[p]
                _rewards(scores, reward_mode, rew)
                for p in range(P):
                    reward[i, p] = rew[p]
        if ended:
            _qx_new_game(i, g, last, cnt, pen, barpos, marks, xmarks, rewards, lucky, dice, rng,
                         faces, lucky_edition)
            _qx_roll(i, g, dice, rng, faces)
            _qx_options1(i, 0, g, last, cnt, marks, rewards, lucky, dice, opts, index_of,
                         lock_from, numbers, need, pair_kind, pair_cells, has_pairs, scratch)
        _qx_observe(i, g, last, cnt, pen, barpos, xmarks, rewards, lucky, dice, opts, obs, mask,
                    to_act, blocks, L, F, lucky_off, lock_from, bar)


class QwixxVec:
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
                 reward: str = "outcome") -> None:
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
        self._tab = QB.tables(codec.edition_name)
        self._blocks = np.array([codec.blocks[b][0] if b in codec.blocks else -1
                                 for b in BLOCK_NAMES], np.int64)
        P = self.players
        z = np.zeros
        self._g = z((n, G_SIZE), np.int64)
        self._last = z((n, P, 4), np.int64)
        self._cnt = z((n, P, 4), np.int64)
        self._pen = z((n, P), np.int64)
        self._barpos = z((n, P), np.int64)
        self._marks = z((n, P, 4), np.int64)
        self._xmarks = z((n, P, 4), np.int64)
        self._rewards = z((n, P), np.int64)
        self._lucky = z((n, P, 2), np.int64)
        self._dice = z((n, 6), np.int64)
        self._opts = z((n, MAX_OPTS), np.int64)
        self._choice = z((n, P), np.int64)
        self._obs = z((n, codec.obs_size), np.float32)
        self._mask = z((n, self.num_actions), np.bool_)
        self.reward = z((n, P), np.float32)
        self.done = z(n, np.bool_)
        self.to_act = z(n, np.int64)
        self.final_scores = z((n, P), np.int64)
        self._rng = np.ones(1, np.uint64)
        self._reward_mode = REWARD_MODES[reward]

    def _run(self, actions: np.ndarray, reset_only: bool) -> None:
        t = self._tab
        ed = self.codec.edition
        _qx_step(actions, self._g, self._last, self._cnt, self._pen, self._barpos, self._marks,
                 self._xmarks, self._rewards, self._lucky, self._dice, self._opts, self._choice,
                 self._rng, self._obs, self._mask, self.reward, self.done, self.to_act,
                 self.final_scores, self._blocks, self.codec.row_length, self.codec.faces,
                 4 if ed.lucky else 0, bool(ed.lucky), self._reward_mode, t.index_of,
                 t.lock_from, t.by_colour, t.numbers, t.lock_need, t.faces, t.bonus, t.bar,
                 t.pair_kind, t.pair_cells, reset_only)

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray]:
        """New games everywhere (``seed`` fixes all the dice and lucky numbers to come)."""
        self._rng[0] = QB._mix(0 if seed is None else int(seed))
        self._run(np.zeros(self.n, np.int64), True)
        return self._obs, self._mask

    def step(self, actions: np.ndarray):
        self._run(np.asarray(actions, np.int64), False)
        return self._obs, self._mask, self.reward, self.done

    @property
    def obs(self) -> np.ndarray:
        return self._obs

    @property
    def mask(self) -> np.ndarray:
        return self._mask

    @property
    def dice(self) -> np.ndarray:
        """The current roll of every game ``(n, 6)`` (dice of closed rows are stale)."""
        return self._dice

    @property
    def lucky(self) -> np.ndarray:
        """Longo: the lucky numbers ``(n, players, 2)`` of the current games."""
        return self._lucky

    @property
    def phase(self) -> np.ndarray:
        """1: action 1, 2: action 2, per game."""
        return self._g[:, G_PHASE]

    # the raw state (read-only views, for agents that want more than the observation)
    @property
    def last(self) -> np.ndarray:
        """``(n, players, 4)``: each player's last crossed cell per row (-1: none)."""
        return self._last

    @property
    def crosses(self) -> np.ndarray:
        """``(n, players, 4)``: crosses per row, the lock box included."""
        return self._cnt

    @property
    def penalties(self) -> np.ndarray:
        """``(n, players)``: penalty boxes crossed."""
        return self._pen

    @property
    def closed(self) -> np.ndarray:
        """``(n,)``: bit mask of the closed rows (1 = red, 2 = yellow, 4 = green, 8 = blue)."""
        return self._g[:, G_CLOSED]

    @property
    def active(self) -> np.ndarray:
        """``(n,)``: the active player (who rolled) of every game."""
        return self._g[:, G_ACTIVE]

    @property
    def a1_crossed(self) -> np.ndarray:
        """``(n,)``: 1 when the active player crossed in this turn's action 1 (action 2)."""
        return self._g[:, G_A1]

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        out = np.empty(self.n, np.int64) if out is None else out
        sample_masks(self._mask, self._rng, out)
        return out

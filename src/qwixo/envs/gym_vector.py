"""Kernel-speed single-agent training: Gymnasium ``VectorEnv`` over the numba kernels.

``gymnasium.make_vec("qwixo/Quixo-v0", num_envs=N)`` (or ``vectorization_mode=
"vector_entry_point"``) returns :class:`QuixoVectorEnv`; ``"qwixo/Qwixx-v0"`` and
``"qwixo/QwixxSolitaire-v0"`` return :class:`QwixxVectorEnv`. (``vectorization_mode="sync"``
still gives Gymnasium's ``SyncVectorEnv`` of the Python environments, e.g. for the
search bots as opponents.) :func:`sb3_vec_env` adapts either to a Stable-Baselines3 ``VecEnv``.

Each of the ``N`` games runs one agent seat against opponents played *inside* the kernels,
so a ``step`` is one numba call over every game (``prange``: every core):

- Quixo (2 players, sizes 3..7): ``opponent="random"`` (a uniformly random legal move),
  ``"safe"`` (an immediate win when there is one, else a move that neither makes the agent's
  line nor leaves it an immediate win, else any; random among equals) or ``"value"`` (the best
  afterstate of a line-pattern value function, ``opponent_weights`` a ``(3, N+1, N+1)``
  array as ``examples/quixo_td.py`` learns);
- Qwixx (every edition, 1..5 players): ``opponent`` any policy of the batch simulator
  (:mod:`qwixo.qwixx.batch`): ``"random"``, ``"gap"``, ``"race"``, and the value-function bots
  ``"td"`` (the shipped afterstate network, :mod:`qwixo.qwixx.td`), ``"ev"``, ``"odds"`` —
  one name, or one per other seat.

Spaces: the observation is the codec's array (as the Python environments'
``obs["observation"]``; ``channels_first=True``: Quixo planes as ``uint8 (C, H, W)``), the
action ``Discrete(num_actions)`` per game. ``info["action_mask"]`` is the ``int8 (N,
num_actions)`` mask (also :meth:`action_masks`); ``mask_in_obs=True``: the observation is the
Python environments' ``Dict`` (``observation``, ``action_mask``, ``ply`` where there is a ply
limit), so that every vectorisation mode of an id has the same space. ``autoreset_mode``
(Gymnasium's ``AutoresetMode``): ``NEXT_STEP`` (the default) returns a finished game's last
observation with its ``terminations``/``truncations`` and restarts it at the next ``step``
(its action ignored, its mask all ones, reward 0); ``SAME_STEP`` restarts it at once: the
returned observation is the new game's, and ``info["final_obs"]`` (``(N, ...)``, valid where
``info["_final_obs"]``) holds the last observation of the finished one. ``terminations``
marks real ends, ``truncations`` games cut by Quixo's ``max_plies`` (reward 0). Rewards are the agent's, as in the Python
environments (``reward="outcome"``; Qwixx also ``"margin"``, ``"score"``, ``"delta"``).
The arrays returned are fresh copies unless ``copy=False``.

``seat``: the agent's seat (an int), or ``"alternate"``: game ``i`` plays seat ``i % players``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import get_num_threads, njit, prange

from qwixo.envs import vector as V
from qwixo.quixo import kernels as QK
from qwixo.quixo.search import popcount
from qwixo.qwixx import batch as QB
from qwixo.qwixx import kernels as K

QUIXO_OPPONENTS = {"random": 0, "safe": 1, "value": 2}
# the batch simulator's helpers (public names once the rules work lands, private before)
_decide = getattr(QB, "decide", None) or QB._decide
_mix = getattr(QB, "mix", None) or QB._mix
_seat_params = getattr(QB, "seat_params", None) or QB._seat_params


# -- Quixo -------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _rand(rng, i, n):
    """Uniform in ``0..n-1`` from game ``i``'s xorshift64* state."""
    x = rng[i]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    rng[i] = x
    return np.int64(((x * np.uint64(2685821657736338717)) >> np.uint64(33)) % np.uint64(n))


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
        if v > best:
            best = v
            count = 1
            pick = m
        elif v == best:
            count += 1
            if _rand(rng, i, count) == 0:
                pick = m
    return pick


@njit(cache=True, inline="always")
def _opponent_move(me, op, opp, T, L, buf, buf2, rng, i, cls, W):
    if opp == 0:
        k = QK.gen_moves(me, op, T, buf)
        return buf[_rand(rng, i, k)]
    return _best_move(me, op, opp, T, L, buf, buf2, rng, i, cls, W)


@njit(cache=True, inline="always")
def _quixo_write(me, op, nn, cf, live, o, m, T):
    """Observation (codec planes: own cubes, the opponent's, to move) and mask of the agent."""
    one = np.uint64(1)
    for s in range(nn):
        a = (me >> np.uint64(s)) & one
        b = (op >> np.uint64(s)) & one
        if cf:
            o[s] = a
            o[nn + s] = b
            o[2 * nn + s] = live
        else:
            o[3 * s] = a
            o[3 * s + 1] = b
            o[3 * s + 2] = live
    for a in range(m.shape[0]):
        m[a] = 1 if live == 1 and QK.legal(op, a, T) else 0


@njit(cache=True, inline="always")
def _quixo_new(st, ply, seat, i, opp, T, L, buf, buf2, rng, cls, W):
    st[i, 0] = 0
    st[i, 1] = 0
    ply[i] = 0
    if seat[i] == 1:  # the opponent (X) moves first
        mv = _opponent_move(np.uint64(0), np.uint64(0), opp, T, L, buf, buf2, rng, i, cls, W)
        a, b = QK.apply_move(np.uint64(0), np.uint64(0), mv, T)
        st[i, 0] = a
        ply[i] = 1


@njit(cache=True, parallel=True)
def _quixo_sa_step(st, ply, seat, actions, reset_only, opp, max_plies, T, L, rng, obs, mask,
                   reward, term, trunc, fobs, fply, cf, scratch, cls, W, next_step, pending):
    """One agent step of every game. A game that ends is restarted in the same step (its last
    observation into ``fobs``) or, ``next_step``, left over with its last observation in
    ``obs`` and ``pending`` set: the next call restarts it, ignoring its action."""
    n = st.shape[0]
    nn = obs.shape[1] // 3
    M = T.shape[1]
    for i in prange(n):
        buf = scratch[i, :M]
        buf2 = scratch[i, M:]
        reward[i] = 0.0
        term[i] = False
        trunc[i] = False
        if reset_only or (next_step and pending[i]):
            _quixo_new(st, ply, seat, i, opp, T, L, buf, buf2, rng, cls, W)
            pending[i] = False
            s = seat[i]
            _quixo_write(st[i, s], st[i, 1 - s], nn, cf, 1, obs[i], mask[i], T)
        else:
            s = seat[i]
            me = st[i, s]
            op = st[i, 1 - s]
            a = actions[i]
            done = False
            if a < 0 or a >= M or not QK.legal(op, a, T):
                reward[i] = -1.0  # an illegal move loses (the game is left as it was)
                done = True
            else:
                me, op = QK.apply_move(me, op, a, T)
                ply[i] += 1
                r = QK.outcome(me, op, L)
                if r != QK.ONGOING:
                    reward[i] = r
                    done = True
                elif ply[i] >= max_plies:
                    trunc[i] = True
                else:
                    mv = _opponent_move(op, me, opp, T, L, buf, buf2, rng, i, cls, W)
                    op, me = QK.apply_move(op, me, mv, T)
                    ply[i] += 1
                    r = QK.outcome(op, me, L)
                    if r != QK.ONGOING:
                        reward[i] = -r
                        done = True
                    elif ply[i] >= max_plies:
                        trunc[i] = True
            st[i, s] = me
            st[i, 1 - s] = op
            term[i] = done
            if not (done or trunc[i]):
                _quixo_write(me, op, nn, cf, 1, obs[i], mask[i], T)
            elif next_step:  # the last observation now; any action restarts the game
                fply[i] = ply[i]
                _quixo_write(me, op, nn, cf, 0, obs[i], mask[i], T)
                for x in range(M):
                    mask[i, x] = 1
                pending[i] = True
            else:
                fply[i] = ply[i]
                _quixo_write(me, op, nn, cf, 0, fobs[i], mask[i], T)
                _quixo_new(st, ply, seat, i, opp, T, L, buf, buf2, rng, cls, W)
                _quixo_write(st[i, s], st[i, 1 - s], nn, cf, 1, obs[i], mask[i], T)


def _seeds(seed: int | None, n: int) -> np.ndarray:
    base = np.random.SeedSequence(seed).generate_state(n * 2, np.uint64)
    return (base[::2] | np.uint64(1)).astype(np.uint64)


def _seats(seat: int | str, n: int, players: int) -> np.ndarray:
    if seat == "alternate":
        return (np.arange(n) % players).astype(np.int64)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1} or 'alternate', not {seat!r}")
    return np.full(n, seat, np.int64)


class _KernelVectorEnv:
    """What both kernel vector envs share (the Gymnasium ``VectorEnv`` part)."""

    def _finish_init(self, num_envs: int, codec: Any, channels_first: bool, num_actions: int,
                     copy: bool, render_mode: str | None, autoreset_mode: Any,
                     mask_in_obs: bool) -> None:
        from gymnasium import spaces
        from gymnasium.vector.utils import batch_space

        from qwixo.envs.pz import observation_space

        if render_mode is not None:
            raise ValueError("the kernel vector environments do not render: use "
                             "vectorization_mode='sync' to render")
        self.num_envs = int(num_envs)
        self.num_actions = int(num_actions)
        self.metadata = {}
        self.autoreset_mode = autoreset_mode
        self.mask_in_obs = bool(mask_in_obs)
        # the spaces of the Python environment of the same id (what vectorization_mode="sync"
        # batches), with the mask and the ply in the observation or not
        self._box = observation_space(codec, False, channels_first)
        self.single_observation_space = observation_space(codec, self.mask_in_obs,
                                                          channels_first)
        self.single_action_space = spaces.Discrete(num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.copy = bool(copy)
        self.render_mode = None
        self._mask = np.zeros((self.num_envs, num_actions), np.int8)
        self._reward = np.zeros(self.num_envs, np.float32)
        self._term = np.zeros(self.num_envs, np.bool_)
        self._trunc = np.zeros(self.num_envs, np.bool_)
        self._rng = np.ones(self.num_envs, np.uint64)
        self._sample_rng = np.ones(1, np.uint64)
        self._pending = np.zeros(self.num_envs, np.bool_)
        self._ply = np.zeros(self.num_envs, np.int64)
        self._fply = np.zeros(self.num_envs, np.int64)
        self._has_ply = codec.max_plies is not None

    @property
    def autoreset_mode(self) -> Any:
        """Gymnasium's ``AutoresetMode`` of this env: ``NEXT_STEP`` (the default) or
        ``SAME_STEP``; settable (``sb3_vec_env`` sets ``SAME_STEP``), also as a string."""
        return self.metadata["autoreset_mode"]

    @autoreset_mode.setter
    def autoreset_mode(self, mode: Any) -> None:
        from gymnasium.vector import AutoresetMode

        try:
            mode = AutoresetMode(mode)
        except ValueError:
            mode = None
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise ValueError("autoreset_mode must be AutoresetMode.NEXT_STEP or SAME_STEP "
                             "(or 'NextStep', 'SameStep')")
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        self._next_step = mode == AutoresetMode.NEXT_STEP

    def _observation(self, arr: np.ndarray, mask: np.ndarray, ply: np.ndarray) -> Any:
        """The batched observation: the array, or with ``mask_in_obs`` the ``Dict`` of the
        Python environments (``observation``, ``action_mask``, ``ply`` where there is a ply
        limit)."""
        arr = arr.reshape(self.num_envs, *self._box.shape)
        if not self.mask_in_obs:
            return self._c(arr)
        out = {"observation": self._c(arr), "action_mask": mask.copy()}
        if self._has_ply:
            out["ply"] = ply.reshape(self.num_envs, 1).copy()
        return out

    def _obs_now(self) -> Any:
        return self._observation(self._obs, self._mask, self._ply)

    def _c(self, a: np.ndarray) -> np.ndarray:
        return a.copy() if self.copy else a

    def action_masks(self) -> np.ndarray:
        """``int8 (N, num_actions)``: the agent's legal actions in every game (a copy)."""
        return self._mask.copy()

    def sample_actions(self, out: np.ndarray | None = None) -> np.ndarray:
        """A uniformly random legal action for every game (numba; seeded by ``reset``)."""
        out = np.empty(self.num_envs, np.int64) if out is None else out
        V.sample_masks(self._mask, self._sample_rng, out)
        return out

    def _infos(self, done: np.ndarray | None) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._c(self._mask)}
        if done is not None and not self._next_step:
            mask = np.zeros_like(self._mask) if self.mask_in_obs else self._mask
            info["final_obs"] = self._observation(self._fobs, mask, self._fply)
            info["_final_obs"] = done.copy()
        return info

    def close(self, **kwargs: Any) -> None:
        pass

    @property
    def unwrapped(self) -> Any:
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}(num_envs={self.num_envs})"


def _vector_base() -> type:
    import gymnasium

    return gymnasium.vector.VectorEnv


class QuixoVectorEnv(_KernelVectorEnv):
    """``N`` Quixo games (2 players), the agent against a kernel opponent (module docstring).

    >>> env = QuixoVectorEnv(4, size=3, opponent="safe", seat="alternate")
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, info["action_mask"].shape, int(obs[1, :, :, 0].sum())  # game 1: O, X moved
    ((4, 3, 3, 3), (4, 20), 0)
    >>> obs, reward, term, trunc, info = env.step(env.sample_actions())
    >>> reward.dtype, term.shape, sorted(info)   # next-step auto-reset: no final_obs
    (dtype('float32'), (4,), ['action_mask', 'ply'])
    >>> same = QuixoVectorEnv(4, size=3, autoreset_mode="SameStep")
    >>> _ = same.reset(seed=0)
    >>> sorted(same.step(same.sample_actions())[4])
    ['_final_obs', 'action_mask', 'final_obs', 'ply']
    """

    def __init__(self, num_envs: int = 1, size: int = 5, players: int = 2,
                 opponent: str = "random", seat: int | str = 0, max_plies: int | None = 200,
                 reward: str = "outcome", channels_first: bool = False, copy: bool = True,
                 render_mode: str | None = None, opponent_weights: Any = None,
                 autoreset_mode: Any = "NextStep", mask_in_obs: bool = False,
                 **unsupported: Any) -> None:
        if unsupported:
            raise ValueError(f"the kernel vector environment does not take "
                             f"{', '.join(sorted(unsupported))}: use vectorization_mode='sync'")
        if players != 2:
            raise ValueError("the kernel vector environment plays 2-player Quixo: use "
                             "vectorization_mode='sync' for 4 players")
        if opponent not in QUIXO_OPPONENTS:
            raise ValueError(f"kernel opponents: {', '.join(QUIXO_OPPONENTS)}, not {opponent!r}"
                             " (other bots: vectorization_mode='sync')")
        if reward != "outcome":
            raise ValueError("Quixo rewards are the outcome (+1, -1, 0)")
        from qwixo.envs.quixo_codec import QuixoCodec

        self.codec = QuixoCodec(size, 2, max_plies)
        self.size = int(size)
        self.max_plies = (1 << 62) if max_plies is None else int(max_plies)
        self.channels_first = bool(channels_first)
        self._T, self._L = QK.packed_tables(self.size)
        nn = self.size ** 2
        self._finish_init(num_envs, self.codec, self.channels_first, self._T.shape[1], copy,
                          render_mode, autoreset_mode, mask_in_obs)
        n = self.num_envs
        self._opp = QUIXO_OPPONENTS[opponent]
        self._seat = _seats(seat, n, 2)
        self._st = np.zeros((n, 2), np.uint64)
        dt = np.uint8 if channels_first else np.int8
        self._obs = np.zeros((n, 3 * nn), dt)
        self._fobs = np.zeros((n, 3 * nn), dt)
        self._scratch = np.empty((n, 2 * self._T.shape[1]), np.int64)
        # the value opponent: line classes as examples/quixo_td.py (border, inner, diagonal)
        self._cls = np.array([0 if (i % size) in (0, size - 1) else 1 for i in range(2 * size)]
                             + [2, 2], np.int64)[:len(self._L)]
        shape = (3, size + 1, size + 1)
        if opponent == "value":
            if opponent_weights is None:
                raise ValueError(f"opponent='value' needs opponent_weights, a {shape} array "
                                 "(e.g. examples/quixo_td.py's trained agent.w)")
            W = np.asarray(opponent_weights, np.float64)
            if W.shape != shape:
                raise ValueError(f"opponent_weights must have the shape {shape}, not {W.shape}")
            self._W = np.ascontiguousarray(W)
        else:
            self._W = np.zeros(shape, np.float64)

    def _run(self, actions: np.ndarray, reset_only: bool) -> None:
        _quixo_sa_step(self._st, self._ply, self._seat, actions, reset_only, self._opp,
                       self.max_plies, self._T, self._L, self._rng, self._obs, self._mask,
                       self._reward, self._term, self._trunc, self._fobs, self._fply,
                       self.channels_first, self._scratch, self._cls, self._W,
                       self._next_step, self._pending)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._rng[0] == 1:
            self._rng[:] = _seeds(seed, self.num_envs)
            self._sample_rng[0] = QB.mix(0 if seed is None else int(seed) + 1)
        self._run(np.zeros(self.num_envs, np.int64), True)
        info = self._infos(None)
        info["ply"] = self._c(self._ply)
        return self._obs_now(), info

    def step(self, actions: Any):
        self._run(np.asarray(actions, np.int64).reshape(self.num_envs), False)
        done = self._term | self._trunc
        info = self._infos(done)
        info["ply"] = self._c(self._ply)
        return (self._obs_now(), self._c(self._reward), self._c(self._term),
                self._c(self._trunc), info)

    @property
    def seats(self) -> np.ndarray:
        """``(N,)``: the agent's seat in every game (0: X, moves first)."""
        return self._seat


# -- Qwixx -------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _qx_agent_turn(s, gi, oi, choice_i, fixed_i, seat, pol, rng_i, T, prm, wcell, w, ev,
                   schoice, trace, tmp):
    """From a fresh roll: the opponents' action-1 choices (kept aside), then the agent's
    action-1 options. Returns nothing; the agent decides next."""
    P = s[K.NPL]
    total = s[K.DICE] + s[K.DICE + 1]
    for q in range(P):
        if q == seat:
            continue
        k = K.white_options(s, K.H + q * K.PB, s[K.CLOSED], total, T, tmp, w, ev)
        choice_i[q] = _decide(s, q, 1, k, tmp, fixed_i, pol, rng_i, schoice, trace, T,
                                 prm, wcell, w, ev)
    gi[V.G_Q] = seat
    V._qx_options(s, gi, oi, T, w, ev)


@njit(cache=True, inline="always")
def _qx_code(a, gi, oi, L, lucky_off):
    c = -1
    if a > 0:
        for j in range(gi[V.G_K]):
            if V._act_index(oi[j], L, lucky_off) == a:
                c = oi[j]
                break
    return c


@njit(cache=True)
def _qwixx_sa_games(lo, hi, P, L, actions, reset_only, S, g, opts, choice, fixed, seat, pol,
                    rngs, obs, mask, fobs, reward, term, final, blocks, lucky_off, lucky_edition,
                    reward_mode, solo_scale, T, prm, wcell, scratch_opts, scratch_w, next_step,
                    pending):
    """Games ``lo`` to ``hi - 1`` of :func:`_qwixx_sa_step`, one after the other: a kernel of
    its own, called once per thread, so that numba's parallel passes never see the bots
    inlined here (they made two thirds of the compile time)."""
    # the seats' parameter rows: the td rule writes its features into its row (scratch), so
    # each part has its own copy (a shared one was a data race between the threads: td
    # opponents decided differently from run to run)
    prm = prm.copy()
    ev = np.empty((0, 5), np.int64)  # (no events, choices or trace kept)
    schoice = np.empty(0, np.int64)
    trace = np.empty((0, 1), np.int64)
    scores = np.empty(P, np.int64)  # (written before each read)
    rew = np.empty(P, np.float64)
    for i in range(lo, hi):
        s = S[i]
        gi = g[i]
        oi = opts[i]
        ci = choice[i]
        fi = fixed[i]
        me = seat[i]
        rng_i = rngs[i:i + 1]
        tmp = scratch_opts[i]
        w = scratch_w[i]
        reward[i] = 0.0
        term[i] = False
        ended = reset_only or pending[i]
        pending[i] = False
        hold = False
        if not ended:
            before = K.score(s, K.H + me * K.PB, T, np.bool_(True))
            c = _qx_code(actions[i], gi, oi, L, lucky_off)  # not an option: pass
            if s[K.PHASE] == K.P_ACTION1:
                ci[me] = c
                reason, _ = K.resolve_action1(s, T, ci, ev, 0)
            else:
                reason, _ = K.finish_action2(s, T, c, ev, 0)
            ended = reason != K.END_NONE
            # the opponents' turns until the agent decides again
            while not ended:
                if s[K.PHASE] == K.P_ACTION2:
                    q = s[K.ACTIVE]
                    if q == me:
                        gi[V.G_Q] = me
                        V._qx_options(s, gi, oi, T, w, ev)
                        break
                    k = K.colour_options(s, K.H + q * K.PB, s[K.CLOSED], s[K.DICE],
                                         s[K.DICE + 1], s, K.DICE + 2, T, tmp, w, ev)
                    cq = _decide(s, q, 2, k, tmp, fi, pol, rng_i, schoice, trace, T, prm,
                                    wcell, w, ev)
                    reason, _ = K.finish_action2(s, T, cq, ev, 0)
                    ended = reason != K.END_NONE
                else:  # a new roll: action 1
                    V._qx_roll(s, gi, rng_i, T)
                    _qx_agent_turn(s, gi, oi, ci, fi, me, pol, rng_i, T, prm, wcell, w, ev,
                                   schoice, trace, tmp)
                    break
            if ended:
                term[i] = True
                for p in range(P):
                    scores[p] = K.score(s, K.H + p * K.PB, T, np.bool_(True))
                    final[i, p] = scores[p]
                if reward_mode == 3:  # delta
                    reward[i] = scores[me] - before
                else:
                    V._rewards(scores, reward_mode, solo_scale, rew)
                    reward[i] = rew[me]
                # the last observation, the agent's: the sheets, phase "over", nothing to
                # decide (_qx_observe reads the observer from ACTIVE outside action 1); in
                # obs itself when the game restarts at the next step (any action restarts it)
                fo = obs[i] if next_step else fobs[i]
                active = s[K.ACTIVE]
                s[K.ACTIVE] = me
                V._qx_observe(s, gi, oi, fo, mask[i], blocks, lucky_off, T)
                s[K.ACTIVE] = active
                for x in range(blocks[V.B_DICE], blocks[V.B_DICE] + 6 * T[K.T_FACES]):
                    fo[x] = 0.0
                for x in range(P):
                    fo[blocks[V.B_ACTIVE] + x] = 0.0
                for x in range(3):
                    fo[blocks[V.B_PHASE] + x] = 0.0
                fo[blocks[V.B_PHASE] + 2] = 1.0
                fo[blocks[V.B_A1]] = 0.0
                fo[blocks[V.B_TOACT]] = 0.0
                if next_step:
                    for x in range(mask.shape[1]):
                        mask[i, x] = True
                    pending[i] = True
                    hold = True
            elif reward_mode == 3:
                reward[i] = K.score(s, K.H + me * K.PB, T, np.bool_(True)) - before
        if hold:
            continue
        if ended:
            V._qx_new_game(s, rng_i, lucky_edition, T)
            for p in range(P):
                fi[p] = -2
            # player 0 is active first: the opponents before the agent play their turns
            V._qx_roll(s, gi, rng_i, T)
            _qx_agent_turn(s, gi, oi, ci, fi, me, pol, rng_i, T, prm, wcell, w, ev, schoice,
                           trace, tmp)
        gi[V.G_Q] = me
        V._qx_observe(s, gi, oi, obs[i], mask[i], blocks, lucky_off, T)


@njit(cache=True, parallel=True)
def _qwixx_sa_step(actions, reset_only, S, g, opts, choice, fixed, seat, pol, rngs, obs, mask,
                   fobs, reward, term, final, blocks, lucky_off, lucky_edition, reward_mode,
                   solo_scale, T, prm, wcell, scratch_opts, scratch_w, parts, next_step,
                   pending):
    """One step of every game, in ``parts`` parts of consecutive games run in parallel (one
    per thread: how prange itself would split the games)."""
    n = S.shape[0]
    P = S[0, K.NPL]
    L = T[K.T_LEN]
    for c in prange(parts):
        _qwixx_sa_games(np.int64(c * n // parts), np.int64((c + 1) * n // parts), P, L, actions,
                        reset_only, S, g, opts, choice, fixed, seat, pol, rngs, obs, mask, fobs,
                        reward, term, final, blocks, lucky_off, lucky_edition, reward_mode,
                        solo_scale, T, prm, wcell, scratch_opts, scratch_w, next_step, pending)


QWIXX_REWARDS = {"outcome": 0, "margin": 1, "score": 2, "delta": 3, "final": 2}


class QwixxVectorEnv(_KernelVectorEnv):
    """``N`` Qwixx games, the agent in ``seat`` against kernel policies (module docstring).

    >>> env = QwixxVectorEnv(4, edition="classic", players=2, opponent="gap")
    >>> obs, info = env.reset(seed=0)
    >>> obs.shape, info["action_mask"].shape, info["action_mask"].dtype
    ((4, 151), (4, 45), dtype('int8'))
    >>> obs, reward, term, trunc, info = env.step(np.zeros(4, np.int64))
    >>> bool(trunc.any()), reward.shape
    (False, (4,))
    """

    def __init__(self, num_envs: int = 1, edition: str = "classic", players: int = 2,
                 opponent: str | list[str] = "gap", seat: int | str = 0,
                 reward: str = "outcome", copy: bool = True, render_mode: str | None = None,
                 autoreset_mode: Any = "NextStep", mask_in_obs: bool = False,
                 **unsupported: Any) -> None:
        if unsupported:
            raise ValueError(f"the kernel vector environment does not take "
                             f"{', '.join(sorted(unsupported))}: use vectorization_mode='sync'")
        if reward not in QWIXX_REWARDS:
            raise ValueError(f"reward must be one of {', '.join(QWIXX_REWARDS)}")
        from qwixo.envs.qwixx_codec import QwixxCodec

        codec = QwixxCodec(edition, players)
        self.codec = codec
        P = codec.players
        names = [opponent] * (P - 1) if isinstance(opponent, str) else list(opponent)
        if len(names) != P - 1:
            raise ValueError(f"give one opponent name or {P - 1} names")
        for name in names:
            if name not in QB.POLICY_IDS:
                raise ValueError(f"kernel opponents: {', '.join(QB.POLICY_IDS)}, not {name!r}"
                                 " (other bots: vectorization_mode='sync')")
        self._finish_init(num_envs, codec, False, codec.num_actions, copy, render_mode,
                          autoreset_mode, mask_in_obs)
        n = self.num_envs
        self._seat = _seats(seat, n, P)
        if len(set(names)) > 1 and seat == "alternate":
            raise ValueError("with seat='alternate' give one opponent for every seat")
        pol = [QB.POLICY_IDS[names[0]] if names else QB.RANDOM] * P
        others = iter(names)
        s0 = int(self._seat[0])
        for q in range(P):
            if q != s0:
                pol[q] = QB.POLICY_IDS[next(others)]
        self._pol = np.array(pol, np.int64)
        self._prm = _seat_params(None, self._pol, codec.edition_name)
        self._wcell = QB.weights(codec.edition_name)
        self._T = K.table(codec.edition_name)
        self._blocks = np.array([codec.blocks[b][0] if b in codec.blocks else -1
                                 for b in V.BLOCK_NAMES], np.int64)
        self._S = np.stack([K.new_state(self._T, P)] * n)
        self._g = np.zeros((n, V.G_SIZE), np.int64)
        self._opts = np.zeros((n, V.MAX_OPTS), np.int64)
        self._choice = np.zeros((n, P), np.int64)
        self._fixed = np.full((n, P), -2, np.int64)
        self._obs = np.zeros((n, codec.obs_size), np.float32)
        self._fobs = np.zeros((n, codec.obs_size), np.float32)
        self._maskb = np.zeros((n, codec.num_actions), np.bool_)
        self.final_scores = np.zeros((n, P), np.int64)
        self._sopts = np.zeros((n, V.MAX_OPTS), np.int64)
        self._sw = np.zeros((n, max(K.PB, QB.W_SIZE)), np.int64)
        self._reward_mode = QWIXX_REWARDS[reward]

    def _run(self, actions: np.ndarray, reset_only: bool) -> None:
        ed = self.codec.edition
        _qwixx_sa_step(actions, reset_only, self._S, self._g, self._opts, self._choice,
                       self._fixed, self._seat, self._pol, self._rng, self._obs, self._maskb,
                       self._fobs, self._reward, self._term, self.final_scores, self._blocks,
                       4 if ed.lucky else 0, bool(ed.lucky), self._reward_mode,
                       self.codec.solo_scale, self._T, self._prm, self._wcell, self._sopts,
                       self._sw, min(len(self._S), get_num_threads()), self._next_step,
                       self._pending)
        self._mask[:] = self._maskb

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._rng[0] == 1:
            self._rng[:] = _seeds(seed, self.num_envs)
            self._sample_rng[0] = QB.mix(0 if seed is None else int(seed) + 1)
        self._run(np.zeros(self.num_envs, np.int64), True)
        return self._obs_now(), self._infos(None)

    def step(self, actions: Any):
        self._run(np.asarray(actions, np.int64).reshape(self.num_envs), False)
        info = self._infos(self._term)
        info["scores"] = self._c(self.final_scores)
        return (self._obs_now(), self._c(self._reward), self._c(self._term),
                self._c(self._trunc), info)

    @property
    def seats(self) -> np.ndarray:
        """``(N,)``: the agent's seat in every game (player 0 rolls first)."""
        return self._seat


def _as_vector_env(cls: type) -> type:
    """``cls`` with Gymnasium's ``VectorEnv`` as a base (Gymnasium imported only here)."""
    return type(cls.__name__, (cls, _vector_base()), {"__doc__": cls.__doc__,
                                                     "__module__": __name__})


try:  # the extra installed: real gymnasium.vector.VectorEnv subclasses
    QuixoVectorEnv = _as_vector_env(QuixoVectorEnv)  # type: ignore[misc]
    QwixxVectorEnv = _as_vector_env(QwixxVectorEnv)  # type: ignore[misc]
except ImportError:  # pragma: no cover - without gymnasium
    pass


def make_quixo(num_envs: int = 1, **kw: Any) -> Any:
    """``vector_entry_point`` of ``qwixo/Quixo-v0``."""
    return QuixoVectorEnv(num_envs, **kw)


def make_qwixx(num_envs: int = 1, **kw: Any) -> Any:
    """``vector_entry_point`` of ``qwixo/Qwixx-v0``."""
    return QwixxVectorEnv(num_envs, **kw)


def make_solitaire(num_envs: int = 1, edition: str = "classic", reward: str = "delta",
                   **kw: Any) -> Any:
    """``vector_entry_point`` of ``qwixo/QwixxSolitaire-v0`` (one player; ``reward="delta"``:
    the return is the final score)."""
    return QwixxVectorEnv(num_envs, edition=edition, players=1, opponent=[], reward=reward,
                          **kw)


# -- Stable-Baselines3 ---------------------------------------------------------------------------
def sb3_vec_env(venv: Any) -> Any:
    """A Stable-Baselines3 ``VecEnv`` over a kernel vector env (``pip install qwixo[rl]``):
    ``dones`` = terminated or truncated, ``infos[i]["terminal_observation"]`` and
    ``"TimeLimit.truncated"`` as SB3 expects, and ``env_method("action_masks")`` for
    sb3-contrib's MaskablePPO. SB3 resets finished games in the same step: the adapter sets
    ``venv.autoreset_mode`` to ``SAME_STEP`` (and needs ``mask_in_obs=False``).

    >>> import gymnasium, qwixo.envs
    >>> venv = sb3_vec_env(gymnasium.make_vec("qwixo/Quixo-v0", num_envs=4, size=4))
    >>> venv.reset().shape, len(venv.env_method("action_masks")), venv.num_envs
    ((4, 4, 4, 3), 4, 4)
    """
    from gymnasium.vector import AutoresetMode
    from stable_baselines3.common.vec_env import VecEnv

    if getattr(venv, "mask_in_obs", False):
        raise ValueError("the Stable-Baselines3 adapter takes the observation array: make the "
                         "env with mask_in_obs=False (the mask is in action_masks())")
    venv.autoreset_mode = AutoresetMode.SAME_STEP

    class KernelVecEnv(VecEnv):
        def __init__(self, venv: Any) -> None:
            self.venv = venv
            super().__init__(venv.num_envs, venv.single_observation_space,
                             venv.single_action_space)
            self._actions = np.zeros(venv.num_envs, np.int64)
            self._seed: int | None = None

        def reset(self) -> np.ndarray:
            obs, _ = self.venv.reset(seed=self._seed)
            self._seed = None
            return obs

        def seed(self, seed: int | None = None) -> list[int | None]:
            self._seed = seed
            return [seed] * self.num_envs

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = np.asarray(actions, np.int64).reshape(self.num_envs)

        def step_wait(self):
            obs, reward, term, trunc, info = self.venv.step(self._actions)
            dones = term | trunc
            infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
            for i in np.flatnonzero(dones):
                infos[i]["terminal_observation"] = info["final_obs"][i]
                infos[i]["TimeLimit.truncated"] = bool(trunc[i] and not term[i])
            return obs, reward, dones, infos

        def action_masks(self) -> np.ndarray:
            return self.venv.action_masks()

        def close(self) -> None:
            self.venv.close()

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            if attr_name == "action_masks":
                return [self.action_masks] * len(self._get_indices(indices))
            if attr_name == "render_mode":
                return [None] * len(self._get_indices(indices))
            return [getattr(self.venv, attr_name)] * len(self._get_indices(indices))

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            setattr(self.venv, attr_name, value)

        def env_method(self, method_name: str, *args: Any, indices: Any = None,
                       **kwargs: Any) -> list[Any]:
            idx = self._get_indices(indices)
            if method_name == "action_masks":
                masks = self.venv.action_masks()
                return [masks[i] for i in idx]
            res = getattr(self.venv, method_name)(*args, **kwargs)
            return [res] * len(list(idx))

        def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
            return [False] * len(self._get_indices(indices))

        def _get_indices(self, indices: Any) -> list[int]:
            if indices is None:
                return list(range(self.num_envs))
            if isinstance(indices, int):
                return [indices]
            return list(indices)

    return KernelVecEnv(venv)


# -- evaluation ----------------------------------------------------------------------------------
def evaluate(venv: Any, act: Any, episodes: int, seed: int = 0) -> dict[str, float]:
    """Play ``episodes`` games of ``venv`` (a kernel vector env) with ``act(obs, mask) ->
    actions`` and return the agent's mean return with a 95% confidence half-width (normal
    approximation), and the shares won, drawn and lost (by the sign of the return). With
    ``seat="alternate"`` the agent plays every seat in turn (slot ``i`` plays seat ``i %
    players``).

    Every slot plays a number of games fixed before the first step (``episodes`` shared out
    over the slots, the first ``episodes % num_envs`` slots one more), and only those count:
    keeping the first games to finish would leave out the long ones (drawn games, cut at
    ``max_plies``, above all), so a quota per slot is what keeps the sample unbiased.

    A kernel env plays the evaluation in ``SAME_STEP`` auto-reset mode (set for it, then put
    back), so that every step is a decision of every slot and the leaderboard's protocol
    stays what it measured.

    >>> env = QuixoVectorEnv(64, size=3, seat="alternate")
    >>> r = evaluate(env, lambda obs, mask: env.sample_actions(), 200)
    >>> r["episodes"], -1 <= r["mean"] <= 1, round(r["won"] + r["drawn"] + r["lost"], 6)
    (200, True, 1.0)
    """
    mode = getattr(venv, "autoreset_mode", None)
    if mode is None:
        return _evaluate(venv, act, episodes, seed)
    from gymnasium.vector import AutoresetMode

    venv.autoreset_mode = AutoresetMode.SAME_STEP
    try:
        return _evaluate(venv, act, episodes, seed)
    finally:
        venv.autoreset_mode = mode


def _evaluate(venv: Any, act: Any, episodes: int, seed: int) -> dict[str, float]:
    n = venv.num_envs
    quota = np.full(n, episodes // n, np.int64)
    quota[: episodes % n] += 1
    played = np.zeros(n, np.int64)
    obs, info = venv.reset(seed=seed)
    ret = np.zeros(n)
    done_returns: list[float] = []
    while (played < quota).any():
        obs, reward, term, trunc, info = venv.step(act(obs, info["action_mask"]))
        ret += reward
        for i in np.flatnonzero(term | trunc):
            if played[i] < quota[i]:
                done_returns.append(float(ret[i]))
                played[i] += 1
            ret[i] = 0.0
    r = np.array(done_returns)
    half = 1.96 * r.std(ddof=1) / np.sqrt(len(r)) if len(r) > 1 else float("nan")
    return {"episodes": len(r), "mean": float(r.mean()), "ci95": float(half),
            "won": float((r > 0).mean()), "drawn": float((r == 0).mean()),
            "lost": float((r < 0).mean())}

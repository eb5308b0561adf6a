"""Quixo's kernel vector environment: ``N`` 2-player games (sizes 3..7), the agent against
a kernel opponent (:mod:`qwixo.quixo.kernel_opponents`: ``random``, ``safe``, ``value``), one
numba call per step (:func:`qwixo.quixo.agent_step.single_agent_step`). Spaces, auto-reset and
seats: :mod:`qwixo.envs.kernel_vector`. ``terminations`` marks real ends, ``truncations``
games cut by ``max_plies`` (reward 0); ``channels_first=True``: planes as ``uint8 (C, H, W)``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from qwixo.envs.kernel_vector import KernelVectorEnv, as_vector_env, seats, seeds
from qwixo.quixo import kernels as QK
from qwixo.quixo.agent_step import single_agent_step
from qwixo.quixo.kernel_opponents import OPPONENTS, line_classes
from qwixo.qwixx.batch import mix

QUIXO_OPPONENTS = OPPONENTS


class QuixoVectorEnv(KernelVectorEnv):
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
        self._seat = seats(seat, n, 2)
        self._st = np.zeros((n, 2), np.uint64)
        dt = np.uint8 if channels_first else np.int8
        self._obs = np.zeros((n, 3 * nn), dt)
        self._fobs = np.zeros((n, 3 * nn), dt)
        self._scratch = np.empty((n, 2 * self._T.shape[1]), np.int64)
        # the value opponent: line classes as examples/quixo_td.py (border, inner, diagonal)
        self._cls = line_classes(size, len(self._L))
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
        single_agent_step(self._st, self._ply, self._seat, actions, reset_only, self._opp,
                       self.max_plies, self._T, self._L, self._rng, self._obs, self._mask,
                       self._reward, self._term, self._trunc, self._fobs, self._fply,
                       self.channels_first, self._scratch, self._cls, self._W,
                       self._next_step, self._pending)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._rng[0] == 1:
            self._rng[:] = seeds(seed, self.num_envs)
            self._sample_rng[0] = mix(0 if seed is None else int(seed) + 1)
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
    def boards(self) -> np.ndarray:
        """The raw states ``uint64 (N, 2)``: the bitboards of X and O (the agent is
        :attr:`seats`)."""
        return self._st

    @property
    def seats(self) -> np.ndarray:
        """``(N,)``: the agent's seat in every game (0: X, moves first)."""
        return self._seat



try:  # the extra installed: a real gymnasium.vector.VectorEnv subclass
    QuixoVectorEnv = as_vector_env(QuixoVectorEnv)  # type: ignore[misc]
except ImportError:  # pragma: no cover - without gymnasium
    pass

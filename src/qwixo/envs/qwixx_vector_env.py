"""Qwixx's kernel vector environment: ``N`` games of any edition, 1..5 players, the agent in
its seat against any policy of the batch simulator (:mod:`qwixo.qwixx.batch`: ``"random"``,
``"gap"``, ``"race"``, and the value-function bots ``"td"``, ``"ev"``, ``"odds"`` — one name,
or one per other seat), one numba call per step (:func:`qwixo.qwixx.agent_step.single_agent_step`).
Spaces, auto-reset and seats: :mod:`qwixo.envs.kernel_vector`. Rewards are the agent's, as in
the Python environments (``"outcome"``, ``"margin"``, ``"score"``, ``"delta"``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import get_num_threads

from qwixo.envs import vector as V
from qwixo.envs.kernel_vector import KernelVectorEnv, as_vector_env, seats, seeds
from qwixo.qwixx import batch as QB
from qwixo.qwixx import kernels as K
from qwixo.qwixx.agent_step import single_agent_step

QWIXX_REWARDS = {"outcome": 0, "margin": 1, "score": 2, "delta": 3, "final": 2}


class QwixxVectorEnv(KernelVectorEnv):
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
        self._seat = seats(seat, n, P)
        if len(set(names)) > 1 and seat == "alternate":
            raise ValueError("with seat='alternate' give one opponent for every seat")
        pol = [QB.POLICY_IDS[names[0]] if names else QB.RANDOM] * P
        others = iter(names)
        s0 = int(self._seat[0])
        for q in range(P):
            if q != s0:
                pol[q] = QB.POLICY_IDS[next(others)]
        self._pol = np.array(pol, np.int64)
        self._prm = QB.seat_params(None, self._pol, codec.edition_name)
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
        single_agent_step(actions, reset_only, self._S, self._g, self._opts, self._choice,
                       self._fixed, self._seat, self._pol, self._rng, self._obs, self._maskb,
                       self._fobs, self._reward, self._term, self.final_scores, self._blocks,
                       4 if ed.lucky else 0, bool(ed.lucky), self._reward_mode,
                       self.codec.solo_scale, self._T, self._prm, self._wcell, self._sopts,
                       self._sw, min(len(self._S), get_num_threads()), self._next_step,
                       self._pending)
        self._mask[:] = self._maskb

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        if seed is not None or self._rng[0] == 1:
            self._rng[:] = seeds(seed, self.num_envs)
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
    def states(self) -> np.ndarray:
        """``(N, K.H + players * K.PB)``: every game's state in the layout of
        :mod:`qwixo.qwixx.kernels` (as :attr:`qwixo.envs.vector.QwixxVec.states`)."""
        return self._S

    @property
    def seats(self) -> np.ndarray:
        """``(N,)``: the agent's seat in every game (player 0 rolls first)."""
        return self._seat



try:  # the extra installed: a real gymnasium.vector.VectorEnv subclass
    QwixxVectorEnv = as_vector_env(QwixxVectorEnv)  # type: ignore[misc]
except ImportError:  # pragma: no cover - without gymnasium
    pass

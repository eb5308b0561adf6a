"""What every kernel vector environment shares: the Gymnasium ``VectorEnv`` part.

A game's kernel vector environment (a subclass of :class:`KernelVectorEnv`) steps ``N`` games
with one numba call; this base holds the spaces, the buffers, the auto-reset mode and the
infos. Spaces: the observation is the codec's array (as the Python environments'
``obs["observation"]``), the action ``Discrete(num_actions)`` per game.
``info["action_mask"]`` is the ``int8 (N, num_actions)`` mask (also :meth:`action_masks`);
``mask_in_obs=True``: the observation is the Python environments' ``Dict`` (``observation``,
``action_mask``, ``ply`` where there is a ply limit), so that every vectorisation mode of an id
has the same space. ``autoreset_mode`` (Gymnasium's ``AutoresetMode``): ``NEXT_STEP`` (the
default) returns a finished game's last observation with its ``terminations``/``truncations``
and restarts it at the next ``step`` (its action ignored, its mask all ones, reward 0);
``SAME_STEP`` restarts it at once: the returned observation is the new game's, and
``info["final_obs"]`` (``(N, ...)``, valid where ``info["_final_obs"]``) holds the last
observation of the finished one. The arrays returned are fresh copies unless ``copy=False``.

``seat``: the agent's seat (an int), or ``"alternate"``: game ``i`` plays seat ``i % players``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from qwixo.envs import vector as V


def seeds(seed: int | None, n: int) -> np.ndarray:
    base = np.random.SeedSequence(seed).generate_state(n * 2, np.uint64)
    return (base[::2] | np.uint64(1)).astype(np.uint64)


def seats(seat: int | str, n: int, players: int) -> np.ndarray:
    if seat == "alternate":
        return (np.arange(n) % players).astype(np.int64)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1} or 'alternate', not {seat!r}")
    return np.full(n, seat, np.int64)



def autoreset_mode_of(mode: Any) -> Any:
    """Gymnasium's ``AutoresetMode`` that ``mode`` names (the enum or its value), if the kernel
    vector envs offer it (``NEXT_STEP``, ``SAME_STEP``); else ValueError."""
    from gymnasium.vector import AutoresetMode

    try:
        mode = AutoresetMode(mode)
    except ValueError:
        mode = None
    if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        raise ValueError("autoreset_mode must be AutoresetMode.NEXT_STEP or SAME_STEP "
                         "(or 'NextStep', 'SameStep')")
    return mode

class KernelVectorEnv:
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

        mode = autoreset_mode_of(mode)
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

    @property
    def finished(self) -> np.ndarray:
        """``(N,)``: the games that are over and wait for their next-step reset (their
        observation is the last of the game; always False in the same-step mode)."""
        return self._pending

    def oracle(self) -> Any:
        """The exact values of every current position and of each action, from the game's
        oracle (its metadata's ``oracle``): a :class:`qwixo.envs.oracles.Oracle`."""
        from qwixo.envs.oracles import oracle

        return oracle(self)

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



def as_vector_env(cls: type) -> type:
    """``cls`` with Gymnasium's ``VectorEnv`` as a base (Gymnasium imported only here)."""
    return type(cls.__name__, (cls, _vector_base()), {"__doc__": cls.__doc__,
                                                     "__module__": cls.__module__})

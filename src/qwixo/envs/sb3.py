"""Stable-Baselines3 over a kernel vector environment (:mod:`qwixo.envs.kernel_vector`)."""

from __future__ import annotations

from typing import Any

import numpy as np


def sb3_vec_env(venv: Any) -> Any:
    """A Stable-Baselines3 ``VecEnv`` over a kernel vector env (``pip install qwixo[rl]``):
    ``dones`` = terminated or truncated, ``infos[i]["terminal_observation"]`` and
    ``"TimeLimit.truncated"`` as SB3 expects, and ``env_method("action_masks")`` for
    sb3-contrib's MaskablePPO. SB3 resets finished games in the same step: the adapter sets
    ``venv.autoreset_mode`` to ``SAME_STEP`` (and needs ``mask_in_obs=False``).
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


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

The parts, one module each: :mod:`qwixo.envs.kernel_vector` (the ``VectorEnv`` base every
kernel env shares), :mod:`qwixo.envs.quixo_vector_env` and :mod:`qwixo.envs.qwixx_vector_env`
(the two games' envs; their kernels are the games' own: :mod:`qwixo.quixo.agent_step`,
:mod:`qwixo.quixo.kernel_opponents`, :mod:`qwixo.qwixx.agent_step`), :mod:`qwixo.envs.sb3` (the
Stable-Baselines3 adapter) and :mod:`qwixo.envs.evaluation` (the evaluation protocol); this
module keeps every name importable from one place and the ids' entry points.
"""

from __future__ import annotations

from typing import Any

from qwixo.envs.evaluation import evaluate
from qwixo.envs.kernel_vector import KernelVectorEnv
from qwixo.envs.quixo_vector_env import QUIXO_OPPONENTS, QuixoVectorEnv
from qwixo.envs.qwixx_vector_env import QWIXX_REWARDS, QwixxVectorEnv
from qwixo.envs.sb3 import sb3_vec_env

__all__ = ["QUIXO_OPPONENTS", "QWIXX_REWARDS", "KernelVectorEnv", "QuixoVectorEnv",
           "QwixxVectorEnv", "evaluate", "make_quixo", "make_qwixx", "make_solitaire",
           "sb3_vec_env"]


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


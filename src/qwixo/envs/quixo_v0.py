"""PettingZoo Quixo: ``qwixo.envs.quixo_v0.env(...)`` (AEC) and ``.parallel_env(...)``.

>>> from qwixo.envs import quixo_v0
>>> env = quixo_v0.env(size=3)
>>> env.reset(seed=0)
>>> obs, reward, term, trunc, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_0', (3, 3, 3), 20)

Actions and observations: :mod:`qwixo.envs.quixo_codec` and ``docs/research.md``.
"""

from __future__ import annotations

from qwixo.envs.pz import ContractAEC, ContractParallel
from qwixo.envs.quixo_codec import QuixoCodec

#: draw after this many plies by default (the contract's ``ply_limit``): 5×5 is a draw with
#: perfect play, so games of agents that do not know how to win could go on for ever
DEFAULT_MAX_PLIES = 200


def raw_env(size: int = 5, players: int = 2, render_mode: str | None = None,
            max_plies: int | None = DEFAULT_MAX_PLIES, reward: str = "outcome",
            max_cycles: int | None = None) -> ContractAEC:
    """The AEC environment. ``max_plies``: the game is cut after that many plies (None: no
    limit; every agent truncated, reward 0; the observations carry the ``"ply"`` count);
    ``reward``: ``"outcome"``, ``"margin"`` or ``"score"``; ``max_cycles``: truncate every
    agent after that many cycles (steps / players)."""
    return ContractAEC(QuixoCodec(size, players, max_plies), render_mode, reward, max_cycles)


def env(size: int = 5, players: int = 2, render_mode: str | None = None,
        max_plies: int | None = DEFAULT_MAX_PLIES, reward: str = "outcome",
        max_cycles: int | None = None) -> ContractAEC:
    """Same as :func:`raw_env` (illegal actions are handled inside: no wrapper needed)."""
    return raw_env(size, players, render_mode, max_plies, reward, max_cycles)


def parallel_env(size: int = 5, players: int = 2, render_mode: str | None = None,
                 max_plies: int | None = DEFAULT_MAX_PLIES, reward: str = "outcome",
                 max_cycles: int | None = None) -> ContractParallel:
    """The parallel environment: one step is one move of the player to move; ``max_cycles``:
    truncate everyone after that many steps."""
    return ContractParallel(QuixoCodec(size, players, max_plies), render_mode, reward,
                            max_cycles)

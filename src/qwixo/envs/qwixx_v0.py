"""PettingZoo Qwixx: ``qwixo.envs.qwixx_v0.env(...)`` (AEC) and ``.parallel_env(...)``.

The environment rolls the dice (seeded by ``reset(seed=...)``). Action 1 — every player
decides on the white sum at the same time — is one parallel step for all players; the AEC
environment visits the players one after another, and no observation shows a choice before
the last player is in. An action outside the mask is played as ``pass`` (always an option).

>>> from qwixo.envs import qwixx_v0
>>> env = qwixx_v0.env(edition="classic", players=2)
>>> env.reset(seed=1)
>>> env.agent_selection, env.observe("player_1")["observation"].shape
('player_0', (151,))

Actions and observations: :mod:`qwixo.envs.qwixx_codec` and ``docs/research.md``.
"""

from __future__ import annotations

from qwixo.envs.pz import ContractAEC, ContractParallel
from qwixo.envs.qwixx_codec import QwixxCodec


def raw_env(edition: str = "classic", players: int = 2, render_mode: str | None = None,
            reward: str = "outcome", max_cycles: int | None = None) -> ContractAEC:
    """The AEC environment; ``reward``: ``"outcome"``, ``"margin"`` or ``"score"``;
    ``max_cycles``: truncate every agent after that many cycles (steps / players)."""
    return ContractAEC(QwixxCodec(edition, players), render_mode, reward, max_cycles)


def env(edition: str = "classic", players: int = 2, render_mode: str | None = None,
        reward: str = "outcome", max_cycles: int | None = None) -> ContractAEC:
    """Same as :func:`raw_env` (illegal actions are handled inside: no wrapper needed)."""
    return raw_env(edition, players, render_mode, reward, max_cycles)


def parallel_env(edition: str = "classic", players: int = 2, render_mode: str | None = None,
                 reward: str = "outcome", max_cycles: int | None = None) -> ContractParallel:
    """The parallel environment: action 1 is one step for all players, action 2 a step of the
    active player; ``max_cycles``: truncate everyone after that many steps."""
    return ContractParallel(QwixxCodec(edition, players), render_mode, reward, max_cycles)

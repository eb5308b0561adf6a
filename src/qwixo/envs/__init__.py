"""Research interfaces (the optional extra ``pip install qwixo[research]``).

- :mod:`qwixo.envs.quixo_v0`, :mod:`qwixo.envs.qwixx_v0`: PettingZoo (AEC and parallel);
- Gymnasium: importing this package registers ``qwixo/Quixo-v0``, ``qwixo/Qwixx-v0`` and
  ``qwixo/QwixxSolitaire-v0`` (:mod:`qwixo.envs.gym_envs`);
- :mod:`qwixo.envs.openspiel`: OpenSpiel games ``python_qwixo_quixo`` and ``python_qwixo_qwixx``;
- :mod:`qwixo.envs.vector`: ``QuixoVec`` and ``QwixxVec``, many games at once in numba
  (numpy and numba only).

The core of qwixo never imports this package. See ``docs/research.md``.
"""

from __future__ import annotations

GYM_IDS = ("qwixo/Quixo-v0", "qwixo/Qwixx-v0", "qwixo/QwixxSolitaire-v0")


def _register_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # the extra is not installed: the vectorised envs still work
        return
    entries = {
        "qwixo/Quixo-v0": "qwixo.envs.gym_envs:QuixoEnv",
        "qwixo/Qwixx-v0": "qwixo.envs.gym_envs:QwixxEnv",
        "qwixo/QwixxSolitaire-v0": "qwixo.envs.gym_envs:QwixxSolitaireEnv",
    }
    for env_id, entry in entries.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry)


_register_gymnasium()

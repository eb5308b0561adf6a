"""Research interfaces (the optional extra ``pip install qwixo[research]``).

- :mod:`qwixo.envs.quixo_v0`, :mod:`qwixo.envs.qwixx_v0`: PettingZoo (AEC and parallel);
- Gymnasium: importing this package registers ``qwixo/Quixo-v0``, ``qwixo/Qwixx-v0``,
  ``qwixo/QwixxSolitaire-v0`` and ``qwixo/Game-v0`` (any registered game: ``game=``)
  (:mod:`qwixo.envs.gym_envs`);
- :mod:`qwixo.envs.pz`: ``env(game, **settings)``, ``parallel_env(...)``: PettingZoo for any
  registered game with a research codec (its metadata's ``env_codec``);
- :mod:`qwixo.envs.openspiel`: OpenSpiel games ``python_qwixo_quixo`` and ``python_qwixo_qwixx``,
  and ``python_qwixo_<name>`` for any other registered game without dice;
- :mod:`qwixo.envs.vector`: ``QuixoVec`` and ``QwixxVec``, many games at once in numba
  (numpy and numba only).

The core of qwixo never imports this package. See ``docs/research.md``.
"""

from __future__ import annotations

GYM_IDS = ("qwixo/Quixo-v0", "qwixo/Qwixx-v0", "qwixo/QwixxSolitaire-v0", "qwixo/Game-v0")


def _register_gymnasium() -> None:
    try:
        import gymnasium
    except ImportError:  # the extra is not installed: the vectorised envs still work
        return
    entries = {
        "qwixo/Quixo-v0": "qwixo.envs.gym_envs:QuixoEnv",
        "qwixo/Qwixx-v0": "qwixo.envs.gym_envs:QwixxEnv",
        "qwixo/QwixxSolitaire-v0": "qwixo.envs.gym_envs:QwixxSolitaireEnv",
        "qwixo/Game-v0": "qwixo.envs.gym_envs:GameEnv",  # game="name": any registered game
    }
    # gymnasium.make_vec(id, num_envs=N): the numba kernels, opponents inside (gym_vector)
    vector = {
        "qwixo/Quixo-v0": "qwixo.envs.gym_vector:make_quixo",
        "qwixo/Qwixx-v0": "qwixo.envs.gym_vector:make_qwixx",
        "qwixo/QwixxSolitaire-v0": "qwixo.envs.gym_vector:make_solitaire",
    }
    for env_id, entry in entries.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry,
                               vector_entry_point=vector.get(env_id))


_register_gymnasium()

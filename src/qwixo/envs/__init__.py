"""Research interfaces (the optional extra ``pip install qwixo[research]``).

- :mod:`qwixo.envs.quixo_v0`, :mod:`qwixo.envs.qwixx_v0`: PettingZoo (AEC and parallel);
- Gymnasium: importing this package registers ``qwixo/Quixo-v0``, ``qwixo/Qwixx-v0``,
  ``qwixo/QwixxSolitaire-v0`` and ``qwixo/Game-v0`` (any registered game: ``game=``)
  (:mod:`qwixo.envs.gym_envs`), and a canonical id per variant (:data:`GYM_VARIANTS`, e.g.
  ``qwixo/Quixo4x4-v0``, ``qwixo/QwixxLongo3p-v0``);
- :mod:`qwixo.envs.pz`: ``env(game, **settings)``, ``parallel_env(...)``: PettingZoo for any
  registered game with a research codec (its metadata's ``env_codec``);
- :mod:`qwixo.envs.openspiel`: OpenSpiel games ``python_qwixo_quixo`` and ``python_qwixo_qwixx``,
  and ``python_qwixo_<name>`` for any other registered game without dice;
- :mod:`qwixo.envs.vector`: ``QuixoVec`` and ``QwixxVec``, many games at once in numba
  (numpy and numba only).

The core of qwixo never imports this package. See ``docs/research.md``.
"""

from __future__ import annotations

from typing import Any

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
    _register_variants(gymnasium)


#: the canonical id of every variant, ``{id: (parameterised id, keyword arguments)}``: what
#: the registered games' research codecs list (filled in when Gymnasium is installed)
GYM_VARIANTS: dict[str, tuple[str, dict]] = {}


def _register_variants(gymnasium: Any) -> None:
    """Register the canonical ids of every registered game's variants: its metadata's research
    codec (``GameInfo.env_codec``) lists them (``gym_variants()``), each the parameterised id
    it is made from and the keyword arguments it fixes (the spec's ``kwargs``: defaults that
    ``make``'s keywords override), with that id's entry points."""
    from qwixo.core import game_info, game_names
    from qwixo.gameinfo import load

    for name in game_names():
        try:
            path = game_info(name).env_codec
            listing = getattr(load(path), "gym_variants", None) if path else None
        except (ImportError, AttributeError):
            # a game whose package is being imported right now (it imports qwixo.envs for
            # its codec): its metadata is not there yet; such a game lists no variants
            continue
        for env_id, (base, kwargs) in (listing() if listing else {}).items():
            GYM_VARIANTS[env_id] = (base, dict(kwargs))
            if env_id in gymnasium.registry:
                continue
            spec = gymnasium.spec(base)
            gymnasium.register(id=env_id, entry_point=spec.entry_point,
                               vector_entry_point=spec.vector_entry_point, kwargs=dict(kwargs))


_register_gymnasium()

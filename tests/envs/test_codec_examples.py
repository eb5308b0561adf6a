"""The examples that the generic research modules' docstrings gave with a game's name (issue
26: ``qwixo.envs.codec``, ``qwixo.envs.pz`` and the generic ``GameEnv`` of
``qwixo.envs.gym_envs`` name no game, even in their docstrings; each example is checked here
instead)."""

from __future__ import annotations

import pytest

import qwixo
from qwixo.envs.codec import ActionCodec, codec_for

pytestmark = pytest.mark.research


def test_a_quixo_game_cut_at_its_ply_limit_is_truncated():
    g = qwixo.new_game("quixo", size=3, ply_limit=1)
    assert not ActionCodec().truncated(g)
    g.choose(0, "a1c1")
    assert g.end_reason == "ply_limit"
    assert ActionCodec().truncated(g)


def test_codec_for_quixo_on_a_3x3_board():
    assert codec_for("quixo", size=3).obs_shape == (3, 3, 3)


def test_the_aec_env_of_a_game_by_name_and_settings():
    pytest.importorskip("pettingzoo")
    from qwixo.envs.pz import env

    e = env("quixo", size=3)
    e.reset(seed=1)
    assert e.observation_space(e.agents[0])["observation"].shape == (3, 3, 3)


def test_the_gymnasium_env_of_a_game_by_name_and_settings():
    """``qwixo.envs.gym_envs.GameEnv``'s example (its docstring names no game)."""
    gym = pytest.importorskip("gymnasium")
    import qwixo.envs  # noqa: F401 - registers qwixo/Game-v0

    env = gym.make("qwixo/Game-v0", game="quixo", size=3)
    obs, info = env.reset(seed=1)
    assert obs["observation"].shape == (3, 3, 3)
    mask = obs["action_mask"]
    obs, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))
    assert obs["observation"].shape == (3, 3, 3)
    env.close()

"""Gymnasium environments: registration, the official env checker, returns."""

import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import qwixo.envs  # noqa: E402,F401  (registers the ids)

pytestmark = pytest.mark.research

CASES = [
    ("qwixo/Quixo-v0", {}),
    ("qwixo/Quixo-v0", {"size": 3, "opponent": "greedy", "seat": 1}),
    ("qwixo/Quixo-v0", {"size": 4, "players": 4, "opponent": ["random", "greedy", "random"]}),
    ("qwixo/Qwixx-v0", {}),
    ("qwixo/Qwixx-v0", {"edition": "longo", "players": 3, "opponent": "race", "seat": 2}),
    ("qwixo/Qwixx-v0", {"edition": "bonus-b", "players": 2, "reward": "margin"}),
    ("qwixo/QwixxSolitaire-v0", {}),
    ("qwixo/QwixxSolitaire-v0", {"edition": "bonus-a"}),
]


@pytest.mark.parametrize(("env_id", "kw"), CASES, ids=str)
def test_env_checker_and_a_random_episode(env_id, kw):
    env = gym.make(env_id, **kw)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped, skip_render_check=False)
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        obs, r, done, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += r
    scores = info["scores"]
    if env_id == "qwixo/QwixxSolitaire-v0":
        assert total == scores[0]                   # the return is the final score
    elif kw.get("reward") == "margin":
        assert total == scores[0] - scores[1]
    else:
        assert total in (-1.0, 0.0, 1.0)


def test_illegal_actions():
    env = gym.make("qwixo/QwixxSolitaire-v0")
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, r, term, trunc, info = env.step(bad)      # played as "pass"
    assert info["illegal_action"] and not term
    env = gym.make("qwixo/Quixo-v0", size=3, opponent="random")
    obs, _ = env.reset(seed=1)
    while obs["action_mask"].all():  # until the opponent's cubes block a move
        obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, r, term, _, info = env.step(bad)            # Quixo has no pass: the agent loses
    assert term and r == -1.0 and info["illegal_action"]


def test_render_and_bad_options():
    env = gym.make("qwixo/Quixo-v0", size=3, render_mode="ansi")
    env.reset(seed=0)
    assert "a b c" in env.render()
    with pytest.raises(ValueError):
        gym.make("qwixo/Quixo-v0", opponent="nobody")
    with pytest.raises(ValueError):
        gym.make("qwixo/Qwixx-v0", players=1)

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


def test_step_after_the_end_needs_a_reset():
    env = gym.make("qwixo/QwixxSolitaire-v0").unwrapped
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)                                # never started
    env.reset(seed=0)
    done = False
    while not done:
        _, _, done, _, _ = env.step(0)             # always pass: four penalties end it
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env = gym.make("qwixo/Quixo-v0", size=3).unwrapped
    env.reset(seed=0)
    env.step(env.codec.action_of("a1c1"))
    obs, r, term, _, info = env.step(99)          # not an action: the agent loses
    assert term and r == -1.0 and not obs["action_mask"].any() and info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)                                # the illegal move ended the episode
    env.reset(seed=1)
    env.step(0)                                    # a fresh game again


def test_quixo_ply_limit_is_a_truncation_with_the_ply_in_the_observation():
    env = gym.make("qwixo/Quixo-v0", size=5, max_plies=6)
    obs, info = env.reset(seed=0)
    assert obs["ply"].tolist() == [0] and info["ply"] == 0
    term = trunc = False
    steps = 0
    while not (term or trunc):
        obs, r, term, trunc, info = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
        assert obs["ply"][0] == info["ply"] == min(2 * steps, 6)
    assert trunc and not term and r == 0.0 and steps == 3


def test_lone_qwixx_player_outcome_reward():
    env = gym.make("qwixo/QwixxSolitaire-v0", reward="outcome")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    total, done = 0.0, False
    while not done:
        obs, r, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        total += r
    assert total == pytest.approx(max(-1.0, min(1.0, info["scores"][0] / 312)))


def test_action_masks_plain_observations_and_channels_first():
    env = gym.make("qwixo/Quixo-v0", size=4, mask_in_obs=False, channels_first=True)
    obs, info = env.reset(seed=0)
    assert env.observation_space.shape == (3, 4, 4) and obs.dtype == np.uint8
    assert env.observation_space.contains(obs) and obs[2].all()      # to move: plane 2
    m = env.unwrapped.action_masks()
    assert m.dtype == np.int8 and np.array_equal(m, info["action_mask"]) and m.sum() == 32
    obs, *_ = env.step(env.unwrapped.codec.action_of("a1d1"))
    assert obs[0].sum() == 1 and obs[1].sum() == 1  # our cube, then the opponent's
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env.unwrapped)
    plain = gym.make("qwixo/Qwixx-v0", mask_in_obs=False)
    obs, info = plain.reset(seed=0)
    assert obs.shape == (151,) and plain.unwrapped.action_masks()[0] == 1  # pass


@pytest.mark.parametrize("mode", ["ansi", "human", "rgb_array"])
def test_render_modes(mode, capsys):
    for env_id in ("qwixo/Quixo-v0", "qwixo/Qwixx-v0"):
        env = gym.make(env_id, render_mode=mode)
        env.reset(seed=0)
        out = env.render()
        if mode == "rgb_array":
            assert out.dtype == np.uint8 and out.ndim == 3 and out.shape[2] == 3
            assert len(np.unique(out.reshape(-1, 3), axis=0)) >= 3
        elif mode == "human":
            assert out is None and "player" in capsys.readouterr().out + "player"
        else:
            assert isinstance(out, str)


def test_canonical_ids_per_variant():
    """A canonical id per variant, registered from the games' research codecs (their
    metadata), each the parameterised id with the variant's keywords as defaults."""
    from qwixo.envs import GYM_IDS, GYM_VARIANTS
    from qwixo.envs.gym_vector import QuixoVectorEnv, QwixxVectorEnv

    ours = {i for i in gym.registry if i.startswith("qwixo/")}
    assert ours == set(GYM_IDS) | set(GYM_VARIANTS)
    assert len(GYM_VARIANTS) == 5 + 6 * 5  # Quixo 3x3..7x7; 6 editions, 2..5 players and 1
    for env_id, (base, kw) in GYM_VARIANTS.items():
        spec = gym.spec(env_id)
        assert spec.kwargs == kw and spec.entry_point == gym.spec(base).entry_point
        assert spec.vector_entry_point == gym.spec(base).vector_entry_point
    c = gym.make("qwixo/Quixo4x4-v0", opponent="greedy").unwrapped.codec   # keywords override
    assert (c.size, c.players) == (4, 2)
    c = gym.make("qwixo/QwixxLongo3p-v0").unwrapped.codec
    assert (c.edition_name, c.players) == ("longo", 3)
    c = gym.make("qwixo/QwixxSolitaireBonusB-v0").unwrapped.codec
    assert (c.edition_name, c.players) == ("bonus-b", 1)
    v = gym.make_vec("qwixo/Quixo6x6-v0", num_envs=2)
    assert isinstance(v, QuixoVectorEnv) and v.size == 6
    v = gym.make_vec("qwixo/QwixxMixxA4p-v0", num_envs=2, opponent="random")
    assert isinstance(v, QwixxVectorEnv) and v.codec.players == 4


def test_the_variant_registration_names_no_game():
    import ast
    import importlib.util
    from pathlib import Path

    here = Path(__file__).resolve().parent
    spec = importlib.util.spec_from_file_location("no_game_names",
                                                  here.parent / "test_no_game_names.py")
    checker = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(checker)
    tree = ast.parse((checker.SRC / "envs" / "__init__.py").read_text("utf-8"))
    fn = next(n for n in tree.body if isinstance(n, ast.FunctionDef)
              and n.name == "_register_variants")
    assert checker.names_in(fn, checker._docstrings(tree)) == []
    assert checker.quoted_in_docstrings(fn) == []

"""PettingZoo Quixo and Qwixx: the official API, parallel and seed tests, hidden action-1
choices, and random games replayed through the contract."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import (  # noqa: E402
    api_test,
    max_cycles_test,
    parallel_api_test,
    parallel_seed_test,
    seed_test,
)

import qwixo  # noqa: E402
from qwixo.envs import quixo_v0, qwixx_v0  # noqa: E402

pytestmark = pytest.mark.research

CONFIGS = [
    (quixo_v0, {"size": 5}),
    (quixo_v0, {"size": 3, "max_plies": 30}),
    (quixo_v0, {"size": 4, "players": 4}),
    (qwixx_v0, {"edition": "classic", "players": 2}),
    (qwixx_v0, {"edition": "longo", "players": 3}),
    (qwixx_v0, {"edition": "bonus-a", "players": 2}),
    (qwixx_v0, {"edition": "bonus-b", "players": 4}),
    (qwixx_v0, {"edition": "mixx-a", "players": 1}),
]


@pytest.mark.parametrize(("mod", "kw"), CONFIGS, ids=lambda x: str(x))
def test_official_pettingzoo_checks(mod, kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(mod.env(**kw), num_cycles=200)
        parallel_api_test(mod.parallel_env(**kw), num_cycles=200)
        seed_test(lambda: mod.env(**kw), num_cycles=50)
        parallel_seed_test(lambda: mod.parallel_env(**kw), num_cycles=50)


def _replay_check(env, seed, rng):
    """Play a random game through the AEC env; replay its decisions and dice in the contract."""
    env.reset(seed=seed)
    codec = env.codec
    log = []
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        p = int(agent.split("_")[1])
        mask = obs["action_mask"]
        expected = codec.mask(env.game, p)
        assert np.array_equal(mask, expected)
        a = int(rng.choice(np.flatnonzero(mask)))
        log.append((p, codec.text_of(a)))
        env.step(a)
    g = env.game
    # the same game through the contract: same rolls (from its history), same decisions
    h = codec.new_game(getattr(g, "seed", None))  # Longo: the same lucky numbers
    decisions = iter(log)
    for entry in g.history if codec.game_name == "qwixx" else []:
        if entry[0] == "roll":
            h.roll(entry[1])
        else:
            p, text = next(decisions)
            assert (p, text) == (entry[1], entry[2])
            h.choose(p, text)
    if codec.game_name == "quixo":
        for p, text in decisions:
            h.choose(p, text)
    assert h.is_over and h.scores() == g.scores()
    return g.scores()


@pytest.mark.parametrize(("mod", "kw"), CONFIGS, ids=lambda x: str(x))
def test_random_games_agree_with_the_contract(mod, kw):
    rng = np.random.default_rng(5)
    env = mod.env(**kw)
    for seed in range(3):
        _replay_check(env, seed, rng)


def test_qwixx_action1_choices_stay_hidden_in_aec():
    env = qwixx_v0.env(edition="classic", players=3)
    env.reset(seed=11)
    rng = np.random.default_rng(1)
    checked = 0
    for _ in range(200):
        g = env.game
        if g.is_over:
            break
        if g.phase == "action1" and env.agent_selection == "player_0":
            before = {a: env.observe(a)["observation"].copy() for a in env.agents}
            mask = env.observe("player_0")["action_mask"]
            crosses = [a for a in np.flatnonzero(mask) if a != 0]
            env.step(int(crosses[0]) if crosses else 0)
            assert env.agent_selection == "player_1"
            for a in ("player_1", "player_2"):  # nothing of player 0's choice shows yet
                assert np.array_equal(env.observe(a)["observation"], before[a])
            checked += bool(crosses)
            continue
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert checked >= 3


def test_qwixx_parallel_action1_is_one_step():
    env = qwixx_v0.parallel_env(players=3)
    obs, _ = env.reset(seed=2)
    assert env.game.phase == "action1"
    assert all(o["action_mask"].any() for o in obs.values())
    obs, *_ = env.step({a: 0 for a in env.agents})  # everyone passes: action 2 of player 0
    assert env.game.phase == "action2"
    assert obs["player_0"]["action_mask"].any()
    assert not obs["player_1"]["action_mask"].any()


def test_illegal_action_ends_the_game_with_minus_one():
    env = quixo_v0.env(size=3)
    env.reset(seed=0)
    env.step(env.codec.action_of("a1c1"))  # X now owns c1
    env.step(env.codec.action_of("c1a1"))  # O may not take X's cube
    assert env.terminations["player_1"] and env.rewards["player_1"] == -1.0
    assert env.infos["player_1"]["illegal_action"]


def test_render_ansi_and_margin_rewards():
    env = qwixx_v0.parallel_env(players=2, render_mode="ansi", reward="margin")
    env.reset(seed=4)
    text = env.render()
    assert "player 0" in text and "phase action1" in text
    total = {a: 0.0 for a in env.possible_agents}
    while env.agents:
        _, rew, *_ = env.step({a: 0 for a in env.agents})  # everyone always passes
        for a, r in rew.items():
            total[a] += r
    s = env.game.scores()
    assert total["player_0"] == s[0] - s[1] and total["player_1"] == s[1] - s[0]
    assert quixo_v0.env(size=3, render_mode="ansi").render() is None  # before reset


def test_bad_settings_are_refused():
    with pytest.raises(qwixo.IllegalMove):
        quixo_v0.env(size=9)
    with pytest.raises(qwixo.IllegalMove):
        qwixx_v0.env(edition="nope")
    with pytest.raises(ValueError):
        quixo_v0.env(reward="elo")


def test_qwixx_max_cycles_and_illegal_actions_played_as_pass():
    max_cycles_test(qwixx_v0)  # PettingZoo's own test (it samples without the mask)
    env = qwixx_v0.env(players=2)
    env.reset(seed=3)
    mask = env.observe("player_0")["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    before = env.observe("player_1")["observation"].copy()
    env.step(bad)                                      # played as "pass"
    assert env.infos["player_0"]["illegal_action"]
    assert not any(env.terminations.values()) and env.agent_selection == "player_1"
    assert env.game.decided == [0] and env.game.history[-1] == ("choose", 0, "pass")
    assert np.array_equal(env.observe("player_1")["observation"], before)
    par = qwixx_v0.parallel_env(players=2, max_cycles=3)
    par.reset(seed=0)
    for _ in range(3):
        _, _, terms, truncs, _ = par.step({a: 0 for a in par.agents})
    assert all(truncs.values()) and not any(terms.values()) and par.agents == []


@pytest.mark.parametrize("mod", [quixo_v0, qwixx_v0], ids=lambda m: m.__name__)
def test_pettingzoo_render_test_and_state(mod):
    from pettingzoo.test import render_test

    render_test(lambda render_mode=None: mod.env(render_mode=render_mode))
    env = mod.env()
    env.reset(seed=0)
    st = env.state()
    assert env.state_space.contains(st)
    assert np.array_equal(st, env.observe("player_0")["observation"])
    par = mod.parallel_env(render_mode="rgb_array")
    par.reset(seed=0)
    img = par.render()
    assert img.dtype == np.uint8 and img.shape[2] == 3 and par.state().shape == st.shape


def test_quixo_max_cycles_and_ply_limit_truncation():
    par = quixo_v0.parallel_env(size=4, max_cycles=3)
    obs, _ = par.reset(seed=0)
    for _ in range(3):
        acts = {a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
                for a, o in obs.items()}
        obs, _, terms, truncs, _ = par.step(acts)
    assert all(truncs.values()) and not any(terms.values()) and par.agents == []
    with pytest.raises(RuntimeError, match="reset"):
        par.step({})
    env = quixo_v0.env(size=5, max_plies=4)
    env.reset(seed=0)
    plies = []
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        plies.append(int(obs["ply"][0]))
        if term or trunc:
            assert trunc and not term and reward == 0.0
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert plies[:5] == [0, 1, 2, 3, 4]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    api_test(quixo_v0.env(size=4, max_cycles=5), num_cycles=20)


def test_lone_qwixx_player_is_rewarded_by_its_score():
    env = qwixx_v0.env(players=1)
    env.reset(seed=5)
    total = 0.0
    for _agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total += reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    score = env.game.scores()[0]
    assert total == pytest.approx(max(-1, min(1, score / 312))) and score != 0

"""OpenSpiel games: OpenSpiel's own random simulation test with serialisation, the
turn-based conversion of Qwixx, its MCTS bot, and its alpha-beta value of the 3x3 start
against qwixo's perfect database."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts, minimax  # noqa: E402

import qwixo.envs.openspiel  # noqa: E402,F401  (registers the games)
from qwixo.quixo import db  # noqa: E402

pytestmark = pytest.mark.research


@pytest.mark.parametrize(("name", "params"), [
    ("python_qwixo_quixo", {"size": 3}),
    ("python_qwixo_quixo", {"size": 5, "max_plies": 60}),
    ("python_qwixo_quixo", {"size": 4, "players": 4, "max_plies": 40}),
    ("python_qwixo_qwixx", {}),
    ("python_qwixo_qwixx", {"edition": "longo", "players": 3, "reward": "score"}),
    ("python_qwixo_qwixx", {"edition": "bonus-b", "players": 1}),
    ("python_qwixo_qwixx", {"edition": "bonus-a", "players": 2, "reward": "margin"}),
], ids=str)
def test_random_sim_test_with_serialisation(name, params):
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        pyspiel.random_sim_test(pyspiel.convert_to_turn_based(game), num_sims=1,
                                serialize=False, verbose=False)


def test_qwixx_chance_nodes_roll_the_dice_in_play():
    game = pyspiel.load_game("python_qwixo_qwixx", {"players": 2})
    s = game.new_initial_state()
    assert s.is_chance_node()
    assert s.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
    for a in (2, 3, 0, 0, 0, 0):      # 3 + 4 = 7, then the coloured dice
        s.apply_action(a)
    assert s.is_simultaneous_node()
    assert s.game.dice == [3, 4, 1, 1, 1, 1]
    c = game.codec if hasattr(game, "codec") else None
    texts = sorted(s.action_to_string(0, a) for a in s.legal_actions(0))
    assert texts == sorted(["pass", "r7", "y7", "g7", "b7"])
    assert c is None or len(s.observation_tensor(1)) == c.obs_size
    s.apply_actions([1 + 5, 0])      # player 0 crosses red 7 (action 1 + 5), player 1 passes
    assert s.current_player() == 0 and s.game.phase == "action2"


def test_mcts_bot_plays_quixo_and_turn_based_qwixx():
    rng = np.random.RandomState(3)
    for name, params, turn in [("python_qwixo_quixo", {"size": 3, "max_plies": 40}, False),
                               ("python_qwixo_qwixx", {"players": 2}, True)]:
        game = pyspiel.load_game(name, params)
        if turn:
            game = pyspiel.convert_to_turn_based(game)
        bot = mcts.MCTSBot(game, 1.4, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                s.apply_action(int(rng.choice(outcomes, p=probs)))
            elif s.current_player() == 0:
                s.apply_action(bot.step(s))
            else:
                s.apply_action(int(rng.choice(s.legal_actions())))
        assert sorted(s.returns()) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.slow
def test_alpha_beta_value_of_the_3x3_start_agrees_with_the_solver():
    value, plies = db.lookup(".../.../... x")  # the perfect database: ('win', 7)
    assert value == "win"
    for horizon, expected in ((plies, 1.0), (plies - 1, 0.0)):
        game = pyspiel.load_game("python_qwixo_quixo", {"size": 3, "max_plies": horizon})
        v, _ = minimax.alpha_beta_search(game, maximum_depth=horizon + 1)
        assert v == expected, horizon


def test_tensors_channels_first_and_no_information_state_tensor():
    game = pyspiel.load_game("python_qwixo_quixo", {"size": 5})
    assert game.observation_tensor_shape() == [3, 5, 5]       # channels first, as connect_four
    s = game.new_initial_state()
    s.apply_action(game.codec.action_of("a1e1"))              # X's cube now on e1
    t = np.array(s.observation_tensor(1)).reshape(3, 5, 5)    # O's view: plane 1 = X
    assert t[1, 0, 4] == 1 and t[1].sum() == 1 and t[2].all()  # O to move
    assert not game.get_type().provides_information_state_tensor
    with pytest.raises(pyspiel.SpielError, match="perfect-information"):
        s.information_state_tensor(0)
    assert "history" in s.information_state_string(0)
    assert pyspiel.load_game("python_qwixo_qwixx").observation_tensor_shape() == [151]


def test_every_qwixo_bot_is_a_pyspiel_bot_for_evaluate_bots():
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    import qwixo
    from qwixo.envs.openspiel import bots

    rng = np.random.default_rng(0)
    for game_name, name, params in [("quixo", "python_qwixo_quixo", {"size": 3}),
                                    ("qwixx", "python_qwixo_qwixx", {"players": 2})]:
        game = pyspiel.load_game(name, params)
        for bot in qwixo.list_bots(game_name):
            if bot in ("perfect", "optimal", "strong", "medium", "mcts"):
                continue  # seconds per move (or a database); the same wrapper
            res = evaluate_bots(game.new_initial_state(), bots(game, [bot, "random"]), rng)
            assert sorted(res) in ([-1.0, 1.0], [0.0, 0.0]), (bot, res)


def test_lone_qwixx_player_returns_its_normalised_score():
    game = pyspiel.load_game("python_qwixo_qwixx", {"players": 1})
    rng = np.random.default_rng(1)
    s = game.new_initial_state()
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(int(rng.integers(6)))
        elif s.is_simultaneous_node():
            s.apply_actions([int(rng.choice(s.legal_actions(0)))])
        else:
            s.apply_action(int(rng.choice(s.legal_actions())))
    score = s.game.scores()[0]
    assert s.returns() == [pytest.approx(max(-1, min(1, score / 312)))] and score != 0


@pytest.mark.parametrize("params", [{}, {"edition": "longo", "players": 3}], ids=str)
def test_rl_environment_plays_simultaneous_qwixx_to_the_end(params):
    """OpenSpiel's rl_environment sends one action per player at every node of a simultaneous
    game, the active player's action-2 node too (it failed there: "The dice must be rolled
    first"); DQN, NFSP and the other rl_environment agents play Qwixx without a conversion."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment("python_qwixo_qwixx", **params)
    players = env.num_players
    rng = np.random.default_rng(0)
    for _ in range(2):
        ts = env.reset()
        steps = 0
        while not ts.last():
            legal = ts.observations["legal_actions"]
            ts = env.step([int(rng.choice(legal[p])) if legal[p] else 0 for p in range(players)])
            steps += 1
        assert steps > 10 and env.get_state.is_terminal()
        assert list(ts.rewards) == env.get_state.returns()


def test_the_state_strings_carry_the_ply_when_max_plies_ends_the_game():
    game = pyspiel.load_game("python_qwixo_quixo", {"size": 3, "max_plies": 20})
    s = game.new_initial_state()
    assert str(s).endswith("ply 0 of 20") and "ply 0 of 20" in s.observation_string(0)
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert str(s).endswith("ply 2 of 20") and "ply 2 of 20" in s.observation_string(1)


def test_one_longo_deal_for_one_seed_in_every_engine_and_adapter():
    """OpenSpiel, PettingZoo, Gymnasium, the contract game, a kernel run and the vectorised
    environment deal Longo's lucky numbers by the one deal: the same pairs for the same seed."""
    import gymnasium as gym

    import qwixo.envs  # noqa: F401  (registers the Gymnasium ids)
    from qwixo.envs import qwixx_v0
    from qwixo.envs.vector import QwixxVec
    from qwixo.qwixx import batch
    from qwixo.qwixx import kernels as K
    from qwixo.qwixx.game import QwixxGame

    deals = set()
    for seed in (0, 1, 2, 12345):
        spiel = pyspiel.load_game("python_qwixo_qwixx",
                                  {"edition": "longo", "players": 3, "seed": seed})
        dealt = spiel.new_initial_state().game.lucky
        pz = qwixx_v0.env(edition="longo", players=3)
        pz.reset(seed=seed)
        assert pz.unwrapped.game.lucky == dealt
        gy = gym.make("qwixo/QwixxLongo3p-v0")
        gy.reset(seed=seed)
        assert gy.unwrapped.game.lucky == dealt
        g = pz.unwrapped.game.seed
        assert dealt == QwixxGame("longo", 3, seed=g).lucky == K.lucky_deal("longo", 3, g)
        assert batch.default_lucky("longo", 3, g).tolist() == [list(x) for x in dealt]
        vec = QwixxVec(2, edition="longo", players=3)
        vec.reset(seed=g)
        assert [tuple(x) for x in vec.lucky[0].tolist()] == dealt
        deals.add(tuple(dealt))
    assert len(deals) == 4  # and the seed decides it

"""The vectorised environments against the contract, move by move: every mask, every
observation, every end and score (numpy and numba only: no extra needed)."""

import numpy as np
import pytest

import qwixo
from qwixo.envs.quixo_codec import QuixoCodec
from qwixo.envs.qwixx_codec import QwixxCodec
from qwixo.envs.vector import QuixoVec, QwixxVec

pytestmark = pytest.mark.research


@pytest.mark.parametrize(("size", "players", "max_plies"), [(3, 2, 40), (5, 2, 60), (4, 4, 50)])
def test_quixo_vec_plays_the_contract(size, players, max_plies):
    n = 8
    env = QuixoVec(n, size=size, players=players, max_plies=max_plies)
    codec = QuixoCodec(size, players, max_plies)
    obs, mask = env.reset(seed=3)
    games = [codec.new_game() for _ in range(n)]
    finished = 0
    for _ in range(300):
        for i, g in enumerate(games):
            p = int(env.to_act[i])
            assert g.to_act == [p]
            assert np.array_equal(mask[i], codec.mask(g, p).astype(bool))
            assert np.array_equal(obs[i], codec.observe(g, p))
        actions = env.sample_actions()
        for i, g in enumerate(games):
            g.choose(int(env.to_act[i]), codec.text_of(actions[i]))
        obs, mask, reward, done = env.step(actions)
        for i in range(n):
            if done[i]:
                assert games[i].is_over
                assert reward[i].tolist() == games[i].scores()
                games[i] = codec.new_game()
                finished += 1
            else:
                assert not games[i].is_over and not reward[i].any()
    assert finished >= n


def test_quixo_vec_illegal_action_loses_and_is_seeded():
    env = QuixoVec(2, size=3)
    env.reset(seed=0)
    env.step(np.array([0, 0]))               # X: a1c1
    _, _, reward, done = env.step(np.array([env.num_actions + 5, 0]))  # game 0: not an action
    assert done[0] and reward[0].tolist() == [1.0, -1.0] and not done[1]
    a = QuixoVec(4, size=4)
    b = QuixoVec(4, size=4)
    a.reset(seed=9)
    b.reset(seed=9)
    for _ in range(30):
        x, y = a.sample_actions(), b.sample_actions()
        assert np.array_equal(x, y)
        assert np.array_equal(a.step(x)[0], b.step(y)[0])


def _contract_game(codec, env, i):
    lucky = env.lucky[i].tolist() if codec.edition.lucky else None
    g = qwixo.new_game("qwixx", edition=codec.edition_name, players=codec.players, seed=0,
                       lucky=lucky)
    return g


def _roll(g, env, i):
    closed = g.closed_rows
    d = env.dice[i].tolist()
    g.roll([v if k < 2 or "rygb"[k - 2] not in closed else None for k, v in enumerate(d)])


@pytest.mark.parametrize(("edition", "players"), [
    ("classic", 2), ("classic", 1), ("longo", 3), ("mixx-a", 2), ("mixx-b", 4),
    ("bonus-a", 2), ("bonus-b", 3)])
def test_qwixx_vec_plays_the_contract(edition, players):
    n = 6
    env = QwixxVec(n, edition=edition, players=players, reward="score")
    codec = QwixxCodec(edition, players)
    obs, mask = env.reset(seed=17)
    games = [_contract_game(codec, env, i) for i in range(n)]
    for i, g in enumerate(games):
        _roll(g, env, i)
    finished = 0
    for _ in range(500):  # (13 to 130 games of the 6, by edition and players)
        for i, g in enumerate(games):
            q = int(env.to_act[i])
            assert q == g.to_act[0]
            assert np.array_equal(mask[i], codec.mask(g, q).astype(bool)), (i, g.options(q))
            assert np.array_equal(obs[i], codec.observe(g, q))
        actions = env.sample_actions()
        for i, g in enumerate(games):
            g.choose(int(env.to_act[i]), codec.text_of(actions[i]))
        obs, mask, reward, done = env.step(actions)
        for i in range(n):
            g = games[i]
            if done[i]:
                assert g.is_over
                assert env.final_scores[i].tolist() == g.scores() == reward[i].tolist()
                finished += 1
                games[i] = g = _contract_game(codec, env, i)
                _roll(g, env, i)
            else:
                assert not g.is_over
                if g.needs_roll:
                    _roll(g, env, i)
    assert finished >= n


def test_qwixx_vec_hides_action1_choices_and_is_seeded():
    env = QwixxVec(64, players=3)
    obs, mask = env.reset(seed=5)
    before = obs.copy()
    cross = np.where(mask[:, 1:].any(axis=1), mask[:, 1:].argmax(axis=1) + 1, 0)
    obs, mask, *_ = env.step(cross)  # player 0 crosses where it can
    assert (env.to_act == 1).all()
    # player 1's view: the same sheets as before player 0 decided (the blocks rotate, so
    # compare player 0's sheet in both: it is "next-but-one" for player 1)
    c = env.codec
    lo, hi = c.blocks["cells"]
    L4 = 4 * c.row_length
    assert np.array_equal(obs[:, lo + 2 * L4: lo + 3 * L4], before[:, lo: lo + L4])
    a, b = QwixxVec(8, edition="longo", players=2), QwixxVec(8, edition="longo", players=2)
    a.reset(seed=1)
    b.reset(seed=1)
    for _ in range(100):
        x, y = a.sample_actions(), b.sample_actions()
        assert np.array_equal(x, y)
        assert np.array_equal(a.step(x)[0], b.step(y)[0])


@pytest.mark.parametrize(("name", "settings"), [
    ("quixo", {"size": 4}), ("quixo", {"size": 5, "players": 4}),
    ("qwixx", {"edition": "classic", "players": 3}), ("qwixx", {"edition": "longo"}),
    ("qwixx", {"edition": "bonus-a"}), ("qwixx", {"edition": "bonus-b", "players": 4})])
def test_observations_from_the_per_player_view_are_the_same(name, settings):
    codec = (QuixoCodec(**settings) if name == "quixo"
             else QwixxCodec(settings["edition"], settings.get("players", 2)))
    rng = np.random.default_rng(2)
    for seed in range(3):
        g = codec.new_game(seed)
        while not g.is_over:
            if g.needs_roll:
                g.roll()
                continue
            for p in range(codec.players):
                extra = {} if name == "quixo" else {"a1_crossed": g.a1_crossed}
                assert np.array_equal(codec.observe_view(g.view(p), p, **extra),
                                      codec.observe(g, p))
            p = g.to_act[0]
            opts = g.options(p)
            g.choose(p, opts[int(rng.integers(len(opts)))])


@pytest.mark.parametrize(("edition", "players"), [("longo", 2), ("bonus-a", 2), ("bonus-b", 3)])
def test_qwixx_vec_states_are_the_contracts_kernel_states(edition, players):
    """Every game of QwixxVec is a state of qwixo.qwixx.kernels, equal to the contract game's
    own (the sheets whole, Bonus A bar and Bonus B rewards included; the turn fields), and the
    raw-state properties are views of it."""
    from qwixo.qwixx import kernels as K

    n = 4
    env = QwixxVec(n, edition=edition, players=players)
    codec = QwixxCodec(edition, players)
    env.reset(seed=23)
    games = [_contract_game(codec, env, i) for i in range(n)]
    for i, g in enumerate(games):
        _roll(g, env, i)
    turn = [K.CLOSED, K.ACTIVE, K.PHASE, K.A1CROSSED]
    end = K.H + players * K.PB
    for _ in range(300):
        for i, g in enumerate(games):
            assert np.array_equal(env.states[i, K.H:end], g._s[K.H:end])
            assert env.states[i, turn].tolist() == g._s[turn].tolist()
        actions = env.sample_actions()
        for i, g in enumerate(games):
            g.choose(int(env.to_act[i]), codec.text_of(actions[i]))
        _, _, _, done = env.step(actions)
        for i in range(n):
            if done[i]:
                games[i] = _contract_game(codec, env, i)
                _roll(games[i], env, i)
            elif games[i].needs_roll:
                _roll(games[i], env, i)
    s = env.states
    assert np.shares_memory(env.last, s) and np.shares_memory(env.crosses, s)
    assert np.array_equal(env.penalties, s[:, K.H + K.PEN:end:K.PB])
    assert np.array_equal(env.closed, s[:, K.CLOSED])


def test_vector_envs_return_copies_unless_copy_false():
    for make in (lambda c: QuixoVec(4, size=3, copy=c), lambda c: QwixxVec(4, copy=c)):
        env = make(True)
        o0, m0 = env.reset(seed=1)
        o1, m1, r1, d1 = env.step(env.sample_actions())
        assert not np.shares_memory(o0, o1) and not np.shares_memory(m0, m1)
        keep = o1.copy()
        env.step(env.sample_actions())
        assert np.array_equal(o1, keep)              # the next step left it alone
        fast = make(False)
        f0, _ = fast.reset(seed=1)
        f1, *_ = fast.step(fast.sample_actions())
        assert np.shares_memory(f0, f1)              # copy=False: the env's own buffers


def test_quixo_vec_ply_limit_is_a_truncation():
    env = QuixoVec(64, size=3, max_plies=12)
    env.reset(seed=2)
    seen_trunc = seen_term = 0
    for _k in range(1, 40):
        before = env.ply.copy()
        _, _, reward, done = env.step(env.sample_actions())
        trunc = env.truncated
        assert not (trunc & ~done).any()
        for i in np.flatnonzero(done):
            if trunc[i]:
                assert before[i] == 11 and not reward[i].any()
                seen_trunc += 1
            else:
                assert reward[i].any()                # a line: a real terminal state
                seen_term += 1
        assert (env.ply[~done] == before[~done] + 1).all() and (env.ply[done] == 0).all()
    assert seen_trunc > 0 and seen_term > 0


def test_lone_qwixx_player_outcome_is_its_normalised_score():
    env = QwixxVec(16, players=1)                    # reward="outcome"
    env.reset(seed=4)
    got = 0
    for _ in range(3000):
        _, _, reward, done = env.step(env.sample_actions())
        for i in np.flatnonzero(done):
            s = env.final_scores[i, 0]
            assert reward[i, 0] == pytest.approx(max(-1.0, min(1.0, s / 312.0)))
            got += 1
    assert got > 0 and env.codec.solo_scale == 312.0

"""The oracles through the envs: the Quixo databases' values of kernel-env positions against
the solver's own answers (:mod:`qwixo.quixo.perfect`), the ``perfect`` kernel bot's play."""

from types import SimpleNamespace

import numpy as np
import pytest

from qwixo.envs.oracles import ILLEGAL, oracle
from qwixo.envs.vector import QuixoVec
from qwixo.quixo import perfect
from qwixo.quixo.notation import code_text

pytestmark = pytest.mark.research

SIGN = {"win": 1.0, "draw": 0.0, "loss": -1.0}


def random_positions(n, size=3, plies=6, seed=0):
    """``n`` games of ``size`` after up to ``plies`` random plies each (games that ended
    restart, so the positions are of every length)."""
    vec = QuixoVec(n, size=size)
    vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(plies):
        active = rng.random(n) < 0.8
        vec.step(vec.sample_actions(), active)
    return vec


def movers(vec, i):
    p = int(vec.boards[i, 4])
    return int(vec.boards[i, p]), int(vec.boards[i, 1 - p])


def test_quixo_values_are_the_solvers_on_random_positions():
    vec = random_positions(64, plies=9, seed=1)
    o = vec.oracle()
    A = vec.num_actions
    assert o.value.shape == (64,) and o.action_values.shape == (64, A) == o.best.shape
    for i in range(64):
        me, op = movers(vec, i)
        value, plies = perfect.probe(3, me, op)
        assert o.value[i] == SIGN[value]
        assert o.plies[i] == (-1 if plies is None else plies)
        ranked = perfect.best_moves(SimpleNamespace(n=3, players=2, boards=(me, op)))
        by_text = {t: (v, d) for t, v, d in ranked}
        for a in range(A):
            if not vec.mask[i, a]:
                assert o.action_values[i, a] == ILLEGAL
                continue
            v, d = by_text.pop(code_text(a, 3))
            assert o.action_values[i, a] == SIGN[v]
            assert o.action_plies[i, a] == (-1 if d is None else d)
        assert by_text == {}  # every legal move was valued
        # the best moves are the solver's first ones, and they keep the position's value
        top = ranked[0][1:]
        assert {code_text(a, 3) for a in np.flatnonzero(o.best[i])} == {
            t for t, *v in ranked if tuple(v) == top}
        assert (o.action_values[i, o.best[i]] == o.value[i]).all()


def test_the_oracles_best_moves_end_the_game_as_the_database_says():
    """Both sides play the oracle's best moves from random positions: every game ends as its
    first value said, in exactly the plies it said (a draw: still on after many plies)."""
    vec = random_positions(48, plies=7, seed=2)
    o = vec.oracle()
    start_value, start_plies = o.value.copy(), o.plies.astype(np.int64)
    start_mover = vec.boards[:, 4].astype(np.int64)
    result = np.full(48, np.nan)
    length = np.zeros(48, np.int64)
    live = np.ones(48, bool)
    for ply in range(1, 40):
        acts = vec.oracle().best_actions(seed=ply)
        vec.step(acts, live)
        for i in np.flatnonzero(live & vec.done):
            result[i] = vec.reward[i, start_mover[i]]
            length[i] = ply
            live[i] = False
    for i in range(48):
        if start_value[i] == 0:
            assert live[i]  # a draw is kept by both sides
        else:
            assert result[i] == start_value[i] and length[i] == start_plies[i]


@pytest.mark.parametrize("seat", [0, 1])
def test_the_perfect_bot_never_loses_a_won_position(seat):
    """The perfect bot plays ``seat`` against random moves from random positions: every game
    it has won by the database (its side to move) it wins."""
    n = 64
    vec = random_positions(n, plies=5 + seat, seed=3 + seat)
    bot = vec.kernel_bot("perfect", seed=seat)
    o = vec.oracle()
    mover = vec.boards[:, 4].astype(np.int64)
    track = (o.value == 1) & (mover == seat)
    assert track.sum() >= 8
    live = track.copy()
    won = np.zeros(n, bool)
    for _ in range(60):
        acts = vec.sample_actions()
        mine = live & (vec.boards[:, 4].astype(np.int64) == seat)
        if mine.any():
            acts[mine] = bot(np.flatnonzero(mine))
        vec.step(acts, live)
        ended = live & vec.done
        won[ended] = vec.reward[ended, seat] == 1
        live &= ~vec.done
        if not live.any():
            break
    assert not live.any() and won[track].all()


def test_the_perfect_bot_plays_a_best_move_of_the_oracle():
    vec = random_positions(40, plies=6, seed=5)
    o = vec.oracle()
    acts = vec.kernel_bot("perfect", seed=1)(np.arange(40))
    assert o.best[np.arange(40), acts].all()


def test_the_gymnasium_kernel_env_finds_the_oracle_in_the_metadata():
    pytest.importorskip("gymnasium")
    from qwixo.envs.quixo_vector_env import QuixoVectorEnv

    env = QuixoVectorEnv(16, size=3, opponent="random", seat="alternate")
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    seen_finished = False
    for _ in range(6):
        o = oracle(env)
        assert np.array_equal(o.value, env.oracle().value)
        mask = env.action_masks().astype(bool)
        for i in range(16):
            s = int(env.seats[i])
            me, op = int(env.boards[i, s]), int(env.boards[i, 1 - s])
            value, _ = perfect.probe(3, me, op)
            assert o.value[i] == SIGN[value]
            if env.finished[i]:
                seen_finished = True
                assert (o.action_values[i] == ILLEGAL).all() and not o.best[i].any()
            else:
                assert np.array_equal(o.action_values[i] != ILLEGAL, mask[i])
        acts = np.where(rng.random(16) < 0.5, o.best_actions(seed=1), env.sample_actions())
        env.step(acts)
    assert seen_finished


# -- the solitaire oracle (the classic table: tests/conftest.py solves it once per run) --------
@pytest.fixture
def classic_data(classic_table, tmp_path, monkeypatch):
    """A data directory holding the run's classic table, where the envs' oracle (and the
    ``optimal`` kernel bot) load it from, instead of solving it again in an empty one."""
    (tmp_path / "qwixx").mkdir()
    (tmp_path / "qwixx" / classic_table.name).symlink_to(classic_table)
    monkeypatch.setenv("QWIXO_DATA", str(tmp_path))
    return tmp_path / "qwixx"


def _contract_game(env, i):
    import qwixo

    return qwixo.new_game("qwixx", edition="classic", players=1, seed=0)


def _roll(g, env, i):
    closed = g.closed_rows
    d = env.dice[i].tolist()
    g.roll([v if k < 2 or "rygb"[k - 2] not in closed else None for k, v in enumerate(d)])


def test_solitaire_values_are_the_optimal_bots_on_played_games(classic_data):
    """The oracle's action values are the table's (the optimal bot's ranking on the contract
    game played alongside), and the optimal bot's choice is among its best actions."""
    from qwixo.envs.vector import QwixxVec
    from qwixo.qwixx.solitaire import OptimalBot, load_or_solve, rank_options

    sol = load_or_solve("classic", directory=classic_data, compute=False)
    bot = OptimalBot(solution=sol)
    n = 6
    vec = QwixxVec(n, edition="classic", players=1, reward="score")
    vec.reset(seed=4)
    games = [_contract_game(vec, i) for i in range(n)]
    for g in games:
        _roll(g, vec, games.index(g))
    optimal = vec.kernel_bot("optimal", seed=2)
    decisions = 0
    for step in range(60):
        o = vec.oracle(solution=sol)
        for i, g in enumerate(games):
            opts = [str(x) for x in g.options(0)]
            sh = g.sheets_state[0]
            ranked = dict(rank_options(sol, sh.last, sh.count, g.closed, sh.penalties, g.phase,
                                       True, g.dice, g.a1_crossed, opts))
            legal = np.flatnonzero(vec.mask[i])
            assert sorted(vec.codec.text_of(a) for a in legal) == sorted(opts)
            for a in range(vec.num_actions):
                if a in legal:
                    assert o.action_values[i, a] == np.float32(ranked[vec.codec.text_of(a)])
                else:
                    assert o.action_values[i, a] == ILLEGAL
            assert o.value[i] == np.float32(max(ranked.values()))
            assert o.best[i, vec.codec.action_of(bot.decide(g, 0))]
            decisions += 1
        acts = np.where(step % 2 == 0, optimal(np.arange(n)), vec.sample_actions())
        assert o.best[np.arange(n), optimal(np.arange(n))].all()
        for i, g in enumerate(games):
            g.choose(0, vec.codec.text_of(acts[i]))
        vec.step(acts)
        for i in range(n):
            if vec.done[i]:
                assert games[i].is_over
                games[i] = _contract_game(vec, i)
                _roll(games[i], vec, i)
            elif games[i].needs_roll:
                _roll(games[i], vec, i)
    assert decisions == 60 * n


def test_solitaire_first_values_average_the_published_optimum(classic_table):
    """The value of a game's first decision is its expected final score given the roll: over
    many rolls it averages the classic optimum (115.48)."""
    from qwixo.envs.vector import QwixxVec
    from qwixo.qwixx.solitaire import CLASSIC_OPTIMUM

    vec = QwixxVec(3000, edition="classic", players=1)
    vec.reset(seed=9)
    v = vec.oracle(directory=classic_table.parent, compute=False).value.astype(np.float64)
    assert abs(v.mean() - CLASSIC_OPTIMUM) < 4 * v.std() / np.sqrt(len(v))


def test_the_gymnasium_solitaire_env_finds_the_oracle_in_the_metadata(classic_data):
    pytest.importorskip("gymnasium")
    from qwixo.envs.qwixx_vector_env import QwixxVectorEnv

    env = QwixxVectorEnv(8, edition="classic", players=1)
    env.reset(seed=1)
    for _ in range(20):
        o = env.oracle()
        mask = env.action_masks().astype(bool)
        live = ~env.finished
        assert np.array_equal(o.action_values[live] != ILLEGAL, mask[live])
        assert np.isfinite(o.value[live]).all() and np.isnan(o.value[~live]).all()
        env.step(o.best_actions(seed=0))

"""The self-play vector environment: the opponents' callback is called batched, leagues are
sampled per game, the shipped kernel bots play legal moves, and the games played agree with a
slow reference that replays them move by move on the contract game."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from qwixo.envs.quixo_codec import QuixoCodec  # noqa: E402
from qwixo.envs.selfplay import SelfPlayVectorEnv  # noqa: E402
from qwixo.envs.vector import QuixoVec, QwixxVec  # noqa: E402

pytestmark = pytest.mark.research


class Recorder:
    """An opponent that plays the lowest legal action and records every call."""

    def __init__(self):
        self.calls = []

    def __call__(self, obs, mask):
        assert mask.dtype == np.int8 and obs.shape[0] == mask.shape[0]
        assert (mask.sum(axis=1) > 0).all()
        self.calls.append(len(obs))
        return mask.argmax(axis=1)


def test_one_step_calls_the_opponent_once_with_every_game():
    opp = Recorder()
    env = SelfPlayVectorEnv(QuixoVec(16, size=4), opp, seat=0)
    obs, info = env.reset(seed=1)
    assert opp.calls == [] and obs.shape == (16, 4, 4, 3)   # the learner (X) moves first
    env.step(np.asarray(info["action_mask"]).argmax(axis=1))
    assert opp.calls == [16]                                 # one batched call, not 16
    alt = SelfPlayVectorEnv(QuixoVec(16, size=4), Recorder(), seat="alternate")
    alt.reset(seed=1)
    assert alt._opponents[0].calls == [8]                    # the O games: X moved first


def test_a_league_is_sampled_per_game_and_each_member_called_batched():
    league = [Recorder(), Recorder(), Recorder()]
    env = SelfPlayVectorEnv(QuixoVec(300, size=3), league, probs=[0.5, 0.3, 0.2])
    _, info = env.reset(seed=4)
    counts = np.bincount(info["opponent"], minlength=3)
    assert counts.sum() == 300 and (np.abs(counts / 300 - [0.5, 0.3, 0.2]) < 0.1).all()
    _, _, _, _, info2 = env.step(env.action_masks().argmax(axis=1))
    for k in range(3):   # each member once, with exactly its games (none ended at ply 1)
        assert league[k].calls == [counts[k]]
    # new games draw again: after many steps the league of every game has been re-drawn
    seen = set()
    for _ in range(60):
        _, _, term, trunc, info2 = env.step(env.action_masks().argmax(axis=1))
        seen |= set(info2["opponent"].tolist())
    assert seen == {0, 1, 2}


def test_set_opponents_keeps_the_running_games_and_new_games_draw_the_new_league():
    old, new = Recorder(), Recorder()
    env = SelfPlayVectorEnv(QuixoVec(8, size=3, max_plies=30), old)
    env.reset(seed=0)
    env.set_opponents([new])
    assert (env.opponent_index == 0).all()       # the games under way keep the old opponent
    ended = np.zeros(8, bool)
    rng = np.random.default_rng(0)
    for _ in range(40):
        a = np.array([rng.choice(np.flatnonzero(m)) for m in env.action_masks()])
        _, _, term, trunc, info = env.step(a)
        was = ended.copy()
        ended |= term | trunc
        assert (info["opponent"][was & ~(term | trunc)] == 1).all()
    assert ended.all() and new.calls


@pytest.mark.parametrize("bot", ["random", "safe"])
def test_quixo_kernel_bots_play_legal_moves(bot):
    vec = QuixoVec(64, size=5)
    env = SelfPlayVectorEnv(vec, bot, seat="alternate")
    codec = QuixoCodec(5, 2, 200)
    obs, info = env.reset(seed=2)
    real = vec.step
    checked = [0]

    def checking_step(actions, active=None):  # every opponent move is in its mask
        if active is not None and (vec.to_act[active] != env.seats[active]).all():
            m = np.asarray(vec.mask)
            assert m[np.flatnonzero(active), actions[active]].all()
            checked[0] += int(active.sum())
        return real(actions, active)

    vec.step = checking_step
    rng = np.random.default_rng(0)
    for _ in range(80):
        mask = info["action_mask"]
        a = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, r, term, trunc, info = env.step(a)
    assert checked[0] > 1000
    assert codec.num_actions == env.num_actions


def test_safe_bot_beats_random_learner_and_shipped_qwixx_bots_play():
    env = SelfPlayVectorEnv(QuixoVec(128, size=4), "safe", seat="alternate")
    obs, info = env.reset(seed=0)
    rng = np.random.default_rng(0)
    total, games = 0.0, 0
    for _ in range(60):
        a = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, r, term, trunc, info = env.step(a)
        total += float(r.sum())
        games += int((term | trunc).sum())
    assert games > 100 and total / games < -0.5      # safe wins most games against random
    for bot in ("gap", "td"):
        q = SelfPlayVectorEnv(QwixxVec(16, players=3), bot, seat=1)
        obs, info = q.reset(seed=3)
        ends = 0
        for _ in range(400):
            a = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
            obs, r, term, trunc, info = q.step(a)
            ends += int(term.sum())
            assert (q.vec.to_act[~term] == 1).all()   # every live game at the learner's turn
        assert ends >= 16


def test_games_agree_with_a_slow_reference_on_the_contract():
    """Learner random, opponent the lowest legal action: replay every game on the contract
    (QuixoCodec's game) move by move and compare observations, masks, ends and rewards."""
    n = 6
    codec = QuixoCodec(4, 2, 60)
    env = SelfPlayVectorEnv(QuixoVec(n, size=4, max_plies=60), Recorder(), seat="alternate")
    obs, info = env.reset(seed=5)
    games = [codec.new_game() for _ in range(n)]

    def opponent_plays(g, seat):
        while not g.is_over and g.to_act != [seat]:
            p = g.to_act[0]
            a = int(codec.mask(g, p).argmax())
            g.choose(p, codec.text_of(a))

    for i in range(n):
        opponent_plays(games[i], int(env.seats[i]))
    rng = np.random.default_rng(1)
    ends = 0
    pending = np.zeros(n, bool)
    for _ in range(300):
        for i, g in enumerate(games):
            if not pending[i]:
                s = int(env.seats[i])
                assert np.array_equal(obs[i], codec.observe(g, s))
                assert np.array_equal(info["action_mask"][i], codec.mask(g, s))
        a = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, r, term, trunc, info = env.step(a)
        for i in range(n):
            s = int(env.seats[i])
            if pending[i]:  # restarted: the action is ignored
                assert r[i] == 0 and not (term[i] or trunc[i])
                games[i] = codec.new_game()
                opponent_plays(games[i], s)
                continue
            g = games[i]
            g.choose(s, codec.text_of(int(a[i])))
            opponent_plays(g, s)
            assert bool(term[i] or trunc[i]) == g.is_over
            assert r[i] == (g.scores()[s] if g.is_over else 0)
            if trunc[i]:
                assert r[i] == 0 and codec.ply(g) >= 60
            ends += int(g.is_over)
        pending = term | trunc
    assert ends >= n

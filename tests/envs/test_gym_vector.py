"""The kernel vector environments (Gymnasium VectorEnv, opponents inside the kernels): what
``gymnasium.make_vec`` returns, masks and observations against the contract, rewards, auto-reset
with final observations, truncations, and the Stable-Baselines3 adapter."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

import qwixo  # noqa: E402
import qwixo.envs  # noqa: E402,F401  (registers the ids)
from qwixo.envs.gym_vector import QuixoVectorEnv, QwixxVectorEnv  # noqa: E402
from qwixo.envs.quixo_codec import QuixoCodec  # noqa: E402

pytestmark = pytest.mark.research


def test_make_vec_returns_the_kernel_env():
    env = gym.make_vec("qwixo/Quixo-v0", num_envs=6, vectorization_mode="vector_entry_point",
                       size=4, opponent="safe")
    assert isinstance(env, gym.vector.VectorEnv) and isinstance(env, QuixoVectorEnv)
    assert env.num_envs == 6 and env.single_action_space.n == 32
    assert isinstance(gym.make_vec("qwixo/Qwixx-v0", num_envs=2), QwixxVectorEnv)
    sol = gym.make_vec("qwixo/QwixxSolitaire-v0", num_envs=2)
    assert sol.codec.players == 1
    sync = gym.make_vec("qwixo/Quixo-v0", num_envs=2, vectorization_mode="sync", size=3)
    assert isinstance(sync, gym.vector.SyncVectorEnv)
    with pytest.raises(ValueError, match="sync"):
        gym.make_vec("qwixo/Quixo-v0", num_envs=2, opponent="strong")


@pytest.mark.parametrize("opponent", ["random", "safe"])
def test_quixo_kernel_env_against_the_contract(opponent):
    n = 16
    codec = QuixoCodec(4, 2, 30)
    env = QuixoVectorEnv(n, size=4, opponent=opponent, seat="alternate", max_plies=30,
                         autoreset_mode="SameStep")
    obs, info = env.reset(seed=3)
    assert env.seats.tolist() == [i % 2 for i in range(n)]
    ends = {"term": 0, "trunc": 0}
    rewards = []
    for _ in range(150):
        for i in range(n):  # the agent's view: own cubes, the opponent's, to move
            me, op = env._st[i, env.seats[i]], env._st[i, 1 - env.seats[i]]
            g = qwixo.new_game("quixo", size=4,
                               position=_position(int(env._st[i, 0]), int(env._st[i, 1]),
                                                  int(env.seats[i])))
            assert np.array_equal(obs[i], codec.observe(g, int(env.seats[i])))
            assert np.array_equal(info["action_mask"][i], codec.mask(g, int(env.seats[i])))
            assert me is not None and op is not None
        obs, reward, term, trunc, info = env.step(env.sample_actions())
        assert not (term & trunc).any()
        assert np.array_equal(info["_final_obs"], term | trunc)
        for i in np.flatnonzero(term | trunc):
            fo = info["final_obs"][i]
            assert not fo[:, :, 2].any()                       # nobody to move: over
            ends["term" if term[i] else "trunc"] += 1
            rewards.append(reward[i])
            if trunc[i]:
                assert reward[i] == 0.0
            else:
                assert reward[i] in (-1.0, 1.0)
        assert not reward[~(term | trunc)].any()
    assert ends["term"] > 0 and ends["trunc"] > 0


def _position(x: int, o: int, seat: int) -> str:
    """The contract's position text of a 4x4 board (the agent in ``seat`` to move)."""
    rows = []
    for r in range(3, -1, -1):
        rows.append("".join("x" if (x >> (r * 4 + f)) & 1 else "o" if (o >> (r * 4 + f)) & 1
                            else "." for f in range(4)))
    return "/".join(rows) + (" x" if seat == 0 else " o")


def test_quixo_illegal_action_loses_and_safe_beats_random():
    env = QuixoVectorEnv(4, size=3)
    env.reset(seed=0)
    _, reward, term, _, info = env.step(np.array([99, 0, 0, 0]))
    assert term[0] and reward[0] == -1.0 and not term[1:].any()
    scores = {}
    for opp in ("random", "safe"):
        e = QuixoVectorEnv(256, size=4, opponent=opp, seat="alternate", copy=False)
        e.reset(seed=1)
        total = 0.0
        for _ in range(200):
            _, r, *_ = e.step(e.sample_actions())
            total += r.sum()
        scores[opp] = total
    assert scores["safe"] < scores["random"]  # the random agent does worse against "safe"


def test_qwixx_kernel_env_rewards_and_final_observations():
    env = gym.make_vec("qwixo/QwixxSolitaire-v0", num_envs=8,  # reward="delta"
                       autoreset_mode=gym.vector.AutoresetMode.SAME_STEP)
    obs, info = env.reset(seed=2)
    ret = np.zeros(8)
    done_games = 0
    for _ in range(600):  # (about 200 games)
        obs, r, term, trunc, info = env.step(env.sample_actions())
        ret += r
        assert not trunc.any()
        for i in np.flatnonzero(term):
            assert ret[i] == info["scores"][i, 0]               # the return is the score
            fo = info["final_obs"][i]
            blocks = env.codec.blocks
            assert fo[blocks["phase"][0] + 2] == 1 and fo[blocks["to_act"][0]] == 0
            ret[i] = 0
            done_games += 1
    assert done_games > 10
    assert np.array_equal(info["action_mask"][:, 0], np.ones(8, np.int8))  # pass is legal
    two = QwixxVectorEnv(64, players=3, opponent="gap", seat="alternate")
    two.reset(seed=3)
    wins = []
    for _ in range(400):  # (about 800 games)
        _, r, term, _, info = two.step(two.sample_actions())
        for i in np.flatnonzero(term):
            s = info["scores"][i]
            me = two.seats[i]
            want = 0.0 if (s == s.max()).all() else 1.0 if s[me] == s.max() else -1.0
            assert r[i] == want                      # qwixo.envs.pz.final_rewards
            wins.append(r[i])
    assert len(wins) > 20 and np.mean(wins) < -0.5  # a random agent loses to two gap bots
    # the final observation is the agent's own (seat 1 here): its sheet gives its score
    second = QwixxVectorEnv(16, players=2, opponent="gap", seat=1, autoreset_mode="SameStep")
    second.reset(seed=4)
    c = second.codec
    checked = 0
    for _ in range(400):  # (about 230 games)
        _, _, term, _, info = second.step(second.sample_actions())
        for i in np.flatnonzero(term):
            fo = info["final_obs"][i]
            cells = fo[slice(*c.blocks["cells"])].reshape(2, 4, c.row_length)[0]
            locks = fo[slice(*c.blocks["locks"])].reshape(2, 4)[0]
            pen = fo[slice(*c.blocks["penalties"])].reshape(2, 4)[0].sum()
            n = cells.sum(axis=1) + locks
            assert int((n * (n + 1) // 2).sum() - 5 * pen) == info["scores"][i, 1]
            checked += 1
    assert checked > 5


def test_qwixx_kernel_env_plays_the_same_on_one_thread_as_on_all():
    """The games of a step run in parallel on numba's threads, and what they give does not
    depend on it (td opponents once wrote their features into the parameter row every thread
    shared: they decided differently from run to run)."""
    import numba

    def play() -> list[np.ndarray]:
        env = QwixxVectorEnv(16, players=3, opponent="td", seat="alternate")
        _, info = env.reset(seed=6)
        rng = np.random.default_rng(6)
        seen = []
        for _ in range(150):
            a = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
            obs, r, term, _, info = env.step(a)
            seen += [obs.copy(), r.copy(), term.copy()]
        return seen

    threads = numba.get_num_threads()
    on_all = play()
    numba.set_num_threads(1)
    try:
        on_one = play()
    finally:
        numba.set_num_threads(threads)
    assert all(np.array_equal(a, b) for a, b in zip(on_all, on_one, strict=True))


def test_stable_baselines3_adapter_and_maskable_ppo():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib import MaskablePPO

    from qwixo.envs.gym_vector import sb3_vec_env

    kernel = gym.make_vec("qwixo/Quixo-v0", num_envs=8, size=3)  # next-step auto-reset
    venv = sb3_vec_env(kernel)
    assert kernel.autoreset_mode == gym.vector.AutoresetMode.SAME_STEP  # what SB3 expects
    with pytest.raises(ValueError, match="mask_in_obs"):
        sb3_vec_env(QuixoVectorEnv(2, size=3, mask_in_obs=True))
    model = MaskablePPO("MlpPolicy", venv, n_steps=32, batch_size=64, n_epochs=1, seed=0,
                        device="cpu")
    model.learn(512)
    obs = venv.reset()
    act, _ = model.predict(obs, action_masks=venv.action_masks(), deterministic=True)
    assert venv.action_masks()[np.arange(8), act].all()


def test_quixo_value_opponent_plays_its_value_function():
    with pytest.raises(ValueError, match="opponent_weights"):
        QuixoVectorEnv(2, size=3, opponent="value")
    with pytest.raises(ValueError, match="shape"):
        QuixoVectorEnv(2, size=3, opponent="value", opponent_weights=np.zeros((3, 3, 3)))
    # weights that like own cubes in a line and dislike the other side's: a real opponent
    w = np.zeros((3, 5, 5))
    for a in range(5):
        for b in range(5):
            w[:, a, b] = 0.3 * a * a - 0.3 * b * b
    totals = {}
    for name, kw in (("random", {}), ("value", {"opponent_weights": w})):
        e = QuixoVectorEnv(256, size=4, opponent=name, seat="alternate", copy=False, **kw)
        e.reset(seed=5)
        total = 0.0
        for _ in range(200):
            _, r, *_ = e.step(e.sample_actions())
            total += r.sum()
        totals[name] = total
    assert totals["value"] < totals["random"]   # a random agent does worse against it


class _LongDrawsShortLosses:
    """A vector env whose even slots play only long drawn games (10 steps) and odd slots only
    short lost ones (1 step): an evaluation that kept the first games to finish would see only
    losses."""

    def __init__(self, n):
        self.num_envs = n
        self.length = np.where(np.arange(n) % 2 == 0, 10, 1)
        self.t = np.zeros(n, np.int64)

    def reset(self, seed=None):
        self.t[:] = 0
        return np.zeros((self.num_envs, 1)), {"action_mask": np.ones((self.num_envs, 1), bool)}

    def step(self, actions):
        self.t += 1
        term = self.t >= self.length
        reward = np.where(term & (self.length == 1), -1.0, 0.0)
        self.t[term] = 0
        return (np.zeros((self.num_envs, 1)), reward, term, np.zeros(self.num_envs, bool),
                {"action_mask": np.ones((self.num_envs, 1), bool)})


@pytest.mark.parametrize("episodes", [8, 64, 100])
def test_evaluate_counts_a_fixed_number_of_games_per_slot(episodes):
    from qwixo.envs.gym_vector import evaluate

    n = 16
    r = evaluate(_LongDrawsShortLosses(n), lambda obs, mask: np.zeros(n, np.int64), episodes)
    assert r["episodes"] == episodes
    quota = [episodes // n + (i < episodes % n) for i in range(n)]
    drawn = sum(q for i, q in enumerate(quota) if i % 2 == 0)
    assert r["drawn"] == drawn / episodes and r["lost"] == 1 - drawn / episodes


def _first_legal(obs, mask):
    """A policy of each game's own observation alone: its first legal action."""
    return np.argmax(mask, axis=1)


def _streams(env, steps):
    """Each game's decisions with the first-legal policy: ``(reward, term, trunc, last
    observation or None)`` per agent step, the next-step restarts left out (and checked)."""
    obs, info = env.reset(seed=5)
    same = env.autoreset_mode == gym.vector.AutoresetMode.SAME_STEP
    out = [[] for _ in range(env.num_envs)]
    restarting = np.zeros(env.num_envs, bool)
    for _ in range(steps):
        mask = info["action_mask"]
        assert mask[restarting].all()          # a finished game: any action restarts it
        obs, r, term, trunc, info = env.step(_first_legal(obs, mask))
        assert env.observation_space.contains(obs)
        done = term | trunc
        for i in range(env.num_envs):
            if restarting[i]:
                assert r[i] == 0 and not done[i]
                continue
            last = (info["final_obs"][i] if same else obs[i]).copy() if done[i] else None
            out[i].append((float(r[i]), bool(term[i]), bool(trunc[i]), last))
        restarting = np.zeros_like(done) if same else done
    return out


@pytest.mark.parametrize("make", [
    lambda mode: QuixoVectorEnv(6, size=3, seat="alternate", max_plies=10, autoreset_mode=mode),
    lambda mode: QwixxVectorEnv(4, players=2, opponent="gap", seat="alternate",
                                autoreset_mode=mode)], ids=["quixo", "qwixx"])
def test_next_step_autoreset_plays_the_games_of_same_step(make):
    """Next-step auto-reset (the default): a finished game returns its last observation with
    term/trunc, and the next step restarts it (action ignored, reward 0); every game plays the
    same decisions and ends as in same-step mode, where the last observation is in
    info["final_obs"]."""
    nxt = make(gym.vector.AutoresetMode.NEXT_STEP)
    assert nxt.metadata["autoreset_mode"] == gym.vector.AutoresetMode.NEXT_STEP
    assert make("NextStep").autoreset_mode == nxt.autoreset_mode
    steps = 160
    a, b = _streams(make("SameStep"), steps), _streams(nxt, steps)
    ends = 0
    for sa, sb in zip(a, b, strict=True):
        k = min(len(sa), len(sb))
        assert k > steps // 2
        for (ra, ta, ua, la), (rb, tb, ub, lb) in zip(sa[:k], sb[:k], strict=True):
            assert (ra, ta, ua) == (rb, tb, ub)
            assert (la is None) == (lb is None)
            if la is not None:
                assert np.array_equal(la, lb)
                ends += 1
    assert ends > 10
    with pytest.raises(ValueError, match="autoreset_mode"):
        make("Disabled")


def test_gymnasium_vector_wrappers_and_the_spaces_of_every_mode():
    from gymnasium.wrappers.vector import NormalizeObservation, RecordEpisodeStatistics

    env = RecordEpisodeStatistics(NormalizeObservation(
        gym.make_vec("qwixo/Quixo-v0", num_envs=8, size=3, max_plies=10)))
    obs, info = env.reset(seed=0)
    ret, length, seen = np.zeros(8), np.zeros(8, int), 0
    prev = np.zeros(8, bool)
    for _ in range(120):
        obs, r, term, trunc, info = env.step(env.unwrapped.sample_actions())
        assert obs.dtype == np.float32 and np.isfinite(obs).all()  # normalised
        ret[~prev] += r[~prev]
        length[~prev] += 1
        done = term | trunc
        if done.any():
            ep = info["episode"]
            assert np.array_equal(info["_episode"], done)
            assert np.allclose(ep["r"][done], ret[done]) and (ep["l"][done] == length[done]).all()
            seen += int(done.sum())
        ret[done], length[done], prev = 0, 0, done
    assert seen > 10
    with pytest.raises(ValueError, match="NEXT_STEP"):  # the wrappers read the mode
        NormalizeObservation(QuixoVectorEnv(2, size=3, autoreset_mode="SameStep"))
    # the same spaces in every vectorisation mode of an id, with the mask in the observation
    # (the Python envs' default) or not (the kernel envs' default); seat="alternate" in sync
    for env_id, kw in (("qwixo/Quixo-v0", {"size": 3, "max_plies": 20}),
                       ("qwixo/Qwixx-v0", {"players": 2})):
        for in_obs in (True, False):
            sync = gym.make_vec(env_id, num_envs=4, vectorization_mode="sync", seat="alternate",
                                mask_in_obs=in_obs, **kw)
            kern = gym.make_vec(env_id, num_envs=4, seat="alternate", mask_in_obs=in_obs, **kw)
            assert sync.single_observation_space == kern.single_observation_space
            assert sync.observation_space == kern.observation_space
            so, _ = sync.reset(seed=0)
            ko, _ = kern.reset(seed=0)
            assert kern.observation_space.contains(ko) and sync.observation_space.contains(so)
            assert [e.unwrapped.seat for e in sync.envs] == kern.seats.tolist() == [0, 1, 0, 1]
            if in_obs:
                assert sorted(so) == sorted(ko)
                o, *_, info = kern.step(kern.sample_actions())
                assert np.array_equal(o["action_mask"], info["action_mask"])
    same = QuixoVectorEnv(8, size=3, max_plies=6, mask_in_obs=True, autoreset_mode="SameStep")
    same.reset(seed=1)
    for _ in range(8):
        _, _, term, trunc, info = same.step(same.sample_actions())
        if (term | trunc).any():
            fo = info["final_obs"]
            assert sorted(fo) == ["action_mask", "observation", "ply"]
            assert not fo["action_mask"][term | trunc].any()
            assert (fo["ply"][trunc, 0] == 6).all()
            break
    else:
        raise AssertionError("no game ended")


def test_evaluate_plays_same_step_whatever_the_env_mode():
    """evaluate gives a kernel env of either auto-reset mode the same games (same-step: a
    policy drawing from one generator for every slot sees the same draws) and puts the mode
    back."""
    from qwixo.envs.gym_vector import evaluate

    out = {}
    for mode in ("NextStep", "SameStep"):
        env = QuixoVectorEnv(16, size=3, seat="alternate", max_plies=8, autoreset_mode=mode)
        out[mode] = evaluate(env, lambda obs, mask, env=env: env.sample_actions(), 200, seed=3)
        assert env.autoreset_mode == gym.vector.AutoresetMode(mode)
    assert out["NextStep"] == out["SameStep"]

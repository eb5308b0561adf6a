"""Smoke tests of the worked examples (a few iterations each; numpy and numba only)."""

import importlib.util
import math
from pathlib import Path

import pytest

pytestmark = pytest.mark.research

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_qwixx_solitaire_example_learns_something():
    mod = _load("qwixx_solitaire_td")
    res = mod.train_and_evaluate(games=3000, eval_games=300, n=256, report=lambda *_: None)
    assert res["games_learnt"] >= 3000 and len(res["curve"]) >= 5
    assert math.isfinite(res["mean_score"])
    # a random policy scores about 0 points; a few thousand games already teach far more
    assert res["mean_score"] > 20
    assert res["optimum"] == pytest.approx(115.4831)


def test_quixo_example_on_3x3(tmp_path):
    mod = _load("quixo_td")
    res = mod.train(size=3, plies=40_000, n=256, test=120, report=lambda *_: None)
    assert res["plies"] >= 40_000 and len(res["curve"]) >= 5
    for key in ("keep_share_random_positions", "keep_share_own_games",
                "keep_share_random_move"):
        assert 0.0 <= res[key] <= 1.0
    assert res["keep_share_random_positions"] > res["keep_share_random_move"]
    out = tmp_path / "curve.png"
    mod.plot(res["curve"], res["keep_share_random_move"], str(out), 3)
    assert out.stat().st_size > 1000


def _args(mod, argv):
    return mod.parse(argv)


def test_cleanrl_ppo_script_trains_on_the_kernel_env(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("gymnasium")
    mod = _load("ppo_cleanrl")
    args = _args(mod, ["--env-id", "qwixo/Quixo-v0", "--size", "3", "--total-timesteps",
                       "2048", "--num-envs", "32", "--num-steps", "32", "--eval-every",
                       "1024", "--eval-episodes", "200"])
    res = mod.train(args, report=lambda *_: None)  # two updates, three evaluations
    assert res["steps"] >= 2048 and len(res["curve"]) >= 3
    assert all(-1.0 <= m <= 1.0 for _, m, _ in res["curve"])
    out = tmp_path / "ppo.png"
    mod.plot(res["curve"], str(out), "test")
    assert out.stat().st_size > 1000


def test_maskable_ppo_recipe_trains_without_a_wrapper_of_ones_own():
    pytest.importorskip("sb3_contrib")
    mod = _load("maskable_ppo")
    for vector in ("kernel", "sync"):
        args = _args(mod, ["--env-id", "qwixo/QwixxSolitaire-v0", "--total-timesteps", "2048",
                           "--num-envs", "8" if vector == "sync" else "32", "--n-steps", "64",
                           "--eval-every", "2048", "--eval-episodes", "50", "--vector",
                           vector])
        res = mod.train(args, report=lambda *_: None)
        assert res["steps"] >= 2048 and len(res["curve"]) == 2
        assert all(math.isfinite(m) for _, m, _ in res["curve"])

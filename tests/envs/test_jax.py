"""The JAX ports (qwixo[jax]) against the numba kernels, move by move on random games, and
their PGX interface under jit and vmap. One compilation of the batched step per check."""

import numpy as np
import pytest

jax = pytest.importorskip("jax")
jnp = jax.numpy

import qwixo.jax as qj  # noqa: E402
from qwixo.quixo.jax_env import QuixoJax  # noqa: E402
from qwixo.qwixx.jax_env import QwixxJax  # noqa: E402

pytestmark = pytest.mark.research


@pytest.mark.parametrize("env_id", ["quixo-3x3", "quixo-5x5", "quixo-4x4-4p",
                                    "qwixx-classic-3p", "qwixx-mixx-a-2p"])
def test_port_agrees_with_the_kernels(env_id):
    games = 200
    r = qj.check(env_id, games=games, seed=1, batch=100)
    assert r["first_disagreement"] is None
    assert (r["games"], r["agreeing"]) == (games, games)
    assert r["steps"] > games


class _PushForgetsTheNewCube(QuixoJax):
    """A broken port: the mover's new cube is never placed (a line check still runs)."""

    def _step(self, state, action):
        out = super()._step(state, action)
        return out.replace(_board=jnp.where(out._board == out.current_player + 1, 0,
                                            out._board).astype(jnp.int8))


class _NoPenalty(QwixxJax):
    """A broken port: a pass in action 2 never costs a penalty box."""

    def _step(self, s, action, dice):
        out = super()._step(s, action, dice)
        return out.replace(_pen=jnp.zeros_like(out._pen))


@pytest.mark.parametrize("broken", [
    lambda: qj.port("quixo").check(games=50, size=3, batch=50, env=_PushForgetsTheNewCube(3)),
    lambda: qj.port("qwixx").check(games=50, batch=50, env=_NoPenalty("classic", 2)),
])
def test_a_broken_port_is_caught(broken):
    r = broken()
    assert r["first_disagreement"] is not None
    assert r["agreeing"] < r["games"]


def test_pgx_interface_jit_and_vmap():
    env = qj.make("quixo", size=4)
    keys = jax.random.split(jax.random.key(0), 16)
    s = jax.jit(jax.vmap(env.init))(keys)
    assert s.observation.shape == (16, 4, 4, 3) and s.legal_action_mask.shape == (16, 32)
    assert s.current_player.tolist() == [0] * 16 and not s.terminated.any()
    s = jax.jit(jax.vmap(env.step))(s, jnp.zeros(16, jnp.int32))
    assert s.current_player.tolist() == [1] * 16 and s.rewards.shape == (16, 2)
    # a finished state stays as it is, its rewards zero, every action allowed
    q = qj.make("qwixx-classic-2p")
    st = q.init(jax.random.key(3))
    step = jax.jit(q.step)
    key = jax.random.key(4)
    while not bool(st.terminated):
        key, k = jax.random.split(key)
        st = step(st, jnp.int32(0), k)   # everybody passes: penalties end the game
    assert st.rewards.tolist() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
    after = step(st, jnp.int32(0), key)
    assert bool(after.terminated) and not after.rewards.any() and bool(after.legal_action_mask.all())
    assert np.array_equal(np.asarray(q.scores(after)), np.asarray(q.scores(st)))


def test_ids_and_refusals():
    ids = qj.env_ids()
    assert ids["quixo-5x5"] == ("quixo", {"size": 5})
    assert ids["qwixx-classic-3p"] == ("qwixx", {"edition": "classic", "players": 3})
    assert set(qj.games()) == {"quixo", "qwixx"}
    with pytest.raises(ValueError):
        qj.make("qwixx", edition="longo")   # not ported (lucky numbers)
    with pytest.raises(KeyError):
        qj.make("chess")


def test_mctx_example_runs(capsys):
    pytest.importorskip("mctx")
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[2] / "examples" / "jax_mctx.py"
    spec = importlib.util.spec_from_file_location("jax_mctx", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.main(["--env", "quixo-3x3", "--games", "4", "--simulations", "4"]) == 0
    out = capsys.readouterr().out
    assert "vs random, 4 games: won" in out


@pytest.mark.parametrize("name", ["qwixo.quixo.jax_env", "qwixo.qwixx.jax_env"])
def test_docstring_examples(name):
    import doctest
    import importlib

    assert doctest.testmod(importlib.import_module(name)).failed == 0

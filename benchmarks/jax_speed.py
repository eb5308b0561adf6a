"""Steps per second of the JAX ports (``qwixo.jax``, needs ``qwixo[jax]``) beside the numba
vector environments (``QuixoVec``, ``QwixxVec``), same games, same batch, same conditions.

Usage::

    python benchmarks/jax_speed.py                     # n = 4096 games, 3 s each
    python benchmarks/jax_speed.py --n 8192 --seconds 5 --only quixo-5x5

A *step* is one decision of one player in one game (``n`` per batched step). Both sides play
uniformly random legal actions and restart finished games:

- JAX: one jitted function runs ``--scan`` batched steps (``jax.lax.scan``): a random legal
  action per game (``jax.random.categorical`` on the mask), ``jax.vmap(env.step)``, and
  ``env.init`` where a game ended; the keys split inside. Compilation is done before timing.
- numba: ``env.sample_actions()`` and ``env.step`` (``copy=False``) of the vector env, which
  restarts finished games itself.

Printed: steps per wall second and per CPU second of this process (all threads), the load
average before and after, the cores usable, JAX's backend and version, numba's threads.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _timed(run, seconds: float) -> tuple[float, float]:
    run()  # warm up: compilation, caches
    c0, w0 = time.process_time(), time.perf_counter()
    steps = 0
    while time.perf_counter() - w0 < seconds:
        steps += run()
    return steps / (time.perf_counter() - w0), steps / (time.process_time() - c0)


def jax_runner(env_id: str, n: int, scan: int):
    import jax
    import jax.numpy as jnp

    import qwixo.jax

    env = qwixo.jax.make(env_id)

    def one(carry, _):
        state, key = carry
        key, k_act, k_step, k_new = jax.random.split(key, 4)
        logits = jnp.where(state.legal_action_mask, 0.0, -jnp.inf)
        action = jax.random.categorical(k_act, logits, axis=-1)
        state = jax.vmap(env.step)(state, action, jax.random.split(k_step, n))
        fresh = jax.vmap(env.init)(jax.random.split(k_new, n))
        state = qwixo.jax.where_done(state.terminated | state.truncated, fresh, state)
        return (state, key), None

    @jax.jit
    def run(state, key):
        (state, key), _ = jax.lax.scan(one, (state, key), None, length=scan)
        return state, key

    key = jax.random.key(0)
    box = [jax.jit(jax.vmap(env.init))(jax.random.split(key, n)), key]

    def go() -> int:
        box[0], box[1] = run(box[0], box[1])
        jax.block_until_ready(box[0])
        return n * scan

    return go


def numba_runner(env_id: str, n: int):
    import qwixo.jax
    from qwixo.envs.vector import QuixoVec, QwixxVec

    game, s = qwixo.jax.resolve(env_id)
    env = QuixoVec(n, copy=False, **s) if game == "quixo" else QwixxVec(n, copy=False, **s)
    env.reset(seed=0)
    actions = np.empty(n, np.int64)

    def go() -> int:
        steps = 0
        for _ in range(16):
            env.sample_actions(actions)
            env.step(actions)
            steps += n
        return steps

    return go


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=4096)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--scan", type=int, default=16, help="batched steps per jitted call")
    ap.add_argument("--only", action="append",
                    help="an id of qwixo.jax (repeatable); default quixo-5x5, quixo-4x4, "
                         "quixo-5x5-4p, qwixx-classic-2p, qwixx-classic-4p")
    a = ap.parse_args(argv)
    import jax
    import numba

    ids = a.only or ["quixo-5x5", "quixo-4x4", "quixo-5x5-4p", "qwixx-classic-2p",
                     "qwixx-classic-4p"]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"cores usable {cores}, load average before: {_load()}, n = {a.n}, "
          f"seconds = {a.seconds}, scan = {a.scan}; jax {jax.__version__} on "
          f"{jax.default_backend()} ({len(jax.devices())} device), numba threads "
          f"{numba.get_num_threads()}")
    print(f"{'env':<20} {'JAX steps/wall s':>17} {'/ CPU s':>12} {'numba steps/wall s':>19} "
          f"{'/ CPU s':>12}")
    for env_id in ids:
        jw, jc = _timed(jax_runner(env_id, a.n, a.scan), a.seconds)
        nw, nc = _timed(numba_runner(env_id, a.n), a.seconds)
        print(f"{env_id:<20} {jw:>17,.0f} {jc:>12,.0f} {nw:>19,.0f} {nc:>12,.0f}", flush=True)
    print(f"conditions: load average after: {_load()}; XLA_FLAGS="
          f"{os.environ.get('XLA_FLAGS', '')!r}, NUMBA_NUM_THREADS="
          f"{os.environ.get('NUMBA_NUM_THREADS', '')!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
